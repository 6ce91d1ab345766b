// SPDX-License-Identifier: MIT
// MovePicker: hands out the legal moves of a node best-first. Order for the main
// search: the transposition-table move; captures and queen promotions that do
// not lose material (most valuable victim first, then capture history); the two
// killers and the counter-move; other quiet moves by history; losing captures;
// under-promotions. Quiescence search gets only noisy moves by MVV-LVA, and on
// its first ply the quiet moves that may give check (every evasion when in
// check). Moves are generated once; the first few are picked by selection, so
// a cutoff on an early move never pays for sorting the rest. With defer, a
// legal table move is handed out before anything else is generated (a cutoff
// on it pays for no generation), and the rest are ordered when asked for, by
// the statistics as they are then.
#pragma once

#include <cstdint>

#include "ai_plugins/alphabeta/history.h"
#include "core/chess/movegen.h"

namespace gambit::alphabeta {

// The statistics a picker consults; pointers stay owned by the search.
struct OrderingContext {
  const ButterflyHistory* butterfly = nullptr;
  const CaptureHistory* captures = nullptr;
  const PieceToHistory* continuation[2] = {nullptr, nullptr};  // after the previous move, and the one before
  chess::Move killers[2];
  chess::Move counter;
};

class MovePicker {
 public:
  // Main search: every legal move. pos and context must outlive the picker.
  MovePicker(const chess::Position& pos, chess::Move tt_move, const OrderingContext& context, bool defer);
  // Quiescence search: captures and promotions, then with_checks the quiet
  // moves that may give check; or every evasion when in check.
  MovePicker(const chess::Position& pos, chess::Move tt_move, const CaptureHistory& captures, bool with_checks);

  // The next move, or Move::none() when none are left. With skip_quiets, quiet
  // moves not yet returned are passed over.
  chess::Move next(bool skip_quiets = false);
  // Whether the last move next() returned is a capture or promotion.
  bool last_noisy() const { return current_ == 0 ? tt_noisy_ : entries_[current_ - 1].noisy; }

 private:
  int capture_score(const chess::Position& pos, chess::Move m, const CaptureHistory& captures) const;
  void generate_and_score(const chess::Position& pos, chess::Move tt_move, const OrderingContext& context);

  // Set while the table move was handed out ahead of generation: what the
  // moves are generated from once the search asks for a second one.
  const chess::Position* deferred_pos_ = nullptr;
  const OrderingContext* deferred_context_ = nullptr;
  chess::Move tt_move_;
  bool tt_pending_ = false;
  bool tt_noisy_ = false;

  // The generated moves, and their order: entries_[k] names moves_[index] with
  // its score. The first current_ entries have been handed out; once
  // SelectionPicks moves have been picked one by one, the rest are sorted.
  struct Entry {
    int score;
    std::uint8_t index;
    bool noisy;
  };
  static constexpr std::size_t SelectionPicks = 3;

  chess::MoveList moves_;
  Entry entries_[chess::MoveList::CAPACITY];
  std::size_t current_ = 0;
};

}  // namespace gambit::alphabeta
