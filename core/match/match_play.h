// SPDX-License-Identifier: MIT
// A match between two AI seats, as gambit-match plays it: the games of a match
// (or of its shard) played by several threads in order of their numbers, each
// written to the results file, the PGN and the caller's record (the scores
// store) as soon as it ends, with the score after each and an SPRT that stops
// the match once it decides. And what the program prints of a match: the score
// line as Cute Chess prints it, the summary, a sum of shards' results files.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "core/chess/variant.h"
#include "core/match/game_runner.h"
#include "core/match/match_results.h"
#include "core/match/openings.h"
#include "core/match/sprt.h"
#include "core/players/seat.h"
#include "core/util/result.h"

namespace gambit::match {

// "SECONDS+INC" with decimals allowed ("10+0.1"; "60" is 60+0): a clock for
// each player. Refuses in words anything else, and a clock of no time.
Result<TimeControl> parse_time_control(std::string_view text);

// The terms of a match as gambit-match's flags give them, read and checked:
// the time control (movetime_ms when not 0, else tc_text "SECONDS+INC", else
// 100 ms a move), the shard ("I/N"; "" for the whole match) and the SPRT (its
// words, "" among them ignored; nullopt for none). A mistake is a sentence
// naming its flag.
struct MatchTerms {
  TimeControl tc;
  Shard shard;
  std::optional<SprtSettings> sprt;
};
Result<MatchTerms> read_match_terms(std::int64_t movetime_ms, const std::string& tc_text, const std::string& shard_text,
                                    std::optional<std::vector<std::string>> sprt_words);

// A seat's options for one game: a plugin with a "seed" option its seat does
// not set gets one made from the match seed, the game's index and the seat
// (0 or 1) with SplitMix64, in 1..2^63-1, so the whole match replays.
players::OptionList options_for_game(const players::Seat& seat, std::uint64_t match_seed, std::size_t game,
                                     int seat_index);

// "Score of A vs B: 3 - 1 - 2 [0.667] 6", as Cute Chess prints it.
std::string score_line(const std::array<std::string, 2>& names, const MatchScore& score);

// The score line, the Elo difference, the game pairs with their Elo, and the
// SPRT's state when the match has one: what a finished, stopped or merged
// match prints (each line ending in a newline).
std::string match_summary(const MatchResults& results);

// The sum of a match's shards' results files: a line naming them, the shards
// missing if any, and match_summary of the sum; or why they cannot be added.
Result<std::string> merged_summary(const std::vector<std::string>& files);

// A competitor as a results file names it: plugin, version and options; one
// given by its plugin file (file not empty) also by the FNV-1a of the file's
// bytes, so two builds of one version are told apart.
std::string player_identity(const players::Seat& seat, const std::string& file);

// The header of a match's results (results file, score lines): names (given,
// else the seats' labels), players (player_identity, files: the plugin files
// the seats were given by, or ""), conditions (clock, variant, book's
// fingerprint), seed, shard and SPRT; no games yet.
MatchResults match_header(const std::array<players::Seat, 2>& competitors, const std::array<std::string, 2>& names,
                          const std::array<std::string, 2>& files, const TimeControl& tc, chess::Variant variant,
                          const OpeningBook& book, std::uint64_t seed, Shard shard, std::optional<SprtSettings> sprt);

// Two copies of one plugin file with the same options: an SPRT between them
// measures nothing. What to warn of then (the header's SPRT and players,
// both given by a file), else "".
std::string same_build_warning(const MatchResults& header);

// The match's first line as gambit-match prints it: "Match: A (options) vs B
// (options), standard chess, 100 games, clock 10+0.1, book ... (fingerprint),
// seed 7" and the shard and SPRT when it has them.
std::string match_banner(const MatchResults& results, const std::array<players::Seat, 2>& competitors,
                         chess::Variant variant, std::size_t games, const TimeControl& tc, const OpeningBook& book);

// Thread-safety: run() is called once, from one thread; the accessors after it returns.
class MatchPlay {
 public:
  // Records a finished game elsewhere (the scores store), or says why not.
  using Recorder = std::function<Result<std::monostate>(const PlayedGame& played, const players::Seat& white,
                                                        const players::Seat& black, std::int64_t started_at,
                                                        std::int64_t ended_at)>;
  // What every game of the match shares; pointers may be null, except book.
  struct Setup {
    std::array<players::Seat, 2> competitors;  // the first plays White in odd-numbered games
    std::array<std::string, 2> names;          // PGN names given by the caller, or empty
    const OpeningBook* book = nullptr;
    TimeControl tc;
    chess::Variant variant = chess::Variant::Standard;
    std::ostream* pgn = nullptr;  // each game's PGN, flushed as it ends
    Recorder record;              // may be empty
    std::ostream* out = nullptr;  // "Finished game ...", the score after each, the SPRT's state
    std::ostream* err = nullptr;  // what could not be written or recorded
  };

  // results: the match so far (a resumed match's games already in it);
  // writer: the results file the games go to as they end (may be null).
  MatchPlay(Setup setup, MatchResults results, ResultsWriter* writer);

  // Plays the games numbered `numbers` (1-based), `concurrency` at a time.
  void run(const std::vector<std::size_t>& numbers, int concurrency);

  const MatchResults& results() const { return results_; }
  int failures() const { return failures_; }  // games not played, not recorded or not written
  int recorded() const { return recorded_; }  // games the recorder took
  bool decided() const { return decided_; }
  // The SPRT's state when it decided (games under way then still finish and count).
  const std::optional<SprtState>& decision() const { return decision_; }
  int decision_pairs() const { return decision_pairs_; }

 private:
  void update_sprt();
  void play(std::size_t number);
  void say(std::ostream* stream, const std::string& line);

  Setup setup_;
  MatchResults results_;    // under mutex_
  ResultsTally tally_;      // of results_.games, under mutex_
  ResultsWriter* writer_;   // under mutex_; may be null
  std::vector<std::size_t> numbers_;
  std::atomic<std::size_t> next_{0};
  std::atomic<bool> decided_{false};
  std::mutex mutex_;
  int failures_ = 0;
  int recorded_ = 0;
  std::optional<SprtState> decision_;
  int decision_pairs_ = 0;
};

}  // namespace gambit::match
