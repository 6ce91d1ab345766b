// SPDX-License-Identifier: MIT
#include "core/store/store.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <system_error>
#include <thread>
#include <tuple>
#include <utility>
#include <variant>

#include "core/store/players_table.h"
#include "core/store/schema.h"
#include "core/store/set_aside.h"
#include "core/store/sqlite.h"
#include "core/util/fnv1a.h"
#include "core/util/translation.h"

namespace gambit::store {

namespace {

namespace fs = std::filesystem;

// How long opening waits for other processes that hold the file.
constexpr std::chrono::seconds OpenPatience{10};

// FNV-1a, 64 bits, as 16 hex digits: the options part of an AI identity.
std::string digest(const std::string& text) {
  char out[17];
  std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(fnv1a(text)));
  return out;
}

// White's points from a result text; nullopt for anything else.
std::optional<double> white_points_of(const std::string& result) {
  if (result == "1-0") return 1.0;
  if (result == "0-1") return 0.0;
  if (result == "1/2-1/2") return 0.5;
  return std::nullopt;
}

// Why an opened file cannot be used as it is. Damage (not a database, corrupt,
// newer, someone else's) means the file is set aside; anything else (busy,
// read-only, a full disk) is an error to report with the file left alone.
struct OpenProblem {
  bool damage = false;
  bool busy = false;  // another process holds the file: try again shortly
  std::string message;
};

// Checks and migrates an opened file; the schema version it had before. The
// checks only read, so a file set aside afterwards is exactly as it was found.
std::variant<int, OpenProblem> prepare(Connection& db) {
  auto problem = [&db](const std::string& what) {
    return OpenProblem{db.last_error_is_damage(), db.last_error_is_busy(), what};
  };
  // One read transaction: a consistent view even while another process creates or migrates the file.
  if (auto begun = db.exec("BEGIN"); !begun) return problem(begun.error());
  struct EndRead {  // ends the read transaction on every early return
    Connection& db;
    bool open = true;
    ~EndRead() {
      if (open) static_cast<void>(db.exec("COMMIT"));
    }
  } end_read{db};
  auto check = Statement::prepare(db, "PRAGMA quick_check");
  if (!check) return problem(check.error());
  auto row = check.value().step();
  if (!row) return problem(row.error());
  if (!row.value() || check.value().column_text(0) != "ok")
    return OpenProblem{true, false,
                       // TRANSLATORS: about the scores file; {reason} is SQLite's report of the damage, in English.
                       fill(tr("it is damaged ({reason})"),
                            {{"reason", row.value() ? check.value().column_text(0) : std::string("?")}})};
  check.value().reset();
  auto version = db.query_int("PRAGMA user_version");
  if (!version) return problem(version.error());
  if (version.value() > SchemaVersion)
    return OpenProblem{true, false,
                       fill(tr("it was written by a newer Gambit (schema {schema}, this one knows up to {known})"),
                            {{"schema", std::to_string(version.value())}, {"known", std::to_string(SchemaVersion)}})};
  if (version.value() < 0) return OpenProblem{true, false, tr("it is a database of some other program")};
  auto tables = db.query_int("SELECT count(*) FROM sqlite_master WHERE type = 'table'");
  if (!tables) return problem(tables.error());
  if (version.value() == 0 && tables.value() > 0)
    return OpenProblem{true, false, tr("it is a database of some other program")};
  for (const char* table : tables_of_schema(int(version.value()))) {
    auto found = db.query_int(std::string("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = '") +
                              table + "'");
    if (!found) return problem(found.error());
    if (found.value() != 1)
      return OpenProblem{true, false,
                         // TRANSLATORS: {table} is the name of a table of the database (not translated).
                         fill(tr("it is not a Gambit scores file (no table {table})"), {{"table", table}})};
  }
  check.value().reset();
  end_read.open = false;
  if (auto read = db.exec("COMMIT"); !read) return problem(read.error());

  auto mode = Statement::prepare(db, "PRAGMA journal_mode = WAL");
  if (!mode) return problem(mode.error());
  auto mode_row = mode.value().step();
  if (!mode_row) return problem(mode_row.error());
  if (!mode_row.value() || mode.value().column_text(0) != "wal")
    return OpenProblem{false, false, tr("the file system does not allow SQLite's write-ahead log here")};
  mode.value().reset();
  if (auto sync = db.exec("PRAGMA synchronous = FULL"); !sync) return problem(sync.error());
  auto migrated = migrate(db);
  if (!migrated) return problem(migrated.error());
  return int(version.value());
}

// The options part of an AI identity as the players table keys it.
std::string options_key(const PlayerIdentity& who) { return who.human ? "" : digest(who.options); }

// Sets an AI's placement; whether it changed.
Result<bool> place(Connection& db, std::int64_t player, const Placement& placement) {
  auto update = Statement::prepare(db,
                                   "UPDATE players SET rating = ?2, rating_deviation = ?3 WHERE id = ?1 AND kind = 'ai' "
                                   "AND (rating IS NULL OR rating_deviation IS NULL OR rating != ?2 OR "
                                   "rating_deviation != ?3)");
  if (!update) return Failure{update.error()};
  update.value().bind(1, player).bind(2, placement.rating).bind(3, placement.deviation);
  if (auto ran = update.value().run(); !ran) return Failure{ran.error()};
  auto changed = db.query_int("SELECT changes()");
  if (!changed) return Failure{changed.error()};
  return changed.value() > 0;
}

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

// Rates one game if it is rated: the person's rating after it, from their
// latest one. Games must be rated in the order they were recorded.
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

// Computes every counted rating again, game by game in the order recorded
// (inside the caller's transaction).
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

// Rated games without their rating: those of files migrated from earlier
// schemas (whose ratings were dropped), or of a process that died in between.
// Any such game means every counted rating is computed again, in order.
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

}  // namespace

