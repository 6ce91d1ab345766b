// SPDX-License-Identifier: MIT
#include "core/database/game_database.h"

#include <algorithm>
#include <array>
#include <string_view>

#include "core/database/move_codec.h"
#include "core/store/sqlite.h"
#include "core/util/translation.h"

namespace gambit::database {

namespace fs = std::filesystem;
using store::Connection;
using store::Statement;
using store::Transaction;

namespace {

// "GADB" in PRAGMA application_id: a file of ours, told from any other SQLite file.
constexpr std::int64_t ApplicationId = 0x47414442;
constexpr std::int64_t SchemaVersion = 2;  // 2: speed, and each position's move in the index

constexpr const char* Schema = R"sql(
CREATE TABLE games(
  id INTEGER PRIMARY KEY,
  white TEXT NOT NULL, black TEXT NOT NULL,
  white_elo INTEGER NOT NULL, black_elo INTEGER NOT NULL,
  result TEXT NOT NULL, date TEXT NOT NULL, event TEXT NOT NULL, site TEXT NOT NULL, round TEXT NOT NULL,
  eco TEXT NOT NULL, opening TEXT NOT NULL, time_control TEXT NOT NULL, variant TEXT NOT NULL,
  speed INTEGER NOT NULL,  -- 0 unknown, else 1 + rating::Speed
  plies INTEGER NOT NULL,
  fen TEXT,    -- the start when it is not the variant's
  tags TEXT,   -- the other tags, "Name\tValue\n" each
  moves BLOB NOT NULL,  -- move_codec.h
  pgn TEXT     -- the game's text when it has more than its main line: comments, NAGs, variations
);
CREATE INDEX games_white ON games(white COLLATE NOCASE);
CREATE INDEX games_black ON games(black COLLATE NOCASE);
CREATE TABLE position_runs(id INTEGER PRIMARY KEY, entries INTEGER NOT NULL, directory BLOB NOT NULL);
CREATE TABLE position_blocks(id INTEGER PRIMARY KEY, data BLOB NOT NULL);  -- position_index.h
CREATE TABLE imports(
  file TEXT PRIMARY KEY, size INTEGER NOT NULL, modified INTEGER NOT NULL, offset INTEGER NOT NULL,
  games INTEGER NOT NULL, skipped INTEGER NOT NULL, finished INTEGER NOT NULL
);
)sql";

// The tags kept in columns (and those the start position and result give), in column order.
constexpr std::array<std::string_view, 12> ColumnTags{"White", "Black", "WhiteElo", "BlackElo", "Date", "Event",
                                                       "Site",  "Round", "ECO",      "Opening",  "TimeControl",
                                                       "Variant"};

bool in_columns(std::string_view tag) {
  for (std::string_view name : ColumnTags)
    if (name == tag) return true;
  return tag == "Result" || tag == "SetUp" || tag == "FEN";
}

int rating_of(const std::string& text) {
  int value = 0;
  for (char c : text) {
    if (c < '0' || c > '9' || value > 10000) return 0;
    value = value * 10 + (c - '0');
  }
  return value;
}

// "'path' is not a Gambit game database: why"
Failure not_ours(const fs::path& path, const std::string& why) {
  // TRANSLATORS: {path} is a file's path, quoted; {why} says what it is instead.
  return Failure{fill(tr("{path} is not a Gambit game database: {why}"),
                      {{"path", "'" + path.string() + "'"}, {"why", why}})};
}

// The SQL condition (after "WHERE") of the filter's header fields; their values, numbered from 1, in values.
std::string header_condition(const GameFilter& filter, std::vector<std::string>& values) {
  std::string sql = "1";
  const auto prefix = [&](const std::string& column, const std::string& start) {
    values.push_back(start);
    values.push_back(start + "\xF4\x8F\xBF\xBF");  // after every name that begins so
    const std::string n = std::to_string(values.size());
    return "(" + column + " >= ?" + std::to_string(values.size() - 1) + " COLLATE NOCASE AND " + column + " < ?" +
           n + " COLLATE NOCASE)";
  };
  if (!filter.player.empty()) {
    if (filter.side == GameFilter::Side::White) sql += " AND " + prefix("white", filter.player);
    else if (filter.side == GameFilter::Side::Black) sql += " AND " + prefix("black", filter.player);
    else sql += " AND (" + prefix("white", filter.player) + " OR " + prefix("black", filter.player) + ")";
  }
  if (!filter.event.empty()) sql += " AND " + prefix("event", filter.event);
  if (!filter.site.empty()) sql += " AND " + prefix("site", filter.site);
  if (!filter.eco.empty()) sql += " AND " + prefix("eco", filter.eco);
  const auto equal = [&](const std::string& column, const char* op, const std::string& value) {
    values.push_back(value);
    return " AND " + column + " " + op + " ?" + std::to_string(values.size());
  };
  if (!filter.result.empty()) sql += equal("result", "=", filter.result);
  if (!filter.time_control.empty()) sql += equal("time_control", "=", filter.time_control);
  if (!filter.variant.empty()) sql += equal("variant", "=", filter.variant) + " COLLATE NOCASE";
  if (filter.speed) sql += " AND speed = " + std::to_string(1 + int(*filter.speed));
  if (!filter.date_from.empty()) sql += equal("date", ">=", filter.date_from);
  if (!filter.date_to.empty()) sql += equal("date", "<=", filter.date_to + "\x7f");
  if (filter.min_elo > 0) {
    const std::string elo = std::to_string(filter.min_elo);
    sql += " AND white_elo >= " + elo + " AND black_elo >= " + elo;
  }
  if (filter.max_elo > 0) {  // an unknown rating (0) is not within a range
    const std::string elo = std::to_string(filter.max_elo);
    sql += " AND white_elo BETWEEN 1 AND " + elo + " AND black_elo BETWEEN 1 AND " + elo;
  }
  return sql;
}

void bind_all(Statement& statement, const std::vector<std::string>& values) {
  for (std::size_t i = 0; i < values.size(); ++i) statement.bind(int(i + 1), values[i]);
}

}  // namespace

