// SPDX-License-Identifier: MIT
#include "core/chess/position.h"

#include <array>
#include <cstdlib>
#include <cstring>

#include "core/chess/movegen.h"
#include "core/chess/zobrist.h"

namespace gambit::chess {

namespace {

// Rights that survive a move touching each square: moving from or capturing on
// a king or rook home square removes the rights that depend on it.
constexpr std::uint8_t castling_mask_for(int sq) {
  switch (sq) {
    case SQ_E1: return std::uint8_t(ALL_CASTLING & ~(WHITE_OO | WHITE_OOO));
    case SQ_H1: return std::uint8_t(ALL_CASTLING & ~WHITE_OO);
    case SQ_A1: return std::uint8_t(ALL_CASTLING & ~WHITE_OOO);
    case SQ_E8: return std::uint8_t(ALL_CASTLING & ~(BLACK_OO | BLACK_OOO));
    case SQ_H8: return std::uint8_t(ALL_CASTLING & ~BLACK_OO);
    case SQ_A8: return std::uint8_t(ALL_CASTLING & ~BLACK_OOO);
    default: return ALL_CASTLING;
  }
}

constexpr auto CastlingMask = [] {
  std::array<std::uint8_t, SQUARE_NB> mask{};
  for (int sq = 0; sq < SQUARE_NB; ++sq) mask[sq] = castling_mask_for(sq);
  return mask;
}();

}  // namespace

Position::Position(Variant variant) : variant_(variant) {
  constexpr PieceType BackRank[8] = {ROOK, KNIGHT, BISHOP, QUEEN, KING, BISHOP, KNIGHT, ROOK};
  for (int file = 0; file < 8; ++file) {
    put_piece(make_piece(WHITE, BackRank[file]), make_square(file, 0));
    put_piece(W_PAWN, make_square(file, 1));
    put_piece(B_PAWN, make_square(file, 6));
    put_piece(make_piece(BLACK, BackRank[file]), make_square(file, 7));
  }
  castling_ = ALL_CASTLING;
  key_ = compute_key();
}

void Position::put_piece(Piece p, Square s) {
  assert(board_[s] == NO_PIECE);
  Bitboard b = square_bb(s);
  board_[s] = p;
  by_type_[NO_PIECE_TYPE] |= b;
  by_type_[type_of(p)] |= b;
  by_color_[color_of(p)] |= b;
  key_ ^= zobrist::piece_square(p, s);
}

void Position::remove_piece(Square s) {
  Piece p = board_[s];
  assert(p != NO_PIECE);
  Bitboard b = square_bb(s);
  board_[s] = NO_PIECE;
  by_type_[NO_PIECE_TYPE] ^= b;
  by_type_[type_of(p)] ^= b;
  by_color_[color_of(p)] ^= b;
  key_ ^= zobrist::piece_square(p, s);
}

void Position::move_piece(Square from, Square to) {
  Piece p = board_[from];
  assert(p != NO_PIECE && board_[to] == NO_PIECE);
  Bitboard b = square_bb(from) | square_bb(to);
  board_[from] = NO_PIECE;
  board_[to] = p;
  by_type_[NO_PIECE_TYPE] ^= b;
  by_type_[type_of(p)] ^= b;
  by_color_[color_of(p)] ^= b;
  key_ ^= zobrist::piece_square(p, from) ^ zobrist::piece_square(p, to);
}

Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
  return (pawn_attacks(BLACK, s) & pieces(WHITE, PAWN)) | (pawn_attacks(WHITE, s) & pieces(BLACK, PAWN)) |
         (knight_attacks(s) & pieces(KNIGHT)) | (king_attacks(s) & pieces(KING)) |
         (bishop_attacks(s, occupied) & pieces(BISHOP, QUEEN)) | (rook_attacks(s, occupied) & pieces(ROOK, QUEEN));
}

