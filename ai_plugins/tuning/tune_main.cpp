// SPDX-License-Identifier: MIT
// gambit-tune: fits the evaluation's weights to the results of games (Texel's
// method, texel.h), or to those mixed with a search's scores of the same
// positions, and writes them in eval_weights.h's form. One game in ten is held
// out: its positions' error, before and after, says whether the fit learned
// chess or the games.
//
//   gambit-tune --pgn games.pgn [--pgn more.pgn ...] [--from hand-set|tuned] [--epochs N] [--rate R]
//               [--skip-plies N] [--out weights.inc] [--name TunedWeights]
//   gambit-tune --pgn games.pgn --write-epd positions.epd     (the quiet positions, to be scored)
//   gambit-tune --epd scored.epd --score-weight 0.5 ...       (learn from results and scores)
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

// Reads a whole file, or says why not.
bool read_file(const std::string& path, std::string& text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "gambit-tune: cannot read %s\n", path.c_str());
    return false;
  }
  std::stringstream buffer;
  buffer << in.rdbuf();
  text = buffer.str();
  return true;
}

int run(int argc, char** argv) {
  CLI::App app{"Fits the evaluation's weights to game results (Texel's method) and writes them as C++."};
  std::vector<std::string> pgn_files, epd_files;
  std::string from = "tuned", out_path, name = "TunedWeights", write_epd;
  tuning::TuneSettings settings;
  int skip_plies = 0;
  double score_weight = 0;
  app.add_option("--pgn", pgn_files, "Games to learn from (finished games: 1-0, 0-1, 1/2-1/2)");
  app.add_option("--epd", epd_files, "Positions to learn from, as --write-epd writes them (c9 the result, ce a score)");
  app.add_option("--write-epd", write_epd, "Write the quiet positions read to this EPD file (to be scored) and stop");
  app.add_option("--score-weight", score_weight,
                 "How much the positions' scores (ce) count against the games' results: 0 results only, 1 scores only")
      ->check(CLI::Range(0.0, 1.0));
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
  if (pgn_files.empty() && epd_files.empty()) {
    std::fprintf(stderr, "gambit-tune: give games (--pgn) or positions (--epd) to learn from\n");
    return 2;
  }
  const ai::EvalParams& start = from == "hand-set" ? ai::HandSetWeights : ai::TunedWeights;

  // Every position, its game numbered across all files (one game in ten is held out).
  tuning::LabelledSet set;
  int unreadable = 0;
  std::string text;
  for (const std::string& file : pgn_files) {
    if (!read_file(file, text)) return 2;
    set.add(tuning::quiet_positions_from_pgn(text, skip_plies, unreadable));
  }
  for (const std::string& file : epd_files) {
    if (!read_file(file, text)) return 2;
    auto positions = tuning::labelled_positions_from_epd(text);
    if (!positions) {
      std::fprintf(stderr, "gambit-tune: %s: %s\n", file.c_str(), positions.error().c_str());
      return 2;
    }
    set.add(std::move(positions).value());
  }
  const std::vector<tuning::LabelledPosition>& labelled = set.positions();
  const std::uint32_t games_before = set.games();
  if (!write_epd.empty()) {
    std::ofstream out(write_epd, std::ios::binary);
    for (const tuning::LabelledPosition& p : labelled) out << tuning::epd_line(p) << '\n';
    if (!out) {
      std::fprintf(stderr, "gambit-tune: cannot write %s\n", write_epd.c_str());
      return 2;
    }
    std::fprintf(stderr, "gambit-tune: wrote %zu quiet positions of %u games to %s (%d unreadable)\n", labelled.size(),
                 games_before, write_epd.c_str(), unreadable);
    return 0;
  }
  const std::size_t scored = std::size_t(
      std::count_if(labelled.begin(), labelled.end(), [](const tuning::LabelledPosition& p) { return bool(p.score); }));
  const double score_k = tuning::fit_score_k(labelled);
  if (score_weight > 0 && scored == 0) {
    std::fprintf(stderr, "gambit-tune: --score-weight needs positions with a score (ce); none has one\n");
    return 2;
  }
  if (scored)
    std::fprintf(stderr, "gambit-tune: %zu of %zu positions have a score; the scores predict the results best with K = %.4f\n",
                 scored, labelled.size(), score_k);

  const tuning::TuningSets sets = tuning::split_held_out(labelled, start, score_k, score_weight);
  const std::vector<tuning::TuningPosition>& training = sets.training;
  const std::vector<tuning::TuningPosition>& held_out = sets.held_out;
  const std::vector<tuning::TuningPosition>& held_out_results = sets.held_out_results;
  std::fprintf(stderr, "gambit-tune: %zu positions to learn from, %zu held out, from %u games that gave any (%d unreadable)\n",
               training.size(), held_out.size(), games_before, unreadable);
  if (training.empty()) {
    std::fprintf(stderr, "gambit-tune: no quiet positions in finished games to learn from\n");
    return 2;
  }
  std::fprintf(stderr, "gambit-tune: %zu of the %zu weights (a middlegame and an endgame number each) are used\n",
               tuning::used_weights(training), ai::WeightCount);
  tuning::RealWeights weights = tuning::to_real(start);
  const double k = tuning::fit_k(training, weights);
  const double held_before = tuning::mean_error(held_out, weights, k);
  // How well the evaluation predicts the held-out games' results alone, K
  // fitted to them: comparable whatever the scores' share in the target.
  const auto results_error = [&](const tuning::RealWeights& w) {
    return tuning::mean_error(held_out_results, w, tuning::fit_k(held_out_results, w));
  };
  const double results_before = held_out_results.empty() ? 0 : results_error(weights);
  std::fprintf(stderr, "gambit-tune: K = %.4f; error %.6f, held out %.6f\n", k, tuning::mean_error(training, weights, k),
               held_before);
  const double error = tuning::tune(training, weights, k, settings, [&](int epoch, double e) {
    std::fprintf(stderr, "gambit-tune: epoch %d: error %.6f, held out %.6f\n", epoch, e,
                 tuning::mean_error(held_out, weights, k));
  });
  const ai::EvalParams tuned = tuning::to_params(weights);
  std::fprintf(stderr, "gambit-tune: final error %.6f, held out %.6f (was %.6f)\n", error,
               tuning::mean_error(held_out, tuning::to_real(tuned), k), held_before);
  if (!held_out_results.empty() && score_weight > 0)
    std::fprintf(stderr, "gambit-tune: held out against the games' results alone: %.6f (was %.6f)\n",
                 results_error(tuning::to_real(tuned)), results_before);
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
