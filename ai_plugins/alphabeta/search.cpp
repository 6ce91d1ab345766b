// SPDX-License-Identifier: MIT
#include "ai_plugins/alphabeta/search.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <chrono>
#include <cmath>
#include <cstring>
#include <string>
#include <thread>

#include "ai_plugins/alphabeta/movepick.h"
#include "ai_plugins/alphabeta/search_stack.h"
#include "ai_plugins/common/evaluate.h"
#include "ai_plugins/common/move_order.h"
#include "core/chess/movegen.h"
#include "core/util/splitmix64.h"

namespace gambit::alphabeta {

using namespace chess;
using ai::Value;
using ai::VALUE_DRAW, ai::VALUE_INFINITE, ai::VALUE_KNOWN_WIN, ai::VALUE_MATE, ai::VALUE_MATE_IN_MAX_PLY,
    ai::VALUE_MATED_IN_MAX_PLY, ai::VALUE_NONE, ai::VALUE_ZERO, ai::MAX_PLY;

namespace {

// Late move reductions in 1/1024 plies, by depth and move number.
const auto Reductions = [] {
  std::array<std::array<int, 64>, 64> table{};
  for (int d = 1; d < 64; ++d)
    for (int m = 1; m < 64; ++m) table[d][m] = int(1024 * (0.4 + std::log(d) * std::log(m) / 2.25));
  return table;
}();

int reduction(bool improving, int depth, int move_count) {
  const int r = Reductions[std::min(depth, 63)][std::min(move_count, 63)];
  return r + (!improving && r > 1024 ? 512 : 0);
}

int futility_margin(int depth, bool improving) { return 85 * (depth - int(improving)); }
int late_move_count(int depth, bool improving) { return (3 + depth * depth) / (2 - int(improving)); }
int stat_bonus(int depth) { return std::min(20 * depth * depth + 40 * depth, 1600); }

void update_pv(Move* pv, Move m, const Move* child_pv) {
  *pv++ = m;
  if (child_pv)
    while (*child_pv) *pv++ = *child_pv++;
  *pv = Move::none();
}

bool has_non_pawn_material(const Position& pos, Color c) {
  return pos.pieces(c) & ~pos.pieces(PAWN, KING);
}

}  // namespace


Engine::Engine(const EngineConfig& config)
    : config_(config),
      tt_(config.hash_mb),
      butterfly_(std::make_unique<ButterflyHistory>()),
      capture_history_(std::make_unique<CaptureHistory>()),
      continuation_(std::make_unique<ContinuationHistory>()),
      counter_moves_(std::make_unique<CounterMoves>()),
      correction_(std::make_unique<CorrectionHistory>()) {
  if (config_.network) {
    accumulators_ = std::make_unique<nnue::Accumulator[]>(MAX_PLY + 10);
    simd_ = nnue::best_simd();
  }
  new_game();
}

Engine::~Engine() = default;

void Engine::new_game() {
  tt_.clear();
  *butterfly_ = {};
  *capture_history_ = {};
  *continuation_ = {};
  *counter_moves_ = {};
  *correction_ = {};
  noise_seed_ = config_.seed ? splitmix64_mix(config_.seed)
                             : splitmix64_mix(std::uint64_t(std::chrono::steady_clock::now().time_since_epoch().count()));
}

Value Engine::evaluate(const Position& pos, Stack* ss) {
  const Value v = config_.network && pos.variant() == Variant::Standard ? network_evaluation(pos, ss)
                                                                        : ai::evaluate(pos, config_.weights);
  if (config_.eval_noise_cp <= 0) return v;
  const int span = 2 * config_.eval_noise_cp + 1;
  return v + int(splitmix64_mix(pos.key() ^ noise_seed_) % std::uint64_t(span)) - config_.eval_noise_cp;
}

Value Engine::network_evaluation(const Position& pos, Stack* ss) {
  assert(ss->position == &pos);
  const nnue::Network& net = *config_.network;
  Stack* ready = ss;
  while (!ready->accumulator_ready && ready->ply > 0) --ready;
  if (!ready->accumulator_ready) {
    nnue::refresh(net, *ready->position, *ready->accumulator, simd_);
    ready->accumulator_ready = true;
  }
  for (Stack* s = ready + 1; s <= ss; ++s) {
    nnue::update(net, *(s - 1)->accumulator, *(s - 1)->position, *s->position, *s->accumulator, simd_);
    s->accumulator_ready = true;
  }
#ifndef NDEBUG
  {  // The incremental accumulator is the one a refresh would make (checked in debug builds).
    nnue::Accumulator fresh;
    nnue::refresh(net, pos, fresh, simd_);
    assert(std::memcmp(&fresh, ss->accumulator, sizeof fresh) == 0);
  }
#endif
  // Within the hand-written evaluation's range, below the known wins.
  return std::clamp(nnue::evaluate(net, *ss->accumulator, pos, simd_), -VALUE_KNOWN_WIN + 1, VALUE_KNOWN_WIN - 1);
}

template <bool Refined>
Value Engine::corrected(const Position& pos, Value raw_eval) const {
  if constexpr (!Refined) return raw_eval;
  return std::clamp(raw_eval + correction_->correction(pos), VALUE_MATED_IN_MAX_PLY + 1, VALUE_MATE_IN_MAX_PLY - 1);
}

// Learns from a finished node whose result says something about its static
// evaluation: not in check, no capture deciding it, and a bound that lies on
// the far side of the evaluation (a fail high below it tells nothing).
template <bool Refined>
void Engine::update_correction(const Position& pos, const Stack* ss, Value raw_eval, Value best_value, Value beta,
                               Move best_move, int depth) {
  if (!Refined || ss->in_check || ai::is_mate_score(best_value)) return;
  if (best_move && ai::is_noisy(pos, best_move)) return;
  if (best_value >= beta && best_value <= ss->static_eval) return;
  if (!best_move && best_value >= ss->static_eval) return;
  correction_->update(pos, depth, best_value - raw_eval);
}

bool Engine::is_draw(const Position& pos, const Stack* ss) const {
  if (pos.halfmove_clock() >= 100 && (!pos.in_check() || count_legal(pos) > 0)) return true;
  const int window = std::min(pos.halfmove_clock(), ss->plies_from_null);
  const std::size_t index = root_index_ + std::size_t(ss->ply);
  int earlier = 0;
  for (int back = 4; back <= window && std::size_t(back) <= index; back += 2) {
    const std::size_t i = index - std::size_t(back);
    if (keys_[i] != pos.key()) continue;
    if (i >= root_index_) return true;  // repeated inside the search: the side that can avoid it would
    if (++earlier == 2) return true;    // the third time with the game's own positions
  }
  return false;
}

bool Engine::node_limit_reached() const {
  return limits_.nodes > 0 && nodes_ >= std::uint64_t(limits_.nodes) && root_depth_ > 1;
}

void Engine::check_limits() {
  if ((*stop_requested_)() || node_limit_reached() || (time_.limited() && time_.elapsed_ms() >= time_.maximum_ms()))
    stopped_ = true;
}

void Engine::count_node() {
  ++nodes_;
  if ((nodes_ & 1023) == 0) check_limits();
  else if (node_limit_reached()) stopped_ = true;
}

void Engine::enter_child(Stack* ss, const Position& child, Move m, Piece moved) {
  ss->current_move = m;
  ss->continuation = &continuation_->table[moved][m ? m.to() : SQ_A1];
  keys_[root_index_ + std::size_t(ss->ply) + 1] = child.key();
  (ss + 1)->plies_from_null = m ? ss->plies_from_null + 1 : 0;
  (ss + 1)->accumulator_ready = false;
}

template <bool Refined>
Value Engine::leaned_toward_beta(Value value, Value beta, int weight) const {
  if (!Refined || value < beta || ai::is_mate_score(value) || ai::is_mate_score(beta)) return value;
  return (value * weight + beta) / (weight + 1);
}

void Engine::update_continuation(Stack* ss, Piece piece, Square to, int bonus) {
  for (int back : {1, 2})
    if ((ss - back)->current_move) (ss - back)->continuation->table[piece][to].update(bonus);
}

template <bool Refined>
void Engine::update_previous_quiet(const Position& pos, Stack* ss, int bonus) {
  const Move previous = (ss - 1)->current_move;
  if (!Refined || !previous || (ss - 1)->move_noisy) return;
  update_continuation(ss - 1, pos.piece_on(previous.to()), previous.to(), bonus);
}

void Engine::update_quiet_history(const Position& pos, Stack* ss, Move move, int bonus) {
  butterfly_->at(pos.side_to_move(), move).update(bonus);
  update_continuation(ss, pos.piece_on(move.from()), move.to(), bonus);
}

void Engine::update_capture_history(const Position& pos, Move move, int bonus) {
  capture_history_->table[pos.piece_on(move.from())][move.to()][pos.captured_type(move)].update(bonus);
}

void Engine::update_quiet_stats(const Position& pos, Stack* ss, Move move, int bonus) {
  if (ss->killers[0] != move) {
    ss->killers[1] = ss->killers[0];
    ss->killers[0] = move;
  }
  update_quiet_history(pos, ss, move, bonus);
  if (const Move previous = (ss - 1)->current_move) {
    const Square to = previous.to();
    counter_moves_->table[pos.piece_on(to)][to] = move;
  }
}

template <Engine::NodeType Node, bool Refined>
Value Engine::search(const Position& pos, Stack* ss, Value alpha, Value beta, int depth, bool cut_node) {
  constexpr bool pv_node = Node != NonPV;
  constexpr bool root_node = Node == Root;

  if (depth <= 0) return qsearch<pv_node ? PV : NonPV, Refined>(pos, ss, alpha, beta);
  ss->position = &pos;

  Move pv[MAX_PLY + 1];
  if constexpr (pv_node) {
    (ss + 1)->pv = pv;
    ss->pv[0] = Move::none();
    sel_depth_ = std::max(sel_depth_, ss->ply + 1);
  }
  const Color us = pos.side_to_move();
  ss->in_check = pos.in_check();
  count_node();
  if (stopped_) return VALUE_ZERO;

  if constexpr (!root_node) {
    if (const Value ended = ai::goal_score(pos, ss->ply); ended != VALUE_NONE) return ended;  // a variant's goal
    if (is_draw(pos, ss)) return VALUE_DRAW;
    if (ss->ply >= MAX_PLY - 1) return ss->in_check ? VALUE_DRAW : evaluate(pos, ss);
    // Mate distance pruning: no line from here beats a mate already found nearer the root.
    alpha = std::max(ai::mated_in(ss->ply), alpha);
    beta = std::min(ai::mate_in(ss->ply + 1), beta);
    if (alpha >= beta) return alpha;
  }

  (ss + 2)->killers[0] = (ss + 2)->killers[1] = Move::none();
  (ss + 1)->cutoff_count = 0;
  // A search without one move (singular extensions) neither uses nor fills
  // the table: what it finds is not the position's value.
  const Move excluded = ss->excluded_move;
  const Key key = pos.key();
  bool tt_hit = false;
  TTEntry* tte = tt_.probe(key, tt_hit);
  if (excluded) tt_hit = false;
  const Value tt_value = tt_hit ? value_from_tt(tte->value(), ss->ply) : VALUE_NONE;
  const Move tt_move = root_node ? root_moves_[pv_index_].move : tt_hit ? tte->move() : Move::none();
  const int tt_depth = tt_hit ? tte->depth() : DEPTH_NONE;
  const Bound tt_bound = tt_hit ? tte->bound() : BOUND_NONE;
  if (!excluded) ss->tt_pv = pv_node || (tt_hit && tte->was_pv());
  ss->tt_hit = tt_hit;
  ss->move_count = 0;
  const bool tt_noisy = tt_move && ai::is_noisy(pos, tt_move);

  // A deep enough stored result decides a non-PV node at once.
  if (!pv_node && tt_hit && tt_depth >= depth && tt_value != VALUE_NONE &&
      (tt_bound & (tt_value >= beta ? BOUND_LOWER : BOUND_UPPER))) {
    if (tt_value >= beta) {
      if (tt_move && !tt_noisy) update_quiet_stats(pos, ss, tt_move, stat_bonus(depth));
      // The previous move was tried early and is refuted at once.
      if ((ss - 1)->move_count <= 2) update_previous_quiet<Refined>(pos, ss, -stat_bonus(depth + 1));
    } else if (Refined && tt_move && !tt_noisy) {
      update_quiet_history(pos, ss, tt_move, -stat_bonus(depth));
    }
    if (pos.halfmove_clock() < 90) return tt_value;
  }

  Value eval = VALUE_NONE, raw_eval = VALUE_NONE;  // the table keeps the evaluation uncorrected
  bool improving = false;
  if (ss->in_check) {
    ss->static_eval = VALUE_NONE;
  } else {
    if (tt_hit) {
      raw_eval = tte->eval() != VALUE_NONE ? tte->eval() : evaluate(pos, ss);
      ss->static_eval = eval = corrected<Refined>(pos, raw_eval);
      if (tt_value != VALUE_NONE && (tt_bound & (tt_value > eval ? BOUND_LOWER : BOUND_UPPER))) eval = tt_value;
    } else {
      raw_eval = evaluate(pos, ss);
      ss->static_eval = eval = corrected<Refined>(pos, raw_eval);
      if (!excluded) tt_.store(tte, key, VALUE_NONE, ss->tt_pv, BOUND_NONE, DEPTH_NONE, Move::none(), raw_eval);
    }
    const Value earlier = (ss - 2)->static_eval != VALUE_NONE ? (ss - 2)->static_eval : (ss - 4)->static_eval;
    improving = earlier == VALUE_NONE || ss->static_eval > earlier;
  }

  if (!pv_node && !ss->in_check) {
    // Razoring: far below alpha, only captures could save the node.
    if (depth <= 3 && eval < alpha - 300 - 200 * depth * depth) {
      const Value v = qsearch<NonPV, Refined>(pos, ss, alpha - 1, alpha);
      if (v < alpha) return v;
    }
    // Reverse futility pruning: so far above beta that a quiet reply will not matter.
    if (depth < 9 && eval - futility_margin(depth, improving) >= beta && eval < VALUE_KNOWN_WIN) return eval;

    // Null move pruning: if passing still keeps us above beta, a real move will too.
    if (!(ss - 1)->null_move && !excluded && eval >= beta && ss->static_eval >= beta - 20 * depth + 120 && depth >= 2 &&
        has_non_pawn_material(pos, us) && beta > VALUE_MATED_IN_MAX_PLY &&
        (ss->ply >= nmp_min_ply_ || us != nmp_color_)) {
      const int r = 3 + depth / 3 + std::min(3, (eval - beta) / 200);
      ss->null_move = true;
      Position child = pos;
      child.do_null_move();
      tt_.prefetch(child.key());
      enter_child(ss, child, Move::none(), NO_PIECE);
      (ss + 1)->double_extensions = ss->double_extensions;
      Value null_value = -search<NonPV, Refined>(child, ss + 1, -beta, -beta + 1, depth - r, !cut_node);
      ss->null_move = false;
      if (stopped_) return VALUE_ZERO;
      if (null_value >= beta) {
        if (null_value >= VALUE_MATE_IN_MAX_PLY) null_value = beta;
        if (nmp_min_ply_ || depth < 12) return null_value;
        // Deep: verify with null moves off for us for a while (zugzwang).
        nmp_min_ply_ = ss->ply + 3 * (depth - r) / 4;
        nmp_color_ = us;
        const Value v = search<NonPV, Refined>(pos, ss, beta - 1, beta, depth - r, false);
        nmp_min_ply_ = 0;
        if (v >= beta) return null_value;
      }
    }

    // ProbCut: a capture that wins clearly above beta in a shallow search will
    // in the full one too. The table is not asked when it already says the
    // node stays below that margin.
    const Value probcut_beta = beta + 180 - 50 * int(improving);
    if (Refined && depth > 4 && !excluded && std::abs(beta) < VALUE_KNOWN_WIN &&
        !(tt_depth >= depth - 3 && tt_value != VALUE_NONE && tt_value < probcut_beta)) {
      MovePicker picker(pos, tt_noisy ? tt_move : Move::none(), *capture_history_, false);
      while (const Move m = picker.next()) {
        if (!picker.last_noisy() || !ai::see_ge(pos, m, probcut_beta - ss->static_eval)) continue;
        const Piece moved = pos.piece_on(m.from());
        Position child = pos;
        child.do_move(m);
        ss->move_noisy = true;
        enter_child(ss, child, m, moved);
        (ss + 1)->double_extensions = ss->double_extensions;
        Value v = -qsearch<NonPV, Refined>(child, ss + 1, -probcut_beta, -probcut_beta + 1);
        if (v >= probcut_beta) v = -search<NonPV, Refined>(child, ss + 1, -probcut_beta, -probcut_beta + 1, depth - 4, !cut_node);
        if (stopped_) return VALUE_ZERO;
        if (v >= probcut_beta) {
          tt_.store(tte, key, value_to_tt(v, ss->ply), ss->tt_pv, BOUND_LOWER, depth - 3, m, raw_eval);
          return v;
        }
      }
    }
  }

  // Internal iterative reduction: with no stored move this node was not expected to matter.
  if (!tt_move && depth >= 4 && (pv_node || cut_node)) --depth;

  OrderingContext context;
  context.butterfly = butterfly_.get();
  context.captures = capture_history_.get();
  context.continuation[0] = (ss - 1)->continuation;
  context.continuation[1] = (ss - 2)->continuation;
  context.killers[0] = ss->killers[0];
  context.killers[1] = ss->killers[1];
  if (const Move previous = (ss - 1)->current_move)
    context.counter = counter_moves_->table[pos.piece_on(previous.to())][previous.to()];
  MovePicker picker(pos, tt_move, context, Refined);

  Move quiets_tried[64], noisy_tried[32];
  int quiet_count = 0, noisy_count = 0;
  Value best_value = -VALUE_INFINITE, value = -VALUE_INFINITE;
  Move best_move;
  int move_count = 0;
  bool skip_quiets = false;
  std::size_t root_next = pv_index_;  // the lines before it are known (MultiPV)
  const bool may_prune = has_non_pawn_material(pos, us);

  while (true) {
    Move m;
    if constexpr (root_node)
      m = root_next < root_moves_.size() ? root_moves_[root_next++].move : Move::none();
    else
      m = picker.next();
    if (!m) break;
    if (m == excluded) continue;
    ++move_count;
    ss->move_count = move_count;
    const bool noisy = ai::is_noisy(pos, m);
    const Piece moved = pos.piece_on(m.from());
    Position child = pos;
    child.do_move(m);
    tt_.prefetch(child.key());
    const bool gives_check = child.in_check();
    int new_depth = depth - 1;
    const int history = noisy ? 0
                              : 2 * butterfly_->get(us, m) + context.continuation[0]->table[moved][m.to()] +
                                    context.continuation[1]->table[moved][m.to()];

    // Pruning at shallow depth, once a move has been searched.
    if (!root_node && may_prune && best_value > VALUE_MATED_IN_MAX_PLY) {
      if (!skip_quiets && move_count >= late_move_count(depth, improving)) skip_quiets = true;
      const int lmr_depth = std::max(new_depth - reduction(improving, depth, move_count) / 1024, 0);
      if (noisy || gives_check) {
        if (!gives_check && !ai::see_ge(pos, m, -120 * depth)) continue;
      } else {
        if (skip_quiets) continue;  // late move pruning (checks are still searched)
        const int continuation = context.continuation[0]->table[moved][m.to()] +
                                 context.continuation[1]->table[moved][m.to()];
        if (lmr_depth < 4 && continuation < -3000 * depth) continue;
        if (!ss->in_check && lmr_depth < 8 && ss->static_eval + 120 + 110 * lmr_depth <= alpha) continue;
        if (!ai::see_ge(pos, m, -30 * lmr_depth * lmr_depth)) continue;
      }
    }

    // Singular extension: when every other move falls well short of the
    // stored value, the stored move is forced and searched deeper. When
    // another move also beats beta, the node is cut at once (multi-cut).
    int extension = 0;
    if (Refined && !root_node && depth >= 6 && m == tt_move && !excluded && tt_value != VALUE_NONE &&
        std::abs(tt_value) < VALUE_KNOWN_WIN && (tt_bound & BOUND_LOWER) && tt_depth >= depth - 3 &&
        ss->ply < 2 * root_depth_) {
      const Value singular_beta = tt_value - 2 * depth;
      ss->excluded_move = m;
      const Value v = search<NonPV, Refined>(pos, ss, singular_beta - 1, singular_beta, (depth - 1) / 2, cut_node);
      ss->excluded_move = Move::none();
      if (stopped_) return VALUE_ZERO;
      if (v < singular_beta)
        extension = !pv_node && v < singular_beta - 25 && ss->double_extensions < 6 ? 2 : 1;
      else if (singular_beta >= beta)
        return singular_beta;
      else if (tt_value >= beta)
        extension = -1;
    }
    // Check extension (not for checks that just give material away, outside the PV).
    if (extension == 0 && gives_check && ss->ply < 2 * root_depth_ && (pv_node || ai::see_ge(pos, m, 0)))
      extension = 1;
    new_depth += extension;
    (ss + 1)->double_extensions = ss->double_extensions + (extension == 2);

    ss->move_noisy = noisy;
    enter_child(ss, child, m, moved);
    [[maybe_unused]] const std::uint64_t nodes_before = nodes_;
    if constexpr (pv_node) pv[0] = Move::none();  // a child searched with a null window leaves no line

    // Late move reductions, then the principal variation search.
    if (depth >= 2 && move_count > 1 + int(root_node) && (!noisy || cut_node || !ss->tt_pv)) {
      int r = reduction(improving, depth, move_count);
      if (ss->tt_pv) r -= 1024;
      if (cut_node) r += 2048;
      if (tt_noisy && !noisy) r += 1024;
      if (m == context.killers[0] || m == context.killers[1] || m == context.counter) r -= 1024;
      if (gives_check) r -= 1024;
      // Children that kept failing high: this node is likely to fail low.
      if (Refined && (ss + 1)->cutoff_count > 3) r += 1024;
      if (noisy)
        r -= 1024;
      else
        r -= (history - 8000) * 1024 / 16000;
      const int d = std::clamp(new_depth - r / 1024, 1, new_depth);
      value = -search<NonPV, Refined>(child, ss + 1, -(alpha + 1), -alpha, d, true);
      if (value > alpha && d < new_depth) {
        // The reduced search beat alpha: verify deeper when it did so by far,
        // shallower when only just.
        if (Refined)
          new_depth += (value > best_value + 60 + 10 * new_depth) - (value < best_value + new_depth);
        if (new_depth > d) value = -search<NonPV, Refined>(child, ss + 1, -(alpha + 1), -alpha, new_depth, !cut_node);
      }
    } else if (!pv_node || move_count > 1) {
      value = -search<NonPV, Refined>(child, ss + 1, -(alpha + 1), -alpha, new_depth, !cut_node);
    }
    if (pv_node && (move_count == 1 || (value > alpha && (root_node || value < beta))))
      value = -search<PV, Refined>(child, ss + 1, -beta, -alpha, new_depth, false);

    if (stopped_) return VALUE_ZERO;

    if constexpr (root_node) {
      RootMove& rm =
          *std::find_if(root_moves_.begin(), root_moves_.end(), [m](const RootMove& r) { return r.move == m; });
      rm.effort += nodes_ - nodes_before;
      if (move_count == 1 || value > alpha) {
        rm.score = value;
        rm.sel_depth = sel_depth_;
        rm.pv.assign(1, m);
        for (const Move* p = (ss + 1)->pv; *p; ++p) rm.pv.push_back(*p);
        if (move_count > 1) ++best_move_changes_;
      } else {
        rm.score = -VALUE_INFINITE;
      }
    }

    if (value > best_value) {
      best_value = value;
      if (value > alpha) {
        best_move = m;
        if constexpr (root_node) iteration_best_ = m;
        if constexpr (pv_node && !root_node) update_pv(ss->pv, m, (ss + 1)->pv);
        if (value >= beta) {
          ss->cutoff_count += 1 + !tt_move;
          break;
        }
        alpha = value;
      }
    }
    if (m != best_move) {
      if (noisy && noisy_count < 32)
        noisy_tried[noisy_count++] = m;
      else if (!noisy && quiet_count < 64)
        quiets_tried[quiet_count++] = m;
    }
  }

  if (!move_count) {
    best_value = excluded ? alpha : ss->in_check ? ai::mated_in(ss->ply) : VALUE_DRAW;
  } else if (best_move) {
    const int bonus = stat_bonus(depth + (best_value > beta + 150));
    // The previous move, tried first or as the killer, is refuted.
    if ((ss - 1)->move_count == 1 + int((ss - 1)->tt_hit) || (ss - 1)->current_move == (ss - 1)->killers[0])
      update_previous_quiet<Refined>(pos, ss, -bonus);
    if (!ai::is_noisy(pos, best_move)) {
      update_quiet_stats(pos, ss, best_move, bonus);
      for (int i = 0; i < quiet_count; ++i) update_quiet_history(pos, ss, quiets_tried[i], -bonus);
    } else {
      update_capture_history(pos, best_move, bonus);
    }
    for (int i = 0; i < noisy_count; ++i) update_capture_history(pos, noisy_tried[i], -bonus);
  }

  if (move_count && !best_move && !excluded) {
    // Every reply failed low: the previous move refuted this node's, more
    // surely the deeper and the further below alpha.
    const int weight = (depth > 5) + (pv_node || cut_node) + (best_value < alpha - 100 * depth) +
                       ((ss - 1)->move_count > 10);
    update_previous_quiet<Refined>(pos, ss, stat_bonus(depth) * weight);
  }

  if (excluded) return best_value;
  // A fail high by a wide margin at a shallow depth is less sure than at a
  // deep one: the value returned leans toward beta, more so the shallower.
  if (!pv_node) best_value = leaned_toward_beta<Refined>(best_value, beta, depth);
  // A root searching some of its moves only (a second or later line) has no value of its own to keep.
  if (root_node && pv_index_ > 0) return best_value;
  if (move_count) update_correction<Refined>(pos, ss, raw_eval, best_value, beta, best_move, depth);
  tt_.store(tte, key, value_to_tt(best_value, ss->ply), ss->tt_pv,
            best_value >= beta       ? BOUND_LOWER
            : pv_node && best_move   ? BOUND_EXACT
                                     : BOUND_UPPER,
            depth, best_move, raw_eval);
  return best_value;
}

template <Engine::NodeType Node, bool Refined>
Value Engine::qsearch(const Position& pos, Stack* ss, Value alpha, Value beta, int depth) {
  constexpr bool pv_node = Node == PV;
  // Quiet checks are tried on the first quiescence ply only.
  const int tt_depth = depth >= DEPTH_QS_CHECKS ? DEPTH_QS_CHECKS : DEPTH_QS_NO_CHECKS;

  Move pv[MAX_PLY + 1];
  if constexpr (pv_node) {
    (ss + 1)->pv = pv;
    ss->pv[0] = Move::none();
    sel_depth_ = std::max(sel_depth_, ss->ply + 1);
  }
  count_node();
  if (stopped_) return VALUE_ZERO;
  ss->position = &pos;
  ss->in_check = pos.in_check();
  if (const Value ended = ai::goal_score(pos, ss->ply); ended != VALUE_NONE) return ended;
  if (is_draw(pos, ss)) return VALUE_DRAW;
  if (ss->ply >= MAX_PLY - 1) return ss->in_check ? VALUE_DRAW : evaluate(pos, ss);

  bool tt_hit = false;
  TTEntry* tte = tt_.probe(pos.key(), tt_hit);
  const Value tt_value = tt_hit ? value_from_tt(tte->value(), ss->ply) : VALUE_NONE;
  const Move tt_move = tt_hit ? tte->move() : Move::none();
  const Bound tt_bound = tt_hit ? tte->bound() : BOUND_NONE;
  const bool was_pv = tt_hit && tte->was_pv();
  if (!pv_node && tt_hit && tte->depth() >= tt_depth && tt_value != VALUE_NONE &&
      (tt_bound & (tt_value >= beta ? BOUND_LOWER : BOUND_UPPER)))
    return tt_value;

  Value best_value, futility_base, raw_eval = VALUE_NONE;
  if (ss->in_check) {
    ss->static_eval = VALUE_NONE;
    best_value = futility_base = -VALUE_INFINITE;
  } else {
    if (tt_hit) {
      raw_eval = tte->eval() != VALUE_NONE ? tte->eval() : evaluate(pos, ss);
      ss->static_eval = best_value = corrected<Refined>(pos, raw_eval);
      if (tt_value != VALUE_NONE && (tt_bound & (tt_value > best_value ? BOUND_LOWER : BOUND_UPPER)))
        best_value = tt_value;
    } else {
      raw_eval = evaluate(pos, ss);
      ss->static_eval = best_value = corrected<Refined>(pos, raw_eval);
    }
    // Stand pat: the side to move need not capture.
    if (best_value >= beta) {
      best_value = leaned_toward_beta<Refined>(best_value, beta, 1);
      if (!tt_hit)
        tt_.store(tte, pos.key(), value_to_tt(best_value, ss->ply), false, BOUND_LOWER, DEPTH_NONE, Move::none(),
                  raw_eval);
      return best_value;
    }
    if (pv_node && best_value > alpha) alpha = best_value;
    futility_base = best_value + 180;
  }

  MovePicker picker(pos, tt_move, *capture_history_, tt_depth == DEPTH_QS_CHECKS);
  Move best_move;
  for (Move m; (m = picker.next());) {
    if (!ss->in_check && m.kind() == Move::PROMOTION && m.promotion() != QUEEN) continue;
    Position child = pos;
    child.do_move(m);
    tt_.prefetch(child.key());
    const bool gives_check = child.in_check();
    if (!ss->in_check && !gives_check && !picker.last_noisy()) continue;  // a quiet move that only might check

    if (!ss->in_check && best_value > VALUE_MATED_IN_MAX_PLY) {
      if (!gives_check && m.kind() != Move::PROMOTION && futility_base > -VALUE_KNOWN_WIN) {
        const Value futility_value = futility_base + ai::PieceValue[pos.captured_type(m)];
        if (futility_value <= alpha) {
          best_value = std::max(best_value, futility_value);
          continue;
        }
        if (futility_base <= alpha && !ai::see_ge(pos, m, 1)) {
          best_value = std::max(best_value, futility_base);
          continue;
        }
      }
      if (!ai::see_ge(pos, m, 0)) continue;
    }

    ss->null_move = false;
    enter_child(ss, child, m, pos.piece_on(m.from()));
    const Value value = -qsearch<Node, Refined>(child, ss + 1, -beta, -alpha, depth - 1);
    if (stopped_) return VALUE_ZERO;

    if (value > best_value) {
      best_value = value;
      if (value > alpha) {
        best_move = m;
        if constexpr (pv_node) update_pv(ss->pv, m, (ss + 1)->pv);
        if (value >= beta) break;
        alpha = value;
      }
    }
  }

  // In check every legal move was tried: none means mate.
  if (ss->in_check && best_value == -VALUE_INFINITE) return ai::mated_in(ss->ply);
  best_value = leaned_toward_beta<Refined>(best_value, beta, 3);

  tt_.store(tte, pos.key(), value_to_tt(best_value, ss->ply), was_pv, best_value >= beta ? BOUND_LOWER : BOUND_UPPER,
            tt_depth, best_move, raw_eval);
  return best_value;
}

// The driver (iterative_deepening.cpp) starts each iteration at the root.
template Value Engine::search<Engine::Root, true>(const Position&, Stack*, Value, Value, int, bool);
template Value Engine::search<Engine::Root, false>(const Position&, Stack*, Value, Value, int, bool);

}  // namespace gambit::alphabeta
