// SPDX-License-Identifier: MIT
#include "core/store/schema.h"

#include <string>
#include <utility>

#include "core/store/store.h"
#include "core/util/translation.h"

namespace gambit::store {

namespace {

// Version 1: who played and every finished game.
constexpr const char* Version1 = R"sql(
CREATE TABLE players (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('human', 'ai')),
  name TEXT NOT NULL,
  version TEXT NOT NULL DEFAULT '',
  options TEXT NOT NULL DEFAULT '',
  options_digest TEXT NOT NULL DEFAULT '',
  label TEXT NOT NULL,
  UNIQUE (kind, name, version, options_digest)
);
CREATE TABLE games (
  id INTEGER PRIMARY KEY,
  white_id INTEGER NOT NULL REFERENCES players (id),
  black_id INTEGER NOT NULL REFERENCES players (id),
  result TEXT NOT NULL CHECK (result IN ('1-0', '0-1', '1/2-1/2')),
  reason TEXT NOT NULL,
  variant TEXT NOT NULL DEFAULT 'standard',
  time_control TEXT NOT NULL DEFAULT '-',
  started_at INTEGER NOT NULL,
  ended_at INTEGER NOT NULL,
  plies INTEGER NOT NULL,
  pgn TEXT NOT NULL,
  source TEXT NOT NULL DEFAULT 'window' CHECK (source IN ('window', 'demo', 'match'))
);
CREATE INDEX games_by_end ON games (ended_at);
)sql";

// Version 2: reset scores (archived games stay in the file), ratings after
// each game, the interrupted game.
constexpr const char* Version2 = R"sql(
ALTER TABLE games ADD COLUMN archived_at INTEGER;
CREATE TABLE ratings (
  game_id INTEGER NOT NULL REFERENCES games (id),
  player_id INTEGER NOT NULL REFERENCES players (id),
  rating REAL NOT NULL,
  PRIMARY KEY (game_id, player_id)
);
CREATE INDEX ratings_by_player ON ratings (player_id, game_id);
CREATE TABLE interrupted_game (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  pgn TEXT NOT NULL,
  white_player TEXT NOT NULL,
  white_level TEXT NOT NULL,
  white_options TEXT NOT NULL,
  black_player TEXT NOT NULL,
  black_level TEXT NOT NULL,
  black_options TEXT NOT NULL,
  clock_initial_ms INTEGER NOT NULL,
  clock_increment_ms INTEGER NOT NULL,
  white_ms INTEGER NOT NULL,
  black_ms INTEGER NOT NULL,
  saved_at INTEGER NOT NULL
);
)sql";

// Version 3: whether a game began at its variant's starting position; only
// those are rated (a game from a typed position is kept and shown, not rated).
// The ratings of a version 2 file count every game: games that began elsewhere
// (their PGN has SetUp "1") are marked, and when there are any among the
// counted games, the counted ratings are dropped to be rebuilt in order when
// the store opens.
constexpr const char* Version3 = R"sql(
ALTER TABLE games ADD COLUMN from_start INTEGER NOT NULL DEFAULT 1 CHECK (from_start IN (0, 1));
UPDATE games SET from_start = 0 WHERE instr(pgn, '[SetUp "1"]') > 0;
DELETE FROM ratings WHERE game_id IN (SELECT id FROM games WHERE archived_at IS NULL)
  AND EXISTS (SELECT 1 FROM games WHERE from_start = 0 AND archived_at IS NULL);
)sql";

// Version 4: ratings that mean something. An AI is placed by calibration
// (players.rating and rating_deviation, Elo, fixed; NULL: not placed) and a
// person's rating is Glicko-2 (ratings.deviation and volatility). The ratings
// of a version 3 file move the AIs' Elo with the person's results, so the
// counted ratings are dropped, to be computed again against placed opponents
// when the store opens (games against opponents no calibration places stay
// unrated).
constexpr const char* Version4 = R"sql(
ALTER TABLE players ADD COLUMN rating REAL;
ALTER TABLE players ADD COLUMN rating_deviation REAL;
ALTER TABLE ratings ADD COLUMN deviation REAL NOT NULL DEFAULT 350;
ALTER TABLE ratings ADD COLUMN volatility REAL NOT NULL DEFAULT 0.06;
DELETE FROM ratings WHERE game_id IN (SELECT id FROM games WHERE archived_at IS NULL);
)sql";

// Version 5: game reviews. A review is kept per game and per analyser (its
// id, version and options) and budget, as the verdicts of its positions
// (core/review/review_record.h's text), so reopening a reviewed game is instant.
constexpr const char* Version5 = R"sql(
CREATE TABLE reviews (
  game_id INTEGER NOT NULL REFERENCES games(id),
  analyser TEXT NOT NULL,
  budget TEXT NOT NULL,
  verdicts TEXT NOT NULL,
  made_at INTEGER NOT NULL,
  PRIMARY KEY (game_id, analyser, budget)
);
)sql";

// Version 6: rating pools and the rated flag. A person has one rating per
// pool (variant and speed, rating::RatingPool; games.pool, filled in by the
// store when it opens, from variant and time_control), and a game is rated
// only when it was announced rated before it began (games.rated). The games
// of a version 5 file are marked rated when they are what version 5 rates once
// the AI is placed (from the start, a person against an AI), and their ratings
// are dropped, to be computed again within their pools when the store opens. A
// kept unfinished game says whether it is still rated (interrupted_game.rated;
// one kept in a version 5 file is rated when its seats make it so, as version 5
// decides).
constexpr const char* Version6 = R"sql(
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1));
ALTER TABLE games ADD COLUMN pool TEXT NOT NULL DEFAULT '';
UPDATE games SET rated = 1 WHERE from_start = 1 AND id IN (
  SELECT g.id FROM games g JOIN players w ON w.id = g.white_id JOIN players b ON b.id = g.black_id WHERE
  (w.kind = 'human' AND b.kind = 'ai') OR (b.kind = 'human' AND w.kind = 'ai'));
