// SPDX-License-Identifier: MIT
#include "core/review/move_reason.h"

#include <algorithm>
#include <array>
#include <optional>
#include <span>
#include <vector>

#include "core/chess/bitboard.h"
#include "core/chess/exchange.h"
#include "core/chess/movegen.h"
#include "core/chess/san.h"
#include "core/chess/uci.h"

namespace gambit::review {

namespace {

using namespace chess;

// Material in pawns, as players count it.
constexpr std::array<int, PIECE_TYPE_NB> Pawns = {0, 1, 3, 3, 5, 9, 0};

// "a knight" (no piece's name starts with a vowel).
std::string a_piece(PieceType pt) { return std::string("a ") + piece_type_name(pt); }

// "the knight on f6"; "the king" (there is one).
std::string the_piece_on(const Position& pos, Square s) {
  const PieceType pt = type_of(pos.piece_on(s));
  std::string text = std::string("the ") + piece_type_name(pt);
  if (pt != KING) text += " on " + square_name(s);
  return text;
}

// "a", "a and b", "a, b and c".
std::string listed(const std::vector<std::string>& items) {
  std::string text;
  for (std::size_t i = 0; i < items.size(); ++i)
    text += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + items[i];
  return text;
}

// A move of pos with its number: "4. Bxf6", "3... Nf6".
std::string numbered(const Position& pos, Move m) { return to_san_line(pos, std::span(&m, 1)); }

// What a capture whose exchange gains `gain` pawns wins: "a knight", "a
// knight for a pawn", or "2 pawns' worth".
std::string winnings(const Position& pos, Move m, int gain) {
  const PieceType victim = pos.captured_type(m), attacker = type_of(pos.piece_on(m.from()));
  if (victim != NO_PIECE_TYPE && gain == Pawns[victim]) return a_piece(victim);
  if (victim != NO_PIECE_TYPE && attacker != KING && gain == Pawns[victim] - Pawns[attacker])
    return a_piece(victim) + " for " + a_piece(attacker);
  return gain == 1 ? "a pawn's worth" : std::to_string(gain) + " pawns' worth";
}

// Static exchange of a capture in pawns; 0 for a move that captures nothing.
int capture_gain(const Position& pos, Move m) {
  return pos.captured_type(m) == NO_PIECE_TYPE ? 0 : static_exchange(pos, m, Pawns);
}

// The most the side to move wins by one capture and the exchange it starts.
int best_capture_gain(const Position& pos) {
  int best = 0;
  for (Move m : legal_moves(pos)) best = std::max(best, capture_gain(pos, m));
  return best;
}

// The side to move has lost: mated, or (three-check) checked a third time.
bool lost(const Position& pos) { return pos.lost_by_checks() || (pos.in_check() && legal_moves(pos).size() == 0); }

// The moves of a mate `side` has in `score` (White's view), or 0.
int mate_for(Score score, Color side) {
  if (score.kind != Score::Kind::Mate) return 0;
  const int moves = side == WHITE ? score.value : -score.value;
  return std::max(moves, 0);
}

// Is `line`, from pos, the side to move's mate in `moves`: legal, and lost for
// the other side exactly after its 2 * moves - 1 plies?
bool mates_in(Position pos, std::span<const Move> line, int moves) {
  const std::size_t plies = std::size_t(2 * moves - 1);
  if (moves < 1 || line.size() < plies) return false;
  for (std::size_t i = 0; i < plies; ++i) {
    if (!pos.is_legal(line[i]) || lost(pos)) return false;
    pos.do_move(line[i]);
  }
  return lost(pos);
}

// The first `plies` moves of line played from pos, if they are legal.
std::optional<Position> played(Position pos, std::span<const Move> line, std::size_t plies) {
  if (line.size() < plies) return std::nullopt;
  for (std::size_t i = 0; i < plies; ++i) {
    if (!pos.is_legal(line[i])) return std::nullopt;
    pos.do_move(line[i]);
  }
  return pos;
}

// A fork: line[0], by the side to move, lands a piece that attacks two or more
// pieces of the other side worth winning (the king, a piece worth more than
// the attacker, or one nothing defends; pawns are not counted), and line[2]
// takes one of them with that piece, gaining material.
struct Tactic {
  std::string text;  // "5. Nc7+ attacks the king and the rook on a8"
  int gain = 0;      // pawns won by the capture that cashes it in
  bool pin = false;  // of a line attack: a pin, not a skewer
};

std::optional<Tactic> fork(const Position& pos, std::span<const Move> line) {
  const auto after = played(pos, line, 1);
  const auto taking = played(pos, line, 2);
  if (!after || !taking || line.size() < 3 || !taking->is_legal(line[2])) return std::nullopt;
  const Color us = pos.side_to_move(), them = ~us;
  const Square at = line[0].to();
  const PieceType attacker = type_of(after->piece_on(at));
  const Bitboard occupied = after->pieces();
  const Bitboard attacked =
      (attacker == PAWN ? pawn_attacks(us, at) : attacks(attacker, at, occupied)) & after->pieces(them);
  std::vector<std::string> targets;
  Bitboard target_squares = 0;
  for (Bitboard b = attacked & after->pieces(them, KING); b;) {  // the king first
    const Square s = pop_lsb(b);
    targets.push_back(the_piece_on(*after, s));
    target_squares |= square_bb(s);
  }
  for (Bitboard b = attacked & ~after->pieces(PAWN) & ~after->pieces(KING); b;) {
    const Square s = pop_lsb(b);
    const PieceType victim = type_of(after->piece_on(s));
    if (Pawns[victim] <= Pawns[attacker] && after->attacked_by(them, s, occupied)) continue;
    targets.push_back(the_piece_on(*after, s));
    target_squares |= square_bb(s);
  }
  const Move take = line[2];
  const int gain = capture_gain(*taking, take);
  if (targets.size() < 2 || take.from() != at || !(target_squares & square_bb(take.to())) || gain <= 0)
    return std::nullopt;
  return Tactic{numbered(pos, line[0]) + " attacks " + listed(targets), gain};
}

// A pin or a skewer: line[0], by the side to move, lands a bishop, rook or
// queen that attacks a piece of the other side (the front) with another behind
// it on the same line (the back). A pin when the back is the king or worth more
// than the front; a skewer when the front is the king or worth more than the
// back. Confirmed when a later move of the attacker's in the line (line[2] or
// line[4]) captures the piece that falls: the front of a pin, the back of a
// skewer. The pawns that capture wins, or 0 when the line makes no such capture.
int line_takes(Position pos, std::span<const Move> line, Square target, Piece piece) {
  for (std::size_t i = 0; i < line.size() && i < 5; ++i) {
    if (!pos.is_legal(line[i])) return 0;
    if (i % 2 == 0 && i > 0 && line[i].to() == target && pos.piece_on(target) == piece)
      return std::max(capture_gain(pos, line[i]), 0);
    pos.do_move(line[i]);
  }
  return 0;
}

std::optional<Tactic> pin_or_skewer(const Position& pos, std::span<const Move> line) {
  const auto after = played(pos, line, 1);
  if (!after) return std::nullopt;
  const Color them = ~pos.side_to_move();
  const Square at = line[0].to();
  const PieceType slider = type_of(after->piece_on(at));
  if (slider != BISHOP && slider != ROOK && slider != QUEEN) return std::nullopt;
  const Bitboard occupied = after->pieces();
  for (Bitboard fronts = attacks(slider, at, occupied) & after->pieces(them); fronts;) {
    const Square front = pop_lsb(fronts);
    const Bitboard xray = attacks(slider, at, occupied ^ square_bb(front)) & after->pieces(them);
    for (Bitboard backs = xray & ~square_bb(front); backs;) {
      const Square back = pop_lsb(backs);
      if (!(between(at, back) & square_bb(front))) continue;  // not behind the front piece
      const PieceType f = type_of(after->piece_on(front)), b = type_of(after->piece_on(back));
      if (f != KING && f != PAWN && (b == KING || Pawns[b] > Pawns[f])) {
        if (const int gain = line_takes(pos, line, front, after->piece_on(front)))
          return Tactic{numbered(pos, line[0]) + " pins " + the_piece_on(*after, front) + " to " +
                            the_piece_on(*after, back),
                        gain, true};
      } else if (b != KING && b != PAWN && (f == KING || Pawns[f] > Pawns[b])) {
        if (const int gain = line_takes(pos, line, back, after->piece_on(back)))
          return Tactic{numbered(pos, line[0]) + " attacks " + the_piece_on(*after, front) + ", with " +
                            the_piece_on(*after, back) + " behind it",
                        gain, false};
      }
    }
  }
  return std::nullopt;
}

// "Walks into a fork: ...", "Misses a pin: ..." when line (from pos) makes one
// that wins no more than `at_most` pawns.
std::optional<std::string> tactic(const Position& pos, std::span<const Move> line, const char* verb, int at_most) {
  if (auto found = fork(pos, line); found && found->gain <= at_most)
    return std::string(verb) + " a fork: " + found->text + ".";
  if (auto found = pin_or_skewer(pos, line); found && found->gain <= at_most)
    return std::string(verb) + (found->pin ? " a pin: " : " a skewer: ") + found->text + ".";
  return std::nullopt;
}

// A side's score in centipawns, a mate counting as more than any material.
int centipawns_for(Score score, Color side) {
  const int white = score.kind == Score::Kind::Mate ? (score.value > 0 ? 100000 : -100000) : score.value;
  return side == WHITE ? white : -white;
}

}  // namespace

std::string mistake_reason(const Position& before, Move played_move, const PositionVerdict& verdict_before,
                           const PositionVerdict& verdict_after) {
  if (!before.is_legal(played_move) || played_move == verdict_before.best) return "";
  const Color mover = before.side_to_move();
  Position after = before;
  after.do_move(played_move);
  const std::span<const Move> reply_line = verdict_after.line;
  const std::span<const Move> better_line = verdict_before.line;

  // Mates first: a mate the analyser reports but its line does not show is no
  // reason. In three-check the "mate" may be a third check.
  const auto ending = [](const Position& from, std::span<const Move> line, int moves) {
    const auto end = played(from, line, std::size_t(2 * moves - 1));
    return std::string(end && end->lost_by_checks() ? "a third check in " : "mate in ") + std::to_string(moves);
  };
  if (const int moves = mate_for(verdict_after.score, ~mover); moves > 0 && !verdict_after.by_the_rules) {
    if (!mates_in(after, reply_line, moves)) return "";
    return "Allows " + ending(after, reply_line, moves) + ": " +
           to_san_line(after, reply_line, std::size_t(2 * moves - 1)) + ".";
  }
  if (const int moves = mate_for(verdict_before.score, mover); moves > 0 && mate_for(verdict_after.score, mover) == 0) {
    if (!mates_in(before, better_line, moves)) return "";
    return "Misses " + ending(before, better_line, moves) + ".";
  }

  // Material is named only when the score fell by at least half its worth:
  // otherwise the exchange is not the whole story (a queen taken back
  // elsewhere, a combination), and the reason would mislead.
  const int drop = centipawns_for(verdict_before.score, mover) - centipawns_for(verdict_after.score, mover);
  const int at_most = drop / 50;  // pawns

  // What the reply does to the mover: a tactic the better move would not have
  // allowed (the same reply after it makes none), or material.
  const std::optional<Position> after_better =
      verdict_before.best && before.is_legal(verdict_before.best) ? played(before, better_line, 1) : std::nullopt;
  const bool there_anyway = after_better && (fork(*after_better, reply_line) || pin_or_skewer(*after_better, reply_line));
  if (!there_anyway)
    if (auto text = tactic(after, reply_line, "Walks into", at_most)) return *text;
  if (!reply_line.empty() && after.is_legal(reply_line[0])) {
    const Move reply = reply_line[0];
    const int gain = capture_gain(after, reply);
    const int taken = Pawns[before.captured_type(played_move)];
    const bool better_keeps_it = after_better && best_capture_gain(*after_better) < gain - taken;
    // A pawn that promoted and is taken was a pawn's worth, whatever it became: not counted.
    const bool promoted_there = played_move.kind() == Move::PROMOTION && reply.to() == played_move.to();
    if (gain - taken > 0 && gain - taken <= at_most && better_keeps_it && !promoted_there) {
      const Square lost_on = reply.to();
      const PieceType lost_piece = type_of(after.piece_on(lost_on));
      if (taken > 0 && lost_on == played_move.to()) {
        if (gain == Pawns[lost_piece])
          return "Gives " + a_piece(lost_piece) + " for " + a_piece(before.captured_type(played_move)) + ": " +
                 numbered(after, reply) + " takes it back.";
        return "Loses material: after " + numbered(after, reply) + " it is " + std::to_string(gain - taken) +
               (gain - taken == 1 ? " pawn's" : " pawns'") + " worth down.";
      }
      if (gain == Pawns[lost_piece])
        return "Hangs " + the_piece_on(after, lost_on) + ": " + numbered(after, reply) + " takes it for nothing.";
      return "Loses material: " + numbered(after, reply) + " wins " + winnings(after, reply, gain) + ".";
    }
  }

  // What the better move would have done.
  if (verdict_before.best && before.is_legal(verdict_before.best)) {
    const Move better = verdict_before.best;
    const int won = capture_gain(before, better);
    if (won > 0 && won <= at_most && won > capture_gain(before, played_move))
      return "Misses " + numbered(before, better) + ", which wins " + winnings(before, better, won) + ".";
    if (auto text = tactic(before, better_line, "Misses", at_most)) return *text;
  }
  return "";
}

}  // namespace gambit::review
