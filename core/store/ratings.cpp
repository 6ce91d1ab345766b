// SPDX-License-Identifier: MIT
// Ratings (ratings.h), and the ratings table as the store's other files use
// it (ratings_table.h): a person's Glicko-2 rating after each rated game, in
// that game's pool, computed game by game in the order recorded.
// schema.cpp holds the tables.
#include "core/store/ratings.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <utility>

#include "core/store/players_table.h"
#include "core/store/ratings_table.h"
#include "core/store/sqlite.h"
#include "core/util/local_time.h"
#include "core/util/translation.h"

namespace gambit::store {

namespace {

// A person's rating in a pool after their latest counted game there (Glicko-2's start if none).
Result<rating::Glicko2> current_rating(Connection& db, std::int64_t player, const std::string& pool) {
  auto query = Statement::prepare(db,
                                  "SELECT r.rating, r.deviation, r.volatility FROM ratings r JOIN games g ON g.id = "
                                  "r.game_id WHERE r.player_id = ?1 AND g.pool = ?2 AND g.archived_at IS NULL "
                                  "ORDER BY r.game_id DESC LIMIT 1");
  if (!query) return Failure{query.error()};
  query.value().bind(1, player).bind(2, pool);
  auto row = query.value().step();
  if (!row) return Failure{row.error()};
  if (!row.value()) return rating::Glicko2{};
  const Statement& r = query.value();
  return rating::Glicko2{r.column_double(0), r.column_double(1), r.column_double(2)};
}

// The counted games that are rated: announced rated, from the start, a person against a placed AI.
constexpr const char* RatedGames =
    "FROM games g JOIN players w ON w.id = g.white_id JOIN players b ON b.id = g.black_id "
    "WHERE g.archived_at IS NULL AND g.rated = 1 AND g.from_start = 1 AND "
    "((w.kind = 'human' AND b.kind = 'ai' AND b.rating IS NOT NULL AND b.rating_deviation IS NOT NULL) OR "
    "(b.kind = 'human' AND w.kind = 'ai' AND w.rating IS NOT NULL AND w.rating_deviation IS NOT NULL))";

// Every game's pool from its variant and time control, for the games of files
// migrated from schema 5 or earlier (whose pool is ''), in one transaction.
Result<bool> fill_pools(Connection& db) {
  auto missing = db.query_int("SELECT count(*) FROM games WHERE pool = ''");
  if (!missing) return Failure{missing.error()};
  if (missing.value() == 0) return true;
  auto transaction = Transaction::begin(db);
  if (!transaction) return Failure{transaction.error()};
  auto games = Statement::prepare(db, "SELECT id, variant, time_control FROM games WHERE pool = ''");
  if (!games) return Failure{games.error()};
  std::vector<std::pair<std::int64_t, std::string>> pools;
  for (;;) {
    auto row = games.value().step();
    if (!row) return Failure{row.error()};
    if (!row.value()) break;
    const Statement& r = games.value();
    pools.emplace_back(r.column_int(0), rating::pool_of(r.column_text(1), r.column_text(2)).key());
  }
  auto update = Statement::prepare(db, "UPDATE games SET pool = ?2 WHERE id = ?1");
  if (!update) return Failure{update.error()};
  for (const auto& [id, pool] : pools) {
    update.value().reset();
    update.value().bind(1, id).bind(2, pool);
    if (auto ran = update.value().run(); !ran) return Failure{ran.error()};
  }
  return transaction.value()->commit();
}

}  // namespace

std::optional<double> white_points_of(const std::string& result) {
  if (result == "1-0") return 1.0;
  if (result == "0-1") return 0.0;
  if (result == "1/2-1/2") return 0.5;
  return std::nullopt;
}

Result<bool> rate_game(Connection& db, std::int64_t game) {
  auto query = Statement::prepare(
      db, std::string("SELECT g.result, w.kind, w.id, b.id, w.rating, w.rating_deviation, b.rating, "
                      "b.rating_deviation, g.pool ") + RatedGames + " AND g.id = ?1");
  if (!query) return Failure{query.error()};
  query.value().bind(1, game);
  auto row = query.value().step();
  if (!row) return Failure{row.error()};
  if (!row.value()) return true;  // not a rated game
  const Statement& r = query.value();
  const bool white_person = r.column_text(1) == "human";
  const double white_points = white_points_of(r.column_text(0)).value_or(0.5);
  const std::int64_t person = white_person ? r.column_int(2) : r.column_int(3);
  const rating::GameResult result{white_person ? r.column_double(6) : r.column_double(4),
                                  white_person ? r.column_double(7) : r.column_double(5),
                                  white_person ? white_points : 1.0 - white_points};
  auto before = current_rating(db, person, r.column_text(8));
  if (!before) return Failure{before.error()};
  const rating::Glicko2 after = rating::update(before.value(), {&result, 1});
  auto insert = Statement::prepare(
      db, "INSERT INTO ratings (game_id, player_id, rating, deviation, volatility) VALUES (?1, ?2, ?3, ?4, ?5)");
  if (!insert) return Failure{insert.error()};
  insert.value().bind(1, game).bind(2, person).bind(3, after.rating).bind(4, after.deviation).bind(5, after.volatility);
  return insert.value().run();
}

Result<bool> rate_all_again(Connection& db) {
  if (auto dropped = db.exec("DELETE FROM ratings WHERE game_id IN (SELECT id FROM games WHERE archived_at IS NULL)");
      !dropped)
    return Failure{dropped.error()};
  auto games = Statement::prepare(db, std::string("SELECT g.id ") + RatedGames + " ORDER BY g.id");
  if (!games) return Failure{games.error()};
  std::vector<std::int64_t> ids;
  for (;;) {
    auto row = games.value().step();
    if (!row) return Failure{row.error()};
    if (!row.value()) break;
    ids.push_back(games.value().column_int(0));
  }
  for (std::int64_t id : ids)
    if (auto rated = rate_game(db, id); !rated) return Failure{rated.error()};
  return true;
}

Result<bool> rebuild_ratings(Connection& db) {
  if (auto filled = fill_pools(db); !filled) return Failure{filled.error()};
  auto missing = db.query_int(std::string("SELECT count(*) ") + RatedGames +
                              " AND NOT EXISTS (SELECT 1 FROM ratings r WHERE r.game_id = g.id)");
  if (!missing) return Failure{missing.error()};
  if (missing.value() == 0) return true;
  auto transaction = Transaction::begin(db);
  if (!transaction) return Failure{transaction.error()};
  if (auto rated = rate_all_again(db); !rated) return Failure{rated.error()};
  return transaction.value()->commit();
}

double Standing::score_percent() const {
  return games() == 0 ? 0.0 : 100.0 * (wins + 0.5 * draws) / games();
}

Result<int> Ratings::place_players(const std::vector<PlayerIdentity>& placed) {
  auto transaction = Transaction::begin(db_);
  if (!transaction) return Failure{transaction.error()};
  auto find = Statement::prepare(
      db_, "SELECT id FROM players WHERE kind = 'ai' AND name = ?1 AND version = ?2 AND options = ?3");
  if (!find) return Failure{find.error()};
  int changed = 0;
  for (const PlayerIdentity& who : placed) {
    if (who.human || !who.placement) continue;
    find.value().reset();
    find.value().bind(1, who.name).bind(2, who.version).bind(3, who.options);
    auto row = find.value().step();
    if (!row) return Failure{row.error()};
    if (!row.value()) continue;
    const std::int64_t id = find.value().column_int(0);
    auto moved = place(db_, id, *who.placement);
    if (!moved) return Failure{moved.error()};
    changed += moved.value() ? 1 : 0;
    // The level's own name: an identity recorded under another label (a level
    // with options that make it play as this one) is shown as what it is.
    auto relabel = Statement::prepare(db_, "UPDATE players SET label = ?2 WHERE id = ?1");
    if (!relabel) return Failure{relabel.error()};
    relabel.value().bind(1, id).bind(2, who.label);
    if (auto ran = relabel.value().run(); !ran) return Failure{ran.error()};
  }
  if (changed > 0)
    if (auto rated = rate_all_again(db_); !rated) return Failure{rated.error()};
  if (auto committed = transaction.value()->commit(); !committed) return Failure{committed.error()};
  return changed;
}

Result<std::vector<Standing>> Ratings::standings() {
  auto me = profile_id(db_, profile_);
  if (!me) return Failure{me.error()};
  auto query = Statement::prepare(db_,
                                  "SELECT g.result, w.id, w.kind, w.label, b.id, b.kind, b.label FROM games g "
                                  "JOIN players w ON w.id = g.white_id JOIN players b ON b.id = g.black_id "
                                  "WHERE g.archived_at IS NULL ORDER BY g.id");
  if (!query) return Failure{query.error()};
  std::map<std::int64_t, Standing> vs_ai;                             // by the AI's player id
  std::map<std::pair<std::int64_t, std::int64_t>, Standing> ai_vs_ai;  // by the ids, first-named first
  // TRANSLATORS: a line of the Scores screen: the games between two people at this computer.
  Standing humans{Standing::Kind::HumanVsHuman, tr("human vs human")};
  auto add = [](Standing& s, double points) {
    if (points == 1.0) ++s.wins;
    else if (points == 0.0) ++s.losses;
    else ++s.draws;
  };
  for (;;) {
    auto row = query.value().step();
    if (!row) return Failure{row.error()};
    if (!row.value()) break;
    const Statement& r = query.value();
    const double points = white_points_of(r.column_text(0)).value_or(0.5);
    const std::int64_t white = r.column_int(1), black = r.column_int(4);
    const bool white_human = r.column_text(2) == "human", black_human = r.column_text(5) == "human";
    const std::string white_label = r.column_text(3), black_label = r.column_text(6);
    const bool white_me = *me && white == **me, black_me = *me && black == **me;
    if (white_human && black_human) {
      if (white_me || black_me) add(humans, points);
    } else if (white_me || black_me) {
      Standing& s = vs_ai[white_me ? black : white];
      s.kind = Standing::Kind::VsAi;
      s.label = white_me ? black_label : white_label;
      add(s, white_me ? points : 1.0 - points);
    } else if (!white_human && !black_human) {
      const bool white_first = std::tie(white_label, white) <= std::tie(black_label, black);
      Standing& s = ai_vs_ai[white_first ? std::make_pair(white, black) : std::make_pair(black, white)];
      s.kind = Standing::Kind::AiVsAi;
      // TRANSLATORS: a line of the Scores screen: the games between two AI players, by their names.
      s.label = fill(tr("{first} vs {second}"), {{"first", white_first ? white_label : black_label},
                                                 {"second", white_first ? black_label : white_label}});
      add(s, white_first ? points : 1.0 - points);
    }
  }
  auto by_games = [](const Standing& a, const Standing& b) {
    return a.games() != b.games() ? a.games() > b.games() : a.label < b.label;
  };
  std::vector<Standing> out, pairings;
  for (auto& [key, s] : vs_ai) out.push_back(s);
  std::sort(out.begin(), out.end(), by_games);
  if (humans.games() > 0) out.push_back(humans);
  for (auto& [key, s] : ai_vs_ai) pairings.push_back(s);
  std::sort(pairings.begin(), pairings.end(), by_games);
  out.insert(out.end(), pairings.begin(), pairings.end());
  return out;
}

Result<rating::Glicko2> Ratings::rating(const rating::RatingPool& pool) {
  auto me = profile_id(db_, profile_);
  if (!me) return Failure{me.error()};
  if (!me.value()) return rating::Glicko2{};
  return current_rating(db_, *me.value(), pool.key());
}

Result<std::vector<PoolRating>> Ratings::pools() {
  std::vector<PoolRating> pools;
  auto me = profile_id(db_, profile_);
  if (!me) return Failure{me.error()};
  if (!me.value()) return pools;
  auto query = Statement::prepare(db_,
                                  "SELECT g.pool, count(*) FROM ratings r JOIN games g ON g.id = r.game_id "
                                  "WHERE r.player_id = ?1 AND g.archived_at IS NULL GROUP BY g.pool");
  if (!query) return Failure{query.error()};
  query.value().bind(1, *me.value());
  for (;;) {
    auto row = query.value().step();
    if (!row) return Failure{row.error()};
    if (!row.value()) break;
    const std::string key = query.value().column_text(0);
    auto pool = rating::RatingPool::from_key(key);
    if (!pool) continue;  // not a pool this build knows (written by a newer one): not shown
    pools.push_back({*pool, {}, int(query.value().column_int(1))});
  }
  for (PoolRating& pool : pools) {
    auto now = current_rating(db_, *me.value(), pool.pool.key());
    if (!now) return Failure{now.error()};
    pool.rating = now.value();
  }
  std::stable_sort(pools.begin(), pools.end(), [](const PoolRating& a, const PoolRating& b) {
    return a.games != b.games ? a.games > b.games : a.pool.key() < b.pool.key();
  });
  return pools;
}

Result<std::optional<Ratings::RatingChange>> Ratings::rating_change(std::int64_t game_id) {
  auto me = profile_id(db_, profile_);
  if (!me) return Failure{me.error()};
  if (!me.value()) return std::optional<RatingChange>();
  auto query = Statement::prepare(db_,
                                  "SELECT r.game_id, r.rating, r.deviation, r.volatility FROM ratings r JOIN games g "
                                  "ON g.id = r.game_id WHERE r.player_id = ?1 AND g.archived_at IS NULL AND "
                                  "r.game_id <= ?2 AND g.pool = (SELECT pool FROM games WHERE id = ?2) "
                                  "ORDER BY r.game_id DESC LIMIT 2");
  if (!query) return Failure{query.error()};
  query.value().bind(1, *me.value()).bind(2, game_id);
  std::vector<std::pair<std::int64_t, rating::Glicko2>> rows;
  for (;;) {
    auto row = query.value().step();
    if (!row) return Failure{row.error()};
    if (!row.value()) break;
    const Statement& r = query.value();
    rows.emplace_back(r.column_int(0), rating::Glicko2{r.column_double(1), r.column_double(2), r.column_double(3)});
  }
  if (rows.empty() || rows[0].first != game_id) return std::optional<RatingChange>();
  return std::optional<RatingChange>(RatingChange{rows.size() > 1 ? rows[1].second : rating::Glicko2{}, rows[0].second});
}

Result<std::vector<RatingPoint>> Ratings::rating_history(const rating::RatingPool& pool) {
  std::vector<RatingPoint> points;
  auto me = profile_id(db_, profile_);
  if (!me) return Failure{me.error()};
  if (!me.value()) return points;
  auto query = Statement::prepare(db_,
                                  "SELECT r.game_id, g.ended_at, r.rating, r.deviation, r.volatility, g.result, "
                                  "g.white_id = r.player_id, CASE WHEN g.white_id = r.player_id THEN g.black_id "
                                  "ELSE g.white_id END FROM ratings r JOIN games g ON g.id = r.game_id "
                                  "WHERE r.player_id = ?1 AND g.pool = ?2 AND g.archived_at IS NULL ORDER BY r.game_id");
  if (!query) return Failure{query.error()};
  query.value().bind(1, *me.value()).bind(2, pool.key());
  for (;;) {
    auto row = query.value().step();
    if (!row) return Failure{row.error()};
    if (!row.value()) return points;
    const Statement& r = query.value();
    const double white_points = white_points_of(r.column_text(5)).value_or(0.5);
    points.push_back({r.column_int(0), r.column_int(1), {r.column_double(2), r.column_double(3), r.column_double(4)},
                      r.column_int(6) ? white_points : 1.0 - white_points, r.column_int(7)});
  }
}

Result<int> Ratings::reset_scores() {
  auto transaction = Transaction::begin(db_);
  if (!transaction) return Failure{transaction.error()};
  auto archive = Statement::prepare(db_, "UPDATE games SET archived_at = ?1 WHERE archived_at IS NULL");
  if (!archive) return Failure{archive.error()};
  archive.value().bind(1, unix_now());
  if (auto ran = archive.value().run(); !ran) return Failure{ran.error()};
  auto changed = db_.query_int("SELECT changes()");
  if (!changed) return Failure{changed.error()};
  if (auto committed = transaction.value()->commit(); !committed) return Failure{committed.error()};
  return int(changed.value());
}

}  // namespace gambit::store
