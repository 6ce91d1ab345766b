// SPDX-License-Identifier: MIT
#include "game/gui/board_reading.h"

#include <array>
#include <vector>

#include "core/chess/movegen.h"
#include "core/chess/uci.h"
#include "core/util/translation.h"

namespace gambit::gui {

using namespace chess;

namespace {

// A piece in a move ("knight takes on f3"), indexed by PieceType.
constexpr std::array<const char*, PIECE_TYPE_NB> PieceWords{
    "", N_("pawn"), N_("knight"), N_("bishop"), N_("rook"), N_("queen"), N_("king")};
// A piece with its colour, one and several, indexed by [colour][PieceType].
constexpr std::array<std::array<const char*, PIECE_TYPE_NB>, COLOR_NB> OnePiece{{
    {"", N_("white pawn"), N_("white knight"), N_("white bishop"), N_("white rook"), N_("white queen"),
     N_("white king")},
    {"", N_("black pawn"), N_("black knight"), N_("black bishop"), N_("black rook"), N_("black queen"),
     N_("black king")},
}};
constexpr std::array<std::array<const char*, PIECE_TYPE_NB>, COLOR_NB> SeveralPieces{{
    {"", N_("white pawns"), N_("white knights"), N_("white bishops"), N_("white rooks"), N_("white queens"),
     N_("white king")},
    {"", N_("black pawns"), N_("black knights"), N_("black bishops"), N_("black rooks"), N_("black queens"),
     N_("black king")},
}};
constexpr std::array<const char*, PIECE_TYPE_NB> Promotions{
    "", "", N_("promotes to a knight"), N_("promotes to a bishop"), N_("promotes to a rook"), N_("promotes to a queen"),
    ""};
constexpr std::array<int, PIECE_TYPE_NB> Points{0, 1, 3, 3, 5, 9, 0};

std::string join(const std::vector<std::string>& parts) {
  std::string out;
  for (const std::string& part : parts) out += (out.empty() ? "" : ", ") + part;
  return out;
}

// The pieces on squares, in words: "white pawn on e4, black knight on f6".
std::string pieces_on(const Position& position, const std::vector<Square>& squares) {
  std::vector<std::string> parts;
  for (Square square : squares) {
    const Piece piece = position.piece_on(square);
    if (piece == NO_PIECE) continue;
    parts.push_back(fill(tr("{piece} on {square}"),
                         {{"piece", tr(OnePiece[color_of(piece)][type_of(piece)])}, {"square", square_name(square)}}));
  }
  return join(parts);
}

std::string material(const Position& position) {
  int balance = 0;
  for (PieceType type : {PAWN, KNIGHT, BISHOP, ROOK, QUEEN})
    balance += Points[type] * (popcount(position.pieces(WHITE, type)) - popcount(position.pieces(BLACK, type)));
  if (balance == 0) return tr("Material: equal");
  const unsigned long n = static_cast<unsigned long>(balance > 0 ? balance : -balance);
  return fill(balance > 0 ? trn("Material: White is {n} point ahead", "Material: White is {n} points ahead", n)
                          : trn("Material: Black is {n} point ahead", "Material: Black is {n} points ahead", n),
              {{"n", std::to_string(n)}});
}

// "p N": the pieces of one kind and colour, by the letter SAN gives them (upper case: White's).
std::optional<std::string> where_are(const Position& position, char letter) {
  constexpr std::string_view Letters = "PNBRQK";
  const char upper = char(letter >= 'a' && letter <= 'z' ? letter - 32 : letter);
  const std::size_t at = Letters.find(upper);
  if (at == std::string_view::npos) return std::nullopt;
  const PieceType type = PieceType(PAWN + at);
  const Color colour = letter == upper ? WHITE : BLACK;
  std::vector<std::string> squares;
  for (Bitboard b = position.pieces(colour, type); b;) squares.push_back(square_name(pop_lsb(b)));
  const std::string pieces = capitalized(tr(SeveralPieces[colour][type]));
  if (squares.empty()) return fill(tr("{pieces}: none"), {{"pieces", pieces}});
  return fill(tr("{pieces}: {squares}"), {{"pieces", pieces}, {"squares", join(squares)}});
}

}  // namespace

std::string spoken_move(const Position& before, Move move) {
  std::string words;
  const PieceType mover = type_of(before.piece_on(move.from()));
  if (move.kind() == Move::CASTLING) {
    words = file_of(move.to()) > file_of(move.from()) ? tr("castles kingside") : tr("castles queenside");
  } else {
    const bool capture = move.kind() == Move::EN_PASSANT || before.piece_on(move.to()) != NO_PIECE;
    const Placeholder piece{"piece", tr(PieceWords[mover])}, square{"square", square_name(move.to())};
    // TRANSLATORS: a move said aloud: {piece} is a piece's name ("knight"), {square} where it goes ("f3").
    words = capture ? fill(tr("{piece} takes on {square}"), {piece, square}) : fill(tr("{piece} to {square}"), {piece, square});
    if (move.kind() == Move::PROMOTION) words += std::string(", ") + tr(Promotions[move.promotion()]);
  }
  Position after = before;
  after.do_move(move);
  if (after.in_check()) words += std::string(", ") + (legal_moves(after).empty() ? tr("checkmate") : tr("check"));
  return capitalized(words);
}

std::optional<std::string> read_board(std::string_view command, const ReadingContext& context) {
  while (!command.empty() && command.front() == ' ') command.remove_prefix(1);
  while (!command.empty() && command.back() == ' ') command.remove_suffix(1);
  if (command.empty()) return std::nullopt;
  const char letter = command.front();
  std::string_view argument = command.substr(1);
  while (!argument.empty() && argument.front() == ' ') argument.remove_prefix(1);
  const Position& position = context.position;
  if (argument.empty()) {
    switch (letter) {
      case 'c': return context.clocks.empty() ? std::string(tr("This game has no clock.")) : context.clocks;
      case 'l': return context.last_move.empty() ? std::string(tr("No move has been played yet.")) : context.last_move;
      case 'm': return material(position);
      default: return std::nullopt;
    }
  }
  if (command.size() < 3 || command[1] != ' ') return std::nullopt;  // "s e4", "r 4": a letter, a space, its argument
  switch (letter) {
    case 's': {
      const auto square = parse_square(argument);
      if (!square) return std::nullopt;
      const Piece piece = position.piece_on(*square);
      if (piece == NO_PIECE) return fill(tr("{square}: empty"), {{"square", square_name(*square)}});
      return fill(tr("{square}: {piece}"),
                  {{"square", square_name(*square)}, {"piece", tr(OnePiece[color_of(piece)][type_of(piece)])}});
    }
    case 'r':
    case 'f': {
      if (argument.size() != 1) return std::nullopt;
      const int index = letter == 'r' ? argument[0] - '1' : argument[0] - 'a';
      if (index < 0 || index > 7) return std::nullopt;
      std::vector<Square> squares;
      for (int i = 0; i < 8; ++i) squares.push_back(letter == 'r' ? make_square(i, index) : make_square(index, i));
      const std::string pieces = pieces_on(position, squares);
      const Placeholder line{letter == 'r' ? "rank" : "file", std::string(argument)};
      if (letter == 'r')
        return pieces.empty() ? fill(tr("Rank {rank}: empty"), {line}) : fill(tr("Rank {rank}: {pieces}"), {line, {"pieces", pieces}});
      return pieces.empty() ? fill(tr("File {file}: empty"), {line}) : fill(tr("File {file}: {pieces}"), {line, {"pieces", pieces}});
    }
    case 'p':
      if (argument.size() != 1) return std::nullopt;
      return where_are(position, argument[0]);
    default: return std::nullopt;
  }
}

}  // namespace gambit::gui
