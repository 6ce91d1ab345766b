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

// Chess960's back rank number n (0..959), by the scheme FIDE and lichess number
// the starts with: the light-squared bishop, the dark-squared bishop, the queen on
// one of the six squares left, the knights on two of the five left, then rook,
// king, rook on the last three.
std::array<PieceType, 8> chess960_back_rank(int n) {
  std::array<PieceType, 8> rank{};  // NO_PIECE_TYPE: empty
  rank[2 * (n % 4) + 1] = BISHOP;
  n /= 4;
  rank[2 * (n % 4)] = BISHOP;
  n /= 4;
  const auto place_on_empty = [&rank](int index, PieceType type) {
    for (PieceType& square : rank)
      if (square == NO_PIECE_TYPE && index-- == 0) {
        square = type;
        return;
      }
  };
  place_on_empty(n % 6, QUEEN);
  n /= 6;
  constexpr int Knights[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};
  place_on_empty(Knights[n][1], KNIGHT);  // the later first, so the earlier index still counts the same squares
  place_on_empty(Knights[n][0], KNIGHT);
  place_on_empty(0, ROOK);
  place_on_empty(0, KING);
  place_on_empty(0, ROOK);
  return rank;
}

Position::Position(Variant variant) : variant_(variant) {
  if (variant == Variant::RacingKings) {
    // 8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1: Black on the a-d files, White on e-h, the kings on a2 and h2.
    constexpr std::array<PieceType, 4> First = {QUEEN, ROOK, BISHOP, KNIGHT}, Second = {KING, ROOK, BISHOP, KNIGHT};
    for (int i = 0; i < 4; ++i) {
      put_piece(make_piece(BLACK, First[std::size_t(i)]), make_square(i, 0));
      put_piece(make_piece(BLACK, Second[std::size_t(i)]), make_square(i, 1));
      put_piece(make_piece(WHITE, First[std::size_t(i)]), make_square(7 - i, 0));
      put_piece(make_piece(WHITE, Second[std::size_t(i)]), make_square(7 - i, 1));
    }
    castling_ = NO_CASTLING;
    key_ = compute_key();
    return;
  }
  constexpr std::array<PieceType, 8> BackRank = {ROOK, KNIGHT, BISHOP, QUEEN, KING, BISHOP, KNIGHT, ROOK};
  place_start(BackRank);
}

Position::Goal Position::race_goal() const {
  const bool white_home = pieces(WHITE, KING) & RANK_8_BB, black_home = pieces(BLACK, KING) & RANK_8_BB;
  if (white_home && black_home) return Goal::Drawn;
  if (black_home) return side_ == WHITE ? Goal::Lost : Goal::Won;
  if (!white_home) return Goal::None;
  if (side_ == WHITE) return Goal::Won;
  // White's king arrived: Black draws by bringing its own to the eighth rank now, and has lost if it cannot.
  for (Move m : legal_moves(*this))
    if (m.from() == king_square(BLACK) && (square_bb(m.to()) & RANK_8_BB)) return Goal::None;
  return Goal::Lost;
}

Position Position::chess960_start(int number) {
  assert(number >= 0 && number < 960);
  Position pos(nullptr);
  pos.variant_ = Variant::Chess960;
  pos.place_start(chess960_back_rank(number));
  return pos;
}

void Position::place_start(const std::array<PieceType, 8>& back_rank) {
  int rooks_seen = 0;
  for (int file = 0; file < 8; ++file) {
    put_piece(make_piece(WHITE, back_rank[file]), make_square(file, 0));
    put_piece(W_PAWN, make_square(file, 1));
    put_piece(B_PAWN, make_square(file, 6));
    put_piece(make_piece(BLACK, back_rank[file]), make_square(file, 7));
    if (back_rank[file] != ROOK) continue;
    const bool queen_side = rooks_seen++ == 0;  // the rooks either side of the king
    castling_rooks_[right_index(queen_side ? WHITE_OOO : WHITE_OO)] = make_square(file, 0);
    castling_rooks_[right_index(queen_side ? BLACK_OOO : BLACK_OO)] = make_square(file, 7);
  }
  castling_ = ALL_CASTLING;
  key_ = compute_key();
}

