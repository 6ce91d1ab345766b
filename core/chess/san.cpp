// SPDX-License-Identifier: MIT
#include "core/chess/san.h"

#include <algorithm>
#include <optional>
#include <vector>

#include "core/chess/movegen.h"
#include "core/chess/uci.h"
#include "core/util/translation.h"

namespace gambit::chess {

namespace {

constexpr std::string_view PIECE_LETTERS = " PNBRQK";

bool is_file_char(char c) { return c >= 'a' && c <= 'h'; }
bool is_rank_char(char c) { return c >= '1' && c <= '8'; }
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

std::optional<PieceType> piece_from_letter(char c) {
  const std::size_t i = PIECE_LETTERS.find(c);
  if (c == ' ' || i == std::string_view::npos) return std::nullopt;
  return PieceType(i);
}

std::optional<PieceType> promotion_from_letter(char c) {
  switch (c) {
    case 'N': case 'n': return KNIGHT;
    case 'B': case 'b': return BISHOP;
    case 'R': case 'r': return ROOK;
    case 'Q': case 'q': return QUEEN;
    default: return std::nullopt;
  }
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

// What a SAN text says about its move, before looking at the position.
struct SanParts {
  PieceType piece = PAWN;
  Square to = SQ_NONE;
  int from_file = -1;  // -1: not given
  int from_rank = -1;
  std::optional<PieceType> promotion;
  bool capture = false;
  bool en_passant = false;
  int castling_side = 0;  // 0: not castling, 1: king side, 2: queen side
};

// The reason text is not SAN, or its parts.
Result<SanParts> split_san(std::string_view text) {
  const std::string quoted = quote_for_message(text);
  const auto malformed = [&] {
    // TRANSLATORS: {move} is the text typed or read, in quotes; SAN is the Standard Algebraic Notation of moves.
    return Failure{
        fill(tr("{move} is not a move in SAN (expected e.g. e4, Nf3, exd5, O-O or e8=Q)"), {{"move", quoted}})};
  };
  SanParts parts;
  std::string_view body = trim(text);
  for (bool changed = true; changed;) {
    const std::size_t before = body.size();
    while (!body.empty() && std::string_view("!?+#").find(body.back()) != std::string_view::npos) body.remove_suffix(1);
    if (body.ends_with("e.p.")) {
      body.remove_suffix(4);
      parts.en_passant = true;
    }
    body = trim(body);
    changed = body.size() != before;
  }
  if (body == "O-O" || body == "0-0" || body == "o-o") {
    parts.castling_side = 1;
    return parts;
  }
  if (body == "O-O-O" || body == "0-0-0" || body == "o-o-o") {
    parts.castling_side = 2;
    return parts;
  }

  if (body.size() >= 3 && promotion_from_letter(body.back()) &&
      (is_rank_char(body[body.size() - 2]) || body[body.size() - 2] == '=')) {
    parts.promotion = promotion_from_letter(body.back());
    body.remove_suffix(1);
    if (body.back() == '=') body.remove_suffix(1);
  }
  if (body.size() < 2 || !is_file_char(body[body.size() - 2]) || !is_rank_char(body.back())) return malformed();
  parts.to = make_square(body[body.size() - 2] - 'a', body.back() - '1');
  body.remove_suffix(2);

  if (!body.empty()) {
    const char first = body.front();
    if (const auto piece = piece_from_letter(first)) {
      parts.piece = *piece;
      body.remove_prefix(1);
    } else if (first == 'k' || first == 'q' || first == 'r' || first == 'n' || first == 'p') {
      std::string fixed(trim(text));
      fixed[0] = char(first - 'a' + 'A');
      const char* pattern = nullptr;
      switch (*piece_from_letter(fixed[0])) {
        case KING:
          // TRANSLATORS: {move} is the text typed or read, {suggestion} the same with its first letter uppercase, both
          // in quotes. The letters K, Q, R, N, P are SAN's, the same in every language.
          pattern = tr("{move} is not a move in SAN: piece letters are uppercase (K is the king; did you mean "
                       "{suggestion}?)");
          break;
        case QUEEN:
          pattern = tr("{move} is not a move in SAN: piece letters are uppercase (Q is the queen; did you mean "
                       "{suggestion}?)");
          break;
        case ROOK:
          pattern = tr("{move} is not a move in SAN: piece letters are uppercase (R is the rook; did you mean "
                       "{suggestion}?)");
          break;
        case KNIGHT:
          pattern = tr("{move} is not a move in SAN: piece letters are uppercase (N is the knight; did you mean "
                       "{suggestion}?)");
          break;
        default:
          pattern = tr("{move} is not a move in SAN: piece letters are uppercase (P is the pawn; did you mean "
                       "{suggestion}?)");
          break;
      }
      return Failure{fill(pattern, {{"move", quoted}, {"suggestion", quote_for_message(fixed)}})};
    }
  }
  if (!body.empty() && (body.back() == 'x' || body.back() == ':' || body.back() == '-')) {
    parts.capture = body.back() != '-';
    body.remove_suffix(1);
  }
  if (!body.empty() && is_file_char(body.front())) {
    parts.from_file = body.front() - 'a';
    body.remove_prefix(1);
  }
  if (!body.empty() && is_rank_char(body.front())) {
    parts.from_rank = body.front() - '1';
    body.remove_prefix(1);
  }
  if (!body.empty()) return malformed();
  if (parts.promotion && parts.piece != PAWN)
    return Failure{fill(tr("{move} is not a move in SAN: only a pawn can promote"), {{"move", quoted}})};
  if (parts.en_passant && parts.piece != PAWN)
    return Failure{fill(tr("{move} is not a move in SAN: only a pawn can capture en passant"), {{"move", quoted}})};
  return parts;
}

// "no white knight", the start of the sentence saying that no such piece can make the move.
const char* no_piece(Color side, PieceType piece) {
  const bool white = side == WHITE;
  switch (piece) {
    // TRANSLATORS: these begin the sentence "{no_piece} can move to {square}": "no white knight can move to f3".
    case PAWN: return white ? tr("no white pawn") : tr("no black pawn");
    case KNIGHT: return white ? tr("no white knight") : tr("no black knight");
    case BISHOP: return white ? tr("no white bishop") : tr("no black bishop");
    case ROOK: return white ? tr("no white rook") : tr("no black rook");
    case QUEEN: return white ? tr("no white queen") : tr("no black queen");
    default: return white ? tr("no white king") : tr("no black king");
  }
}

// Why no move of the side to move fits: "no white knight on the b-file can move to f3".
std::string no_move(Color side, const SanParts& parts) {
  const std::string target = square_name(parts.to);
  if (parts.from_file >= 0 && parts.from_rank >= 0)
    // TRANSLATORS: why a move is not legal: {no_piece} is e.g. "no white knight", {origin} its square, {square} where
    // it would go.
    return fill(tr("{no_piece} on {origin} can move to {square}"),
                {{"no_piece", no_piece(side, parts.piece)},
                 {"origin", square_name(make_square(parts.from_file, parts.from_rank))},
                 {"square", target}});
  if (parts.from_file >= 0)
    // TRANSLATORS: why a move is not legal: {no_piece} is e.g. "no white knight"; {file} is a letter a to h.
    return fill(tr("{no_piece} on the {file}-file can move to {square}"),
                {{"no_piece", no_piece(side, parts.piece)}, {"file", std::string(1, char('a' + parts.from_file))},
                 {"square", target}});
  if (parts.from_rank >= 0)
    // TRANSLATORS: why a move is not legal: {no_piece} is e.g. "no white knight"; {rank} is a number 1 to 8.
    return fill(tr("{no_piece} on rank {rank} can move to {square}"),
                {{"no_piece", no_piece(side, parts.piece)}, {"rank", std::string(1, char('1' + parts.from_rank))},
                 {"square", target}});
  // TRANSLATORS: why a move is not legal: {no_piece} is e.g. "no white knight", {square} where it would go.
  return fill(tr("{no_piece} can move to {square}"), {{"no_piece", no_piece(side, parts.piece)}, {"square", target}});
}

}  // namespace

std::string to_san(const Position& pos, Move m) {
  assert(pos.is_legal(m));
  std::string san;
  const PieceType piece = type_of(pos.piece_on(m.from()));
  const bool capture = pos.captured_type(m) != NO_PIECE_TYPE;

  if (m.kind() == Move::CASTLING) {
    san = file_of(m.to()) > file_of(m.from()) ? "O-O" : "O-O-O";
  } else if (piece == PAWN) {
    if (capture) san = {char('a' + file_of(m.from())), 'x'};
    san += square_name(m.to());
    if (m.kind() == Move::PROMOTION) san += {'=', PIECE_LETTERS[m.promotion()]};
  } else {
    san = PIECE_LETTERS[piece];
    bool ambiguous = false, file_shared = false, rank_shared = false;
    for (Move other : legal_moves(pos)) {
      if (other.to() != m.to() || other.from() == m.from() || other.kind() == Move::CASTLING ||
          type_of(pos.piece_on(other.from())) != piece)
        continue;
      ambiguous = true;
      file_shared |= file_of(other.from()) == file_of(m.from());
      rank_shared |= rank_of(other.from()) == rank_of(m.from());
    }
    if (ambiguous && (!file_shared || rank_shared)) san += char('a' + file_of(m.from()));
    if (ambiguous && file_shared) san += char('1' + rank_of(m.from()));
    if (capture) san += 'x';
    san += square_name(m.to());
  }

  Position after = pos;
  after.do_move(m);
  if (after.in_check()) san += count_legal(after) == 0 ? '#' : '+';
  return san;
}

namespace {

// The move the parts name when exactly one legal move fits them, found from the few pieces that could go to
// the square (each checked with is_legal) rather than from every legal move: how PGN is mostly read. nullopt
// for anything else (no such move, several, castling, an en-passant capture, a promotion left out), which
// parse_san then works out from every legal move, saying why.
std::optional<Move> only_match(const Position& pos, const SanParts& parts) {
  if (parts.castling_side || parts.en_passant) return std::nullopt;
  const Color us = pos.side_to_move();
  const Square to = parts.to;
  const bool occupied_target = pos.piece_on(to) != NO_PIECE;
  if (parts.capture && !occupied_target) return std::nullopt;  // perhaps en passant
  Bitboard from = 0;
  if (parts.piece != PAWN) {
    from = attacks(parts.piece, to, pos.pieces()) & pos.pieces(us, parts.piece);
  } else if (parts.capture) {
    from = pawn_attacks(~us, to) & pos.pieces(us, PAWN);  // the squares from which a pawn of ours takes on `to`
  } else if (!occupied_target) {
    const int up = us == WHITE ? 8 : -8;
    const int one = int(to) - up, two = int(to) - 2 * up;
    if (one >= 0 && one < 64 && (pos.pieces(us, PAWN) & square_bb(Square(one)))) from = square_bb(Square(one));
    else if (relative_rank(us, to) == 3 && pos.piece_on(Square(one)) == NO_PIECE &&
             (pos.pieces(us, PAWN) & square_bb(Square(two))))
      from = square_bb(Square(two));
  }
  const bool promotes = parts.piece == PAWN && relative_rank(us, to) == 7;
  if (promotes != parts.promotion.has_value()) return std::nullopt;
  std::optional<Move> found;
  while (from) {
    const Square sq = pop_lsb(from);
    if ((parts.from_file >= 0 && file_of(sq) != parts.from_file) || (parts.from_rank >= 0 && rank_of(sq) != parts.from_rank))
      continue;
    const Move m = promotes ? Move(sq, to, Move::PROMOTION, *parts.promotion) : Move(sq, to);
    if (!pos.is_legal(m)) continue;
    if (found) return std::nullopt;  // ambiguous: said the long way
    found = m;
  }
  return found;
}

}  // namespace

Result<Move> parse_san(const Position& pos, std::string_view text, std::string_view where) {
  Result<SanParts> split = split_san(text);
  if (!split) return Failure{split.error()};
  const SanParts& parts = split.value();
  if (const std::optional<Move> only = only_match(pos, parts)) return *only;
  const std::string quoted = quote_for_message(text);
  // The move is not legal: where, and why. `where` is "here" (a typed move) or names the position otherwise.
  const auto not_legal = [&](const std::string& why) {
    const std::string sentence =
        // TRANSLATORS: {move} is a move as typed or read, in quotes; {fen} the position in FEN.
        where.empty() ? fill(tr("{move} is not a legal move in {fen}"), {{"move", quoted}, {"fen", pos.fen()}})
        // TRANSLATORS: {move} is a move as typed, in quotes.
        : where == "here" ? fill(tr("{move} is not a legal move here"), {{"move", quoted}})
                          : quoted + " is not a legal move " + std::string(where);
    // TRANSLATORS: {problem} is e.g. "'Nd4' is not a legal move here", {reason} why, e.g. "no white knight can move
    // to d4".
    return Failure{fill(tr("{problem} ({reason})"), {{"problem", sentence}, {"reason", why}})};
  };
  const bool white = pos.side_to_move() == WHITE;
  const MoveList moves = legal_moves(pos);

  if (parts.castling_side) {
    for (Move m : moves)
      if (m.kind() == Move::CASTLING && (file_of(m.to()) > file_of(m.from())) == (parts.castling_side == 1)) return m;
    if (parts.castling_side == 1)
      // TRANSLATORS: why a move is not legal (castling).
      return not_legal(white ? tr("white cannot castle king side now") : tr("black cannot castle king side now"));
    return not_legal(white ? tr("white cannot castle queen side now") : tr("black cannot castle queen side now"));
  }

  MoveList matches;
  bool promotion_missing = false, nothing_captured = false;
  for (Move m : moves) {
    const Square from = m.from();
    if (m.to() != parts.to || m.kind() == Move::CASTLING || type_of(pos.piece_on(from)) != parts.piece) continue;
    if (parts.from_file >= 0 ? file_of(from) != parts.from_file
                             : parts.piece == PAWN && !parts.capture && file_of(from) != file_of(parts.to))
      continue;
    if (parts.from_rank >= 0 && rank_of(from) != parts.from_rank) continue;
    if (parts.en_passant && m.kind() != Move::EN_PASSANT) continue;
    if (!parts.promotion && m.kind() == Move::PROMOTION) {
      promotion_missing = true;
      continue;
    }
    if (parts.promotion && (m.kind() != Move::PROMOTION || m.promotion() != *parts.promotion)) continue;
    if (parts.capture && pos.captured_type(m) == NO_PIECE_TYPE) {
      nothing_captured = true;
      continue;
    }
    matches.push_back(m);
  }

  if (matches.size() == 1) return matches[0];
  if (matches.size() > 1) {
    std::vector<std::string> candidates;
    for (Move m : matches) candidates.push_back(to_san(pos, m));
    std::sort(candidates.begin(), candidates.end());
    std::string list;
    for (std::size_t i = 0; i + 1 < candidates.size(); ++i) list += (i == 0 ? "" : ", ") + candidates[i];
    // TRANSLATORS: the end of a list of moves: {list} is the moves before the last, separated by commas.
    list = fill(tr("{list} or {last}"), {{"list", list}, {"last", candidates.back()}});
    if (where.empty())
      // TRANSLATORS: {move} is a move as read, in quotes; {fen} the position in FEN; {moves} e.g. "Nbd2 or Nfd2".
      return Failure{fill(tr("{move} is ambiguous in {fen}: it could be {moves}"),
                          {{"move", quoted}, {"fen", pos.fen()}, {"moves", list}})};
    if (where == "here")
      // TRANSLATORS: {move} is a move as typed, in quotes; {moves} e.g. "Nbd2 or Nfd2".
      return Failure{fill(tr("{move} is ambiguous here: it could be {moves}"), {{"move", quoted}, {"moves", list}})};
    return Failure{quoted + " is ambiguous " + std::string(where) + ": it could be " + list};
  }
  const std::string target = square_name(parts.to);
  if (promotion_missing)
    // TRANSLATORS: {move} is an example such as e8=Q (Q: the queen's letter in SAN).
    return not_legal(fill(tr("a pawn reaching the last rank must promote, e.g. {move}"), {{"move", target + "=Q"}}));
  // TRANSLATORS: why a move is not legal (a capture).
  if (nothing_captured) return not_legal(fill(tr("there is nothing to capture on {square}"), {{"square", target}}));
  if (parts.en_passant)
    // TRANSLATORS: why a move is not legal (an en-passant capture).
    return not_legal(fill(tr("no en-passant capture to {square} is possible"), {{"square", target}}));
  return not_legal(no_move(pos.side_to_move(), parts));
}

std::string to_san_line(Position pos, std::span<const Move> line, std::size_t max_plies) {
  std::string out;
  for (std::size_t i = 0; i < line.size() && i < max_plies && pos.is_legal(line[i]); ++i) {
    if (!out.empty()) out += ' ';
    if (pos.side_to_move() == WHITE) out += std::to_string(pos.fullmove_number()) + ". ";
    else if (i == 0) out += std::to_string(pos.fullmove_number()) + "... ";
    out += to_san(pos, line[i]);
    pos.do_move(line[i]);
  }
  return out;
}

}  // namespace gambit::chess
