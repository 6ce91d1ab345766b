// SPDX-License-Identifier: MIT
// Texel's tuning method for the evaluation's weights: positions from finished
// games, each labelled with the game's result, and weights chosen to minimise
// the mean squared error between the result and a logistic curve of the
// evaluation, sigmoid(K * eval / 400). K is fitted first, to the weights as
// they are, then held.
//
// The evaluation is a sum of weights times counts (EvalTrace), blended by the
// phase, so a position is kept as its sparse counts and the error's gradient
// is exact; the terms that are not sums of weights (mop-up) are
// kept fixed as they were measured with the starting weights. Weights are
// moved by Adam, the whole set of positions at each step.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ai_plugins/common/eval_params.h"
#include "core/chess/position.h"
#include "core/util/result.h"

namespace gambit::tuning {

// One labelled position as the tuner sees it: what its evaluation uses.
struct TuningPosition {
  std::vector<std::pair<std::uint16_t, std::int16_t>> counts;  // weight index, count (White minus Black)
  float fixed_mg = 0, fixed_eg = 0, eg_after_scale = 0;
  float scale = 1;        // the endgame scale, 0..1
  float phase = 0;        // 0 (endgame) .. 1 (middlegame)
  float tempo = 0;        // White's view
  float result = 0.5f;    // the game's result for White: 1, 0.5 or 0
  std::uint32_t game = 0;  // which game it came from (positions_from_pgn counts from 0)
};

// Weights as reals: mg then eg for each weight of EvalParams in order.
using RealWeights = std::vector<double>;
RealWeights to_real(const ai::EvalParams& params);
// Rounded back to whole centipawns.
ai::EvalParams to_params(const RealWeights& weights);

// Whether a position says something of the evaluation alone: not in check,
// standard chess, no capture or promotion that wins material on the spot
// (static exchange), not scored by a rule of the evaluation.
bool quiet(const chess::Position& pos);

// The position's terms under `params`, labelled with `result`; nullopt for a
// position that is not quiet().
std::optional<TuningPosition> tuning_position(const chess::Position& pos, const ai::EvalParams& params, float result);

// A quiet position of a game, with what is known of its value: the game's
// result and, when a search has scored it, that score.
struct LabelledPosition {
  chess::Position position;
  float result = 0.5f;                // the game's result for White: 1, 0.5 or 0
  std::optional<int> score;           // centipawns in White's view, from a search
  std::uint32_t game = 0;
};

// The quiet positions of every game in PGN text with a decided result (1-0,
// 0-1, 1/2-1/2), from ply `skip_plies` of each game on, games counted from
// 0. Games that cannot be read are counted in `unreadable` and skipped.
std::vector<LabelledPosition> quiet_positions_from_pgn(std::string_view text, int skip_plies, int& unreadable);

// The same positions with their terms under `params` (as tuning_position).
std::vector<TuningPosition> positions_from_pgn(std::string_view text, const ai::EvalParams& params, int skip_plies,
                                               int& unreadable);

// Positions as an EPD tuning set, one a line: the FEN, then "c9" the result
// ("1-0", "0-1", "1/2-1/2"), "game" the game's number and, when scored, "ce"
// the score in the side to move's view, as EPD gives it.
std::string epd_line(const LabelledPosition& p);
// Reads such a line (any EPD line with c9; ce and game are optional). Fails
// with a sentence naming what is wrong.
Result<LabelledPosition> labelled_position(std::string_view epd_line);
// Every line of an EPD tuning set (blank lines skipped); fails naming the
// first bad line ("line 7: ...").
Result<std::vector<LabelledPosition>> labelled_positions_from_epd(std::string_view text);

// Positions from several files, each file's games numbered on from the
// games of the files added before it, so that a game's number (from 0) is
// its own across the whole set.
class LabelledSet {
 public:
  void add(std::vector<LabelledPosition> positions);
  const std::vector<LabelledPosition>& positions() const { return positions_; }
  std::uint32_t games() const { return games_; }

 private:
  std::vector<LabelledPosition> positions_;
  std::uint32_t games_ = 0;
};

// What the tuner learns from and what judges it: the positions of one game in
// ten (its number's last digit 9) are held out, the rest are learnt from; the
// held-out ones twice, with the training's targets (target()) and with their
// games' results alone. Positions that are not quiet under `start` are left out.
struct TuningSets {
  std::vector<TuningPosition> training;
  std::vector<TuningPosition> held_out;
  std::vector<TuningPosition> held_out_results;
};
TuningSets split_held_out(const std::vector<LabelledPosition>& labelled, const ai::EvalParams& start, double score_k,
                          double score_weight);
// How many of the weights the positions use (a count that is not zero).
std::size_t used_weights(const std::vector<TuningPosition>& positions);

// The k with which sigmoid(k * score / 400) best predicts the results from
// the search scores alone (positions without a score are left out); 0 when
// no position has one.
double fit_score_k(const std::vector<LabelledPosition>& positions);

// What the tuner learns from: the result and the score's expected result
// sigmoid(score_k * score / 400) mixed, score_weight (0..1) of the latter.
// A position without a score keeps its result.
float target(const LabelledPosition& p, double score_k, double score_weight);

// The evaluation in White's view the counts give with `weights`.
double linear_eval(const TuningPosition& p, const RealWeights& weights);

// Mean squared error of sigmoid(k * eval / 400) against the results.
double mean_error(const std::vector<TuningPosition>& positions, const RealWeights& weights, double k);

// The k that minimises mean_error for these weights (golden-section search on 0.1..5).
double fit_k(const std::vector<TuningPosition>& positions, const RealWeights& weights);

struct TuneSettings {
  int epochs = 2000;
  double learning_rate = 1.0;  // centipawns per step, before Adam's scaling
  // Weight of the pull back to the starting weights: the error plus
  // regularisation * mean over weights of (change / 100 cp)^2 is minimised, so
  // that a weight few positions speak for stays near where it was.
  double regularisation = 0;
  // Called after each `report_every` epochs with the epoch and the error.
  int report_every = 100;
};

// Moves `weights` down the error's gradient (Adam); weights that no position
// uses are left as they are. Returns the final error (without the pull).
double tune(const std::vector<TuningPosition>& positions, RealWeights& weights, double k, const TuneSettings& settings,
            const std::function<void(int epoch, double error)>& report = nullptr);

// The weights as eval_weights.h declares them: "inline constexpr EvalParams NAME = {...};".
std::string weights_source(const ai::EvalParams& params, std::string_view name);

}  // namespace gambit::tuning
