// SPDX-License-Identifier: MIT
#include "core/recording/practice_entry.h"

#include "core/chess/uci.h"
#include "core/chess/variant.h"

namespace gambit::recording {

std::vector<store::PracticePosition> practice_positions(const chess::PgnGame& game, const review::GameReview& review,
                                                        chess::Color side, std::optional<std::int64_t> game_id) {
  std::vector<store::PracticePosition> positions;
  chess::Position pos = game.start;
  for (std::size_t i = 0; i < game.moves.size() && i < review.moves.size() && i < review.positions.size(); ++i) {
    const review::Judgement judgement = review.moves[i].judgement;
    const review::PositionVerdict& before = review.positions[i];
    if (pos.side_to_move() == side && before.best &&
        (judgement == review::Judgement::Mistake || judgement == review::Judgement::Blunder)) {
      store::PracticePosition p;
      p.game_id = game_id;
      p.ply = int(i);
      p.variant = std::string(chess::names_of(pos.variant()).id);
      p.fen = pos.fen();
      p.played = chess::to_uci(game.moves[i]);
      p.best = chess::to_uci(before.best);
      for (const chess::Move m : before.line) p.line += (p.line.empty() ? "" : " ") + chess::to_uci(m);
      p.reason = review.moves[i].reason;
      p.judgement = judgement == review::Judgement::Blunder ? store::PracticeJudgement::Blunder
                                                            : store::PracticeJudgement::Mistake;
      positions.push_back(std::move(p));
    }
    pos.do_move(game.moves[i]);
  }
  return positions;
}

}  // namespace gambit::recording
