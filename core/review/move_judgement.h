// SPDX-License-Identifier: MIT
// How good a move was, judged from an engine's scores of the positions before
// and after it, the way lichess judges: winning chances, the class of a
// mistake (inaccuracy, mistake, blunder) and accuracy per move and per game.
// Pure arithmetic: no engine, no position.
#pragma once

#include <optional>
#include <vector>

#include "core/chess/types.h"

namespace gambit::review {

// An engine's score of a position, from White's view: centipawns, or mate in
// `value` moves (positive: White mates; negative: White is mated).
struct Score {
  enum class Kind { Centipawns, Mate };
  Kind kind = Kind::Centipawns;
  int value = 0;

  static Score centipawns(int cp) { return {Kind::Centipawns, cp}; }
  static Score mate(int moves) { return {Kind::Mate, moves}; }
  bool operator==(const Score&) const = default;
};

// A score from an engine whose centipawns are worth `factor` of Stockfish's,
// on Stockfish's scale (the one the winning chances below were fitted to):
// centipawns multiplied and rounded, a mate as it was.
Score on_stockfish_scale(Score score, double factor);

// Centipawns counted for winning chances: at most 1000 either way, a mate
// counting as 1000 (lichess's ceiling).
int capped_centipawns(Score white_view);

// White's winning chances, -1 (lost) .. 1 (won): 2 / (1 + exp(-0.00368208 cp)) - 1,
// a logistic fitted by lichess to its players' results.
double winning_chances(Score white_view);

// White's win percent, 0..100: 50 + 50 * winning_chances.
double win_percent(Score white_view);

// A move's class by the drop in its mover's winning chances: at least 0.1 an
// inaccuracy (?!), 0.2 a mistake (?), 0.3 a blunder (??).
enum class Judgement { Good, Inaccuracy, Mistake, Blunder };
Judgement judge(Score before, Score after, chess::Color mover);

// The NAG of a judgement in PGN: 6 (?!), 2 (?), 4 (??); 0 for a good move.
int nag_of(Judgement judgement);
// In English, as files keep them (a review's PGN comments); marked for the
// catalogue, so the window shows tr(name_of(j)), tr(title_of(j)).
const char* name_of(Judgement judgement);   // "inaccuracy", "mistake", "blunder", "good move"
const char* title_of(Judgement judgement);  // "Inaccuracy", "Mistake", "Blunder", "Good move"
const char* mark_of(Judgement judgement);   // "?!", "?", "??"; "" for a good move

// A move's accuracy, 0..100, from its mover's win percent before and after it:
// 100 when it did not drop, else 103.1668 exp(-0.043544 drop) - 3.1669 + 1
// (lichess's fit, with its bonus of 1 for imperfect analysis), within 0..100.
double move_accuracy(double mover_win_percent_before, double mover_win_percent_after);
// The same from White's-view scores before and after the move of `mover`.
double move_accuracy(Score before, Score after, chess::Color mover);

// Each side's accuracy over a game, lichess's way: the mean of a
// volatility-weighted mean and the harmonic mean of its moves' accuracies;
// each move weighted by the standard deviation of the win percents in a window
// around it (window moves/10 within 2..8, weight within 0.5..12).
// scores: White's view of every position from the start to the end (one more
// than the moves); first_mover: who played the first move. A side that made
// no move has none.
struct GameAccuracy {
  std::optional<double> white;
  std::optional<double> black;
};
GameAccuracy game_accuracy(const std::vector<Score>& scores, chess::Color first_mover);

}  // namespace gambit::review
