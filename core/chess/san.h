// SPDX-License-Identifier: MIT
// Standard Algebraic Notation (SAN), as in PGN and FIDE scoresheets: "e4",
// "Nbd7", "exd6", "e8=Q", "O-O", with '+' or '#' after a check or checkmate.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "core/chess/position.h"
#include "core/util/result.h"
#include "core/chess/types.h"

namespace gambit::chess {

// The SAN of a move that is legal in pos. A piece move names its origin file if
// that tells it apart from the other legal moves of the same piece type to the
// same square, else its origin rank, else both ("Nbd7", "R1e2", "Qh4e1").
std::string to_san(const Position& pos, Move m);

// A line of moves from pos in SAN with move numbers, as PGN writes a
// variation: "12. Nf3 Qd7 13. O-O", or "12... Qd7 13. O-O" when Black moves
// first. At most max_plies moves; it stops before the first move that is not
// legal where it stands.
std::string to_san_line(Position pos, std::span<const Move> line, std::size_t max_plies = SIZE_MAX);

// The legal move of pos that text names. Tolerant like lichess and python-chess:
// accepts a missing or superfluous '+'/'#', suffix annotations (! ? !! ?? !? ?!),
// "0-0" and "0-0-0", a promotion with or without '=' and in either case ("e8Q"),
// a missing 'x', more origin than needed ("Ng1f3", "e2e4") and an "e.p." suffix.
// Fails, saying why, on text that is not SAN, on a move that is not legal, on a
// capture sign where nothing is captured, and when several legal moves match
// (the message lists them in SAN). Any byte string is safe to pass. A failure
// names the position by its FEN, or by `where` when given ("here" for a move
// a player typed).
Result<Move> parse_san(const Position& pos, std::string_view text, std::string_view where = {});

}  // namespace gambit::chess