DELETE FROM ratings WHERE game_id IN (SELECT id FROM games WHERE archived_at IS NULL);
CREATE INDEX games_by_pool ON games (pool, id);
ALTER TABLE interrupted_game ADD COLUMN rated INTEGER NOT NULL DEFAULT 1 CHECK (rated IN (0, 1));
ALTER TABLE interrupted_game ADD COLUMN unrated_reason TEXT NOT NULL DEFAULT '';
)sql";

// Version 7: learning from mistakes. practice: the profile's own mistake and
// blunder positions from reviewed games, each in a Leitner box
// (core/learn/spaced_repetition.h; box 1..5) with its due time, one row per
// position (the FEN without its move counters, in its variant), whatever game
// or move number it came from again. puzzle_attempts: every rated puzzle the
// profile tried, with the profile's puzzle rating (a Glicko-2 pool of its own,
// apart from the games' pools) and the puzzle's after it. puzzle_ratings: a
// puzzle's rating as refined by the attempts of every profile (until its first
// attempt, the rating shipped in puzzles.tsv stands).
constexpr const char* Version7 = R"sql(
CREATE TABLE practice (
  id INTEGER PRIMARY KEY,
  player_id INTEGER NOT NULL REFERENCES players (id),
  game_id INTEGER REFERENCES games (id),
  ply INTEGER NOT NULL CHECK (ply >= 0),
  variant TEXT NOT NULL DEFAULT 'standard',
  fen TEXT NOT NULL,
  position TEXT NOT NULL,
  played TEXT NOT NULL,
  best TEXT NOT NULL,
  line TEXT NOT NULL,
  reason TEXT NOT NULL,
  judgement TEXT NOT NULL CHECK (judgement IN ('mistake', 'blunder')),
  box INTEGER NOT NULL CHECK (box BETWEEN 1 AND 5),
  due_at INTEGER NOT NULL,
  added_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  solved INTEGER NOT NULL DEFAULT 0,
  UNIQUE (player_id, variant, position)
);
CREATE INDEX practice_by_due ON practice (player_id, due_at);
CREATE TABLE puzzle_attempts (
  id INTEGER PRIMARY KEY,
  player_id INTEGER NOT NULL REFERENCES players (id),
  puzzle_id TEXT NOT NULL,
  solved INTEGER NOT NULL CHECK (solved IN (0, 1)),
  attempted_at INTEGER NOT NULL,
  rating REAL NOT NULL,
  deviation REAL NOT NULL,
  volatility REAL NOT NULL,
  puzzle_rating REAL NOT NULL,
  puzzle_deviation REAL NOT NULL
);
CREATE INDEX puzzle_attempts_by_player ON puzzle_attempts (player_id, id);
CREATE TABLE puzzle_ratings (
  puzzle_id TEXT PRIMARY KEY,
  rating REAL NOT NULL,
  deviation REAL NOT NULL,
  volatility REAL NOT NULL,
  attempts INTEGER NOT NULL
);
)sql";

}  // namespace

const char* migration_sql(int version) {
  switch (version) {
    case 1: return Version1;
    case 2: return Version2;
    case 3: return Version3;
    case 4: return Version4;
    case 5: return Version5;
    case 6: return Version6;
    case 7: return Version7;
    default: return nullptr;
  }
}

std::vector<const char*> tables_of_schema(int version) {
  // Each table with the version that made it.
  constexpr std::pair<int, const char*> Made[] = {
      {1, "players"}, {1, "games"}, {2, "ratings"}, {2, "interrupted_game"}, {5, "reviews"},
      {7, "practice"}, {7, "puzzle_attempts"}, {7, "puzzle_ratings"}};
  std::vector<const char*> tables;
  for (const auto& [since, table] : Made)
    if (version >= since) tables.push_back(table);
  return tables;
}

Result<int> migrate(Connection& db) {
  for (;;) {
    auto lock = Transaction::begin(db);  // one migrating process at a time; the others see its result
    if (!lock) return Failure{lock.error()};
    auto version = db.query_int("PRAGMA user_version");
    if (!version) return Failure{version.error()};
    if (version.value() > SchemaVersion)
      // TRANSLATORS: about the scores file; {schema} and {known} are version numbers of its layout.
      return Failure{fill(tr("it was written by a newer Gambit (schema {schema}, this one knows up to {known})"),
                          {{"schema", std::to_string(version.value())}, {"known", std::to_string(SchemaVersion)}})};
    if (version.value() == SchemaVersion) {
      if (auto done = lock.value()->commit(); !done) return Failure{done.error()};
      return SchemaVersion;
    }
    const int next = int(version.value()) + 1;
    const char* sql = migration_sql(next);
    if (!sql)
      return Failure{fill(tr("there is no way from schema {schema} to {known}"),
                          {{"schema", std::to_string(version.value())}, {"known", std::to_string(SchemaVersion)}})};
    if (auto step = db.exec(sql); !step)
      // TRANSLATORS: about the scores file; {schema} is a version number of its layout; {reason} SQLite's words.
      return Failure{fill(tr("cannot bring it to schema {schema}: {reason}"),
                          {{"schema", std::to_string(next)}, {"reason", step.error()}})};
    if (auto set = db.exec("PRAGMA user_version = " + std::to_string(next)); !set) return Failure{set.error()};
    if (auto done = lock.value()->commit(); !done) return Failure{done.error()};
  }
}

}  // namespace gambit::store
