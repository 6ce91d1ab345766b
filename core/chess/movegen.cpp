// SPDX-License-Identifier: MIT
#include "core/chess/movegen.h"

#include <algorithm>

namespace gambit::chess {

namespace {

// A sink receives legal moves in sets. ListSink writes Move values;
// CountSink only adds up how many there are.
struct ListSink {
  MoveList& list;

  void piece_moves(Square from, Bitboard targets) {
    while (targets) list.push_back(Move(from, pop_lsb(targets)));
  }
  void pawn_moves(Bitboard targets, int delta) {
    while (targets) {
      Square to = pop_lsb(targets);
      list.push_back(Move(Square(to - delta), to));
    }
  }
  void promotions(Bitboard targets, int delta) {
    while (targets) {
      Square to = pop_lsb(targets), from = Square(to - delta);
      for (PieceType pt : {QUEEN, KNIGHT, ROOK, BISHOP}) list.push_back(Move(from, to, Move::PROMOTION, pt));
    }
  }
  void single(Move m) { list.push_back(m); }
};

struct CountSink {
  std::size_t count = 0;

  void piece_moves(Square, Bitboard targets) { count += popcount(targets); }
  void pawn_moves(Bitboard targets, int) { count += popcount(targets); }
  void promotions(Bitboard targets, int) { count += 4 * popcount(targets); }
  void single(Move) { ++count; }
};

template <Color Us>
struct PawnDirections {
  static constexpr Direction Up = Us == WHITE ? NORTH : SOUTH;
  static constexpr Direction UpWest = Us == WHITE ? NORTH_WEST : SOUTH_WEST;
  static constexpr Direction UpEast = Us == WHITE ? NORTH_EAST : SOUTH_EAST;
  static constexpr Bitboard Rank3 = Us == WHITE ? rank_bb(2) : rank_bb(5);
  static constexpr Bitboard Rank7 = Us == WHITE ? rank_bb(6) : rank_bb(1);
};

// Pawn moves. Unpinned pawns move set-wise; a pinned pawn keeps only the
// moves along its pin line (a push when pinned on its file, a capture of the
// pinner when pinned diagonally toward it).
template <Color Us, GenType T, class Sink>
void generate_pawn_moves(const Position& pos, Sink& sink, Bitboard pinned, Bitboard check_mask) {
  using D = PawnDirections<Us>;
  constexpr Color Them = ~Us;
  const Square ksq = pos.king_square(Us);
  const Bitboard pawns = pos.pieces(Us, PAWN);
  const Bitboard empty = ~pos.pieces();
  const Bitboard enemies = pos.pieces(Them) & check_mask;

  Bitboard can_push = pawns & ~pinned, can_take_west = can_push, can_take_east = can_push;
  for (Bitboard b = pawns & pinned; b;) {
    Square s = pop_lsb(b);
    Bitboard pin_line = line(ksq, s);
    if (pin_line & shift<D::Up>(square_bb(s))) can_push |= square_bb(s);
    if (pin_line & shift<D::UpWest>(square_bb(s))) can_take_west |= square_bb(s);
    if (pin_line & shift<D::UpEast>(square_bb(s))) can_take_east |= square_bb(s);
  }

  if constexpr (T != GenType::Noisy) {
    Bitboard single = shift<D::Up>(can_push & ~D::Rank7) & empty;
    Bitboard twice = shift<D::Up>(single & D::Rank3) & empty & check_mask;
    sink.pawn_moves(single & check_mask, D::Up);
    sink.pawn_moves(twice, 2 * D::Up);
  }

  if constexpr (T != GenType::Quiet) {
    sink.promotions(shift<D::Up>(can_push & D::Rank7) & empty & check_mask, D::Up);
    sink.promotions(shift<D::UpWest>(can_take_west & D::Rank7) & enemies, D::UpWest);
    sink.promotions(shift<D::UpEast>(can_take_east & D::Rank7) & enemies, D::UpEast);
    sink.pawn_moves(shift<D::UpWest>(can_take_west & ~D::Rank7) & enemies, D::UpWest);
    sink.pawn_moves(shift<D::UpEast>(can_take_east & ~D::Rank7) & enemies, D::UpEast);

    // Position keeps the en-passant square only when a legal capture exists,
    // but with two candidate capturers each must still be checked.
    if (Square ep = pos.en_passant_square(); ep != SQ_NONE) {
      Bitboard capturers = pawn_attacks(Them, ep) & pawns;
      while (capturers) {
        Square from = pop_lsb(capturers);
        if (pos.en_passant_capture_legal(from, ep)) sink.single(Move(from, ep, Move::EN_PASSANT));
      }
    }
  }
}

template <Color Us, GenType T, class Sink>
void generate_castling(const Position& pos, Sink& sink) {
  constexpr Color Them = ~Us;
  constexpr Square KingFrom = Us == WHITE ? SQ_E1 : SQ_E8;
  constexpr CastlingRights KingSide = Us == WHITE ? WHITE_OO : BLACK_OO;
  constexpr CastlingRights QueenSide = Us == WHITE ? WHITE_OOO : BLACK_OOO;
  const Bitboard occupied = pos.pieces();

  if (pos.can_castle(KingSide) && !(between(KingFrom, Square(KingFrom + 3)) & occupied) &&
      !pos.attacked_by(Them, Square(KingFrom + 1), occupied) && !pos.attacked_by(Them, Square(KingFrom + 2), occupied))
    sink.single(Move(KingFrom, Square(KingFrom + 2), Move::CASTLING));
  if (pos.can_castle(QueenSide) && !(between(KingFrom, Square(KingFrom - 4)) & occupied) &&
      !pos.attacked_by(Them, Square(KingFrom - 1), occupied) && !pos.attacked_by(Them, Square(KingFrom - 2), occupied))
    sink.single(Move(KingFrom, Square(KingFrom - 2), Move::CASTLING));
}

// Chess960: castling with the right's rook wherever king and rook stand. Every
// square the two pass or land on is empty but for themselves, and no square
// the king passes or lands on is attacked (looked at without the two: the rook
// on the back rank shields none of them). The move is the king taking its rook.
template <Color Us, GenType T, class Sink>
void generate_castling_960(const Position& pos, Sink& sink) {
  constexpr Color Them = ~Us;
  const Square king = pos.king_square(Us);
  for (const CastlingRights right : {Us == WHITE ? WHITE_OO : BLACK_OO, Us == WHITE ? WHITE_OOO : BLACK_OOO}) {
    if (!pos.can_castle(right)) continue;
    const Square rook = pos.castling_rook(right);
    const Square king_to = Position::castled_king(right), rook_to = Position::castled_rook(right);
    const Bitboard others = pos.pieces() ^ square_bb(king) ^ square_bb(rook);
    const Bitboard king_path = between(king, king_to) | square_bb(king_to);
    if ((king_path | between(rook, rook_to) | square_bb(rook_to)) & others) continue;
    bool safe = true;
    for (Bitboard b = king_path; b && safe;) safe = !pos.attacked_by(Them, pop_lsb(b), others);
    if (safe) sink.single(Move(king, rook, Move::CASTLING));
  }
}

template <Color Us, GenType T, class Sink>
void generate(const Position& pos, Sink& sink) {
  constexpr Color Them = ~Us;
  const Square ksq = pos.king_square(Us);
  const Bitboard us = pos.pieces(Us), them = pos.pieces(Them), occupied = pos.pieces();
  const Bitboard checkers = pos.checkers();
  const Bitboard kind_mask = T == GenType::All ? ~us : T == GenType::Noisy ? them : ~occupied;

  // King: every target square must be safe once the king has left ksq (so a
  // slider checking along a line also covers the square behind the king).
  Bitboard king_targets = king_attacks(ksq) & kind_mask, safe = 0;
  const Bitboard without_king = occupied ^ square_bb(ksq);
  while (king_targets) {
    Square to = pop_lsb(king_targets);
    if (!pos.attacked_by(Them, to, without_king)) safe |= square_bb(to);
  }
  sink.piece_moves(ksq, safe);
  if (more_than_one(checkers)) return;

  const Bitboard check_mask = checkers ? between(ksq, lsb(checkers)) | checkers : ~Bitboard(0);

  // Pinned pieces: our lone piece between the king and an enemy slider aiming at it.
  Bitboard pinned = 0;
  Bitboard snipers = ((rook_attacks(ksq, them) & pos.pieces(Them, ROOK, QUEEN)) |
                      (bishop_attacks(ksq, them) & pos.pieces(Them, BISHOP, QUEEN)));
  while (snipers) {
    Bitboard blockers = between(ksq, pop_lsb(snipers)) & occupied;
    if (!more_than_one(blockers)) pinned |= blockers & us;
  }

  generate_pawn_moves<Us, T>(pos, sink, pinned, check_mask);

  const Bitboard targets = kind_mask & check_mask;
  for (Bitboard b = pos.pieces(Us, KNIGHT) & ~pinned; b;) {
    Square from = pop_lsb(b);
    sink.piece_moves(from, knight_attacks(from) & targets);
  }
  for (Bitboard b = pos.pieces(Us, BISHOP, QUEEN); b;) {
    Square from = pop_lsb(b);
    Bitboard moves = bishop_attacks(from, occupied) & targets;
    if (pinned & square_bb(from)) moves &= line(ksq, from);
    sink.piece_moves(from, moves);
  }
  for (Bitboard b = pos.pieces(Us, ROOK, QUEEN); b;) {
    Square from = pop_lsb(b);
    Bitboard moves = rook_attacks(from, occupied) & targets;
    if (pinned & square_bb(from)) moves &= line(ksq, from);
    sink.piece_moves(from, moves);
  }

  if constexpr (T != GenType::Noisy)
    if (!checkers) {
      if (pos.variant() == Variant::Chess960)
        generate_castling_960<Us, T>(pos, sink);
      else
        generate_castling<Us, T>(pos, sink);
    }
}

template <GenType T, class Sink>
void generate_unfiltered(const Position& pos, Sink& sink) {
  if (pos.side_to_move() == WHITE)
    generate<WHITE, T>(pos, sink);
  else
    generate<BLACK, T>(pos, sink);
}

// Racing Kings: chess's legal moves but those that give check (each made on a copy: the variant's own path).
template <GenType T, class Sink>
void generate_without_checks(const Position& pos, Sink& sink) {
  MoveList all;
  ListSink list{all};
  generate_unfiltered<T>(pos, list);
  for (Move m : all)
    if (!pos.gives_check(m)) sink.single(m);
}

template <GenType T, class Sink>
void generate_for_side(const Position& pos, Sink& sink) {
  if (pos.variant() == Variant::RacingKings) [[unlikely]]
    generate_without_checks<T>(pos, sink);
  else
    generate_unfiltered<T>(pos, sink);
}

}  // namespace

bool MoveList::contains(Move m) const { return std::find(begin(), end(), m) != end(); }

template <GenType T>
void generate_legal(const Position& pos, MoveList& list) {
  ListSink sink{list};
  generate_for_side<T>(pos, sink);
}

template void generate_legal<GenType::All>(const Position&, MoveList&);
template void generate_legal<GenType::Noisy>(const Position&, MoveList&);
template void generate_legal<GenType::Quiet>(const Position&, MoveList&);

MoveList legal_moves(const Position& pos) {
  MoveList list;
  generate_legal<GenType::All>(pos, list);
  return list;
}

std::size_t count_legal(const Position& pos) {
  CountSink sink;
  generate_for_side<GenType::All>(pos, sink);
  return sink.count;
}

}  // namespace gambit::chess