std::optional<int> Position::chess960_number() const {
  if (castling_ != ALL_CASTLING || side_ != WHITE || ep_ != SQ_NONE || checks_[WHITE] || checks_[BLACK])
    return std::nullopt;
  for (int n = 0; n < 960; ++n) {  // 960 small comparisons: asked when a game starts, never in a search
    const std::array<PieceType, 8> rank = chess960_back_rank(n);
    bool same = true;
    for (int file = 0; file < 8 && same; ++file)
      same = board_[make_square(file, 0)] == make_piece(WHITE, rank[file]) &&
             board_[make_square(file, 7)] == make_piece(BLACK, rank[file]);
    if (!same) continue;
    const Position start = chess960_start(n);
    if (start.by_type_[NO_PIECE_TYPE] != by_type_[NO_PIECE_TYPE] || start.by_type_[PAWN] != by_type_[PAWN]) return std::nullopt;
    for (int i = 0; i < 4; ++i)
      if (start.castling_rooks_[i] != castling_rooks_[i]) return std::nullopt;
    return n;
  }
  return std::nullopt;
}

bool Position::is_start() const {
  if (variant_ == Variant::Chess960) return chess960_number().has_value();
  Position start(variant_);
  return key() == start.key();
}

Square Position::castled_king(CastlingRights cr) {
  return cr == WHITE_OO ? SQ_G1 : cr == WHITE_OOO ? SQ_C1 : cr == BLACK_OO ? SQ_G8 : SQ_C8;
}

Square Position::castled_rook(CastlingRights cr) {
  return cr == WHITE_OO ? SQ_F1 : cr == WHITE_OOO ? SQ_D1 : cr == BLACK_OO ? SQ_F8 : SQ_D8;
}

CastlingRights Position::castling_right_of(Move m) const {
  const bool king_side = m.to() > m.from();  // the destination (standard) or the rook (Chess960) beyond the king
  if (side_ == WHITE) return king_side ? WHITE_OO : WHITE_OOO;
  return king_side ? BLACK_OO : BLACK_OOO;
}

Key Position::castling_key(std::uint8_t rights) const {
  Key key = zobrist::castling(rights);
  if (variant_ == Variant::Chess960)
    for (int bit = 0; bit < 4; ++bit)
      if (rights & (1 << bit)) key ^= zobrist::castling_rook(bit, file_of(castling_rooks_[bit]));
  return key;
}

std::uint8_t Position::rights_after_960(Square from, Square to, bool king_moved, Color us) const {
  std::uint8_t rights = castling_;
  if (king_moved) rights &= std::uint8_t(us == WHITE ? ~(WHITE_OO | WHITE_OOO) : ~(BLACK_OO | BLACK_OOO));
  for (int bit = 0; bit < 4; ++bit)
    if (castling_rooks_[bit] == from || castling_rooks_[bit] == to) rights &= std::uint8_t(~(1 << bit));
  return rights;
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
  make_move(m);
}

void Position::make_move(Move m) {
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
      if (variant_ == Variant::Chess960) {  // the king takes its own rook: both leave, then both land
        const CastlingRights right = castling_right_of(m);
        const Piece king = board_[from], rook = board_[to];
        remove_piece(from);
        remove_piece(to);
        put_piece(king, castled_king(right));
        put_piece(rook, castled_rook(right));
        break;
      }
      const bool king_side = to > from;
      const Square rook_from = Square(king_side ? from + 3 : from - 4);
      const Square rook_to = Square(king_side ? from + 1 : from - 1);
      move_piece(from, to);
      move_piece(rook_from, rook_to);
      break;
    }
  }

  if (variant_ != Variant::Chess960) {
    const std::uint8_t rights = castling_ & CastlingMask[from] & CastlingMask[to];
    if (rights != castling_) {
      key_ ^= zobrist::castling(castling_) ^ zobrist::castling(rights);
      castling_ = rights;
    }
  } else if (castling_) {
    // The king moved when it castled, or when it now stands where the move went.
    const bool king_moved = m.kind() == Move::CASTLING || board_[to] == make_piece(us, KING);
    const std::uint8_t rights = rights_after_960(from, to, king_moved, us);
    if (rights != castling_) {
      key_ ^= castling_key(castling_) ^ castling_key(rights);
      castling_ = rights;
    }
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
  if (attackers_to(ksq, after) & pieces(~us) & ~square_bb(to)) return false;
  return variant_ != Variant::RacingKings || !gives_check(m);
}

bool Position::gives_check(Move m) const {
  Position next = *this;
  next.make_move(m);  // not do_move: its check of legality asks this in Racing Kings
  return next.in_check();
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
  k ^= castling_key(castling_);
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
         checks_[BLACK] == other.checks_[BLACK] &&
         (variant_ != Variant::Chess960 || same_castling_rooks(other));
}

bool Position::same_castling_rooks(const Position& other) const {
  for (int bit = 0; bit < 4; ++bit)  // those of the rights held: the others mean nothing
    if ((castling_ & (1 << bit)) && castling_rooks_[bit] != other.castling_rooks_[bit]) return false;
  return true;
}

}  // namespace gambit::chess
