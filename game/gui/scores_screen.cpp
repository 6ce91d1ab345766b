// SPDX-License-Identifier: MIT
#include "game/gui/scores_screen.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "core/recording/rated_game.h"
#include "core/util/local_time.h"
#include "core/util/translation.h"
#include "game/gui/layout_log.h"
#include "game/gui/app.h"
#include "game/gui/user_files.h"

namespace gambit::gui {

namespace {

constexpr float Pad = 20;
constexpr float SectionHead = 34;  // a section's title
constexpr float ColumnHead = 22;   // the column names under it
constexpr float RowHeight = 24;
constexpr unsigned RowText = 15;
constexpr int RecentLimit = 200;
constexpr float ToastRow = 50;  // room for a toast's two lines

std::string percent_text(double percent) { return std::to_string(std::lround(percent)) + "%"; }

void section(sf::RenderTarget& target, const Assets& assets, const sf::FloatRect& rect, const std::string& title,
             const std::string& note) {
  fill_rect(target, rect, colors::Panel);
  const float width = draw_text(target, assets.bold(), title, 17, {rect.left + 12, rect.top + 8});
  if (!note.empty())
    draw_text(target, assets.font(), fit_text(assets.font(), note, 14, rect.width - width - 40), 14,
              {rect.left + 24 + width, rect.top + 11}, colors::TextDim);
}

// A thin bar at the right of a list when it holds more rows than are shown.
void scrollbar(sf::RenderTarget& target, const sf::FloatRect& track, std::size_t first, std::size_t shown,
               std::size_t total) {
  if (total <= shown || track.height < 8) return;
  fill_rect(target, track, sf::Color(40, 38, 35));
  const float thumb = std::max(16.0f, track.height * float(shown) / float(total));
  const float y = track.top + (track.height - thumb) * float(first) / float(total - shown);
  fill_rect(target, {track.left, std::round(y), track.width, std::round(thumb)}, colors::PanelLight);
}

void append_segment(sf::VertexArray& vertices, sf::Vector2f a, sf::Vector2f b, float width, sf::Color color) {
  const sf::Vector2f d = b - a;
  const float length = std::sqrt(d.x * d.x + d.y * d.y);
  if (length < 0.01f) return;
  const sf::Vector2f n(-d.y / length * width / 2, d.x / length * width / 2);
  for (sf::Vector2f corner : {a + n, a - n, b + n, a - n, b - n, b + n}) vertices.append(sf::Vertex(corner, color));
}

}  // namespace

std::string rating_change_text(const store::GameSummary& game) {
  // TRANSLATORS: in the recent games' Rating column: the game was not rated (a short word).
  if (!game.rated) return tr("casual");
  const long change = std::lround(game.rating_change);
  return (change >= 0 ? "+" : "") + std::to_string(change);
}

std::string standing_line(const store::Standing& s) {
  return s.label + ": " + std::to_string(s.games()) + " " + std::to_string(s.wins) + "-" + std::to_string(s.draws) +
         "-" + std::to_string(s.losses) + " " + percent_text(s.score_percent());
}

// ---------------------------------------------------------------------------
// ScoresScreen: reading the store and acting on it

ScoresScreen::ScoresScreen(App& app) : Screen(app) { reload(); }

void ScoresScreen::reload() {
  standings_.clear();
  table_.clear();
  history_.clear();
  recent_.clear();
  rating_ = {};
  message_.clear();
  problem_ = true;
  store::Store* store = app_.setup().store();
  if (!store) {
    message_ = fill(tr("Scores are not available: {reason}"), {{"reason", app_.setup().store_problem()}});
    return;
  }
  profile_ = store->profile();
  auto failed = [this](const std::string& why) {
    standings_.clear();
    history_.clear();
    recent_.clear();
    message_ = fill(tr("The scores could not be read: {reason}"), {{"reason", why}});
  };
  auto standings = store->ratings().standings();
  if (!standings) return failed(standings.error());
  standings_ = std::move(standings).value();
  auto pools = store->ratings().pools();
  if (!pools) return failed(pools.error());
  const std::string shown = puzzles_shown() ? PuzzlesKey : pools_.empty() ? "" : pools_[pool_choice_.index].pool.key();
  pools_ = std::move(pools).value();
  if (pools_.empty()) {  // no rated game yet: the pool of the next game, at the start
    const config::Settings& settings = app_.setup().settings();
    pools_.push_back({recording::pool_of_clock(settings.game.rules(), settings.clock), {}, 0});
  }
  pool_choice_.items.clear();
  pool_choice_.index = 0;
  for (std::size_t i = 0; i < pools_.size(); ++i) {
    pool_choice_.items.push_back(recording::pool_text(pools_[i].pool));
    if (pools_[i].pool.key() == shown) pool_choice_.index = i;
  }
  // The puzzle rating, its own pool, once the profile has tried a puzzle.
  auto puzzles = store->puzzles().puzzle_history();
  if (!puzzles) return failed(puzzles.error());
  puzzle_history_ = std::move(puzzles).value();
  if (!puzzle_history_.empty()) {
    // TRANSLATORS: the Puzzles screen's title, and here the puzzle rating's pool, after the games' pools
    // ("Blitz", "Three-check rapid").
    pool_choice_.items.push_back(tr("Puzzles"));
    if (shown == PuzzlesKey) pool_choice_.index = pools_.size();
  }
  show_pool(pool_choice_.index);
  if (!message_.empty()) return;  // reading the pool failed
  problem_ = true;
  if (!all_by_choice_) all_games_ = false;
  auto recent = store->games().recent_games(RecentLimit, /*played_here=*/!all_games_);
  if (!recent) return failed(recent.error());
  recent_ = std::move(recent).value();
  if (recent_.empty() && !all_games_ && !all_by_choice_) {  // none of the person's own yet: every game
    all_games_ = true;
    auto every = store->games().recent_games(RecentLimit);
    if (!every) return failed(every.error());
    recent_ = std::move(every).value();
  }
  // TRANSLATORS: a short button label: show only your own games.
  all_.label = all_games_ ? tr("Your games") : tr("All games");
  all_.tooltip = all_games_ ? tr("Show only the games you played here (A)")
                            : tr("Show every game, with the demo's and gambit-match's (A)");
  problem_ = false;
  if (standings_.empty() && recent_.empty()) message_ = tr("No games yet: finished games are recorded here.");

  using Kind = store::Standing::Kind;
  for (Kind kind : {Kind::VsAi, Kind::HumanVsHuman, Kind::AiVsAi}) {
    bool headed = kind != Kind::AiVsAi;
    for (const store::Standing& standing : standings_) {
      if (standing.kind != kind) continue;
      // TRANSLATORS: the heading of the standings of AI players against each other; gambit-match is a program.
      if (!headed) table_.push_back({tr("AI vs AI (demo and gambit-match), for the first named"), nullptr});
      headed = true;
      table_.push_back({"", &standing});
    }
  }
  focus_ = std::min(focus_, recent_.empty() ? 0 : recent_.size() - 1);
  app_.invalidate();
}

void ScoresScreen::toggle_all() {
  all_games_ = !all_games_;
  all_by_choice_ = true;
  focus_ = recent_first_ = 0;
  reload();
}

void ScoresScreen::show_pool(std::size_t index) {
  store::Store* store = app_.setup().store();
  if (!store || index >= pool_choice_.items.size()) return;
  pool_choice_.index = index;
  if (puzzles_shown()) {
    auto rating = store->puzzles().puzzle_rating();
    if (!rating) {
      message_ = fill(tr("The scores could not be read: {reason}"), {{"reason", rating.error()}});
      return;
    }
    rating_ = rating->rating;
    history_.clear();
    for (const store::PuzzlePoint& p : puzzle_history_)
      history_.push_back({0, p.attempted_at, p.rating, p.solved ? 1.0 : 0.0, 0});
    app_.invalidate();
    return;
  }
  auto rating = store->ratings().rating(pools_[index].pool);
  if (!rating) {
    message_ = fill(tr("The scores could not be read: {reason}"), {{"reason", rating.error()}});
    return;
  }
  auto history = store->ratings().rating_history(pools_[index].pool);
  if (!history) {
    message_ = fill(tr("The scores could not be read: {reason}"), {{"reason", history.error()}});
    return;
  }
  rating_ = *rating;
  history_ = std::move(history).value();
  app_.invalidate();
}

void ScoresScreen::open(std::size_t game) {
  if (game >= recent_.size()) return;
  focus_ = game;
  app_.open(page::StoredGame{recent_[game]});
}

void ScoresScreen::open_dialog(Dialog dialog) {
  if (recent_.empty() || !app_.setup().store()) return;
  if (dialog == Dialog::ExportAll)
    dialogs_.choose_file(dialog, tr("Export all games"), tr("Every game counted now, oldest first, into one PGN file:"),
                         path_in(app_.setup().last_folder(), "gambit-games.pgn"), {".pgn"},
                         app_.setup().recent_files(), tr("Export"));
  else
    dialogs_.ask(dialog, tr("Reset the scores?"),
                 // TRANSLATORS: {rating}: the rating every player starts with ("1500").
                 fill(tr("The games counted now stay in the score file, archived, but no longer count: the "
                         "standings, the recent games and your rating (back to {rating}) start again."),
                      {{"rating", std::to_string(std::lround(store::InitialRating))}}),
                 // TRANSLATORS: the button that resets the scores.
                 std::nullopt, tr("Reset"), tr("Cancel"), /*path_field=*/true);
}

void ScoresScreen::export_all(const std::string& typed) {
  const std::string path = expand_home(typed);
  auto pgn = app_.setup().store()->games().export_all_pgn();
  if (!pgn) {
    app_.toast(fill(tr("Could not export the games: {reason}"), {{"reason", pgn.error()}}));
    return;
  }
  if (auto problem = write_text_file(path, pgn->text)) {
    app_.toast(fill(tr("Could not export the games: {reason}"), {{"reason", *problem}}));
    return;
  }
  app_.setup().remember_file(path);
  const int games = pgn->games;
  app_.toast(fill(trn("Exported {n} game to {path}", "Exported {n} games to {path}", static_cast<unsigned long>(games)),
                  {{"n", std::to_string(games)}, {"path", path}}));
}

void ScoresScreen::reset_scores() {
  auto archived = app_.setup().store()->ratings().reset_scores();
  if (!archived) {
    app_.toast(fill(tr("Could not reset the scores: {reason}"), {{"reason", archived.error()}}));
  } else {
    const int n = *archived;
    app_.toast(fill(trn("{n} game archived: kept in the score file, no longer counted.",
                        "{n} games archived: kept in the score file, no longer counted.", static_cast<unsigned long>(n)),
                    {{"n", std::to_string(n)}}));
  }
  focus_ = recent_first_ = table_first_ = 0;
  reload();
}

void ScoresScreen::move_focus(long delta) {
  if (recent_.empty()) return;
  focus_ = std::size_t(std::clamp(long(focus_) + delta, 0L, long(recent_.size()) - 1));
  if (focus_ < recent_first_) recent_first_ = focus_;
  if (focus_ >= recent_first_ + recent_rows_) recent_first_ = focus_ + 1 - recent_rows_;
}

void ScoresScreen::scroll_recent(long delta) {
  const long last = std::max(0L, long(recent_.size()) - long(recent_rows_));
  recent_first_ = std::size_t(std::clamp(long(recent_first_) + delta, 0L, last));
}

void ScoresScreen::handle(const sf::Event& event) {
  const sf::Vector2f size = app_.window().getView().getSize();
  layout(size);
  if (dialogs_.open()) {
    const auto answer = dialogs_.handle(event, size, app_.assets());
    if (!answer || !app_.setup().store()) return;
    if (answer->dialog == Dialog::ExportAll) export_all(answer->text);
    else reset_scores();
    return;
  }
  if (back_.clicked(event)) return app_.pop();
  if (export_.clicked(event)) return open_dialog(Dialog::ExportAll);
  if (reset_.clicked(event)) return open_dialog(Dialog::ConfirmReset);
  if (all_.clicked(event)) return toggle_all();
  if (message_.empty() && pool_choice_.handle(event)) return show_pool(pool_choice_.index);

  const float rows_top = recent_rect_.top + SectionHead + ColumnHead;
  auto row_at = [&](float x, float y) -> std::optional<std::size_t> {
    if (!recent_rect_.contains(x, y) || y < rows_top) return std::nullopt;
    const std::size_t row = recent_first_ + std::size_t((y - rows_top) / RowHeight);
    if (row >= recent_.size() || row >= recent_first_ + recent_rows_) return std::nullopt;
    return row;
  };
  switch (event.type) {
    case sf::Event::MouseMoved:
      mouse_ = {float(event.mouseMove.x), float(event.mouseMove.y)};
      hovered_ = message_.empty() ? row_at(mouse_.x, mouse_.y) : std::nullopt;
      return;
    case sf::Event::MouseButtonReleased:
      if (event.mouseButton.button != sf::Mouse::Left || !message_.empty()) return;
      if (auto row = row_at(float(event.mouseButton.x), float(event.mouseButton.y))) open(*row);
      return;
    case sf::Event::MouseWheelScrolled: {
      const long delta = event.mouseWheelScroll.delta > 0 ? -1 : 1;
      const sf::Vector2f at(float(event.mouseWheelScroll.x), float(event.mouseWheelScroll.y));
      if (recent_rect_.contains(at)) scroll_recent(3 * delta);
      else if (standings_rect_.contains(at))
        table_first_ = std::size_t(std::clamp(long(table_first_) + delta, 0L, std::max(0L, long(table_.size()) - 1)));
      hovered_ = row_at(mouse_.x, mouse_.y);
      return;
    }
    case sf::Event::KeyPressed: break;
    default: return;
  }
  switch (event.key.code) {
    case sf::Keyboard::Escape: app_.pop(); break;
    case sf::Keyboard::Left:
      if (!pool_choice_.items.empty())
        show_pool((pool_choice_.index + pool_choice_.items.size() - 1) % pool_choice_.items.size());
      break;
    case sf::Keyboard::Right:
      if (!pool_choice_.items.empty()) show_pool((pool_choice_.index + 1) % pool_choice_.items.size());
      break;
    case sf::Keyboard::Up: move_focus(-1); break;
    case sf::Keyboard::Down: move_focus(1); break;
    case sf::Keyboard::PageUp: move_focus(-long(recent_rows_)); break;
    case sf::Keyboard::PageDown: move_focus(long(recent_rows_)); break;
    case sf::Keyboard::Home: move_focus(-long(recent_.size())); break;
    case sf::Keyboard::End: move_focus(long(recent_.size())); break;
    case sf::Keyboard::Enter:
    case sf::Keyboard::Space: open(focus_); break;
    case sf::Keyboard::E: open_dialog(Dialog::ExportAll); break;
    case sf::Keyboard::R: open_dialog(Dialog::ConfirmReset); break;
    case sf::Keyboard::A: toggle_all(); break;
    default: break;
  }
}

// ---------------------------------------------------------------------------
// ScoresScreen: drawing

sf::FloatRect ScoresScreen::modal_area() const { return dialogs_.area(); }

sf::FloatRect ScoresScreen::toast_area(sf::Vector2f size) const {
  return toast_slot_.height > 0 ? toast_slot_ : Screen::toast_area(size);
}

void ScoresScreen::layout(sf::Vector2f size) {
  const float gap = 10, height = 40;
  const float width = std::min(136.0f, std::floor((size.x - 2 * Pad - 3 * gap) / 5));
  const float y = size.y - Pad - height;
  back_.rect = {size.x - Pad - width, y, width, height};
  reset_.rect = {back_.rect.left - gap - width, y, width, height};
  export_.rect = {reset_.rect.left - gap - width, y, width, height};
  all_.rect = {export_.rect.left - gap - width, y, width, height};
  export_.enabled = reset_.enabled = !recent_.empty() && app_.setup().store();

  // While a toast shows, it has a row of its own above the buttons.
  toast_slot_ = {};
  if (!app_.toast_text().empty()) toast_slot_ = {Pad, y - 12 - ToastRow, size.x - 2 * Pad, ToastRow};
  const float top = 62, bottom = y - 14 - (toast_slot_.height > 0 ? ToastRow + 8 : 0.0f);
  const float upper = std::round(std::max(120.0f, (bottom - top) * 0.46f));
  const float split = std::round(size.x * 0.58f);
  standings_rect_ = {Pad, top, split - Pad - 6, upper};
  rating_rect_ = {split + 6, top, size.x - Pad - split - 6, upper};
  recent_rect_ = {Pad, top + upper + 12, size.x - 2 * Pad, std::max(60.0f, bottom - top - upper - 12)};
  recent_rows_ = std::size_t(std::max(1.0f, std::floor((recent_rect_.height - SectionHead - ColumnHead - 4) / RowHeight)));
  scroll_recent(0);
}

void ScoresScreen::draw_standings(sf::RenderTarget& target) {
  const Assets& assets = app_.assets();
  const sf::FloatRect& r = standings_rect_;
  section(target, assets, r, tr("Standings"),
          // TRANSLATORS: {profile}: the name of the person at this computer.
          fill(tr("{profile}'s results per opponent"), {{"profile", profile_}}));
  // Columns from the right: Games, W, D, L, Score; the label takes the rest.
  const bool narrow = r.width < 480;
  const float score_w = narrow ? 54 : 64, count_w = narrow ? 30 : 40, games_w = narrow ? 50 : 58;
  const float right = r.left + r.width - 16;
  const float score_x = right - score_w, l_x = score_x - count_w, d_x = l_x - count_w, w_x = d_x - count_w,
              games_x = w_x - games_w;
  const float label_x = r.left + 12, label_w = games_x - label_x - 8;
  float y = r.top + SectionHead;
  const auto columns = [&](const std::string& label, const std::string& games, const std::string& w,
                           const std::string& d, const std::string& l, const std::string& score, const sf::Font& font,
                           unsigned size, sf::Color color) {
    const auto centred = [&](const std::string& text, float x, float width) {
      draw_text(target, font, text, size, {x + (width - text_width(font, text, size)) / 2, y + 3}, color);
    };
    draw_text(target, font, fit_text(font, label, size, label_w), size, {label_x, y + 3}, color);
    centred(games, games_x, games_w);
    centred(w, w_x, count_w);
    centred(d, d_x, count_w);
    centred(l, l_x, count_w);
    centred(score, score_x, score_w);
  };
  columns(tr("Opponent"), tr("Games"),
          // TRANSLATORS: the standings' column headings W, D, L: one letter each (narrow columns): wins, draws, losses.
          trc("wins", "W"), trc("draws", "D"), trc("losses", "L"), tr("Score"), assets.font(), 13, colors::TextDim);
  y = r.top + SectionHead + ColumnHead;
  const std::size_t shown = std::size_t(std::max(1.0f, std::floor((r.top + r.height - 6 - y) / RowHeight)));
  table_first_ = std::min(table_first_, table_.size() > shown ? table_.size() - shown : 0);
  for (std::size_t i = table_first_; i < table_.size() && i < table_first_ + shown; ++i) {
    const TableLine& line = table_[i];
    if (!line.standing) {
      const unsigned size = fitted_size(assets.bold(), line.heading, 13, 11, r.width - 24);
      draw_text(target, assets.bold(), fit_text(assets.bold(), line.heading, size, r.width - 24), size,
                {label_x, y + 6 + float(13 - size)}, colors::TextDim);
    } else {
      const store::Standing& s = *line.standing;
      if (i % 2) fill_rect(target, {r.left + 6, y, r.width - 12, RowHeight}, sf::Color(54, 52, 49));
      // The store words human vs human's label in the player's language; the others are players' names.
      columns(s.label, std::to_string(s.games()), std::to_string(s.wins), std::to_string(s.draws),
              std::to_string(s.losses), percent_text(s.score_percent()), assets.font(), RowText, colors::Text);
    }
    y += RowHeight;
  }
  if (table_.empty())
    draw_text(target, assets.font(), tr("No counted games."), RowText, {label_x, y + 3}, colors::TextDim);
  scrollbar(target, {r.left + r.width - 8, r.top + SectionHead + ColumnHead, 4, float(shown) * RowHeight},
            table_first_, shown, table_.size());
}

void ScoresScreen::draw_rating(sf::RenderTarget& target) {
  const Assets& assets = app_.assets();
  const sf::FloatRect& r = rating_rect_;
  const std::size_t games = history_.size();
  const std::string number = rating::rating_text(rating_);
  // Games, or puzzles: what the points of the history are.
  const bool puzzles = puzzles_shown();
  const Placeholder n{"n", std::to_string(games)};
  const std::string after = puzzles ? fill(trn("after {n} rated puzzle", "after {n} rated puzzles", games), {n})
                                    : fill(trn("after {n} rated game", "after {n} rated games", games), {n});
  // The same, short.
  const std::string count = puzzles ? fill(trn("{n} puzzle", "{n} puzzles", games), {n})
                                    : fill(trn("{n} game", "{n} games", games), {n});
  const float x = r.left + 14;
  // A short window puts the number in the heading line, leaving the room to the plot.
  const bool compact = r.height < 200;
  // The pool shown, one per variant and speed, under the heading.
  constexpr float PoolRow = 34;
  // TRANSLATORS: the label of the choice of the rating pool: a variant and a speed ("Blitz", "Three-check rapid").
  pool_choice_.label = tr("Pool");
  pool_choice_.label_share = 0.2f;
  pool_choice_.rect = {x, r.top + SectionHead, std::min(r.width - 28, 420.0f), PoolRow - 2};
  float top = r.top + 92 + PoolRow;
  if (compact) {
    section(target, assets, r, tr("Rating"), "");
    const float number_x = x + text_width(assets.bold(), tr("Rating"), 17) + 12;
    const float number_w = draw_text(target, assets.bold(), number, 22, {number_x, r.top + 3});
    draw_text(target, assets.font(), fit_text(assets.font(), count, 13, r.left + r.width - number_x - number_w - 24),
              13, {number_x + number_w + 10, r.top + 11}, colors::TextDim);
    top = r.top + 40 + PoolRow;
  } else {
    const Placeholder profile{"profile", profile_};
    const std::string note =
        rating::provisional(rating_)
            // TRANSLATORS: {profile}: the name of the person at this computer, whose rating is provisional
            // ("1500?": after few games).
            ? fill(tr("{profile}, provisional"), {profile})
            // TRANSLATORS: {profile}: the name of the person at this computer.
            // xgettext:no-c-format
            : fill(tr("{profile}, with its 95% margin"), {profile});
    section(target, assets, r, tr("Rating"), note);
    const float number_w = draw_text(target, assets.bold(), number, 32, {x, r.top + 36 + PoolRow});
    const float room = r.width - number_w - 44;
    draw_text(target, assets.font(), fit_text(assets.font(), text_width(assets.font(), after, 14) <= room ? after : count,
                                              14, room),
              14, {x + number_w + 14, r.top + 54 + PoolRow}, colors::TextDim);
  }
  {
    const LayoutLog::Region region("pool", pool_choice_.rect);
    pool_choice_.draw(target, assets);
  }

  const float label_w = 44;
  const sf::FloatRect plot(x + label_w, top, r.width - 28 - label_w, r.top + r.height - top - 30);
  if (games == 0) {
    float y = top + 4;
    const std::string explained =
        puzzles ? tr("Each puzzle tried moves your puzzle rating, a pool of its own.")
                : tr("Rated games (against alphabeta's measured levels) move the rating of their pool: one per "
                     "variant and speed.");
    for (const std::string& line : wrap_text(assets.font(), explained, 14, r.width - 28)) {
      if (y + 19 > r.top + r.height - 4) break;  // a short section shows the lines that fit
      draw_text(target, assets.font(), line, 14, {x, y}, colors::TextDim);
      y += 19;
    }
    return;
  }
  if (plot.height < 24 || plot.width < 40) return;
  // The rating from where every pool starts (1500), then after each game or puzzle.
  std::vector<double> ratings{store::InitialRating};
  for (const store::RatingPoint& p : history_) ratings.push_back(p.rating.rating);
  const auto [lowest, highest] = std::minmax_element(ratings.begin(), ratings.end());
  const double low = *lowest - 5, high = *highest + 5;  // a little room above and below the line
  fill_rect(target, plot, sf::Color(40, 38, 35));
  const auto point = [&](std::size_t i, double rating) {
    return sf::Vector2f(plot.left + 4 + (plot.width - 8) * float(i) / float(ratings.size() - 1),
                        plot.top + 4 + (plot.height - 8) * float((high - rating) / (high - low)));
  };
  {
    const float y = std::round(point(0, store::InitialRating).y);
    fill_rect(target, {plot.left, y, plot.width, 1}, colors::PanelLight);
  }
  sf::VertexArray line(sf::Triangles);
  for (std::size_t i = 1; i < ratings.size(); ++i)
    append_segment(line, point(i - 1, ratings[i - 1]), point(i, ratings[i]), 2.5f, colors::AccentHover);
  if (ratings.size() <= 61)
    for (std::size_t i = 0; i < ratings.size(); ++i) {
      const sf::Vector2f p = point(i, ratings[i]);
      append_quad(line, {p.x - 2.5f, p.y - 2.5f, 5, 5}, colors::Text);
    }
  target.draw(line);
  // The highest and the lowest rating reached, beside their height on the plot.
  const auto y_label = [&](double value, float y) {
    const std::string text = std::to_string(std::lround(value));
    y = std::clamp(y - 8, plot.top, plot.top + plot.height - 16);
    draw_text(target, assets.font(), text, 12, {plot.left - 6 - text_width(assets.font(), text, 12), y},
              colors::TextDim);
  };
  y_label(*highest, point(0, *highest).y);
  if (point(0, *lowest).y - point(0, *highest).y >= 16) y_label(*lowest, point(0, *lowest).y);
  // TRANSLATORS: under the rating's plot, at its left end: where every rating starts, before the first game.
  const std::string first = tr("start");
  draw_text(target, assets.font(), first, 12, {plot.left, plot.top + plot.height + 4}, colors::TextDim);
  // TRANSLATORS: under the rating's plot, at its right end: the last game or puzzle ("game 12").
  const std::string last = puzzles ? fill(tr("puzzle {n}"), {n}) : fill(tr("game {n}"), {n});
  draw_text(target, assets.font(), last, 12,
            {plot.left + plot.width - text_width(assets.font(), last, 12), plot.top + plot.height + 4},
            colors::TextDim);
}

void ScoresScreen::draw_recent(sf::RenderTarget& target) {
  const Assets& assets = app_.assets();
  const sf::FloatRect& r = recent_rect_;
  section(target, assets, r, all_games_ ? tr("Recent games") : tr("Your recent games"),
          fill(trn("{n} game - click one or press Enter to replay it", "{n} games - click one or press Enter to replay it",
                   recent_.size()),
               {{"n", std::to_string(recent_.size())}}));
  const float inner = r.width - 24;
  // The date without its year when the window is narrow (the year shows on the
  // Replay screen). In numbers only: the same in every language.
  const char* date_format = inner < 1000 ? "%m-%d %H:%M" : "%Y-%m-%d %H:%M";
  // The rows shown, then each column as wide as its widest text (heading included), the room to spare shared
  // out; when there is too little, the players' names are what is cut.
  enum Column { Date, Players, Result, Reason, Pool, Change, Moves, Columns };
  using Row = std::array<std::string, Columns>;
  // TRANSLATORS: the recent games' column heading over the players' names, White's first.
  const Row heading{tr("Date"), tr("White - Black"), tr("Result"), tr("Reason"), tr("Pool"), tr("Rating"), tr("Moves")};
  std::vector<Row> rows;
  for (std::size_t i = recent_first_; i < recent_.size() && i < recent_first_ + recent_rows_; ++i) {
    const store::GameSummary& game = recent_[i];
    // The reason is kept in English (PGN's Termination words): translated as it is shown.
    rows.push_back({local_time_text(game.ended_at, date_format), game.white + " - " + game.black, game.result,
                    game.reason.empty() ? "" : tr(game.reason.c_str()), recording::pool_text(game.pool),
                    rating_change_text(game), std::to_string((game.plies + 1) / 2)});
  }
  constexpr float Gap = 12;
  std::array<float, Columns> width{};
  float others = 0;
  unsigned row_text = RowText;  // smaller in a narrow window, when the columns would not fit
  for (; row_text >= 12; --row_text) {
    for (int c = 0; c < Columns; ++c) {
      width[c] = text_width(assets.font(), heading[c], 13);
      for (const Row& row : rows) width[c] = std::max(width[c], text_width(assets.font(), row[c], row_text));
      width[c] = std::ceil(width[c]) + Gap;
    }
    others = 0;
    for (int c = 0; c < Columns; ++c)
      if (c != Players) others += width[c];
    if (others + std::min(width[Players], 140.0f) <= inner) break;
  }
  row_text = std::max(row_text, 12u);
  const float fewest = std::min(width[Players], 140.0f);
  if (inner - others >= width[Players]) {  // room to spare: shared out, the columns spread across the table
    const float spare = (inner - others - width[Players]) / float(Columns);
    for (float& w : width) w += spare;
  } else if (inner - others >= fewest) {
    width[Players] = inner - others;
  } else {  // a narrow window: the reason and the pool give up room too
    const float over = fewest - (inner - others), shared = width[Reason] + width[Pool];
    width[Reason] -= over * width[Reason] / shared;
    width[Pool] -= over * width[Pool] / shared;
    width[Players] = fewest;
  }
  float y = r.top + SectionHead;
  const auto columns = [&](const Row& row, unsigned size, sf::Color color) {
    const sf::Font& font = assets.font();
    float x = r.left + 12;
    for (int c = 0; c < Columns; ++c) {
      const std::string shown = fit_text(font, row[c], size, width[c] - Gap);
      // Numbers right-aligned in their columns.
      const float indent = c == Change || c == Moves ? width[c] - Gap - text_width(font, shown, size) : 0;
      draw_text(target, font, shown, size, {std::round(x + indent), y + 3}, color);
      x += width[c];
    }
  };
  columns(heading, 13, colors::TextDim);
  y = r.top + SectionHead + ColumnHead;
  for (std::size_t i = recent_first_; i < recent_.size() && i < recent_first_ + recent_rows_; ++i) {
    const sf::FloatRect row(r.left + 6, y, r.width - 18, RowHeight);
    if (i == focus_) fill_rect(target, row, sf::Color(70, 90, 50));
    else if (hovered_ == i) fill_rect(target, row, sf::Color(66, 64, 60));
    else if (i % 2) fill_rect(target, row, sf::Color(54, 52, 49));
    columns(rows[i - recent_first_], row_text, colors::Text);
    y += RowHeight;
  }
  scrollbar(target, {r.left + r.width - 8, r.top + SectionHead + ColumnHead, 4, float(recent_rows_) * RowHeight},
            recent_first_, recent_rows_, recent_.size());
}

void ScoresScreen::draw(sf::RenderTarget& target) {
  const sf::Vector2f size = target.getView().getSize();
  layout(size);
  const Assets& assets = app_.assets();
  draw_text(target, assets.bold(), tr("Scores"), 30, {Pad, 14});
  if (message_.empty()) {
    draw_standings(target);
    draw_rating(target);
    draw_recent(target);
  } else {
    const float width = std::min(size.x - 80, 640.0f);
    const auto lines = wrap_text(assets.font(), message_, 18, width);
    float y = std::round(size.y * 0.38f - 14 * float(lines.size()));
    for (const std::string& line : lines) {
      draw_text_centred(target, assets.font(), line, 18, {0, y, size.x, 26}, problem_ ? colors::Warning : colors::TextDim);
      y += 28;
    }
  }
  all_.draw(target, assets);
  export_.draw(target, assets);
  reset_.draw(target, assets);
  back_.draw(target, assets);
  std::string help = message_.empty() ? tr("Up/Down choose a game, Enter replays it; Left/Right: pools") : "";
  for (const Button* button : {&all_, &export_, &reset_, &back_})
    if (button->hovered) help = button->tooltip;
  const float help_w = all_.rect.left - Pad - 12;
  const auto help_lines = wrap_text(assets.font(), help, 13, help_w);
  float y = back_.rect.top + (back_.rect.height - 17 * float(help_lines.size())) / 2;
  for (const std::string& line : help_lines) {
    draw_text(target, assets.font(), line, 13, {Pad, y}, colors::TextDim);
    y += 17;
  }
  dialogs_.draw(target, assets);
}

void ScoresScreen::describe(StateDump& dump) const {
  std::vector<std::string> standings, recent;
  for (const TableLine& line : table_)
    if (line.standing) standings.push_back(standing_line(*line.standing));
  for (const store::GameSummary& game : recent_)
    recent.push_back(game.white + " - " + game.black + " " + game.result + " " + game.reason + " " +
                     game.pool.key() + " " + rating_change_text(game));
  std::vector<std::string> pools;
  for (const store::PoolRating& pool : pools_)
    pools.push_back(pool.pool.key() + " " + std::to_string(std::lround(pool.rating.rating)) + " " +
                    std::to_string(pool.games));
  dump.add("pools", pools);
  dump.add("pool", puzzles_shown() ? std::string(PuzzlesKey) : pools_.empty() ? std::string() : pools_[pool_choice_.index].pool.key());
  dump.add("standings", standings);
  dump.add("rating", rating_.rating);
  dump.add("rating_margin", rating::margin95(rating_.deviation));
  dump.add("rating_points", int(history_.size()));
  dump.add("recent", recent);
  dump.add("all_games", all_games_);
  dump.add("focus", recent_.empty() ? -1 : int(focus_));
  dump.add("message", message_);
  dialogs_.describe(dump);
}

}  // namespace gambit::gui
