// SPDX-License-Identifier: MIT
// The results of a match, or of one shard of it, as a text file: which match
// it is (so that shards played on many machines are known to belong together,
// and a rerun continues only the same match), then one line per finished game,
// appended as each ends. A rerun reads the file and plays only the games
// missing; `gambit-match --merge` adds several up.
//
//   gambit-match results 1
//   first: alphabeta
//   first player: alphabeta 1.6.0: depth=3, file 5d0e...   (a plugin given by its file: a hash of it)
//   second: alphabeta-old
//   second player: alphabeta 1.6.0: (defaults)
//   conditions: movetime 100 ms, standard chess, book 38 openings, 8c3f...
//   seed: 7
//   shard: 2/4
//   sprt: elo0=0 elo1=5 alpha=0.05 beta=0.05        (only with an SPRT)
//   game 3: 1-0 checkmate
//   game 4: 1/2-1/2 threefold repetition
//
// Games are numbered from 1 as the PGN's Round tag numbers them; the first
// player has white in odd-numbered games, and games 2k-1 and 2k are a pair
// (one opening from both sides).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/match/elo.h"
#include "core/match/sprt.h"
#include "core/util/result.h"

namespace gambit::match {

// Slice `index` (1-based) of `count` of a match: the pairs whose number,
// counted from 0, leaves index - 1 when divided by count. Every game belongs
// to exactly one slice, and a slice is the same whatever the match's length.
struct Shard {
  int index = 1;
  int count = 1;

  bool has_game(std::size_t number) const { return int(((number - 1) / 2) % std::size_t(count)) == index - 1; }
  std::string text() const { return std::to_string(index) + "/" + std::to_string(count); }
  bool operator==(const Shard&) const = default;
};

// "I/N" with 1 <= I <= N <= 100000, or a sentence saying what is wrong.
Result<Shard> parse_shard(std::string_view text);

struct FinishedGame {
  std::size_t number = 0;  // from 1
  std::string result;      // "1-0", "0-1" or "1/2-1/2": White's view, as PGN writes it
  std::string ending;      // "checkmate", "time forfeit", ...
  bool operator==(const FinishedGame&) const = default;
};

// The first player's score and game pairs, kept up to date game by game (a
// pair counts once both its games are in).
class ResultsTally {
 public:
  // Adds one game; true when it completed its pair.
  bool add(const FinishedGame& game);
  const MatchScore& score() const { return score_; }
  const Pentanomial& pairs() const { return pairs_; }

 private:
  MatchScore score_;
  Pentanomial pairs_;
  std::unordered_map<std::size_t, double> waiting_;  // pair -> the first player's points in its finished game
};

struct MatchResults {
  std::array<std::string, 2> names;    // the first and second player, as the score line names them
  std::array<std::string, 2> players;  // each one's plugin, version and options
  std::string conditions;              // clock, variant, book
  std::uint64_t seed = 0;              // of the openings' order and the players' choices
  Shard shard;
  std::optional<SprtSettings> sprt;
  std::vector<FinishedGame> games;     // in the order they ended

  // The same match (names, players, conditions, seed, SPRT), whatever the shard.
  bool same_match(const MatchResults& other) const { return difference(other).empty(); }
  // What makes `other` another match, in words ("other players: ab2 (...)
  // against ..."), or "" when it is the same one.
  std::string difference(const MatchResults& other) const;
  // The tally of every game: the first player's score, and the pairs both of
  // whose games are here.
  ResultsTally tally() const;
};

// Reads a results file. A last line cut short (no newline: the program was
// stopped while writing it) is left out; any other line that is not what the
// format says is refused as "FILE:LINE: why", as is a game counted twice or
// one outside the file's shard.
Result<MatchResults> read_results(const std::filesystem::path& file);

// Adds up the results of one match's shards: refused in words when they are
// of different matches, when a shard comes twice or a game is in two files.
// The sum is shard 1/1.
Result<MatchResults> merge_results(const std::vector<MatchResults>& parts);

// The results file a rerun continues: nullopt when there is none yet (no
// file, or an empty one); refused in words when the path is not a file or the
// file cannot be read (read_results).
Result<std::optional<MatchResults>> read_earlier_results(const std::filesystem::path& file);

// `results` (a match about to start) continues `earlier`, the results file's:
// its games are taken over. Refused in words, naming the file, when the file
// holds another match or another shard of this one.
Result<std::monostate> continue_results(MatchResults& results, const MatchResults& earlier,
                                        const std::filesystem::path& file);

// The games of results' shard still to play, in order: those of 1..games in
// the shard that results does not hold yet.
std::vector<std::size_t> games_to_play(const MatchResults& results, std::size_t games);

// A results file being written: the header when the file is new, then a line
// per game, each flushed as it is added. An existing file's cut-short last
// line is removed first. Not thread-safe: one writer, one thread at a time.
class ResultsWriter {
 public:
  // Opens `file` for appending `results`' games: writes the header if the file
  // is new or empty; otherwise the file must be one read_results read.
  static Result<ResultsWriter> open(const std::filesystem::path& file, const MatchResults& results);
  ResultsWriter(ResultsWriter&& other) noexcept : file_(other.file_), path_(std::move(other.path_)) { other.file_ = nullptr; }
  ResultsWriter& operator=(ResultsWriter&&) = delete;
  ~ResultsWriter();

  // Appends one game's line; fails in words when the disk refuses it.
  Result<std::monostate> add(const FinishedGame& game);

 private:
  ResultsWriter(std::FILE* file, std::filesystem::path path) : file_(file), path_(std::move(path)) {}
  std::FILE* file_;
  std::filesystem::path path_;
};

}  // namespace gambit::match