std::optional<rating::Speed> speed_of_time_control(std::string_view tag) {
  if (tag.empty() || tag == "?") return std::nullopt;
  if (tag == "-") return rating::Speed::Untimed;
  // "40/7200:3600" (moves/seconds per period, PGN standard 9.6.1): the first period's seconds, no increment.
  if (const auto slash = tag.find('/'); slash != std::string_view::npos) {
    const auto colon = tag.find(':');
    tag = tag.substr(slash + 1, colon == std::string_view::npos ? std::string_view::npos : colon - slash - 1);
  }
  const std::string clock = tag.find('+') == std::string_view::npos ? std::string(tag) + "+0" : std::string(tag);
  const rating::RatingPool pool = rating::pool_of("standard", clock);
  // pool_of says Untimed for what it cannot read, and for "0+0": neither is a known clock here.
  if (pool.speed == rating::Speed::Untimed) return std::nullopt;
  return pool.speed;
}

namespace {

GameRow row_of(const chess::PgnGame& game) {
  GameRow row;
  for (std::size_t i = 0; i < ColumnTags.size(); ++i) {
    std::string value = game.tag(ColumnTags[i]);
    if (i == 2) row.white_elo = rating_of(value);
    else if (i == 3) row.black_elo = rating_of(value);
    else if (i == 11) row.texts.emplace_back(chess::names_of(game.start.variant()).pgn);
    else row.texts.push_back(std::move(value));
  }
  // Chess960's 960 starts are all starts: which one is the FEN's to say.
  if (game.start.variant() == chess::Variant::Chess960 || !game.start.is_start()) row.fen = game.start.fen();
  for (const auto& [name, value] : game.tags)
    if (!in_columns(name)) row.others += name + '\t' + value + '\n';
  const auto speed = speed_of_time_control(game.tag("TimeControl"));
  row.speed = speed ? 1 + int(*speed) : 0;
  return row;
}

}  // namespace

