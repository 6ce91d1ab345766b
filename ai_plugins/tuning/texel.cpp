// SPDX-License-Identifier: MIT
#include "ai_plugins/tuning/texel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "ai_plugins/common/evaluate.h"
#include "core/chess/exchange.h"
#include "core/chess/movegen.h"
#include "core/chess/epd.h"
#include "core/chess/pgn.h"
#include "core/util/parse_number.h"
#include "core/util/words.h"

namespace gambit::tuning {

namespace {

double sigmoid(double k, double eval) { return 1.0 / (1.0 + std::pow(10.0, -k * eval / 400.0)); }

// Scores beyond this are as good as won; mates written as large numbers stop here.
constexpr std::int64_t ScoreLimit = 2000;

// The k in 0.1..5 that minimises error(k) (golden-section search).
double golden_section(const std::function<double(double)>& error) {
  const double ratio = (std::sqrt(5.0) - 1) / 2;
  double low = 0.1, high = 5.0;
  for (int step = 0; step < 60; ++step) {
    const double a = high - ratio * (high - low), b = low + ratio * (high - low);
    if (error(a) < error(b)) high = b;
    else low = a;
  }
  return (low + high) / 2;
}

}  // namespace

RealWeights to_real(const ai::EvalParams& params) {
  const ai::WeightArray flat = ai::flat_weights(params);
  RealWeights weights(2 * ai::WeightCount);
  for (std::size_t i = 0; i < ai::WeightCount; ++i) {
    weights[2 * i] = flat[i].mg;
    weights[2 * i + 1] = flat[i].eg;
  }
  return weights;
}

ai::EvalParams to_params(const RealWeights& weights) {
  ai::WeightArray flat{};
  for (std::size_t i = 0; i < ai::WeightCount; ++i)
    flat[i] = ai::S(int(std::lround(weights[2 * i])), int(std::lround(weights[2 * i + 1])));
  return ai::weights_from(flat);
}

bool quiet(const chess::Position& pos) {
  if (pos.variant() != chess::Variant::Standard || pos.in_check()) return false;
  for (const chess::Move m : chess::legal_moves(pos)) {
    if (m.kind() == chess::Move::PROMOTION) return false;
    if (!pos.empty(m.to()) && chess::static_exchange(pos, m, ai::PieceValue) > 0) return false;
  }
  return true;
}

std::optional<TuningPosition> tuning_position(const chess::Position& pos, const ai::EvalParams& params, float result) {
  if (!quiet(pos)) return std::nullopt;
  ai::EvalTrace trace;
  ai::trace_evaluation(pos, params, trace);
  if (trace.decided) return std::nullopt;
  TuningPosition p;
  for (std::size_t i = 0; i < trace.count.size(); ++i)
    if (trace.count[i]) p.counts.emplace_back(std::uint16_t(i), std::int16_t(trace.count[i]));
  p.fixed_mg = float(trace.fixed.mg);
  p.fixed_eg = float(trace.fixed.eg);
  p.eg_after_scale = float(trace.eg_after_scale);
  p.scale = float(trace.scale) / 64;
  p.phase = float(trace.phase) / 24;
  p.tempo = float(pos.side_to_move() == chess::WHITE ? trace.tempo : -trace.tempo);
  p.result = result;
  return p;
}

std::vector<LabelledPosition> quiet_positions_from_pgn(std::string_view text, int skip_plies, int& unreadable) {
  std::vector<LabelledPosition> positions;
  chess::PgnReader reader(text);
  std::uint32_t number = 0;
  while (auto game = reader.next()) {
    if (!game->ok()) {
      ++unreadable;
      continue;
    }
    const chess::PgnGame& pgn = game->value();
    const float result = pgn.result == "1-0" ? 1.0f : pgn.result == "0-1" ? 0.0f : pgn.result == "1/2-1/2" ? 0.5f : -1;
    if (result < 0) continue;
    const std::uint32_t this_game = number++;
    chess::Position pos = pgn.start;
    for (std::size_t ply = 0; ply <= pgn.moves.size(); ++ply) {
      if (int(ply) >= skip_plies && quiet(pos)) positions.push_back(LabelledPosition{pos, result, std::nullopt, this_game});
      if (ply < pgn.moves.size()) pos.do_move(pgn.moves[ply]);
    }
  }
  return positions;
}

std::vector<TuningPosition> positions_from_pgn(std::string_view text, const ai::EvalParams& params, int skip_plies,
                                               int& unreadable) {
  std::vector<TuningPosition> positions;
  for (const LabelledPosition& l : quiet_positions_from_pgn(text, skip_plies, unreadable))
    if (auto p = tuning_position(l.position, params, l.result)) {
      p->game = l.game;
      positions.push_back(std::move(*p));
    }
  return positions;
}

std::string epd_line(const LabelledPosition& p) {
  std::string fen = p.position.fen();
  // EPD's four fields, the counters as operations.
  std::vector<std::string> fields = split_words(fen);
  std::string line = fields[0] + " " + fields[1] + " " + fields[2] + " " + fields[3];
  if (fields.size() >= 6) line += " hmvc " + fields[4] + "; fmvn " + fields[5] + ";";
  line += std::string(" c9 \"") + (p.result == 1.0f ? "1-0" : p.result == 0.0f ? "0-1" : "1/2-1/2") + "\";";
  line += " game " + std::to_string(p.game) + ";";
  if (p.score) {
    const int stm_view = p.position.side_to_move() == chess::WHITE ? *p.score : -*p.score;
    line += " ce " + std::to_string(stm_view) + ";";
  }
  return line;
}

Result<LabelledPosition> labelled_position(std::string_view text) {
  auto epd = chess::parse_epd_line(text, chess::Variant::Standard);
  if (!epd) return Failure{epd.error()};
  LabelledPosition p;
  p.position = epd->position;
  const std::string result = epd->operand("c9");
  if (result == "1-0") p.result = 1.0f;
  else if (result == "0-1") p.result = 0.0f;
  else if (result == "1/2-1/2") p.result = 0.5f;
  else return Failure{result.empty() ? std::string("no result (c9 \"1-0\", \"0-1\" or \"1/2-1/2\")")
                                     : "the result " + quote_for_message(result) + " is not 1-0, 0-1 or 1/2-1/2"};
  if (const std::string ce = epd->operand("ce"); !ce.empty()) {
    const auto value = parse_int64(ce);
    if (!value) return Failure{"the score (ce) " + quote_for_message(ce) + " is not a whole number of centipawns"};
    const int clamped = int(std::clamp<std::int64_t>(*value, -ScoreLimit, ScoreLimit));
    p.score = p.position.side_to_move() == chess::WHITE ? clamped : -clamped;
  }
  if (const std::string game = epd->operand("game"); !game.empty()) {
    const auto value = parse_int64(game);
    if (!value || *value < 0 || *value > 0xffffffffLL)
      return Failure{"the game number " + quote_for_message(game) + " is not a number from 0 on"};
    p.game = std::uint32_t(*value);
  }
  return p;
}

Result<std::vector<LabelledPosition>> labelled_positions_from_epd(std::string_view text) {
  std::vector<LabelledPosition> positions;
  std::size_t number = 0;
  for (std::size_t at = 0; at < text.size();) {
    std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(at, end - at);
    at = end + 1;
    ++number;
    if (chess::epd_line_is_blank(line)) continue;
    auto p = labelled_position(line);
    if (!p) return Failure{"line " + std::to_string(number) + ": " + p.error()};
    positions.push_back(std::move(p).value());
  }
  return positions;
}

void LabelledSet::add(std::vector<LabelledPosition> positions) {
  std::uint32_t games = 0;
  for (LabelledPosition& p : positions) {
    games = std::max(games, p.game + 1);
    p.game += games_;
    positions_.push_back(std::move(p));
  }
  games_ += games;
}

TuningSets split_held_out(const std::vector<LabelledPosition>& labelled, const ai::EvalParams& start, double score_k,
                          double score_weight) {
  TuningSets sets;
  for (const LabelledPosition& l : labelled) {
    std::optional<TuningPosition> p = tuning_position(l.position, start, target(l, score_k, score_weight));
    if (!p) continue;
    p->game = l.game;
    if (p->game % 10 != 9) {
      sets.training.push_back(std::move(*p));
      continue;
    }
    sets.held_out.push_back(*p);
    sets.held_out_results.push_back(std::move(*p));
    sets.held_out_results.back().result = l.result;
  }
  return sets;
}

std::size_t used_weights(const std::vector<TuningPosition>& positions) {
  std::vector<bool> used(ai::WeightCount);
  for (const TuningPosition& p : positions)
    for (const auto& [index, count] : p.counts) used[index] = true;
  return std::size_t(std::count(used.begin(), used.end(), true));
}

double fit_score_k(const std::vector<LabelledPosition>& positions) {
  const auto error = [&](double k) {
    double sum = 0;
    for (const LabelledPosition& p : positions)
      if (p.score) sum += std::pow(p.result - sigmoid(k, *p.score), 2);
    return sum;
  };
  if (std::none_of(positions.begin(), positions.end(), [](const LabelledPosition& p) { return bool(p.score); }))
    return 0;
  return golden_section(error);
}

float target(const LabelledPosition& p, double score_k, double score_weight) {
  if (!p.score) return p.result;
  return float((1 - score_weight) * p.result + score_weight * sigmoid(score_k, *p.score));
}

double linear_eval(const TuningPosition& p, const RealWeights& weights) {
  double mg = p.fixed_mg, eg = p.fixed_eg;
  for (const auto& [index, count] : p.counts) {
    mg += count * weights[2 * index];
    eg += count * weights[2 * index + 1];
  }
  return mg * p.phase + (eg * p.scale + p.eg_after_scale) * (1 - p.phase) + p.tempo;
}

double mean_error(const std::vector<TuningPosition>& positions, const RealWeights& weights, double k) {
  double sum = 0;
  for (const TuningPosition& p : positions) {
    const double miss = p.result - sigmoid(k, linear_eval(p, weights));
    sum += miss * miss;
  }
  return positions.empty() ? 0 : sum / double(positions.size());
}

double fit_k(const std::vector<TuningPosition>& positions, const RealWeights& weights) {
  return golden_section([&](double k) { return mean_error(positions, weights, k); });
}

double tune(const std::vector<TuningPosition>& positions, RealWeights& weights, double k, const TuneSettings& settings,
            const std::function<void(int, double)>& report) {
  constexpr double Beta1 = 0.9, Beta2 = 0.999, Epsilon = 1e-8;
  std::vector<double> gradient(weights.size()), m(weights.size()), v(weights.size());
  const RealWeights start = weights;
  std::vector<bool> used(weights.size());
  for (const TuningPosition& p : positions)
    for (const auto& [index, count] : p.counts) used[2 * index] = used[2 * index + 1] = true;
  const double used_count = double(std::count(used.begin(), used.end(), true));
  const double slope = 2.0 / double(positions.size()) * k * std::log(10.0) / 400;  // of the mean error
  double error = mean_error(positions, weights, k);
  for (int epoch = 1; epoch <= settings.epochs; ++epoch) {
    std::fill(gradient.begin(), gradient.end(), 0.0);
    for (const TuningPosition& p : positions) {
      const double s = sigmoid(k, linear_eval(p, weights));
      const double d = slope * (s - p.result) * s * (1 - s);  // d(mean error)/d(this position's eval)
      const double mg_part = d * p.phase, eg_part = d * p.scale * (1 - p.phase);
      for (const auto& [index, count] : p.counts) {
        gradient[2 * index] += count * mg_part;
        gradient[2 * index + 1] += count * eg_part;
      }
    }
    const double correction1 = 1 - std::pow(Beta1, epoch), correction2 = 1 - std::pow(Beta2, epoch);
    for (std::size_t i = 0; i < weights.size(); ++i) {
      if (!used[i]) continue;
      gradient[i] += settings.regularisation * 2 * (weights[i] - start[i]) / (100.0 * 100.0) / used_count;
      m[i] = Beta1 * m[i] + (1 - Beta1) * gradient[i];
      v[i] = Beta2 * v[i] + (1 - Beta2) * gradient[i] * gradient[i];
      weights[i] -= settings.learning_rate * (m[i] / correction1) / (std::sqrt(v[i] / correction2) + Epsilon);
    }
    if (report && (epoch % settings.report_every == 0 || epoch == settings.epochs)) {
      error = mean_error(positions, weights, k);
      report(epoch, error);
    }
  }
  return mean_error(positions, weights, k);
}

std::string weights_source(const ai::EvalParams& params, std::string_view name) {
  std::string out = "inline constexpr EvalParams " + std::string(name) + " = {\n";
  auto score = [](const ai::Score& s) { return "S(" + std::to_string(s.mg) + ", " + std::to_string(s.eg) + ")"; };
  auto rows = [&](const ai::Score* scores, std::size_t n, std::size_t per_row, const std::string& indent) {
    std::string text;
    for (std::size_t i = 0; i < n; ++i)
      text += (i % per_row == 0 ? indent : " ") + score(scores[i]) + "," + (i % per_row == per_row - 1 || i + 1 == n ? "\n" : "");
    return text;
  };
  auto array = [&](const char* field, const ai::Score* scores, std::size_t n) {
    out += std::string("    .") + field + " = {\n" + rows(scores, n, 7, "        ") + "    },\n";
  };
  auto table = [&](const char* field, const auto& scores) {  // a two-dimensional array
    out += std::string("    .") + field + " = {\n";
    for (const auto& row : scores) out += "        {\n" + rows(row, std::size(row), 8, "            ") + "        },\n";
    out += "    },\n";
  };
  auto single = [&](const char* field, const ai::Score& s) { out += std::string("    .") + field + " = " + score(s) + ",\n"; };
  static constexpr const char* PieceNames[] = {"none", "pawn", "knight", "bishop", "rook", "queen", "king"};
  array("material", params.material, std::size(params.material));
  out += "    .piece_square = {\n";
  for (std::size_t pt = 0; pt < std::size(params.piece_square); ++pt)
    out += std::string("        {  // ") + PieceNames[pt] + "\n" + rows(params.piece_square[pt], 64, 8, "            ") +
           "        },\n";
  out += "    },\n";
  array("knight_mobility", params.knight_mobility, std::size(params.knight_mobility));
  array("bishop_mobility", params.bishop_mobility, std::size(params.bishop_mobility));
  array("rook_mobility", params.rook_mobility, std::size(params.rook_mobility));
  array("queen_mobility", params.queen_mobility, std::size(params.queen_mobility));
  single("bishop_pair", params.bishop_pair);
  single("rook_on_open_file", params.rook_on_open_file);
  single("rook_on_semi_open_file", params.rook_on_semi_open_file);
  array("outpost", params.outpost, std::size(params.outpost));
  array("attacked_by_pawn", params.attacked_by_pawn, std::size(params.attacked_by_pawn));
  single("rook_or_queen_attacked_by_minor", params.rook_or_queen_attacked_by_minor);
  single("doubled_pawn", params.doubled_pawn);
  single("isolated_pawn", params.isolated_pawn);
  array("connected_pawn", params.connected_pawn, std::size(params.connected_pawn));
  array("passed_pawn", params.passed_pawn, std::size(params.passed_pawn));
  single("shelter_missing_pawn", params.shelter_missing_pawn);
  single("shelter_open_file", params.shelter_open_file);
  single("shelter_pawn_two_ahead", params.shelter_pawn_two_ahead);
  single("shelter_pawn_far", params.shelter_pawn_far);
  single("passer_their_king_distance", params.passer_their_king_distance);
  single("passer_our_king_distance", params.passer_our_king_distance);
  single("passer_free_path", params.passer_free_path);
  single("unstoppable_passer", params.unstoppable_passer);
  array("threat_by_minor", params.threat_by_minor, std::size(params.threat_by_minor));
  array("threat_by_rook", params.threat_by_rook, std::size(params.threat_by_rook));
  single("threat_by_king", params.threat_by_king);
  single("hanging", params.hanging);
  array("safe_check", params.safe_check, std::size(params.safe_check));
  single("weak_king_zone", params.weak_king_zone);
  table("king_danger", params.king_danger);
  table("pawn_storm", params.pawn_storm);
  single("backward_pawn", params.backward_pawn);
  single("bishop_pawns", params.bishop_pawns);
  single("minor_behind_pawn", params.minor_behind_pawn);
  single("threat_by_pawn_push", params.threat_by_pawn_push);
  single("space", params.space);
  single("king_protector", params.king_protector);
  single("pawnless_flank", params.pawnless_flank);
  return out + "};\n";
}

}  // namespace gambit::tuning
