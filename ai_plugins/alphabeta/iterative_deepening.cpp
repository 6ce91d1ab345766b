// SPDX-License-Identifier: MIT
// The engine's driver: the root's moves, iterative deepening with aspiration
// windows, when to stop (time management), and what each iteration reports.
#include <algorithm>
#include <array>
#include <chrono>
#include <thread>

#include "ai_plugins/alphabeta/movepick.h"
#include "ai_plugins/alphabeta/search.h"
#include "ai_plugins/alphabeta/search_stack.h"

namespace gambit::alphabeta {

using namespace chess;
using ai::Value;
using ai::VALUE_INFINITE, ai::VALUE_MATE, ai::VALUE_NONE, ai::MAX_PLY;

void Engine::report_iteration(const Reporter& report, int depth, std::size_t lines) const {
  if (!report) return;
  players::SearchInfo info;
  info.depth = depth;
  info.nodes = nodes_;
  info.time_ms = std::uint64_t(time_.elapsed_ms());
  info.nps = info.time_ms ? nodes_ * 1000 / info.time_ms : nodes_ * 1000;
  for (std::size_t i = 0; i < lines; ++i) {
    const RootMove& line = root_moves_[i];
    info.multipv = int(i + 1);
    info.seldepth = line.sel_depth;
    if (ai::is_mate_score(line.score)) {
      info.score_kind = players::ScoreKind::Mate;
      info.score = ai::mate_in_moves(line.score);
    } else {
      info.score_kind = players::ScoreKind::Centipawns;
      info.score = line.score;
    }
    info.pv = line.pv;
    report(info);
  }
}

SearchResult Engine::search(const std::vector<Position>& game, const players::Limits& limits,
                            const StopCheck& stop_requested, const Reporter& report) {
  SearchResult result;
  if (game.empty()) return result;
  const Position& root = game.back();

  stop_requested_ = &stop_requested;
  stopped_ = false;
  nodes_ = 0;
  limits_ = limits;
  nmp_min_ply_ = 0;
  best_move_changes_ = 0;
  time_.start(limits, root.side_to_move(), config_.default_movetime_ms);
  // With no limit at all a search would never end: take one second.
  if (!limits.infinite && !time_.limited() && limits.depth <= 0 && limits.nodes <= 0 && config_.max_depth <= 0) {
    players::Limits one_second = limits;
    one_second.movetime_ms = 1000;
    time_.start(one_second, root.side_to_move(), 0);
  }

  keys_.assign(game.size() + MAX_PLY + 2, 0);
  for (std::size_t i = 0; i < game.size(); ++i) keys_[i] = game[i].key();
  root_index_ = game.size() - 1;

  // Root moves, first ordered as a search node would order them.
  root_moves_.clear();
  {
    bool hit = false;
    const TTEntry* tte = tt_.probe(root.key(), hit);
    OrderingContext context;
    context.butterfly = butterfly_.get();
    context.captures = capture_history_.get();
    MovePicker picker(root, hit ? tte->move() : Move::none(), context, false);
    for (Move m; (m = picker.next());) root_moves_.push_back(RootMove{m, -VALUE_INFINITE, -VALUE_INFINITE, 0, {m}, 0});
  }
  if (root_moves_.empty()) return result;
  result.best = root_moves_[0].move;
  result.pv = {result.best};

  tt_.new_search();
  std::array<Stack, MAX_PLY + 10> stack{};
  Stack* ss = stack.data() + 7;
  for (std::size_t i = 0; i < stack.size(); ++i) {
    stack[i].ply = int(i) - 7;
    stack[i].continuation = &continuation_->table[NO_PIECE][0];
    if (accumulators_) stack[i].accumulator = &accumulators_[i];
  }
  Move root_pv[MAX_PLY + 1];
  ss->pv = root_pv;
  ss->plies_from_null = int(root_index_);

  int max_depth = MAX_PLY - 1;
  if (limits.depth > 0) max_depth = std::min(max_depth, limits.depth);
  if (config_.max_depth > 0) max_depth = std::min(max_depth, config_.max_depth);
  if (root_moves_.size() == 1 && !limits.infinite && limits.depth <= 0 && limits.nodes <= 0) max_depth = 1;

  // MultiPV: the best `lines` root moves are searched one after the other,
  // each as the best of those not yet shown (pv_index_); one line plays as ever.
  const std::size_t lines = std::min<std::size_t>(std::size_t(std::max(limits.multipv, 1)), root_moves_.size());
  Value previous_score = VALUE_NONE;
  double instability = 0;
  for (root_depth_ = 1; root_depth_ <= max_depth; ++root_depth_) {
    for (RootMove& rm : root_moves_) rm.previous_score = rm.score;
    best_move_changes_ = 0;
    Value score = VALUE_NONE;
    for (pv_index_ = 0; pv_index_ < lines; ++pv_index_) {
      iteration_best_ = Move::none();
      sel_depth_ = 0;
      Value alpha = -VALUE_INFINITE, beta = VALUE_INFINITE, delta = 0;
      if (root_depth_ >= 4) {
        const Value prev = root_moves_[pv_index_].previous_score;
        delta = 14 + std::abs(prev) / 64;
        alpha = std::max(prev - delta, -VALUE_INFINITE);
        beta = std::min(prev + delta, VALUE_INFINITE);
      }
      const auto first = root_moves_.begin() + std::ptrdiff_t(pv_index_);
      while (true) {
        score = config_.refinements ? search<Root, true>(root, ss, alpha, beta, root_depth_, false)
                                    : search<Root, false>(root, ss, alpha, beta, root_depth_, false);
        if (stopped_) break;
        std::stable_sort(first, root_moves_.end(),
                         [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
        if (score <= alpha) {
          beta = (alpha + beta) / 2;
          alpha = std::max(score - delta, -VALUE_INFINITE);
        } else if (score >= beta) {
          beta = std::min(score + delta, VALUE_INFINITE);
        } else {
          break;
        }
        delta += delta / 2;
      }
      if (stopped_) break;  // pv_index_ stays the line that was cut short
      // The lines shown so far, best first (a later line may have come out better than an earlier one).
      std::stable_sort(root_moves_.begin(), first + 1,
                       [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
    }

    if (stopped_) {
      // A move that beat the window in the unfinished iteration is better than the last answer
      // (only the best line's search can find one: a later line searches the other moves).
      if (pv_index_ == 0 && iteration_best_ && iteration_best_ != result.best) {
        auto it = std::find_if(root_moves_.begin(), root_moves_.end(),
                               [this](const RootMove& r) { return r.move == iteration_best_; });
        result.best = it->move;
        result.pv = it->pv;
      }
      break;
    }

    if (lines > 1) score = root_moves_[0].score;  // one line: the search's own value, as ever
    result.best = root_moves_[0].move;
    result.pv = root_moves_[0].pv;
    result.score = score;
    result.depth = root_depth_;
    report_iteration(report, root_depth_, lines);

    if (ai::is_mate_score(score) && root_depth_ > VALUE_MATE - std::abs(score) + 4 && !limits.infinite) break;
    if (time_.flexible()) {
      instability = instability / 2 + best_move_changes_;
      double factor = 1.0 + instability;
      if (previous_score != VALUE_NONE && score < previous_score - 30) factor *= 1.3;
      // The best move's share of the nodes: near all of them, it has no
      // rival and the time is better kept; near half, another move runs it
      // close. (A refinement: levels keep the time use they were measured with.)
      if (config_.refinements && nodes_) factor *= (1.5 - double(root_moves_[0].effort) / double(nodes_)) * 1.35;
      if (double(time_.elapsed_ms()) > 0.55 * factor * double(time_.optimum_ms())) break;
    }
    previous_score = score;
  }

  // "go infinite" answers only once told to stop.
  if (limits.infinite)
    while (!stop_requested()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  result.nodes = nodes_;
  return result;
}

}  // namespace gambit::alphabeta
