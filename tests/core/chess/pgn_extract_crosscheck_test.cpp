// SPDX-License-Identifier: MIT
// Opening names against pgn-extract's own classification: games made here
// (every line of eco.pgn as it stands, then four hundred from a fixed seed:
// lines played on at random, cut short and played on, played in another move
// order, with a detour that comes back to the line, started from a FEN in the
// middle of a line, and random games from the start) are written as PGN without opening tags; `pgn-extract -e`
// classifies them, and its ECO, Opening, Variation and SubVariation tags must
// be the ones Gambit gives, game by game. Debian's pgn-extract package is
// required: without it the test fails, it does not skip.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/chess/movegen.h"
#include "core/chess/opening_names.h"
#include "core/chess/pgn.h"
#include "core/chess/san.h"
#include "core/util/install_layout.h"

namespace gambit::chess {
namespace {

constexpr const char* PgnExtractPath = "/usr/games/pgn-extract";
constexpr std::string_view OpeningTags[] = {"ECO", "Opening", "Variation", "SubVariation"};

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Makes the games: each a start and legal moves, named by how it was made.
class GameMaker {
 public:
  GameMaker(std::vector<PgnGame> lines, std::uint64_t seed) : lines_(std::move(lines)), rng_(seed) {}

  struct Made {
    std::string how;
    Position start;
    std::vector<Move> moves;
  };

  // Every line of the table played exactly, each a game (where lines end on one
  // placement, only the move order tells them apart).
  std::vector<Made> every_line() const {
    std::vector<Made> made;
    for (const PgnGame& line : lines_) made.push_back({"a line as the table has it", line.start, line.moves});
    return made;
  }
  // A line of the table played whole, then 0..12 random moves.
  Made line_played_on() {
    const PgnGame& line = any_line();
    Made made{"a line played on", line.start, line.moves};
    play_randomly(made, number(0, 12));
    return made;
  }
  // A line cut short after a random ply, then 1..10 random moves (out of the table, often into another line).
  Made line_left() {
    const PgnGame& line = any_line();
    Made made{"a line left early", line.start, line.moves};
    made.moves.resize(std::size_t(number(1, int(line.moves.size()))));
    play_randomly(made, number(1, 10));
    return made;
  }
  // A line's moves in another order (each side's own moves shuffled), when that order is legal.
  Made line_transposed() {
    for (int attempt = 0; attempt < 200; ++attempt) {
      const PgnGame& line = any_line();
      std::vector<Move> sides[COLOR_NB];
      Position pos = line.start;
      for (Move move : line.moves) {
        sides[pos.side_to_move()].push_back(move);
        pos.do_move(move);
      }
      for (auto& side : sides) std::shuffle(side.begin(), side.end(), rng_);
      Made made{"a line in another order", line.start, {}};
      pos = line.start;
      std::size_t next[COLOR_NB] = {0, 0};
      bool legal = true;
      for (std::size_t i = 0; i < line.moves.size() && legal; ++i) {
        const Color side = pos.side_to_move();
        const Move move = sides[side][next[side]++];
        legal = pos.is_legal(move);
        if (legal) {
          made.moves.push_back(move);
          pos.do_move(move);
        }
      }
      if (!legal || made.moves == line.moves) continue;
      play_randomly(made, number(0, 4));
      return made;
    }
    return line_played_on();
  }
  // A line with a detour: at a random point each side walks a piece (or two)
  // away and back, the side to move in `first` moves, the other in `second`
  // (2: out and back; 3: a slider's triangle; 4: two trips), so the line's
  // position comes again 4 to 8 plies late (a king's trip loses castling), the
  // line goes on (the other way round when the other side is to move), then
  // random moves.
  Made line_with_detour(int first, int second) {
    const PgnGame& line = any_line();
    Made made{"a line with a detour of " + std::to_string(first + second) + " plies", line.start, {}};
    const std::size_t at = std::size_t(number(0, int(line.moves.size())));
    made.moves.assign(line.moves.begin(), line.moves.begin() + std::ptrdiff_t(at));
    Position pos = position_after(made);
    std::vector<Move> detour;
    if (!walk_away_and_back(pos, first, second, detour)) {
      made.how += " (none found)";
    } else {
      made.moves.insert(made.moves.end(), detour.begin(), detour.end());
      for (Move move : detour) pos.do_move(move);
      for (std::size_t i = at; first == second && i < line.moves.size() && pos.is_legal(line.moves[i]); ++i) {
        made.moves.push_back(line.moves[i]);
        pos.do_move(line.moves[i]);
      }
      // The other side to move now: the line goes on with each pair of moves
      // the other way round, while that is legal (its end is then reached with
      // the other side to move, by another way).
      for (std::size_t i = at; first != second && i + 1 < line.moves.size(); i += 2) {
        Position next = pos;
        if (!next.is_legal(line.moves[i + 1])) break;
        next.do_move(line.moves[i + 1]);
        if (!next.is_legal(line.moves[i])) break;
        next.do_move(line.moves[i]);
        made.moves.insert(made.moves.end(), {line.moves[i + 1], line.moves[i]});
        pos = next;
      }
    }
    play_randomly(made, number(0, 4));
    return made;
  }
  // The game from the middle of a line, its FEN as the start: with the line's
  // move number, or numbered as move 1 (pgn-extract counts plies from the FEN's).
  Made line_from_fen(bool renumbered) {
    const PgnGame& line = any_line();
    Made made{renumbered ? "a line from a FEN numbered as move 1" : "a line from a FEN", line.start, {}};
    const std::size_t at = std::size_t(number(1, int(line.moves.size())));
    for (std::size_t i = 0; i < at; ++i) made.start.do_move(line.moves[i]);
    if (renumbered) {
      const std::string fen = made.start.fen();
      made.start = Position::from_fen(fen.substr(0, fen.rfind(' ')) + " 1").value();
    }
    made.moves.assign(line.moves.begin() + std::ptrdiff_t(at), line.moves.end());
    play_randomly(made, number(0, 6));
    return made;
  }
  // Random moves from the start.
  Made random_game() {
    Made made{"a random game", Position(), {}};
    play_randomly(made, number(1, 16));
    return made;
  }

