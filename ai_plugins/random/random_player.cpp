// SPDX-License-Identifier: MIT
// random: plays a uniformly random legal move. Option `seed` makes a game
// replayable (0 = seeded from the clock).
#include <array>
#include <chrono>
#include <random>

#include "ai_plugins/common/shipped_plugin.h"
#include "gambit/player_sdk.h"
#include "core/util/translation.h"

namespace gambit::plugins {

class RandomPlayer final : public sdk::Player {
 public:
  static constexpr const char* Id = "random";
  static constexpr const char* Name = N_("Random mover");
  static constexpr const char* Version = "1.0.0";
  static constexpr const char* Description = N_("Plays a uniformly random legal move: the gentlest opponent there is.");

  static std::span<const gambit_option_spec> option_specs() {
    static constexpr std::array<gambit_option_spec, 1> specs{{
        ai::seed_option(N_("Random seed; the same seed replays the same game (0 = from the clock)")),
    }};
    return specs;
  }
  static std::span<const char* const> variants() {
    return ai::ShippedVariants;
  }
  static std::span<const gambit_level> levels() { return {}; }

  explicit RandomPlayer(const sdk::Options& options) : seed_(std::uint64_t(options.integer("seed"))) { new_game(); }

  void new_game() override {
    rng_.seed(seed_ ? seed_ : std::uint64_t(std::chrono::steady_clock::now().time_since_epoch().count()));
  }

  chess::Move choose_move(const sdk::SearchRequest& request) override {
    chess::MoveList moves = chess::legal_moves(request.position());
    if (moves.empty()) return chess::Move::none();
    return moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng_)];
  }

 private:
  std::uint64_t seed_;
  std::mt19937_64 rng_;
};

}  // namespace gambit::plugins

GAMBIT_EXPORT_PLAYER(gambit::plugins::RandomPlayer)
