// SPDX-License-Identifier: MIT
#include "core/match/human_pace.h"

#include <algorithm>
#include <cmath>

#include "core/chess/movegen.h"
#include "core/util/splitmix64.h"

namespace gambit::match {

namespace {

constexpr std::int64_t Reserve = 2000;   // never spent: the level keeps it in hand
constexpr std::int64_t Shortest = 400;   // a person needs a moment even for the only move
constexpr int OpeningMoves = 10;  // the opening's moves come quicker, less so as it goes on

bool gives_check(const chess::Position& before, chess::Move m) {
  chess::Position after = before;
  after.do_move(m);
  return after.in_check();
}

}  // namespace

std::chrono::milliseconds human_pace(const PaceInputs& in) {
  const chess::Position& pos = in.before;
  const chess::MoveList legal = chess::legal_moves(pos);
  const int move_number = pos.fullmove_number();
  const double moves_to_come = std::max(25.0, 50.0 - move_number);
  double pace = double(std::max<std::int64_t>(0, in.remaining_ms)) / moves_to_come + 0.8 * double(in.increment_ms);

  int captures = 0;
  for (chess::Move m : legal)
    if (pos.captured_type(m) != chess::NO_PIECE_TYPE) ++captures;
  const bool recapture = in.last_move && pos.captured_type(in.chosen) != chess::NO_PIECE_TYPE &&
                         in.chosen.to() == in.last_move->to();
  if (legal.size() == 1) pace *= 0.1;
  else if (recapture) pace *= 0.35;
  else if (pos.in_check() && legal.size() <= 3) pace *= 0.5;
  else if (move_number < OpeningMoves) pace *= 0.15 + 0.85 * double(move_number - 1) / OpeningMoves;  // known moves
  else if (pos.captured_type(in.chosen) != chess::NO_PIECE_TYPE || gives_check(pos, in.chosen) || captures >= 4)
    pace *= 1.3;

  // A person's time varies from move to move: a factor from 0.6 to 1.5, the same for the same game and position.
  const std::uint64_t draw = splitmix64_mix(in.seed ^ pos.key());
  pace *= 0.6 + 0.9 * double(draw % 10001) / 10000.0;

  // The increment comes after the move: the clock must last the thinking without it.
  const double most = std::min(double(in.remaining_ms) / 12.0 + double(in.increment_ms),
                               double(in.remaining_ms - Reserve));
  // At least a moment, unless the clock is too short for it: the cap wins, so it never loses on time.
  pace = std::min(std::max(pace, double(Shortest)), most);
  return std::chrono::milliseconds(std::max<std::int64_t>(0, std::llround(pace)));
}

}  // namespace gambit::match