 private:
  int number(int low, int high) { return std::uniform_int_distribution<int>(low, high)(rng_); }
  const PgnGame& any_line() {
    for (;;) {
      const PgnGame& line = lines_[std::size_t(number(0, int(lines_.size()) - 1))];
      if (!line.moves.empty()) return line;
    }
  }
  static Position position_after(const Made& made) {
    Position pos = made.start;
    for (Move move : made.moves) pos.do_move(move);
    return pos;
  }
  void play_randomly(Made& made, int plies) {
    Position pos = position_after(made);
    for (int i = 0; i < plies; ++i) {
      const MoveList moves = legal_moves(pos);
      if (moves.empty()) return;
      const Move move = moves[std::size_t(number(0, int(moves.size()) - 1))];
      made.moves.push_back(move);
      pos.do_move(move);
    }
  }
  // Moves of both sides, alternately, after which every piece stands where it
  // stood: the side to move makes `first` moves, the other `second`.
  bool walk_away_and_back(const Position& start, int first, int second, std::vector<Move>& out) {
    // A walk's next move: a quiet move of a piece (a slider for a triangle's
    // first step), the same piece on (a triangle's second step), or back home.
    struct Walk {
      int length = 0, made = 0;
      Square home = SQ_NONE, via = SQ_NONE;  // the walking piece's square before, and after its first step
    };
    const auto quiet_moves = [](const Position& p, auto&& wanted) {
      std::vector<Move> moves;
      for (Move move : legal_moves(p))
        if (move.kind() == Move::NORMAL && p.empty(move.to()) && wanted(move, type_of(p.piece_on(move.from()))))
          moves.push_back(move);
      return moves;
    };
    for (int attempt = 0; attempt < 40; ++attempt) {
      Walk walks[COLOR_NB];
      walks[start.side_to_move()].length = first;
      walks[~start.side_to_move()].length = second;
      Position pos = start;
      std::vector<Move> out_moves;
      bool stuck = false;
      while (!stuck && (walks[WHITE].made < walks[WHITE].length || walks[BLACK].made < walks[BLACK].length)) {
        Walk& walk = walks[pos.side_to_move()];
        if (walk.made == walk.length) {
          stuck = true;  // only when `first` is neither `second` nor one more
          break;
        }
        const bool out = walk.length == 4 ? walk.made % 2 == 0 : walk.made == 0;
        const bool on = walk.length == 3 && walk.made == 1;
        std::vector<Move> choice;
        if (out) {
          choice = quiet_moves(pos, [&](Move, PieceType type) {
            return walk.length == 3 ? type == BISHOP || type == ROOK || type == QUEEN : type != PAWN;
          });
        } else if (on) {
          choice = quiet_moves(pos, [&](Move move, PieceType) { return move.from() == walk.via && move.to() != walk.home; });
        } else if (const Move back(walk.via, walk.home); pos.is_legal(back)) {
          choice = {back};
        }
        if (choice.empty()) {
          stuck = true;
          break;
        }
        const Move move = choice[std::size_t(number(0, int(choice.size()) - 1))];
        if (out) walk.home = move.from();
        walk.via = move.to();
        ++walk.made;
        out_moves.push_back(move);
        pos.do_move(move);
      }
      bool back_home = !stuck;
      for (int s = 0; s < SQUARE_NB && back_home; ++s) back_home = pos.piece_on(Square(s)) == start.piece_on(Square(s));
      if (back_home) {
        out = std::move(out_moves);
        return true;
      }
    }
    return false;
  }

