// SPDX-License-Identifier: MIT
#include "core/chess/typed_move.h"

#include <algorithm>
#include <cctype>

#include "core/chess/movegen.h"
#include "core/chess/san.h"
#include "core/chess/uci.h"
#include "core/util/translation.h"
#include "core/util/words.h"

namespace gambit::chess {

namespace {

bool is_file(char c) { return c >= 'a' && c <= 'h'; }
bool is_rank(char c) { return c >= '1' && c <= '8'; }

// Text that can only be the beginning of UCI: "g", "g1", "g1f", "g1f3", "e7e8q".
bool uci_prefix(std::string_view t) {
  static constexpr bool (*Shape[])(char) = {is_file, is_rank, is_file, is_rank};
  if (t.size() < 2 || t.size() > 5) return false;
  for (std::size_t i = 0; i < t.size() && i < 4; ++i)
    if (!Shape[i](t[i])) return false;
  return t.size() < 5 || std::string_view("qrbn").find(t[4]) != std::string_view::npos;
}

// What is compared when completing: the signs a player may leave out are
// dropped, castling's zeros become O's.
std::string comparable(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == 'x' || c == '+' || c == '#' || c == '=' || c == '-' || c == ' ') continue;
    out += c == '0' ? 'O' : c;
  }
  return out;
}

// A lowercase piece letter that no file has ("n", "r", "q", "k", "o") read as
// the piece (or castling); "b" stays a file (the b-pawn) unless that fails.
std::string piece_letter_up(std::string_view t) {
  std::string out(t);
  if (!out.empty() && std::string_view("nrqkob").find(out[0]) != std::string_view::npos)
    out[0] = char(std::toupper(static_cast<unsigned char>(out[0])));
  return out;
}

}  // namespace

Result<Move> parse_typed_move(const Position& pos, std::string_view text) {
  const std::string_view t = trimmed(text);
  if (t.empty()) return Failure{tr("type a move, e.g. e4, Nf3, exd5, O-O or e8=Q")};
  if (t.size() >= 4 && uci_prefix(t)) {
    if (auto move = parse_uci_move(pos, t)) return move;
    // TRANSLATORS: {move} is a move as typed, in quotes.
    return Failure{fill(tr("{move} is not a legal move here"), {{"move", quote_for_message(t)}})};
  }
  auto move = parse_san(pos, t, "here");
  if (move) return move;
  const std::string upper = piece_letter_up(t);
  if (upper != t) {
    auto as_piece = parse_san(pos, upper, "here");
    if (as_piece || t[0] != 'b') return as_piece;  // n, r, q, k, o can only mean the piece (or castling)
  }
  return move;
}

std::vector<std::string> typed_move_completions(const Position& pos, std::string_view prefix) {
  const std::string_view t = trimmed(prefix);
  std::vector<std::string> out;
  if (t.empty()) return out;
  const std::string typed = comparable(t), typed_up = comparable(piece_letter_up(t));
  for (Move m : legal_moves(pos)) {
    const std::string san = to_san(pos, m);
    const std::string candidate = comparable(san);
    const bool matches = candidate.rfind(typed, 0) == 0 || candidate.rfind(typed_up, 0) == 0 ||
                         (uci_prefix(t) && to_uci(m).rfind(t, 0) == 0);
    if (matches) out.push_back(san);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace gambit::chess
