// SPDX-License-Identifier: MIT
#include "core/study/position_setup.h"

#include <algorithm>

#include "core/chess/uci.h"

namespace gambit::study {

namespace {

struct CastlingHome {
  chess::CastlingRights right;
  chess::Square king, rook;
  char letter;
};
constexpr CastlingHome Homes[] = {{chess::WHITE_OO, chess::SQ_E1, chess::SQ_H1, 'K'},
                                  {chess::WHITE_OOO, chess::SQ_E1, chess::SQ_A1, 'Q'},
                                  {chess::BLACK_OO, chess::SQ_E8, chess::SQ_H8, 'k'},
                                  {chess::BLACK_OOO, chess::SQ_E8, chess::SQ_A8, 'q'}};

constexpr chess::CastlingRights Rights[] = {chess::WHITE_OO, chess::WHITE_OOO, chess::BLACK_OO, chess::BLACK_OOO};

chess::Color side_of(chess::CastlingRights right) {
  return right & (chess::WHITE_OO | chess::WHITE_OOO) ? chess::WHITE : chess::BLACK;
}

bool king_side(chess::CastlingRights right) { return right & (chess::WHITE_OO | chess::BLACK_OO); }

}  // namespace

PositionSetup PositionSetup::of(const chess::Position& position) {
  PositionSetup setup;
  setup.variant = position.variant();
  for (chess::CastlingRights right : Rights)
    setup.castling_rooks[std::size_t(chess::Position::right_index(right))] = position.castling_rook(right);
  for (int s = 0; s < chess::SQUARE_NB; ++s) setup.board[std::size_t(s)] = position.piece_on(chess::Square(s));
  setup.side_to_move = position.side_to_move();
  setup.castling = position.castling_rights();
  if (position.en_passant_square() != chess::SQ_NONE) setup.en_passant = position.en_passant_square();
  setup.halfmove_clock = position.halfmove_clock();
  setup.fullmove_number = position.fullmove_number();
  setup.settle();
  return setup;
}

std::string PositionSetup::fen() const {
  std::string fen;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const chess::Piece piece = board[chess::make_square(file, rank)];
      if (piece == chess::NO_PIECE) {
        ++empty;
        continue;
      }
      if (empty) fen += char('0' + empty);
      empty = 0;
      fen += chess::piece_letter(piece);
    }
    if (empty) fen += char('0' + empty);
    if (rank > 0) fen += '/';
  }
  fen += side_to_move == chess::WHITE ? " w " : " b ";
  std::string rights;
  for (const CastlingHome& home : Homes) {
    if (!(castling & home.right)) continue;
    const auto at = castling_home(home.right);
    if (variant != chess::Variant::Chess960 || !at) {
      rights += home.letter;
      continue;
    }
    // X-FEN: K or Q names the outermost rook on that side, a file letter any other.
    const chess::Square rook = castling_rooks[std::size_t(chess::Position::right_index(home.right))];
    const bool outermost = rook == at->second;
    const char file = char((chess::WHITE == side_of(home.right) ? 'A' : 'a') + chess::file_of(rook));
    rights += outermost ? home.letter : file;
  }
  fen += rights.empty() ? "-" : rights;
  fen += " " + (en_passant ? chess::square_name(*en_passant) : std::string("-"));
  fen += " " + std::to_string(halfmove_clock) + " " + std::to_string(fullmove_number);
  return fen;
}

Result<chess::Position> PositionSetup::position() const { return chess::Position::from_fen(fen(), variant); }

void PositionSetup::put(chess::Square square, chess::Piece piece) {
  const int possible_before = possible_castling();
  board[square] = piece;
  const int coming = possible_castling() & ~possible_before;
  for (chess::CastlingRights right : Rights)
    if (coming & right) set_castling(right, true);
  settle();
}

int PositionSetup::possible_castling() const {
  int possible = chess::NO_CASTLING;
  for (const CastlingHome& home : Homes)
    if (castling_possible(home.right)) possible |= home.right;
  return possible;
}

void PositionSetup::set_side_to_move(chess::Color side) {
  side_to_move = side;
  settle();
}

