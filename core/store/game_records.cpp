// SPDX-License-Identifier: MIT
// GameRecords (game_records.h): the games kept, recorded (and rated, in the
// same transaction: ratings_table.h), listed with the rating change each gave,
// their PGN one by one or all exported, and the game interrupted when the
// window closed. schema.cpp holds the tables.
#include "core/store/game_records.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/store/players_table.h"
#include "core/store/ratings_table.h"
#include "core/store/sqlite.h"
#include "core/util/translation.h"

namespace gambit::store {

namespace {

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

const char* source_name(GameSource source) {
  switch (source) {
    case GameSource::Window: return "window";
    case GameSource::Demo: return "demo";
    case GameSource::Match: return "match";
  }
  return "window";
}

std::optional<GameSource> source_from_name(const std::string& name) {
  for (GameSource source : {GameSource::Window, GameSource::Demo, GameSource::Match})
    if (name == source_name(source)) return source;
  return std::nullopt;
}

Result<std::int64_t> GameRecords::record_game(const FinishedGame& game) {
  if (!white_points_of(game.result))
    return Failure{
        // TRANSLATORS: {result} is the game's result as PGN writes it, quoted ('1-0').
        fill(tr("cannot record a game with the result {result}"), {{"result", quote_for_message(game.result)}})};
  if (game.white.name.empty() || game.black.name.empty())
    return Failure{tr("cannot record a game without both players' names")};
  Connection& db = db_;
  auto transaction = Transaction::begin(db);
  if (!transaction) return Failure{transaction.error()};
  bool white_placed = false, black_placed = false;
  auto white = player_id(db, game.white, &white_placed);
  if (!white) return Failure{white.error()};
  auto black = player_id(db, game.black, &black_placed);
  if (!black) return Failure{black.error()};
  auto insert = Statement::prepare(
      db,
      "INSERT INTO games (white_id, black_id, result, reason, variant, time_control, started_at, ended_at, plies, "
      "pgn, source, from_start, rated, pool) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)");
  if (!insert) return Failure{insert.error()};
  Statement& row = insert.value();
  row.bind(1, white.value()).bind(2, black.value()).bind(3, game.result).bind(4, game.reason).bind(5, game.variant);
  row.bind(6, game.time_control).bind(7, game.started_at).bind(8, game.ended_at).bind(9, std::int64_t(game.plies));
  row.bind(10, game.pgn).bind(11, std::string(source_name(game.source))).bind(12, std::int64_t(game.from_start));
  row.bind(13, std::int64_t(game.rated)).bind(14, rating::pool_of(game.variant, game.time_control).key());
  if (auto ran = row.run(); !ran) return Failure{ran.error()};
  const std::int64_t id = db.last_insert_id();
  // A new or moved placement changes earlier ratings too; otherwise this game is the newest to rate.
  auto rated = white_placed || black_placed ? rate_all_again(db) : rate_game(db, id);
  if (!rated) return Failure{rated.error()};
  if (game.ends_interrupted)
    if (auto cleared = db.exec("DELETE FROM interrupted_game"); !cleared) return Failure{cleared.error()};
  if (auto committed = transaction.value()->commit(); !committed) return Failure{committed.error()};
  return id;
}

Result<std::vector<GameSummary>> GameRecords::recent_games(int limit, bool played_here) {
  auto query = Statement::prepare(db_, std::string(SummarySelect) + "WHERE g.archived_at IS NULL " +
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

std::string GameRecords::no_such_game(std::int64_t id) const {
  // TRANSLATORS: {n} is a game's number in the scores file {path}.
  return fill(tr("there is no game number {n} in {path}"), {{"n", std::to_string(id)}, {"path", path_.string()}});
}

Result<GameSummary> GameRecords::game_summary(std::int64_t id) {
  auto query = Statement::prepare(db_, std::string(SummarySelect) + "WHERE g.id = ?1");
  if (!query) return Failure{query.error()};
  query.value().bind(1, id);
  auto row = query.value().step();
  if (!row) return Failure{row.error()};
  if (!row.value()) return Failure{no_such_game(id)};
  return summary_of(query.value());
}

Result<std::string> GameRecords::game_pgn(std::int64_t id) {
  auto query = Statement::prepare(db_, "SELECT pgn FROM games WHERE id = ?1");
  if (!query) return Failure{query.error()};
  query.value().bind(1, id);
  auto row = query.value().step();
  if (!row) return Failure{row.error()};
  if (!row.value()) return Failure{no_such_game(id)};
  return query.value().column_text(0);
}

Result<GameRecords::PgnExport> GameRecords::export_all_pgn() {
  auto query = Statement::prepare(db_, "SELECT pgn FROM games WHERE archived_at IS NULL ORDER BY id");
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

Result<int> GameRecords::kept_game_count() {
  auto query = Statement::prepare(db_, "SELECT count(*) FROM games WHERE archived_at IS NULL");
  if (!query) return Failure{query.error()};
  auto row = query.value().step();
  if (!row) return Failure{row.error()};
  return row.value() ? int(query.value().column_int(0)) : 0;
}

Result<bool> GameRecords::save_interrupted(const InterruptedGame& game) {
  auto save = Statement::prepare(
      db_,
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

Result<std::optional<InterruptedGame>> GameRecords::interrupted() {
  auto query = Statement::prepare(db_,
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

Result<bool> GameRecords::clear_interrupted() { return db_.exec("DELETE FROM interrupted_game"); }

}  // namespace gambit::store
