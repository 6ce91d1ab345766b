// SPDX-License-Identifier: MIT
// Playing at a target Elo (human_play.h): the strength table, the choice
// model on made-up candidates, what counts as hard to see or obvious, and the
// whole player on positions: it takes a hanging queen and mates in one from
// 1000 up, every level mates with king and queen or king and rook, and a
// seeded game between two levels is the one they played when measured.
#include "ai_plugins/alphabeta/human_play.h"

#include <gtest/gtest.h>

#include <cmath>

#include <map>

#include "ai_plugins/alphabeta/search.h"
#include "core/chess/movegen.h"
#include "core/chess/uci.h"
#include "core/util/splitmix64.h"

namespace gambit::alphabeta {
namespace {

using chess::Move;
using chess::Position;

// The presets of the alphabeta plugin (its levels below max).
constexpr int Presets[] = {600, 800, 1000, 1200, 1400, 1600, 1800, 2000, 2200};

Position from_fen(const std::string& fen) {
  Result<Position> pos = Position::from_fen(fen);
  EXPECT_TRUE(pos.ok()) << fen;
  return pos ? *pos : Position();
}

Move move(const Position& pos, const std::string& uci) {
  Result<Move> m = chess::parse_uci_move(pos, uci);
  EXPECT_TRUE(m.ok()) << uci << " in " << pos.fen();
  return m ? *m : Move::none();
}

EngineConfig small_config() {
  EngineConfig config;
  config.hash_mb = 4;
  config.seed = 1;
  return config;
}

const std::function<bool()> Never = [] { return false; };

TEST(Strength, RisesWithTheRatingInEveryRespect) {
  for (int elo = MinElo; elo < MaxElo; elo += 100) {
    const Strength weaker = strength_for(elo), stronger = strength_for(elo + 100);
    EXPECT_LE(weaker.nodes, stronger.nodes) << elo;
    EXPECT_GE(weaker.temperature_cp, stronger.temperature_cp) << elo;
    EXPECT_GE(weaker.overlook, stronger.overlook) << elo;
    EXPECT_GE(weaker.max_loss_cp, stronger.max_loss_cp) << elo;
    EXPECT_GE(weaker.candidates, stronger.candidates) << elo;
    EXPECT_LE(int(weaker.sees_the_obvious), int(stronger.sees_the_obvious)) << elo;
  }
  EXPECT_FALSE(strength_for(800).sees_the_obvious) << "the lowest two presets may miss the obvious";
  EXPECT_TRUE(strength_for(1000).sees_the_obvious);
  EXPECT_EQ(strength_for(100).elo, MinElo) << "clamped";
  EXPECT_EQ(strength_for(5000).elo, MaxElo) << "clamped";
  // Halfway between two anchors (1200 and 1400) the budget is their geometric mean.
  EXPECT_NEAR(double(strength_for(1300).nodes),
              std::sqrt(double(strength_for(1200).nodes) * double(strength_for(1400).nodes)), 1.0);
}

// Candidates 0..n-1 losing 0, step, 2 step, ... centipawns against the first.
std::vector<Candidate> ladder(int n, int step) {
  std::vector<Candidate> candidates;
  const Position start;
  const chess::MoveList legal = chess::legal_moves(start);
  for (int i = 0; i < n; ++i) candidates.push_back({legal[std::size_t(i)], 100 - i * step, false, false});
  return candidates;
}

// How often each candidate is chosen over `draws` seeded draws.
std::map<Move, int, bool (*)(Move, Move)> tally(const std::vector<Candidate>& candidates, const Strength& s, int draws) {
  std::map<Move, int, bool (*)(Move, Move)> counts([](Move a, Move b) { return a.raw() < b.raw(); });
  for (int i = 0; i < draws; ++i) ++counts[choose(candidates, s, splitmix64_mix(std::uint64_t(i) + 1))];
  return counts;
}

TEST(Choose, TheSameRandomNumberGivesTheSameMove) {
  const std::vector<Candidate> candidates = ladder(8, 20);
  const Strength s = strength_for(800);
  for (std::uint64_t r : {1ULL, 99ULL, 0xDEADBEEFULL}) EXPECT_EQ(choose(candidates, s, r), choose(candidates, s, r));
}

TEST(Choose, WorseMovesAreRarerTheMoreTheyLoseAndNeverUniform) {
  const std::vector<Candidate> candidates = ladder(6, 30);  // losses 0, 30, ..., 150
  for (int elo : {600, 1400}) {
    const Strength s = strength_for(elo);
    const auto counts = tally(candidates, s, 4000);
    int previous = 4001;
    for (const Candidate& c : candidates) {
      const int n = counts.count(c.move) ? counts.at(c.move) : 0;
      EXPECT_LT(n, previous) << elo << ": a move losing more is chosen less often";
      previous = n;
    }
    const int best = counts.at(candidates.front().move);
    // A uniform choice gives the best 667 +/- 24 of 4000: a quarter more is far outside that.
    EXPECT_GT(best, 4000 / 6 * 5 / 4) << elo << ": the best is chosen well above a uniform share";
  }
  // The stronger level strays less.
  const auto weak = tally(candidates, strength_for(600), 4000), strong = tally(candidates, strength_for(1400), 4000);
  EXPECT_GT(strong.at(candidates.front().move), weak.at(candidates.front().move));
}

TEST(Choose, NothingBeyondTheLargestLossIsPlayed) {
  const Strength s = strength_for(1000);
  std::vector<Candidate> candidates = ladder(4, 0);
  for (std::size_t i = 1; i < candidates.size(); ++i) candidates[i].score = candidates[0].score - s.max_loss_cp - 1;
  const auto counts = tally(candidates, s, 500);
  EXPECT_EQ(counts.size(), 1u);
  EXPECT_EQ(counts.begin()->first, candidates[0].move);
}

TEST(Choose, TheObviousIsAlwaysSeenFromTheThirdPreset) {
  std::vector<Candidate> candidates = ladder(6, 5);
  candidates[2].obvious = true;
  candidates[2].score = candidates[0].score + 20;  // the best, and obvious
  const auto strong = tally(candidates, strength_for(1000), 300);
  EXPECT_EQ(strong.size(), 1u) << "from 1000 up the obvious move is always played";
  const auto weak = tally(candidates, strength_for(600), 300);
  EXPECT_GT(weak.size(), 1u) << "below, it is only the likeliest";
}

TEST(Choose, HardToSeeMovesAreSometimesNotConsidered) {
  std::vector<Candidate> candidates = ladder(2, 0);  // two equal moves
  candidates[1].hard_to_see = true;
  const auto counts = tally(candidates, strength_for(600), 4000);
  const int seen = counts.count(candidates[1].move) ? counts.at(candidates[1].move) : 0;
  EXPECT_LT(seen, counts.at(candidates[0].move) * 3 / 4) << "the hard-to-see twin is played less often";
  EXPECT_GT(seen, 0) << "but it is played";
}

TEST(Classify, HardToSeeAreQuietMovesBackTowardOurSide) {
  // White: king e1, queen d4, knight e4, bishop f5; Black: king e8.
  const Position pos = from_fen("4k3/8/8/5B2/3QN3/8/8/4K3 w - - 0 1");
  EXPECT_TRUE(hard_to_see(pos, move(pos, "f5h3"))) << "a quiet retreat of two ranks";
  EXPECT_TRUE(hard_to_see(pos, move(pos, "e4c3"))) << "one rank back by a piece nothing attacks";
  EXPECT_FALSE(hard_to_see(pos, move(pos, "f5c8"))) << "forward";
  EXPECT_FALSE(hard_to_see(pos, move(pos, "d4d8"))) << "a check";
  const Position attacked = from_fen("4k3/8/8/3p4/4N3/8/8/4K3 w - - 0 1");  // the d5 pawn attacks the knight
  EXPECT_FALSE(hard_to_see(attacked, move(attacked, "e4c3"))) << "an attacked piece's step back is seen";
  EXPECT_FALSE(hard_to_see(attacked, move(attacked, "e4d6"))) << "forward again";
}

TEST(Classify, ObviousIsMateInOneOrAPieceWonOutright) {
  const Position hanging = from_fen("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1");  // nothing defends the queen
  EXPECT_TRUE(obvious(hanging, move(hanging, "d2d5"), 900));
  const Position pawn = from_fen("4k3/8/8/3p4/8/8/3R4/4K3 w - - 0 1");
  EXPECT_FALSE(obvious(pawn, move(pawn, "d2d5"), 100)) << "a pawn is not a piece";
  const Position guarded = from_fen("4k3/4p3/3n4/8/8/8/8/3RK3 w - - 0 1");  // the e7 pawn defends the knight
  EXPECT_FALSE(obvious(guarded, move(guarded, "d1d6"), -150)) << "the rook is lost for the knight";
  const Position start;
  EXPECT_TRUE(obvious(start, move(start, "e2e4"), ai::mate_in(1))) << "whatever gives mate at once";
}

TEST(PlayAtStrength, TakesAHangingQueenAndMatesInOneFromTheThirdPreset) {
  const Position queen = from_fen("r3k2r/ppp2ppp/2n5/3q4/8/2N5/PPP2PPP/R3K2R w KQkq - 0 1");
  const Position mate = from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
  for (int elo : Presets) {
    if (elo < 1000) continue;
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
      Engine engine(small_config());
      EXPECT_EQ(chess::to_uci(play_at_strength(engine, {queen}, strength_for(elo), seed, Never)), "c3d5")
          << elo << " seed " << seed;
      EXPECT_EQ(chess::to_uci(play_at_strength(engine, {mate}, strength_for(elo), seed, Never)), "a1a8")
          << elo << " seed " << seed;
    }
  }
}

TEST(PlayAtStrength, StoppedFromTheStartItStillAnswersALegalMove) {
  // Time trouble: the searches are cut before they complete an iteration.
  const std::function<bool()> always = [] { return true; };
  const Position pos = from_fen("r3k2r/ppp2ppp/2n5/3q4/8/2N5/PPP2PPP/R3K2R w KQkq - 0 1");
  for (int elo : {600, 1400, 2200}) {
    Engine engine(small_config());
    const Move m = play_at_strength(engine, {pos}, strength_for(elo), 3, always);
    EXPECT_TRUE(pos.is_legal(m)) << elo << ": " << chess::to_uci(m);
  }
}

// The levels were measured as they play now (alphabeta.ratings): 1400 (White)
// against 1800 (Black) from the start, each move's random number drawn from the
// ply, gives this game's first 40 plies. Changes to full strength (tuned
// weights, search refinements) must leave it alone. A change meant to alter how
// the levels play raises ModelVersion, calibrates the levels again and records
// the new moves here.
TEST(PlayAtStrength, TheLevelsPlayAsTheyWereMeasured) {
  const std::string recorded =
      "g1f3 e7e6 b1c3 d7d5 e2e4 d5e4 c3e4 b8c6 f1c4 g8f6 d2d3 f6e4 d3e4 d8d1 e1d1 f8e7 c1f4 e7d6 g2g3 e8g8 "
      "d1d2 f8d8 f4d6 c7d6 a1e1 c6e5 f3e5 d6e5 d2c1 c8d7 h1f1 b7b5 c4d3 a7a6 c1d2 a8b8 f2f3 b8c8 h2h4 h7h6";
  EngineConfig level;  // as the plugin configures a rated level (alphabeta_player.cpp)
  level.hash_mb = 16;
  level.seed = 1;
  level.weights = ai::Weights::HandSet;
  level.refinements = false;
  Engine white(level), black(level);
  std::vector<Position> game{Position()};
  std::string moves;
  for (int ply = 0; ply < 40 && chess::count_legal(game.back()) > 0; ++ply) {
    const bool white_to_move = game.back().side_to_move() == chess::WHITE;
    const Move m = play_at_strength(white_to_move ? white : black, game, strength_for(white_to_move ? 1400 : 1800),
                                    splitmix64_mix(std::uint64_t(ply) + 1), Never);
    moves += (moves.empty() ? "" : " ") + chess::to_uci(m);
    Position next = game.back();
    next.do_move(m);
    game.push_back(next);
  }
  EXPECT_EQ(moves, recorded);
}

// `count` positions of White's king and `piece` against Black's lone king,
// White to move, legal and not yet over, drawn from `seed`.
std::vector<Position> lone_king_positions(chess::PieceType piece, int count, std::uint64_t seed) {
  std::vector<Position> positions;
  SplitMix64 random{seed};
  const char letter = piece == chess::QUEEN ? 'Q' : 'R';
  while (int(positions.size()) < count) {
    const int wk = int(random.next() % 64), bk = int(random.next() % 64), wp = int(random.next() % 64);
    if (wk == bk || wk == wp || bk == wp) continue;
    std::string board[8] = {"11111111", "11111111", "11111111", "11111111",
                            "11111111", "11111111", "11111111", "11111111"};
    board[7 - wk / 8][std::size_t(wk % 8)] = 'K';
    board[7 - bk / 8][std::size_t(bk % 8)] = 'k';
    board[7 - wp / 8][std::size_t(wp % 8)] = letter;
    std::string fen;
    for (int rank = 0; rank < 8; ++rank) fen += board[rank] + (rank < 7 ? "/" : "");
    Result<Position> pos = Position::from_fen(fen + " w - - 0 1");
    if (!pos) continue;  // kings side by side, or Black in check with White to move
    if (chess::count_legal(*pos) == 0) continue;
    positions.push_back(*pos);
  }
  return positions;
}

// Plays the preset (White) against the full engine (Black, a fixed node
// budget so the game is the same anywhere) from `start`; the plies it took to
// mate, or -1 when the game ended otherwise or the fifty-move rule came first.
int plies_to_mate(int elo, const Position& start, std::uint64_t seed) {
  Engine attacker(small_config()), defender(small_config());
  std::vector<Position> game{start};
  players::Limits defence;
  defence.nodes = 4000;
  for (int ply = 0; ply < 100; ++ply) {
    const Position& pos = game.back();
    if (chess::count_legal(pos) == 0) return pos.in_check() && pos.side_to_move() == chess::BLACK ? ply : -1;
    if (pos.halfmove_clock() >= 100) return -1;
    const Move m = pos.side_to_move() == chess::WHITE
                       ? play_at_strength(attacker, game, strength_for(elo), splitmix64_mix(seed + std::uint64_t(ply)), Never)
                       : defender.search(game, defence, Never).best;
    Position next = pos;
    next.do_move(m);
    game.push_back(next);
  }
  const Position& last = game.back();
  return chess::count_legal(last) == 0 && last.in_check() ? 100 : -1;
}

TEST(PlayAtStrength, EveryPresetMatesWithKingAndQueenOrKingAndRook) {
  for (chess::PieceType piece : {chess::QUEEN, chess::ROOK}) {
    const std::vector<Position> starts = lone_king_positions(piece, 20, piece == chess::QUEEN ? 71 : 72);
    for (int elo : Presets)
      for (std::size_t i = 0; i < starts.size(); ++i)
        EXPECT_GE(plies_to_mate(elo, starts[i], i + 1), 0)
            << elo << " did not mate with the " << (piece == chess::QUEEN ? "queen" : "rook") << " from "
            << starts[i].fen();
  }
}

}  // namespace
}  // namespace gambit::alphabeta
