// SPDX-License-Identifier: MIT
#include "tests/core/config/test_plugins.h"

#include <cstdint>

namespace gambit::fixtures {

namespace {

gambit_plugin_descriptor descriptor(const char* id, const gambit_option_spec* options, uint32_t option_count,
                                    const gambit_level* levels, uint32_t level_count) {
  return gambit_plugin_descriptor{GAMBIT_PLAYER_ABI_MAJOR,
                                  GAMBIT_PLAYER_ABI_MINOR,
                                  sizeof(gambit_plugin_descriptor),
                                  id,
                                  id,
                                  "1.0.0",
                                  "A test descriptor.",
                                  options,
                                  option_count,
                                  levels,
                                  level_count,
                                  nullptr,
                                  nullptr,
                                  nullptr,
                                  nullptr,
                                  nullptr,
                                  nullptr,
                                  0,
                                  nullptr,
                                  nullptr,
                                  0};
}

}  // namespace

const gambit_plugin_descriptor& random_plugin() {
  static const gambit_option_spec options[] = {
      {"seed", "Random seed (0 = from the clock)", GAMBIT_OPTION_INT, 0, INT64_MAX, "0", nullptr, 0}};
  static const gambit_plugin_descriptor d = descriptor("random", options, 1, nullptr, 0);
  return d;
}

const gambit_plugin_descriptor& minimax_plugin() {
  static const gambit_option_spec options[] = {
      {"depth", "Search depth in plies", GAMBIT_OPTION_INT, 1, 6, "4", nullptr, 0}};
  static const gambit_option_value easy[] = {{"depth", "1"}};
  static const gambit_option_value medium[] = {{"depth", "3"}};
  static const gambit_option_value hard[] = {{"depth", "4"}};
  static const gambit_option_value max[] = {{"depth", "6"}};
  static const gambit_level levels[] = {{"easy", "One ply", easy, 1},
                                        {"medium", "Three plies", medium, 1},
                                        {"hard", "Four plies", hard, 1},
                                        {"max", "Six plies", max, 1}};
  static const gambit_plugin_descriptor d = descriptor("minimax", options, 1, levels, 4);
  return d;
}

const gambit_plugin_descriptor& alphabeta_plugin() {
  static const gambit_option_spec options[] = {
      {"depth", "Deepest iteration", GAMBIT_OPTION_INT, 1, 64, "64", nullptr, 0},
      {"movetime_ms", "Thinking time per move when the game has no clock", GAMBIT_OPTION_INT, 0, 3600000, "1000",
       nullptr, 0},
      {"hash_mb", "Transposition table size", GAMBIT_OPTION_INT, 1, 4096, "64", nullptr, 0}};
  static const gambit_option_value e1000[] = {{"depth", "2"}, {"movetime_ms", "50"}};
  static const gambit_option_value e1200[] = {{"depth", "4"}, {"movetime_ms", "100"}};
  static const gambit_option_value e1400[] = {{"depth", "6"}, {"movetime_ms", "300"}};
  static const gambit_option_value e2200[] = {{"movetime_ms", "1000"}};
  static const gambit_option_value max[] = {{"movetime_ms", "5000"}, {"hash_mb", "256"}};
  static const gambit_level levels[] = {{"1000", "Casual player", e1000, 2},
                                        {"1200", "Improving player", e1200, 2},
                                        {"1400", "Club player", e1400, 2},
                                        {"2200", "Master", e2200, 1},
                                        {"max", "Everything it has", max, 2}};
  static const gambit_plugin_descriptor d = descriptor("alphabeta", options, 3, levels, 5);
  return d;
}

const gambit_plugin_descriptor& kitchen_plugin() {
  static const char* const styles[] = {"solid", "sharp"};
  static const gambit_option_spec options[] = {
      {"count", "A small integer", GAMBIT_OPTION_INT, -5, 5, "0", nullptr, 0},
      {"ponder", "Think on the opponent's time", GAMBIT_OPTION_BOOL, 0, 0, "false", nullptr, 0},
      {"style", "Playing style", GAMBIT_OPTION_CHOICE, 0, 0, "solid", styles, 2},
      {"book", "Opening book file", GAMBIT_OPTION_STRING, 0, 0, "book.bin", nullptr, 0}};
  static const gambit_option_value broken[] = {{"count", "1"}, {"colour", "blue"}};
  static const gambit_option_value sharp[] = {{"style", "sharp"}, {"count", "3"}};
  static const gambit_level levels[] = {{"sharp", "Attacks", sharp, 2}, {"broken", "A plugin bug", broken, 2}};
  static const gambit_plugin_descriptor d = descriptor("kitchen", options, 4, levels, 2);
  return d;
}

config::PluginList shipped_plugins() { return {&random_plugin(), &minimax_plugin(), &alphabeta_plugin()}; }

}  // namespace gambit::fixtures
