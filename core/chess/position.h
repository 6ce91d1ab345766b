// SPDX-License-Identifier: MIT
// Position: one chess position (pieces, side to move, castling rights, en-passant
// square, move counters, and in three-check the checks each side has given) with
// its Zobrist key and the pieces giving check.
//
// Invariants (hold for every Position reachable through from_fen/do_move):
//  - exactly one king per colour, no pawn on the first or eighth rank, the side
//    not to move is not in check;
//  - castling rights only where king and rook still stand on their home squares
//    (in Chess960: the king on its back rank, the right's rook on castling_rook());
//  - en_passant_square() is SQ_NONE unless a *legal* en-passant capture exists,
//    so two positions with the same key offer the same moves (FIDE repetition);
//  - key() equals compute_key(), checkers() the pieces attacking the side to move;
//  - checks_given() is 0 for both sides in standard chess and at most ChecksToWin
//    in three-check (the key includes it, so repetitions count it).
//
// Positions are small values (168 bytes): the move maker is copy-make, i.e. make
// a copy and call do_move on it; undo is dropping the copy.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "core/chess/bitboard.h"
#include "core/util/result.h"
#include "core/chess/types.h"
#include "core/chess/variant.h"

namespace gambit::chess {

// How a FEN writes Chess960's castling rights: X-FEN (KQkq, a rook's file
// only when another rook stands beyond it) or Shredder-FEN (always the rooks'
// files, as xboard and Shredder write them). Standard chess is KQkq in both.
enum class CastlingLetters : std::uint8_t { XFen, Shredder };

inline constexpr std::string_view START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

class Position {
 public:
  Position() : Position(Variant::Standard) {}
  explicit Position(Variant variant);  // the starting position (no checks given; Chess960: number 518)
  // Chess960's start number `number` (0..959, as FIDE and lichess number them; 518 is the standard back rank).
  static Position chess960_start(int number);
  // The Chess960 start number of this position's back ranks when it is one of the 960 starts (pieces, pawns,
  // castling rights and side to move as at the start), whatever the variant; nullopt otherwise.
  std::optional<int> chess960_number() const;

  // Parses and strictly validates a FEN; the failure message names the problem.
  // Accepts 4 or 6 fields and both en-passant conventions (square written after
  // every double push, or only when a capture is possible).
  // Three-check adds the checks, in either of the two forms lichess and
  // Fairy-Stockfish read: a field "W+B" of checks each side has still to give
  // (3+3 at the start) between the en-passant square and the halfmove clock, or
  // a last field "+W+B" of checks each side has given (+0+0 at the start). With
  // neither, no checks have been given. Standard chess refuses both.
  static Result<Position> from_fen(std::string_view fen, Variant variant = Variant::Standard);
  // FEN with the en-passant square written only when a legal capture exists; in
  // three-check with the "W+B" checks-remaining field (as lichess and
  // Fairy-Stockfish write it).
  std::string fen(CastlingLetters letters = CastlingLetters::XFen) const;
  // This is its variant's starting position (whatever the move counters say; in
  // Chess960 any of the 960): a game from here is a game from the start, and may be rated.
  bool is_start() const;