Result<std::int64_t> player_id(Connection& db, const PlayerIdentity& who, bool* placed) {
  const std::string kind = who.human ? "human" : "ai";
  const std::string options_digest = options_key(who);
  auto upsert = Statement::prepare(
      db,
      "INSERT INTO players (kind, name, version, options, options_digest, label) VALUES (?1, ?2, ?3, ?4, ?5, ?6) "
      "ON CONFLICT (kind, name, version, options_digest) DO UPDATE SET label = excluded.label");
  if (!upsert) return Failure{upsert.error()};
  upsert.value().bind(1, kind).bind(2, who.name).bind(3, who.human ? std::string() : who.version);
  upsert.value().bind(4, who.human ? std::string() : who.options).bind(5, options_digest).bind(6, who.label);
  if (auto ran = upsert.value().run(); !ran) return Failure{ran.error()};
  auto find = Statement::prepare(
      db, "SELECT id FROM players WHERE kind = ?1 AND name = ?2 AND version = ?3 AND options_digest = ?4");
  if (!find) return Failure{find.error()};
  find.value().bind(1, kind).bind(2, who.name).bind(3, who.human ? std::string() : who.version).bind(4, options_digest);
  auto row = find.value().step();
  if (!row) return Failure{row.error()};
  if (!row.value()) return Failure{tr("the player just written is missing")};
  const std::int64_t id = find.value().column_int(0);
  if (!who.human && who.placement) {
    auto changed = place(db, id, *who.placement);
    if (!changed) return Failure{changed.error()};
    if (placed) *placed = changed.value();
  }
  return id;
}

Result<std::optional<std::int64_t>> profile_id(Connection& db, const std::string& profile) {
  auto find = Statement::prepare(db, "SELECT id FROM players WHERE kind = 'human' AND name = ?1 AND version = ''");
  if (!find) return Failure{find.error()};
  find.value().bind(1, profile);
  auto row = find.value().step();
  if (!row) return Failure{row.error()};
  if (!row.value()) return std::optional<std::int64_t>();
  return std::optional<std::int64_t>(find.value().column_int(0));
}

PlayerIdentity PlayerIdentity::person(const std::string& profile) { return {true, profile, "", "", profile, {}}; }

PlayerIdentity PlayerIdentity::ai(const std::string& id, const std::string& version, const std::string& options,
                                  const std::string& label, std::optional<Placement> placement) {
  return {false, id, version, options, label, placement};
}

double Standing::score_percent() const {
  return games() == 0 ? 0.0 : 100.0 * (wins + 0.5 * draws) / games();
}

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

Store::Store(fs::path path, std::string profile, std::unique_ptr<Connection> db)
    : path_(std::move(path)), profile_(std::move(profile)), db_(std::move(db)) {}

Store::~Store() = default;