std::optional<std::pair<chess::Square, chess::Square>> PositionSetup::castling_home(chess::CastlingRights right) const {
  const chess::Color side = side_of(right);
  const chess::Piece king = chess::make_piece(side, chess::KING), rook = chess::make_piece(side, chess::ROOK);
  if (variant != chess::Variant::Chess960) {
    for (const CastlingHome& home : Homes)
      if (home.right == right && board[home.king] == king && board[home.rook] == rook)
        return std::make_pair(home.king, home.rook);
    return std::nullopt;
  }
  // Chess960: the one king on its first rank, the outermost rook beyond it on that side.
  const int rank = side == chess::WHITE ? 0 : 7;
  std::optional<int> king_file;
  for (int file = 0; file < 8; ++file)
    if (board[chess::make_square(file, rank)] == king) {
      if (king_file) return std::nullopt;
      king_file = file;
    }
  if (!king_file) return std::nullopt;
  const bool short_side = king_side(right);
  for (int file = short_side ? 7 : 0; file != *king_file; file += short_side ? -1 : 1)
    if (board[chess::make_square(file, rank)] == rook)
      return std::make_pair(chess::make_square(*king_file, rank), chess::make_square(file, rank));
  return std::nullopt;
}

bool PositionSetup::castling_possible(chess::CastlingRights right) const { return castling_home(right).has_value(); }

bool PositionSetup::set_castling(chess::CastlingRights right, bool on) {
  const auto at = castling_home(right);
  if (on && !at) return false;
  castling = on ? castling | right : castling & ~right;
  if (on) castling_rooks[std::size_t(chess::Position::right_index(right))] = at->second;
  return true;
}

void PositionSetup::set_variant(chess::Variant rules) {
  variant = rules;
  castling |= possible_castling();  // as put() gives the rights of kings and rooks brought home
  for (chess::CastlingRights right : Rights)
    if (const auto at = castling_home(right)) castling_rooks[std::size_t(chess::Position::right_index(right))] = at->second;
  settle();
}

std::vector<chess::Square> PositionSetup::en_passant_choices() const {
  // The side not to move pushed a pawn two squares: it stands on its fourth
  // rank, the squares it passed over and came from are empty.
  const chess::Color mover = side_to_move == chess::WHITE ? chess::BLACK : chess::WHITE;
  const int pawn_rank = mover == chess::WHITE ? 3 : 4, passed = mover == chess::WHITE ? 2 : 5,
            origin = mover == chess::WHITE ? 1 : 6;
  std::vector<chess::Square> choices;
  for (int file = 0; file < 8; ++file)
    if (board[chess::make_square(file, pawn_rank)] == chess::make_piece(mover, chess::PAWN) &&
        board[chess::make_square(file, passed)] == chess::NO_PIECE &&
        board[chess::make_square(file, origin)] == chess::NO_PIECE)
      choices.push_back(chess::make_square(file, passed));
  return choices;
}

void PositionSetup::set_en_passant(std::optional<chess::Square> square) {
  en_passant = square;
  settle();
}

void PositionSetup::settle() {
  for (chess::CastlingRights right : Rights) {
    // A right goes when its king and rook are no longer at home; in Chess960 also when its own rook left.
    const auto at = castling_home(right);
    const chess::Square rook = castling_rooks[std::size_t(chess::Position::right_index(right))];
    const bool kept = at && (variant != chess::Variant::Chess960 ||
                             (board[rook] == board[at->second] && chess::rank_of(rook) == chess::rank_of(at->first) &&
                              (chess::file_of(rook) > chess::file_of(at->first)) == king_side(right)));
    if (!kept) castling &= ~right;
    if (at && variant != chess::Variant::Chess960) castling_rooks[std::size_t(chess::Position::right_index(right))] = at->second;
  }
  if (en_passant) {
    const std::vector<chess::Square> choices = en_passant_choices();
    if (std::find(choices.begin(), choices.end(), *en_passant) == choices.end()) en_passant.reset();
  }
}

}  // namespace gambit::study
