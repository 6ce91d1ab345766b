// SPDX-License-Identifier: MIT
#include "core/chess/uci.h"

#include "core/chess/movegen.h"
#include "core/util/words.h"

namespace gambit::chess {

namespace {

constexpr std::string_view UCI_EXPECTED = "(expected e.g. e2e4 or e7e8q)";

std::optional<PieceType> promotion_from_letter(char c) {
  switch (c) {
    case 'n': case 'N': return KNIGHT;
    case 'b': case 'B': return BISHOP;
    case 'r': case 'R': return ROOK;
    case 'q': case 'Q': return QUEEN;
    default: return std::nullopt;
  }
}

}  // namespace

std::string square_name(Square s) {
  assert(is_ok(s));
  return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

std::optional<Square> parse_square(std::string_view text) {
  if (text.size() != 2 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8') return std::nullopt;
  return make_square(text[0] - 'a', text[1] - '1');
}

std::string to_uci(Move m) {
  if (!m) return "0000";
  std::string text = square_name(m.from()) + square_name(m.to());
  if (m.kind() == Move::PROMOTION) text += " pnbrqk"[m.promotion()];
  return text;
}

std::string to_xboard(const Position& before, Move m) {
  if (m.kind() == Move::CASTLING && before.variant() == Variant::Chess960)
    return file_of(m.to()) > file_of(m.from()) ? "O-O" : "O-O-O";
  return to_uci(m);
}

std::string to_uci_line(std::span<const Move> moves) {
  std::string text;
  for (const Move m : moves) text += (text.empty() ? "" : " ") + to_uci(m);
  return text;
}

Result<Move> parse_uci_move(const Position& pos, std::string_view text) {
  const auto not_uci = [&] {
    return Failure{quote_for_message(text) + " is not a move in UCI notation " + std::string(UCI_EXPECTED)};
  };
  if (text.size() != 4 && text.size() != 5) return not_uci();
  const std::optional<Square> from = parse_square(text.substr(0, 2));
  const std::optional<Square> to = parse_square(text.substr(2, 2));
  std::optional<PieceType> promotion;
  if (text.size() == 5 && !(promotion = promotion_from_letter(text[4]))) return not_uci();
  const std::string not_legal = quote_for_message(text) + " is not a legal move in " + pos.fen();
  if (text == "0000") return Failure{not_legal + " (0000 stands for no move)"};
  if (!from || !to) return not_uci();

  bool promotion_needed = false;
  for (Move m : legal_moves(pos)) {
    if (m.from() != *from || m.to() != *to) continue;
    if (m.kind() != Move::PROMOTION) {
      if (!promotion) return m;
    } else if (!promotion) {
      promotion_needed = true;
    } else if (m.promotion() == *promotion) {
      return m;
    }
  }
  if (promotion_needed)
    return Failure{not_legal + " (a pawn reaching the last rank must promote: add q, r, b or n, e.g. " +
                   std::string(text) + "q)"};
  return Failure{not_legal};
}


namespace {

// The moves of a UCI line played from pos, up to max_moves or to the first
// word that is not a legal move there (why, numbered, in *stopped).
std::vector<Move> play_uci_words(const Position& pos, std::string_view text, std::size_t max_moves,
                                 std::string* stopped) {
  Position walk = pos;
  std::vector<Move> moves;
  for (const std::string& word : split_words(text)) {
    if (moves.size() >= max_moves) break;
    Result<Move> move = parse_uci_move(walk, word);
    if (!move) {
      *stopped = "move " + std::to_string(moves.size() + 1) + " cannot be played: " + move.error();
      break;
    }
    walk.do_move(*move);
    moves.push_back(*move);
  }
  return moves;
}

}  // namespace

Result<std::vector<Move>> parse_uci_line(const Position& pos, std::string_view text) {
  std::string stopped;
  std::vector<Move> moves = play_uci_words(pos, text, std::size_t(-1), &stopped);
  if (!stopped.empty()) return Failure{stopped};
  return moves;
}

std::vector<Move> legal_uci_prefix(const Position& pos, std::string_view text, std::size_t max_moves) {
  std::string stopped;
  return play_uci_words(pos, text, max_moves, &stopped);
}

}  // namespace gambit::chess