Result<Store::Opened> Store::open(const fs::path& path, const std::string& profile) {
  std::error_code error;
  if (path.has_parent_path()) {
    fs::create_directories(path.parent_path(), error);
    if (error)
      // TRANSLATORS: {reason} is the system's words for the error.
      return Failure{fill(tr("cannot make the folder {path}: {reason}"),
                          {{"path", path.parent_path().string()}, {"reason", error.message()}})};
  }
  if (fs::is_directory(path, error))
    return Failure{fill(tr("{path} is a folder, not a scores file"), {{"path", path.string()}})};

  const FolderLock lock(path.has_parent_path() ? path.parent_path() : fs::path("."));
  std::optional<std::string> notice;
  const auto give_up = std::chrono::steady_clock::now() + OpenPatience;
  for (int set_aside = 0;;) {
    const std::vector<fs::path> had = side_files(path);
    auto db = Connection::open(path);
    if (!db) return Failure{db.error()};
    auto prepared = prepare(*db.value());
    if (std::holds_alternative<int>(prepared)) {
      // Also after a crash between a migration and this step: it runs until no game lacks its ratings.
      if (auto rebuilt = rebuild_ratings(*db.value()); !rebuilt) return Failure{rebuilt.error()};
      return Opened{std::unique_ptr<Store>(new Store(path, profile, std::move(db).value())), notice};
    }
    const OpenProblem problem = std::get<OpenProblem>(prepared);
    if (problem.busy && std::chrono::steady_clock::now() < give_up) {
      // Another process is creating or migrating the file (SQLite cannot wait
      // on its busy handler while the journal mode changes): try again.
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      continue;
    }
    if (!problem.damage || set_aside++ > 0)
      // TRANSLATORS: {reason} is why the file cannot be used ("it is a database of some other program").
      return Failure{fill(tr("cannot use the scores file {path}: {reason}"),
                          {{"path", path.string()}, {"reason", problem.message}})};
    db.value()->keep_log_on_close();  // the file is set aside exactly as it was found
    db.value().reset();
    auto aside = move_aside(path, had);
    if (!aside) return Failure{aside.error()};
    // TRANSLATORS: {reason} is why the file could not be used ("it is damaged (...)"); {aside} the file it was
    // renamed to.
    notice = fill(tr("The scores file {path} could not be used ({reason}); it was kept as {aside} and a new one was "
                     "started."),
                  {{"path", path.string()}, {"reason", problem.message}, {"aside", aside.value().string()}});
  }
}

Result<std::int64_t> Store::record_game(const FinishedGame& game) {
  if (!white_points_of(game.result))
    return Failure{
        // TRANSLATORS: {result} is the game's result as PGN writes it, quoted ('1-0').
        fill(tr("cannot record a game with the result {result}"), {{"result", quote_for_message(game.result)}})};
  if (game.white.name.empty() || game.black.name.empty())
    return Failure{tr("cannot record a game without both players' names")};
  Connection& db = *db_;
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

Result<int> Store::place_players(const std::vector<PlayerIdentity>& placed) {
  auto transaction = Transaction::begin(*db_);
  if (!transaction) return Failure{transaction.error()};
  auto find = Statement::prepare(
      *db_, "SELECT id FROM players WHERE kind = 'ai' AND name = ?1 AND version = ?2 AND options = ?3");
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
    auto moved = place(*db_, id, *who.placement);
    if (!moved) return Failure{moved.error()};
    changed += moved.value() ? 1 : 0;
    // The level's own name: an identity recorded under another label (a level
    // with options that make it play as this one) is shown as what it is.
    auto relabel = Statement::prepare(*db_, "UPDATE players SET label = ?2 WHERE id = ?1");
    if (!relabel) return Failure{relabel.error()};
    relabel.value().bind(1, id).bind(2, who.label);
    if (auto ran = relabel.value().run(); !ran) return Failure{ran.error()};
  }
  if (changed > 0)
    if (auto rated = rate_all_again(*db_); !rated) return Failure{rated.error()};
  if (auto committed = transaction.value()->commit(); !committed) return Failure{committed.error()};
  return changed;
}

Result<std::vector<Standing>> Store::standings() {
  auto me = profile_id(*db_, profile_);
  if (!me) return Failure{me.error()};
  auto query = Statement::prepare(*db_,
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

Result<rating::Glicko2> Store::rating(const rating::RatingPool& pool) {
  auto me = profile_id(*db_, profile_);
  if (!me) return Failure{me.error()};
  if (!me.value()) return rating::Glicko2{};
  return current_rating(*db_, *me.value(), pool.key());
}

Result<std::vector<PoolRating>> Store::pools() {
  std::vector<PoolRating> pools;
  auto me = profile_id(*db_, profile_);
  if (!me) return Failure{me.error()};
  if (!me.value()) return pools;
  auto query = Statement::prepare(*db_,
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
    auto now = current_rating(*db_, *me.value(), pool.pool.key());
    if (!now) return Failure{now.error()};
    pool.rating = now.value();
  }
  std::stable_sort(pools.begin(), pools.end(), [](const PoolRating& a, const PoolRating& b) {
    return a.games != b.games ? a.games > b.games : a.pool.key() < b.pool.key();
  });
  return pools;
}

Result<std::optional<Store::RatingChange>> Store::rating_change(std::int64_t game_id) {
  auto me = profile_id(*db_, profile_);
  if (!me) return Failure{me.error()};
  if (!me.value()) return std::optional<RatingChange>();
  auto query = Statement::prepare(*db_,
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

Result<std::vector<RatingPoint>> Store::rating_history(const rating::RatingPool& pool) {
  std::vector<RatingPoint> points;
  auto me = profile_id(*db_, profile_);
  if (!me) return Failure{me.error()};
  if (!me.value()) return points;
  auto query = Statement::prepare(*db_,
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

}  // namespace gambit::store