void GameToAdd::prepare() {
  if (prepared) return;
  row = row_of(game);
  IndexedGame indexed = index_game(game.start, game.moves);
  code = std::move(indexed.code);
  positions = std::move(indexed.positions);
  prepared = true;
}

GameDatabase::GameDatabase(std::unique_ptr<Connection> db)
    : db_(std::move(db)), positions_(std::make_unique<PositionIndex>(*db_)) {}

Result<std::string> GameDatabase::where(const GameFilter& filter, std::vector<std::string>& values) {
  std::string sql = header_condition(filter, values);
  if (!filter.position) return sql;
  const std::string condition = sql + " AND id IN (SELECT id FROM temp.found)";
  if (found_position_ == filter.position) return condition;  // the same search's next page
  auto games = positions_->games_at(*filter.position);
  if (!games) return Failure{games.error()};
  auto made = db_->exec("CREATE TEMP TABLE IF NOT EXISTS found(id INTEGER PRIMARY KEY); DELETE FROM temp.found;");
  if (!made) return Failure{made.error()};
  auto insert = Statement::prepare(*db_, "INSERT INTO temp.found(id) VALUES(?1)");
  if (!insert) return Failure{insert.error()};
  for (const PositionHit& hit : games.value()) {
    insert.value().reset();
    if (auto done = insert.value().bind(1, hit.game).run(); !done) return Failure{done.error()};
  }
  found_position_ = filter.position;
  return condition;
}
GameDatabase::~GameDatabase() = default;

Result<std::unique_ptr<GameDatabase>> GameDatabase::open(const fs::path& path) {
  auto db = Connection::open(path);
  if (!db) return Failure{db.error()};
  Connection& c = *db.value();
  const auto id = c.query_int("PRAGMA application_id");
  if (!id) return c.last_error_is_damage() ? not_ours(path, tr("it is not an SQLite file, or it is damaged"))
                                           : Failure{id.error()};
  const auto version = c.query_int("PRAGMA user_version");
  const auto tables = c.query_int("SELECT count(*) FROM sqlite_master");
  if (!version || !tables) return Failure{!version ? version.error() : tables.error()};
  if (id.value() == 0 && tables.value() == 0) {  // a new file (or an empty one)
    auto made = c.exec("PRAGMA journal_mode = WAL; BEGIN; " + std::string(Schema) +
                       "PRAGMA application_id = " + std::to_string(ApplicationId) +
                       "; PRAGMA user_version = " + std::to_string(SchemaVersion) + "; COMMIT;");
    if (!made) return Failure{made.error()};
  } else if (id.value() != ApplicationId) {
    return not_ours(path, tr("it is another program's SQLite file"));
  } else if (version.value() > SchemaVersion) {
    return not_ours(path, tr("it was made by a newer Gambit"));
  } else if (version.value() < SchemaVersion) {
    return not_ours(path, tr("it was made by a test version of Gambit; import its games again"));
  } else if (auto wal = c.exec("PRAGMA journal_mode = WAL"); !wal) {
    return Failure{wal.error()};
  }
  // NORMAL: WAL synced at checkpoints only; a 64 MiB page cache keeps the name indexes in memory while importing.
  if (auto speed = c.exec("PRAGMA synchronous = NORMAL; PRAGMA cache_size = -65536"); !speed)
    return Failure{speed.error()};
  return std::unique_ptr<GameDatabase>(new GameDatabase(std::move(db).value()));
}

