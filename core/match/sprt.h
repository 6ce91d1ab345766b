// SPDX-License-Identifier: MIT
// The sequential probability ratio test of engine testing (fishtest, OpenBench,
// fastchess): after each game pair, the log-likelihood ratio of "the first
// player is elo1 stronger" (H1) against "it is elo0 stronger" (H0), on the
// logistic Elo scale; the match stops once it leaves [lower, upper]. Wald's
// bounds keep the chance of accepting H1 when H0 is true below alpha, and of
// accepting H0 when H1 is true below beta.
//
// The ratio is the generalised SPRT over pentanomial counts (Van den Bergh):
// for each hypothesis, the distribution of a pair's score (0, 1/4, ..., 1)
// most likely to give the counts seen among those whose mean is the score
// that elo0 or elo1 predicts, and LLR = sum of count * log(p1 / p0) over the
// five outcomes. Each count is given 0.001 more, as OpenBench does, so that
// every outcome stays possible. For hundreds of pairs this equals the normal
// approximation N (s1 - s0) (2 mean - s0 - s1) / (2 variance); for a few
// pairs it stays honest where that one does not: a single pair won 3/2 has
// no variance and would accept H1 at once, while here no pair can move the
// ratio by more than log(s1 / s0), about 0.03 for elo1 = 10.
#pragma once

#include <string>
#include <vector>

#include "core/match/elo.h"
#include "core/util/result.h"

namespace gambit::match {

struct SprtSettings {
  double elo0 = 0;
  double elo1 = 5;
  double alpha = 0.05;
  double beta = 0.05;

  // Wald's bounds: log(beta / (1 - alpha)) and log((1 - beta) / alpha).
  double lower_bound() const;
  double upper_bound() const;
  // "elo0=0 elo1=5 alpha=0.05 beta=0.05": what parse_sprt reads back.
  std::string text() const;
  bool operator==(const SprtSettings&) const = default;
};

// Settings from NAME=VALUE words (elo0, elo1, alpha, beta; each at most once,
// the others keep their defaults). Refused in words: an unknown name, a value
// that is not a number, elo0 >= elo1, alpha or beta outside (0, 0.5).
Result<SprtSettings> parse_sprt(const std::vector<std::string>& words);

// What the test says so far: go on, or stop with H0 (no better than elo0) or H1.
enum class SprtVerdict { Continue, AcceptH0, AcceptH1 };

struct SprtState {
  double llr = 0;
  SprtVerdict verdict = SprtVerdict::Continue;
  // "LLR 1.23 [-2.94, 2.94]: continue", "...: H1 accepted", "...: H0 accepted".
  std::string text(const SprtSettings& settings) const;
};

// The ratio for these pairs (0 when there are none) and what it decides.
SprtState sprt_state(const Pentanomial& pairs, const SprtSettings& settings);

}  // namespace gambit::match