  Color side_to_move() const { return side_; }
  Piece piece_on(Square s) const { return board_[s]; }
  bool empty(Square s) const { return board_[s] == NO_PIECE; }
  Bitboard pieces() const { return by_type_[NO_PIECE_TYPE]; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
  Bitboard pieces(PieceType a, PieceType b) const { return by_type_[a] | by_type_[b]; }
  Bitboard pieces(Color c, PieceType pt) const { return by_color_[c] & by_type_[pt]; }
  Bitboard pieces(Color c, PieceType a, PieceType b) const { return by_color_[c] & (by_type_[a] | by_type_[b]); }
  Square king_square(Color c) const { return lsb(pieces(c, KING)); }

  int castling_rights() const { return castling_; }
  bool can_castle(CastlingRights cr) const { return castling_ & cr; }
  // The square of the rook a castling right castles with: h1, a1, h8, a8 in
  // standard chess, the rook's own in Chess960 (meaningful while the right is held).
  Square castling_rook(CastlingRights cr) const { return castling_rooks_[right_index(cr)]; }
  // A right's place in tables of the four: White O-O, White O-O-O, Black O-O, Black O-O-O.
  static constexpr int right_index(CastlingRights cr) { return cr == WHITE_OO ? 0 : cr == WHITE_OOO ? 1 : cr == BLACK_OO ? 2 : 3; }
  // Where castling with the right takes the king and the rook: g1/f1, c1/d1 (the 8th rank for Black).
  static Square castled_king(CastlingRights cr);
  static Square castled_rook(CastlingRights cr);
  // The right a castling move of the side to move uses (by the side its rook or destination is on).
  CastlingRights castling_right_of(Move m) const;
  Square en_passant_square() const { return ep_; }
  int halfmove_clock() const { return halfmove_; }
  int fullmove_number() const { return fullmove_; }
  Key key() const { return key_; }

  Variant variant() const { return variant_; }
  // Three-check: how many times colour c has given check (0 in standard chess).
  int checks_given(Color c) const { return checks_[c]; }
  // How the variant's own goal stands, for the side to move: three-check's
  // third check and King of the Hill's king on the hill lose (the opponent
  // reached them); in Racing Kings the first king on the eighth rank wins,
  // except that Black, when White's arrived, still moves if its own king can
  // arrive too (both there: a draw). These are lichess's rules; Fairy-Stockfish
  // lets the game go on after Black's king arrives first, and after White's
  // when Black's cannot follow.
  enum class Goal : std::uint8_t { None, Lost, Won, Drawn };
  Goal goal() const {
    if (variant_ == Variant::Standard || variant_ == Variant::Chess960) return Goal::None;
    if (variant_ == Variant::ThreeCheck) return checks_[~side_] >= ChecksToWin ? Goal::Lost : Goal::None;
    if (variant_ == Variant::KingOfTheHill) return pieces(~side_, KING) & CENTRE_BB ? Goal::Lost : Goal::None;
    return race_goal();
  }
  // The side to move has lost by its variant's goal (goal() == Lost).
  bool lost_by_goal() const { return goal() == Goal::Lost; }
  // The game is over by its variant's goal: no more moves (goal() != None).
  bool over_by_goal() const { return goal() != Goal::None; }

  Bitboard checkers() const { return checkers_; }
  bool in_check() const { return checkers_ != 0; }
  // Pieces of either colour attacking s, with the given occupancy.
  Bitboard attackers_to(Square s, Bitboard occupied) const;
  // Does colour c attack s, with the given occupancy?
  bool attacked_by(Color c, Square s, Bitboard occupied) const;

  // Plays a move that is legal in this position (checked by assert only: use
  // is_legal() or the move generator for untrusted moves).
  void do_move(Move m);
  // The side to move passes (for null-move pruning in searches): the en-passant
  // chance lapses, the halfmove clock and move number advance as after a move.
  // Precondition (asserted): the side to move is not in check.
  void do_null_move();
  // True if m is one of the legal moves here.
  bool is_legal(Move m) const;
  // Whether the legal move m checks the other king (made on a copy: for rules, not for searches).
  bool gives_check(Move m) const;
  // Would the side to move's pawn on `from` capturing en passant onto `ep` leave
  // its king safe? (Covers the pin along the rank through both pawns.)
  bool en_passant_capture_legal(Square from, Square ep) const;
  // The piece type a move captures (PAWN for en passant), or NO_PIECE_TYPE.
  PieceType captured_type(Move m) const;

  // The key recomputed from scratch; equals key() (for tests and asserts).
  Key compute_key() const;
  // An 8-line board diagram plus the FEN, for failure messages and debugging.
  std::string pretty() const;

  bool operator==(const Position& other) const;

 private:
  friend class FenParser;
  explicit Position(std::nullptr_t) {}  // an empty board, to be filled (chess960_start)
  // The start with this back rank (White's; Black's mirrors it): pawns, all castling rights, the key.
  void place_start(const std::array<PieceType, 8>& back_rank);

  void put_piece(Piece p, Square s);
  void remove_piece(Square s);
  void move_piece(Square from, Square to);
  // Recomputes checkers_ and normalises ep_ (drops it unless a legal capture exists).
  void finish_update();
  Goal race_goal() const;  // goal() in Racing Kings
  void make_move(Move m);  // do_move without its assertion that m is legal (gives_check, which that assertion asks)
  // The castling part of the key: the rights, and in Chess960 their rooks' files.
  Key castling_key(std::uint8_t rights) const;
  bool same_castling_rooks(const Position& other) const;
  // Chess960: the rights left once a move has gone from `from` to `to` (the king's colour loses both when it moves).
  std::uint8_t rights_after_960(Square from, Square to, bool king_moved, Color us) const;

  Bitboard by_type_[PIECE_TYPE_NB]{};  // index NO_PIECE_TYPE holds all pieces
  Bitboard by_color_[COLOR_NB]{};
  Piece board_[SQUARE_NB]{};
  Key key_ = 0;
  Bitboard checkers_ = 0;
  Color side_ = WHITE;
  Square ep_ = SQ_NONE;
  std::uint8_t castling_ = NO_CASTLING;
  Square castling_rooks_[4] = {SQ_H1, SQ_A1, SQ_H8, SQ_A8};  // by right_index
  std::uint16_t halfmove_ = 0;
  std::uint16_t fullmove_ = 1;
  Variant variant_ = Variant::Standard;
  std::uint8_t checks_[COLOR_NB]{};
};

// Text whose first word could only be a FEN's piece placement ("rnbqkbnr/pppp..."):
// ranks of piece letters and digits, separated by '/'. A path never looks so.
bool looks_like_fen(std::string_view text);

}  // namespace gambit::chess
