// SPDX-License-Identifier: MIT
// BoardReading: the game in words, for a player who does not see the board
// (said aloud through speech-dispatcher, game/gui/speech.h, and shown in the
// window). A move as it is said ("knight takes on f3, check"), and the answers
// to what a player types in the move box, as on lichess's blind mode:
//   c       the clocks                 l      the last move
//   m       the material               s e4   a square
//   r 4     a rank                     f e    a file
//   p N     where the white knights are (p n: the black ones)
// Every text is in the player's language (core/util/translation.h); squares
// and files are said as they are written ("e4").
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/chess/position.h"

namespace gambit::gui {

// move (legal in before) in words: "pawn to e4", "knight takes on f3, check",
// "castles kingside", "pawn to e8, promotes to a queen, checkmate".
std::string spoken_move(const chess::Position& before, chess::Move move);

// What a reading command is asked about. clocks: the clocks in words ("" when
// the game has none); last_move: the last move in words ("" before the first).
struct ReadingContext {
  const chess::Position& position;
  std::string last_move;
  std::string clocks;
};

// The answer to command, or nullopt when command is not one (it is then a move).
std::optional<std::string> read_board(std::string_view command, const ReadingContext& context);

}  // namespace gambit::gui
