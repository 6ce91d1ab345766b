// SPDX-License-Identifier: MIT
#include "game/gui/new_game_screen.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "core/chess/variant.h"
#include "core/util/translation.h"
#include "game/gui/app.h"
#include "game/gui/keyboard_focus.h"
#include "game/gui/layout_log.h"

namespace gambit::gui {

namespace {

constexpr float Margin = 24;
constexpr float LabelWidth = 130;  // the left column: "You play", "Opponent", ...
constexpr float RowHeight = 36;
constexpr float LevelHeight = 40;
// More levels than ListedLevels are shown as a grid of their names, GridColumns
// a row, with the chosen one's description under it (alphabeta's ten ratings).
constexpr std::size_t ListedLevels = 4;
constexpr std::size_t GridColumns = 5;
constexpr float GridCellHeight = 34;
constexpr float GridGap = 6;

// The clocks offered, as lichess and most servers name them (minutes + seconds a move); Custom last.
constexpr struct {
  const char* label;
  int minutes;
  int increment_seconds;
} ClockPresets[] = {
    // TRANSLATORS: a clock button, about 80 pixels wide: a game without a clock.
    {N_("Untimed"), 0, 0},
    {"3+2", 3, 2}, {"5+3", 5, 3}, {"10+0", 10, 0}, {"15+10", 15, 10}, {"30+0", 30, 0},
    // TRANSLATORS: a clock button, about 80 pixels wide: the player sets minutes and seconds a move.
    {N_("Custom"), -1, -1}};
constexpr std::size_t Custom = std::size(ClockPresets) - 1;

const char* colour_name(int colour) {
  static constexpr const char* Names[] = {"white", "black", "random"};
  return Names[colour];
}

}  // namespace

namespace {

// A level's description with its measured rating: "Measured 1469 ± 86 Elo" alone, or after the
// plugin's words, "...; measured 1469 ± 86 Elo" (the games and time control are in the ratings file
// and docs/levels.md).
std::string with_measured_text(const std::string& description, const players::LevelRating& measured) {
  const std::string elo = std::to_string(std::lround(measured.elo));
  const std::string margin = std::to_string(std::lround(measured.margin));
  if (description.empty())
    return fill(tr("Measured {elo} \xC2\xB1 {margin} Elo"), {{"elo", elo}, {"margin", margin}});
  // TRANSLATORS: {description} is a level's description in the plugin's words.
  return fill(tr("{description}; measured {elo} \xC2\xB1 {margin} Elo"),
              {{"description", description}, {"elo", elo}, {"margin", margin}});
}

}  // namespace

NewGameScreen::NewGameScreen(App& app) : Screen(app) {
  const config::Settings& settings = app_.setup().settings();
  // TRANSLATORS: buttons after "You play" (about 140 pixels wide): the side the player takes.
  for (const char* label : {trc("side", "White"), trc("side", "Black"), tr("Random")})
    colour_buttons_.push_back({label, "", {}});
  colour_buttons_[0].tooltip = tr("You play White and move first (W)");
  colour_buttons_[1].tooltip = tr("You play Black (B)");
  colour_buttons_[2].tooltip = tr("White or Black, drawn for each game (R)");
  for (const auto& preset : ClockPresets) clock_buttons_.push_back({tr(preset.label), "", {}});
  variant_choice_.label = tr("Variant");
  for (std::string_view id : config::GameVariants) {
    variant_choice_.items.emplace_back(id);
    // "Standard chess", "Three-check", "Chess960"
    variant_choice_.shown.push_back(capitalized(
        tr(chess::names_of(chess::variant_from_name(id).value_or(chess::Variant::Standard)).for_people.data())));
  }
  // TRANSLATORS: shown in the empty field of Chess960's start number: a start is drawn at random unless one is typed.
  chess960_start_.prompt = tr("Random, or type its number");

  opponent_choice_.label = tr("Opponent");
  opponent_ids_.push_back("");
  opponent_choice_.items.push_back(tr("A friend, at this computer"));
  for (const auto& plugin : app_.setup().catalog().plugins()) {
    opponent_ids_.push_back(plugin->id());
    opponent_choice_.items.push_back(tr(plugin->name().c_str()) + std::string(" (") + plugin->id() + ")");
  }

  // The last choice, as the settings keep it.
  const config::SeatConfig &white = settings.white, &black = settings.black;
  const bool white_human = white.human(), black_human = black.human();
  colour_ = settings.game.random_colours ? Colour::Random : (!white_human && black_human) ? Colour::Black : Colour::White;
  kept_ai_ = !black_human ? black : !white_human ? white : config::SeatConfig{};
  const std::string opponent = (white_human && black_human) ? "" : kept_ai_.player;
  auto found = std::find(opponent_ids_.begin(), opponent_ids_.end(), opponent);
  choose_opponent(found == opponent_ids_.end() ? 0 : std::size_t(found - opponent_ids_.begin()));
  for (std::size_t i = 0; i < levels_.size(); ++i)
    if (levels_[i].name == kept_ai_.level) level_ = int(i);

  clock_preset_ = Custom;
  for (std::size_t i = 0; i < Custom; ++i)
    if (ClockPresets[i].minutes == settings.clock.minutes &&
        ClockPresets[i].increment_seconds == settings.clock.increment_seconds)
      clock_preset_ = i;
  minutes_ = NumberField{tr("Minutes"), {}, std::max(1, settings.clock.minutes), 1, config::MaxClockMinutes, 1};
  increment_ =
      // TRANSLATORS: the clock's increment: the seconds added after each move.
      NumberField{tr("Seconds a move"), {}, settings.clock.increment_seconds, 0, config::MaxIncrementSeconds, 1};
  variant_choice_.select(settings.game.variant);
  if (settings.game.chess960_start != config::RandomChess960Start)
    chess960_start_.set_text(std::to_string(settings.game.chess960_start));
  decide();
}

void NewGameScreen::choose_opponent(std::size_t index) {
  // Going through the opponents keeps the level chosen where the next one has it (alphabeta's 1200, minimax's hard).
  const std::string before = level_ >= 0 ? levels_[std::size_t(level_)].name : std::string();
  opponent_ = std::min(index, opponent_ids_.size() - 1);
  opponent_choice_.index = opponent_;
  levels_.clear();
  level_ = -1;
  if (opponent_ == 0) return;
  const auto plugin = app_.setup().catalog().find(opponent_ids_[opponent_]);
  if (!plugin) return;
  for (const gambit_level& level : plugin->levels()) {
    // A plugin's own words: those of the plugins shipped with Gambit are in its catalogue.
    std::string description = level.description ? tr(level.description) : "";
    if (const players::LevelRating* measured = players::find_rating(plugin->ratings(), level.name))
      description = with_measured_text(description, *measured);
    levels_.push_back({level.name, description, {}});
  }
  // A medium level to begin with: the second of four, as most players expect;
  // of levels named by rating, the third (alphabeta's 1000: it takes what is left hanging).
  if (!levels_.empty()) level_ = levels_.size() > ListedLevels ? 2 : levels_.size() > 2 ? 1 : 0;
  const std::string& wanted = !before.empty() ? before : plugin->id() == kept_ai_.player ? kept_ai_.level : before;
  for (std::size_t i = 0; i < levels_.size(); ++i)
    if (levels_[i].name == wanted) level_ = int(i);
}

std::string NewGameScreen::opponent_id() const { return opponent_ids_[opponent_]; }

bool NewGameScreen::chess960() const {
  return chess::variant_from_name(variant_choice_.current()) == chess::Variant::Chess960;
}

int NewGameScreen::chess960_number() const {
  const std::string& typed = chess960_start_.text();
  if (typed.empty()) return config::RandomChess960Start;
  if (typed.size() > 3) return 960;  // out of range, said by problem()
  return std::stoi(typed);           // digits only: handle() lets nothing else in
}

std::string NewGameScreen::problem() const {
  if (chess960() && chess960_number() > 959)
    // TRANSLATORS: Chess960's 960 starting positions are numbered 0 to 959 (518 is the standard start).
    return tr("Chess960's starting positions are numbered 0 to 959: leave the field empty for a random one.");
  const std::string id = opponent_id();
  if (id.empty()) return "";
  const auto plugin = app_.setup().catalog().find(id);
  if (!plugin) return fill(tr("The player '{player}' is no longer available."), {{"player", id}});
  const chess::Variant variant = chosen().game.rules();
  if (!plugin->plays(variant))
    // TRANSLATORS: {player} is a player's name, {variant} a variant's name ("three-check").
    return fill(tr("{player} does not play {variant}: choose another opponent or standard chess."),
                {{"player", tr(plugin->name().c_str())}, {"variant", tr(chess::names_of(variant).for_people.data())}});
  return "";
}

config::ClockSettings NewGameScreen::clock() const {
  if (clock_preset_ != Custom)
    return {ClockPresets[clock_preset_].minutes, ClockPresets[clock_preset_].increment_seconds};
  return {int(minutes_.value), int(increment_.value)};
}

config::Settings NewGameScreen::chosen() const {
  config::Settings settings = app_.setup().settings();
  const config::SeatConfig you;  // a human
  config::SeatConfig opponent = you;
  if (!opponent_id().empty()) {
    opponent.player = opponent_id();
    opponent.level = level_ >= 0 ? levels_[std::size_t(level_)].name : "";
    // The options, isolation and permissions set on the Settings screen stay with the player they were set for.
    if (kept_ai_.player == opponent.player) opponent.options = kept_ai_.options;
    opponent = settings.with_isolation_kept(std::move(opponent), colour_ == Colour::Black ? chess::WHITE : chess::BLACK);
  }
  settings.white = colour_ == Colour::Black ? opponent : you;
  settings.black = colour_ == Colour::Black ? you : opponent;
  settings.game.random_colours = colour_ == Colour::Random;
  settings.game.variant = variant_choice_.current();
  if (chess960()) settings.game.chess960_start = std::min(chess960_number(), 959);
  settings.clock = clock();
  return settings;
}

void NewGameScreen::decide() {
  const config::Settings settings = chosen();
  const chess::Variant variant = settings.game.rules();
  store::Store* store = app_.setup().store();
  auto seats = app_.setup().seats_to_play(settings, variant);
  rated_ = seats ? recording::decide_rated(*seats, settings.game.start_position(0), store != nullptr)
                 : recording::RatedDecision{false, seats.error()};
  rated_line_ = rated_.words();
  if (rated_.rated) {
    const rating::RatingPool pool = recording::pool_of_clock(variant, settings.clock);
    rating::Glicko2 mine;
    if (auto now = store->ratings().rating(pool)) mine = now.value();
    // TRANSLATORS: {pool} is the kind of game rated ("Blitz", "Three-check rapid"), {rating} the player's
    // rating in it ("1724 ± 86", or "1500?" while provisional).
    rated_line_ = fill(tr("Rated: {pool}. Your rating: {rating}"),  // no full stop after "1500?"
                       {{"pool", recording::pool_text(pool)}, {"rating", rating::rating_text(mine)}});
    rating_words_ = recording::rating_margin_words(mine);
  } else {
    rated_line_ += ".";
    rating_words_.clear();
  }
  kept_line_ = app_.setup().kept_game_fate().words;
  decided_for_ = settings;
}

void NewGameScreen::start() {
  if (!problem().empty()) return;
  const config::Settings settings = chosen();
  if (auto trouble = app_.setup().leave_kept_game()) {  // what the screen said it would do
    app_.toast(*trouble);
    return;
  }
  if (auto saved = app_.setup().save_settings(settings); !saved)
    app_.toast(fill(tr("This choice is not remembered for next time: {reason}"), {{"reason", saved.error()}}));
  app_.open_instead(page::Play{});
}

void NewGameScreen::layout(sf::Vector2f size) {
  size_ = size;
  const float width = std::min(760.0f, size.x - 2 * Margin);
  const float left = std::round((size.x - width) / 2), controls = left + LabelWidth, room = width - LabelWidth;
  float y = 76;
  for (std::size_t i = 0; i < colour_buttons_.size(); ++i) {
    const float w = std::min(140.0f, (room - 16) / 3);
    colour_buttons_[i].rect = {std::round(controls + float(i) * (w + 8)), y, std::round(w), RowHeight};
    colour_buttons_[i].primary = int(i) == int(colour_);
  }
  y += RowHeight + 14;
  opponent_choice_.rect = {left, y, width, RowHeight};
  y += RowHeight + 8;
  levels_top_ = y + (opponent_ == 0 ? 0.0f : 22.0f);  // the plugin's description line first
  y = levels_top_;
  if (levels_.size() > ListedLevels) {
    const float cell = (room - GridGap * float(GridColumns - 1)) / float(GridColumns);
    for (std::size_t i = 0; i < levels_.size(); ++i)
      levels_[i].rect = {std::round(controls + float(i % GridColumns) * (cell + GridGap)),
                         y + float(i / GridColumns) * (GridCellHeight + GridGap), std::floor(cell), GridCellHeight};
    y += float((levels_.size() + GridColumns - 1) / GridColumns) * (GridCellHeight + GridGap);
    level_note_top_ = y;
    y += 22;  // the chosen level's description
  } else {
    for (LevelRow& row : levels_) {
      row.rect = {controls, y, room, LevelHeight - 4};
      y += LevelHeight;
    }
  }
  if (levels_.empty()) y += 26;  // a line saying there are none, or nothing for a friend
  y += 10;
  const float clock_w = (room - 6 * float(clock_buttons_.size() - 1)) / float(clock_buttons_.size());
  for (std::size_t i = 0; i < clock_buttons_.size(); ++i) {
    clock_buttons_[i].rect = {std::round(controls + float(i) * (clock_w + 6)), y, std::floor(clock_w), RowHeight};
    clock_buttons_[i].primary = i == clock_preset_;
  }
  y += RowHeight + 8;
  if (clock_preset_ == Custom) {
    minutes_.rect = {controls, y, room / 2 - 8, 32};
    increment_.rect = {controls + room / 2 + 8, y, room / 2 - 8, 32};
    y += 40;
  }
  y += 6;
  // The variant's choice; for Chess960, its start number beside it (empty: random).
  const float variant_width = LabelWidth + std::round(room * 0.5f);
  variant_choice_.rect = {left, y, variant_width, RowHeight};
  variant_choice_.label_share = LabelWidth / variant_width;
  chess960_label_left_ = left + variant_width + 12;
  const float field_left = chess960_label_left_ + std::min(90.0f, room * 0.16f);
  chess960_start_.rect = {field_left, y, left + width - field_left, RowHeight};
  y += RowHeight + 8;
  rated_top_ = y;
  y += 22;
  const float bottom = size.y - Margin - 42;
  start_.rect = {left + width - 140, bottom, 140, 42};
  back_.rect = {start_.rect.left - 12 - 110, bottom, 110, 42};
  note_top_ = std::max(y + 10, bottom - 60);
  start_.enabled = problem().empty();
}

sf::FloatRect NewGameScreen::toast_area(sf::Vector2f) const {
  const float left = std::round((size_.x - std::min(760.0f, size_.x - 2 * Margin)) / 2);
  return {left, note_top_, back_.rect.left - 12 - left, back_.rect.top + back_.rect.height - note_top_};
}

void NewGameScreen::handle(const sf::Event& event) {
  layout(app_.window().getView().getSize());
  if (event.type == sf::Event::MouseMoved) {
    const bool was = rated_rect_.contains(mouse_) || about_rect_.contains(mouse_);
    mouse_ = {float(event.mouseMove.x), float(event.mouseMove.y)};
    if (was != (rated_rect_.contains(mouse_) || about_rect_.contains(mouse_))) app_.invalidate();
  }
  for (std::size_t i = 0; i < colour_buttons_.size(); ++i)
    if (colour_buttons_[i].clicked(event)) colour_ = Colour(i);
  if (opponent_choice_.handle(event)) choose_opponent(opponent_choice_.index);
  if (event.type == sf::Event::MouseButtonReleased && event.mouseButton.button == sf::Mouse::Left)
    for (std::size_t i = 0; i < levels_.size(); ++i)
      if (levels_[i].rect.contains(float(event.mouseButton.x), float(event.mouseButton.y))) level_ = int(i);
  for (std::size_t i = 0; i < clock_buttons_.size(); ++i)
    if (clock_buttons_[i].clicked(event)) clock_preset_ = i;
  if (clock_preset_ == Custom) {
    minutes_.handle(event);
    increment_.handle(event);
  }
  variant_choice_.handle(event);
  // Chess960's start number is typed wherever the pointer is: digits and Backspace reach the field.
  const bool digit = event.type == sf::Event::TextEntered && event.text.unicode >= '0' && event.text.unicode <= '9';
  const bool erase = event.type == sf::Event::KeyPressed &&
                     (event.key.code == sf::Keyboard::BackSpace || event.key.code == sf::Keyboard::Delete);
  if (chess960() && (digit || erase)) chess960_start_.handle(event);
  if (back_.clicked(event)) app_.pop();
  if (start_.clicked(event)) start();
  if (event.type == sf::Event::KeyPressed) {
    const int levels = int(levels_.size());
    switch (event.key.code) {
      case sf::Keyboard::W: colour_ = Colour::White; break;
      case sf::Keyboard::B: colour_ = Colour::Black; break;
      case sf::Keyboard::R: colour_ = Colour::Random; break;
      case sf::Keyboard::V:  // the next variant (Shift+V: the one before)
        variant_choice_.index = (variant_choice_.index + (event.key.shift ? variant_choice_.items.size() - 1 : 1)) %
                                variant_choice_.items.size();
        break;
      case sf::Keyboard::Left: choose_opponent((opponent_ + opponent_ids_.size() - 1) % opponent_ids_.size()); break;
      case sf::Keyboard::Right: choose_opponent((opponent_ + 1) % opponent_ids_.size()); break;
      case sf::Keyboard::Up:
        if (levels > 0) level_ = std::max(0, level_ - 1);
        break;
      case sf::Keyboard::Down:
        if (levels > 0) level_ = std::min(levels - 1, level_ + 1);
        break;
      case sf::Keyboard::Enter: start(); break;
      case sf::Keyboard::Escape: app_.pop(); break;
      default: break;
    }
  }
  if (chosen() != decided_for_) decide();  // a choice changed (not a mouse move)
  app_.invalidate();
}

void NewGameScreen::draw(sf::RenderTarget& target) {
  layout(target.getView().getSize());
  const Assets& assets = app_.assets();
  const float width = std::min(760.0f, size_.x - 2 * Margin);
  const float left = std::round((size_.x - width) / 2), controls = left + LabelWidth, room = width - LabelWidth;
  draw_text(target, assets.bold(), tr("New game"), 26, {left, 20});
  auto label = [&](const char* text, float y) { draw_text(target, assets.font(), text, 17, {left, y + 8}); };

  // TRANSLATORS: the labels of the New Game screen's rows, in a column 130 pixels wide.
  label(tr("You play"), colour_buttons_[0].rect.top);
  for (const Button& b : colour_buttons_) b.draw(target, assets);
  opponent_choice_.draw(target, assets);

  if (opponent_ != 0) {
    const auto plugin = app_.setup().catalog().find(opponent_id());
    // The plugin's words, smaller when they are long; a plugin's too long for the line shows whole under the mouse.
    const std::string about = plugin ? tr(plugin->description().c_str()) : "";
    const unsigned size = fitted_size(assets.font(), about, 13, 11, width);
    const std::string shown = fit_words(assets.font(), about, size, width);
    draw_text(target, assets.font(), shown, size, {left, levels_top_ - 20 + float(13 - size)}, colors::TextDim);
    about_tooltip_ = shown == about ? "" : about;
    about_rect_ = {left, levels_top_ - 20, width, 16};
    label(tr("Level"), levels_top_);
  }
  const bool grid = levels_.size() > ListedLevels;
  for (std::size_t i = 0; grid && i < levels_.size(); ++i) {
    const LevelRow& row = levels_[i];
    const bool chosen = int(i) == level_;
    fill_rect(target, row.rect, chosen ? colors::Accent : colors::PanelLight);
    const LayoutLog::Region region("level " + row.name, row.rect);
    draw_text_centred(target, assets.bold(), row.name, 15, row.rect);
    if (KeyboardFocus* focus = KeyboardFocus::active())  // Tab reaches it; Enter or Space chooses it
      focus->add({KeyboardFocus::Kind::Button, "level " + row.name, row.rect, {}, {}});
  }
  if (grid && level_ >= 0) {  // the chosen level's words, smaller when a translation is long
    const std::string& description = levels_[std::size_t(level_)].description;
    const unsigned size = fitted_size(assets.font(), description, 13, 11, room);
    draw_text(target, assets.font(), fit_text(assets.font(), description, size, room), size,
              {controls, level_note_top_ + 3 + float(13 - size)}, colors::TextDim);
  }
  for (std::size_t i = 0; !grid && i < levels_.size(); ++i) {
    const LevelRow& row = levels_[i];
    const bool chosen = int(i) == level_;
    fill_rect(target, row.rect, chosen ? colors::Accent : colors::PanelLight);
    const LayoutLog::Region region("level " + row.name, row.rect);
    draw_text(target, assets.bold(), row.name, 15, {row.rect.left + 10, row.rect.top + 9});
    if (KeyboardFocus* focus = KeyboardFocus::active())
      focus->add({KeyboardFocus::Kind::Button, "level " + row.name, row.rect, {}, {}});
    const float text_left = row.rect.left + 100, text_width = row.rect.width - 110;
    const auto lines = wrap_lines(assets.font(), row.description, 12, text_width, 2);
    const float top = row.rect.top + (lines.size() > 1 ? 3.0f : 10.0f);
    for (std::size_t l = 0; l < lines.size(); ++l)
      draw_text(target, assets.font(), lines[l], 12, {text_left, top + 15 * float(l)},
                chosen ? colors::Text : colors::TextDim);
  }
  if (opponent_ != 0 && levels_.empty())
    draw_text(target, assets.font(), tr("This player has no levels: it plays with its options (Settings)."), 14,
              {controls, levels_top_ + 6}, colors::TextDim);
  if (opponent_ == 0)
    draw_text(target, assets.font(), fit_text(assets.font(), tr("You and a friend take turns at this board."), 14, room),
              14, {controls, levels_top_ + 4}, colors::TextDim);

  label(tr("Clock"), clock_buttons_[0].rect.top);
  for (const Button& b : clock_buttons_) b.draw(target, assets);
  if (clock_preset_ == Custom) {
    minutes_.draw(target, assets);
    increment_.draw(target, assets);
  }
  variant_choice_.draw(target, assets);
  if (chess960()) {
    // TRANSLATORS: beside Chess960's start number field, about 80 pixels: which of the 960 starting positions.
    const std::string start_label = trc("chess960", "Position");
    const float room_for_label = chess960_start_.rect.left - chess960_label_left_ - 6;
    const unsigned size = fitted_size(assets.font(), start_label, 17, 11, room_for_label);
    draw_text(target, assets.font(), fit_text(assets.font(), start_label, size, room_for_label), size,
              {chess960_label_left_, chess960_start_.rect.top + 8});
    chess960_start_.draw(target, assets);
  }
  {
    const LayoutLog::Region region("rated", {controls, rated_top_, room, 22});
    const unsigned size = fitted_size(assets.font(), rated_line_, 14, 12, room);
    rated_rect_ = {controls, rated_top_, std::min(room, text_width(assets.font(), rated_line_, size) + 4), 22};
    draw_text(target, assets.font(), fit_text(assets.font(), rated_line_, size, room), size,
              {controls, rated_top_ + 2 + float(14 - size)}, rated_.rated ? colors::Text : colors::TextDim);
  }

  // A problem, or where the engine's own settings are; not while a toast has the place.
  if (app_.toast_text().empty()) {
    const std::string why = !problem().empty() ? problem() : kept_line_;
    const std::string note =
        why.empty() ? tr("An AI's options (search depth, time, hash...) are on the Settings screen.") : why;
    const auto lines = wrap_text(assets.font(), note, 14, back_.rect.left - 12 - left);
    for (std::size_t i = 0; i < lines.size() && i < 3; ++i)
      draw_text(target, assets.font(), lines[i], 14, {left, note_top_ + 4 + 19 * float(i)},
                why.empty() ? colors::TextDim : colors::Warning);
  }
  back_.draw(target, assets);
  start_.draw(target, assets);
  // The rating's margin explained under the mouse ("1500?": provisional).
  if (!rating_words_.empty() && rated_rect_.contains(mouse_))
    draw_tooltip(target, assets.font(), rating_words_, rated_rect_, size_);
  if (opponent_ != 0 && !about_tooltip_.empty() && about_rect_.contains(mouse_))
    draw_tooltip(target, assets.font(), about_tooltip_, about_rect_, size_);
}

void NewGameScreen::describe(StateDump& dump) const {
  dump.add("colour", colour_name(int(colour_)));
  dump.add("opponent", opponent_id());
  dump.add("level", level_ >= 0 ? levels_[std::size_t(level_)].name : std::string());
  std::vector<std::string> levels;
  for (const LevelRow& row : levels_) levels.push_back(row.name);
  dump.add("levels", levels);
  const config::ClockSettings c = clock();
  dump.add("clock", std::to_string(c.minutes) + "+" + std::to_string(c.increment_seconds));
  dump.add("variant", variant_choice_.current());
  dump.add("chess960_start", chess960() ? std::to_string(chess960_number()) : std::string());
  dump.add("problem", problem());
  dump.add("rated", rated_.rated);
  dump.add("rated_line", rated_line_);
  dump.add("kept_line", kept_line_);
}

}  // namespace gambit::gui
