// SPDX-License-Identifier: MIT
// gambit-random-games: a PGN file of random legal games, for the database
// benchmarks (docs/performance.md) and tests: each game's moves drawn at random
// among the legal ones (captures a little more often, so games look less
// aimless), between 40 and 100 plies unless the game ends first, with the tags
// a database lists (players among 2,000 names, ratings, dates, events, ECO).
//
//   gambit-random-games GAMES SEED > games.pgn
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/chess/movegen.h"
#include "core/chess/pgn.h"
#include "core/util/splitmix64.h"

using namespace gambit;

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: gambit-random-games GAMES SEED > games.pgn\n");
    return 2;
  }
  const long games = std::strtol(argv[1], nullptr, 10);
  SplitMix64 random{std::strtoull(argv[2], nullptr, 10)};
  const auto below = [&](std::uint64_t n) { return random.next() % n; };
  for (long g = 1; g <= games; ++g) {
    chess::PgnGame game;
    const int white = int(below(2000)), black = int(below(2000));
    game.tags = {{"Event", "Random " + std::to_string(below(50))},
                 {"Site", "Gambit"},
                 {"Date", std::to_string(2000 + below(26)) + "." + std::to_string(10 + below(3)) + ".1" +
                              std::to_string(below(10))},
                 {"Round", std::to_string(1 + g % 9)},  // few rounds, as tournaments have (Scid keeps 2^18 names)
                 {"White", "Player " + std::to_string(white)},
                 {"Black", "Player " + std::to_string(black)},
                 {"WhiteElo", std::to_string(1000 + white)},
                 {"BlackElo", std::to_string(1000 + black)},
                 {"ECO", std::string(1, char('A' + below(5))) + std::to_string(10 + below(90))}};
    chess::Position pos;
    const std::uint64_t plies = 40 + below(61);
    for (std::uint64_t ply = 0; ply < plies; ++ply) {
      const chess::MoveList legal = chess::legal_moves(pos);
      if (legal.empty() || pos.halfmove_clock() >= 100) break;
      chess::Move move = legal[below(legal.size())];
      for (chess::Move m : legal)  // a capture, when there is one, one time in three
        if (pos.piece_on(m.to()) != chess::NO_PIECE && below(3) == 0) move = m;
      game.moves.push_back(move);
      pos.do_move(move);
    }
    const chess::MoveList legal = chess::legal_moves(pos);
    if (legal.empty()) game.result = pos.in_check() ? (pos.side_to_move() == chess::WHITE ? "0-1" : "1-0") : "1/2-1/2";
    else game.result = below(3) == 0 ? "1/2-1/2" : below(2) ? "1-0" : "0-1";
    const std::string text = chess::write_pgn(game);
    std::fwrite(text.data(), 1, text.size(), stdout);
  }
  return 0;
}
