// SPDX-License-Identifier: MIT
#include "core/database/move_codec.h"

#include <algorithm>
#include <cassert>

#include "core/chess/movegen.h"
#include "core/util/translation.h"

namespace gambit::database {

std::uint8_t move_code(const chess::Position& pos, chess::Move move) {
  const chess::MoveList legal = chess::legal_moves(pos);
  std::size_t rank = 0;
  [[maybe_unused]] bool found = false;
  for (chess::Move m : legal) {
    rank += m.raw() < move.raw();
    found = found || m == move;
  }
  assert(found);
  return std::uint8_t(rank);
}

chess::Move move_of_code(const chess::Position& pos, std::uint8_t code) {
  chess::MoveList legal = chess::legal_moves(pos);
  if (code >= legal.size()) return chess::Move::none();
  std::nth_element(legal.begin(), legal.begin() + code, legal.end(),
                   [](chess::Move a, chess::Move b) { return a.raw() < b.raw(); });
  return legal[code];
}

std::vector<std::uint8_t> encode_moves(const chess::Position& start, std::span<const chess::Move> moves) {
  std::vector<std::uint8_t> bytes;
  bytes.reserve(moves.size());
  chess::Position pos = start;
  for (chess::Move m : moves) {
    bytes.push_back(move_code(pos, m));
    pos.do_move(m);
  }
  return bytes;
}

Result<std::vector<chess::Move>> decode_moves(const chess::Position& start, std::span<const std::uint8_t> bytes) {
  std::vector<chess::Move> moves;
  moves.reserve(bytes.size());
  chess::Position pos = start;
  for (std::uint8_t code : bytes) {
    const chess::Move m = move_of_code(pos, code);
    if (!m)
      // TRANSLATORS: a game in a database is damaged; {ply} counts half-moves from 1.
      return Failure{fill(tr("the game's record is damaged at its half-move {ply}"),
                          {{"ply", std::to_string(moves.size() + 1)}})};
    moves.push_back(m);
    pos.do_move(m);
  }
  return moves;
}

}  // namespace gambit::database
