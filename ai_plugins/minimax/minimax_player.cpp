// SPDX-License-Identifier: MIT
// minimax: the baseline player. Plain negamax to the `depth` option; under a
// time limit it deepens one ply at a time and answers from the deepest search
// it finished. Option `blunder_percent` makes it play a random legal move that
// often (the "easy" level).
#include <array>
#include <chrono>
#include <random>
#include <thread>

#include "ai_plugins/common/draw_offer.h"
#include "ai_plugins/common/shipped_plugin.h"
#include "ai_plugins/common/timeman.h"
#include "ai_plugins/minimax/negamax.h"
#include "gambit/player_sdk.h"
#include "core/chess/movegen.h"
#include "core/util/translation.h"

namespace gambit::plugins {

class MinimaxPlayer final : public sdk::Player {
 public:
  static constexpr const char* Id = "minimax";
  static constexpr const char* Name = "Gambit Minimax";
  static constexpr const char* Version = "1.0.0";
  static constexpr const char* Description =
      N_("Plain minimax (negamax) to a fixed depth with no pruning: the honest baseline.");

  static std::span<const gambit_option_spec> option_specs() {
    static constexpr std::array<gambit_option_spec, 3> specs{{
        {.name = "depth", .help = N_("How many half-moves ahead to look at every reply"), .type = GAMBIT_OPTION_INT,
         .min = 1, .max = 6, .default_value = "3", .choices = nullptr, .choice_count = 0},
        {.name = "blunder_percent", .help = N_("Weakening: how often (in percent) to play a random legal move instead"),
         .type = GAMBIT_OPTION_INT, .min = 0, .max = 100, .default_value = "0", .choices = nullptr,
         .choice_count = 0},
        ai::seed_option(N_("Seed for the random moves; the same seed replays the same game (0 = from the clock)")),
    }};
    return specs;
  }

  static std::span<const char* const> variants() {
    return ai::ShippedVariants;
  }
  static std::span<const gambit_level> levels() {
    static constexpr gambit_option_value Easy[] = {{"depth", "1"}, {"blunder_percent", "30"}};
    static constexpr gambit_option_value Medium[] = {{"depth", "2"}, {"blunder_percent", "0"}};
    static constexpr gambit_option_value Hard[] = {{"depth", "3"}, {"blunder_percent", "0"}};
    static constexpr gambit_option_value Max[] = {{"depth", "4"}, {"blunder_percent", "0"}};
    static constexpr std::array<gambit_level, 4> table{{
        {.name = "easy", .description = N_("Looks one move ahead and often plays at random"), .settings = Easy,
         .setting_count = 2},
        {.name = "medium", .description = N_("Looks at its move and the reply"), .settings = Medium, .setting_count = 2},
        {.name = "hard", .description = N_("Looks three half-moves ahead"), .settings = Hard, .setting_count = 2},
        {.name = "max", .description = N_("Looks four half-moves ahead"), .settings = Max, .setting_count = 2},
    }};
    return table;
  }

  explicit MinimaxPlayer(const sdk::Options& options)
      : depth_(int(options.integer("depth"))),
        blunder_percent_(int(options.integer("blunder_percent"))),
        seed_(std::uint64_t(options.integer("seed"))) {
    new_game();
  }

  void new_game() override {
    rng_.seed(seed_ ? seed_ : std::uint64_t(std::chrono::steady_clock::now().time_since_epoch().count()));
  }

  chess::Move choose_move(const sdk::SearchRequest& request) override {
    const chess::Position& pos = request.position();
    const players::Limits& limits = request.limits();
    const chess::MoveList legal = chess::legal_moves(pos);
    if (legal.empty()) return chess::Move::none();
    if (blunder_percent_ > 0 && std::uniform_int_distribution<int>(1, 100)(rng_) <= blunder_percent_)
      return finish(request, legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng_)]);

    const int depth = limits.depth > 0 ? std::min(limits.depth, depth_) : depth_;
    ai::TimeManager time;
    time.start(limits, pos.side_to_move(), 0);
    const minimax::Negamax::StopCheck stop = [&] {
      return request.stop_requested() || (time.limited() && time.elapsed_ms() >= time.maximum_ms());
    };

    // Without a time limit: the one search asked for. With one: deepen until it runs out.
    chess::Move chosen;
    for (int d = time.limited() ? 1 : depth; d <= depth; ++d) {
      const minimax::NegamaxResult r = searcher_.search(pos, d, stop);
      if (!r.complete) {
        if (!chosen) chosen = r.best;
        break;
      }
      chosen = r.best;
      report(request, d, r, time.elapsed_ms());
    }
    return finish(request, chosen);
  }

  // Its judgement of a draw offer: a short search of the position (at most three plies).
  bool accepts_draw(const sdk::SearchRequest& request) {
    const minimax::NegamaxResult r =
        searcher_.search(request.position(), std::min(depth_, 3), [&request] { return request.stop_requested(); });
    return ai::accepts_draw_offer(r.complete ? r.score : ai::VALUE_NONE, request.position(),
                                  request.game().size() - 1);
  }

 private:
  // "go infinite" answers only once told to stop.
  static chess::Move finish(const sdk::SearchRequest& request, chess::Move m) {
    if (request.limits().infinite)
      while (!request.stop_requested()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    return m;
  }

  static void report(const sdk::SearchRequest& request, int depth, const minimax::NegamaxResult& r,
                     std::int64_t elapsed_ms) {
    players::SearchInfo info;
    info.depth = info.seldepth = depth;
    info.score_kind = ai::is_mate_score(r.score) ? players::ScoreKind::Mate : players::ScoreKind::Centipawns;
    info.score = ai::is_mate_score(r.score) ? ai::mate_in_moves(r.score) : r.score;
    info.nodes = r.nodes;
    info.time_ms = std::uint64_t(elapsed_ms);
    info.nps = elapsed_ms > 0 ? r.nodes * 1000 / std::uint64_t(elapsed_ms) : r.nodes * 1000;
    info.pv = r.pv;
    request.report(info);
  }

  int depth_;
  int blunder_percent_;
  std::uint64_t seed_;
  std::mt19937_64 rng_;
  minimax::Negamax searcher_;
};

}  // namespace gambit::plugins

GAMBIT_EXPORT_PLAYER(gambit::plugins::MinimaxPlayer)
