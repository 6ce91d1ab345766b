// SPDX-License-Identifier: MIT
// PuzzleSession: one puzzle as the board plays it. The player moves for the
// solver and each move is judged at once (accepts_move: the solution's move,
// or any mate): a right move is answered by the solution's reply, which the
// board plays when it likes (reply_due, play_reply: lichess shows it after a
// moment); a wrong move ends the attempt as missed, and the solution can then
// be shown move by move from where the player went wrong. Only the first try
// counts for the rating (first_result); retry starts the puzzle again.
//
// Invariants: position() is the puzzle's start with the moves made on it
// (the player's and the replies); while Solving, the solver is to move unless
// a reply is due; step() indexes the solution's next move.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "core/chess/position.h"
#include "core/learn/puzzle.h"

namespace gambit::learn {

class PuzzleSession {
 public:
  enum class State { Solving, Solved, Missed };
  enum class Verdict { Right, Solved, Wrong, Illegal };

  // `puzzle` as read_puzzles gives it (its FEN and moves are legal).
  explicit PuzzleSession(Puzzle puzzle);

  const Puzzle& puzzle() const { return puzzle_; }
  const chess::Position& position() const { return position_; }
  State state() const { return state_; }
  chess::Color solver() const { return start_.side_to_move(); }
  std::size_t step() const { return step_; }
  // The moves made on the board since the start.
  const std::vector<chess::Move>& moves() const { return moves_; }

  // The player's move. Illegal: nothing changes. Wrong: the move stays on the
  // board and the attempt is missed. Right: the reply is now due. Solved: the
  // last move of the solution (or a mate).
  Verdict play(chess::Move move);
  // A move judged right by someone else than the solution (practice: the
  // analyser finds it no inaccuracy): played, and the attempt is Solved
  // (cleanly unless a hint was asked for). Illegal when play() would be.
  Verdict accept(chess::Move move);
  // The opponent's reply waits to be played.
  bool reply_due() const { return reply_due_; }
  // Plays the reply that is due and returns it.
  std::optional<chess::Move> play_reply();

  // The piece to move now (the square of the solution's next move), for a
  // hint; none once the attempt is over. Asking counts as not solving it
  // cleanly: the first try is then missed, as on lichess.
  std::optional<chess::Square> hint();
  // The solution from where the player went wrong (or from the start, before
  // any move), as moves from position_before_mistake().
  std::vector<chess::Move> solution_from_mistake() const;
  const chess::Position& position_before_mistake() const { return before_mistake_; }

  // The player gives up (asks for the solution): the attempt is Missed where
  // it stands, the solution shown from here. Nothing happens once it is over.
  void give_up();

  // The first try's outcome, once it is known (solved without a hint, or not).
  std::optional<bool> first_result() const { return first_result_; }
  // Back to the start for another try (first_result stays; a hint asked for
  // in a try left unfinished makes the first try missed).
  void retry();

 private:
  Puzzle puzzle_;
  chess::Position start_;
  chess::Position position_;
  chess::Position before_mistake_;
  std::vector<chess::Move> moves_;
  std::size_t step_ = 0;
  State state_ = State::Solving;
  bool reply_due_ = false;
  bool hinted_ = false;
  std::optional<bool> first_result_;
};

}  // namespace gambit::learn
