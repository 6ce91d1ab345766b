// SPDX-License-Identifier: MIT
// Store: scores and finished games kept between sessions, in one SQLite file
// (its default place: config::store_path): who played (players), every finished game with
// its PGN (games), each person's rating after each rated game (ratings), the
// reviews of games (reviews), the game the window was playing when it
// closed (interrupted_game), and what the player practises: their own mistake
// and blunder positions in Leitner boxes (practice), the rated puzzles they
// tried with their puzzle rating after each (puzzle_attempts), and each
// puzzle's rating as refined by those attempts (puzzle_ratings).
//
// Ratings: an AI opponent is placed by calibration (PlayerIdentity::placement,
// kept with the player and never moved by results); a person has one Glicko-2
// rating (core/rating) per pool (rating::RatingPool: variant and speed), one
// rating period per game. A game is rated when it was announced rated before
// it began (FinishedGame::rated: the front end decided, and said so) and is a
// person against a placed AI from the start; the flag is kept with the game,
// so no later placement makes an unrated game rated. Other games (an AI not
// placed, two people, two AIs) are kept and counted in the standings. The
// ratings are a function of the games in order and the placements: when a
// placement changes, every counted rating is computed again.
//
// Learning from mistakes (core/learn): a practice position is found again by
// spaced repetition (learn::Leitner: solved, one box up; missed, back to the
// first), one row per position and profile, so the same mistake met in two
// games is one position to practise. The puzzle rating is a Glicko-2 rating
// of its own, apart from every game pool (a puzzle is not a game against a
// measured opponent): each attempt is one rating period for the player
// against the puzzle (1 solved, 0 missed) and one for the puzzle against the
// player (the reverse), as lichess rates puzzles. reset_scores leaves both
// alone: they are not the scores of games.
//
// Durability: every write is one transaction, committed before the call
// returns, in WAL mode with a busy timeout, so a process killed at any instant
// loses at most the write in progress, and several processes (the window,
// gambit-match) may record at once. A file that is not a Gambit database, is
// corrupt, or has a newer schema is moved aside (with its -wal and -shm files,
// never written into nor deleted) and a fresh store is made in its place
// (Opened::notice says so in words). Opening is serialised between processes
// by a lock on the folder, so two programs never set aside each other's store.
//
// Threading: a Store is used from one thread at a time; two Store objects
// (threads or processes) may share a file.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/learn/puzzle.h"
#include "core/learn/spaced_repetition.h"
#include "core/rating/glicko2.h"
#include "core/rating/rating_pool.h"
#include "core/util/result.h"

namespace gambit::store {


class Connection;

// The schema this build writes (PRAGMA user_version). Files of every earlier
// version are migrated forward when opened.
inline constexpr int SchemaVersion = 7;
// The profile name of the human at this computer when the config names none.
inline constexpr const char* DefaultProfile = "Player";
// A person's rating starts here (Glicko-2's start: 1500, deviation 350).
inline constexpr double InitialRating = rating::Glicko2{}.rating;

// An AI's rating measured by calibration: fixed, with the measurement's
// standard error (Elo; the 95% margin is 1.96 times it).
struct Placement {
  double rating = 0;
  double deviation = 0;
  bool operator==(const Placement&) const = default;
};

// Who played a side. A human is known by profile name; an AI by plugin id,
// version and options (the level's presets applied), so "alphabeta (hard)"
// and "alphabeta (easy)" are different opponents.
struct PlayerIdentity {
  bool human = true;
  std::string name;     // profile name, or plugin id
  std::string version;  // plugin version ("" for a human)
  std::string options;  // the plugin's options as match::options_text writes them ("" for a human)
  std::string label;    // shown: "Player", "alphabeta 1400"
  // An AI's calibrated rating; none: not placed (its games are kept, not rated).
  // Recording a game with a placement places the identity (or moves it, when
  // the calibration changed); one without leaves the stored placement alone.
  std::optional<Placement> placement;

  static PlayerIdentity person(const std::string& profile);
  static PlayerIdentity ai(const std::string& id, const std::string& version, const std::string& options,
                           const std::string& label, std::optional<Placement> placement = std::nullopt);
};

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

// One row of the Scores screen: games against an opponent, counted from the
// first-named side's point of view.
struct Standing {
  enum class Kind {
    VsAi,          // the human profile against one AI identity: label is the AI's
    HumanVsHuman,  // two humans at this computer: counted for White; label "human vs human"
    AiVsAi,        // a pairing of two AI identities: label "A vs B", counted for A (A's label sorts first)
  };
  Kind kind = Kind::VsAi;
  std::string label;
  int wins = 0;
  int draws = 0;
  int losses = 0;

