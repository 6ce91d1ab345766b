// SPDX-License-Identifier: MIT
// The alphabeta engine: iterative deepening over a principal variation search
// with aspiration windows, a transposition table, quiescence search (with
// quiet checks on its first ply), and the usual selectivity (null-move pruning,
// razoring, reverse futility, late move reductions and pruning, futility and
// SEE pruning, check and singular extensions), with the static evaluation
// corrected by what earlier searches found in the same pawn structure. Draws
// by repetition (against the game's earlier positions too) and by the
// fifty-move rule are scored as draws; mate scores carry the distance to mate.
//
// One Engine serves one player: searches run one at a time on the caller's
// thread; only what the stop check reads may change from another thread.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "ai_plugins/alphabeta/history.h"
#include "ai_plugins/common/evaluate.h"
#include "ai_plugins/common/timeman.h"
#include "ai_plugins/alphabeta/tt.h"
#include "ai_plugins/nnue/accumulator.h"
#include "ai_plugins/common/score.h"
#include "gambit/player_sdk.h"

namespace gambit::alphabeta {

// Settings fixed for the life of an engine (the plugin's options).
struct EngineConfig {
  std::size_t hash_mb = 32;
  int max_depth = 0;                        // 0 = no depth limit of its own
  std::int64_t default_movetime_ms = 1000;  // when the host sets no limit (0 = none)
  int eval_noise_cp = 0;                    // weakening: evaluations shifted by up to this much, per position
  std::uint64_t seed = 0;                   // for the noise; 0 = from the clock at each new game
  // Full strength plays with the tuned weights; the rated levels keep the
  // hand-set ones they were measured with (human_play.h, ModelVersion).
  ai::Weights weights = ai::Weights::Tuned;
  // Search refinements the rated levels were not calibrated with (the static
  // evaluation corrected by pawn structure, singular extensions, ProbCut,
  // history maluses, fail-high values leaned toward beta, ...; each an
  // `if (Refined ...)` of search<Node, Refined>). A rated level turns them
  // off, so it searches as in the games that measured it.
  bool refinements = true;
  // The neural evaluation (ai_plugins/nnue): when set, positions of standard
  // chess are evaluated by it instead of the weights above. Only full
  // strength sets it; the rated levels and three-check keep the hand-written
  // evaluation. Shared read-only by every engine of the process.
  std::shared_ptr<const nnue::Network> network;
};

struct SearchResult {
  chess::Move best;     // Move::none() only when there is no legal move
  ai::Value score = ai::VALUE_NONE;  // side to move's view; VALUE_NONE when no iteration completed
  int depth = 0;        // the deepest completed iteration
  std::uint64_t nodes = 0;
  std::vector<chess::Move> pv;
};

class Engine {
 public:
  using Reporter = std::function<void(const players::SearchInfo&)>;
  using StopCheck = std::function<bool()>;  // true once the search must return

  explicit Engine(const EngineConfig& config);
  const EngineConfig& config() const { return config_; }
  ~Engine();

  // Forgets everything learned (table, histories) and reseeds the noise.
  void new_game();

  // Searches game.back() (the earlier positions are the game so far, for
  // repetitions) within the limits until done or stop_requested() (polled
  // every 1024 nodes) says to return. A node limit is exact and lets the
  // first iteration complete: the same limit gives the same move anywhere. report, if set, receives one SearchInfo
  // per completed iteration, or with limits.multipv = N > 1 one per line (the N
  // best root moves, each searched as the best of the moves not yet shown:
  // MultiPV, for analysis), best first. With limits.infinite, returns only once
  // stopped, as UCI "go infinite" expects.
  SearchResult search(const std::vector<chess::Position>& game, const players::Limits& limits,
                      const StopCheck& stop_requested, const Reporter& report = nullptr);

 private:
  struct Stack;
  struct RootMove;
  enum NodeType { NonPV, PV, Root };

  // Refined: the search with the refinements the levels were not measured
  // with (EngineConfig::refinements), the one mechanism that keeps them
  // apart: every refinement is `if (Refined ...)` or a helper taking it, so a
  // rated level's search (search<Root, false>) is the one it was measured
  // with, and neither pays for the other's branches.
  template <NodeType Node, bool Refined>
  ai::Value search(const chess::Position& pos, Stack* ss, ai::Value alpha, ai::Value beta, int depth, bool cut_node);
  template <NodeType Node, bool Refined>
  ai::Value qsearch(const chess::Position& pos, Stack* ss, ai::Value alpha, ai::Value beta, int depth = 0);

