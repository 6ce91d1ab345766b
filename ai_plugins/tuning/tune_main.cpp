// SPDX-License-Identifier: MIT
// gambit-tune: fits the evaluation's weights to the results of games (Texel's
// method, texel.h) and writes them in eval_weights.h's form. One game in ten
// is held out: its positions' error, before and after, says whether the fit
// learned chess or the games.
//
//   gambit-tune --pgn games.pgn [--pgn more.pgn ...] [--from hand-set|tuned] [--epochs N] [--rate R]
//               [--skip-plies N] [--out weights.inc] [--name TunedWeights]
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "ai_plugins/common/eval_weights.h"
#include "ai_plugins/tuning/texel.h"

namespace {

using namespace gambit;

int run(int argc, char** argv) {
  CLI::App app{"Fits the evaluation's weights to game results (Texel's method) and writes them as C++."};
  std::vector<std::string> pgn_files;
  std::string from = "tuned", out_path, name = "TunedWeights";
  tuning::TuneSettings settings;
  int skip_plies = 0;
  app.add_option("--pgn", pgn_files, "Games to learn from (finished games: 1-0, 0-1, 1/2-1/2)")->required();
  app.add_option("--from", from, "Weights to start from")->check(CLI::IsMember({"hand-set", "tuned"}));
  app.add_option("--epochs", settings.epochs, "Steps over all positions")->check(CLI::Range(1, 1000000));
  app.add_option("--rate", settings.learning_rate, "Learning rate: centipawns a step, at most")->check(CLI::Range(0.001, 100.0));
  app.add_option("--regularisation", settings.regularisation,
                 "Pull towards the starting weights (0: none); try 0.01 to 1 when positions are few")
      ->check(CLI::Range(0.0, 1000.0));
  app.add_option("--skip-plies", skip_plies, "Leave out each game's first plies")->check(CLI::Range(0, 1000));
  app.add_option("--out", out_path, "Write the weights here (default: standard output)");
  app.add_option("--name", name, "Name of the weights in the written C++");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }
  const ai::EvalParams& start = from == "hand-set" ? ai::HandSetWeights : ai::TunedWeights;

  std::vector<tuning::TuningPosition> training, held_out;
  int unreadable = 0;
  std::uint32_t games_before = 0;
  for (const std::string& file : pgn_files) {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "gambit-tune: cannot read %s\n", file.c_str());
      return 2;
    }
    std::stringstream text;
    text << in.rdbuf();
    std::uint32_t games = 0;
    for (tuning::TuningPosition& p : tuning::positions_from_pgn(text.str(), start, skip_plies, unreadable)) {
      games = std::max(games, p.game + 1);
      p.game += games_before;
      (p.game % 10 == 9 ? held_out : training).push_back(std::move(p));
    }
    games_before += games;
  }
  std::fprintf(stderr, "gambit-tune: %zu positions to learn from, %zu held out, from %u games that gave any (%d unreadable)\n",
               training.size(), held_out.size(), games_before, unreadable);
  if (training.empty()) {
    std::fprintf(stderr, "gambit-tune: no quiet positions in finished games to learn from\n");
    return 2;
  }
  std::vector<bool> used(ai::WeightCount);
  for (const tuning::TuningPosition& p : training)
    for (const auto& [index, count] : p.counts) used[index] = true;
  std::fprintf(stderr, "gambit-tune: %td of the %zu weights (a middlegame and an endgame number each) are used\n",
               std::count(used.begin(), used.end(), true), ai::WeightCount);
  tuning::RealWeights weights = tuning::to_real(start);
  const double k = tuning::fit_k(training, weights);
  const double held_before = tuning::mean_error(held_out, weights, k);
  std::fprintf(stderr, "gambit-tune: K = %.4f; error %.6f, held out %.6f\n", k, tuning::mean_error(training, weights, k),
               held_before);
  const double error = tuning::tune(training, weights, k, settings, [&](int epoch, double e) {
    std::fprintf(stderr, "gambit-tune: epoch %d: error %.6f, held out %.6f\n", epoch, e,
                 tuning::mean_error(held_out, weights, k));
  });
  const ai::EvalParams tuned = tuning::to_params(weights);
  std::fprintf(stderr, "gambit-tune: final error %.6f, held out %.6f (was %.6f)\n", error,
               tuning::mean_error(held_out, tuning::to_real(tuned), k), held_before);
  const std::string source = tuning::weights_source(tuned, name);
  if (out_path.empty()) {
    std::fputs(source.c_str(), stdout);
  } else {
    std::ofstream out(out_path, std::ios::binary);
    out << source;
    if (!out) {
      std::fprintf(stderr, "gambit-tune: cannot write %s\n", out_path.c_str());
      return 2;
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) { return run(argc, argv); }
