// SPDX-License-Identifier: MIT
#include "core/match/book_maker.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <sstream>

#include "core/chess/game.h"
#include "core/chess/movegen.h"
#include "core/chess/uci.h"
#include "core/util/parse_number.h"
#include "core/util/splitmix64.h"

namespace gambit::book_maker {

namespace fs = std::filesystem;

namespace {

// The move counters of a FEN ("hmvc" and "fmvn" in EPD).
std::pair<std::string, std::string> fen_counters(const chess::Position& pos) {
  std::istringstream in(pos.fen());
  std::string field, halfmove, fullmove;
  for (int i = 0; i < 4; ++i) in >> field;
  in >> halfmove >> fullmove;
  return {halfmove, fullmove};
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

}  // namespace

std::string epd_fields(const chess::Position& pos) {
  const std::string fen = pos.fen();
  std::size_t end = 0;
  for (int field = 0; field < 4 && end != std::string::npos; ++field) end = fen.find(' ', end + (field > 0));
  return fen.substr(0, end);
}

std::string book_line(const Candidate& c, std::size_t number) {
  const std::string moves = chess::to_uci_line(c.moves);
  const auto [halfmove, fullmove] = fen_counters(c.position);
  return epd_fields(c.position) + " id \"gambit-book " + std::to_string(number) + "\"; ce " +
         std::to_string(c.score->value) + "; hmvc " + halfmove + "; fmvn " + fullmove + "; c0 \"" + moves +
         "\"; c1 \"candidate " + std::to_string(c.index) + "\";";
}

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
      return Failure{path.string() + ":" + std::to_string(book.lines + 1) +
                     ": not a line of gambit-make-book, so the file cannot be continued"};
    if (read->candidate < book.next_candidate)
      return Failure{path.string() + ":" + std::to_string(book.lines + 1) + ": candidates out of order"};
    book.positions.insert(read->fields);
    book.next_candidate = read->candidate + 1;
    ++book.lines;
  }
  return book;
}

Result<bool> cut_unfinished_line(const fs::path& path, const Book& book) {
  if (book.complete == book.size) return false;
  std::error_code error;
  fs::resize_file(path, book.complete, error);
  if (error) return Failure{path.string() + ": cannot cut off its unfinished last line: " + error.message()};
  return true;
}

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

Score mover_view(Score after) {
  if (after.kind == players::ScoreKind::Mate) return {after.kind, after.value > 0 ? -after.value : 1 - after.value};
  return {after.kind, -after.value};
}

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

Candidates::Candidates(std::vector<std::unique_ptr<players::PluginPlayer>> players, const Shape& shape,
                       std::uint64_t first)
    : shape_(shape), next_take_(first), next_write_(first), lookahead_(4 * players.size()) {
  for (auto& player : players) workers_.emplace_back([this, player = std::move(player)] { work(*player); });
}

Candidates::~Candidates() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  workers_.clear();  // joined
}

Result<std::optional<Candidate>> Candidates::next() {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [this] { return done_.contains(next_write_); });
  auto node = done_.extract(next_write_++);
  changed_.notify_all();
  return std::move(node.mapped());
}

void Candidates::work(players::PluginPlayer& player) {
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

}  // namespace gambit::book_maker
