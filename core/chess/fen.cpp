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

namespace gambit::chess {

namespace {

constexpr std::string_view PieceLetters = " PNBRQK  pnbrqk";

bool is_separator(char c) { return c == ' ' || c == '\t'; }
bool is_space(char c) { return is_separator(c) || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }


std::string square_name(Square s) { return {char('a' + file_of(s)), char('1' + rank_of(s))}; }

// "a white knight" or "empty", for messages about what stands on a square.
std::string contents(const Position& pos, Square s) {
  const Piece p = pos.piece_on(s);
  if (p == NO_PIECE) return square_name(s) + " is empty";
  return square_name(s) + " holds a " + (color_of(p) == WHITE ? "white " : "black ") + piece_type_name(type_of(p));
}

Failure fail(std::string message) { return Failure{"FEN: " + std::move(message)}; }

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
  if (begin == end) return Failure{text.empty() ? "FEN is empty" : "FEN is blank (only whitespace)"};
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
    std::string hint = "; expected 6 (or 4, without the move counters) separated by spaces";
    if (variant == Variant::ThreeCheck)
      hint += ", plus the checks as a field \"3+3\" after the en-passant square or \"+0+0\" at the end";
    else if (std::any_of(fields + std::min<std::size_t>(4, field_count), fields + std::min(field_count, MaxFields),
                         looks_like_checks))
      hint += " (check counts such as \"3+3\" belong to three-check, and this is standard chess)";
    return fail(quote_for_message(text) + " has " + std::to_string(field_count) +
                (field_count == 1 ? " field" : " fields") + hint);
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
    return "piece placement " + quote_for_message(field) + " has " + std::to_string(rank_count) +
           " ranks; expected 8 separated by '/'";
  std::string_view ranks[8];
  for (std::size_t index = 0, begin = 0; index < 8; ++index) {
    const std::size_t slash = std::min(field.find('/', begin), field.size());
    ranks[index] = field.substr(begin, slash - begin);
    begin = slash + 1;
  }