  int games() const { return wins + draws + losses; }
  // Points in percent, 0..100 (0 when no game).
  double score_percent() const;
};

// The profile's rating after one of its rated games (oldest first in history).
struct RatingPoint {
  std::int64_t game_id = 0;
  std::int64_t ended_at = 0;
  rating::Glicko2 rating;
  double score = 0.5;      // what the person scored in that game: 1, 0.5 or 0
  std::int64_t opponent = 0;  // the opponent's player id (the same AI identity: the same id)
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

// The profile's rating in one pool where it has rated games.
struct PoolRating {
  rating::RatingPool pool;
  rating::Glicko2 rating;
  int games = 0;  // rated games in the pool (not archived)
};

// A game's review as kept: what made it (analyser: the player's id, version
// and options; budget: "nodes 600000") and its verdicts as text (the store
// does not read them: core/review/review_record.h does).
struct StoredReview {
  std::string analyser;
  std::string budget;
  std::string verdicts;
  std::int64_t made_at = 0;  // Unix seconds
  bool operator==(const StoredReview&) const = default;
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

// How bad the move played in a practice position was (review's classes; an
// inaccuracy is not kept to practise).
enum class PracticeJudgement { Mistake, Blunder };

// A position of one of the profile's games where they made a mistake or a
// blunder, to find the better move again (and again, by spaced repetition).
// Invariants of a stored one: fen is a legal position of variant, the player
// to move; played and best are different legal moves there; line is empty or
// starts with best and is legal from fen; 1 <= schedule.box <= 5;
// 0 <= solved <= attempts.
struct PracticePosition {
  std::int64_t id = 0;                  // the store's number for it (set by the store)
  std::optional<std::int64_t> game_id;  // the stored game it came from, if any
  int ply = 0;                          // plies played in that game before this position
  std::string variant = "standard";     // chess::VariantNames::id
  std::string fen;
  std::string played;  // UCI: the move the player made
  std::string best;    // UCI: the analyser's best move
  std::string line;    // UCI moves separated by spaces, from best ("" when the analyser gave none)
  std::string reason;  // why the move played was a mistake, in words (core/review/move_reason.h)
  PracticeJudgement judgement = PracticeJudgement::Mistake;
  learn::Leitner schedule;   // its box and when it is next due (set by the store)
  std::int64_t added_at = 0;  // Unix seconds (set by the store)
  int attempts = 0;           // attempts at it so far, and how many found the best move
  int solved = 0;
  bool operator==(const PracticePosition&) const = default;
};

// A puzzle rating with the attempts it rests on: the profile's own (all its
// attempts), or one puzzle's as refined by the attempts of every profile.
struct PuzzleRating {
  rating::Glicko2 rating;
  int attempts = 0;
  bool operator==(const PuzzleRating&) const = default;
};

// What one puzzle attempt did to the two ratings, for "+12" / "-9".
struct PuzzleAttemptResult {
  rating::Glicko2 before;         // the profile's puzzle rating before the attempt
  rating::Glicko2 after;          // and after it
  rating::Glicko2 puzzle_before;  // the puzzle's rating (refined, or as shipped) before
  rating::Glicko2 puzzle_after;
};

// The profile's puzzle rating after one attempt (history is oldest first).
struct PuzzlePoint {
  std::string puzzle_id;
  std::int64_t attempted_at = 0;  // Unix seconds
  bool solved = false;
  rating::Glicko2 rating;      // the profile's, after the attempt
  double puzzle_rating = 0;    // the puzzle's, after the attempt
};

class Store {
 public:
  // A store ready to use, and a sentence for the user when the file found at
  // the path had to be set aside (moved to "<path>.broken-<YYYYmmdd-HHMMSS>").
  struct Opened {
    std::unique_ptr<Store> store;
    std::optional<std::string> notice;
  };

  // Opens (creating folders and file as needed) and migrates the store at
  // path. Fails only when no store can be made there at all (e.g. the folder
  // cannot be written), with the reason in words.
  static Result<Opened> open(const std::filesystem::path& path, const std::string& profile = DefaultProfile);
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  const std::filesystem::path& path() const { return path_; }
  // The human profile whose scores and rating this store reports.
  const std::string& profile() const { return profile_; }

  // Records a finished game and the person's rating it moves (a game from the
  // start between a person and a placed AI), in one transaction committed
  // before returning; returns the game's id. Fails (nothing written) on an
  // invalid game (unknown result, empty names) or a write error.
  Result<std::int64_t> record_game(const FinishedGame& game);
  // Places the AI identities already in the file that match these (kind, name,
  // version, options) at their placement, e.g. the calibrated levels of the
  // plugins found at start-up, so that earlier games against them count.
  // Identities not in the file are not added. Returns how many changed; when
  // any did, the ratings are computed again in the same transaction.
  Result<int> place_players(const std::vector<PlayerIdentity>& placed);

