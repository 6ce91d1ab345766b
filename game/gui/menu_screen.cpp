// SPDX-License-Identifier: MIT
#include "game/gui/menu_screen.h"

#include <algorithm>
#include <cmath>
#include <ctime>

#include "core/recording/rated_game.h"
#include "core/util/local_time.h"
#include "core/util/translation.h"
#include "game/gui/app.h"

namespace gambit::gui {

namespace {
constexpr float PiecesHeight = 64;  // the row of pieces over the title
constexpr float TitleHeight = 104;  // the title and its subtitle
constexpr float HelpRow = 34;       // under the buttons: the hovered button's help
}  // namespace

namespace {
struct Entry {
  MenuScreen::Item item;
  const char* label;
  const char* tooltip;
};
constexpr Entry Entries[] = {
    // TRANSLATORS: the menu's buttons (320 pixels wide) and their tooltips; the letter in brackets is the key.
    {MenuScreen::Item::Resume, N_("Resume game"), N_("Go on with the game left when Gambit closed (R)")},
    // TRANSLATORS: the menu's button that opens the New Game screen (a verb: play a game).
    {MenuScreen::Item::Play, N_("Play"), N_("Choose your colour, opponent and clock, and play (P)")},
    {MenuScreen::Item::AtMyLevel, N_("Play at my level"), ""},  // the tooltip names the level (rebuild)
    {MenuScreen::Item::Analyse, N_("Analyse"),
     N_("Study a position or a game with an engine: moves, variations, lines (A)")},
    // TRANSLATORS: the menu's button that opens the game databases (a noun: the games).
    {MenuScreen::Item::Games, N_("Games"),
     N_("Your games and any PGN file as a database: search by player and position, an opening explorer (G)")},
    {MenuScreen::Item::Practise, N_("Practise"), ""},  // the tooltip says how many are due (rebuild)
    {MenuScreen::Item::Puzzles, N_("Puzzles"),
     N_("Rated puzzles from games of Gambit's levels, near your puzzle rating (Z)")},
    {MenuScreen::Item::Demo, N_("Demo (AI vs AI)"), N_("Watch the AI players (D)")},
    {MenuScreen::Item::Scores, N_("Scores"), N_("Your results (S)")},
    {MenuScreen::Item::Settings, N_("Settings"), N_("Players, clock, board (T)")},
    {MenuScreen::Item::Quit, N_("Quit"), N_("Leave Gambit (Q)")},
};
}  // namespace

// The game "Play at my level" starts: the last choice of colour, clock and
// variant, against the measured level nearest the profile's rating, of the
// last AI played when it has measured levels, else of the first plugin that has.
std::optional<config::Settings> MenuScreen::at_my_level(std::string* description) const {
  Setup& setup = app_.setup();
  config::Settings settings = setup.settings();
  const config::SeatConfig& last_ai = !settings.black.human() ? settings.black : settings.white;
  std::shared_ptr<const players::PluginLibrary> plugin = setup.catalog().find(last_ai.player);
  if (!plugin || plugin->ratings().empty()) {
    plugin = nullptr;
    for (const auto& p : setup.catalog().plugins())
      if (!p->ratings().empty()) {
        plugin = p;
        break;
      }
  }
  if (!plugin) return std::nullopt;
  // The rating of the pool this game is played in (its variant and clock).
  const rating::RatingPool pool = recording::pool_of_clock(settings.game.rules(), settings.clock);
  rating::Glicko2 mine;
  if (store::Store* store = setup.store())
    if (auto rating = store->ratings().rating(pool)) mine = rating.value();
  const players::LevelRating* level = players::nearest_rating(plugin->ratings(), mine.rating);
  config::SeatConfig opponent;
  opponent.player = plugin->id();
  opponent.level = level->level;  // no options of its own: the level as measured
  const bool you_black = !settings.white.human() && settings.black.human();
  opponent = settings.with_isolation_kept(std::move(opponent), you_black ? chess::WHITE : chess::BLACK);
  settings.white = you_black ? opponent : config::SeatConfig{};
  settings.black = you_black ? config::SeatConfig{} : opponent;
  if (description)
    // TRANSLATORS: the tooltip of "Play at my level". {player}: an AI and its level ("alphabeta 1200"); {elo}: its
    // measured rating; {pool}: the kind of game ("Blitz", "Three-check rapid"); {rating}: the player's rating.
    *description = fill(tr("Against {player} (measured {elo}), the level nearest your {pool} rating {rating} (L)"),
                        {{"player", players::ai_label(plugin->id(), level->level)},
                         {"elo", std::to_string(std::lround(level->elo))},
                         {"pool", recording::pool_text(pool)},
                         {"rating", rating::rating_text(mine)}});
  return settings;
}

MenuScreen::MenuScreen(App& app) : Screen(app) { rebuild(); }

void MenuScreen::rebuild() {
  items_.clear();
  buttons_.clear();
  bool resumable = false;
  if (store::Store* store = app_.setup().store()) {
    auto saved = store->games().interrupted();
    resumable = saved && saved.value().has_value();
  }
  std::string at_my_level_tooltip;
  const bool measured = at_my_level(&at_my_level_tooltip).has_value();
  // "Practise: 3 today": the player's own mistakes due now.
  int due = 0;
  if (store::Store* store = app_.setup().store())
    if (auto count = store->practice().practice_due_count(unix_now())) due = count.value();
  // TRANSLATORS: a menu button (320 pixels wide); {n} positions are due for practice today.
  const std::string practise_label = due > 0 ? fill(trn("Practise: {n} today", "Practise: {n} today", unsigned(due)),
                                                    {{"n", std::to_string(due)}})
                                             : tr("Practise");
  const std::string practise_tooltip =
      due > 0 ? fill(trn("{n} position from your reviewed games to practise today: find the better move (M)",
                         "{n} positions from your reviewed games to practise today: find the better move (M)",
                         unsigned(due)),
                     {{"n", std::to_string(due)}})
              : tr("Find the better move where you erred in your reviewed games; none is due now (M)");
  for (const Entry& entry : Entries) {
    if (entry.item == Item::Resume && !resumable) continue;
    if (entry.item == Item::AtMyLevel && !measured) continue;
    items_.push_back(entry.item);
    if (entry.item == Item::Practise) buttons_.push_back({practise_label, practise_tooltip, {}});
    else
      buttons_.push_back(
          {tr(entry.label), entry.item == Item::AtMyLevel ? at_my_level_tooltip : std::string(tr(entry.tooltip)), {}});
  }
  focus_ = 0;
}

void MenuScreen::resumed() {
  rebuild();
  app_.invalidate();
}

// One block, centred: a row of pieces (when there is room), the title, the
// buttons, a line for the hovered button's help, and the problems found at
// start (as many lines as fit above the toast's strip).
void MenuScreen::layout() {
  const sf::Vector2f size = app_.window().getView().getSize();
  const Assets& assets = app_.assets();
  problem_lines_.clear();
  for (const std::string& problem : app_.setup().problems())
    for (const std::string& line : wrap_text(assets.font(), problem, 15, size.x - 120)) problem_lines_.push_back(line);
  const float bottom = size.y - 72;  // the toast's strip below
  const float wanted = 20.0f * float(problem_lines_.size());
  // In one column while it fits, at smaller buttons first; else in two.
  const auto fixed = [&](float button, float gap, std::size_t rows) {
    return TitleHeight + float(rows) * (button + gap) - gap + HelpRow;
  };
  rows_ = buttons_.size();
  float button = 52, gap = 14;
  if (fixed(button, gap, rows_) + wanted + PiecesHeight > bottom - 20) button = 44, gap = 10;
  if (fixed(button, gap, rows_) + wanted > bottom - 20) button = 38, gap = 8;
  if (fixed(button, gap, rows_) + wanted > bottom - 20) rows_ = (buttons_.size() + 1) / 2, button = 44, gap = 10;
  show_pieces_ = fixed(button, gap, rows_) + wanted + PiecesHeight <= bottom - 20;
  const float used = fixed(button, gap, rows_) + (show_pieces_ ? PiecesHeight : 0.0f);
  const auto room = std::size_t(std::max(0.0f, bottom - 20 - used) / 20);
  if (problem_lines_.size() > room) {
    problem_lines_.resize(room);
    if (room > 0) problem_lines_.back() = tr("... and more: every problem is printed in the terminal too");
  }
  top_ = std::round(std::max(16.0f, (bottom - used - 20.0f * float(problem_lines_.size())) / 2 + 10));
  const float first = top_ + (show_pieces_ ? PiecesHeight : 0.0f) + TitleHeight;
  const float width = 320, column_gap = 24;
  const std::size_t columns = rows_ < buttons_.size() ? 2 : 1;
  const float left = std::round((size.x - float(columns) * width - float(columns - 1) * column_gap) / 2);
  for (std::size_t i = 0; i < buttons_.size(); ++i) {
    const std::size_t column = i / rows_, row = i % rows_;
    buttons_[i].rect = {left + float(column) * (width + column_gap), std::round(first + float(row) * (button + gap)), width,
                        button};
    buttons_[i].primary = i == focus_;
  }
}

void MenuScreen::activate(Item item) {
  switch (item) {
    case Item::Resume: app_.open(page::Play{page::Play::Start::Resume}); break;
    case Item::Play: app_.open(page::NewGame{}); break;
    case Item::AtMyLevel:
      if (auto settings = at_my_level()) {
        if (auto saved = app_.setup().save_settings(*settings); !saved)
          app_.toast(fill(tr("This choice is not remembered for next time: {reason}"), {{"reason", saved.error()}}));
        // With a game waiting, the New Game screen (on this choice) says what Start does to it first.
        if (app_.setup().kept_game_fate().kind != Setup::KeptGameFate::Kind::None)
          app_.open(page::NewGame{});
        else
          app_.open(page::Play{});
      }
      break;
    case Item::Analyse:
      app_.open(page::Analysis{});
      break;
    case Item::Games: app_.open(page::Games{}); break;
    case Item::Practise: app_.open(page::Training{page::Training::Kind::Practice}); break;
    case Item::Puzzles: app_.open(page::Training{page::Training::Kind::Puzzles}); break;
    case Item::Demo: app_.open(page::Demo{}); break;
    case Item::Scores: app_.open(page::Scores{}); break;
    case Item::Settings: app_.open(page::Settings{}); break;
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
    case sf::Keyboard::Left:
    case sf::Keyboard::Right:  // across the columns, to the same row
      if (rows_ < buttons_.size()) focus_ = focus_ < rows_ ? std::min(focus_ + rows_, buttons_.size() - 1) : focus_ - rows_;
      break;
    case sf::Keyboard::Enter:
    case sf::Keyboard::Space: activate(items_[focus_]); break;
    case sf::Keyboard::R:
      if (resumable) activate(Item::Resume);
      break;
    case sf::Keyboard::P: activate(Item::Play); break;
    case sf::Keyboard::L:
      if (std::find(items_.begin(), items_.end(), Item::AtMyLevel) != items_.end()) activate(Item::AtMyLevel);
      break;
    case sf::Keyboard::A: activate(Item::Analyse); break;
    case sf::Keyboard::M: activate(Item::Practise); break;
    case sf::Keyboard::G: activate(Item::Games); break;
    case sf::Keyboard::Z: activate(Item::Puzzles); break;
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
  float y = top_;
  if (show_pieces_) {  // a row of pieces over the title, on a light strip so the black ones show
    const chess::Piece row[] = {chess::make_piece(chess::WHITE, chess::KING), chess::make_piece(chess::BLACK, chess::QUEEN),
                                chess::make_piece(chess::WHITE, chess::KNIGHT),
                                chess::make_piece(chess::BLACK, chess::ROOK)};
    const float piece = 48;
    fill_rect(target, {std::round(size.x / 2 - 2 * piece - 8), y, 4 * piece + 16, piece + 4}, sf::Color(150, 145, 136));
    for (int i = 0; i < 4; ++i)
      assets.draw_piece(target, row[i], {size.x / 2 - 2 * piece + float(i) * piece, y + 2}, piece,
                        app_.setup().settings().ui.piece_set);
    y += PiecesHeight;
  }
  // TRANSLATORS: the menu's title: the program's name (kept as it is, or written in the language's letters).
  draw_text_centred(target, assets.bold(), tr("Gambit"), 56, {0, y, size.x, 64});
  draw_text_centred(target, assets.font(), tr("a small chess game"), 18, {0, y + 62, size.x, 28}, colors::TextDim);
  for (const Button& button : buttons_) button.draw(target, assets);

  y = 0;
  for (const Button& button : buttons_) y = std::max(y, button.rect.top + button.rect.height + 6);
  for (const Button& button : buttons_)
    if (button.hovered) draw_text_centred(target, assets.font(), button.tooltip, 14, {0, y, size.x, 22}, colors::TextDim);
  y += HelpRow;
  for (const std::string& line : problem_lines_) {
    draw_text(target, assets.font(), line, 15, {60, y}, colors::Warning);
    y += 20;
  }
}

void MenuScreen::describe(StateDump& dump) const {
  std::vector<std::string> labels;
  for (const Button& button : buttons_) labels.push_back(button.label);
  dump.add("menu_items", labels);
  for (std::size_t i = 0; i < items_.size(); ++i)
    if (items_[i] == Item::AtMyLevel) dump.add("at_my_level", buttons_[i].tooltip);
}

}  // namespace gambit::gui