  // The static evaluation of pos, the node at ss: the network's when the
  // engine has one and the game is standard chess, else the weights'.
  ai::Value evaluate(const chess::Position& pos, Stack* ss);
  // The network's evaluation: the accumulator of the nearest ply above with
  // one ready, brought down the path move by move (or made afresh at the root).
  ai::Value network_evaluation(const chess::Position& pos, Stack* ss);
  // The static evaluation with what searches found it misses in this pawn
  // structure (CorrectionHistory), and its update; refined only.
  template <bool Refined>
  ai::Value corrected(const chess::Position& pos, ai::Value raw_eval) const;
  template <bool Refined>
  void update_correction(const chess::Position& pos, const Stack* ss, ai::Value raw_eval, ai::Value best_value,
                         ai::Value beta, chess::Move best_move, int depth);
  bool is_draw(const chess::Position& pos, const Stack* ss) const;
  // One more node. A node limit is exact; the stop check and the clock are
  // looked at every 1024 nodes. The first iteration always completes, so a
  // node limit always has a move and a score to give.
  void count_node();
  bool node_limit_reached() const;
  void check_limits();
  // Before a child is searched: the move made (Move::none() for a null move)
  // and the piece that made it in the stack, the child's key on the path (for
  // repetitions), and the child's plies since a null move.
  void enter_child(Stack* ss, const chess::Position& child, chess::Move m, chess::Piece moved);
  // A fail high's value moved toward beta, (value * weight + beta) / (weight + 1):
  // a wide fail high is less sure than its value says. Full strength only, and
  // never for a mate score.
  template <bool Refined>
  ai::Value leaned_toward_beta(ai::Value value, ai::Value beta, int weight) const;
  // A quiet move's butterfly and continuation histories; a capture's history.
  void update_quiet_history(const chess::Position& pos, Stack* ss, chess::Move move, int bonus);
  void update_capture_history(const chess::Position& pos, chess::Move move, int bonus);
  // A quiet best move: its killer slot, histories and counter move.
  void update_quiet_stats(const chess::Position& pos, Stack* ss, chess::Move move, int bonus);
  void update_continuation(Stack* ss, chess::Piece piece, chess::Square to, int bonus);
  // The continuation history of the quiet move that led to this node (none
  // after a null move, a capture or a promotion); full strength only.
  template <bool Refined>
  void update_previous_quiet(const chess::Position& pos, Stack* ss, int bonus);
  // Reports the first `lines` root moves of the iteration just completed.
  void report_iteration(const Reporter& report, int depth, std::size_t lines) const;

  EngineConfig config_;
  std::uint64_t noise_seed_ = 0;
  TranspositionTable tt_;
  std::unique_ptr<ButterflyHistory> butterfly_;
  std::unique_ptr<CaptureHistory> capture_history_;
  std::unique_ptr<ContinuationHistory> continuation_;
  std::unique_ptr<CounterMoves> counter_moves_;
  std::unique_ptr<CorrectionHistory> correction_;
  // One accumulator per ply of the search stack (with a network only).
  std::unique_ptr<nnue::Accumulator[]> accumulators_;
  nnue::Simd simd_ = nnue::Simd::Scalar;

  // State of the running search.
  ai::TimeManager time_;
  players::Limits limits_;
  const StopCheck* stop_requested_ = nullptr;
  bool stopped_ = false;
  std::uint64_t nodes_ = 0;
  int sel_depth_ = 0;
  int root_depth_ = 0;
  int nmp_min_ply_ = 0;  // null moves are off for nmp_color_ below this ply (verification search)
  chess::Color nmp_color_ = chess::WHITE;
  int best_move_changes_ = 0;   // in the current iteration
  chess::Move iteration_best_;  // the root move that last raised alpha in the current iteration
  std::vector<chess::Key> keys_;  // the game's positions, then the current search path
  std::size_t root_index_ = 0;    // keys_[root_index_] is the root
  std::vector<RootMove> root_moves_;
  // The line being searched (MultiPV): the root searches root_moves_[pv_index_..]
  // only, the better lines being known. 0 but for analysis with several lines.
  std::size_t pv_index_ = 0;
};

}  // namespace gambit::alphabeta
