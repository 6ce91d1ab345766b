// alphabeta: the strong player. The plugin class maps options and levels onto
// the Engine (search.h) and turns its progress into the host's info callback.
#include <algorithm>
#include <array>

#include "ai_plugins/alphabeta/search.h"
#include "ai_plugins/common/draw_offer.h"
#include "ai_plugins/sdk/player_sdk.h"

namespace gambit::plugins {

class AlphaBetaPlayer final : public sdk::Player {
 public:
  static constexpr const char* Id = "alphabeta";
  static constexpr const char* Name = "Gambit Alpha-Beta";
  static constexpr const char* Version = "1.0.0";
  static constexpr const char* Description =
      "A real chess engine: iterative deepening principal variation search with a transposition table, "
      "quiescence search, null-move pruning and late move reductions.";

  static std::span<const gambit_option_spec> option_specs() {
    static constexpr std::array<gambit_option_spec, 5> specs{{
        {.name = "depth", .help = "Deepest iteration to search (0 = no limit)", .type = GAMBIT_OPTION_INT, .min = 0,
         .max = 100, .default_value = "0", .choices = nullptr, .choice_count = 0},
        {.name = "movetime_ms",
         .help = "Thinking time per move when the game sets no clock or time (0 = no limit of its own)",
         .type = GAMBIT_OPTION_INT, .min = 0, .max = 3600000, .default_value = "1000", .choices = nullptr,
         .choice_count = 0},
        {.name = "hash_mb", .help = "Size of the transposition table in megabytes", .type = GAMBIT_OPTION_INT,
         .min = 1, .max = 1024, .default_value = "32", .choices = nullptr, .choice_count = 0},
        {.name = "eval_noise",
         .help = "Weakening: each evaluation is shifted by up to this many centipawns (0 = none)",
         .type = GAMBIT_OPTION_INT, .min = 0, .max = 1000, .default_value = "0", .choices = nullptr,
         .choice_count = 0},
        {.name = "seed",
         .help = "Seed for the evaluation noise; the same seed replays the same game (0 = from the clock)",
         .type = GAMBIT_OPTION_INT, .min = 0, .max = INT64_MAX, .default_value = "0", .choices = nullptr,
         .choice_count = 0},
    }};
    return specs;
  }

  static std::span<const char* const> variants() {
    static constexpr const char* Ids[] = {"standard", "threecheck"};
    return Ids;
  }
  static std::span<const gambit_level> levels() {
    static constexpr gambit_option_value Easy[] = {{"depth", "1"}, {"eval_noise", "200"}};
    static constexpr gambit_option_value Medium[] = {{"depth", "4"}, {"eval_noise", "50"}};
    static constexpr gambit_option_value Hard[] = {{"depth", "10"}, {"eval_noise", "0"}};
    static constexpr gambit_option_value Max[] = {{"depth", "0"}, {"eval_noise", "0"}};
    static constexpr std::array<gambit_level, 4> table{{
        {.name = "easy",
         .description = "Looks one move ahead (and at the captures after it) and misjudges positions: for beginners",
         .settings = Easy, .setting_count = 2},
        {.name = "medium",
         .description = "Looks four half-moves ahead with a slightly blurred judgement: for casual players",
         .settings = Medium, .setting_count = 2},
        {.name = "hard", .description = "Full judgement, ten half-moves deep", .settings = Hard, .setting_count = 2},
        {.name = "max", .description = "Full strength: as deep as the time allows", .settings = Max,
         .setting_count = 2},
    }};
    return table;
  }

  explicit AlphaBetaPlayer(const sdk::Options& options)
      : engine_(config_from(options)), max_depth_(int(options.integer("depth"))) {}

  void new_game() override { engine_.new_game(); }

  chess::Move choose_move(const sdk::SearchRequest& request) override {
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
    return config;
  }

  static constexpr int DrawSearchDepth = 8;
  static constexpr std::int64_t DrawSearchMs = 1000;

  alphabeta::Engine engine_;
  int max_depth_;  // the "depth" option: 0 = no limit
};

}  // namespace gambit::plugins

GAMBIT_EXPORT_PLAYER(gambit::plugins::AlphaBetaPlayer)
