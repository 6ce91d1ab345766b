// SPDX-License-Identifier: MIT
// Cross-check of three-check against an independent implementation, Debian's
// Fairy-Stockfish 11.1 (UCI_Variant 3check), on 100 seeded random games that
// prefer checking moves, so most of them end with a third check, and on a few
// hand-picked lines (double and discovered checks, en passant, castling and
// promotion giving check, a third check that is mate):
//  - its FEN ("d") every few plies and at the end, check counts included, and
//    the pieces giving check;
//  - "go perft 2" divides on positions of the games, among them the one before
//    the last move (where a move gives the third check);
//  - at the end of each game, whether it is over: for a game we end by the third
//    check or mate it answers "bestmove (none)" with "score mate 0".
// Fairy-Stockfish runs once, reading every command from a file. The package is
// required: without it the test fails, it does not skip.
//
// Where it differs from us, and how the comparison allows for it:
//  - En passant: it writes the en-passant square after a double push whenever
//    an enemy pawn attacks that square, even when the capture is illegal (a pin);
//    we write it only when a legal capture exists. Its FEN is read with our
//    from_fen (which drops such a square) and the Positions compared; the FEN
//    texts must then differ in that field only.
//  - Perft: both end the game at the third check (a position after it has no
//    moves in perft(); legal_moves() still lists them, Game decides the end).
//  - Its "Nodes searched" total is not reliable when commands follow "go perft"
//    (see the parser); the totals compared are the sums of its per-move lines.
//  - Its FEN reader takes only the checks-remaining field ("2+3" after the
//    en-passant square): without it, and also for lichess's "+1+0" last field,
//    it assumes 1+1 remain, where we read no checks given, or the "+1+0". So
//    positions are sent as "startpos moves ..." or as our FEN, which writes
//    the checks-remaining field.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/chess/bitboard.h"
#include "core/chess/game.h"
#include "core/chess/movegen.h"
#include "core/chess/perft.h"
#include "core/chess/position.h"
#include "core/chess/uci.h"
#include "tests/core/chess/test_positions.h"

