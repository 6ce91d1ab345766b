// SPDX-License-Identifier: MIT
#include "core/database/opening_explorer.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "core/database/move_codec.h"

namespace gambit::database {

namespace {

void count(Tally& tally, GameFacts::Result result) {
  ++tally.games;
  if (result == GameFacts::Result::White) ++tally.white;
  else if (result == GameFacts::Result::Draw) ++tally.draws;
  else if (result == GameFacts::Result::Black) ++tally.black;
}

// The sums a move's ratings and performance are made of.
struct RatingSums {
  std::int64_t rating_sum = 0, ratings = 0;
  std::int64_t opponent_sum = 0, rated_games = 0, wins = 0, losses = 0;
};

int rounded(double x) { return int(std::lround(x)); }

}  // namespace

Exploration explore_hits(const chess::Position& pos, std::span<const PositionHit> hits,
                         const std::function<const GameFacts*(std::int64_t)>& facts,
                         const std::function<bool(std::int64_t)>& wanted, std::size_t top_games) {
  Exploration found;
  const bool white_moves = pos.side_to_move() == chess::WHITE;
  std::map<std::uint8_t, std::pair<ExplorerMove, RatingSums>> by_code;
  struct Candidate {
    int average;
    std::int64_t id;
  };
  std::vector<Candidate> candidates;
  for (const PositionHit& hit : hits) {
    const GameFacts* game = facts(hit.game);
    if (game == nullptr || !wanted(hit.game)) continue;
    count(found.tally, game->result);
    if (game->white_elo > 0 && game->black_elo > 0)
      candidates.push_back({(game->white_elo + game->black_elo) / 2, hit.game});
    if (hit.next == NoMove) continue;
    auto& [move, sums] = by_code[hit.next];
    count(move.tally, game->result);
    for (int elo : {int(game->white_elo), int(game->black_elo)})
      if (elo > 0) sums.rating_sum += elo, ++sums.ratings;
    const int opponent = white_moves ? game->black_elo : game->white_elo;
    if (opponent > 0 && game->result != GameFacts::Result::Unfinished) {
      sums.opponent_sum += opponent;
      ++sums.rated_games;
      const auto won = white_moves ? GameFacts::Result::White : GameFacts::Result::Black;
      const auto lost = white_moves ? GameFacts::Result::Black : GameFacts::Result::White;
      sums.wins += game->result == won;
      sums.losses += game->result == lost;
    }
  }
  for (auto& [code, entry] : by_code) {
    auto& [move, sums] = entry;
    move.move = move_of_code(pos, code);
    if (move.move == chess::Move::none()) continue;  // a damaged entry: no legal move of that rank
    if (sums.ratings > 0) move.average_rating = rounded(double(sums.rating_sum) / double(sums.ratings));
    if (sums.rated_games > 0)
      move.performance = rounded((double(sums.opponent_sum) + 400.0 * double(sums.wins - sums.losses)) /
                                 double(sums.rated_games));
    found.moves.push_back(move);
  }
  const auto score = [&](const Tally& t) {  // for the side to move, out of the games ended
    const std::int64_t ended = t.white + t.draws + t.black;
    const std::int64_t wins = white_moves ? t.white : t.black;
    return ended == 0 ? 0.0 : (double(wins) + 0.5 * double(t.draws)) / double(ended);
  };
  std::stable_sort(found.moves.begin(), found.moves.end(), [&](const ExplorerMove& a, const ExplorerMove& b) {
    if (a.tally.games != b.tally.games) return a.tally.games > b.tally.games;
    return score(a.tally) > score(b.tally);
  });
  const std::size_t kept = std::min(top_games, candidates.size());
  std::partial_sort(candidates.begin(), candidates.begin() + std::ptrdiff_t(kept), candidates.end(),
                    [](const Candidate& a, const Candidate& b) {
                      return a.average != b.average ? a.average > b.average : a.id > b.id;
                    });
  for (std::size_t i = 0; i < kept; ++i) found.top_games.push_back(candidates[i].id);
  return found;
}

Shares shares_of(const Tally& tally) {
  const std::int64_t ended = tally.white + tally.draws + tally.black;
  if (ended == 0) return {};
  // Largest remainders, so that the three always make 100.
  const std::int64_t parts[3] = {tally.white, tally.draws, tally.black};
  int percent[3];
  std::int64_t remainder[3];
  int total = 0;
  for (int i = 0; i < 3; ++i) {
    percent[i] = int(parts[i] * 100 / ended);
    remainder[i] = parts[i] * 100 % ended;
    total += percent[i];
  }
  while (total < 100) {
    const int most = int(std::max_element(remainder, remainder + 3) - remainder);
    ++percent[most];
    remainder[most] = -1;
    ++total;
  }
  return {percent[0], percent[1], percent[2]};
}

}  // namespace gambit::database
