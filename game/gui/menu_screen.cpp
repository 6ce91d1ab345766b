#include "game/gui/menu_screen.h"

#include "game/gui/app.h"
#include "game/gui/play_screen.h"
#include "game/gui/scores_screen.h"
#include "game/gui/settings_screen.h"

namespace gambit::gui {

namespace {
struct Entry {
  MenuScreen::Item item;
  const char* label;
  const char* tooltip;
};
constexpr Entry Entries[] = {
    {MenuScreen::Item::Resume, "Resume game", "Go on with the game left when Gambit closed (R)"},
    {MenuScreen::Item::Play, "Play", "Play a game (P)"},
    {MenuScreen::Item::Demo, "Demo (AI vs AI)", "Watch the AI players (D)"},
    {MenuScreen::Item::Scores, "Scores", "Your results (S)"},
    {MenuScreen::Item::Settings, "Settings", "Players, clock, board (T)"},
    {MenuScreen::Item::Quit, "Quit", "Leave Gambit (Q)"},
};
}  // namespace

MenuScreen::MenuScreen(App& app) : Screen(app) { rebuild(); }

void MenuScreen::rebuild() {
  items_.clear();
  buttons_.clear();
  bool resumable = false;
  if (store::Store* store = app_.store()) {
    auto saved = store->interrupted();
    resumable = saved && saved.value().has_value();
  }
  for (const Entry& entry : Entries) {
    if (entry.item == Item::Resume && !resumable) continue;
    items_.push_back(entry.item);
    buttons_.push_back({entry.label, entry.tooltip, {}});
  }
  focus_ = 0;
}

void MenuScreen::resumed() {
  rebuild();
  app_.invalidate();
}

void MenuScreen::layout() {
  const sf::Vector2f size = app_.window().getView().getSize();
  const float width = 320, height = 52, gap = 14;
  const float top = size.y * 0.30f;
  for (std::size_t i = 0; i < buttons_.size(); ++i) {
    buttons_[i].rect = {std::round((size.x - width) / 2), std::round(top + float(i) * (height + gap)), width, height};
    buttons_[i].primary = i == focus_;
  }
}

void MenuScreen::activate(Item item) {
  switch (item) {
    case Item::Resume: app_.push(std::make_unique<PlayScreen>(app_, PlayScreen::Mode::Play, PlayScreen::Start::Resume)); break;
    case Item::Play: app_.push(std::make_unique<PlayScreen>(app_, PlayScreen::Mode::Play)); break;
    case Item::Demo: app_.push(std::make_unique<PlayScreen>(app_, PlayScreen::Mode::Demo)); break;
    case Item::Scores: app_.push(std::make_unique<ScoresScreen>(app_)); break;
    case Item::Settings: app_.push(std::make_unique<SettingsScreen>(app_)); break;
    case Item::Quit: app_.quit(); break;
  }
}

void MenuScreen::handle(const sf::Event& event) {
  layout();
  for (std::size_t i = 0; i < buttons_.size(); ++i) {
    if (buttons_[i].clicked(event)) {
      activate(items_[i]);
      return;
    }
    if (event.type == sf::Event::MouseMoved && buttons_[i].hovered) focus_ = i;
  }
  if (event.type != sf::Event::KeyPressed) return;
  const bool resumable = !items_.empty() && items_.front() == Item::Resume;
  switch (event.key.code) {
    case sf::Keyboard::Up: focus_ = (focus_ + buttons_.size() - 1) % buttons_.size(); break;
    case sf::Keyboard::Down: focus_ = (focus_ + 1) % buttons_.size(); break;
    case sf::Keyboard::Enter:
    case sf::Keyboard::Space: activate(items_[focus_]); break;
    case sf::Keyboard::R:
      if (resumable) activate(Item::Resume);
      break;
    case sf::Keyboard::P: activate(Item::Play); break;
    case sf::Keyboard::D: activate(Item::Demo); break;
    case sf::Keyboard::S: activate(Item::Scores); break;
    case sf::Keyboard::T: activate(Item::Settings); break;
    case sf::Keyboard::Q:
    case sf::Keyboard::Escape: activate(Item::Quit); break;
    default: break;
  }
}

void MenuScreen::draw(sf::RenderTarget& target) {
  layout();
  const sf::Vector2f size = target.getView().getSize();
  const Assets& assets = app_.assets();
  // A row of pieces over the title.
  const chess::Piece row[] = {chess::make_piece(chess::WHITE, chess::KING), chess::make_piece(chess::BLACK, chess::QUEEN),
                              chess::make_piece(chess::WHITE, chess::KNIGHT),
                              chess::make_piece(chess::BLACK, chess::ROOK)};
  const float piece = 56;
  for (int i = 0; i < 4; ++i)
    assets.draw_piece(target, row[i], {size.x / 2 - 2 * piece + i * piece, size.y * 0.30f - 190}, piece,
                      app_.settings().ui.piece_set);
  draw_text_centred(target, assets.bold(), "Gambit", 60, {0, size.y * 0.30f - 130, size.x, 70});
  draw_text_centred(target, assets.font(), "a small chess game", 18, {0, size.y * 0.30f - 58, size.x, 30},
                    colors::TextDim);
  for (const Button& button : buttons_) button.draw(target, assets);

  float y = buttons_.back().rect.top + buttons_.back().rect.height + 30;
  for (const std::string& problem : app_.problems()) {
    for (const std::string& line : wrap_text(assets.font(), problem, 15, size.x - 120)) {
      draw_text(target, assets.font(), line, 15, {60, y}, colors::Warning);
      y += 20;
    }
    y += 6;
  }
  for (const Button& button : buttons_)
    if (button.hovered)
      draw_text_centred(target, assets.font(), button.tooltip, 14, {0, size.y - 34, size.x, 24}, colors::TextDim);
}

void MenuScreen::describe(StateDump& dump) const {
  std::vector<std::string> labels;
  for (const Button& button : buttons_) labels.push_back(button.label);
  dump.add("menu_items", labels);
}

}  // namespace gambit::gui