namespace gambit::chess {
namespace {

using test_support::Divide;

using test_support::FairyStockfishPath;
constexpr int GameCount = 100;
constexpr int MaxPlies = 200;
constexpr int PerftDepth = 2;
constexpr int FenEvery = 3;  // plies between FEN comparisons (the final position is always compared)

// One game sent to Fairy-Stockfish: how it starts ("startpos" or "fen ..."),
// its moves and the positions they lead through (start included).
struct Line {
  std::string start = "startpos";
  std::vector<Move> moves;
  std::vector<Position> positions;
  Outcome outcome;
};

// Random legal play from the three-check start: an en-passant capture, when
// there is one, half of the time; else a double check, when there is one, a
// quarter of the time; else a checking move, when there is one, half of the
// time; else any legal move. Every fourth game
// avoids checks for its first 60 plies, so that longer games with castling,
// en passant and promotions are in the sample too.
Line play_random_game(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const bool quiet_opening = seed % 4 == 3;
  Game game{Position(Variant::ThreeCheck)};
  while (!game.is_over() && int(game.moves().size()) < MaxPlies) {
    const MoveList moves = legal_moves(game.position());
    std::vector<Move> checking, double_checking, quiet, en_passant;
    for (Move m : moves) {
      Position next = game.position();
      next.do_move(m);
      (next.in_check() ? checking : quiet).push_back(m);
      if (more_than_one(next.checkers())) double_checking.push_back(m);
      if (m.kind() == Move::EN_PASSANT) en_passant.push_back(m);
    }
    const auto pick = [&](const std::vector<Move>& from) { return from[rng() % from.size()]; };
    Move m = pick(std::vector<Move>(moves.begin(), moves.end()));
    if (!en_passant.empty() && rng() % 2 == 0) m = pick(en_passant);
    else if (quiet_opening && game.moves().size() < 60 && !quiet.empty()) m = pick(quiet);
    else if (!double_checking.empty() && rng() % 4 == 0) m = pick(double_checking);
    else if (!checking.empty() && rng() % 2 == 0) m = pick(checking);
    EXPECT_TRUE(game.play(m)) << to_uci(m) << "\n" << game.position().pretty();
  }
  return {"startpos", game.moves(), game.positions(), game.outcome()};
}

// Positions chosen for what random games rarely reach, each with the moves
// played from it: double and discovered checks, en passant that checks or is
// pinned (Fairy-Stockfish writes the square anyway), castling into check,
// promotions, third checks (one of them mate) by either side.
Line hand_picked_line(std::string_view fen, std::vector<std::string_view> uci_moves) {
  Result<Position> start = Position::from_fen(fen, Variant::ThreeCheck);
  EXPECT_TRUE(start.ok()) << fen << ": " << (start.ok() ? "" : start.error());
  Game game{start.ok() ? *start : Position(Variant::ThreeCheck)};
  for (std::string_view text : uci_moves) {
    Result<Move> m = parse_uci_move(game.position(), text);
    if (!m.ok() || !game.play(*m)) {
      ADD_FAILURE() << text << " is not playable (" << (m.ok() ? game.outcome().description() : m.error()) << ")\n"
                    << game.position().pretty();
      break;
    }
  }
  return {"fen " + game.start().fen(), game.moves(), game.positions(), game.outcome()};
}

std::vector<Line> hand_picked_lines() {
  return {
      hand_picked_line("4k3/8/8/8/4N3/8/8/4R1K1 w - - 3+3 0 1", {"e4f6"}),          // double check
      hand_picked_line("4k3/8/8/8/4N3/8/8/4R1K1 w - - 3+3 0 1", {"e4c3"}),          // discovered check
      hand_picked_line("8/4k3/8/3pP3/8/8/8/4K3 w - d6 3+3 0 1", {"e5d6"}),          // en passant gives check
      hand_picked_line("8/6k1/8/3pP3/8/8/1B6/4K3 w - d6 2+3 0 1", {"e5d6"}),        // ... discovers it
      hand_picked_line("8/8/8/R2pP2k/8/8/8/4K3 w - d6 3+3 0 1", {"e5d6"}),          // ... along the rank
      hand_picked_line("8/8/8/8/k2p3R/8/4P3/4K3 w - - 3+3 0 1", {"e2e4", "a4b3"}),  // en passant pinned
      hand_picked_line("rnbqkbnr/ppp1pppp/8/8/3pP3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 3+3 0 3",
                       {"c2c4", "d4c3", "d2c3", "d8d1", "e1d1"}),                   // ep, queen checks
      hand_picked_line("5k2/8/8/8/8/8/8/4K2R w K - 3+3 0 1", {"e1g1"}),             // castling gives check
      hand_picked_line("r3k3/8/8/8/8/8/8/3K4 b q - 3+2 0 1", {"e8c8"}),             // black castles, check
      hand_picked_line("k7/4P3/8/8/8/8/8/4K3 w - - 3+3 0 1", {"e7e8q"}),            // promotion checks
      hand_picked_line("8/4P3/3k4/8/8/8/8/4K3 w - - 1+3 0 1", {"e7e8n"}),           // underpromotion, 3rd check
      hand_picked_line("6k1/5ppp/8/8/8/8/8/R5K1 w - - 1+3 0 1", {"a1a8"}),          // third check and mate
      hand_picked_line("r3k3/8/8/8/8/8/8/6K1 b - - 3+1 0 1", {"a8a1"}),             // Black's third check
      hand_picked_line("4k3/8/8/8/8/8/8/R5K1 w - - 2+3 7 30", {"a1a8", "e8d7", "a8a7"}),  // 2nd, 3rd check
  };
}

// What Fairy-Stockfish said about one position.
struct Reply {
  std::string fen;       // "d": the Fen line
  std::string checkers;  // "d": the Checkers line, e.g. "h5 " or ""
};
struct SearchReply {
  std::string score;     // the last "score ..." of the search, e.g. "mate 0", "cp 12"
  std::string bestmove;  // e.g. "e2e4" or "(none)"
};

// A "position" command reaching position `ply` of the game.
std::string position_command(const Line& game, std::size_t ply) {
  std::string command = "position " + game.start;
  if (ply > 0) command += " moves";
  for (std::size_t i = 0; i < ply; ++i) command += " " + to_uci(game.moves[i]);
  return command + "\n";
}

struct Query {
  std::size_t game, ply;
};

struct Answers {
  std::vector<Reply> displays;        // one per FEN query
  std::vector<Divide> divides;        // one per perft query
  std::vector<SearchReply> searches;  // one per final position
  std::string error;
  std::filesystem::path commands_path, output_path;  // kept for a look when something disagrees
};

// Runs Fairy-Stockfish once over all queries. The three kinds of query go in
// three phases, each closed by "ucinewgame" (which waits for a running search or
// perft to finish) and "isready": its "readyok" marks where the phase's output ends.
Answers ask_fairy_stockfish(const std::vector<Line>& games, const std::vector<Query>& fen_queries,
                            const std::vector<Query>& perft_queries) {
  const auto dir = std::filesystem::temp_directory_path();
  const std::string stem = "gambit_fairy_stockfish_" + std::to_string(::getpid());
  const auto commands_path = dir / (stem + "_in.txt"), output_path = dir / (stem + "_out.txt");
  {
    std::ofstream commands(commands_path);
    commands << "uci\nsetoption name UCI_Variant value 3check\nisready\n";
    for (const Query& q : fen_queries) commands << position_command(games[q.game], q.ply) << "d\n";
    commands << "isready\n";
    for (const Query& q : perft_queries)
      commands << position_command(games[q.game], q.ply) << "go perft " << PerftDepth << "\n";
    commands << "ucinewgame\nisready\n";
    for (const Line& game : games) commands << position_command(game, game.moves.size()) << "go depth 1\n";
    commands << "ucinewgame\nisready\nquit\n";
  }
  const std::string command =
      std::string(FairyStockfishPath) + " < '" + commands_path.string() + "' > '" + output_path.string() + "' 2>&1";
  const int status = std::system(command.c_str());

  Answers answers;
  answers.commands_path = commands_path;
  answers.output_path = output_path;
  std::ifstream output(output_path);
  int phase = -1;  // -1: before the first readyok; 0: "d" output; 1: perft; 2: searches; 3: after
  Divide divide;
  std::string score;
  for (std::string line; std::getline(output, line);) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    if (line == "readyok") {
      ++phase;
      continue;
    }
    const auto value_of = [&](std::string_view head) -> std::optional<std::string> {
      if (line.rfind(head, 0) != 0) return std::nullopt;
      return line.substr(head.size());
    };
    if (phase == 0) {
      if (auto fen = value_of("Fen: ")) answers.displays.push_back({*fen, ""});
      else if (auto checkers = value_of("Checkers:"); checkers && !answers.displays.empty())
        answers.displays.back().checkers = *checkers;
    } else if (phase == 1) {
      const std::size_t colon = line.find(": ");
      if (colon == std::string::npos) continue;
      std::uint64_t count = 0;
      std::istringstream(line.substr(colon + 2)) >> count;
      const std::string head = line.substr(0, colon);
      if (head == "Nodes searched") {
        // Not its "Nodes searched" figure: Fairy-Stockfish 11.1 prints its main
        // thread's node counter there, which the moves of the "position"
        // commands read meanwhile also advance (seen: 691 after lines adding up
        // to 690). The per-move lines are perft's own counts.
        divide.nodes = 0;
        for (const auto& [move, leaves] : divide.moves) divide.nodes += leaves;
        answers.divides.push_back(std::move(divide));
        divide = Divide();
      } else if (head.size() >= 4 && head.size() <= 5 && head.find(' ') == std::string::npos) {
        divide.moves[head] = count;
      }
    } else if (phase == 2) {
      if (const std::size_t at = line.find(" score "); line.rfind("info ", 0) == 0 && at != std::string::npos) {
        std::istringstream words(line.substr(at + 7));
        std::string kind, amount;
        words >> kind >> amount;
        score = kind + " " + amount;
      } else if (auto best = value_of("bestmove ")) {
        answers.searches.push_back({score, best->substr(0, best->find(' '))});
        score.clear();
      }
    }
  }
  if (status != 0 || phase != 3 || answers.displays.size() != fen_queries.size() ||
      answers.divides.size() != perft_queries.size() || answers.searches.size() != games.size())
    answers.error = "'" + command + "' exited with status " + std::to_string(status) + " after " +
                    std::to_string(phase + 1) + " of 4 readyok, and gave " + std::to_string(answers.displays.size()) +
                    " FENs for " + std::to_string(fen_queries.size()) + " positions, " +
                    std::to_string(answers.divides.size()) + " perft results for " +
                    std::to_string(perft_queries.size()) + ", and " + std::to_string(answers.searches.size()) +
                    " bestmoves for " + std::to_string(games.size());
  return answers;
}

std::vector<std::string> fields_of(const std::string& fen) {
  std::istringstream in(fen);
  std::vector<std::string> fields;
  for (std::string field; in >> field;) fields.push_back(field);
  return fields;
}

// The squares of a bitboard as Fairy-Stockfish lists checkers: "e1 h4 " in square order.
std::string square_list(Bitboard b) {
  std::string out;
  while (b) out += square_name(pop_lsb(b)) + " ";
  return out;
}

// Differences between Fairy-Stockfish's "d" and our position, in words; empty
// when they agree. Counts an en-passant square only it writes.
std::string compare_display(const Position& ours, const Reply& theirs, int& ep_only_theirs) {
  std::string report;
  Result<Position> parsed = Position::from_fen(theirs.fen, Variant::ThreeCheck);
  if (!parsed) return "\nour from_fen refuses its FEN: " + parsed.error();
  if (!(*parsed == ours)) report += "\nits FEN read by us is a different position:\n" + parsed->pretty();
  const std::vector<std::string> our_fields = fields_of(ours.fen()), their_fields = fields_of(theirs.fen);
  if (their_fields.size() != our_fields.size()) {
    report += "\nits FEN has " + std::to_string(their_fields.size()) + " fields, ours " +
              std::to_string(our_fields.size());
  } else {
    for (std::size_t i = 0; i < our_fields.size(); ++i) {
      if (our_fields[i] == their_fields[i]) continue;
      if (i == 3 && our_fields[i] == "-" && parsed->en_passant_square() == SQ_NONE) {
        ++ep_only_theirs;  // its convention: the square after a double push, capture legal or not
        continue;
      }
      report += "\nfield " + std::to_string(i + 1) + ": ours '" + our_fields[i] + "', its '" + their_fields[i] + "'";
    }
  }
  // Its list of checkers, in its own order: compared as a set of squares.
  std::vector<std::string> our_checkers = fields_of(square_list(ours.checkers())),
                           their_checkers = fields_of(theirs.checkers);
  std::sort(our_checkers.begin(), our_checkers.end());
  std::sort(their_checkers.begin(), their_checkers.end());
  if (our_checkers != their_checkers)
    report += "\ncheckers: ours '" + square_list(ours.checkers()) + "', its '" + theirs.checkers + "'";
  return report;
}

std::string describe_game(const Line& game, std::size_t index) {
  std::string moves;
  for (Move m : game.moves) moves += " " + to_uci(m);
  return "game " + std::to_string(index) + " (" + game.outcome.description() + "): position " + game.start +
         (moves.empty() ? "" : " moves" + moves);
}

TEST(FairyStockfishCrossCheck, ThreeCheckGamesAgree) {
  ASSERT_TRUE(std::filesystem::exists(FairyStockfishPath))
      << FairyStockfishPath
      << " not found: install the Debian 'fairy-stockfish' package (apt-get install fairy-stockfish)";

  std::vector<Line> games;
  for (int i = 0; i < GameCount; ++i) games.push_back(play_random_game(std::uint64_t(1000 + i)));
  for (Line& line : hand_picked_lines()) games.push_back(std::move(line));

  // Which positions to ask about: every FenEvery plies and the last one for
  // FENs; the one before the last move and two random others for perft.
  std::vector<Query> fen_queries, perft_queries;
  std::mt19937_64 rng(77);
  for (std::size_t g = 0; g < games.size(); ++g) {
    const std::size_t last = games[g].moves.size();
    const std::size_t every = g < GameCount ? FenEvery : 1;  // hand-picked lines: every position
    for (std::size_t ply = 0; ply < last; ply += every) fen_queries.push_back({g, ply});
    fen_queries.push_back({g, last});
    if (last == 0) continue;
    perft_queries.push_back({g, last - 1});
    for (int k = 0; k < 2; ++k) perft_queries.push_back({g, std::size_t(rng() % last)});
  }

  // What the sample covers, so that agreeing means something.
  int third_checks = 0, black_third_checks = 0, mates = 0, double_checks = 0, en_passant = 0, castling = 0,
      promotions = 0, perft_third_check_cut = 0;
  for (std::size_t g = 0; g < GameCount; ++g) {
    const Line& game = games[g];
    third_checks += game.outcome.termination == Termination::ThirdCheck;
    black_third_checks += game.outcome.termination == Termination::ThirdCheck && game.outcome.winner() == BLACK;
    mates += game.outcome.termination == Termination::Checkmate;
  }
  for (const Line& game : games) {
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
      en_passant += game.moves[i].kind() == Move::EN_PASSANT;
      castling += game.moves[i].kind() == Move::CASTLING;
      promotions += game.moves[i].kind() == Move::PROMOTION;
      double_checks += popcount(game.positions[i + 1].checkers()) == 2;
    }
  }
  std::vector<Divide> our_divides;
  for (const Query& q : perft_queries) {
    const Position& pos = games[q.game].positions[q.ply];
    Divide divide;
    bool cut = false;
    for (auto [m, count] : perft_divide(pos, PerftDepth)) {
      divide.moves[to_uci(m)] = count;
      divide.nodes += count;
      Position child = pos;
      child.do_move(m);
      cut = cut || child.checks_given(pos.side_to_move()) >= ChecksToWin;
    }
    perft_third_check_cut += cut;
    our_divides.push_back(std::move(divide));
  }

