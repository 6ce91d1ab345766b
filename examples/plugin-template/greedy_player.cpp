// SPDX-License-Identifier: MIT
// greedy: a complete Gambit player plugin, written against the installed SDK.
// It mates when it can, else takes the most valuable piece it can capture,
// else gives check, else plays a random move. Rename the class, its Id and the
// plugin id in CMakeLists.txt, then make it your own.
#include <array>
#include <cstdint>
#include <random>

#include <gambit/player_sdk.h>

namespace {

using namespace gambit;

class GreedyPlayer final : public sdk::Player {
 public:
  // Shown in Gambit's menus and in PGN headers. The id names the file:
  // gambit_greedy.so; it must be unique among the plugins a Gambit sees.
  static constexpr const char* Id = "greedy";
  static constexpr const char* Name = "Greedy";
  static constexpr const char* Version = "1.0.0";
  static constexpr const char* Description = "Takes the biggest piece it can; mates when it sees mate in one.";

  // The options a player of this plugin accepts; Gambit checks values against
  // them and fills in the defaults before the constructor runs.
  static std::span<const gambit_option_spec> option_specs() {
    static constexpr std::array<gambit_option_spec, 1> specs{{
        {.name = "seed", .help = "Random seed for the quiet moves (0 = from the system)", .type = GAMBIT_OPTION_INT,
         .min = 0, .max = INT64_MAX, .default_value = "0", .choices = nullptr, .choice_count = 0},
    }};
    return specs;
  }
  // Named presets of the options, offered as levels (none here).
  static std::span<const gambit_level> levels() { return {}; }

  explicit GreedyPlayer(const sdk::Options& options) {
    const auto seed = std::uint64_t(options.integer("seed"));
    random_.seed(seed ? seed : std::random_device{}());
  }

  chess::Move choose_move(const sdk::SearchRequest& request) override {
    const chess::Position& position = request.position();
    const chess::MoveList moves = chess::legal_moves(position);
    if (moves.empty()) return chess::Move::none();
    chess::Move best = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(random_)];
    int best_score = 0;
    for (const chess::Move move : moves) {
      chess::Position after = position;
      after.do_move(move);
      int score = value(position.captured_type(move)) * 10;
      if (after.in_check()) score += chess::legal_moves(after).empty() ? 100000 : 1;
      if (score > best_score) best = move, best_score = score;
    }
    return best;
  }

 private:
  static int value(chess::PieceType type) {
    static constexpr int values[] = {0, 1, 3, 3, 5, 9, 0};  // by PieceType: none, pawn .. king
    return values[type];
  }

  std::mt19937_64 random_;
};

}  // namespace

GAMBIT_EXPORT_PLAYER(GreedyPlayer)
