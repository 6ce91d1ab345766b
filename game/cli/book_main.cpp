// SPDX-License-Identifier: MIT
// gambit-make-book: a developer's program that makes a book of balanced
// opening positions (EPD) with the alphabeta plugin, reproducibly: the file
// depends only on the flags that shape it (not on --jobs, the machine or
// earlier interrupted runs). Not installed; assets/books/README.md says how
// the shipped book was made.
//
// Candidate i plays --plies plies from the start, each move drawn (SplitMix64
// seeded from --seed and i) among the moves whose node-limited search scores
// within --choice-margin of the best; the position reached is kept when a
// longer search scores it within --max-cp and it is not already in the book.
// Each kept position is one line, appended and flushed at once; the flags
// that shape the book and the player's search signature are in <file>.args,
// so a rerun continues the file and a rerun with other flags, or with a
// player that searches differently, is refused.
//
// Exit status: 0 when the book holds --count positions, 1 when the player
// failed, 2 on bad flags or a file that cannot be read or written.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/chess/game.h"
#include "core/chess/movegen.h"
#include "core/chess/position.h"
#include "core/chess/uci.h"
#include "core/players/plugin_library.h"
#include "core/players/plugin_player.h"
#include "core/util/install_layout.h"
#include "core/util/parse_number.h"
#include "core/util/splitmix64.h"