  const Answers answers = ask_fairy_stockfish(games, fen_queries, perft_queries);
  ASSERT_TRUE(answers.error.empty()) << answers.error << "; its input and output are kept in " << answers.commands_path
                                      << " and " << answers.output_path;

  int mismatches = 0, ep_only_theirs = 0;
  for (std::size_t i = 0; i < fen_queries.size(); ++i) {
    const Line& game = games[fen_queries[i].game];
    const Position& ours = game.positions[fen_queries[i].ply];
    const std::string report = compare_display(ours, answers.displays[i], ep_only_theirs);
    if (report.empty()) continue;
    ++mismatches;
    ADD_FAILURE() << describe_game(game, fen_queries[i].game) << "\nat ply " << fen_queries[i].ply
                  << ", Fairy-Stockfish's FEN: " << answers.displays[i].fen << "\nours:\n"
                  << ours.pretty() << report;
  }
  for (std::size_t i = 0; i < perft_queries.size(); ++i) {
    const Line& game = games[perft_queries[i].game];
    const std::string report =
        test_support::compare_divides(our_divides[i], answers.divides[i], "Fairy-Stockfish", PerftDepth);
    if (report.empty()) continue;
    ++mismatches;
    ADD_FAILURE() << describe_game(game, perft_queries[i].game) << "\nperft " << PerftDepth << " at ply "
                  << perft_queries[i].ply << ":\n"
                  << game.positions[perft_queries[i].ply].pretty() << report;
  }
  for (std::size_t g = 0; g < games.size(); ++g) {
    const Line& game = games[g];
    const Position& end = game.positions.back();
    const SearchReply& theirs = answers.searches[g];
    std::string report;
    switch (game.outcome.termination) {
      case Termination::ThirdCheck:
      case Termination::Checkmate:
        if (theirs.bestmove != "(none)" || theirs.score != "mate 0")
          report = "we end the game (the side to move has lost); Fairy-Stockfish answers score '" + theirs.score +
                   "', bestmove " + theirs.bestmove;
        break;
      case Termination::Stalemate:
        if (theirs.bestmove != "(none)" || theirs.score != "cp 0")
          report = "stalemate; Fairy-Stockfish answers score '" + theirs.score + "', bestmove " + theirs.bestmove;
        break;
      default:  // still going, or drawn by a rule it leaves to the arbiter: it must find a move
        if (!parse_uci_move(end, theirs.bestmove).ok())
          report = "the game goes on for us; Fairy-Stockfish answers score '" + theirs.score + "', bestmove " +
                   theirs.bestmove;
        break;
    }
    if (report.empty()) continue;
    ++mismatches;
    ADD_FAILURE() << describe_game(game, g) << "\nfinal position:\n" << end.pretty() << report;
  }
  EXPECT_EQ(mismatches, 0) << "Fairy-Stockfish's input and output are kept in " << answers.commands_path << " and "
                           << answers.output_path;
  if (mismatches == 0) {
    std::filesystem::remove(answers.commands_path);
    std::filesystem::remove(answers.output_path);
  }

  // The sample must exercise what three-check adds, and the special moves.
  EXPECT_GE(third_checks, GameCount / 2);
  EXPECT_GT(black_third_checks, 0);
  EXPECT_GT(double_checks, 0);
  EXPECT_GT(en_passant, 0);
  EXPECT_GT(castling, 0);
  EXPECT_GT(promotions, 0);
  EXPECT_GT(perft_third_check_cut, 0) << "no perft sample reached a third check";
  std::cout << "[ info ] " << GameCount << " random games: " << third_checks << " third checks (" << black_third_checks
            << " by Black), " << mates << " mates; moves: " << double_checks << " double checks, " << en_passant
            << " en passant, " << castling << " castling, " << promotions << " promotions (" << games.size() - GameCount << " hand-picked lines included); " << fen_queries.size()
            << " FENs (" << ep_only_theirs << " with Fairy-Stockfish's en-passant square), " << perft_queries.size()
            << " perft " << PerftDepth << " (" << perft_third_check_cut << " cut by a third check)\n";
}

}  // namespace
}  // namespace gambit::chess
