// SPDX-License-Identifier: MIT
// FEN reading and writing. Reading is strict: anything that is not a legal-looking
// position in standard FEN is refused with a sentence naming the problem and the
// offending text, so no caller ever holds a Position that breaks its invariants.
#include <algorithm>
#include <cstddef>
#include <optional>
#include <utility>
#include <string>
#include <string_view>

#include "core/chess/position.h"
#include "core/util/translation.h"

namespace gambit::chess {

namespace {

constexpr std::string_view PieceLetters = " PNBRQK  pnbrqk";

bool is_separator(char c) { return c == ' ' || c == '\t'; }
bool is_space(char c) { return is_separator(c) || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }


std::string square_name(Square s) { return {char('a' + file_of(s)), char('1' + rank_of(s))}; }

// "e4 is empty" or "e4 holds a white knight", for messages about what stands on a square.
std::string contents(const Position& pos, Square s) {
  const char* pattern = nullptr;
  switch (pos.piece_on(s)) {
    case W_PAWN: pattern = tr("{square} holds a white pawn"); break;
    case W_KNIGHT: pattern = tr("{square} holds a white knight"); break;
    case W_BISHOP: pattern = tr("{square} holds a white bishop"); break;
    case W_ROOK: pattern = tr("{square} holds a white rook"); break;
    case W_QUEEN: pattern = tr("{square} holds a white queen"); break;
    case W_KING: pattern = tr("{square} holds a white king"); break;
    case B_PAWN: pattern = tr("{square} holds a black pawn"); break;
    case B_KNIGHT: pattern = tr("{square} holds a black knight"); break;
    case B_BISHOP: pattern = tr("{square} holds a black bishop"); break;
    case B_ROOK: pattern = tr("{square} holds a black rook"); break;
    case B_QUEEN: pattern = tr("{square} holds a black queen"); break;
    case B_KING: pattern = tr("{square} holds a black king"); break;
    default: pattern = tr("{square} is empty"); break;
  }
  return fill(pattern, {{"square", square_name(s)}});
}

// TRANSLATORS: {problem} says what is wrong with a position typed or read as FEN (Forsyth-Edwards Notation).
Failure fail(std::string message) { return Failure{fill(tr("FEN: {problem}"), {{"problem", std::move(message)}})}; }

}  // namespace

// Builds a Position field by field; a friend of Position so it can place pieces
// without going through moves. Each step returns a message on the first problem.
class FenParser {
 public:
  static Result<Position> parse(std::string_view text, Variant variant);

 private:
  using Error = std::string;  // empty: no problem

  Error placement(std::string_view field);
  Error material();
  Error side_to_move(std::string_view field);
  Error checks();
  Error castling(std::string_view field);
  Error castling_960(std::string_view field);
  Error en_passant(std::string_view field);
  Error counters(std::string_view halfmove, std::string_view fullmove);
  Error check_counts(std::string_view remaining, std::string_view given);