  for (int index = 0; index < 8; ++index) {
    const std::string_view rank_text = ranks[index];
    const int rank = 7 - index;
    const std::string rank_name = "rank " + std::to_string(rank + 1) + " " + quote_for_message(rank_text);
    std::size_t file = 0;
    for (char c : rank_text) {
      if (c >= '1' && c <= '8') {
        file += std::size_t(c - '0');
      } else if (c == '0' || c == '9') {
        return rank_name + " has the digit '" + c + "'; empty squares are counted 1 to 8";
      } else if (const std::size_t letter = PieceLetters.find(c); c != ' ' && letter != std::string_view::npos) {
        if (file < 8) pos_.put_piece(Piece(letter), make_square(int(file), rank));
        ++file;
      } else {
        return rank_name + " has the unknown piece letter " + quote_for_message(std::string_view(&c, 1)) +
               "; expected one of PNBRQKpnbrqk or a digit 1-8";
      }
    }
    if (file != 8) return rank_name + " has " + std::to_string(file) + " squares; expected 8";
  }
  return {};
}

// Counts a real game can reach: one king, at most 8 pawns and 16 men a side, and
// no more pieces beyond the starting set than pawns have gone missing (promotions).
FenParser::Error FenParser::material() {
  for (Color c : {WHITE, BLACK}) {
    const std::string name = color_name(c);
    const int kings = popcount(pos_.pieces(c, KING));
    if (kings == 0) return name + " has no king";
    if (kings > 1) return name + " has " + std::to_string(kings) + " kings; expected exactly one";
  }
  if (Bitboard misplaced = pos_.pieces(PAWN) & (RANK_1_BB | RANK_8_BB)) {
    const Square s = lsb(misplaced);
    return std::string(color_of(pos_.piece_on(s)) == WHITE ? "white" : "black") + " pawn on " + square_name(s) +
           ": pawns cannot stand on the first or eighth rank";
  }
  for (Color c : {WHITE, BLACK}) {
    const std::string name = color_name(c);
    const int pawns = popcount(pos_.pieces(c, PAWN));
    const int men = popcount(pos_.pieces(c));
    if (pawns > 8) return name + " has " + std::to_string(pawns) + " pawns; at most 8 are possible";
    if (men > 16) return name + " has " + std::to_string(men) + " pieces and pawns; at most 16 are possible";
    auto extra = [&](PieceType pt, int start) { return std::max(0, popcount(pos_.pieces(c, pt)) - start); };
    const int promoted = extra(QUEEN, 1) + extra(ROOK, 2) + extra(BISHOP, 2) + extra(KNIGHT, 2);
    if (promoted > 8 - pawns)
      return name + " has more pieces than promotions allow: " + std::to_string(promoted) +
             " beyond the starting set, " + std::to_string(8 - pawns) + " pawns missing";
  }
  return {};
}

FenParser::Error FenParser::side_to_move(std::string_view field) {
  if (field == "w") pos_.side_ = WHITE;
  else if (field == "b") pos_.side_ = BLACK;
  else return "side to move " + quote_for_message(field) + " is not 'w' or 'b'";
  return {};
}

FenParser::Error FenParser::checks() {
  const Color us = pos_.side_, them = ~us;
  if (pos_.attacked_by(us, pos_.king_square(them), pos_.pieces()))
    return std::string(color_name(them)) + " (not to move) is in check";
  const int checkers = popcount(pos_.attackers_to(pos_.king_square(us), pos_.pieces()) & pos_.pieces(them));
  if (checkers > 2)
    return std::string(color_name(us)) + " (to move) is in check from " + std::to_string(checkers) +
           " pieces; no move gives more than a double check";
  return {};
}

FenParser::Error FenParser::castling(std::string_view field) {
  if (field == "-") return {};
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
      return "castling rights " + quote_for_message(field) + " contain " + quote_for_message(std::string_view(&c, 1)) +
             "; expected '-' or letters from KQkq (Shredder-FEN/X-FEN file letters are not supported)";
    if (pos_.castling_ & found->right) return "castling rights " + quote_for_message(field) + " repeat '" + c + "'";
    pos_.castling_ |= found->right;
  }
  for (const Right& r : Rights) {
    if (!(pos_.castling_ & r.right)) continue;
    const std::string color = r.color == WHITE ? "white" : "black";
    const std::string claim = std::string("castling right '") + r.letter + "' needs the " + color;
    if (pos_.piece_on(r.king) != make_piece(r.color, KING))
      return claim + " king on " + square_name(r.king) + ", but " + contents(pos_, r.king);
    if (pos_.piece_on(r.rook) != make_piece(r.color, ROOK))
      return claim + " rook on " + square_name(r.rook) + ", but " + contents(pos_, r.rook);
  }
  return {};
}

// The square is accepted whenever the last move may have been a double push to
// it; finish_update() later keeps it only if a legal capture exists.
FenParser::Error FenParser::en_passant(std::string_view field) {
  if (field == "-") return {};
  if (field.size() != 2 || field[0] < 'a' || field[0] > 'h' || field[1] < '1' || field[1] > '8')
    return "en-passant square " + quote_for_message(field) + " is not '-' or a square such as 'e3'";
  const Color us = pos_.side_, them = ~us;
  const Square ep = make_square(field[0] - 'a', field[1] - '1');
  const std::string name = "en-passant square " + square_name(ep);
  if (relative_rank(us, ep) != 5)
    return name + " is impossible with " + color_name(us) + " to move; it must be on rank " + (us == WHITE ? "6" : "3");
  const Square pushed = Square(ep - pawn_push(us)), origin = Square(ep + pawn_push(us));
  const std::string them_name = them == WHITE ? "white" : "black";
  if (pos_.piece_on(pushed) != make_piece(them, PAWN))
    return name + " needs a " + them_name + " pawn on " + square_name(pushed) +
           " (the pawn that just moved two squares), but " + contents(pos_, pushed);
  if (!pos_.empty(ep)) return name + " must be empty, but " + contents(pos_, ep);
  if (!pos_.empty(origin))
    return name + " needs " + square_name(origin) + " empty (the " + them_name + " pawn just left it), but " +
           contents(pos_, origin);
  pos_.ep_ = ep;
  return {};
}

