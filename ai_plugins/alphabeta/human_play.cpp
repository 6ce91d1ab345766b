// SPDX-License-Identifier: MIT
#include "ai_plugins/alphabeta/human_play.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>

#include "ai_plugins/alphabeta/search.h"
#include "ai_plugins/common/evaluate.h"
#include "ai_plugins/common/move_order.h"
#include "core/chess/movegen.h"
#include "core/util/splitmix64.h"

namespace gambit::alphabeta {

namespace {

using chess::Move;
using chess::Position;
using ai::Value;

// The model's settings at some target ratings; strength_for interpolates
// between them (the node budget geometrically). The calibration
// (tests/bench/calibrate_levels.py) places them: each anchor from 600 to 1800
// sits where its measurements put that target, interpolating between the
// measured settings; 400 is an extrapolation, weaker than anything measured;
// from 2000 up the budget is spent on one search of the position
// (RootSearchFrom). docs/levels.md gives what each level measured and how
// each anchor got where it is.
struct Anchor {
  int elo;
  std::int64_t nodes;
  int candidates;
  int temperature_cp;
  double overlook;
  int max_loss_cp;
};
constexpr std::array<Anchor, 12> Anchors{{
    {400, 18, 8, 240, 0.76, 1000},
    {600, 36, 8, 197, 0.67, 848},
    {800, 89, 8, 141, 0.54, 631},
    {1000, 223, 7, 96, 0.42, 444},
    {1200, 664, 6, 63, 0.28, 301},
    {1400, 1424, 5, 46, 0.22, 229},
    {1600, 5080, 5, 31, 0.15, 156},
    {1800, 16760, 4, 20, 0.09, 111},
    {2000, 150000, 4, 6, 0.02, 45},
    {2200, 500000, 3, 3, 0.00, 30},
    {2400, 1500000, 3, 2, 0.00, 20},
    {2600, 4000000, 3, 1, 0.00, 10},
}};
static_assert(Anchors.front().elo == MinElo && Anchors.back().elo == MaxElo);

// From this rating up the obvious is always seen (the levels above the lowest two).
constexpr int SeesTheObviousFrom = 1000;

// Mate scores are compared as this many centipawns: a missed mate is a large loss, not an overflow.
constexpr Value MateAsCentipawns = 3000;

// The first look at every move: a search this deep (plus its quiescence).
constexpr int FirstLookDepth = 1;

// From this budget up, most of it goes to one search of the position itself
// (deeper than searching each candidate apart); the other candidates share the rest.
constexpr std::int64_t RootSearchFrom = 100000;
constexpr int RootSearchShare = 3;  // of 4 parts

// With a lone enemy king every level plays the best move a search of this many nodes finds.
constexpr std::int64_t TechniqueNodes = 30000;

Value comparable(Value v) {
  if (v >= ai::VALUE_MATE_IN_MAX_PLY) return MateAsCentipawns + (ai::VALUE_MATE - v < 10 ? 10 - (ai::VALUE_MATE - v) : 0);
  if (v <= ai::VALUE_MATED_IN_MAX_PLY) return -MateAsCentipawns;
  return std::clamp(v, -MateAsCentipawns + 1, MateAsCentipawns - 1);
}

// A uniform number in [0, 1) from 53 bits of `random`.
double unit(std::uint64_t random) { return double(random >> 11) * 0x1.0p-53; }

// Whether `child` (reached from game.back()) is drawn on the spot: the third
// repetition, or the fifty-move rule.
bool drawn_on_the_spot(const std::vector<Position>& game, const Position& child) {
  if (child.halfmove_clock() >= 100) return true;
  int seen = 0;
  for (const Position& earlier : game)
    if (earlier.key() == child.key()) ++seen;
  return seen >= 2;
}

// The score of playing m in game.back(), from the mover's view, by a search of
// the position after it within `limits`; VALUE_NONE when the search was
// stopped before it completed an iteration (time trouble).
Value score_of(Engine& engine, std::vector<Position>& game, Move m, const players::Limits& limits,
               const std::function<bool()>& stop_requested) {
  Position child = game.back();
  child.do_move(m);
  if (chess::count_legal(child) == 0) return child.in_check() ? ai::mate_in(1) : ai::VALUE_DRAW;
  if (drawn_on_the_spot(game, child)) return ai::VALUE_DRAW;
  game.push_back(child);
  const SearchResult result = engine.search(game, limits, stop_requested);
  game.pop_back();
  if (result.score == ai::VALUE_NONE) return ai::VALUE_NONE;
  const Value v = -result.score;
  // One ply further from the root than the child's search counted.
  if (v >= ai::VALUE_MATE_IN_MAX_PLY) return v - 1;
  if (v <= ai::VALUE_MATED_IN_MAX_PLY) return v + 1;
  return v;
}

bool lone_king(const Position& pos, chess::Color side) { return pos.pieces(side) == pos.pieces(side, chess::KING); }

}  // namespace

Strength strength_for(int elo) {
  elo = std::clamp(elo, MinElo, MaxElo);
  std::size_t i = 0;
  while (i + 2 < Anchors.size() && Anchors[i + 1].elo <= elo) ++i;
  const Anchor& a = Anchors[i];
  const Anchor& b = Anchors[i + 1];
  const double t = double(elo - a.elo) / double(b.elo - a.elo);
  const auto mix = [t](double x, double y) { return x + (y - x) * t; };
  Strength s;
  s.elo = elo;
  s.nodes = std::int64_t(std::llround(std::exp(mix(std::log(double(a.nodes)), std::log(double(b.nodes))))));
  s.candidates = int(std::lround(mix(a.candidates, b.candidates)));
  s.temperature_cp = int(std::lround(mix(a.temperature_cp, b.temperature_cp)));
  s.overlook = mix(a.overlook, b.overlook);
  s.max_loss_cp = int(std::lround(mix(a.max_loss_cp, b.max_loss_cp)));
  s.sees_the_obvious = elo >= SeesTheObviousFrom;
  return s;
}

bool hard_to_see(const Position& pos, Move move) {
  if (ai::is_noisy(pos, move) || move.kind() == Move::CASTLING) return false;
  Position after = pos;
  after.do_move(move);
  if (after.in_check()) return false;
  const chess::Color us = pos.side_to_move();
  const int back = chess::relative_rank(us, move.from()) - chess::relative_rank(us, move.to());
  if (back <= 0) return false;
  return back >= 2 || (pos.attackers_to(move.from(), pos.pieces()) & pos.pieces(~us)) == 0;
}

bool obvious(const Position& pos, Move move, Value score) {
  if (score == ai::mate_in(1)) return true;
  if (move.kind() != Move::NORMAL || pos.empty(move.to())) return false;
  const Value taken = ai::PieceValue[chess::type_of(pos.piece_on(move.to()))];
  return taken >= ai::PieceValue[chess::KNIGHT] && ai::see_ge(pos, move, taken - 50);
}

Move choose(std::span<const Candidate> candidates, const Strength& s, std::uint64_t random) {
  assert(!candidates.empty());
  const auto best_it = std::max_element(candidates.begin(), candidates.end(),
                                        [](const Candidate& a, const Candidate& b) { return a.score < b.score; });
  const Value best = comparable(best_it->score);

  if (s.sees_the_obvious) {
    const Candidate* pick = nullptr;
    for (const Candidate& c : candidates)
      if (c.obvious && comparable(c.score) >= best - 50 && (!pick || c.score > pick->score)) pick = &c;
    if (pick) return pick->move;
  }

  std::vector<double> weights(candidates.size());
  double total = 0;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    const Candidate& c = candidates[i];
    const Value loss = best - comparable(c.score);
    if (loss > s.max_loss_cp) continue;
    // Whether this move is considered at all: a draw of its own, from the same random number.
    if (c.hard_to_see && !c.obvious) {
      const double seen = unit(splitmix64_mix(random ^ (0x9E3779B97F4A7C15ULL * (i + 1))));
      if (seen < s.overlook) continue;
    }
    weights[i] = std::exp(-double(loss) / double(std::max(1, s.temperature_cp)));
    total += weights[i];
  }
  if (total <= 0) return best_it->move;  // everything was overlooked: the best is played after all
  double point = unit(random) * total;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    if (weights[i] <= 0) continue;
    if (point < weights[i]) return candidates[i].move;
    point -= weights[i];
  }
  for (std::size_t i = candidates.size(); i-- > 0;)
    if (weights[i] > 0) return candidates[i].move;
  return best_it->move;
}