Result<bool> GameDatabase::add(std::span<const GameToAdd> games, const ImportState& state) {
  found_position_.reset();  // the games found at a position may change
  auto transaction = Transaction::begin(*db_);
  if (!transaction) return Failure{transaction.error()};
  auto insert = Statement::prepare(
      *db_,
      "INSERT INTO games(white, black, white_elo, black_elo, result, date, event, site, round, eco, opening, "
      "time_control, variant, plies, fen, tags, moves, pgn, speed) "
      "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19)");
  if (!insert) return Failure{insert.error()};
  Statement& row = insert.value();
  std::vector<PositionEntry>& entries = entries_;
  entries.clear();
  for (const GameToAdd& given : games) {
    const chess::PgnGame& game = given.game;
    // What prepare() makes, made here for a game given unprepared (without copying the game).
    IndexedGame here;
    GameRow here_row;
    if (!given.prepared) here = index_game(game.start, game.moves), here_row = row_of(game);
    const std::vector<std::uint8_t>& code = given.prepared ? given.code : here.code;
    const std::vector<GamePosition>& positions = given.prepared ? given.positions : here.positions;
    const GameRow& columns = given.prepared ? given.row : here_row;
    row.reset();
    // White, Black, then (after the ratings and the result) Date .. Variant: columns 1-2, 6-13.
    for (std::size_t i = 0; i < columns.texts.size(); ++i) row.bind(i < 2 ? int(i) + 1 : int(i) + 4, columns.texts[i]);
    row.bind(3, columns.white_elo).bind(4, columns.black_elo);
    row.bind(5, game.result);
    row.bind(14, std::int64_t(game.moves.size()));
    if (columns.fen.empty()) row.bind_null(15);
    else row.bind(15, columns.fen);
    if (columns.others.empty()) row.bind_null(16);
    else row.bind(16, columns.others);
    row.bind_blob(17, code);
    if (given.pgn.empty()) row.bind_null(18);
    else row.bind(18, given.pgn);
    row.bind(19, columns.speed);
    if (auto done = row.run(); !done) return Failure{done.error()};
    const auto id = std::uint32_t(db_->last_insert_id());
    for (const GamePosition& at : positions) entries.push_back({at.key, id, at.next});
  }
  if (auto indexed = positions_->add_run(entries); !indexed) return Failure{indexed.error()};
  auto save = Statement::prepare(
      *db_, "INSERT OR REPLACE INTO imports(file, size, modified, offset, games, skipped, finished) "
            "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7)");
  if (!save) return Failure{save.error()};
  save.value()
      .bind(1, state.file)
      .bind(2, state.size)
      .bind(3, state.modified)
      .bind(4, state.offset)
      .bind(5, state.games)
      .bind(6, state.skipped)
      .bind(7, std::int64_t(state.finished));
  if (auto done = save.value().run(); !done) return Failure{done.error()};
  return transaction.value()->commit();
}

Result<std::optional<ImportState>> GameDatabase::import_state(const std::string& file) {
  auto query = Statement::prepare(
      *db_, "SELECT size, modified, offset, games, skipped, finished FROM imports WHERE file = ?1");
  if (!query) return Failure{query.error()};
  query.value().bind(1, file);
  std::optional<ImportState> state;
  auto read = store::each_row(query.value(), [&](const Statement& row) {
    state = ImportState{file,           row.column_int(0), row.column_int(1),     row.column_int(2),
                        row.column_int(3), row.column_int(4), row.column_int(5) != 0};
  });
  if (!read) return Failure{read.error()};
  return state;
}

Result<std::int64_t> GameDatabase::count(const GameFilter& filter) {
  if (filter.position && !filter.by_header()) {  // the index alone
    auto games = positions_->games_at(*filter.position);
    if (!games) return Failure{games.error()};
    return std::int64_t(games.value().size());
  }
  std::vector<std::string> values;
  auto condition = where(filter, values);
  if (!condition) return Failure{condition.error()};
  auto query = Statement::prepare(*db_, "SELECT count(*) FROM games WHERE " + condition.value());
  if (!query) return Failure{query.error()};
  bind_all(query.value(), values);
  auto row = query.value().step();
  if (!row) return Failure{row.error()};
  return query.value().column_int(0);
}