bool Position::attacked_by(Color c, Square s, Bitboard occupied) const {
  return (pawn_attacks(~c, s) & pieces(c, PAWN)) || (knight_attacks(s) & pieces(c, KNIGHT)) ||
         (king_attacks(s) & pieces(c, KING)) || (bishop_attacks(s, occupied) & pieces(c, BISHOP, QUEEN)) ||
         (rook_attacks(s, occupied) & pieces(c, ROOK, QUEEN));
}

// Would capturing en passant from `from` onto `ep` leave the mover's king safe?
// Covers pins along the rank through both pawns and checks the capture must answer.
bool Position::en_passant_capture_legal(Square from, Square ep) const {
  const Color us = side_, them = ~us;
  const Square captured = Square(ep - pawn_push(us));
  const Square ksq = king_square(us);
  const Bitboard occupied = (pieces() ^ square_bb(from) ^ square_bb(captured)) | square_bb(ep);
  const Bitboard enemies = pieces(them) ^ square_bb(captured);
  return !((bishop_attacks(ksq, occupied) & enemies & pieces(BISHOP, QUEEN)) ||
           (rook_attacks(ksq, occupied) & enemies & pieces(ROOK, QUEEN)) ||
           (knight_attacks(ksq) & enemies & pieces(KNIGHT)) || (pawn_attacks(us, ksq) & enemies & pieces(PAWN)));
}

void Position::finish_update() {
  checkers_ = attackers_to(king_square(side_), pieces()) & pieces(~side_);
  if (ep_ == SQ_NONE) return;
  Bitboard capturers = pawn_attacks(~side_, ep_) & pieces(side_, PAWN);
  while (capturers)
    if (en_passant_capture_legal(pop_lsb(capturers), ep_)) return;
  ep_ = SQ_NONE;
}

void Position::do_move(Move m) {
  assert(is_legal(m));
  const Color us = side_;
  const Square from = m.from(), to = m.to();

  if (ep_ != SQ_NONE) {
    key_ ^= zobrist::en_passant(ep_);
    ep_ = SQ_NONE;
  }
  ++halfmove_;

  switch (m.kind()) {
    case Move::NORMAL: {
      if (board_[to] != NO_PIECE) {
        remove_piece(to);
        halfmove_ = 0;
      }
      const bool pawn = type_of(board_[from]) == PAWN;
      move_piece(from, to);
      if (pawn) {
        halfmove_ = 0;
        if (std::abs(int(to) - int(from)) == 16) {  // double push: maybe an en-passant square
          Square passed = Square((from + to) / 2);
          if (pawn_attacks(us, passed) & pieces(~us, PAWN)) ep_ = passed;
        }
      }
      break;
    }
    case Move::PROMOTION:
      if (board_[to] != NO_PIECE) remove_piece(to);
      remove_piece(from);
      put_piece(make_piece(us, m.promotion()), to);
      halfmove_ = 0;
      break;
    case Move::EN_PASSANT:
      remove_piece(Square(to - pawn_push(us)));
      move_piece(from, to);
      halfmove_ = 0;
      break;
    case Move::CASTLING: {
      const bool king_side = to > from;
      const Square rook_from = Square(king_side ? from + 3 : from - 4);
      const Square rook_to = Square(king_side ? from + 1 : from - 1);
      move_piece(from, to);
      move_piece(rook_from, rook_to);
      break;
    }
  }

  const std::uint8_t rights = castling_ & CastlingMask[from] & CastlingMask[to];
  if (rights != castling_) {
    key_ ^= zobrist::castling(castling_) ^ zobrist::castling(rights);
    castling_ = rights;
  }
  if (us == BLACK) ++fullmove_;
  side_ = ~us;
  key_ ^= zobrist::black_to_move();

  finish_update();
  if (ep_ != SQ_NONE) key_ ^= zobrist::en_passant(ep_);
  if (variant_ == Variant::ThreeCheck && checkers_ && checks_[us] < ChecksToWin) {
    key_ ^= zobrist::checks_given(us, checks_[us]) ^ zobrist::checks_given(us, checks_[us] + 1);
    ++checks_[us];
  }
  assert(key_ == compute_key());
}

