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
#include "core/chess/epd.h"

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
  std::vector<tuning::LabelledPosition> labelled;
  int unreadable = 0;
  std::uint32_t games_before = 0;
  const auto add = [&](std::vector<tuning::LabelledPosition> positions) {
    std::uint32_t games = 0;
    for (tuning::LabelledPosition& p : positions) {
      games = std::max(games, p.game + 1);
      p.game += games_before;
      labelled.push_back(std::move(p));
    }
    games_before += games;
  };
  std::string text;
  for (const std::string& file : pgn_files) {
    if (!read_file(file, text)) return 2;
    add(tuning::quiet_positions_from_pgn(text, skip_plies, unreadable));
  }
  for (const std::string& file : epd_files) {
    if (!read_file(file, text)) return 2;
    std::vector<tuning::LabelledPosition> positions;
    std::istringstream lines(text);
    std::string line;
    for (int number = 1; std::getline(lines, line); ++number) {
      if (chess::epd_line_is_blank(line)) continue;
      auto p = tuning::labelled_position(line);
      if (!p) {
        std::fprintf(stderr, "gambit-tune: %s:%d: %s\n", file.c_str(), number, p.error().c_str());
        return 2;
      }
      positions.push_back(std::move(*p));
    }
    add(std::move(positions));
  }
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

  std::vector<tuning::TuningPosition> training, held_out, held_out_results;
  for (const tuning::LabelledPosition& l : labelled)
    if (auto p = tuning::tuning_position(l.position, start, tuning::target(l, score_k, score_weight))) {
      p->game = l.game;
      if (p->game % 10 == 9) {
        held_out.push_back(*p);
        held_out_results.push_back(std::move(*p));
        held_out_results.back().result = l.result;
      } else {
        training.push_back(std::move(*p));
      }
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
