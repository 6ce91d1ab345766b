// SPDX-License-Identifier: MIT
// TrainingScreen: positions to solve, one after another, in one of two kinds:
//  - Practise: the player's own mistakes from reviewed games (the store's
//    practice positions due now, Leitner boxes: core/learn/spaced_repetition.h).
//    A move is right when it is the analyser's best, or when the review's
//    analyser (Settings, review) does not judge it an inaccuracy or worse:
//    the move is then reviewed as a one-move game, which takes a search.
//  - Puzzles: the rated puzzles shipped in share/gambit/puzzles.tsv, chosen
//    near the player's puzzle rating among the theme chosen (T); a move is
//    right when it is the solution's, or any mate (learn::PuzzleSession).
// The board says "Find the best move for White"; each move is judged at once:
// a right one is answered by the line's reply after a moment, a wrong one
// stays on the board, said in words. The solution (S) is then played out move
// by move from where the player went wrong, with its reason in words (a
// practised position: why the game's move was a mistake). Only the first try
// counts, and a hint (H: the piece to move) spends it, as on lichess: the
// position goes up a Leitner box or back to the first, the puzzle rating moves
// (shown as +12 / -9, with its margin). R tries again, N (or Enter) goes on,
// F flips the board, Esc goes back. The results are in Scores.
//
// training_screen.cpp: input and flow; training_screen_view.cpp: drawing and
// the state dump.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "core/learn/puzzle.h"
#include "core/learn/puzzle_session.h"
#include "core/review/review_task.h"
#include "core/store/store.h"
#include "game/gui/action_buttons.h"
#include "game/gui/board_input.h"
#include "game/gui/board_view.h"
#include "game/gui/move_box.h"
#include "game/gui/navigation.h"
#include "game/gui/screen.h"
#include "game/gui/widgets.h"

namespace gambit::gui {

class TrainingScreen : public Screen {
 public:
  using Kind = page::Training::Kind;

  TrainingScreen(App& app, Kind kind);

  std::string name() const override { return kind_ == Kind::Practice ? "practice" : "puzzles"; }
  void handle(const sf::Event& event) override;
  void update() override;
  void draw(sf::RenderTarget& target) override;
  std::chrono::milliseconds redraw_interval() const override;
  void describe(StateDump& dump) const override;
  bool ai_thinking() const override { return check_ != nullptr; }
  sf::FloatRect toast_area(sf::Vector2f size) const override;

 private:
  enum class Action { Hint, Solution, Retry, Next, Flip, Back };
  // What the panel says about the last move, and in which colour.
  enum class Tone { Neutral, Right, Wrong };

  void layout(sf::Vector2f size);
  void run(Action action);
  void handle_board(const sf::Event& event);

  // The next position: the next practice position due, or a puzzle chosen near
  // the rating; problem_ says why there is none.
  void next();
  void start_attempt(learn::Puzzle puzzle);
  // Whether the board takes a move now (an attempt under way, nothing playing out or being checked).
  bool may_move() const;
  // The player's move on the board.
  void play(chess::Move move);
  // A practised position's move that is not the best: the analyser's verdict
  // arrived (update); judged Good, it is right.
  void checked(const review::GameReview& review);
  void solved(const std::string& words);
  void missed(const std::string& words);
  // The first try's result, once known: the Leitner box or the ratings move.
  void record(bool solved);
  void show_solution();
  void retry();
  // The position the board shows: the attempt's, or the solution's as it plays out.
  const chess::Position& shown() const;
  std::optional<chess::Move> shown_last_move() const;
  std::string prompt() const;
  bool attempt_over() const;

  // Drawing (training_screen_view.cpp).
  void draw_panel(sf::RenderTarget& target);
  BoardScene scene() const;

  Kind kind_;
  std::mt19937 random_;
  std::string problem_;  // why nothing can be shown (no store, no puzzle file, nothing due), in words

  // Puzzles: the shipped set and the theme chosen ("" for any).
  std::vector<learn::Puzzle> puzzles_;
  Choice theme_choice_;
  std::vector<std::string> theme_ids_;  // theme_choice_'s items as themes ("" first: any)
  std::optional<store::PuzzleRating> rating_;
  std::optional<store::PuzzleAttemptResult> change_;  // the last recorded attempt's

  // Practice: the positions due when the screen opened, the one shown, and
  // its schedule after the attempt was recorded.
  std::vector<store::PracticePosition> due_;
  std::size_t due_index_ = 0;
  std::optional<store::PracticePosition> practice_;
  std::string practice_played_;  // practice_'s game move in SAN
  std::optional<learn::Leitner> rescheduled_;

  std::optional<learn::PuzzleSession> session_;
  std::size_t solved_count_ = 0, tried_count_ = 0;  // this sitting
  bool recorded_ = false;
  bool other_move_accepted_ = false;  // practice: a good move other than the best
  std::optional<chess::Move> alternative_;  // a move being checked, on the board
  chess::Position alternative_position_;     // the position after it
  std::unique_ptr<review::ReviewTask> check_;
  chess::Move checking_ = chess::Move::none();
  std::optional<chess::Square> hint_;
  std::string verdict_;
  Tone tone_ = Tone::Neutral;

  // The solution playing out: from session_->position_before_mistake(), its
  // first solution_shown_ moves, the next one at solution_next_at_.
  std::vector<chess::Move> solution_;
  std::optional<std::size_t> solution_shown_;
  chess::Position solution_position_;  // after the first solution_shown_ moves
  std::string solution_text_;          // solution_ in SAN, from where it starts
  std::chrono::steady_clock::time_point solution_next_at_{};
  std::chrono::steady_clock::time_point reply_at_{};

  BoardView board_;
  BoardInput input_;
  MoveBox move_box_;  // a move typed (Re1, Nf3), as on Play
  sf::Vector2f mouse_;
  sf::FloatRect panel_, toast_slot_;
  ActionButtons<Action> buttons_;
};

}  // namespace gambit::gui