  // Games, wins, draws, losses per opponent (not counting archived games):
  // VsAi rows first (most games first), then HumanVsHuman, then AiVsAi.
  Result<std::vector<Standing>> standings();
  // The profile's current rating in a pool (Glicko-2's start before its first rated game there).
  Result<rating::Glicko2> rating(const rating::RatingPool& pool);
  // The pools where the profile has rated games (not archived), most games first.
  Result<std::vector<PoolRating>> pools();
  // The profile's rating (in the game's pool) before and after a game, when that game rated the profile.
  struct RatingChange {
    rating::Glicko2 before;
    rating::Glicko2 after;
  };
  Result<std::optional<RatingChange>> rating_change(std::int64_t game_id);
  // The profile's rating after each of its rated games in a pool since the last reset, oldest first.
  Result<std::vector<RatingPoint>> rating_history(const rating::RatingPool& pool);
  // The latest games (not archived), newest first, at most limit; played_here:
  // only those played in the window (not the demo's, not gambit-match's).
  Result<std::vector<GameSummary>> recent_games(int limit, bool played_here = false);
  // One game's line of the recent games list (archived ones too).
  Result<GameSummary> game_summary(std::int64_t id);
  // The PGN of one game (archived ones too).
  Result<std::string> game_pgn(std::int64_t id);
  // Keeps a review of a game, replacing one by the same analyser and budget.
  // Fails on a game that is not there.
  Result<bool> save_review(std::int64_t game_id, const StoredReview& review);
  // The review of a game by this analyser and budget, if one was kept.
  Result<std::optional<StoredReview>> review(std::int64_t game_id, const std::string& analyser,
                                             const std::string& budget);
  // Every game not archived, oldest first, as one PGN text (games separated by a blank line).
  struct PgnExport {
    std::string text;
    int games = 0;
  };
  Result<PgnExport> export_all_pgn();
  // Starts the scores again: every current game is archived (kept in the
  // file, no longer counted) and the rating starts again from Glicko-2's start.
  // Returns how many games were archived.
  Result<int> reset_scores();

  // The interrupted game: saving replaces the one kept before.
  Result<bool> save_interrupted(const InterruptedGame& game);
  Result<std::optional<InterruptedGame>> interrupted();
  Result<bool> clear_interrupted();

  // Practice positions (times are Unix seconds given by the caller, so tests
  // set the clock). Adds the positions (a game review's mistakes and blunders),
  // each in the first box and due at once, in one transaction; a position the
  // profile already has (same variant and FEN but for the move counters) is
  // left as it is, box and all. Returns how many were new. Fails, adding none,
  // when one is not valid (the reason names it: its FEN, a move that is not
  // legal there, a game that is not in the store).
  Result<int> add_practice_positions(const std::vector<PracticePosition>& positions, std::int64_t now);
  // The profile's positions due at `now` (due time at or before it), the
  // longest due first, at most limit.
  Result<std::vector<PracticePosition>> practice_due(std::int64_t now, int limit);
  // How many are due at `now` ("3 positions to practise today"): those whose
  // time has come, not those due later today; one due this evening is counted
  // when the menu is shown again then.
  Result<int> practice_due_count(std::int64_t now);
  // An attempt at a position at `now`: solved, one box up; missed, back to
  // the first (learn::after_attempt). Returns the position as it now stands.
  // Fails on a position the profile does not have.
  Result<PracticePosition> record_practice_attempt(std::int64_t position_id, bool solved, std::int64_t now);
  // Takes a position off the profile's list; false when it was not there.
  Result<bool> remove_practice_position(std::int64_t position_id);

  // Rated puzzles. The profile's puzzle rating (Glicko-2's start, 1500 and
  // deviation 350, before its first attempt).
  Result<PuzzleRating> puzzle_rating();
  // An attempt at a puzzle at `now`, in one transaction: one rating period for
  // the profile against the puzzle (1 solved, 0 missed) and one for the puzzle
  // against the profile (the reverse), each from the other's rating before the
  // attempt. The puzzle's rating is its refined one when it has been tried
  // before, else the one it shipped with (puzzle.rating, puzzle.deviation).
  // Fails on a puzzle without an id or with a rating that is not a number.
  Result<PuzzleAttemptResult> record_puzzle_attempt(const learn::Puzzle& puzzle, bool solved, std::int64_t now);
  // The profile's puzzle rating after each attempt, oldest first (for a graph).
  Result<std::vector<PuzzlePoint>> puzzle_history();
  // The ids of the puzzles the profile has attempted (learn::choose_puzzle's `attempted`).
  Result<std::set<std::string>> attempted_puzzles();
  // A puzzle's rating as refined by every attempt at it, or as it shipped (0 attempts).
  Result<PuzzleRating> rating_of_puzzle(const learn::Puzzle& puzzle);

 private:
  Store(std::filesystem::path path, std::string profile, std::unique_ptr<Connection> db);
  std::string no_such_game(std::int64_t id) const;  // the failure of asking for a game the file lacks

  std::filesystem::path path_;
  std::string profile_;
  std::unique_ptr<Connection> db_;
};

// "window", "demo", "match" (as the games table stores it) and back.
const char* source_name(GameSource source);
std::optional<GameSource> source_from_name(const std::string& name);
// "mistake", "blunder" (as the practice table stores them) and back.
const char* practice_judgement_name(PracticeJudgement judgement);
std::optional<PracticeJudgement> practice_judgement_from_name(const std::string& name);

}  // namespace gambit::store