namespace {

constexpr const char* HeaderColumns =
    "id, white, black, white_elo, black_elo, result, date, event, site, round, eco, opening, time_control, variant, "
    "plies";

// The headers the query (selecting HeaderColumns) gives.
Result<std::vector<GameHeader>> read_headers(Statement& query) {
  std::vector<GameHeader> headers;
  auto read = store::each_row(query, [&](const Statement& row) {
    GameHeader& h = headers.emplace_back();
    h.id = row.column_int(0);
    h.white = row.column_text(1), h.black = row.column_text(2);
    h.white_elo = int(row.column_int(3)), h.black_elo = int(row.column_int(4));
    h.result = row.column_text(5), h.date = row.column_text(6), h.event = row.column_text(7);
    h.site = row.column_text(8), h.round = row.column_text(9), h.eco = row.column_text(10);
    h.opening = row.column_text(11), h.time_control = row.column_text(12), h.variant = row.column_text(13);
    h.plies = int(row.column_int(14));
  });
  if (!read) return Failure{read.error()};
  return headers;
}

std::string order_by(GameOrder order) {
  static constexpr std::array<const char*, 10> Columns{
      "id", "white COLLATE NOCASE", "black COLLATE NOCASE", "white_elo", "black_elo", "result", "date", "event COLLATE NOCASE",
      "eco", "plies"};
  const std::string direction = order.descending ? " DESC" : "";
  std::string sql = std::string(Columns[std::size_t(order.by)]) + direction;
  if (order.by != GameOrder::By::Added) sql += ", id";  // ties in the order added
  return sql;
}

}  // namespace

Result<std::vector<GameHeader>> GameDatabase::find(const GameFilter& filter, std::int64_t limit, std::int64_t offset,
                                                   GameOrder order) {
  std::vector<std::string> values;
  auto condition = where(filter, values);
  if (!condition) return Failure{condition.error()};
  auto query = Statement::prepare(*db_, std::string("SELECT ") + HeaderColumns + " FROM games WHERE " +
                                            condition.value() + " ORDER BY " + order_by(order) + " LIMIT " +
                                            std::to_string(limit) + " OFFSET " + std::to_string(offset));
  if (!query) return Failure{query.error()};
  bind_all(query.value(), values);
  return read_headers(query.value());
}

Result<std::vector<GameHeader>> GameDatabase::headers(std::span<const std::int64_t> ids) {
  std::string list;
  for (std::int64_t id : ids) list += (list.empty() ? "" : ",") + std::to_string(id);
  auto query =
      Statement::prepare(*db_, std::string("SELECT ") + HeaderColumns + " FROM games WHERE id IN (" + list + ")");
  if (!query) return Failure{query.error()};
  auto found = read_headers(query.value());
  if (!found) return found;
  std::vector<GameHeader> in_order;
  for (std::int64_t id : ids)
    for (const GameHeader& h : found.value())
      if (h.id == id) in_order.push_back(h);
  return in_order;
}

Result<bool> GameDatabase::load_facts() {
  if (facts_.empty()) facts_.emplace_back();  // id 0: no game
  auto query = Statement::prepare(
      *db_, "SELECT id, result, white_elo, black_elo FROM games WHERE id >= ?1 ORDER BY id");
  if (!query) return Failure{query.error()};
  query.value().bind(1, std::int64_t(facts_.size()));
  return store::each_row(query.value(), [&](const Statement& row) {
    const auto id = std::size_t(row.column_int(0));
    if (id >= facts_.size()) facts_.resize(id + 1);
    GameFacts& f = facts_[id];
    const std::string result = row.column_text(1);
    f.result = result == "1-0"       ? GameFacts::Result::White
               : result == "0-1"     ? GameFacts::Result::Black
               : result == "1/2-1/2" ? GameFacts::Result::Draw
                                     : GameFacts::Result::Unfinished;
    f.white_elo = std::uint16_t(std::min<std::int64_t>(row.column_int(2), 0xFFFF));
    f.black_elo = std::uint16_t(std::min<std::int64_t>(row.column_int(3), 0xFFFF));
  });
}

