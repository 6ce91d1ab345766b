// SPDX-License-Identifier: MIT
// UCI long algebraic notation: a move as its origin and destination squares plus
// a lowercase promotion letter ("e2e4", "e7e8q"); castling is the king's
// two-square step ("e1g1"); "0000" stands for no move. Also the square names
// every notation shares, and the quoting of untrusted text in error messages.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/chess/position.h"
#include "core/util/result.h"
#include "core/chess/types.h"

namespace gambit::chess {

// "a1" .. "h8"; s must be a real square.
std::string square_name(Square s);
// The square named by exactly two characters, lowercase file then rank ("e4").
std::optional<Square> parse_square(std::string_view text);

// The UCI text of a move; Move::none() gives "0000".
std::string to_uci(Move m);
// A move as XBoard's protocol (CECP) writes it in coordinates: as to_uci,
// except castling in Chess960, which xboard writes "O-O" and "O-O-O" there.
std::string to_xboard(const Position& before, Move m);
// Moves in UCI separated by single spaces ("e2e4 e7e5"; "" for none).
std::string to_uci_line(std::span<const Move> moves);
// The legal move of pos that text names, or a Failure saying why there is none
// (not UCI notation, not legal here, promotion piece missing). The promotion
// letter may be upper- or lowercase.
Result<Move> parse_uci_move(const Position& pos, std::string_view text);
// The moves of a line in UCI ("e2e4 e7e5", words between any whitespace)
// played in turn from pos; a Failure names the first that cannot be played
// ("move 3 cannot be played: why"). An empty text is an empty line.
Result<std::vector<Move>> parse_uci_line(const Position& pos, std::string_view text);
// The moves of such a line up to the first that cannot be played, at most
// max_moves of them: for lines a player or a plugin gave, where what can be
// played is still worth showing.
std::vector<Move> legal_uci_prefix(const Position& pos, std::string_view text,
                                   std::size_t max_moves = std::size_t(-1));

}  // namespace gambit::chess