namespace gambit {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view Program = "gambit-make-book";

void say(const std::string& message) { std::fprintf(stderr, "%.*s: %s\n", int(Program.size()), Program.data(), message.c_str()); }

int fail(const std::string& message) {
  say(message);
  return 2;
}

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

// The first four FEN fields: the position as EPD and the book compare it.
std::string epd_fields(const chess::Position& pos) {
  const std::string fen = pos.fen();
  std::size_t end = 0;
  for (int field = 0; field < 4 && end != std::string::npos; ++field) end = fen.find(' ', end + (field > 0));
  return fen.substr(0, end);
}

// The move counters of a FEN ("hmvc" and "fmvn" in EPD).
std::pair<std::string, std::string> fen_counters(const chess::Position& pos) {
  std::istringstream in(pos.fen());
  std::string field, halfmove, fullmove;
  for (int i = 0; i < 4; ++i) in >> field;
  in >> halfmove >> fullmove;
  return {halfmove, fullmove};
}

// A book line: `FEN4 id "gambit-book N"; ce CP; hmvc H; fmvn F; c0 "uci moves"; c1 "candidate I";`
std::string book_line(const Candidate& c, std::size_t number) {
  const std::string moves = chess::to_uci_line(c.moves);
  const auto [halfmove, fullmove] = fen_counters(c.position);
  return epd_fields(c.position) + " id \"gambit-book " + std::to_string(number) + "\"; ce " +
         std::to_string(c.score->value) + "; hmvc " + halfmove + "; fmvn " + fullmove + "; c0 \"" + moves +
         "\"; c1 \"candidate " + std::to_string(c.index) + "\";";
}

// One line of a book read back: its position and the candidate it came from.
struct BookLine {
  std::string fields;  // the first four FEN fields
  std::uint64_t candidate = 0;
};

// Reads a line this program wrote as line `number`, or nullopt when it is not one.
std::optional<BookLine> read_book_line(std::string_view line, std::size_t number) {
  BookLine read;
  std::size_t at = 0;
  for (int field = 0; field < 4; ++field) {
    const std::size_t end = line.find(' ', at);
    if (end == std::string_view::npos) return std::nullopt;
    at = end + 1;
  }
  read.fields = std::string(line.substr(0, at - 1));
  if (!chess::Position::from_fen(read.fields)) return std::nullopt;
  const std::string id = " id \"gambit-book " + std::to_string(number) + "\";";
  if (line.substr(at - 1).find(id) != 0) return std::nullopt;
  const std::string_view mark = "; c1 \"candidate ";
  const std::size_t c1 = line.find(mark);
  if (c1 == std::string_view::npos || !line.ends_with("\";")) return std::nullopt;
  const std::string_view digits = line.substr(c1 + mark.size(), line.size() - 2 - c1 - mark.size());
  const auto candidate = parse_int64(digits);
  if (!candidate || *candidate < 0) return std::nullopt;
  read.candidate = std::uint64_t(*candidate);
  return read;
}

// The book as found on disk: its lines' positions, and the next candidate.
// Invariant: lines and next_candidate describe the file's first `complete`
// bytes; anything after them is an unfinished line.
struct Book {
  std::set<std::string> positions;
  std::size_t lines = 0;
  std::uint64_t next_candidate = 0;
  std::uintmax_t complete = 0, size = 0;  // bytes of finished lines; bytes in all
};

// Reads the book at `path` (absent: empty). A line this program did not
// write refuses the file, but for an unfinished last line (a run stopped
// while writing it), which is left for cut_unfinished_line.
Result<Book> read_book(const fs::path& path) {
  Book book;
  std::error_code error;
  if (!fs::exists(path, error)) return book;
  std::ifstream in(path, std::ios::binary);
  if (!in) return Failure{path.string() + ": cannot be read"};
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  const std::size_t last_newline = text.rfind('\n');
  book.complete = last_newline == std::string::npos ? 0 : last_newline + 1;
  book.size = text.size();
  std::istringstream lines(text.substr(0, book.complete));
  for (std::string line; std::getline(lines, line);) {
    const auto read = read_book_line(line, book.lines + 1);
    if (!read)
      return Failure{path.string() + ":" + std::to_string(book.lines + 1) + ": not a line of " + std::string(Program) +
                     ", so the file cannot be continued"};
    if (read->candidate < book.next_candidate)
      return Failure{path.string() + ":" + std::to_string(book.lines + 1) + ": candidates out of order"};
    book.positions.insert(read->fields);
    book.next_candidate = read->candidate + 1;
    ++book.lines;
  }
  return book;
}

// Cuts off the book's unfinished last line, if it has one.
std::optional<std::string> cut_unfinished_line(const fs::path& path, const Book& book) {
  if (book.complete == book.size) return std::nullopt;
  std::error_code error;
  fs::resize_file(path, book.complete, error);
  if (error) return path.string() + ": cannot cut off its unfinished last line: " + error.message();
  say(path.string() + ": its unfinished last line (from a run stopped while writing) was cut off");
  return std::nullopt;
}

// Checks that an existing book was made with `shape` (its .args file), or
// starts the .args file of a new one. A sentence when they differ.
std::optional<std::string> settle_shape(const fs::path& book_path, const fs::path& args_path, const Book& book,
                                        const Shape& shape) {
  if (book.lines == 0) {
    std::ofstream out(args_path, std::ios::trunc);
    out << shape.text();
    out.close();
    if (!out) return args_path.string() + ": cannot be written";
    return std::nullopt;
  }
  std::ifstream in(args_path);
  if (!in)
    return book_path.string() + " holds " + std::to_string(book.lines) + " positions but " + args_path.string() +
           ", which says how they were made, cannot be read: give another output file";
  std::map<std::string, std::string> there;
  for (std::string line; std::getline(in, line);) {
    const std::size_t space = line.find(' ');
    if (space != std::string::npos) there[line.substr(0, space)] = line.substr(space + 1);
  }
  std::string differences;
  for (const auto& [name, value] : shape.settings()) {
    const auto it = there.find(name);
    const std::string was = it == there.end() ? "nothing" : it->second;
    if (was != value) differences += (differences.empty() ? "" : "; ") + name + " " + was + ", not " + value;
  }
  if (differences.empty()) return std::nullopt;
  return book_path.string() + " was made with other settings: " + differences + " (" + args_path.string() +
         "). Give the same flags to continue it, or another output file";
}

// A node-limited search by `player` of the position reached from the start
// by `moves`, scored from its side to move's view; a position without legal
// moves is scored by the rules.
Result<Score> search_score(players::PluginPlayer& player, const std::vector<chess::Move>& moves,
                           const chess::Position& reached, std::int64_t nodes) {
  if (chess::count_legal(reached) == 0)
    return reached.in_check() ? Score{players::ScoreKind::Mate, 0} : Score{players::ScoreKind::Centipawns, 0};
  std::optional<players::SearchInfo> last;
  const players::MoveAnswer answer = player.choose_move(
      chess::Position(), moves, players::Limits{.nodes = nodes},
      [&last](const players::SearchInfo& info) {
        if (info.score_kind != players::ScoreKind::None) last = info;
      },
      players::PluginPlayer::NoDeadline);
  if (answer.kind != players::MoveAnswer::Kind::Move) return Failure{answer.reason};
  if (!last) return Failure{"player '" + player.library().id() + "' reported no score, so it cannot judge openings"};
  return Score{last->score_kind, last->score};
}

// What the player's searches come to, as a number: the best moves and scores
// of fixed node-limited searches of three positions, hashed. A player whose
// search or evaluation changed without a new version gets another number, so
// a book is not continued with it.
Result<std::string> search_signature(players::PluginPlayer& player) {
  static constexpr std::string_view Lines[] = {
      "", "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6", "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6 c1g5 f8e7 e2e3 e8g8"};
  std::uint64_t hash = 0;
  for (const std::string_view line : Lines) {
    if (auto started = player.new_game(); !started) return Failure{started.error()};
    auto moves = chess::parse_uci_line(chess::Position(), line);
    if (!moves) return Failure{moves.error()};
    std::optional<players::SearchInfo> last;
    const players::MoveAnswer answer = player.choose_move(
        chess::Position(), moves.value(), players::Limits{.nodes = 20000},
        [&last](const players::SearchInfo& info) {
          if (info.score_kind != players::ScoreKind::None) last = info;
        },
        players::PluginPlayer::NoDeadline);
    if (answer.kind != players::MoveAnswer::Kind::Move) return Failure{answer.reason};
    if (!last) return Failure{"player '" + player.library().id() + "' reported no score, so it cannot judge openings"};
    for (const std::uint64_t value :
         {std::uint64_t(answer.move.raw()), std::uint64_t(last->score_kind), std::uint64_t(std::int64_t(last->score))})
      hash = splitmix64_mix(hash ^ value);
  }
  char text[16];
  std::snprintf(text, sizeof text, "%08llx", static_cast<unsigned long long>(hash >> 32));
  return std::string(text);
}

// The score of the move's mover from the score of the position after it.
Score mover_view(Score after) {
  if (after.kind == players::ScoreKind::Mate) return {after.kind, after.value > 0 ? -after.value : 1 - after.value};
  return {after.kind, -after.value};
}

// Plays and judges candidate `index` (see the file comment). Deterministic:
// the player starts a new game, then searches in a fixed order. Gives up
// early (with nothing) once `stopping` is set.
Result<std::optional<Candidate>> play_candidate(players::PluginPlayer& player, const Shape& shape, std::uint64_t index,
                                                const std::atomic<bool>& stopping) {
  if (auto started = player.new_game(); !started) return Failure{started.error()};
  SplitMix64 random{splitmix64_mix(splitmix64_mix(shape.seed) + index)};
  chess::Game game;
  Candidate candidate;
  candidate.index = index;
  for (int ply = 0; ply < shape.plies; ++ply) {
    const chess::MoveList legal = chess::legal_moves(game.position());
    std::vector<std::pair<chess::Move, std::int64_t>> ranked;
    for (const chess::Move m : legal) {
      if (stopping) return std::optional<Candidate>{};
      chess::Position after = game.position();
      after.do_move(m);
      candidate.moves.push_back(m);
      const Result<Score> score = search_score(player, candidate.moves, after, shape.choice_nodes);
      candidate.moves.pop_back();
      if (!score) return Failure{score.error()};
      ranked.emplace_back(m, mover_view(*score).rank());
    }
    std::int64_t best = INT64_MIN;
    for (const auto& [move, rank] : ranked) best = std::max(best, rank);
    std::vector<chess::Move> near_best;
    for (const auto& [move, rank] : ranked)
      if (rank >= best - shape.choice_margin) near_best.push_back(move);
    const chess::Move chosen = near_best[random.next() % near_best.size()];
    game.play(chosen);
    candidate.moves.push_back(chosen);
    if (game.is_over()) return std::optional{candidate};  // mate or stalemate in the opening: no score, left out
  }
  candidate.position = game.position();
  if (game.claimable_draw()) return std::optional{candidate};
  const Result<Score> score = search_score(player, candidate.moves, candidate.position, shape.check_nodes);
  if (!score) return Failure{score.error()};
  candidate.score = *score;
  return std::optional{candidate};
}

// Candidates played by worker threads, each with its own player, handed to
// the one writer in candidate order. Invariant: every index below next_take_
// is being played, in done_, or already taken; workers never take a
// candidate lookahead_ or more beyond the writer's next one.
class Candidates {
 public:
  Candidates(std::vector<std::unique_ptr<players::PluginPlayer>> players, const Shape& shape, std::uint64_t first)
      : shape_(shape), next_take_(first), next_write_(first), lookahead_(4 * players.size()) {
    for (auto& player : players)
      workers_.emplace_back([this, player = std::move(player)] { work(*player); });
  }
  ~Candidates() {
    {
      const std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    changed_.notify_all();
    workers_.clear();  // joined
  }
  Candidates(const Candidates&) = delete;
  Candidates& operator=(const Candidates&) = delete;

  // The next candidate in order, once played (never one given up: only a stopping queue gives up).
  Result<std::optional<Candidate>> next() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [this] { return done_.contains(next_write_); });
    auto node = done_.extract(next_write_++);
    changed_.notify_all();
    return std::move(node.mapped());
  }