Result<Exploration> GameDatabase::explore(const chess::Position& pos, const GameFilter& filter,
                                          std::size_t top_games) {
  if (auto loaded = load_facts(); !loaded) return Failure{loaded.error()};
  auto hits = positions_->games_at(pos.key());
  if (!hits) return Failure{hits.error()};
  // The games the filter's header fields choose, by id: the same for every position, so read once per
  // filter (and again when games were added), not once per move the explorer is asked about.
  const bool by_header = filter.by_header();
  if (by_header) {
    GameFilter headers_only = filter;
    headers_only.position.reset();
    std::vector<std::string> values;
    const std::string condition = header_condition(headers_only, values);
    std::string key = condition + '\n' + std::to_string(facts_.size());
    for (const std::string& value : values) key += '\n' + value;
    if (key != chosen_key_) {
      chosen_key_.clear();
      auto query = Statement::prepare(*db_, "SELECT id FROM games WHERE " + condition);
      if (!query) return Failure{query.error()};
      bind_all(query.value(), values);
      chosen_.assign(facts_.size(), false);
      auto read = store::each_row(query.value(), [&](const Statement& row) {
        const auto id = std::size_t(row.column_int(0));
        if (id < chosen_.size()) chosen_[id] = true;
      });
      if (!read) return Failure{read.error()};
      chosen_key_ = std::move(key);
    }
  }
  const auto facts = [&](std::int64_t id) -> const GameFacts* {
    return id > 0 && std::size_t(id) < facts_.size() ? &facts_[std::size_t(id)] : nullptr;
  };
  const auto wanted = [&](std::int64_t id) { return !by_header || chosen_[std::size_t(id)]; };
  return explore_hits(pos, hits.value(), facts, wanted, top_games);
}

Result<GameToAdd> GameDatabase::game(std::int64_t id) {
  auto query = Statement::prepare(
      *db_,
      "SELECT white, black, white_elo, black_elo, result, date, event, site, round, eco, opening, time_control, "
      "variant, fen, tags, moves, pgn FROM games WHERE id = ?1");
  if (!query) return Failure{query.error()};
  query.value().bind(1, id);
  auto row = query.value().step();
  if (!row) return Failure{row.error()};
  // TRANSLATORS: {id} is a game's number in a database.
  if (!row.value()) return Failure{fill(tr("there is no game {id} in the database"), {{"id", std::to_string(id)}})};
  const Statement& r = query.value();
  GameToAdd found;
  chess::PgnGame& game = found.game;
  const std::string variant_name = r.column_text(12);
  const chess::Variant variant = chess::variant_from_name(variant_name).value_or(chess::Variant::Standard);
  for (std::size_t i = 0; i < ColumnTags.size(); ++i) {
    const int column = i < 4 ? int(i) : int(i) + 1;
    std::string value = r.column_text(column);
    if ((i == 2 || i == 3) && value == "0") continue;
    if (i == 11 && variant == chess::Variant::Standard) continue;
    if (!value.empty()) game.tags.emplace_back(std::string(ColumnTags[i]), std::move(value));
  }
  game.result = r.column_text(4);
  game.tags.emplace_back("Result", game.result);
  game.start = chess::Position(variant);
  if (!r.column_null(13)) {
    auto start = chess::Position::from_fen(r.column_text(13), variant);
    if (!start) return Failure{start.error()};
    game.start = start.value();
    game.tags.emplace_back("SetUp", "1");
    game.tags.emplace_back("FEN", r.column_text(13));
  }
  const std::string others = r.column_text(14);
  for (std::size_t at = 0; at < others.size();) {
    const std::size_t end = others.find('\n', at), tab = others.find('\t', at);
    if (end == std::string::npos || tab == std::string::npos || tab > end) break;
    game.tags.emplace_back(others.substr(at, tab - at), others.substr(tab + 1, end - tab - 1));
    at = end + 1;
  }
  auto moves = decode_moves(game.start, r.column_blob(15));
  if (!moves) return Failure{moves.error()};
  game.moves = std::move(moves).value();
  game.comments_after.assign(game.moves.size(), std::string());
  found.pgn = r.column_text(16);
  return found;
}

}  // namespace gambit::database
