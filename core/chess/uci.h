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
// Moves in UCI separated by single spaces ("e2e4 e7e5"; "" for none).
std::string to_uci_line(std::span<const Move> moves);
// The legal move of pos that text names, or a Failure saying why there is none
// (not UCI notation, not legal here, promotion piece missing). The promotion
// letter may be upper- or lowercase.
Result<Move> parse_uci_move(const Position& pos, std::string_view text);

}  // namespace gambit::chess
