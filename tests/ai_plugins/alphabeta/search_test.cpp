// SPDX-License-Identifier: MIT
#include "ai_plugins/alphabeta/search.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <future>
#include <thread>

#include "core/chess/movegen.h"
#include "core/chess/uci.h"
#include "tests/ai_plugins/nnue/random_network.h"
#include "tests/ai_plugins/test_positions.h"

namespace gambit::alphabeta {
namespace {

using chess::Position;

const Engine::StopCheck Never = [] { return false; };

Position from_fen(const std::string& fen) {
  Result<Position> pos = Position::from_fen(fen);
  EXPECT_TRUE(pos.ok()) << fen;
  return pos ? *pos : Position();
}

EngineConfig small_config() {
  EngineConfig config;
  config.hash_mb = 8;
  config.seed = 1;
  return config;
}

players::Limits depth_limit(int depth) {
  players::Limits limits;
  limits.depth = depth;
  return limits;
}

// The game from a FEN through the given UCI moves.
std::vector<Position> play(const std::string& fen, std::initializer_list<const char*> moves) {
  std::vector<Position> game{from_fen(fen)};
  for (const char* text : moves) {
    Result<chess::Move> m = chess::parse_uci_move(game.back(), text);
    EXPECT_TRUE(m.ok()) << text << " in " << game.back().fen();
    if (!m) break;
    game.push_back(game.back());
    game.back().do_move(*m);
  }
  return game;
}

struct MateCase {
  const char* fen;
  const char* move;
  int moves_to_mate;
};

TEST(AlphaBeta, FindsMatesInOneTwoAndThreeWithTheirDistance) {
  const MateCase cases[] = {
      {"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "a1a8", 1},
      {"r5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1", "a8a1", 1},
      {"r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1", "d5d8", 2},
      {"rnk4r/1pp2P1p/p2p2pb/6N1/8/2PB3b/PP1K1P2/RNB1Q3 w - - 1 17", "e1e8", 2},
      {"r2qk2r/pb4pp/1n2Pb2/2B2Q2/p1p5/2P5/2B2PPP/RN2R1K1 w - - 1 1", "f5g6", 2},
      {"4r2k/4N3/ppr1B2p/2p1Rp2/2P2P2/PP1P3R/5KPP/8 w - - 12 36", "h3h6", 3},
      {"r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1", "f8c5", 3},
      {"r4rk1/ppp2ppp/8/8/3q4/8/PPP2nPP/R1BQR1K1 b - - 0 1", "f2h3", 3},
  };
  for (const MateCase& c : cases) {
    Engine engine(small_config());
    players::SearchInfo last;
    const SearchResult r = engine.search({from_fen(c.fen)}, depth_limit(2 * c.moves_to_mate + 3), Never,
                                         [&last](const players::SearchInfo& info) { last = info; });
    EXPECT_EQ(chess::to_uci(r.best), c.move) << from_fen(c.fen).pretty();
    EXPECT_EQ(r.score, ai::mate_in(2 * c.moves_to_mate - 1)) << c.fen;
    EXPECT_EQ(last.score_kind, players::ScoreKind::Mate) << c.fen;
    EXPECT_EQ(last.score, c.moves_to_mate) << c.fen;
    Position walk = from_fen(c.fen);
    for (chess::Move m : r.pv) {
      ASSERT_TRUE(walk.is_legal(m)) << "PV move " << chess::to_uci(m) << " is illegal in\n" << walk.pretty();
      walk.do_move(m);
    }
    EXPECT_TRUE(walk.in_check() && chess::legal_moves(walk).empty()) << "the PV should end in mate\n" << walk.pretty();
  }
}

// Every iteration's PV is a legal line, also once a mate is found (a line cut
// short by a null-window fail high must not pick up moves of another line).
TEST(AlphaBeta, PrincipalVariationsStayLegalThroughMates) {
  const Position pos = from_fen("3RQ3/1kp5/1p3B2/2r3P1/p3P2P/6P1/PP2K3/8 w - - 1 54");  // White mates in 5
  Engine engine(small_config());
  int iterations = 0;
  engine.search({pos}, depth_limit(18), Never, [&](const players::SearchInfo& info) {
    ++iterations;
    Position walk = pos;
    for (chess::Move m : info.pv) {
      ASSERT_TRUE(walk.is_legal(m)) << "depth " << info.depth << ": PV move " << chess::to_uci(m)
                                    << " is illegal in\n" << walk.pretty();
      walk.do_move(m);
    }
  });
  EXPECT_GE(iterations, 10);
}

TEST(AlphaBeta, SeesItIsBeingMated) {
  // Black's only move, Kb8, walks into Rh8 mate.
  Engine engine(small_config());
  const Position pos = from_fen("k7/8/1K6/8/8/8/8/7R b - - 0 1");
  const SearchResult r = engine.search({pos}, depth_limit(4), Never);
  EXPECT_EQ(chess::to_uci(r.best), "a8b8") << pos.pretty();
  EXPECT_EQ(r.score, ai::mated_in(2)) << pos.pretty();
}

// Three-check: White has given two checks (one remains), and Qxe7+ gives the
// third, although the queen is lost to it in standard chess. Fairy-Stockfish
// 11.1 (UCI_Variant 3check) answers the same: score mate 1, pv e2e7.
constexpr const char* OneCheckToGo = "rnbqkbnr/p3pppp/2p5/3p4/8/8/PPPPQPPP/RNB1K1NR w KQkq - 1+3 0 4";

TEST(AlphaBeta, GivesTheThirdCheckThatWinsAThreeCheckGame) {
  const Position pos = Position::from_fen(OneCheckToGo, chess::Variant::ThreeCheck).value();
  Engine engine(small_config());
  players::SearchInfo last;
  const SearchResult r = engine.search({pos}, depth_limit(5), Never, [&last](const players::SearchInfo& i) { last = i; });
  EXPECT_EQ(chess::to_uci(r.best), "e2e7") << pos.pretty();
  EXPECT_EQ(r.score, ai::mate_in(1)) << pos.pretty();
  EXPECT_EQ(last.score_kind, players::ScoreKind::Mate);
  EXPECT_EQ(last.score, 1);

  // The same board in standard chess: Qxe7+ only loses the queen.
  Result<Position> standard = Position::from_fen("rnbqkbnr/p3pppp/2p5/3p4/8/8/PPPPQPPP/RNB1K1NR w KQkq - 0 4");
  ASSERT_TRUE(standard.ok());
  Engine plain(small_config());
  EXPECT_NE(chess::to_uci(plain.search({*standard}, depth_limit(5), Never).best), "e2e7") << standard->pretty();
}

TEST(AlphaBeta, ShutsEveryCheckWhenTheOpponentNeedsOnlyOneMore) {
  // The same position with Black to move: every White check next move would be the third.
  const Position pos =
      Position::from_fen("rnbqkbnr/p3pppp/2p5/3p4/8/8/PPPPQPPP/RNB1K1NR b KQkq - 1+3 0 4", chess::Variant::ThreeCheck)
          .value();
  const auto allows_a_check = [&](chess::Move m) {
    Position after = pos;
    after.do_move(m);
    for (chess::Move reply : chess::legal_moves(after)) {
      Position next = after;
      next.do_move(reply);
      if (next.in_check()) return true;
    }
    return false;
  };
  int safe = 0;
  for (chess::Move m : chess::legal_moves(pos)) safe += !allows_a_check(m);
  ASSERT_GT(safe, 0) << "the test needs a move that stops every check\n" << pos.pretty();
  Engine engine(small_config());
  const SearchResult r = engine.search({pos}, depth_limit(4), Never);
  EXPECT_FALSE(allows_a_check(r.best)) << chess::to_uci(r.best) << " lets White give the third check in\n"
                                       << pos.pretty();
  EXPECT_GT(r.score, ai::VALUE_MATED_IN_MAX_PLY) << "it should not see itself lost";
}

TEST(AlphaBeta, SolvesClearTacticsAtAFixedDepth) {
  // The first 25 positions of the suite with one clearly best move: a short
  // forced mate, or three pawns better than the second best move while that
  // one wins nothing much.
  std::vector<testing::TacticsEntry> clear;
  for (const testing::TacticsEntry& e : testing::read_tactics()) {
    const bool short_mate = e.best_is_mate && e.best_value <= 4;
    const bool only_move = !e.best_is_mate && !e.second_is_mate && e.best_value - e.second_value >= 300 &&
                           e.second_value <= 150;
    if ((short_mate || only_move) && clear.size() < 25) clear.push_back(e);
  }
  ASSERT_EQ(clear.size(), 25u);
  int solved = 0;
  std::string missed;
  for (const testing::TacticsEntry& e : clear) {
    Engine engine(small_config());
    const SearchResult r = engine.search({from_fen(e.fen)}, depth_limit(8), Never);
    if (chess::to_uci(r.best) == e.best_move)
      ++solved;
    else
      missed += "\n  line " + std::to_string(e.line) + ": " + e.fen + " expected " + e.best_move + ", played " +
                chess::to_uci(r.best);
  }
  EXPECT_GE(solved, 22) << "missed:" << missed;
}

TEST(AlphaBeta, PlaysLegalMovesInRandomPositions) {
  Engine engine(small_config());
  for (const Position& pos : testing::random_positions(150, 31)) {
    const SearchResult r = engine.search({pos}, depth_limit(3), Never);
    ASSERT_TRUE(pos.is_legal(r.best)) << chess::to_uci(r.best) << "\n" << pos.pretty();
    Position walk = pos;
    for (chess::Move m : r.pv) {
      ASSERT_TRUE(walk.is_legal(m)) << "PV move " << chess::to_uci(m) << " is illegal in\n"
                                    << walk.pretty() << "PV of\n" << pos.pretty();
      walk.do_move(m);
    }
  }
}

// With a network the search keeps one accumulator per ply, updated only when
// a node evaluates. In debug builds (the sanitizer run) every evaluation is
// also checked against an accumulator made afresh, so these searches, with
// null moves, singular extensions, ProbCut, several lines and the game's
// earlier positions, fail there if any accumulator is stale; here they check
// that the search plays legal lines and that a search repeated from a new
// game gives the same answer.
TEST(AlphaBeta, SearchesWithANetworkThroughEveryKindOfNode) {
  EngineConfig config = small_config();
  config.network = testing::random_network(3);
  Engine engine(config), again(config);
  players::Limits limits = depth_limit(7);
  limits.multipv = 2;
  for (const Position& pos : testing::random_positions(40, 77)) {
    engine.new_game();
    again.new_game();
    const SearchResult r = engine.search({pos}, limits, Never);
    ASSERT_TRUE(pos.is_legal(r.best)) << pos.fen();
    EXPECT_EQ(again.search({pos}, limits, Never).score, r.score) << pos.fen();
    Position walk = pos;
    for (chess::Move m : r.pv) {
      ASSERT_TRUE(walk.is_legal(m)) << pos.fen();
      walk.do_move(m);
    }
  }
  // A game's positions before the root: the accumulator starts at the root.
  const std::vector<Position> game = play(std::string(chess::START_FEN), {"e2e4", "e7e5", "g1f3", "b8c6", "f1b5"});
  EXPECT_TRUE(game.back().is_legal(engine.search(game, depth_limit(8), Never).best));
}

TEST(AlphaBeta, AnswersNoMoveWhenThereIsNone) {
  Engine engine(small_config());
  const SearchResult mated =
      engine.search({from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")}, depth_limit(5), Never);
  EXPECT_FALSE(mated.best);
  const SearchResult stalemate = engine.search({from_fen("7k/5Q2/8/8/8/8/8/K7 b - - 0 1")}, depth_limit(5), Never);
  EXPECT_FALSE(stalemate.best);
}

TEST(AlphaBeta, TakesARepetitionWhenLosingAndAvoidsItWhenWinning) {
  // Knights shuffle out and back: Black's g8 move would show the start position
  // a third time. Black, a queen down, takes the draw; a queen up, it does not.
  const char* losing = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  const char* winning = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1";
  for (const char* start : {losing, winning}) {
    const std::vector<Position> game = play(start, {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"});
    Engine engine(small_config());
    const SearchResult r = engine.search(game, depth_limit(6), Never);
    if (start == losing) {
      EXPECT_EQ(chess::to_uci(r.best), "f6g8") << game.back().pretty();
      EXPECT_EQ(r.score, ai::VALUE_DRAW);
    } else {
      EXPECT_NE(chess::to_uci(r.best), "f6g8") << game.back().pretty();
      EXPECT_GT(r.score, 500);
    }
  }
}

TEST(AlphaBeta, KnowsTheFiftyMoveRule) {
  // King and rook against king: a win, unless the next move completes fifty moves without a capture or pawn move.
  const Position fresh = from_fen("8/8/8/4k3/8/8/8/K6R w - - 0 80");
  const Position stale = from_fen("8/8/8/4k3/8/8/8/K6R w - - 99 80");
  Engine engine(small_config());
  EXPECT_GT(engine.search({fresh}, depth_limit(6), Never).score, 500) << fresh.pretty();
  engine.new_game();
  EXPECT_EQ(engine.search({stale}, depth_limit(6), Never).score, ai::VALUE_DRAW) << stale.pretty();
}

TEST(AlphaBeta, ReportsEveryIterationWithAPlayablePv) {
  Engine engine(small_config());
  std::vector<players::SearchInfo> infos;
  const Position start;
  engine.search({start}, depth_limit(7), Never, [&infos](const players::SearchInfo& i) { infos.push_back(i); });
  ASSERT_EQ(infos.size(), 7u);
  for (std::size_t i = 0; i < infos.size(); ++i) {
    const players::SearchInfo& info = infos[i];
    EXPECT_EQ(info.depth, int(i) + 1);
    EXPECT_GE(info.seldepth, info.depth);
    EXPECT_EQ(info.score_kind, players::ScoreKind::Centipawns);
    EXPECT_GT(info.nodes, 0u);
    ASSERT_FALSE(info.pv.empty());
    Position walk = start;
    for (chess::Move m : info.pv) {
      ASSERT_TRUE(walk.is_legal(m)) << "depth " << info.depth << " PV move " << chess::to_uci(m);
      walk.do_move(m);
    }
    if (i > 0) {
      EXPECT_GE(info.nodes, infos[i - 1].nodes);
    }
  }
}

// A reported score on one scale: mates beyond any centipawns, a nearer mate better, being mated sooner worse.
int comparable(const players::SearchInfo& info) {
  if (info.score_kind != players::ScoreKind::Mate) return info.score;
  return info.score > 0 ? 100000 - info.score : -100000 - info.score;
}

// MultiPV: each depth reports the lines asked for, best first, each beginning with a move of its own.
TEST(AlphaBeta, ReportsTheLinesAskedForBestFirstEachWithAMoveOfItsOwn) {
  // White takes the queen (best), else the rook, else anything else.
  const Position pos = from_fen("4k3/8/8/3q1r2/4P3/8/8/4K3 w - - 0 1");
  Engine engine(small_config());
  std::vector<players::SearchInfo> infos;
  players::Limits limits = depth_limit(6);
  limits.multipv = 3;
  const SearchResult result =
      engine.search({pos}, limits, Never, [&infos](const players::SearchInfo& i) { infos.push_back(i); });
  ASSERT_EQ(infos.size(), 18u);
  for (std::size_t depth = 1; depth <= 6; ++depth) {
    std::vector<chess::Move> firsts;
    for (std::size_t line = 1; line <= 3; ++line) {
      const players::SearchInfo& info = infos[(depth - 1) * 3 + line - 1];
      EXPECT_EQ(info.depth, int(depth));
      EXPECT_EQ(info.multipv, int(line));
      ASSERT_FALSE(info.pv.empty());
      Position walk = pos;
      for (chess::Move m : info.pv) {
        ASSERT_TRUE(walk.is_legal(m)) << "depth " << depth << " line " << line << " " << chess::to_uci(m);
        walk.do_move(m);
      }
      EXPECT_EQ(std::count(firsts.begin(), firsts.end(), info.pv[0]), 0) << "depth " << depth << " line " << line;
      firsts.push_back(info.pv[0]);
      if (line > 1) {
        EXPECT_LE(comparable(info), comparable(infos[(depth - 1) * 3 + line - 2])) << "depth " << depth;
      }
    }
  }
  EXPECT_EQ(chess::to_uci(infos[15].pv[0]), "e4d5");
  EXPECT_EQ(chess::to_uci(infos[16].pv[0]), "e4f5");
  EXPECT_GT(comparable(infos[16]), comparable(infos[17]) + 300) << "the rook is worth more than any other third move";
  EXPECT_EQ(result.best, infos[15].pv[0]);
}

TEST(AlphaBeta, MoreLinesThanMovesGivesALinePerMove) {
  const Position pos = from_fen("7k/8/8/8/8/8/6PP/7K w - - 0 1");  // g3, g4, h3, h4, Kg1
  const std::size_t legal = chess::legal_moves(pos).size();
  Engine engine(small_config());
  std::vector<players::SearchInfo> infos;
  players::Limits limits = depth_limit(3);
  limits.multipv = 50;
  engine.search({pos}, limits, Never, [&infos](const players::SearchInfo& i) { infos.push_back(i); });
  ASSERT_EQ(infos.size(), 3 * legal);
  EXPECT_EQ(infos.back().multipv, int(legal));
}

TEST(AlphaBeta, NodeLimitEndsTheSearch) {
  Engine engine(small_config());
  players::Limits limits;
  limits.nodes = 20000;
  const SearchResult r = engine.search({Position()}, limits, Never);
  EXPECT_TRUE(Position().is_legal(r.best));
  EXPECT_LT(r.nodes, 20000u + 2048u);
}

TEST(AlphaBeta, StopEndsAnInfiniteSearchWithALegalMove) {
  Engine engine(small_config());
  const Position pos = from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  std::atomic<bool> stop{false};
  players::Limits limits;
  limits.infinite = true;
  auto search = std::async(std::launch::async, [&] {
    return engine.search({pos}, limits, [&stop] { return stop.load(); });
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_EQ(search.wait_for(std::chrono::milliseconds(0)), std::future_status::timeout)
      << "an infinite search returned before being stopped";
  stop = true;
  ASSERT_EQ(search.wait_for(std::chrono::seconds(2)), std::future_status::ready) << "stop was not obeyed";
  const SearchResult r = search.get();
  EXPECT_TRUE(pos.is_legal(r.best)) << pos.pretty();
}

TEST(AlphaBeta, SameSeedAndNoiseGiveTheSameGame) {
  EngineConfig config = small_config();
  config.eval_noise_cp = 100;
  config.seed = 7;
  Engine a(config), b(config);
  for (const Position& pos : testing::random_positions(10, 41)) {
    const SearchResult ra = a.search({pos}, depth_limit(3), Never);
    const SearchResult rb = b.search({pos}, depth_limit(3), Never);
    EXPECT_EQ(ra.best, rb.best) << pos.pretty();
    EXPECT_EQ(ra.score, rb.score) << pos.pretty();
  }
}

}  // namespace
}  // namespace gambit::alphabeta
