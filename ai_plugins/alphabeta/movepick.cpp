// SPDX-License-Identifier: MIT
#include "ai_plugins/alphabeta/movepick.h"

#include <algorithm>
#include <cassert>
#include <utility>

#include "ai_plugins/common/move_order.h"

namespace gambit::alphabeta {

using namespace chess;

namespace {

constexpr int TTMoveScore = 1 << 30;
constexpr int GoodNoisyScore = 1 << 28;
constexpr int KillerScore = 1 << 27;
constexpr int BadNoisyScore = -(1 << 28);
constexpr int UnderPromotionScore = -(1 << 29);

}  // namespace

int MovePicker::capture_score(const Position& pos, Move m, const CaptureHistory& captures) const {
  const Piece moved = pos.piece_on(m.from());
  return 16 * ai::mvv_lva(pos, m) + captures.table[moved][m.to()][pos.captured_type(m)] / 16;
}

MovePicker::MovePicker(const Position& pos, Move tt_move, const OrderingContext& context, bool defer) {
  if (defer && tt_move && pos.is_legal(tt_move)) {
    deferred_pos_ = &pos;
    deferred_context_ = &context;
    tt_move_ = tt_move;
    tt_pending_ = true;
    return;
  }
  generate_and_score(pos, tt_move, context);
}

void MovePicker::generate_and_score(const Position& pos, Move tt_move, const OrderingContext& context) {
  generate_legal<GenType::All>(pos, moves_);
  const Color us = pos.side_to_move();
  for (std::size_t i = 0; i < moves_.size(); ++i) {
    const Move m = moves_[i];
    const bool noisy = ai::is_noisy(pos, m);
    int score;
    if (m == tt_move) {
      score = TTMoveScore;
    } else if (m.kind() == Move::PROMOTION && m.promotion() != QUEEN) {
      score = UnderPromotionScore + int(m.promotion());
    } else if (noisy) {
      const int order = capture_score(pos, m, *context.captures);
      score = (ai::see_ge(pos, m, 0) ? GoodNoisyScore : BadNoisyScore) + order;
    } else if (m == context.killers[0]) {
      score = KillerScore + 2;
    } else if (m == context.killers[1]) {
      score = KillerScore + 1;
    } else if (m == context.counter) {
      score = KillerScore;
    } else {
      const Piece moved = pos.piece_on(m.from());
      score = 2 * context.butterfly->get(us, m);
      for (const PieceToHistory* h : context.continuation)
        if (h) score += h->table[moved][m.to()];
    }
    entries_[i] = {score, std::uint8_t(i), noisy};
  }
}

MovePicker::MovePicker(const Position& pos, Move tt_move, const CaptureHistory& captures, bool with_checks) {
  if (pos.in_check())
    generate_legal<GenType::All>(pos, moves_);
  else
    generate_legal<GenType::Noisy>(pos, moves_);
  for (std::size_t i = 0; i < moves_.size(); ++i) {
    const Move m = moves_[i];
    const bool noisy = ai::is_noisy(pos, m);
    int score = m == tt_move ? TTMoveScore : noisy ? GoodNoisyScore + capture_score(pos, m, captures) : 0;
    if (m.kind() == Move::PROMOTION && m.promotion() != QUEEN) score = UnderPromotionScore;
    entries_[i] = {score, std::uint8_t(i), noisy};
  }
  if (with_checks && !pos.in_check()) {
    MoveList quiets;
    generate_legal<GenType::Quiet>(pos, quiets);
    const ai::CheckCandidates checks(pos);
    for (Move m : quiets)
      if (checks.maybe_check(pos, m)) {
        entries_[moves_.size()] = {m == tt_move ? TTMoveScore : 0, std::uint8_t(moves_.size()), false};
        moves_.push_back(m);
      }
  }
}

Move MovePicker::next(bool skip_quiets) {
  if (tt_pending_) {
    tt_pending_ = false;
    tt_noisy_ = ai::is_noisy(*deferred_pos_, tt_move_);
    return tt_move_;
  }
  if (deferred_pos_) {
    // As if the table move had been picked from the full list: it is swapped
    // out of the first place, which keeps the order of the rest unchanged.
    generate_and_score(*deferred_pos_, tt_move_, *deferred_context_);
    deferred_pos_ = nullptr;
    const auto tt =
        std::find_if(entries_, entries_ + moves_.size(), [](const Entry& e) { return e.score == TTMoveScore; });
    assert(tt != entries_ + moves_.size());
    std::swap(entries_[0], *tt);
    current_ = 1;
  }
  const std::size_t count = moves_.size();
  while (current_ < count) {
    if (current_ < SelectionPicks) {
      std::size_t best = current_;
      for (std::size_t i = current_ + 1; i < count; ++i)
        if (entries_[i].score > entries_[best].score) best = i;
      std::swap(entries_[current_], entries_[best]);
      if (current_ + 1 == SelectionPicks) {
        for (std::size_t i = SelectionPicks + 1; i < count; ++i) {  // insertion sort, best first
          const Entry e = entries_[i];
          std::size_t j = i;
          for (; j > SelectionPicks && entries_[j - 1].score < e.score; --j) entries_[j] = entries_[j - 1];
          entries_[j] = e;
        }
      }
    }
    const Entry& picked = entries_[current_++];
    if (skip_quiets && !picked.noisy && picked.score < KillerScore) continue;
    return moves_[picked.index];
  }
  return Move::none();
}

}  // namespace gambit::alphabeta
