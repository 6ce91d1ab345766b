// SPDX-License-Identifier: MIT
// GameRecords: the games a Store keeps. Every finished game with its PGN
// (games), recorded with the person's rating it moves, and the game the
// window was playing when it closed (interrupted_game), to offer "Resume
// game". Archived games (Ratings::reset_scores) stay in the file: they leave
// the games list and the export, not game_summary nor game_pgn.
//
// Invariants: a game recorded is final (nothing here changes or deletes one);
// recording it and rating it (ratings.h) are one transaction, and so is
// recording the interrupted game and clearing it (FinishedGame::ends_interrupted).
// There is at most one interrupted game.
//
// Ownership and threading: made and owned by a Store (Store::games()), over
// its connection; it lives as long as the Store and is used from the thread
// using the Store.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/rating/rating_pool.h"
#include "core/store/player_identity.h"
#include "core/util/result.h"

namespace gambit::store {

class Connection;
class Store;

// Where a game was played.
enum class GameSource { Window, Demo, Match };

// A finished game to record.
struct FinishedGame {
  PlayerIdentity white;
  PlayerIdentity black;
  std::string result;                 // "1-0", "0-1" or "1/2-1/2"
  std::string reason;                 // "checkmate", "resignation", "time forfeit", ... (PGN Termination words)
  std::string variant = "standard";
  std::string time_control = "-";     // "-" (none), "300+2" (PGN TimeControl of a clock), "0.1 s/move"
  std::int64_t started_at = 0;        // Unix seconds
  std::int64_t ended_at = 0;          // Unix seconds
  int plies = 0;
  std::string pgn;                    // the whole game as PGN text
  GameSource source = GameSource::Window;
  // The game began at its variant's starting position. Only such games are
  // rated; one from a typed or loaded position is kept and shown, not rated.
  bool from_start = true;
  // The game was announced rated before it began (the front end's decision,
  // from its seats and start). It is rated only when it also is a person
  // against a placed AI from the start; false: kept and shown, never rated.
  bool rated = false;
  // This game is the store's interrupted game: it is cleared in the same
  // transaction, so the game is either recorded or still there to resume.
  bool ends_interrupted = false;
};

// One line of the recent games list.
struct GameSummary {
  std::int64_t id = 0;
  std::int64_t ended_at = 0;
  std::string white;  // labels
  std::string black;
  std::string result;
  std::string reason;
  int plies = 0;
  GameSource source = GameSource::Window;
  rating::RatingPool pool;   // the game's variant and speed
  bool rated = false;        // it moved the profile's rating in its pool
  double rating_change = 0;  // by how much (rated games only)
  bool operator==(const GameSummary&) const = default;
};

// The game the window was playing when it closed, to offer "Resume game".
// Seats are kept as the config writes them, so the window can make them again.
struct InterruptedGame {
  struct Seat {
    std::string player;   // "human" or a plugin id
    std::string level;    // "" = none
    std::string options;  // "name=value" lines
    bool operator==(const Seat&) const = default;
  };
  std::string pgn;  // the moves so far (with SetUp/FEN when it began elsewhere)
  Seat white;
  Seat black;
  std::int64_t clock_initial_ms = 0;  // 0 = no clock
  std::int64_t clock_increment_ms = 0;
  std::int64_t white_ms = 0;  // remaining time of each side when it was saved
  std::int64_t black_ms = 0;
  std::int64_t saved_at = 0;  // Unix seconds
  // Announced rated when it began, and still rated (no hint, no take-back);
  // when not, why (a sentence), to say so again when it is resumed.
  bool rated = false;
  std::string unrated_reason;
  bool operator==(const InterruptedGame&) const = default;
};

class GameRecords {
 public:
  GameRecords(const GameRecords&) = delete;
  GameRecords& operator=(const GameRecords&) = delete;

  // Records a finished game and the person's rating it moves (a game from the
  // start between a person and a placed AI), in one transaction committed
  // before returning; returns the game's id. Fails (nothing written) on an
  // invalid game (unknown result, empty names) or a write error.
  Result<std::int64_t> record_game(const FinishedGame& game);
  // The latest games (not archived), newest first, at most limit; played_here:
  // only those played in the window (not the demo's, not gambit-match's).
  Result<std::vector<GameSummary>> recent_games(int limit, bool played_here = false);
  // One game's line of the recent games list (archived ones too).
  Result<GameSummary> game_summary(std::int64_t id);
  // The PGN of one game (archived ones too).
  Result<std::string> game_pgn(std::int64_t id);
  // Every game not archived, oldest first, as one PGN text (games separated by a blank line).
  struct PgnExport {
    std::string text;
    int games = 0;
  };
  Result<PgnExport> export_all_pgn();
  // How many games export_all_pgn would give, without reading them.
  Result<int> kept_game_count();

  // The interrupted game: saving replaces the one kept before.
  Result<bool> save_interrupted(const InterruptedGame& game);
  Result<std::optional<InterruptedGame>> interrupted();
  Result<bool> clear_interrupted();

 private:
  friend class Store;
  // path: the file's, for the failure of asking for a game it lacks.
  GameRecords(Connection& db, const std::filesystem::path& path) : db_(db), path_(path) {}
  std::string no_such_game(std::int64_t id) const;

  Connection& db_;
  const std::filesystem::path& path_;
};

// "window", "demo", "match" (as the games table stores it) and back.
const char* source_name(GameSource source);
std::optional<GameSource> source_from_name(const std::string& name);

}  // namespace gambit::store
