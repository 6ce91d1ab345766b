// SPDX-License-Identifier: MIT
// alphabeta: the strong player, and below full strength the player of a given
// rating (human_play.h). The plugin class maps options and levels onto the
// Engine (search.h) and turns its progress into the host's info callback.
#include <algorithm>
#include <array>
#include <chrono>

#include "ai_plugins/alphabeta/human_play.h"
#include "ai_plugins/alphabeta/search.h"
#include "ai_plugins/alphabeta/shipped_network.h"
#include "ai_plugins/common/draw_offer.h"
#include "ai_plugins/common/shipped_plugin.h"
#include "gambit/player_sdk.h"
#include "core/util/splitmix64.h"
#include "core/util/translation.h"

namespace gambit::plugins {

class AlphaBetaPlayer final : public sdk::Player {
 public:
  static constexpr const char* Id = "alphabeta";
  static constexpr const char* Name = "Gambit Alpha-Beta";
  // The minor version is the level model's (human_play.h): a level of another
  // model is another opponent to the scores store, and its measured ratings
  // (gambit_alphabeta.ratings) name the version they measured.
  static_assert(alphabeta::ModelVersion == 6, "raise the minor version with the level model");
  static constexpr const char* Version = "1.6.14";
  static constexpr const char* Description =
      N_("A real chess engine (alpha-beta search): levels measured against Stockfish, and full strength.");

  static std::span<const gambit_option_spec> option_specs() {
    static constexpr std::array<gambit_option_spec, 6> specs{{
        {.name = "elo",
         .help = N_("Playing strength as a rating, 400 to 2600, played as a person of that rating plays (0 = full "
                 "strength)"),
         .type = GAMBIT_OPTION_INT, .min = 0, .max = alphabeta::MaxElo, .default_value = "0", .choices = nullptr,
         .choice_count = 0},
        {.name = "depth", .help = N_("Deepest iteration to search (0 = no limit)"), .type = GAMBIT_OPTION_INT, .min = 0,
         .max = 100, .default_value = "0", .choices = nullptr, .choice_count = 0},
        {.name = "movetime_ms",
         .help = N_("Thinking time per move when the game sets no clock or time (0 = no limit of its own)"),
         .type = GAMBIT_OPTION_INT, .min = 0, .max = 3600000, .default_value = "1000", .choices = nullptr,
         .choice_count = 0},
        {.name = "hash_mb", .help = N_("Size of the transposition table in megabytes"), .type = GAMBIT_OPTION_INT,
         .min = 1, .max = 1024, .default_value = "32", .choices = nullptr, .choice_count = 0},
        {.name = "eval_noise",
         .help = N_("Weakening: each evaluation is shifted by up to this many centipawns (0 = none)"),
         .type = GAMBIT_OPTION_INT, .min = 0, .max = 1000, .default_value = "0", .choices = nullptr,
         .choice_count = 0},
        ai::seed_option(N_("Seed for the choices of a rated level and the evaluation noise; the same seed replays the "
                           "same game (0 = from the clock)")),
    }};
    return specs;
  }

  static std::span<const char* const> variants() {
    return ai::ShippedVariants;
  }
  // Named by their Elo (the window shows "alphabeta 1400"); each sets every strength option.
  static std::span<const gambit_level> levels() {
    static constexpr gambit_option_value E600[] = {{"elo", "600"}, {"depth", "0"}, {"eval_noise", "0"}};
    static constexpr gambit_option_value E800[] = {{"elo", "800"}, {"depth", "0"}, {"eval_noise", "0"}};
    static constexpr gambit_option_value E1000[] = {{"elo", "1000"}, {"depth", "0"}, {"eval_noise", "0"}};
    static constexpr gambit_option_value E1200[] = {{"elo", "1200"}, {"depth", "0"}, {"eval_noise", "0"}};
    static constexpr gambit_option_value E1400[] = {{"elo", "1400"}, {"depth", "0"}, {"eval_noise", "0"}};
    static constexpr gambit_option_value E1600[] = {{"elo", "1600"}, {"depth", "0"}, {"eval_noise", "0"}};
    static constexpr gambit_option_value E1800[] = {{"elo", "1800"}, {"depth", "0"}, {"eval_noise", "0"}};
    static constexpr gambit_option_value E2000[] = {{"elo", "2000"}, {"depth", "0"}, {"eval_noise", "0"}};
    static constexpr gambit_option_value E2200[] = {{"elo", "2200"}, {"depth", "0"}, {"eval_noise", "0"}};
    static constexpr gambit_option_value Max[] = {{"elo", "0"}, {"depth", "0"}, {"eval_noise", "0"}};
    static constexpr std::array<gambit_level, 10> table{{
        {.name = "600", .description = N_("Beginner: knows the moves, leaves pieces hanging and misses threats"),
         .settings = E600, .setting_count = 3},
        {.name = "800", .description = N_("Novice: sees some captures, still overlooks a lot"), .settings = E800,
         .setting_count = 3},
        {.name = "1000", .description = N_("Casual player: takes what is left hanging, mates in one"),
         .settings = E1000, .setting_count = 3},
        {.name = "1200", .description = N_("Improving player: sees simple tactics, misses deeper ones"),
         .settings = E1200, .setting_count = 3},
        {.name = "1400", .description = N_("Club player"), .settings = E1400, .setting_count = 3},
        {.name = "1600", .description = N_("Strong club player"), .settings = E1600, .setting_count = 3},
        {.name = "1800", .description = N_("Advanced player"), .settings = E1800, .setting_count = 3},
        {.name = "2000", .description = N_("Expert"), .settings = E2000, .setting_count = 3},
        {.name = "2200", .description = N_("Master"), .settings = E2200, .setting_count = 3},
        {.name = "max", .description = N_("Full strength: as deep as the time allows"), .settings = Max,
         .setting_count = 3},
    }};
    return table;
  }