  std::vector<PgnGame> lines_;
  std::mt19937_64 rng_;
};

std::string tags_text(const PgnGame& game) {
  std::string text;
  for (std::string_view name : OpeningTags)
    if (std::string value = game.tag(name); !value.empty())
      text += std::string(text.empty() ? "" : " ") + std::string(name) + " \"" + value + "\"";
  return text.empty() ? "(none)" : text;
}

TEST(PgnExtractCrossCheck, OpeningTagsMatchPgnExtractsClassification) {
  ASSERT_TRUE(std::filesystem::exists(PgnExtractPath))
      << PgnExtractPath << " not found: install the Debian 'pgn-extract' package (apt-get install pgn-extract)";
  const Result<OpeningNames> names = OpeningNames::load(eco_file());
  ASSERT_TRUE(names) << names.error();
  std::vector<PgnGame> lines;
  const std::string eco_text = read_file(eco_file());
  PgnReader reader(eco_text);
  while (auto line = reader.next())
    if (*line) lines.push_back(std::move(*line).value());
  ASSERT_GT(lines.size(), 1000u);

  GameMaker maker(std::move(lines), 20260539);
  std::vector<GameMaker::Made> made = maker.every_line();
  for (int i = 0; i < 100; ++i) made.push_back(maker.line_played_on());
  for (int i = 0; i < 80; ++i) made.push_back(maker.line_left());
  for (int i = 0; i < 80; ++i) made.push_back(maker.line_transposed());
  for (const auto& [first, second] : {std::pair{2, 2}, {3, 2}, {3, 3}, {4, 3}, {4, 4}})
    for (int i = 0; i < 20; ++i) made.push_back(maker.line_with_detour(first, second));
  for (int i = 0; i < 30; ++i) made.push_back(maker.line_from_fen(i % 2 == 1));
  for (int i = 0; i < 50; ++i) made.push_back(maker.random_game());

  // Our tags, and the games without them for pgn-extract.
  std::vector<PgnGame> ours;
  std::string input;
  for (std::size_t i = 0; i < made.size(); ++i) {
    PgnGame game;
    game.tags = {{"Event", "game " + std::to_string(i + 1)}};
    game.start = made[i].start;
    game.moves = made[i].moves;
    input += write_pgn(game);
    add_opening_tags(game, *names);
    ours.push_back(std::move(game));
  }
  const auto dir = std::filesystem::temp_directory_path();
  const std::string stem = "gambit_pgn_extract_" + std::to_string(::getpid());
  const auto in_path = dir / (stem + "_in.pgn"), out_path = dir / (stem + "_out.pgn"), log_path = dir / (stem + ".log");
  std::ofstream(in_path, std::ios::binary) << input;
  const std::string command = std::string(PgnExtractPath) + " -s -e'" + eco_file().string() + "' -o '" +
                              out_path.string() + "' '" + in_path.string() + "' 2> '" + log_path.string() + "'";
  const int status = std::system(command.c_str());
  const std::string output = read_file(out_path), log = read_file(log_path);
  for (const auto& path : {in_path, out_path, log_path}) std::filesystem::remove(path);
  ASSERT_EQ(status, 0) << command << "\n" << log;

  std::vector<PgnGame> theirs;
  PgnReader read_back(output);
  while (auto game = read_back.next()) {
    ASSERT_TRUE(*game) << game->error();
    theirs.push_back(std::move(*game).value());
  }
  ASSERT_EQ(theirs.size(), ours.size()) << log;

  std::size_t named = 0, detours = 0;
  std::set<std::string> distinct;
  for (std::size_t i = 0; i < ours.size(); ++i) {
    ASSERT_EQ(theirs[i].tag("Event"), ours[i].tag("Event")) << "pgn-extract wrote the games in another order";
    ASSERT_EQ(tags_text(theirs[i]), tags_text(ours[i]))
        << "the first game named otherwise: " << ours[i].tag("Event") << ", " << made[i].how << ":\n"
        << write_pgn(ours[i]) << "pgn-extract: " << tags_text(theirs[i]) << "\nGambit:      " << tags_text(ours[i]);
    detours += made[i].how.starts_with("a line with a detour") && !made[i].how.ends_with("(none found)");
    if (!ours[i].tag("ECO").empty()) {
      ++named;
      distinct.insert(tags_text(ours[i]));
    }
  }
  // Agreeing must prove something: most games named, many openings among them.
  EXPECT_GE(named, made.size() * 3 / 4);
  EXPECT_GE(distinct.size(), 1500u);
  EXPECT_GE(detours, 80u);
  std::printf("pgn-extract -e and Gambit agree on %zu games: %zu named, %zu distinct openings, %zu detours\n",
              ours.size(), named, distinct.size(), detours);
}

}  // namespace
}  // namespace gambit::chess
