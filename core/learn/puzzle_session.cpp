// SPDX-License-Identifier: MIT
#include "core/learn/puzzle_session.h"

#include <cassert>
#include <utility>

namespace gambit::learn {

PuzzleSession::PuzzleSession(Puzzle puzzle)
    : puzzle_(std::move(puzzle)), start_(chess::Position::from_fen(puzzle_.fen).value()), position_(start_),
      before_mistake_(start_) {
  assert(!puzzle_.solution.empty() && puzzle_.solution.size() % 2 == 1);
}

PuzzleSession::Verdict PuzzleSession::play(chess::Move move) {
  if (state_ != State::Solving || reply_due_ || !position_.is_legal(move)) return Verdict::Illegal;
  const chess::Position before = position_;
  const bool right = accepts_move(position_, puzzle_.solution[step_], move);
  position_.do_move(move);
  moves_.push_back(move);
  if (!right) {
    before_mistake_ = before;
    state_ = State::Missed;
    if (!first_result_) first_result_ = false;
    return Verdict::Wrong;
  }
  const bool another_mate = move != puzzle_.solution[step_];  // accepted as a mate: over at once
  step_ += 1;
  if (another_mate || step_ >= puzzle_.solution.size()) {
    state_ = State::Solved;
    if (!first_result_) first_result_ = !hinted_;
    return Verdict::Solved;
  }
  reply_due_ = true;
  return Verdict::Right;
}

PuzzleSession::Verdict PuzzleSession::accept(chess::Move move) {
  if (state_ != State::Solving || reply_due_ || !position_.is_legal(move)) return Verdict::Illegal;
  position_.do_move(move);
  moves_.push_back(move);
  step_ += 1;
  state_ = State::Solved;
  if (!first_result_) first_result_ = !hinted_;
  return Verdict::Solved;
}

std::optional<chess::Move> PuzzleSession::play_reply() {
  if (!reply_due_) return std::nullopt;
  const chess::Move reply = puzzle_.solution[step_];
  position_.do_move(reply);
  moves_.push_back(reply);
  step_ += 1;
  reply_due_ = false;
  before_mistake_ = position_;
  return reply;
}

std::optional<chess::Square> PuzzleSession::hint() {
  if (state_ != State::Solving || reply_due_) return std::nullopt;
  hinted_ = true;
  return puzzle_.solution[step_].from();
}

std::vector<chess::Move> PuzzleSession::solution_from_mistake() const {
  // A wrong move is not counted as a step: the solution goes on from step_.
  return {puzzle_.solution.begin() + long(step_), puzzle_.solution.end()};
}

void PuzzleSession::give_up() {
  if (state_ != State::Solving) return;
  if (reply_due_) play_reply();
  before_mistake_ = position_;
  state_ = State::Missed;
  if (!first_result_) first_result_ = false;
}

void PuzzleSession::retry() {
  if (!first_result_ && hinted_) first_result_ = false;
  position_ = start_;
  before_mistake_ = start_;
  moves_.clear();
  step_ = 0;
  state_ = State::Solving;
  reply_due_ = false;
  hinted_ = false;
}

}  // namespace gambit::learn
