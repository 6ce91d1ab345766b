// SPDX-License-Identifier: MIT
// Making a book of balanced opening positions (gambit-make-book,
// assets/books/README.md), reproducibly: candidate i plays `plies` plies from
// the start, each move drawn (SplitMix64 seeded from the seed and i) among the
// moves whose node-limited search scores within `choice_margin` of the best;
// the position reached is kept when a longer search scores it within
// `max_cp` and it is not already in the book. The book is an EPD file, a line
// per kept position appended as it is found; the settings that shape it and
// the player's search signature are in its .args file, so a rerun continues
// it and a rerun with other settings or a player that searches differently is
// refused.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "core/chess/position.h"
#include "core/players/plugin_player.h"
#include "core/util/result.h"

namespace gambit::book_maker {

// The flags that decide which positions the book holds, and the player that
// judged them: a book is continued only with the same ones (the .args file).
struct Shape {
  std::uint64_t seed = 1;
  int plies = 8;
  std::int64_t choice_nodes = 1000;
  int choice_margin = 50;
  std::int64_t check_nodes = 100000;
  int max_cp = 50;
  std::string player;  // "alphabeta 1.6.0, search signature 1a2b3c4d": the plugin's id, version and search_signature

  // One "name value" line per setting, named as the flags are (the player by its own word).
  std::vector<std::pair<std::string, std::string>> settings() const {
    return {{"--seed", std::to_string(seed)},
            {"--plies", std::to_string(plies)},
            {"--choice-nodes", std::to_string(choice_nodes)},
            {"--choice-margin", std::to_string(choice_margin)},
            {"--check-nodes", std::to_string(check_nodes)},
            {"--max-cp", std::to_string(max_cp)},
            {"player", player}};
  }
  std::string text() const {
    std::string out;
    for (const auto& [name, value] : settings()) out += name + " " + value + "\n";
    return out;
  }
};

// A score from one side's view, ordered: a mate in n for that side above every
// centipawn score (sooner higher), being mated below them all.
struct Score {
  players::ScoreKind kind = players::ScoreKind::Centipawns;
  int value = 0;  // centipawns, or mate in moves (negative: being mated)

  std::int64_t rank() const {
    constexpr std::int64_t MateRank = 1'000'000;
    if (kind != players::ScoreKind::Mate) return std::clamp(value, -30000, 30000);
    return value > 0 ? MateRank - value : -MateRank - value;
  }
};

// What candidate `index` came to: the moves played, the position they reach
// and its score from the side to move's view; no score when it was left out
// before its final search (the game ended, or a draw could be claimed). Its
// kept-or-not verdict is the writer's (duplicates are known only there).
struct Candidate {
  std::uint64_t index = 0;
  std::vector<chess::Move> moves;
  chess::Position position;
  std::optional<Score> score;  // none: left out before the final search
};

// One line of a book read back: its position and the candidate it came from.
struct BookLine {
  std::string fields;  // the first four FEN fields
  std::uint64_t candidate = 0;
};

// The book as found on disk: its lines' positions, and the next candidate.
// Invariant: lines and next_candidate describe the file's first `complete`
// bytes; anything after them is an unfinished line.
struct Book {
  std::set<std::string> positions;
  std::size_t lines = 0;
  std::uint64_t next_candidate = 0;
  std::uintmax_t complete = 0, size = 0;  // bytes of finished lines; bytes in all
};

// The first four FEN fields: the position as EPD and the book compare it.
std::string epd_fields(const chess::Position& pos);

// A book line: `FEN4 id "gambit-book N"; ce CP; hmvc H; fmvn F; c0 "uci moves"; c1 "candidate I";`
std::string book_line(const Candidate& c, std::size_t number);

// Reads a line this program wrote as line `number`, or nullopt when it is not one.
std::optional<BookLine> read_book_line(std::string_view line, std::size_t number);

// Reads the book at `path` (absent: empty). A line this program did not
// write refuses the file, but for an unfinished last line (a run stopped
// while writing it), which is left for cut_unfinished_line.
Result<Book> read_book(const std::filesystem::path& path);

// Cuts off the book's unfinished last line, if it has one: true when it did.
Result<bool> cut_unfinished_line(const std::filesystem::path& path, const Book& book);

// Checks that an existing book was made with `shape` (its .args file), or
// starts the .args file of a new one. A sentence when they differ.
std::optional<std::string> settle_shape(const std::filesystem::path& book_path,
                                        const std::filesystem::path& args_path, const Book& book, const Shape& shape);

// What the player's searches come to, as a number: the best moves and scores
// of fixed node-limited searches of three positions, hashed. A player whose
// search or evaluation changed without a new version gets another number, so
// a book is not continued with it.
Result<std::string> search_signature(players::PluginPlayer& player);

// The score of the move's mover from the score of the position after it.
Score mover_view(Score after);

// Plays and judges candidate `index` (see the file comment). Deterministic:
// the player starts a new game, then searches in a fixed order. Gives up
// early (with nothing) once `stopping` is set.
Result<std::optional<Candidate>> play_candidate(players::PluginPlayer& player, const Shape& shape, std::uint64_t index,
                                                const std::atomic<bool>& stopping);

// Candidates played by worker threads, each with its own player, handed to
// the one writer in candidate order. Invariant: every index below next_take_
// is being played, in done_, or already taken; workers never take a
// candidate lookahead_ or more beyond the writer's next one.
class Candidates {
 public:
  Candidates(std::vector<std::unique_ptr<players::PluginPlayer>> players, const Shape& shape, std::uint64_t first);
  ~Candidates();
  Candidates(const Candidates&) = delete;
  Candidates& operator=(const Candidates&) = delete;

  // The next candidate in order, once played (never one given up: only a stopping queue gives up).
  Result<std::optional<Candidate>> next();

 private:
  void work(players::PluginPlayer& player);

  const Shape& shape_;
  std::mutex mutex_;  // guards done_, next_take_ and next_write_; stopping_ is set under it
  std::condition_variable changed_;
  std::map<std::uint64_t, Result<std::optional<Candidate>>> done_;
  std::uint64_t next_take_, next_write_;
  const std::uint64_t lookahead_;
  std::atomic<bool> stopping_ = false;
  std::vector<std::jthread> workers_;  // last: joined before the rest goes
};

}  // namespace gambit::book_maker
