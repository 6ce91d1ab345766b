// SPDX-License-Identifier: MIT
#include "core/review/tactics.h"

#include <algorithm>
#include <vector>

#include "core/chess/bitboard.h"
#include "core/chess/exchange.h"
#include "core/chess/movegen.h"
#include "core/chess/san.h"
#include "core/chess/uci.h"

namespace gambit::review {

using namespace chess;

namespace {

// "a", "a and b", "a, b and c".
std::string listed(const std::vector<std::string>& items, const Wording& words) {
  if (items.size() < 2) return items.empty() ? "" : items.front();
  std::string text;
  for (std::size_t i = 0; i + 1 < items.size(); ++i) text += (i == 0 ? "" : ", ") + items[i];
  // TRANSLATORS: the end of a list of pieces: {list} is the pieces before the last, separated by commas.
  return fill(words.tr("{list} and {last}"), {{"list", text}, {"last", items.back()}});
}

}  // namespace

// "a knight" (no piece's name starts with a vowel).
std::string a_piece(PieceType pt, const Wording& words) {
  switch (pt) {
    // TRANSLATORS: a piece in the reason a move was a mistake, e.g. "Gives a knight for a pawn" or "wins a rook".
    case PAWN: return words.tr("a pawn");
    case KNIGHT: return words.tr("a knight");
    case BISHOP: return words.tr("a bishop");
    case ROOK: return words.tr("a rook");
    case QUEEN: return words.tr("a queen");
    case KING: return words.tr("a king");
    default: return "a ";
  }
}

// "the knight on f6"; "the king" (there is one).
std::string the_piece_on(const Position& pos, Square s, const Wording& words) {
  const char* pattern = nullptr;
  switch (type_of(pos.piece_on(s))) {
    // TRANSLATORS: a piece in the reason a move was a mistake, e.g. "Hangs the knight on f6"; {square} is where it
    // stands.
    case PAWN: pattern = words.tr("the pawn on {square}"); break;
    case KNIGHT: pattern = words.tr("the knight on {square}"); break;
    case BISHOP: pattern = words.tr("the bishop on {square}"); break;
    case ROOK: pattern = words.tr("the rook on {square}"); break;
    case QUEEN: pattern = words.tr("the queen on {square}"); break;
    // TRANSLATORS: a piece in the reason a move was a mistake, e.g. "Walks into a fork: 5. Nc7+ attacks the king
    // and the rook on a8".
    case KING: return words.tr("the king");
    default: return "the  on " + square_name(s);
  }
  return fill(pattern, {{"square", square_name(s)}});
}


// A move of pos with its number: "4. Bxf6", "3... Nf6".
std::string numbered(const Position& pos, Move m) { return to_san_line(pos, std::span(&m, 1)); }


// Static exchange of a capture in pawns; 0 for a move that captures nothing.
int capture_gain(const Position& pos, Move m) {
  return pos.captured_type(m) == NO_PIECE_TYPE ? 0 : static_exchange(pos, m, PawnValues);
}

// The most the side to move wins by one capture and the exchange it starts.
int best_capture_gain(const Position& pos) {
  int best = 0;
  for (Move m : legal_moves(pos)) best = std::max(best, capture_gain(pos, m));
  return best;
}


// The first `plies` moves of line played from pos, if they are legal.
std::optional<Position> played(Position pos, std::span<const Move> line, std::size_t plies) {
  if (line.size() < plies) return std::nullopt;
  for (std::size_t i = 0; i < plies; ++i) {
    if (!pos.is_legal(line[i])) return std::nullopt;
    pos.do_move(line[i]);
  }
  return pos;
}

// A fork: line[0], by the side to move, lands a piece that attacks two or more
// pieces of the other side worth winning (the king, a piece worth more than
// the attacker, or one nothing defends; pawns are not counted), and line[2]
// takes one of them with that piece, gaining material.

std::optional<Tactic> find_fork(const Position& pos, std::span<const Move> line, const Wording& words) {
  const auto after = played(pos, line, 1);
  const auto taking = played(pos, line, 2);
  if (!after || !taking || line.size() < 3 || !taking->is_legal(line[2])) return std::nullopt;
  const Color us = pos.side_to_move(), them = ~us;
  const Square at = line[0].to();
  const PieceType attacker = type_of(after->piece_on(at));
  const Bitboard occupied = after->pieces();
  const Bitboard attacked =
      (attacker == PAWN ? pawn_attacks(us, at) : attacks(attacker, at, occupied)) & after->pieces(them);
  std::vector<std::string> targets;
  Bitboard target_squares = 0;
  for (Bitboard b = attacked & after->pieces(them, KING); b;) {  // the king first
    const Square s = pop_lsb(b);
    targets.push_back(the_piece_on(*after, s, words));
    target_squares |= square_bb(s);
  }
  for (Bitboard b = attacked & ~after->pieces(PAWN) & ~after->pieces(KING); b;) {
    const Square s = pop_lsb(b);
    const PieceType victim = type_of(after->piece_on(s));
    if (PawnValues[victim] <= PawnValues[attacker] && after->attacked_by(them, s, occupied)) continue;
    targets.push_back(the_piece_on(*after, s, words));
    target_squares |= square_bb(s);
  }
  const Move take = line[2];
  const int gain = capture_gain(*taking, take);
  if (targets.size() < 2 || take.from() != at || !(target_squares & square_bb(take.to())) || gain <= 0)
    return std::nullopt;
  // TRANSLATORS: a fork: {move} is a numbered move ("5. Nc7+"), {pieces} e.g. "the king and the rook on a8".
  return Tactic{fill(words.tr("{move} attacks {pieces}"),
                     {{"move", numbered(pos, line[0])}, {"pieces", listed(targets, words)}}),
                gain};
}

// A pin or a skewer: line[0], by the side to move, lands a bishop, rook or
// queen that attacks a piece of the other side (the front) with another behind
// it on the same line (the back). A pin when the back is the king or worth more
// than the front; a skewer when the front is the king or worth more than the
// back. Confirmed when a later move of the attacker's in the line (line[2] or
// line[4]) captures the piece that falls: the front of a pin, the back of a
// skewer. The pawns that capture wins, or 0 when the line makes no such capture.
static int line_takes(Position pos, std::span<const Move> line, Square target, Piece piece) {
  for (std::size_t i = 0; i < line.size() && i < 5; ++i) {
    if (!pos.is_legal(line[i])) return 0;
    if (i % 2 == 0 && i > 0 && line[i].to() == target && pos.piece_on(target) == piece)
      return std::max(capture_gain(pos, line[i]), 0);
    pos.do_move(line[i]);
  }
  return 0;
}

std::optional<Tactic> find_pin_or_skewer(const Position& pos, std::span<const Move> line, const Wording& words) {
  const auto after = played(pos, line, 1);
  if (!after) return std::nullopt;
  const Color them = ~pos.side_to_move();
  const Square at = line[0].to();
  const PieceType slider = type_of(after->piece_on(at));
  if (slider != BISHOP && slider != ROOK && slider != QUEEN) return std::nullopt;
  const Bitboard occupied = after->pieces();
  for (Bitboard fronts = attacks(slider, at, occupied) & after->pieces(them); fronts;) {
    const Square front = pop_lsb(fronts);
    const Bitboard xray = attacks(slider, at, occupied ^ square_bb(front)) & after->pieces(them);
    for (Bitboard backs = xray & ~square_bb(front); backs;) {
      const Square back = pop_lsb(backs);
      if (!(between(at, back) & square_bb(front))) continue;  // not behind the front piece
      const PieceType f = type_of(after->piece_on(front)), b = type_of(after->piece_on(back));
      if (f != KING && f != PAWN && (b == KING || PawnValues[b] > PawnValues[f])) {
        if (const int gain = line_takes(pos, line, front, after->piece_on(front)))
          // TRANSLATORS: a pin: {move} is a numbered move ("5. Bb5"), {piece} the piece pinned, {other_piece} the one
          // behind it.
          return Tactic{fill(words.tr("{move} pins {piece} to {other_piece}"),
                             {{"move", numbered(pos, line[0])},
                              {"piece", the_piece_on(*after, front, words)},
                              {"other_piece", the_piece_on(*after, back, words)}}),
                        gain, true};
      } else if (b != KING && b != PAWN && (f == KING || PawnValues[f] > PawnValues[b])) {
        if (const int gain = line_takes(pos, line, back, after->piece_on(back)))
          // TRANSLATORS: a skewer: {move} is a numbered move ("5. Bb5"), {piece} the piece attacked, {other_piece} the
          // one behind it.
          return Tactic{fill(words.tr("{move} attacks {piece}, with {other_piece} behind it"),
                             {{"move", numbered(pos, line[0])},
                              {"piece", the_piece_on(*after, front, words)},
                              {"other_piece", the_piece_on(*after, back, words)}}),
                        gain, false};
      }
    }
  }
  return std::nullopt;
}


// The most the side to move wins by one capture on `s` and the exchange it starts.
static int gain_on(const Position& pos, Square s) {
  int best = 0;
  for (Move m : legal_moves(pos))
    if (m.to() == s) best = std::max(best, capture_gain(pos, m));
  return best;
}

// The same for the side not to move, were it its turn (0 when the side to
// move is in check: its reply comes first).
static int their_gain_on(const Position& pos, Square s) {
  if (pos.in_check()) return 0;
  Position theirs = pos;
  theirs.do_null_move();
  return gain_on(theirs, s);
}

// Where the piece on `from` stands after the moves of its side in `line`
// (from pos, which has that side to move): line[0], line[2], ...; stops at
// `plies`. None once it is captured.
static std::optional<Square> follow(Position pos, std::span<const Move> line, Square from, std::size_t plies) {
  const Color side = pos.side_to_move();
  Square at = from;
  for (std::size_t i = 0; i < plies && i < line.size(); ++i) {
    if (!pos.is_legal(line[i])) break;
    if (pos.side_to_move() == side && line[i].from() == at) at = line[i].to();
    else if (pos.side_to_move() != side && line[i].to() == at) return std::nullopt;
    pos.do_move(line[i]);
  }
  return at;
}

// A trapped piece: in pos (the mover to move, not in check) a knight, bishop,
// rook or queen of the mover that the other side wins by taking it where it
// stands, and that has no square to go to where it is not lost just the same
// (a move taking something worth at least as much is a way out). Confirmed by
// `line` (from pos): the other side takes it within its next two moves. The
// square of the piece, or none.
std::optional<Square> trapped_piece(const Position& pos, std::span<const Move> line) {
  if (pos.in_check()) return std::nullopt;
  const Color us = pos.side_to_move();
  const MoveList moves = legal_moves(pos);
  for (Bitboard b = pos.pieces(us) & ~pos.pieces(PAWN) & ~pos.pieces(KING); b;) {
    const Square s = pop_lsb(b);
    if (their_gain_on(pos, s) <= 0) continue;
    bool way_out = false;
    for (Move m : moves) {
      if (m.from() != s) continue;
      Position moved = pos;
      moved.do_move(m);
      if (PawnValues[pos.captured_type(m)] - gain_on(moved, m.to()) >= 0) {
        way_out = true;
        break;
      }
    }
    if (way_out) continue;
    if (!follow(pos, line, s, 4)) return s;  // the line takes it
  }
  return std::nullopt;
}

// `side`'s material less the other side's, in pawns.
int balance(const Position& pos, Color side) {
  int pawns = 0;
  for (PieceType pt : {PAWN, KNIGHT, BISHOP, ROOK, QUEEN})
    pawns += PawnValues[pt] * (popcount(pos.pieces(side, pt)) - popcount(pos.pieces(~side, pt)));
  return pawns;
}

// What a line (from pos, legal moves only, at most ForcingPlies of them) does
// to `side`'s material once its captures are over: the change of balance at
// the last point of the line where no capture is pending (the next move
// captures nothing, or the line ends), with the plies up to that point and
// the most valuable piece of `side` taken on the way (the square it stood on
// in pos, if it never moved before).
LineMaterial line_material(Position pos, std::span<const Move> line, Color side) {
  const int start = balance(pos, side);
  LineMaterial result;
  LineMaterial taken;  // what was taken so far, as of the current ply
  std::vector<std::pair<Square, Square>> moved;  // side's moves so far: (from, to)
  for (std::size_t i = 0; i < line.size() && i < ForcingPlies && pos.is_legal(line[i]); ++i) {
    const Move m = line[i];
    if (pos.side_to_move() != side && pos.captured_type(m) != NO_PIECE_TYPE &&
        PawnValues[pos.captured_type(m)] > PawnValues[taken.lost]) {
      taken.lost = pos.captured_type(m);
      Square from = m.to();  // back along side's moves to where the piece stood in pos
      for (auto it = moved.rbegin(); it != moved.rend(); ++it)
        if (it->second == from) from = it->first;
      taken.lost_from = from;
    }
    if (pos.side_to_move() == side) moved.emplace_back(m.from(), m.to());
    pos.do_move(m);
    const bool next_captures = i + 1 < line.size() && pos.is_legal(line[i + 1]) &&
                               pos.captured_type(line[i + 1]) != NO_PIECE_TYPE;
    if (!next_captures) result = {balance(pos, side) - start, i + 1, taken.lost, taken.lost_from};
  }
  return result;
}

}  // namespace gambit::review
