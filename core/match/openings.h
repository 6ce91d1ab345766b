// SPDX-License-Identifier: MIT
// A small built-in book of balanced openings for AI-vs-AI matches: each line a
// few plies of well-known theory, so games start varied but fair. Matches play
// each opening twice with colours reversed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gambit::match {

// The book: each entry is a name and its moves in UCI notation, space-separated,
// from the standard starting position.
struct Opening {
  std::string_view name;
  std::string_view moves;
};
const std::vector<Opening>& opening_book();

// The book's entry for game `index` of a match (games 2k and 2k+1 share one),
// taken in an order shuffled by `seed` (0 = book order).
const Opening& opening_for_game(std::size_t index, std::uint64_t seed);

// The moves of an opening as separate UCI strings.
std::vector<std::string> opening_moves(const Opening& opening);

}  // namespace gambit::match
