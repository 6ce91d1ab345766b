// SPDX-License-Identifier: MIT
#include "game/gui/explorer_view.h"

#include <chrono>
#include <cmath>

#include "core/chess/san.h"
#include "core/util/local_time.h"
#include "core/util/translation.h"
#include "game/gui/app.h"
#include "game/gui/database_shelf.h"
#include "game/gui/keyboard_focus.h"
#include "game/gui/layout_log.h"
#include "game/gui/widgets.h"

namespace gambit::gui {

namespace {
constexpr float RowHeight = 20;
// The filters' choices, in the order a click steps through them (the first: no filter).
constexpr std::optional<rating::Speed> SpeedChoices[] = {std::nullopt, rating::Speed::Bullet, rating::Speed::Blitz,
                                                        rating::Speed::Rapid, rating::Speed::Classical};
constexpr int RatingChoices[] = {0, 1600, 1800, 2000, 2200, 2500};
constexpr int SinceChoices[] = {0, 1, 5};  // years back
constexpr unsigned TextSize = 13;
constexpr std::size_t TopGames = 5;

// The White / draws / Black bar of a tally, with each share written where it has room.
void draw_shares(sf::RenderTarget& target, const Assets& assets, const sf::FloatRect& rect,
                 const database::Tally& tally) {
  const database::Shares shares = database::shares_of(tally);
  if (shares.white + shares.draws + shares.black == 0) {
    fill_rect(target, rect, colors::PanelLight);
    return;
  }
  const int parts[3] = {shares.white, shares.draws, shares.black};
  const sf::Color fills[3] = {sf::Color(235, 235, 230), sf::Color(130, 130, 128), sf::Color(30, 30, 30)};
  const sf::Color words[3] = {sf::Color(30, 30, 30), sf::Color(240, 240, 240), sf::Color(235, 235, 230)};
  float x = rect.left;
  for (int i = 0; i < 3; ++i) {
    const float w = i == 2 ? rect.left + rect.width - x : std::round(rect.width * float(parts[i]) / 100.0f);
    fill_rect(target, {x, rect.top, w, rect.height}, fills[i]);
    const std::string text = std::to_string(parts[i]) + "%";
    if (text_width(assets.font(), text, 11) + 6 < w)
      draw_text(target, assets.font(), text, 11, {x + (w - text_width(assets.font(), text, 11)) / 2, rect.top + 2},
                words[i]);
    x += w;
  }
}
}  // namespace

void ExplorerView::set_database(const std::filesystem::path& path, std::string name) {
  name_ = std::move(name);
  if (path == path_ && (db_ || !problem_.empty())) return;
  path_ = path;
  db_.reset();
  problem_.clear();
  asked_again_ = true;
}

void ExplorerView::set_player(std::string name, chess::Color color) {
  const auto side = color == chess::WHITE ? database::GameFilter::Side::White : database::GameFilter::Side::Black;
  if (name == filter_.player && (name.empty() || side == filter_.side)) return;
  filter_.player = std::move(name);
  filter_.side = side;
  asked_again_ = true;
}

void ExplorerView::show(const chess::Position& pos) {
  if (!asked_again_ && shown_key_ == pos.key()) return;
  asked_again_ = false;
  shown_key_ = pos.key();
  found_ = {};
  sans_.clear();
  top_.clear();
  if (!db_ && problem_.empty()) {
    if (!std::filesystem::exists(path_)) {
      // TRANSLATORS: the explorer without a database file yet.
      problem_ = tr("No games yet: play some, or open a PGN file in Games");
      return;
    }
    auto opened = database::GameDatabase::open(path_);
    if (!opened) problem_ = opened.error();
    else db_ = std::move(opened).value();
  }
  if (!db_) return;
  const auto started = std::chrono::steady_clock::now();
  auto found = db_->explore(pos, filter_, TopGames);
  if (!found) {
    problem_ = found.error();
    return;
  }
  found_ = std::move(found).value();
  for (const database::ExplorerMove& m : found_.moves) sans_.push_back(chess::to_san(pos, m.move));
  if (auto headers = db_->headers(found_.top_games)) top_ = std::move(headers).value();
  last_ms_ = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
}

void ExplorerView::follow(App& app, const chess::Position& pos, bool mine, chess::Color bottom) {
  Setup& setup = app.setup();
  const std::filesystem::path path = setup.current_database();
  set_database(path, name_of(path));
  const std::string me = setup.store() ? setup.settings().store.profile : std::string();
  set_player(mine ? me : std::string(), bottom);
  show(pos);
}

bool ExplorerView::open(App& app, const Pick& pick, const chess::Position& pos) {
  if (pick.list_games) {
    app.open(page::Games{std::nullopt, pos});
    return true;
  }
  if (!pick.game || !db_) return false;
  auto opened = open_stored_game(*db_, *pick.game, pos.key());
  if (!opened) app.toast(fill(tr("The game could not be opened: {reason}"), {{"reason", opened.error()}}));
  else app.open(page::FinishedGame{std::move(opened->game), name_of(path_), opened->ply});
  return true;
}

float ExplorerView::draw(sf::RenderTarget& target, const Assets& assets, const sf::FloatRect& rect) {
  rows_.clear();
  const LayoutLog::Region region("explorer", rect);
  fill_rect(target, rect, colors::Panel);
  const float x = rect.left + 4, width = rect.width - 8;
  float y = rect.top + 2;
  // TRANSLATORS: the explorer's heading: {database} is its name ("My games"), {n} the games at the position.
  std::string heading = fill(trn("{database}: {n} game", "{database}: {n} games",
                                 unsigned(found_.tally.games)),
                             {{"database", name_}, {"n", std::to_string(found_.tally.games)}});
  // TRANSLATORS: added to the explorer's heading when it counts only the player's games: {name} is theirs.
  if (!filter_.player.empty()) heading += "  " + fill(tr("({name}'s only)"), {{"name", filter_.player}});
  // Two small buttons at the heading's right: Mine (on: green) and Games.
  // TRANSLATORS: the explorer's small buttons: count only your games; list the games at this position.
  mine_.label = tr("Mine");
  mine_.tooltip = tr("Only your games, with the colour at the bottom of the board (Shift+X)");
  mine_.primary = !filter_.player.empty();
  games_.label = tr("Games");
  games_.tooltip = tr("The list of the games that reached this position (G)");
  const float games_button_w = text_width(assets.font(), games_.label, 13) + 16;
  const float mine_w = text_width(assets.font(), mine_.label, 13) + 16;
  games_.rect = {rect.left + rect.width - games_button_w - 2, y, games_button_w, RowHeight};
  mine_.rect = {games_.rect.left - mine_w - 4, y, mine_w, RowHeight};
  mine_.draw(target, assets);
  games_.draw(target, assets);
  const float heading_w = mine_.rect.left - x - 6;
  if (text_width(assets.bold(), heading, TextSize) > heading_w)  // the count alone, when the name leaves no room
    heading = fill(trn("{n} game", "{n} games", unsigned(found_.tally.games)), {{"n", std::to_string(found_.tally.games)}});
  draw_text(target, assets.bold(), fit_text(assets.bold(), heading, TextSize, heading_w), TextSize, {x, y + 2});
  y += RowHeight + 2;
  // The filters, a third of the width each.
  const std::optional<rating::Speed> speed = SpeedChoices[speed_choice_];
  // TRANSLATORS: the explorer's filter buttons (a third of a narrow panel each): every speed, rating and date.
  speed_.label = speed ? tr(std::string(rating::speed_name(*speed)).c_str()) : tr("Any speed");
  speed_.tooltip = tr("The games of one speed of clock (click: the next)");
  speed_.primary = speed.has_value();
  const int elo = RatingChoices[rating_choice_];
  // TRANSLATORS: a filter button: both players rated at least {rating}.
  rating_.label = elo > 0 ? fill(tr("{rating}+"), {{"rating", std::to_string(elo)}}) : tr("Any rating");
  rating_.tooltip = tr("The games whose players are both rated at least this (click: the next)");
  rating_.primary = elo > 0;
  const int years = SinceChoices[since_choice_];
  since_.label = years == 0 ? tr("Any date")
                            // TRANSLATORS: a filter button: the games of the last {n} years.
                            : fill(trn("Last year", "Last {n} years", unsigned(years)), {{"n", std::to_string(years)}});
  since_.tooltip = tr("The games of the last year or five (click: the next)");
  since_.primary = years > 0;
  const float third = (rect.width - 4 - 8) / 3;
  speed_.rect = {rect.left + 2, y, third, RowHeight};
  rating_.rect = {rect.left + 2 + third + 4, y, third, RowHeight};
  since_.rect = {rect.left + 2 + 2 * (third + 4), y, third, RowHeight};
  speed_.draw(target, assets);
  rating_.draw(target, assets);
  since_.draw(target, assets);
  y += RowHeight + 2;
  if (!problem_.empty() || found_.moves.empty()) {
    const std::string why = !problem_.empty() ? problem_ : tr("No game of this database played on from here");
    const auto lines = std::size_t(std::max(1.0f, (rect.top + rect.height - y) / (RowHeight - 2)));
    for (const std::string& line : wrap_lines(assets.font(), why, TextSize, width, std::min<std::size_t>(lines, 3))) {
      draw_text(target, assets.font(), line, TextSize, {x, y}, colors::TextDim);
      y += RowHeight - 2;
    }
    return y + 2 - rect.top;
  }
  const float san_w = 56, games_w = 48, rating_w = 40;
  const float bar_x = x + san_w + games_w + 8, bar_w = std::max(40.0f, width - san_w - games_w - rating_w - 16);
  for (std::size_t i = 0; i < found_.moves.size() && y + RowHeight <= rect.top + rect.height; ++i) {
    const database::ExplorerMove& m = found_.moves[i];
    const sf::FloatRect row{rect.left, y, rect.width, RowHeight};
    draw_text(target, assets.bold(), fit_text(assets.bold(), sans_[i], TextSize, san_w - 4), TextSize, {x, y + 2});
    const std::string games = count_text(std::uint64_t(m.tally.games));
    draw_text(target, assets.font(), games, TextSize, {x + san_w + games_w - text_width(assets.font(), games, TextSize), y + 2},
              colors::TextDim);
    draw_shares(target, assets, {bar_x, y + 2, bar_w, RowHeight - 4}, m.tally);
    if (m.average_rating > 0)
      draw_text(target, assets.font(), std::to_string(m.average_rating), TextSize, {bar_x + bar_w + 6, y + 2},
                colors::TextDim);
    rows_.push_back({row, {m.move, std::nullopt}});
    if (KeyboardFocus* focus = KeyboardFocus::active()) focus->add({KeyboardFocus::Kind::Button, "explorer " + sans_[i], row, {}, {}});
    y += RowHeight;
  }
  // The top games, when there is room for a heading and at least one.
  if (!top_.empty() && y + 2 * RowHeight <= rect.top + rect.height) {
    // TRANSLATORS: the explorer's list of the best-rated games that reached the position.
    draw_text(target, assets.bold(), fit_text(assets.bold(), tr("Top games"), TextSize, width), TextSize, {x, y + 2});
    y += RowHeight;
    for (const database::GameHeader& h : top_) {
      if (y + RowHeight > rect.top + rect.height) break;
      const std::string result = h.result == "1/2-1/2" ? "½-½" : h.result;
      const std::string line = h.white + " " + std::to_string(h.white_elo) + " - " + h.black + " " +
                               std::to_string(h.black_elo) + "  " + result + "  " + h.date.substr(0, 4);
      const sf::FloatRect row{rect.left, y, rect.width, RowHeight};
      draw_text(target, assets.font(), fit_text(assets.font(), line, TextSize - 1, width), TextSize - 1, {x, y + 2});
      rows_.push_back({row, {std::nullopt, h.id}});
      if (KeyboardFocus* focus = KeyboardFocus::active())
        focus->add({KeyboardFocus::Kind::Button, "explorer game " + std::to_string(h.id), row, {}, {}});
      y += RowHeight;
    }
  }
  return y - rect.top;
}

float ExplorerView::wanted_height() const {
  // A message (no games, a problem) takes up to three lines.
  const std::size_t rows = std::max<std::size_t>(found_.moves.empty() ? 3 : 1, found_.moves.size()) +
                           (top_.empty() ? 0 : top_.size() + 1);
  return RowHeight * float(2 + rows) + 10;
}

void ExplorerView::apply_filters() {
  filter_.speed = SpeedChoices[speed_choice_];
  filter_.min_elo = RatingChoices[rating_choice_];
  filter_.date_from.clear();
  if (const int years = SinceChoices[since_choice_]; years > 0) {
    const std::string today = local_time_text(unix_now(), "%Y.%m.%d");  // PGN's date form
    filter_.date_from = std::to_string(std::stoi(today.substr(0, 4)) - years) + today.substr(4);
  }
  asked_again_ = true;
}

ExplorerView::Pick ExplorerView::handle(const sf::Event& event) {
  if (mine_.clicked(event)) return {std::nullopt, std::nullopt, true, false};
  if (games_.clicked(event)) return {std::nullopt, std::nullopt, false, true};
  const auto step = [&](std::size_t& choice, std::size_t count) {
    choice = (choice + 1) % count;
    apply_filters();
    return Pick{std::nullopt, std::nullopt, false, false, true};
  };
  if (speed_.clicked(event)) return step(speed_choice_, std::size(SpeedChoices));
  if (rating_.clicked(event)) return step(rating_choice_, std::size(RatingChoices));
  if (since_.clicked(event)) return step(since_choice_, std::size(SinceChoices));
  if (event.type != sf::Event::MouseButtonReleased || event.mouseButton.button != sf::Mouse::Left) return {};
  const sf::Vector2f point(float(event.mouseButton.x), float(event.mouseButton.y));
  for (const Row& row : rows_)
    if (row.rect.contains(point)) return row.pick;
  return {};
}

void ExplorerView::describe(StateDump& dump) const {
  dump.add("explorer_database", name_);
  dump.add("explorer_games", found_.tally.games);
  std::vector<std::string> moves;
  for (std::size_t i = 0; i < found_.moves.size(); ++i) {
    const database::Tally& t = found_.moves[i].tally;
    moves.push_back(sans_[i] + " " + std::to_string(t.games) + " " + std::to_string(t.white) + "/" +
                    std::to_string(t.draws) + "/" + std::to_string(t.black));
  }
  dump.add("explorer_moves", moves);
  std::vector<std::string> top;
  for (const database::GameHeader& h : top_) top.push_back(std::to_string(h.id));
  dump.add("explorer_top_games", top);
  std::vector<std::string> players;  // the names they are shown with
  for (const database::GameHeader& h : top_) players.push_back(h.white + " - " + h.black);
  dump.add("explorer_top_players", players);
  dump.add("explorer_player", filter_.player);
  dump.add("explorer_filters", std::vector<std::string>{speed_.label, rating_.label, since_.label});
  dump.add("explorer_problem", problem_);
}

}  // namespace gambit::gui
