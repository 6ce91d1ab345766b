// SPDX-License-Identifier: MIT
// The lines of gambit-datagen's data (docs/network.md, "Making data"), written
// in one place for the program that makes them (datagen.cpp) and the one that
// packs them small and writes them again (datapack.cpp), so that a packed file
// unpacks to the same bytes.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "core/chess/position.h"
#include "core/chess/uci.h"

namespace gambit::selfplay {

// The data's first line starts so, and names the settings that make its games.
inline constexpr std::string_view SettingsPrefix = "# gambit-datagen ";
// Each game's line starts so, after the game's positions.
inline constexpr std::string_view GamePrefix = "# game ";

// "<FEN> | <score, White's view> | <result>\n": one position learned from.
inline std::string position_line(const chess::Position& pos, int white_score, std::string_view result) {
  return pos.fen() + " | " + std::to_string(white_score) + " | " + std::string(result) + "\n";
}

// "# game <number> <result> <plies> <positions> position fen <FEN> moves
// <UCI moves>\n": a game played, after its positions, the game itself as a UCI
// "position" command from where it started.
inline std::string game_line(std::size_t number, std::string_view result, std::size_t positions,
                             const chess::Position& start, std::span<const chess::Move> moves) {
  return std::string(GamePrefix) + std::to_string(number) + " " + std::string(result) + " " +
         std::to_string(moves.size()) + " " + std::to_string(positions) + " position fen " + start.fen() +
         " moves " + chess::to_uci_line(moves) + "\n";
}

// "# game <number> skipped 0 0\n": a game not played (its opening was out of
// balance, or over before the search began).
inline std::string skipped_game_line(std::size_t number) {
  return std::string(GamePrefix) + std::to_string(number) + " skipped 0 0\n";
}

}  // namespace gambit::selfplay