void Position::do_null_move() {
  assert(!in_check());
  if (ep_ != SQ_NONE) {
    key_ ^= zobrist::en_passant(ep_);
    ep_ = SQ_NONE;
  }
  ++halfmove_;
  if (side_ == BLACK) ++fullmove_;
  side_ = ~side_;
  key_ ^= zobrist::black_to_move();
  checkers_ = 0;  // the side that passed gave no check: its opponent was not in check on its own move
  assert(key_ == compute_key());
}

// Decided without generating the moves (the search asks this of every move its
// table suggests); castling and en passant, rare, ask the generator.
bool Position::is_legal(Move m) const {
  if (m.kind() == Move::CASTLING || m.kind() == Move::EN_PASSANT) return legal_moves(*this).contains(m);
  const Square from = m.from(), to = m.to();
  const Piece piece = board_[from];
  const Color us = side_;
  if (piece == NO_PIECE || color_of(piece) != us || (pieces(us) & square_bb(to))) return false;
  if (board_[to] != NO_PIECE && type_of(board_[to]) == KING) return false;
  const PieceType pt = type_of(piece);
  const Bitboard occupied = pieces();
  if (pt == PAWN) {
    if ((m.kind() == Move::PROMOTION) != (relative_rank(us, to) == 7)) return false;
    const int up = us == WHITE ? 8 : -8;
    const bool capture = pawn_attacks(us, from) & pieces(~us) & square_bb(to);
    const bool push = int(to) == from + up && board_[to] == NO_PIECE;
    const bool twice = int(to) == from + 2 * up && relative_rank(us, from) == 1 &&
                       !(occupied & (square_bb(Square(from + up)) | square_bb(to)));
    if (!capture && !push && !twice) return false;
  } else if (m.kind() != Move::NORMAL || !(attacks(pt, from, occupied) & square_bb(to))) {
    return false;
  }
  if (m.kind() == Move::NORMAL && m != Move(from, to)) return false;  // stray promotion bits
  // Our king must not stand attacked once the move is made (the captured piece no longer attacks).
  const Bitboard after = (occupied ^ square_bb(from)) | square_bb(to);
  const Square ksq = pt == KING ? to : king_square(us);
  return !(attackers_to(ksq, after) & pieces(~us) & ~square_bb(to));
}

PieceType Position::captured_type(Move m) const {
  if (m.kind() == Move::EN_PASSANT) return PAWN;
  if (m.kind() == Move::CASTLING) return NO_PIECE_TYPE;
  return type_of(board_[m.to()]);
}

Key Position::compute_key() const {
  Key k = 0;
  for (int sq = 0; sq < SQUARE_NB; ++sq)
    if (board_[sq] != NO_PIECE) k ^= zobrist::piece_square(board_[sq], Square(sq));
  k ^= zobrist::castling(castling_);
  if (ep_ != SQ_NONE) k ^= zobrist::en_passant(ep_);
  if (side_ == BLACK) k ^= zobrist::black_to_move();
  for (Color c : {WHITE, BLACK}) k ^= zobrist::checks_given(c, checks_[c]);
  return k;
}

std::string Position::pretty() const {
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    out += char('1' + rank);
    out += ' ';
    for (int file = 0; file < 8; ++file) {
      Piece p = board_[make_square(file, rank)];
      out += p == NO_PIECE ? '.' : piece_letter(p);
      out += file < 7 ? ' ' : '\n';
    }
  }
  out += "  a b c d e f g h\nFEN: " + fen() + "\n";
  return out;
}

bool Position::operator==(const Position& other) const {
  return std::memcmp(board_, other.board_, sizeof board_) == 0 && side_ == other.side_ &&
         castling_ == other.castling_ && ep_ == other.ep_ && halfmove_ == other.halfmove_ &&
         fullmove_ == other.fullmove_ && variant_ == other.variant_ && checks_[WHITE] == other.checks_[WHITE] &&
         checks_[BLACK] == other.checks_[BLACK];
}

}  // namespace gambit::chess
