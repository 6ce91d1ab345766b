// SPDX-License-Identifier: MIT
// The puzzle maker: finds puzzles in played games, as lichess's generator does
// in its games, by rules of our own written down here.
//
//  1. A cheap scan scores every position of a game. A candidate is the
//     position right after a mistake: the mover lost at least MistakeDrop of
//     winning chances, and the other side (the solver), not already winning
//     before it (below NotYetWinning), now is (at least Decisive); or the
//     mistake let the solver mate where no mate was there before, however
//     well the solver stood (lichess-puzzler takes a mate that appears too:
//     a side already winning on material that misses a mate is a puzzle).
//  2. A deep search (Stockfish at depth 20 by default) builds the solution
//     from there, one solver move at a time, asking for two lines each time.
//     A step counts only when its best move is the one clearly best move: at
//     the last step of a mate any mate will do; a mate in 2 or 3 when the
//     second line is no mate and below +5 or +3 pawns; anything else when its
//     score is decisive and at least Margin of winning chances above the
//     second line's (lichess-puzzler's figures, so the puzzles are as clear as
//     the ones players know). The opponent's
//     replies are the deep search's best. The solution ends
//       - at mate (a mate puzzle);
//       - once the solver has won at least two pawns' worth and nothing is
//         left hanging for the opponent to take back (a material puzzle);
//       - at the last clear step, when the position is still decisive (an
//         advantage puzzle: a single clear move is worth a puzzle, more
//         only when they end in mate or material).
//     A candidate whose first step is not clear, or whose first move is the
//     only legal one, is no puzzle.
// The engine is behind a function (Analyser), so the rules are tested with
// scripted answers and the real runs use any player plugin that reports
// scores (the uci player with Stockfish, or alphabeta).
#pragma once

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/chess/pgn.h"
#include "core/chess/position.h"
#include "core/learn/puzzle.h"
#include "core/rating/glicko2.h"
#include "core/players/plugin_player.h"
#include "core/review/move_judgement.h"
#include "core/util/result.h"

namespace gambit::learn {

// One line of an engine's answer: its score from the side to move's view
// (review::Score's kinds; positive: the side to move is better) and its moves.
struct EngineLine {
  review::Score score;
  std::vector<chess::Move> moves;
};

// Searches `pos` for its `lines` best lines, best first (fewer when the
// position has fewer legal moves). Fails in words.
using Analyser = std::function<Result<std::vector<EngineLine>>(const chess::Position& pos, int lines)>;

// An Analyser made of a player plugin searching within `limits` (its
// multipv set to the lines asked for), from a fresh game each time. The
// player must outlive it.
Analyser plugin_analyser(players::PluginPlayer& player, players::Limits limits);

// The thresholds, in winning chances (review::winning_chances, -1..1).
inline constexpr double MistakeDrop = 0.3;     // a blunder by review's measure
inline constexpr double NotYetWinning = 0.35;  // about +2 pawns
inline constexpr double Decisive = 0.5;        // about +3 pawns
inline constexpr double Margin = 0.42;         // best over second at a clear step
// A mate in 2 (3) is clear when the second line is no mate and below +5 (+3)
// pawns; a longer mate needs the Margin like any other move.
inline constexpr int MateIn2SecondBelow = 500, MateIn3SecondBelow = 300;
inline constexpr int MaxSolverMoves = 5;
// Within one game, a puzzle starts at least this many plies after the last
// one found: a level that keeps missing the same win (a pawn left hanging
// move after move) makes one puzzle, not five of the same idea.
inline constexpr std::size_t PuzzleSpacing = 10;

// What kind of win a solution shows.
enum class PuzzleKind { Mate, Material, Advantage };

struct FoundSolution {
  PuzzleKind kind = PuzzleKind::Advantage;
  std::vector<chess::Move> moves;  // solver, opponent, ..., solver
  review::Score final_score;       // the deep search's last score, the solver's view
};

// The plies of `game` (index of the position after the mistake, 1..moves)
// that are candidates, judged from `white_scores`: White's view of every
// position from the start, one more than the moves.
std::vector<std::size_t> candidate_plies(const chess::PgnGame& game, const std::vector<review::Score>& white_scores);

// The solution from `pos` (the solver to move) by the rules above, none when
// the position makes no puzzle. Fails when the analyser does.
Result<std::optional<FoundSolution>> find_solution(const chess::Position& pos, const Analyser& deep);

// Whether `player` solves `puzzle`: at each of the solver's steps it is asked
// for a move in the position reached (the puzzle's moves before it as the
// game's history), within `limits`, and the move must be accepted
// (accepts_move). Fails when the player does, or the puzzle's FEN is bad.
Result<bool> solves(players::PluginPlayer& player, const Puzzle& puzzle, const players::Limits& limits);

// A puzzle's first rating from attempts by players of known rating (the
// calibrated levels): one Glicko-2 period from the start (1500, deviation
// 350) in which the puzzle "wins" each attempt that fails and "loses" each
// that solves, the players' ratings and deviations those measured.
struct Attempt {
  double rating = 1500;
  double deviation = 0;
  bool solved = false;
};
rating::Glicko2 rating_from_attempts(std::span<const Attempt> attempts);

// A puzzle's id: five characters of 0-9a-z from its position and solution, the
// same on every machine (lichess's ids are five characters too).
std::string puzzle_id(const std::string& fen, const std::vector<chess::Move>& solution);

}  // namespace gambit::learn
