// SPDX-License-Identifier: MIT
// The Store's part for the games kept: the recent ones and one game's summary
// (with the rating change it gave), its PGN, its stored review, the export of
// all games, the reset of the scores (the games archived), and the game
// interrupted when the window closed. store.h says what each call promises;
// schema.cpp holds the tables.
#include <algorithm>
#include <cstdint>
#include <ctime>
#include <optional>
#include <string>
#include <vector>

#include "core/store/sqlite.h"
#include "core/store/store.h"
#include "core/util/translation.h"

namespace gambit::store {

namespace {

std::int64_t unix_now() { return std::int64_t(std::time(nullptr)); }

// The games' summary columns, for recent_games and game_summary: with the
// rating the game gave (r) and the one before it in the same pool (its
// previous rated game's, or the start's).
constexpr const char* SummarySelect =
    "SELECT g.id, g.ended_at, w.label, b.label, g.result, g.reason, g.plies, g.source, g.variant, g.time_control, "
    "r.rating, (SELECT p.rating FROM ratings p JOIN games pg ON pg.id = p.game_id WHERE p.player_id = r.player_id "
    "AND pg.pool = g.pool AND pg.archived_at IS g.archived_at AND p.game_id < g.id ORDER BY p.game_id DESC LIMIT 1) "
    "FROM games g JOIN players w ON w.id = g.white_id JOIN players b ON b.id = g.black_id "
    "LEFT JOIN ratings r ON r.game_id = g.id ";

GameSummary summary_of(const Statement& r) {
  GameSummary game;
  game.id = r.column_int(0);
  game.ended_at = r.column_int(1);
  game.white = r.column_text(2);
  game.black = r.column_text(3);
  game.result = r.column_text(4);
  game.reason = r.column_text(5);
  game.plies = int(r.column_int(6));
  game.source = source_from_name(r.column_text(7)).value_or(GameSource::Window);
  game.pool = rating::pool_of(r.column_text(8), r.column_text(9));
  game.rated = !r.column_null(10);
  if (game.rated)
    game.rating_change = r.column_double(10) - (r.column_null(11) ? InitialRating : r.column_double(11));
  return game;
}

}  // namespace

Result<std::vector<GameSummary>> Store::recent_games(int limit, bool played_here) {
  auto query = Statement::prepare(*db_, std::string(SummarySelect) + "WHERE g.archived_at IS NULL " +
                                            (played_here ? "AND g.source = 'window' " : "") +
                                            "ORDER BY g.ended_at DESC, g.id DESC LIMIT ?1");
  if (!query) return Failure{query.error()};
  query.value().bind(1, std::int64_t(std::max(limit, 0)));
  std::vector<GameSummary> games;
  for (;;) {
    auto row = query.value().step();
    if (!row) return Failure{row.error()};
    if (!row.value()) return games;
    games.push_back(summary_of(query.value()));
  }
}

std::string Store::no_such_game(std::int64_t id) const {
  // TRANSLATORS: {n} is a game's number in the scores file {path}.
  return fill(tr("there is no game number {n} in {path}"), {{"n", std::to_string(id)}, {"path", path_.string()}});
}

Result<GameSummary> Store::game_summary(std::int64_t id) {
  auto query = Statement::prepare(*db_, std::string(SummarySelect) + "WHERE g.id = ?1");
  if (!query) return Failure{query.error()};
  query.value().bind(1, id);
  auto row = query.value().step();
  if (!row) return Failure{row.error()};
  if (!row.value()) return Failure{no_such_game(id)};
  return summary_of(query.value());
}

Result<std::string> Store::game_pgn(std::int64_t id) {
  auto query = Statement::prepare(*db_, "SELECT pgn FROM games WHERE id = ?1");
  if (!query) return Failure{query.error()};
  query.value().bind(1, id);
  auto row = query.value().step();
  if (!row) return Failure{row.error()};
  if (!row.value()) return Failure{no_such_game(id)};
  return query.value().column_text(0);
}

Result<bool> Store::save_review(std::int64_t game_id, const StoredReview& review) {
  if (auto game = game_summary(game_id); !game) return Failure{game.error()};
  auto save = Statement::prepare(*db_,
                                 "INSERT OR REPLACE INTO reviews (game_id, analyser, budget, verdicts, made_at) "
                                 "VALUES (?1, ?2, ?3, ?4, ?5)");
  if (!save) return Failure{save.error()};
  save.value().bind(1, game_id).bind(2, review.analyser).bind(3, review.budget).bind(4, review.verdicts);
  save.value().bind(5, review.made_at);
  return save.value().run();  // one statement: its own transaction
}

Result<std::optional<StoredReview>> Store::review(std::int64_t game_id, const std::string& analyser,
                                                  const std::string& budget) {
  auto query = Statement::prepare(
      *db_, "SELECT verdicts, made_at FROM reviews WHERE game_id = ?1 AND analyser = ?2 AND budget = ?3");
  if (!query) return Failure{query.error()};
  query.value().bind(1, game_id).bind(2, analyser).bind(3, budget);
  auto row = query.value().step();
  if (!row) return Failure{row.error()};
  if (!row.value()) return std::optional<StoredReview>();
  return std::optional<StoredReview>(
      StoredReview{analyser, budget, query.value().column_text(0), query.value().column_int(1)});
}

Result<Store::PgnExport> Store::export_all_pgn() {
  auto query = Statement::prepare(*db_, "SELECT pgn FROM games WHERE archived_at IS NULL ORDER BY id");
  if (!query) return Failure{query.error()};
  PgnExport out;
  for (;;) {
    auto row = query.value().step();
    if (!row) return Failure{row.error()};
    if (!row.value()) return out;
    std::string pgn = query.value().column_text(0);
    while (!pgn.empty() && (pgn.back() == '\n' || pgn.back() == '\r')) pgn.pop_back();
    if (!out.text.empty()) out.text += "\n";
    out.text += pgn + "\n";
    ++out.games;
  }
}

Result<int> Store::reset_scores() {
  auto transaction = Transaction::begin(*db_);
  if (!transaction) return Failure{transaction.error()};
  auto archive = Statement::prepare(*db_, "UPDATE games SET archived_at = ?1 WHERE archived_at IS NULL");
  if (!archive) return Failure{archive.error()};
  archive.value().bind(1, unix_now());
  if (auto ran = archive.value().run(); !ran) return Failure{ran.error()};
  auto changed = db_->query_int("SELECT changes()");
  if (!changed) return Failure{changed.error()};
  if (auto committed = transaction.value()->commit(); !committed) return Failure{committed.error()};
  return int(changed.value());
}

Result<bool> Store::save_interrupted(const InterruptedGame& game) {
  auto save = Statement::prepare(
      *db_,
      "INSERT OR REPLACE INTO interrupted_game (id, pgn, white_player, white_level, white_options, black_player, "
      "black_level, black_options, clock_initial_ms, clock_increment_ms, white_ms, black_ms, saved_at, rated, "
      "unrated_reason) VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)");
  if (!save) return Failure{save.error()};
  Statement& s = save.value();
  s.bind(1, game.pgn).bind(2, game.white.player).bind(3, game.white.level).bind(4, game.white.options);
  s.bind(5, game.black.player).bind(6, game.black.level).bind(7, game.black.options);
  s.bind(8, game.clock_initial_ms).bind(9, game.clock_increment_ms).bind(10, game.white_ms).bind(11, game.black_ms);
  s.bind(12, game.saved_at).bind(13, std::int64_t(game.rated)).bind(14, game.unrated_reason);
  return s.run();  // one statement: its own transaction
}

Result<std::optional<InterruptedGame>> Store::interrupted() {
  auto query = Statement::prepare(*db_,
                                  "SELECT pgn, white_player, white_level, white_options, black_player, black_level, "
                                  "black_options, clock_initial_ms, clock_increment_ms, white_ms, black_ms, saved_at, "
                                  "rated, unrated_reason FROM interrupted_game WHERE id = 1");
  if (!query) return Failure{query.error()};
  auto row = query.value().step();
  if (!row) return Failure{row.error()};
  if (!row.value()) return std::optional<InterruptedGame>();
  const Statement& r = query.value();
  InterruptedGame game;
  game.pgn = r.column_text(0);
  game.white = {r.column_text(1), r.column_text(2), r.column_text(3)};
  game.black = {r.column_text(4), r.column_text(5), r.column_text(6)};
  game.clock_initial_ms = r.column_int(7);
  game.clock_increment_ms = r.column_int(8);
  game.white_ms = r.column_int(9);
  game.black_ms = r.column_int(10);
  game.saved_at = r.column_int(11);
  game.rated = r.column_int(12) != 0;
  game.unrated_reason = r.column_text(13);
  return std::optional<InterruptedGame>(std::move(game));
}

Result<bool> Store::clear_interrupted() { return db_->exec("DELETE FROM interrupted_game"); }

}  // namespace gambit::store
