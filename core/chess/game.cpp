// SPDX-License-Identifier: MIT
#include "core/chess/game.h"

#include <algorithm>
#include <utility>

#include "core/chess/bitboard.h"
#include "core/chess/movegen.h"
#include "core/chess/wording.h"

namespace gambit::chess {

namespace {

GameResult win_for(Color c) { return c == WHITE ? GameResult::WhiteWins : GameResult::BlackWins; }

// True if the non-empty set of bishops b all stand on squares of one colour.
bool one_square_colour(Bitboard b) { return !(b & LIGHT_SQUARES_BB) || !(b & DARK_SQUARES_BB); }

}  // namespace

std::optional<Color> Outcome::winner() const {
  if (result == GameResult::WhiteWins) return WHITE;
  if (result == GameResult::BlackWins) return BLACK;
  return std::nullopt;
}

namespace {

// Outcome::description in `words`: one whole sentence for each side, so that a
// language may word White's win otherwise than Black's.
std::string describe(const Outcome& outcome, const Wording& words) {
  const std::optional<Color> won = outcome.winner();
  const bool white = won == WHITE;
  switch (outcome.termination) {
    case Termination::None: return words.tr("Game in progress");
    case Termination::Checkmate:
      if (!won) break;
      return white ? words.tr("White wins by checkmate") : words.tr("Black wins by checkmate");
    case Termination::Stalemate: return words.tr("Draw by stalemate");
    case Termination::ThirdCheck:
      if (!won) break;
      return white ? words.tr("White wins by giving a third check") : words.tr("Black wins by giving a third check");
    case Termination::KingOfTheHill:
      if (!won) break;
      // TRANSLATORS: King of the Hill: the winner's king reached one of the four centre squares (the hill).
      return white ? words.tr("White wins with the king on the hill") : words.tr("Black wins with the king on the hill");
    case Termination::EighthRank:
      // TRANSLATORS: Racing Kings: how a race ended.
      if (!won) return words.tr("Draw: both kings reached the eighth rank");
      return white ? words.tr("White wins the race to the eighth rank") : words.tr("Black wins the race to the eighth rank");
    case Termination::InsufficientMaterial: return words.tr("Draw by insufficient material");
    case Termination::FivefoldRepetition: return words.tr("Draw by fivefold repetition");
    case Termination::SeventyFiveMoveRule: return words.tr("Draw by the seventy-five-move rule");
    case Termination::ThreefoldRepetition: return words.tr("Draw by threefold repetition (claimed)");
    case Termination::FiftyMoveRule: return words.tr("Draw by the fifty-move rule (claimed)");
    case Termination::Agreement: return words.tr("Draw by agreement");
    case Termination::Resignation:
      if (!won) break;
      return white ? words.tr("White wins by resignation") : words.tr("Black wins by resignation");
    case Termination::Forfeit:
      if (!won) break;
      if (outcome.reason.empty()) return white ? words.tr("Black forfeits") : words.tr("White forfeits");
      // TRANSLATORS: {reason} says why, e.g. "the engine stopped answering" (often in English: it comes from the
      // engine).
      return fill(white ? words.tr("Black forfeits: {reason}") : words.tr("White forfeits: {reason}"),
                  {{"reason", outcome.reason}});
    case Termination::TimeForfeit:
      if (won) return white ? words.tr("White wins on time") : words.tr("Black wins on time");
      if (outcome.flagged)
        return *outcome.flagged == WHITE
                   ? words.tr("Draw: White ran out of time but Black has insufficient mating material")
                   : words.tr("Draw: Black ran out of time but White has insufficient mating material");
      return words.tr("Draw on time");
  }
  return words.tr("Unknown result");
}

}  // namespace

std::string Outcome::description() const { return describe(*this, InEnglish); }

std::string Outcome::shown_description() const { return describe(*this, Shown); }

std::string Outcome::pgn_result() const {
  switch (result) {
    case GameResult::WhiteWins: return "1-0";
    case GameResult::BlackWins: return "0-1";
    case GameResult::Draw: return "1/2-1/2";
    case GameResult::Ongoing: break;
  }
  return "*";
}

bool insufficient_material(const Position& pos) {
  // A bare king can still walk to the hill, or race to the eighth rank.
  if (pos.variant() == Variant::KingOfTheHill || pos.variant() == Variant::RacingKings) return false;
  if (pos.variant() == Variant::ThreeCheck) return pos.pieces() == pos.pieces(KING);
  if (pos.pieces(PAWN, ROOK) | pos.pieces(QUEEN)) return false;
  const Bitboard minors = pos.pieces(KNIGHT, BISHOP);
  if (!more_than_one(minors)) return true;
  return !pos.pieces(KNIGHT) && one_square_colour(pos.pieces(BISHOP));
}

bool can_mate(const Position& pos, Color side) {
  // Its king can reach the hill, or the eighth rank.
  if (pos.variant() == Variant::KingOfTheHill || pos.variant() == Variant::RacingKings) return true;
  const Bitboard own = pos.pieces(side) & ~pos.pieces(KING);
  const Color other = ~side;
  if (!own) return false;
  if (pos.variant() == Variant::ThreeCheck) return true;
  if (own == pos.pieces(side, KNIGHT) && !more_than_one(own))
    return (pos.pieces(other) & ~pos.pieces(KING, QUEEN)) != 0;
  if (own == pos.pieces(side, BISHOP) && one_square_colour(own)) {
    const Bitboard other_colour = (own & LIGHT_SQUARES_BB) ? DARK_SQUARES_BB : LIGHT_SQUARES_BB;
    return (pos.pieces(other, PAWN, KNIGHT) | (pos.pieces(other, BISHOP) & other_colour)) != 0;
  }
  return true;
}

Game::Game(Position start) {
  positions_.reserve(128);
  moves_.reserve(128);
  positions_.push_back(std::move(start));
  outcome_ = judge_position();
}

bool Game::play(Move m) {
  if (is_over() || !m || !position().is_legal(m)) return false;
  Position next = position();
  next.do_move(m);
  positions_.push_back(next);
  moves_.push_back(m);
  outcome_ = judge_position();
  return true;
}

bool Game::undo() {
  if (moves_.empty()) return false;
  moves_.pop_back();
  positions_.pop_back();
  outcome_ = judge_position();
  return true;
}

int Game::repetition_count() const {
  const Position& now = position();
  const int plies_back = std::min<int>(now.halfmove_clock(), int(positions_.size()) - 1);
  const int last = int(positions_.size()) - 1;
  int count = 1;
  for (int back = 2; back <= plies_back; back += 2)
    if (positions_[std::size_t(last - back)].key() == now.key()) ++count;
  return count;
}

std::optional<Termination> Game::claimable_draw() const {
  if (is_over()) return std::nullopt;
  if (repetition_count() >= 3) return Termination::ThreefoldRepetition;
  if (position().halfmove_clock() >= 100) return Termination::FiftyMoveRule;
  return std::nullopt;
}

bool Game::claim_draw() {
  const std::optional<Termination> claim = claimable_draw();
  return claim && decide({GameResult::Draw, *claim, std::nullopt, {}});
}

bool Game::agree_draw() { return decide({GameResult::Draw, Termination::Agreement, std::nullopt, {}}); }

bool Game::resign(Color side) { return decide({win_for(~side), Termination::Resignation, std::nullopt, {}}); }

bool Game::forfeit(Color side, std::string reason) {
  return decide({win_for(~side), Termination::Forfeit, std::nullopt, std::move(reason)});
}

bool Game::flag(Color side) {
  const GameResult result = can_mate(position(), ~side) ? win_for(~side) : GameResult::Draw;
  return decide({result, Termination::TimeForfeit, side, {}});
}

bool Game::decide(Outcome outcome) {
  if (is_over()) return false;
  outcome_ = std::move(outcome);
  return true;
}

Outcome Game::judge_position() const {
  const Position& pos = position();
  if (const Position::Goal goal = pos.goal(); goal != Position::Goal::None) {
    // A third check that also mates is checkmate, as lichess calls it.
    if (pos.variant() == Variant::ThreeCheck && pos.in_check() && count_legal(pos) == 0)
      return {win_for(~pos.side_to_move()), Termination::Checkmate, std::nullopt, {}};
    const Termination reached = pos.variant() == Variant::ThreeCheck      ? Termination::ThirdCheck
                                : pos.variant() == Variant::KingOfTheHill ? Termination::KingOfTheHill
                                                                          : Termination::EighthRank;
    const GameResult result = goal == Position::Goal::Drawn ? GameResult::Draw
                              : goal == Position::Goal::Lost ? win_for(~pos.side_to_move())
                                                             : win_for(pos.side_to_move());
    return {result, reached, std::nullopt, {}};
  }
  if (count_legal(pos) == 0) {
    if (pos.in_check()) return {win_for(~pos.side_to_move()), Termination::Checkmate, std::nullopt, {}};
    return {GameResult::Draw, Termination::Stalemate, std::nullopt, {}};
  }
  if (insufficient_material(pos)) return {GameResult::Draw, Termination::InsufficientMaterial, std::nullopt, {}};
  if (pos.halfmove_clock() >= 150) return {GameResult::Draw, Termination::SeventyFiveMoveRule, std::nullopt, {}};
  if (repetition_count() >= 5) return {GameResult::Draw, Termination::FivefoldRepetition, std::nullopt, {}};
  return {};
}

}  // namespace gambit::chess