  Position pos_;
};

namespace {

// "W+B" (remaining) or "+W+B" (given) with one digit each, or nullopt for other text.
std::optional<std::pair<int, int>> check_pair(std::string_view field, bool leading_plus) {
  if (leading_plus) {
    if (field.empty() || field[0] != '+') return std::nullopt;
    field.remove_prefix(1);
  }
  if (field.size() != 3 || field[1] != '+') return std::nullopt;
  const auto digit = [](char c) { return c >= '0' && c <= '9' ? int(c - '0') : -1; };
  const int white = digit(field[0]), black = digit(field[2]);
  if (white < 0 || black < 0) return std::nullopt;
  return std::pair{white, black};
}

bool looks_like_checks(std::string_view field) { return field.find('+') != std::string_view::npos; }

}  // namespace

Result<Position> FenParser::parse(std::string_view text, Variant variant) {
  std::size_t begin = 0, end = text.size();
  while (begin < end && is_space(text[begin])) ++begin;
  while (end > begin && is_space(text[end - 1])) --end;
  if (begin == end) return Failure{text.empty() ? tr("FEN is empty") : tr("FEN is blank (only whitespace)")};
  text = text.substr(begin, end - begin);

  constexpr std::size_t MaxFields = 8;
  std::string_view fields[MaxFields];
  std::size_t field_count = 0;
  for (std::size_t i = 0; i < text.size(); ++field_count) {
    std::size_t j = i;
    while (j < text.size() && !is_separator(text[j])) ++j;
    if (field_count < MaxFields) fields[field_count] = text.substr(i, j - i);
    while (j < text.size() && is_separator(text[j])) ++j;
    i = j;
  }
  // Three-check's check counts: take them out, leaving the standard fields.
  std::string_view remaining_checks, given_checks;
  if (variant == Variant::ThreeCheck && field_count <= MaxFields) {
    if (field_count >= 5 && looks_like_checks(fields[4]) && fields[4][0] != '+') {
      remaining_checks = fields[4];
      for (std::size_t k = 4; k + 1 < field_count; ++k) fields[k] = fields[k + 1];
      --field_count;
    }
    if (field_count >= 5 && looks_like_checks(fields[field_count - 1]) && fields[field_count - 1][0] == '+')
      given_checks = fields[--field_count];
  }
  if (field_count != 6 && field_count != 4) {
    const char* pattern =
        // TRANSLATORS: {fen} is the text typed, in quotes; the fields of FEN are separated by spaces.
        trn("{fen} has {n} field; expected 6 (or 4, without the move counters) separated by spaces",
            "{fen} has {n} fields; expected 6 (or 4, without the move counters) separated by spaces", field_count);
    if (variant == Variant::ThreeCheck)
      pattern = trn("{fen} has {n} field; expected 6 (or 4, without the move counters) separated by spaces, plus "
                    "the checks as a field \"3+3\" after the en-passant square or \"+0+0\" at the end",
                    "{fen} has {n} fields; expected 6 (or 4, without the move counters) separated by spaces, plus "
                    "the checks as a field \"3+3\" after the en-passant square or \"+0+0\" at the end",
                    field_count);
    else if (std::any_of(fields + std::min<std::size_t>(4, field_count), fields + std::min(field_count, MaxFields),
                         looks_like_checks))
      pattern = trn("{fen} has {n} field; expected 6 (or 4, without the move counters) separated by spaces (check "
                    "counts such as \"3+3\" belong to three-check, and this is standard chess)",
                    "{fen} has {n} fields; expected 6 (or 4, without the move counters) separated by spaces (check "
                    "counts such as \"3+3\" belong to three-check, and this is standard chess)",
                    field_count);
    return fail(fill(pattern, {{"fen", quote_for_message(text)}, {"n", std::to_string(field_count)}}));
  }

  FenParser parser;
  Position& pos = parser.pos_;
  pos.variant_ = variant;
  for (auto& bb : pos.by_type_) bb = 0;
  for (auto& bb : pos.by_color_) bb = 0;
  for (auto& piece : pos.board_) piece = NO_PIECE;
  pos.key_ = 0;
  pos.castling_ = NO_CASTLING;
  pos.ep_ = SQ_NONE;

  Error error = parser.placement(fields[0]);
  if (error.empty()) error = parser.material();
  if (error.empty()) error = parser.side_to_move(fields[1]);
  if (error.empty()) error = parser.checks();
  if (error.empty()) error = parser.castling(fields[2]);
  if (error.empty()) error = parser.en_passant(fields[3]);
  if (error.empty()) error = field_count == 6 ? parser.counters(fields[4], fields[5]) : parser.counters("0", "1");
  if (error.empty()) error = parser.check_counts(remaining_checks, given_checks);
  if (!error.empty()) return fail(std::move(error));

  pos.finish_update();
  pos.key_ = pos.compute_key();
  return pos;
}

FenParser::Error FenParser::placement(std::string_view field) {
  const auto rank_count = std::size_t(std::count(field.begin(), field.end(), '/')) + 1;
  if (rank_count != 8)
    // TRANSLATORS: {placement} is the first field of a FEN, in quotes. The English says "ranks" for every {n}.
    return fill(trn("piece placement {placement} has {n} ranks; expected 8 separated by '/'",
                    "piece placement {placement} has {n} ranks; expected 8 separated by '/'", rank_count),
                {{"placement", quote_for_message(field)}, {"n", std::to_string(rank_count)}});
  std::string_view ranks[8];
  for (std::size_t index = 0, begin = 0; index < 8; ++index) {
    const std::size_t slash = std::min(field.find('/', begin), field.size());
    ranks[index] = field.substr(begin, slash - begin);
    begin = slash + 1;
  }

  for (int index = 0; index < 8; ++index) {
    const std::string_view rank_text = ranks[index];
    const int rank = 7 - index;
    const std::string rank_number = std::to_string(rank + 1), quoted = quote_for_message(rank_text);
    std::size_t file = 0;
    for (char c : rank_text) {
      if (c >= '1' && c <= '8') {
        file += std::size_t(c - '0');
      } else if (c == '0' || c == '9') {
        // TRANSLATORS: {rank} is a number 1 to 8, {text} the rank as written in the FEN, in quotes.
        return fill(tr("rank {rank} {text} has the digit '{digit}'; empty squares are counted 1 to 8"),
                    {{"rank", rank_number}, {"text", quoted}, {"digit", std::string(1, c)}});
      } else if (const std::size_t letter = PieceLetters.find(c); c != ' ' && letter != std::string_view::npos) {
        if (file < 8) pos_.put_piece(Piece(letter), make_square(int(file), rank));
        ++file;
      } else {
        // TRANSLATORS: {rank} is a number 1 to 8, {text} the rank as written in the FEN, {letter} a character, both
        // in quotes.
        return fill(tr("rank {rank} {text} has the unknown piece letter {letter}; expected one of PNBRQKpnbrqk or "
                       "a digit 1-8"),
                    {{"rank", rank_number}, {"text", quoted}, {"letter", quote_for_message(std::string_view(&c, 1))}});
      }
    }
    if (file != 8)
      // TRANSLATORS: {rank} is a number 1 to 8, {text} the rank as written in the FEN. The English says "squares"
      // for every {n}.
      return fill(trn("rank {rank} {text} has {n} squares; expected 8",
                      "rank {rank} {text} has {n} squares; expected 8", file),
                  {{"rank", rank_number}, {"text", quoted}, {"n", std::to_string(file)}});
  }
  return {};
}

// Counts a real game can reach: one king, at most 8 pawns and 16 men a side, and
// no more pieces beyond the starting set than pawns have gone missing (promotions).
FenParser::Error FenParser::material() {
  for (Color c : {WHITE, BLACK}) {
    const bool white = c == WHITE;
    const int kings = popcount(pos_.pieces(c, KING));
    if (kings == 0) return white ? tr("White has no king") : tr("Black has no king");
    if (kings > 1)
      return fill(white ? trn("White has {n} king; expected exactly one", "White has {n} kings; expected exactly one",
                              kings)
                        : trn("Black has {n} king; expected exactly one", "Black has {n} kings; expected exactly one",
                              kings),
                  {{"n", std::to_string(kings)}});
  }
  if (Bitboard misplaced = pos_.pieces(PAWN) & (RANK_1_BB | RANK_8_BB)) {
    const Square s = lsb(misplaced);
    return fill(color_of(pos_.piece_on(s)) == WHITE
                    ? tr("white pawn on {square}: pawns cannot stand on the first or eighth rank")
                    : tr("black pawn on {square}: pawns cannot stand on the first or eighth rank"),
                {{"square", square_name(s)}});
  }
  for (Color c : {WHITE, BLACK}) {
    const bool white = c == WHITE;
    const int pawns = popcount(pos_.pieces(c, PAWN));
    const int men = popcount(pos_.pieces(c));
    if (pawns > 8)
      return fill(white ? trn("White has {n} pawn; at most 8 are possible",
                              "White has {n} pawns; at most 8 are possible", pawns)
                        : trn("Black has {n} pawn; at most 8 are possible",
                              "Black has {n} pawns; at most 8 are possible", pawns),
                  {{"n", std::to_string(pawns)}});
    if (men > 16)
      return fill(white ? trn("White has {n} piece and pawn; at most 16 are possible",
                              "White has {n} pieces and pawns; at most 16 are possible", men)
                        : trn("Black has {n} piece and pawn; at most 16 are possible",
                              "Black has {n} pieces and pawns; at most 16 are possible", men),
                  {{"n", std::to_string(men)}});
    auto extra = [&](PieceType pt, int start) { return std::max(0, popcount(pos_.pieces(c, pt)) - start); };
    const int promoted = extra(QUEEN, 1) + extra(ROOK, 2) + extra(BISHOP, 2) + extra(KNIGHT, 2);
    if (promoted > 8 - pawns)
      // TRANSLATORS: {extra} pieces more than a side starts with, though only {n} of its pawns are missing (each
      // promotion costs one). The English says "pawns" for every {n}.
      return fill(white ? trn("White has more pieces than promotions allow: {extra} beyond the starting set, {n} pawns "
                              "missing",
                              "White has more pieces than promotions allow: {extra} beyond the starting set, {n} pawns "
                              "missing",
                              8 - pawns)
                        : trn("Black has more pieces than promotions allow: {extra} beyond the starting set, {n} pawns "
                              "missing",
                              "Black has more pieces than promotions allow: {extra} beyond the starting set, {n} pawns "
                              "missing",
                              8 - pawns),
                  {{"extra", std::to_string(promoted)}, {"n", std::to_string(8 - pawns)}});
  }
  return {};
}

FenParser::Error FenParser::side_to_move(std::string_view field) {
  if (field == "w") pos_.side_ = WHITE;
  else if (field == "b") pos_.side_ = BLACK;
  // TRANSLATORS: {text} is the second field of a FEN, in quotes; w and b are FEN's letters.
  else return fill(tr("side to move {text} is not 'w' or 'b'"), {{"text", quote_for_message(field)}});
  return {};
}

FenParser::Error FenParser::checks() {
  const Color us = pos_.side_, them = ~us;
  if (pos_.attacked_by(us, pos_.king_square(them), pos_.pieces()))
    return them == WHITE ? tr("White (not to move) is in check") : tr("Black (not to move) is in check");
  const int checkers = popcount(pos_.attackers_to(pos_.king_square(us), pos_.pieces()) & pos_.pieces(them));
  if (checkers > 0 && pos_.variant_ == Variant::RacingKings)
    // TRANSLATORS: Racing Kings forbids every check.
    return us == WHITE ? tr("White is in check, and in Racing Kings no move may give check")
                       : tr("Black is in check, and in Racing Kings no move may give check");
  if (checkers > 2)
    return fill(us == WHITE ? trn("White (to move) is in check from {n} piece; no move gives more than a double check",
                                  "White (to move) is in check from {n} pieces; no move gives more than a double check",
                                  checkers)
                            : trn("Black (to move) is in check from {n} piece; no move gives more than a double check",
                                  "Black (to move) is in check from {n} pieces; no move gives more than a double check",
                                  checkers),
                {{"n", std::to_string(checkers)}});
  return {};
}

FenParser::Error FenParser::castling(std::string_view field) {
  if (field == "-") return {};
  if (pos_.variant_ == Variant::Chess960) return castling_960(field);
  struct Right {
    char letter;
    CastlingRights right;
    Color color;
    Square king, rook;
  };
  static constexpr Right Rights[] = {{'K', WHITE_OO, WHITE, SQ_E1, SQ_H1},
                                     {'Q', WHITE_OOO, WHITE, SQ_E1, SQ_A1},
                                     {'k', BLACK_OO, BLACK, SQ_E8, SQ_H8},
                                     {'q', BLACK_OOO, BLACK, SQ_E8, SQ_A8}};
  for (char c : field) {
    const Right* found = nullptr;
    for (const Right& r : Rights)
      if (r.letter == c) found = &r;
    if (!found)
      // TRANSLATORS: {rights} is the third field of a FEN, {letter} a character of it, both in quotes.
      return fill(tr("castling rights {rights} contain {letter}; expected '-' or letters from KQkq (the rooks' file "
                     "letters of Shredder-FEN and X-FEN belong to Chess960)"),
                  {{"rights", quote_for_message(field)}, {"letter", quote_for_message(std::string_view(&c, 1))}});
    if (pos_.castling_ & found->right)
      // TRANSLATORS: {rights} is the third field of a FEN, in quotes; {letter} one of K, Q, k, q.
      return fill(tr("castling rights {rights} repeat '{letter}'"),
                  {{"rights", quote_for_message(field)}, {"letter", std::string(1, c)}});
    pos_.castling_ |= found->right;
  }
  for (const Right& r : Rights) {
    if (!(pos_.castling_ & r.right)) continue;
    const bool white = r.color == WHITE;
    const auto claim = [&](const char* pattern, Square s) {
      return fill(pattern,
                  {{"letter", std::string(1, r.letter)}, {"square", square_name(s)}, {"contents", contents(pos_, s)}});
    };
    if (pos_.piece_on(r.king) != make_piece(r.color, KING))
      // TRANSLATORS: {letter} is one of K, Q, k, q; {contents} says what is there, e.g. "e1 holds a white rook".
      return claim(white ? tr("castling right '{letter}' needs the white king on {square}, but {contents}")
                         : tr("castling right '{letter}' needs the black king on {square}, but {contents}"),
                   r.king);
    if (pos_.piece_on(r.rook) != make_piece(r.color, ROOK))
      // TRANSLATORS: {letter} is one of K, Q, k, q; {contents} says what is there, e.g. "h1 is empty".
      return claim(white ? tr("castling right '{letter}' needs the white rook on {square}, but {contents}")
                         : tr("castling right '{letter}' needs the black rook on {square}, but {contents}"),
                   r.rook);
  }
  return {};
}

// Chess960 (X-FEN, and Shredder-FEN's file letters): K and Q are the outermost
// rook on the king's side and the queen's side of the king on its back rank, a
// file letter (A-H for White, a-h for Black) the rook on that file.
FenParser::Error FenParser::castling_960(std::string_view field) {
  for (char c : field) {
    const bool white = (c >= 'A' && c <= 'Z');
    const Color color = white ? WHITE : BLACK;
    const char lower = white ? char(c - 'A' + 'a') : c;
    const int back_rank = white ? 0 : 7;
    const std::string letter(1, c);
    if (lower != 'k' && lower != 'q' && (lower < 'a' || lower > 'h'))
      // TRANSLATORS: {rights} is the third field of a FEN, {letter} a character of it, both in quotes.
      return fill(tr("castling rights {rights} contain {letter}; expected '-', letters from KQkq, or the rooks' files "
                     "(A-H for White, a-h for Black)"),
                  {{"rights", quote_for_message(field)}, {"letter", quote_for_message(letter)}});
    const Square king = pos_.king_square(color);
    if (rank_of(king) != back_rank)
      return fill(white ? tr("castling right '{letter}' needs the white king on the first rank, but it is on {square}")
                        : tr("castling right '{letter}' needs the black king on the eighth rank, but it is on {square}"),
                  {{"letter", letter}, {"square", square_name(king)}});
    Square rook = SQ_NONE;
    if (lower == 'k' || lower == 'q') {  // the outermost rook on that side
      const int step = lower == 'k' ? -1 : 1;
      for (int file = lower == 'k' ? 7 : 0; file != file_of(king) && rook == SQ_NONE; file += step)
        if (pos_.piece_on(make_square(file, back_rank)) == make_piece(color, ROOK)) rook = make_square(file, back_rank);
      if (rook == SQ_NONE)
        return fill(white ? tr("castling right '{letter}' needs a white rook on the first rank on that side of the king")
                          : tr("castling right '{letter}' needs a black rook on the eighth rank on that side of the king"),
                    {{"letter", letter}});
    } else {
      rook = make_square(lower - 'a', back_rank);
      if (pos_.piece_on(rook) != make_piece(color, ROOK) || rook == king)
        return fill(white ? tr("castling right '{letter}' needs the white rook on {square}, but {contents}")
                          : tr("castling right '{letter}' needs the black rook on {square}, but {contents}"),
                    {{"letter", letter}, {"square", square_name(rook)}, {"contents", contents(pos_, rook)}});
    }
    const bool king_side = file_of(rook) > file_of(king);
    const CastlingRights right = white ? (king_side ? WHITE_OO : WHITE_OOO) : (king_side ? BLACK_OO : BLACK_OOO);
    if (pos_.castling_ & right)
      // TRANSLATORS: {rights} is the third field of a FEN, in quotes; {letter} a letter of it.
      return fill(tr("castling rights {rights} give one side of a king two rooks ('{letter}')"),
                  {{"rights", quote_for_message(field)}, {"letter", letter}});
    pos_.castling_ |= right;
    pos_.castling_rooks_[Position::right_index(right)] = rook;
  }
  return {};
}

// The square is accepted whenever the last move may have been a double push to
// it; finish_update() later keeps it only if a legal capture exists.
FenParser::Error FenParser::en_passant(std::string_view field) {
  if (field == "-") return {};
  if (field.size() != 2 || field[0] < 'a' || field[0] > 'h' || field[1] < '1' || field[1] > '8')
    // TRANSLATORS: {text} is the fourth field of a FEN, in quotes.
    return fill(tr("en-passant square {text} is not '-' or a square such as 'e3'"),
                {{"text", quote_for_message(field)}});
  const Color us = pos_.side_, them = ~us;
  const Square ep = make_square(field[0] - 'a', field[1] - '1');
  const std::string name = square_name(ep);
  if (relative_rank(us, ep) != 5)
    return fill(us == WHITE ? tr("en-passant square {square} is impossible with White to move; it must be on rank 6")
                            : tr("en-passant square {square} is impossible with Black to move; it must be on rank 3"),
                {{"square", name}});
  const Square pushed = Square(ep - pawn_push(us)), origin = Square(ep + pawn_push(us));
  if (pos_.piece_on(pushed) != make_piece(them, PAWN))
    // TRANSLATORS: {contents} says what is there instead, e.g. "e5 is empty".
    return fill(them == WHITE ? tr("en-passant square {square} needs a white pawn on {pawn_square} (the pawn that just "
                                   "moved two squares), but {contents}")
                              : tr("en-passant square {square} needs a black pawn on {pawn_square} (the pawn that just "
                                   "moved two squares), but {contents}"),
                {{"square", name}, {"pawn_square", square_name(pushed)}, {"contents", contents(pos_, pushed)}});
  if (!pos_.empty(ep))
    // TRANSLATORS: {contents} says what is there, e.g. "e6 holds a black knight".
    return fill(tr("en-passant square {square} must be empty, but {contents}"),
                {{"square", name}, {"contents", contents(pos_, ep)}});
  if (!pos_.empty(origin))
    // TRANSLATORS: {contents} says what is there, e.g. "e7 holds a black knight".
    return fill(them == WHITE ? tr("en-passant square {square} needs {origin} empty (the white pawn just left it), but "
                                   "{contents}")
                              : tr("en-passant square {square} needs {origin} empty (the black pawn just left it), but "
                                   "{contents}"),
                {{"square", name}, {"origin", square_name(origin)}, {"contents", contents(pos_, origin)}});
  pos_.ep_ = ep;
  return {};
}

FenParser::Error FenParser::counters(std::string_view halfmove, std::string_view fullmove) {
  constexpr unsigned long Max = 65535;
  auto parse = [](std::string_view field, const char* not_a_number, const char* too_large,
                  unsigned long& value) -> Error {
    value = 0;
    for (char c : field) {
      if (c < '0' || c > '9') return fill(not_a_number, {{"text", quote_for_message(field)}});
      if (value <= Max) value = value * 10 + unsigned(c - '0');
    }
    if (value > Max) return fill(too_large, {{"text", quote_for_message(field)}});
    return {};
  };
  unsigned long half = 0, full = 0;
  // TRANSLATORS: {text} is the field of the FEN, in quotes (a count of moves).
  if (Error e = parse(halfmove, tr("halfmove clock {text} is not a non-negative number"),
                      tr("halfmove clock {text} is too large; at most 65535"), half);
      !e.empty())
    return e;
  // TRANSLATORS: {text} is the field of the FEN, in quotes (a count of moves).
  if (Error e = parse(fullmove, tr("fullmove number {text} is not a non-negative number"),
                      tr("fullmove number {text} is too large; at most 65535"), full);
      !e.empty())
    return e;
  pos_.halfmove_ = std::uint16_t(half);
  pos_.fullmove_ = std::uint16_t(full == 0 ? 1 : full);  // some tools write 0
  return {};
}

FenParser::Error FenParser::check_counts(std::string_view remaining, std::string_view given) {
  if (!remaining.empty() && !given.empty())
    // TRANSLATORS: three-check: the checks each side has still to give ({remaining}, "3+3") and has given
    // ({given}, "+0+0").
    return fill(tr("the checks are given twice, as {remaining} and {given}; write one of them"),
                {{"remaining", quote_for_message(remaining)}, {"given", quote_for_message(given)}});
  std::optional<std::pair<int, int>> counts;
  if (!remaining.empty()) {
    counts = check_pair(remaining, false);
    if (!counts || counts->first > ChecksToWin || counts->second > ChecksToWin)
      // TRANSLATORS: three-check: {text} is the field of the FEN, in quotes.
      return fill(tr("checks remaining {text} is not two numbers 0 to 3 joined by '+' (white's then black's, "
                     "\"3+3\" at the start)"),
                  {{"text", quote_for_message(remaining)}});
    counts = std::pair{ChecksToWin - counts->first, ChecksToWin - counts->second};
  } else if (!given.empty()) {
    counts = check_pair(given, true);
    if (!counts || counts->first > ChecksToWin || counts->second > ChecksToWin)
      // TRANSLATORS: three-check: {text} is the field of the FEN, in quotes.
      return fill(tr("checks given {text} is not two numbers 0 to 3 each after a '+' (white's then black's, "
                     "\"+0+0\" at the start)"),
                  {{"text", quote_for_message(given)}});
  }
  if (!counts) return {};
  pos_.checks_[WHITE] = std::uint8_t(counts->first);
  pos_.checks_[BLACK] = std::uint8_t(counts->second);
  const Color us = pos_.side_;
  if (pos_.checks_[us] >= ChecksToWin)
    return fill(us == WHITE ? trn("White (to move) has already given {n} check; the game ended when the last of them "
                                  "was given",
                                  "White (to move) has already given {n} checks; the game ended when the last of them "
                                  "was given",
                                  ChecksToWin)
                            : trn("Black (to move) has already given {n} check; the game ended when the last of them "
                                  "was given",
                                  "Black (to move) has already given {n} checks; the game ended when the last of them "
                                  "was given",
                                  ChecksToWin),
                {{"n", std::to_string(ChecksToWin)}});
  const Color them = ~us;
  const bool in_check = pos_.attackers_to(pos_.king_square(us), pos_.pieces()) & pos_.pieces(them);
  if (pos_.checks_[them] >= ChecksToWin && !in_check)
    return fill(them == WHITE ? trn("White has given {n} check, so Black (to move) must be in check from the last of "
                                    "them, but is not",
                                    "White has given {n} checks, so Black (to move) must be in check from the last of "
                                    "them, but is not",
                                    ChecksToWin)
                              : trn("Black has given {n} check, so White (to move) must be in check from the last of "
                                    "them, but is not",
                                    "Black has given {n} checks, so White (to move) must be in check from the last of "
                                    "them, but is not",
                                    ChecksToWin),
                {{"n", std::to_string(ChecksToWin)}});
  return {};
}

Result<Position> Position::from_fen(std::string_view fen, Variant variant) { return FenParser::parse(fen, variant); }

std::string Position::fen(CastlingLetters letters) const {
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    int empty_run = 0;
    for (int file = 0; file < 8; ++file) {
      const Piece p = board_[make_square(file, rank)];
      if (p == NO_PIECE) {
        ++empty_run;
        continue;
      }
      if (empty_run) out += char('0' + empty_run);
      empty_run = 0;
      out += PieceLetters[p];
    }
    if (empty_run) out += char('0' + empty_run);
    if (rank) out += '/';
  }
  out += side_ == WHITE ? " w " : " b ";
  if (castling_ == NO_CASTLING) out += '-';
  for (const CastlingRights right : {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO}) {
    if (!(castling_ & right)) continue;
    const bool white = right == WHITE_OO || right == WHITE_OOO, king_side = right == WHITE_OO || right == BLACK_OO;
    char letter = king_side ? 'k' : 'q';
    if (variant_ == Variant::Chess960 && letters == CastlingLetters::Shredder) {
      letter = char('a' + file_of(castling_rook(right)));
    } else if (variant_ == Variant::Chess960) {  // X-FEN: the rook's file when another rook stands beyond it
      const Square rook = castling_rook(right);
      const Piece own_rook = make_piece(white ? WHITE : BLACK, ROOK);
      for (int file = king_side ? file_of(rook) + 1 : 0; file < (king_side ? 8 : file_of(rook)); ++file)
        if (board_[make_square(file, rank_of(rook))] == own_rook) letter = char('a' + file_of(rook));
    }
    out += white ? char(letter - 'a' + 'A') : letter;
  }
  out += ' ';
  out += ep_ == SQ_NONE ? "-" : square_name(ep_);
  if (variant_ == Variant::ThreeCheck)
    out += ' ' + std::to_string(ChecksToWin - checks_[WHITE]) + '+' + std::to_string(ChecksToWin - checks_[BLACK]);
  out += ' ' + std::to_string(halfmove_) + ' ' + std::to_string(fullmove_);
  return out;
}

bool looks_like_fen(std::string_view text) {
  const std::string_view first = text.substr(0, text.find_first_of(" \t"));
  if (first.find('/') == std::string_view::npos) return false;
  return first.find_first_not_of("pnbrqkPNBRQK12345678/") == std::string_view::npos;
}

}  // namespace gambit::chess
