#include "game/gui/menu_screen.h"

#include "game/gui/app.h"
#include "game/gui/play_screen.h"
#include "game/gui/settings_screen.h"

namespace gambit::gui {

namespace {
constexpr const char* Labels[] = {"Play", "Demo (AI vs AI)", "Scores", "Settings", "Quit"};
constexpr const char* Tooltips[] = {"Play a game (P)", "Watch the AI players (D)", "Your results (S)",
                                    "Players, clock, board (T)", "Leave Gambit (Q)"};
}  // namespace

MenuScreen::MenuScreen(App& app) : Screen(app) {
  for (std::size_t i = 0; i < std::size(Labels); ++i) buttons_.push_back({Labels[i], Tooltips[i], {}});
  buttons_[0].primary = true;
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

void MenuScreen::activate(std::size_t index) {
  switch (index) {
    case 0: app_.push(std::make_unique<PlayScreen>(app_, PlayScreen::Mode::Play)); break;
    case 1: app_.push(std::make_unique<PlayScreen>(app_, PlayScreen::Mode::Demo)); break;
    case 2: app_.push(std::make_unique<ScoresScreen>(app_)); break;
    case 3: app_.push(std::make_unique<SettingsScreen>(app_)); break;
    default: app_.quit(); break;
  }
}

void MenuScreen::handle(const sf::Event& event) {
  layout();
  for (std::size_t i = 0; i < buttons_.size(); ++i) {
    if (buttons_[i].clicked(event)) {
      activate(i);
      return;
    }
    if (event.type == sf::Event::MouseMoved && buttons_[i].hovered) focus_ = i;
  }
  if (event.type != sf::Event::KeyPressed) return;
  switch (event.key.code) {
    case sf::Keyboard::Up: focus_ = (focus_ + buttons_.size() - 1) % buttons_.size(); break;
    case sf::Keyboard::Down: focus_ = (focus_ + 1) % buttons_.size(); break;
    case sf::Keyboard::Enter:
    case sf::Keyboard::Space: activate(focus_); break;
    case sf::Keyboard::P: activate(0); break;
    case sf::Keyboard::D: activate(1); break;
    case sf::Keyboard::S: activate(2); break;
    case sf::Keyboard::T: activate(3); break;
    case sf::Keyboard::Q:
    case sf::Keyboard::Escape: activate(4); break;
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

void ScoresScreen::handle(const sf::Event& event) {
  if (back_.clicked(event) || (event.type == sf::Event::KeyPressed && event.key.code == sf::Keyboard::Escape))
    app_.pop();
}

void ScoresScreen::draw(sf::RenderTarget& target) {
  const sf::Vector2f size = target.getView().getSize();
  const Assets& assets = app_.assets();
  draw_text_centred(target, assets.bold(), "Scores", 40, {0, 80, size.x, 50});
  const char* text =
      "Scores and game history are not kept yet. The next version of Gambit records every finished game "
      "(against each AI and level, and the demo's games) and shows your results here.";
  float y = 170;
  for (const std::string& line : wrap_text(assets.font(), text, 18, std::min(size.x - 80, 700.0f))) {
    draw_text_centred(target, assets.font(), line, 18, {0, y, size.x, 26}, colors::TextDim);
    y += 28;
  }
  back_.rect = {std::round(size.x / 2 - 110), y + 30, 220, 46};
  back_.draw(target, assets);
}

}  // namespace gambit::gui