  explicit AlphaBetaPlayer(const sdk::Options& options)
      : engine_(config_from(options)),
        max_depth_(int(options.integer("depth"))),
        elo_(int(options.integer("elo"))),
        seed_(std::uint64_t(options.integer("seed"))) {
    reseed_choices();  // the engine is fresh already
  }

  void new_game() override {
    engine_.new_game();
    reseed_choices();
  }

  chess::Move choose_move(const sdk::SearchRequest& request) override {
    if (elo_ > 0) {
      const std::uint64_t random = splitmix64_mix(choice_seed_ ^ request.position().key() ^ request.game().size());
      // Nodes decide a level's play; the clock only cuts a search short when time runs low.
      const auto deadline = std::chrono::steady_clock::now() + rated_level_time(request);
      return alphabeta::play_at_strength(engine_, request.game(), alphabeta::strength_for(elo_), random, [&] {
        return request.stop_requested() || std::chrono::steady_clock::now() >= deadline;
      });
    }
    const alphabeta::SearchResult result =
        engine_.search(request.game(), request.limits(), [&request] { return request.stop_requested(); },
                       [&request](const players::SearchInfo& info) { request.report(info); });
    return result.best;
  }

  // Its judgement of a draw offer: its own search of the position, at its level's depth but at most
  // DrawSearchDepth plies and DrawSearchMs.
  bool accepts_draw(const sdk::SearchRequest& request) {
    players::Limits limits;
    limits.depth = max_depth_ > 0 ? std::min(max_depth_, DrawSearchDepth) : DrawSearchDepth;
    limits.movetime_ms = DrawSearchMs;
    const alphabeta::SearchResult result =
        engine_.search(request.game(), limits, [&request] { return request.stop_requested(); });
    return ai::accepts_draw_offer(result.score, request.position(), request.game().size() - 1);
  }

 private:
  static alphabeta::EngineConfig config_from(const sdk::Options& options) {
    alphabeta::EngineConfig config;
    config.max_depth = int(options.integer("depth"));
    config.default_movetime_ms = options.integer("movetime_ms");
    config.hash_mb = std::size_t(options.integer("hash_mb"));
    config.eval_noise_cp = int(options.integer("eval_noise"));
    config.seed = std::uint64_t(options.integer("seed"));
    const bool rated_level = options.integer("elo") > 0;
    config.weights = rated_level ? ai::Weights::HandSet : ai::Weights::Tuned;
    config.refinements = !rated_level;
    if (!rated_level) config.network = alphabeta::shipped_network();
    return config;
  }

  // The most a rated level may take for a move: a twentieth of its clock plus
  // most of the increment (a quarter of the clock at most), the movetime, or
  // no limit. Its node budget fits well inside this except in time trouble.
  static std::chrono::milliseconds rated_level_time(const sdk::SearchRequest& request) {
    const players::Limits& limits = request.limits();
    const chess::Color us = request.position().side_to_move();
    if (limits.movetime_ms > 0) return std::chrono::milliseconds(limits.movetime_ms);
    if (!limits.has_clock(us)) return std::chrono::hours(24);
    const std::int64_t left = limits.time_ms[us], increment = std::max<std::int64_t>(0, limits.increment_ms[us]);
    return std::chrono::milliseconds(std::max<std::int64_t>(1, std::min(left / 20 + increment * 3 / 4, left / 4)));
  }

  // The seed of this game's choices: the option's, or the clock's when it is 0.
  void reseed_choices() {
    choice_seed_ =
        splitmix64_mix(seed_ ? seed_ : std::uint64_t(std::chrono::steady_clock::now().time_since_epoch().count()));
  }

  static constexpr int DrawSearchDepth = 8;
  static constexpr std::int64_t DrawSearchMs = 1000;

  alphabeta::Engine engine_;
  int max_depth_;  // the "depth" option: 0 = no limit
  int elo_;        // the "elo" option: 0 = full strength
  std::uint64_t seed_;
  std::uint64_t choice_seed_ = 0;  // the choices' random numbers in this game
};

}  // namespace gambit::plugins

GAMBIT_EXPORT_PLAYER(gambit::plugins::AlphaBetaPlayer)