Move play_at_strength(Engine& engine, const std::vector<Position>& game, const Strength& s, std::uint64_t random,
                      const std::function<bool()>& stop_requested) {
  const Position& pos = game.back();
  const chess::MoveList legal = chess::legal_moves(pos);
  assert(!legal.empty());
  if (legal.size() == 1) return legal[0];

  // Technique: against a lone king, the best move the budget finds.
  if (lone_king(pos, ~pos.side_to_move())) {
    players::Limits limits;
    limits.nodes = TechniqueNodes;
    return engine.search(game, limits, stop_requested).best;
  }

  std::vector<Position> line = game;
  std::vector<Candidate> all;
  players::Limits first_look;
  first_look.depth = FirstLookDepth;
  for (Move m : legal) {
    Value v = score_of(engine, line, m, first_look, stop_requested);
    if (v == ai::VALUE_NONE) {  // no time for a look: the position after it, as it stands
      Position child = pos;
      child.do_move(m);
      v = -ai::evaluate(child, engine.config().weights);
    }
    all.push_back({m, v, hard_to_see(pos, m), false});
  }
  std::stable_sort(all.begin(), all.end(), [](const Candidate& a, const Candidate& b) { return a.score > b.score; });

  // The best-looking moves (and whatever else is obvious) are thought about again.
  std::vector<Candidate> considered;
  for (std::size_t i = 0; i < all.size(); ++i) {
    const bool is_obvious = obvious(pos, all[i].move, all[i].score);
    if (int(i) < s.candidates || is_obvious) {
      considered.push_back(all[i]);
      considered.back().obvious = is_obvious;
    }
  }
  std::int64_t budget = s.nodes;
  Move searched = Move::none();
  if (s.nodes >= RootSearchFrom) {
    players::Limits root;
    root.nodes = s.nodes * RootSearchShare / 4;
    const SearchResult result = engine.search(game, root, stop_requested);
    budget -= root.nodes;
    const auto found = std::find_if(considered.begin(), considered.end(),
                                    [&](const Candidate& c) { return c.move == result.best; });
    if (result.score != ai::VALUE_NONE && result.best != Move::none()) {
      if (found == considered.end()) {
        considered.push_back({result.best, result.score, hard_to_see(pos, result.best), false});
      } else {
        found->score = result.score;
      }
      searched = result.best;
    }
  }
  players::Limits second_look;
  const std::size_t others = std::max<std::size_t>(1, considered.size() - (searched != Move::none() ? 1 : 0));
  second_look.nodes = std::max<std::int64_t>(1, budget / std::int64_t(others));
  for (Candidate& c : considered) {
    if (stop_requested()) break;
    if (c.move == searched) {
      c.obvious = c.obvious || c.score == ai::mate_in(1);
      continue;
    }
    const Value v = score_of(engine, line, c.move, second_look, stop_requested);
    if (v != ai::VALUE_NONE) c.score = v;
    c.obvious = c.obvious || c.score == ai::mate_in(1);
  }
  return choose(considered, s, random);
}

}  // namespace gambit::alphabeta
