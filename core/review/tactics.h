// SPDX-License-Identifier: MIT
// Tactics seen on the board along an engine's line: what a capture wins, a
// fork, a pin or a skewer that the line cashes in, a trapped piece, and what a
// line does to a side's material once its captures are over. The review names
// a mistake's reason with them (move_reason.h); the puzzle maker names a
// puzzle's themes (core/learn/puzzle_themes.h). Pure functions of the
// position and the line; a line is used only as far as its moves are legal.
#pragma once

#include <array>
#include <optional>
#include <span>
#include <string>

#include "core/chess/position.h"
#include "core/chess/wording.h"

namespace gambit::review {

// Material in pawns, as players count it, by PieceType (the king 0).
inline constexpr std::array<int, chess::PIECE_TYPE_NB> PawnValues = {0, 1, 3, 3, 5, 9, 0};

// "a knight" (no piece's name starts with a vowel), in `words` (chess/wording.h).
std::string a_piece(chess::PieceType pt, const chess::Wording& words = chess::InEnglish);
// "the knight on f6"; "the king" (there is one).
std::string the_piece_on(const chess::Position& pos, chess::Square s, const chess::Wording& words = chess::InEnglish);
// A move of pos with its number: "4. Bxf6", "3... Nf6".
std::string numbered(const chess::Position& pos, chess::Move m);

// Static exchange of a capture in pawns; 0 for a move that captures nothing.
int capture_gain(const chess::Position& pos, chess::Move m);
// The most the side to move wins by one capture and the exchange it starts.
int best_capture_gain(const chess::Position& pos);
// The first `plies` moves of line played from pos, if they are legal.
std::optional<chess::Position> played(chess::Position pos, std::span<const chess::Move> line, std::size_t plies);

// A fork, pin or skewer made by line[0] (the side to move's) and cashed in
// by a later capture of the line.
struct Tactic {
  std::string text;  // "5. Nc7+ attacks the king and the rook on a8", in the Wording asked for
  int gain = 0;      // pawns won by the capture that cashes it in
  bool pin = false;  // of a line attack: a pin, not a skewer
};
// A fork: line[0] lands a piece that attacks two or more pieces worth winning
// (the king, a piece worth more than the attacker, or one nothing defends;
// pawns are not counted), and line[2] takes one of them with that piece.
std::optional<Tactic> find_fork(const chess::Position& pos, std::span<const chess::Move> line,
                                const chess::Wording& words = chess::InEnglish);
// A pin (the back piece the king or worth more than the front) or a skewer
// (the reverse) by a bishop, rook or queen landed by line[0], confirmed when
// line[2] or line[4] takes the piece that falls.
std::optional<Tactic> find_pin_or_skewer(const chess::Position& pos, std::span<const chess::Move> line,
                                         const chess::Wording& words = chess::InEnglish);

// A trapped piece: in pos (not in check) a knight, bishop, rook or queen of
// the side to move that the other side wins by taking it where it stands and
// that has no square where it is not lost just the same (taking something
// worth as much is a way out); confirmed when line (from pos) takes it within
// the other side's next two moves. Its square, or none.
std::optional<chess::Square> trapped_piece(const chess::Position& pos, std::span<const chess::Move> line);

// `side`'s material less the other side's, in pawns.
int balance(const chess::Position& pos, chess::Color side);

// What a line (from pos, at most ForcingPlies legal moves) does to `side`'s
// material once its captures are over: the change of balance at the last
// point where no capture is pending (the next move captures nothing, or the
// line ends), the plies up to that point, and the most valuable piece of
// `side` taken on the way, with the square it stood on in pos.
inline constexpr std::size_t ForcingPlies = 10;
struct LineMaterial {
  int change = 0;
  std::size_t plies = 0;
  chess::PieceType lost = chess::NO_PIECE_TYPE;
  std::optional<chess::Square> lost_from;
};
LineMaterial line_material(chess::Position pos, std::span<const chess::Move> line, chess::Color side);

}  // namespace gambit::review