FenParser::Error FenParser::counters(std::string_view halfmove, std::string_view fullmove) {
  constexpr unsigned long Max = 65535;
  auto parse = [](std::string_view field, const char* name, unsigned long& value) -> Error {
    value = 0;
    for (char c : field) {
      if (c < '0' || c > '9') return std::string(name) + " " + quote_for_message(field) + " is not a non-negative number";
      if (value <= Max) value = value * 10 + unsigned(c - '0');
    }
    if (value > Max) return std::string(name) + " " + quote_for_message(field) + " is too large; at most 65535";
    return {};
  };
  unsigned long half = 0, full = 0;
  if (Error e = parse(halfmove, "halfmove clock", half); !e.empty()) return e;
  if (Error e = parse(fullmove, "fullmove number", full); !e.empty()) return e;
  pos_.halfmove_ = std::uint16_t(half);
  pos_.fullmove_ = std::uint16_t(full == 0 ? 1 : full);  // some tools write 0
  return {};
}

FenParser::Error FenParser::check_counts(std::string_view remaining, std::string_view given) {
  if (!remaining.empty() && !given.empty())
    return "the checks are given twice, as " + quote_for_message(remaining) + " and " + quote_for_message(given) +
           "; write one of them";
  std::optional<std::pair<int, int>> counts;
  if (!remaining.empty()) {
    counts = check_pair(remaining, false);
    if (!counts || counts->first > ChecksToWin || counts->second > ChecksToWin)
      return "checks remaining " + quote_for_message(remaining) +
             " is not two numbers 0 to 3 joined by '+' (white's then black's, \"3+3\" at the start)";
    counts = std::pair{ChecksToWin - counts->first, ChecksToWin - counts->second};
  } else if (!given.empty()) {
    counts = check_pair(given, true);
    if (!counts || counts->first > ChecksToWin || counts->second > ChecksToWin)
      return "checks given " + quote_for_message(given) +
             " is not two numbers 0 to 3 each after a '+' (white's then black's, \"+0+0\" at the start)";
  }
  if (!counts) return {};
  pos_.checks_[WHITE] = std::uint8_t(counts->first);
  pos_.checks_[BLACK] = std::uint8_t(counts->second);
  const Color us = pos_.side_;
  if (pos_.checks_[us] >= ChecksToWin)
    return std::string(color_name(us)) + " (to move) has already given " + std::to_string(ChecksToWin) +
           " checks; the game ended when the last of them was given";
  const Color them = ~us;
  const bool in_check = pos_.attackers_to(pos_.king_square(us), pos_.pieces()) & pos_.pieces(them);
  if (pos_.checks_[them] >= ChecksToWin && !in_check)
    return std::string(color_name(them)) + " has given " + std::to_string(ChecksToWin) + " checks, so " +
           color_name(us) + " (to move) must be in check from the last of them, but is not";
  return {};
}

Result<Position> Position::from_fen(std::string_view fen, Variant variant) { return FenParser::parse(fen, variant); }

std::string Position::fen() const {
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
  if (castling_ & WHITE_OO) out += 'K';
  if (castling_ & WHITE_OOO) out += 'Q';
  if (castling_ & BLACK_OO) out += 'k';
  if (castling_ & BLACK_OOO) out += 'q';
  out += ' ';
  out += ep_ == SQ_NONE ? "-" : square_name(ep_);
  if (variant_ == Variant::ThreeCheck)
    out += ' ' + std::to_string(ChecksToWin - checks_[WHITE]) + '+' + std::to_string(ChecksToWin - checks_[BLACK]);
  out += ' ' + std::to_string(halfmove_) + ' ' + std::to_string(fullmove_);
  return out;
}

}  // namespace gambit::chess
