// SPDX-License-Identifier: MIT
#include "core/match/openings.h"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>

namespace gambit::match {

const std::vector<Opening>& opening_book() {
  static const std::vector<Opening> book = {
      {"Ruy Lopez", "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6"},
      {"Italian Game", "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5"},
      {"Two Knights Defence", "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6"},
      {"Scotch Game", "e2e4 e7e5 g1f3 b8c6 d2d4 e5d4 f3d4"},
      {"Four Knights Game", "e2e4 e7e5 g1f3 b8c6 b1c3 g8f6"},
      {"Petrov Defence", "e2e4 e7e5 g1f3 g8f6 f3e5 d7d6"},
      {"Vienna Game", "e2e4 e7e5 b1c3 g8f6"},
      {"Sicilian, Najdorf", "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6"},
      {"Sicilian, Classical", "e2e4 c7c5 g1f3 b8c6 d2d4 c5d4 f3d4 g8f6"},
      {"Sicilian, Kan", "e2e4 c7c5 g1f3 e7e6 d2d4 c5d4 f3d4 a7a6"},
      {"Sicilian, Moscow", "e2e4 c7c5 g1f3 d7d6 f1b5 c8d7"},
      {"Sicilian, Alapin", "e2e4 c7c5 c2c3 g8f6 e4e5 f6d5"},
      {"Sicilian, Closed", "e2e4 c7c5 b1c3 b8c6 g2g3"},
      {"French, Classical", "e2e4 e7e6 d2d4 d7d5 b1c3 g8f6"},
      {"French, Advance", "e2e4 e7e6 d2d4 d7d5 e4e5 c7c5"},
      {"Caro-Kann, Classical", "e2e4 c7c6 d2d4 d7d5 b1c3 d5e4 c3e4 c8f5"},
      {"Caro-Kann, Advance", "e2e4 c7c6 d2d4 d7d5 e4e5 c8f5"},
      {"Scandinavian Defence", "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5"},
      {"Alekhine Defence", "e2e4 g8f6 e4e5 f6d5 d2d4 d7d6"},
      {"Pirc Defence", "e2e4 d7d6 d2d4 g8f6 b1c3 g7g6"},
      {"Queen's Gambit Declined", "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6"},
      {"Queen's Gambit Declined, Tarrasch", "d2d4 d7d5 c2c4 e7e6 b1c3 c7c5"},
      {"Queen's Gambit Accepted", "d2d4 d7d5 c2c4 d5c4 g1f3 g8f6"},
      {"Slav Defence", "d2d4 d7d5 c2c4 c7c6 g1f3 g8f6"},
      {"London System", "d2d4 d7d5 g1f3 g8f6 c1f4 e7e6"},
      {"Nimzo-Indian Defence", "d2d4 g8f6 c2c4 e7e6 b1c3 f8b4"},
      {"Queen's Indian Defence", "d2d4 g8f6 c2c4 e7e6 g1f3 b7b6"},
      {"Catalan Opening", "d2d4 g8f6 c2c4 e7e6 g2g3 d7d5"},
      {"King's Indian Defence", "d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6"},
      {"Grünfeld Defence", "d2d4 g8f6 c2c4 g7g6 b1c3 d7d5"},
      {"Modern Benoni", "d2d4 g8f6 c2c4 c7c5 d4d5 e7e6"},
      {"Dutch Defence", "d2d4 f7f5 g2g3 g8f6 f1g2 e7e6"},
      {"Torre Attack", "d2d4 g8f6 g1f3 e7e6 c1g5"},
      {"English, Reversed Sicilian", "c2c4 e7e5 b1c3 g8f6 g2g3"},
      {"English, Symmetrical", "c2c4 c7c5 g1f3 g8f6 b1c3 b8c6"},
      {"English, Mikenas", "c2c4 g8f6 b1c3 e7e6 e2e4"},
      {"Réti Opening", "g1f3 d7d5 g2g3 g8f6 f1g2"},
      {"Larsen's Opening", "b2b3 e7e5 c1b2 b8c6"},
  };
  return book;
}

const Opening& opening_for_game(std::size_t index, std::uint64_t seed) {
  const std::vector<Opening>& book = opening_book();
  std::vector<std::size_t> order(book.size());
  std::iota(order.begin(), order.end(), 0);
  if (seed) std::shuffle(order.begin(), order.end(), std::mt19937_64(seed));
  return book[order[(index / 2) % book.size()]];
}

std::vector<std::string> opening_moves(const Opening& opening) {
  std::vector<std::string> moves;
  std::string_view rest = opening.moves;
  while (!rest.empty()) {
    const std::size_t space = rest.find(' ');
    moves.emplace_back(rest.substr(0, space));
    rest = space == std::string_view::npos ? std::string_view() : rest.substr(space + 1);
  }
  return moves;
}

}  // namespace gambit::match
