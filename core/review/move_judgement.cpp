// SPDX-License-Identifier: MIT
#include "core/review/move_judgement.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <iterator>

#include "core/util/translation.h"

namespace gambit::review {

Score on_stockfish_scale(Score score, double factor) {
  if (score.kind == Score::Kind::Mate) return score;
  return Score::centipawns(int(std::lround(score.value * factor)));
}

int capped_centipawns(Score white_view) {
  constexpr int Ceiling = 1000;
  if (white_view.kind == Score::Kind::Mate) return white_view.value >= 0 ? Ceiling : -Ceiling;
  return std::clamp(white_view.value, -Ceiling, Ceiling);
}

double winning_chances(Score white_view) {
  return 2.0 / (1.0 + std::exp(-0.00368208 * capped_centipawns(white_view))) - 1.0;
}

double win_percent(Score white_view) { return 50.0 + 50.0 * winning_chances(white_view); }

Judgement judge(Score before, Score after, chess::Color mover) {
  const double sign = mover == chess::WHITE ? 1.0 : -1.0;
  const double drop = sign * (winning_chances(before) - winning_chances(after));
  if (drop >= 0.3) return Judgement::Blunder;
  if (drop >= 0.2) return Judgement::Mistake;
  if (drop >= 0.1) return Judgement::Inaccuracy;
  return Judgement::Good;
}

namespace {

// How each judgement is written, by Judgement (Good, Inaccuracy, Mistake, Blunder):
// name and title in English (marked for the catalogue: tr() them where shown).
struct Names {
  int nag;
  const char* name;
  const char* title;
  const char* mark;
};
// TRANSLATORS: how good a move was, as a game's review judges it (good move, inaccuracy ?!, mistake ?, blunder ??).
constexpr Names JudgementNames[] = {{0, N_("good move"), N_("Good move"), ""},
                                    {6, N_("inaccuracy"), N_("Inaccuracy"), "?!"},
                                    {2, N_("mistake"), N_("Mistake"), "?"},
                                    {4, N_("blunder"), N_("Blunder"), "??"}};
static_assert(std::size(JudgementNames) == int(Judgement::Blunder) + 1, "one row per Judgement, in its order");

}  // namespace

int nag_of(Judgement judgement) { return JudgementNames[int(judgement)].nag; }
const char* name_of(Judgement judgement) { return JudgementNames[int(judgement)].name; }
const char* title_of(Judgement judgement) { return JudgementNames[int(judgement)].title; }
const char* mark_of(Judgement judgement) { return JudgementNames[int(judgement)].mark; }

double move_accuracy(double before, double after) {
  if (after >= before) return 100.0;
  const double raw = 103.1668100711649 * std::exp(-0.04354415386753951 * (before - after)) - 3.166924740191411;
  return std::clamp(raw + 1.0, 0.0, 100.0);
}

double move_accuracy(Score before, Score after, chess::Color mover) {
  const double b = win_percent(before), a = win_percent(after);
  return mover == chess::WHITE ? move_accuracy(b, a) : move_accuracy(100.0 - b, 100.0 - a);
}

namespace {

double standard_deviation(const std::vector<double>& xs) {
  double mean = 0;
  for (double x : xs) mean += x;
  mean /= double(xs.size());
  double sum = 0;
  for (double x : xs) sum += (x - mean) * (x - mean);
  return std::sqrt(sum / double(xs.size()));
}

}  // namespace

GameAccuracy game_accuracy(const std::vector<Score>& scores, chess::Color first_mover) {
  GameAccuracy result;
  if (scores.size() < 2) return result;
  const std::size_t moves = scores.size() - 1;
  std::vector<double> percents;
  for (const Score& s : scores) percents.push_back(win_percent(s));
  const std::size_t window = std::clamp<std::size_t>(moves / 10, 2, 8);
  // One window per move: the first ones repeat the window at the start.
  std::vector<double> weights;
  for (std::size_t i = 0; i < moves; ++i) {
    const std::size_t first = i + 2 < window ? 0 : i + 2 - window;  // window <= moves + 1 always
    const std::vector<double> xs(percents.begin() + long(first), percents.begin() + long(first + window));
    weights.push_back(std::clamp(standard_deviation(xs), 0.5, 12.0));
  }
  for (const chess::Color side : {chess::WHITE, chess::BLACK}) {
    double weighted = 0, weight_sum = 0, inverse_sum = 0;
    std::size_t count = 0;
    bool zero = false;
    for (std::size_t i = 0; i < moves; ++i) {
      const chess::Color mover = (i % 2 == 0) ? first_mover : ~first_mover;
      if (mover != side) continue;
      const double accuracy = move_accuracy(scores[i], scores[i + 1], side);
      weighted += accuracy * weights[i];
      weight_sum += weights[i];
      if (accuracy <= 0) zero = true;
      else inverse_sum += 1.0 / accuracy;
      ++count;
    }
    if (count == 0) continue;
    const double harmonic = zero ? 0.0 : double(count) / inverse_sum;
    (side == chess::WHITE ? result.white : result.black) = (weighted / weight_sum + harmonic) / 2.0;
  }
  return result;
}

}  // namespace gambit::review
