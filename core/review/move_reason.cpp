// SPDX-License-Identifier: MIT
#include "core/review/move_reason.h"

#include <algorithm>
#include <limits>
#include <optional>
#include <span>
#include <vector>

#include "core/chess/movegen.h"
#include "core/chess/san.h"
#include "core/chess/uci.h"
#include "core/review/tactics.h"

namespace gambit::review {

namespace {

using namespace chess;

// What a capture whose exchange gains `gain` pawns wins: "a knight", "a
// knight for a pawn", or "2 pawns' worth".
std::string winnings(const Position& pos, Move m, int gain, const Wording& words) {
  const PieceType victim = pos.captured_type(m), attacker = type_of(pos.piece_on(m.from()));
  if (victim != NO_PIECE_TYPE && gain == PawnValues[victim]) return a_piece(victim, words);
  if (victim != NO_PIECE_TYPE && attacker != KING && gain == PawnValues[victim] - PawnValues[attacker])
    // TRANSLATORS: what a capture wins: {piece} taken, {other_piece} given for it, e.g. "a knight for a pawn".
    return fill(words.tr("{piece} for {other_piece}"),
                {{"piece", a_piece(victim, words)}, {"other_piece", a_piece(attacker, words)}});
  // TRANSLATORS: what a capture wins: material worth one pawn.
  if (gain == 1) return words.tr("a pawn's worth");
  // TRANSLATORS: what a capture wins: material worth {n} pawns.
  return fill(words.trn("{n} pawn's worth", "{n} pawns' worth", gain), {{"n", std::to_string(gain)}});
}

// The side to move has lost: mated, or (three-check) checked a third time.
bool lost(const Position& pos) { return pos.lost_by_goal() || (pos.in_check() && legal_moves(pos).size() == 0); }

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

// "Walks into a fork: ...", "Misses a pin: ..." when line (from pos) makes one
// that wins no more than `at_most` pawns: walks into it (the reply's line), or misses it (the better move's).
std::optional<std::string> tactic(const Position& pos, std::span<const Move> line, bool walks_into, int at_most,
                                  const Wording& words) {
  if (auto found = find_fork(pos, line, words); found && found->gain <= at_most)
    // TRANSLATORS: why a move was a mistake; {tactic} is e.g. "5. Nc7+ attacks the king and the rook on a8".
    return fill(walks_into ? words.tr("Walks into a fork: {tactic}.") : words.tr("Misses a fork: {tactic}."),
                {{"tactic", found->text}});
  if (auto found = find_pin_or_skewer(pos, line, words); found && found->gain <= at_most) {
    // TRANSLATORS: why a move was a mistake; {tactic} is e.g. "5. Bb5 pins the knight on c6 to the king".
    const char* pattern = found->pin ? walks_into ? words.tr("Walks into a pin: {tactic}.")
                                                  : words.tr("Misses a pin: {tactic}.")
                          // TRANSLATORS: why a move was a mistake; {tactic} is e.g. "5. Bb5 attacks the queen on d7,
                          // with the rook on e8 behind it".
                          : walks_into ? words.tr("Walks into a skewer: {tactic}.")
                                       : words.tr("Misses a skewer: {tactic}.");
    return fill(pattern, {{"tactic", found->text}});
  }
  return std::nullopt;
}

// A side's score in centipawns, a mate counting as more than any material.
int centipawns_for(Score score, Color side) {
  const int white = score.kind == Score::Kind::Mate ? (score.value > 0 ? 100000 : -100000) : score.value;
  return side == WHITE ? white : -white;
}

}  // namespace

std::string mistake_reason(const Position& before, Move played_move, const PositionVerdict& verdict_before,
                           const PositionVerdict& verdict_after, const Wording& words) {
  if (!before.is_legal(played_move) || played_move == verdict_before.best) return "";
  const Color mover = before.side_to_move();
  Position after = before;
  after.do_move(played_move);
  const std::span<const Move> reply_line = verdict_after.line;
  const std::span<const Move> better_line = verdict_before.line;

  // Mates first: a mate the analyser reports but its line does not show is no
  // reason. In three-check the "mate" may be a third check.
  const auto third_check = [](const Position& from, std::span<const Move> line, int moves) {
    const auto end = played(from, line, std::size_t(2 * moves - 1));
    return end && end->lost_by_goal();
  };
  if (const int moves = mate_for(verdict_after.score, ~mover); moves > 0 && !verdict_after.by_the_rules) {
    if (!mates_in(after, reply_line, moves)) return "";
    const char* pattern = third_check(after, reply_line, moves)
                              // TRANSLATORS: why a move was a mistake: the reply gives the third check (three-check)
                              // in {n} moves, as {line} shows ("12... Qh4+ 13. g3 Qxg3+"). The English has no noun
                              // after {n}.
                              ? words.trn("Allows a third check in {n}: {line}.",
                                          "Allows a third check in {n}: {line}.", moves)
                              // TRANSLATORS: why a move was a mistake: the reply mates in {n} moves, as {line} shows
                              // ("12... Qh4+ 13. g3 Qxg3#"). The English has no noun after {n}.
                              : words.trn("Allows mate in {n}: {line}.", "Allows mate in {n}: {line}.", moves);
    return fill(pattern, {{"n", std::to_string(moves)},
                          {"line", to_san_line(after, reply_line, std::size_t(2 * moves - 1))}});
  }
  if (const int moves = mate_for(verdict_before.score, mover); moves > 0 && mate_for(verdict_after.score, mover) == 0) {
    if (!mates_in(before, better_line, moves)) return "";
    const char* pattern = third_check(before, better_line, moves)
                              // TRANSLATORS: why a move was a mistake: a third check (three-check) in {n} moves was
                              // there. The English has no noun after {n}.
                              ? words.trn("Misses a third check in {n}.", "Misses a third check in {n}.", moves)
                              // TRANSLATORS: why a move was a mistake: a mate in {n} moves was there. The English has
                              // no noun after {n}.
                              : words.trn("Misses mate in {n}.", "Misses mate in {n}.", moves);
    return fill(pattern, {{"n", std::to_string(moves)}});
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
  const bool there_anyway = after_better && (find_fork(*after_better, reply_line) || find_pin_or_skewer(*after_better, reply_line));
  if (!there_anyway)
    if (auto text = tactic(after, reply_line, true, at_most, words)) return *text;
  if (!reply_line.empty() && after.is_legal(reply_line[0])) {
    const Move reply = reply_line[0];
    const int gain = capture_gain(after, reply);
    const int taken = PawnValues[before.captured_type(played_move)];
    const bool better_keeps_it = after_better && best_capture_gain(*after_better) < gain - taken;
    // A pawn that promoted and is taken was a pawn's worth, whatever it became: not counted.
    const bool promoted_there = played_move.kind() == Move::PROMOTION && reply.to() == played_move.to();
    if (gain - taken > 0 && gain - taken <= at_most && better_keeps_it && !promoted_there) {
      const Square lost_on = reply.to();
      const PieceType lost_piece = type_of(after.piece_on(lost_on));
      if (taken > 0 && lost_on == played_move.to()) {
        if (gain == PawnValues[lost_piece])
          // TRANSLATORS: why a move was a mistake: it took {other_piece} with {piece}, which {move} ("5. exd5") takes.
          return fill(words.tr("Gives {piece} for {other_piece}: {move} takes it back."),
                      {{"piece", a_piece(lost_piece, words)},
                       {"other_piece", a_piece(before.captured_type(played_move), words)},
                       {"move", numbered(after, reply)}});
        // TRANSLATORS: why a move was a mistake: after the reply {move} ("5. exd5") the mover has {n} pawns' worth
        // of material less.
        return fill(words.trn("Loses material: after {move} it is {n} pawn's worth down.",
                              "Loses material: after {move} it is {n} pawns' worth down.", gain - taken),
                    {{"move", numbered(after, reply)}, {"n", std::to_string(gain - taken)}});
      }
      if (gain == PawnValues[lost_piece])
        // TRANSLATORS: why a move was a mistake: {piece} is e.g. "the knight on f6", {move} the reply ("4. Bxf6").
        return fill(words.tr("Hangs {piece}: {move} takes it for nothing."),
                    {{"piece", the_piece_on(after, lost_on, words)}, {"move", numbered(after, reply)}});
      // TRANSLATORS: why a move was a mistake: {move} is the reply ("4. Bxf6"), {winnings} e.g. "a knight for a pawn".
      return fill(words.tr("Loses material: {move} wins {winnings}."),
                  {{"move", numbered(after, reply)}, {"winnings", winnings(after, reply, gain, words)}});
    }
  }

  // A loss the reply starts and the line carries out: a piece it leaves with
  // no safe square, or material lost once the line's captures are over. Not
  // when the better move's line loses as much.
  if (!reply_line.empty() && after.is_legal(reply_line[0])) {
    const LineMaterial lost = line_material(after, reply_line, mover);
    // The better move's loss: along its line, or by the best capture it leaves, whichever is more.
    const int better_change =
        after_better ? std::min(line_material(before, better_line, mover).change,
                                PawnValues[before.captured_type(verdict_before.best)] - best_capture_gain(*after_better))
                     : std::numeric_limits<int>::min();
    if (-lost.change >= 2 && -lost.change <= at_most && better_change - lost.change >= 2) {
      Position trapping = after;
      trapping.do_move(reply_line[0]);
      if (const auto trapped = trapped_piece(trapping, reply_line.subspan(1)))
        // TRANSLATORS: why a move was a mistake: {move} is the reply ("4. g4"), {piece} e.g. "the bishop on h5".
        return fill(words.tr("Allows {move}, which traps {piece}."),
                    {{"move", numbered(after, reply_line[0])}, {"piece", the_piece_on(trapping, *trapped, words)}});
      const std::string line = to_san_line(after, reply_line, lost.plies);
      if (lost.lost != NO_PIECE_TYPE && PawnValues[lost.lost] == -lost.change)
        // TRANSLATORS: why a move was a mistake: {piece} is e.g. "the knight on f6" or "a knight", {line} the moves
        // ("12... Qb6 13. Rb1 Qxb2").
        return fill(words.tr("Loses {piece} to a forcing line: {line}."),
                    {{"piece", lost.lost_from ? the_piece_on(after, *lost.lost_from, words)
                                              : a_piece(lost.lost, words)},
                     {"line", line}});
      // TRANSLATORS: why a move was a mistake: {line} is the moves ("12... Qb6 13. Rb1 Qxb2").
      return fill(words.trn("Loses material to a forcing line: {line} leaves it {n} pawn's worth down.",
                            "Loses material to a forcing line: {line} leaves it {n} pawns' worth down.", -lost.change),
                  {{"line", line}, {"n", std::to_string(-lost.change)}});
    }
  }

  // What the better move would have done.
  if (verdict_before.best && before.is_legal(verdict_before.best)) {
    const Move better = verdict_before.best;
    const int won = capture_gain(before, better);
    if (won > 0 && won <= at_most && won > capture_gain(before, played_move))
      // TRANSLATORS: why a move was a mistake: {move} was better ("12. Nxe5"), {winnings} e.g. "a knight for a pawn".
      return fill(words.tr("Misses {move}, which wins {winnings}."),
                  {{"move", numbered(before, better)}, {"winnings", winnings(before, better, won, words)}});
    if (auto text = tactic(before, better_line, false, at_most, words)) return *text;
  }
  return "";
}

}  // namespace gambit::review