 private:
  void work(players::PluginPlayer& player) {
    while (true) {
      std::uint64_t index = 0;
      {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [this] { return stopping_ || next_take_ < next_write_ + lookahead_; });
        if (stopping_) return;
        index = next_take_++;
      }
      auto played = play_candidate(player, shape_, index, stopping_);
      const std::lock_guard lock(mutex_);
      done_.emplace(index, std::move(played));
      changed_.notify_all();
    }
  }

  const Shape& shape_;
  std::mutex mutex_;  // guards done_, next_take_ and next_write_; stopping_ is set under it
  std::condition_variable changed_;
  std::map<std::uint64_t, Result<std::optional<Candidate>>> done_;
  std::uint64_t next_take_, next_write_;
  const std::uint64_t lookahead_;
  std::atomic<bool> stopping_ = false;
  std::vector<std::jthread> workers_;  // last: joined before the rest goes
};

int run(int argc, char** argv) {
  CLI::App app{"Makes a book of balanced opening positions (EPD) with the alphabeta player, reproducibly: the "
               "same flags give the same file, and a rerun continues it."};
  app.set_version_flag("--version", std::string(Program) + " " + GAMBIT_VERSION);
  Shape shape;
  std::string output, plugin_file;
  int count = 0, jobs = 1;
  app.add_option("-o,--output", output, "The book (EPD); continued when it exists; its flags go to FILE.args")
      ->required();
  app.add_option("--count", count, "Positions the book is to hold")->required()->check(CLI::Range(1, 1000000));
  app.add_option("--seed", shape.seed, "Seed of the random choices")->capture_default_str();
  app.add_option("--plies", shape.plies, "Plies played from the start")
      ->check(CLI::Range(1, 40))
      ->capture_default_str();
  app.add_option("--choice-nodes", shape.choice_nodes, "Nodes searched for each candidate move")
      ->check(CLI::Range(std::int64_t(1), std::int64_t(1) << 40))
      ->capture_default_str();
  app.add_option("--choice-margin", shape.choice_margin,
                 "A move is drawn among those within this many centipawns of the best")
      ->check(CLI::Range(0, 10000))
      ->capture_default_str();
  app.add_option("--check-nodes", shape.check_nodes, "Nodes searched for the position reached")
      ->check(CLI::Range(std::int64_t(1), std::int64_t(1) << 40))
      ->capture_default_str();
  app.add_option("--max-cp", shape.max_cp, "Kept when that search scores it within this many centipawns of equal")
      ->check(CLI::Range(0, 10000))
      ->capture_default_str();
  app.add_option("--jobs", jobs, "Candidates played at once, each by its own player (the file is the same)")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  app.add_option("--plugin-file", plugin_file, "The alphabeta plugin (default: gambit_alphabeta.so beside the program)");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }

  const fs::path file = plugin_file.empty() ? plugin_directory() / "gambit_alphabeta.so" : fs::path(plugin_file);
  auto library = players::PluginLibrary::load(file);
  if (!library) return fail(library.error());
  if (!library.value()->plays(chess::Variant::Standard))
    return fail("player '" + library.value()->id() + "' does not play standard chess");
  {
    auto player = players::PluginPlayer::create(library.value(), {});
    if (!player) return fail(player.error());
    auto signature = search_signature(*player.value());
    if (!signature) {
      say(signature.error());
      return 1;
    }
    shape.player = library.value()->id() + " " + library.value()->version() + ", search signature " + *signature;
  }

  const fs::path book_path = output, args_path = output + ".args";
  auto read = read_book(book_path);
  if (!read) return fail(read.error());
  Book& book = read.value();
  std::FILE* out = std::fopen(output.c_str(), "a");  // O_APPEND: every line goes to the end, even after a cut
  if (!out) return fail(output + ": cannot be written");
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> closing(out, std::fclose);
  if (auto mismatch = settle_shape(book_path, args_path, book, shape)) return fail(*mismatch);
  if (auto cut = cut_unfinished_line(book_path, book)) return fail(*cut);
  std::size_t kept = book.lines;
  if (kept >= std::size_t(count)) {
    say(output + " already holds " + std::to_string(kept) + " positions");
    return 0;
  }
  if (kept > 0)
    say("continuing " + output + ": " + std::to_string(kept) + " positions, from candidate " +
        std::to_string(book.next_candidate));

  std::vector<std::unique_ptr<players::PluginPlayer>> players;
  for (int k = 0; k < jobs; ++k) {
    auto player = players::PluginPlayer::create(library.value(), {});
    if (!player) return fail(player.error());
    players.push_back(std::move(player).value());
  }

  const auto began = std::chrono::steady_clock::now();
  const auto seconds = [&] {
    return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - began).count();
  };
  std::uint64_t candidate = book.next_candidate;
  // This run's candidates left out: scored beyond --max-cp (or a mate), already in the book, ended before a score.
  std::uint64_t unbalanced = 0, repeated = 0, ended = 0;
  const auto progress = [&] {
    char rate[32];
    std::snprintf(rate, sizeof rate, "%.1f", candidate ? 100.0 * double(kept) / double(candidate) : 0.0);
    say(output + ": " + std::to_string(kept) + "/" + std::to_string(count) + " positions from " +
        std::to_string(candidate) + " candidates (" + rate + "% kept; this run left out " + std::to_string(unbalanced) +
        " unbalanced, " + std::to_string(repeated) + " already in the book, " + std::to_string(ended) +
        " without a score), " + std::to_string(seconds()) + " s");
  };
  Candidates candidates(std::move(players), shape, candidate);
  while (kept < std::size_t(count)) {
    auto played = candidates.next();
    ++candidate;
    if (!played) {
      say(played.error());
      return 1;
    }
    const Candidate& c = *played.value();
    if (!c.score) {
      ++ended;
      continue;
    }
    if (c.score->kind == players::ScoreKind::Mate || std::abs(c.score->value) > shape.max_cp) {
      ++unbalanced;
      continue;
    }
    if (!book.positions.insert(epd_fields(c.position)).second) {
      ++repeated;
      continue;
    }
    const std::string line = book_line(c, ++kept) + "\n";
    if (std::fputs(line.c_str(), out) < 0 || std::fflush(out) != 0) return fail(output + ": could not be written");
    if (kept % 100 == 0) progress();
  }
  if (kept % 100 != 0) progress();
  return 0;
}

}  // namespace
}  // namespace gambit

int main(int argc, char** argv) { return gambit::run(argc, argv); }
