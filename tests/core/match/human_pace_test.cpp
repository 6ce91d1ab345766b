// SPDX-License-Identifier: MIT
#include "core/match/human_pace.h"

#include <gtest/gtest.h>

#include "core/chess/movegen.h"
#include "core/chess/uci.h"

namespace gambit::match {
namespace {

using std::chrono::milliseconds;

chess::Position at(const char* fen) {
  Result<chess::Position> pos = chess::Position::from_fen(fen);
  EXPECT_TRUE(pos) << pos.error();
  return pos ? *pos : chess::Position();
}

chess::Move move(const chess::Position& pos, const char* uci) { return chess::parse_uci_move(pos, uci).value(); }

// A quiet middlegame position (move 20, few captures about), White to move.
constexpr const char* Quiet = "r1bq1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2QK2R w KQ - 4 20";

milliseconds pace(const chess::Position& pos, const char* chosen, std::int64_t remaining, std::int64_t increment = 0,
                  std::uint64_t seed = 1, std::optional<chess::Move> last = std::nullopt) {
  return human_pace({pos, move(pos, chosen), last, remaining, increment, seed});
}

TEST(HumanPace, ASeedAndAPositionGiveOneTime) {
  const chess::Position pos = at(Quiet);
  EXPECT_EQ(pace(pos, "e1g1", 600000, 0, 7), pace(pos, "e1g1", 600000, 0, 7));
  EXPECT_NE(pace(pos, "e1g1", 600000, 0, 7), pace(pos, "e1g1", 600000, 0, 8)) << "another game, another time";
}

TEST(HumanPace, AQuietMiddlegameMoveTakesAShareOfTheClockWithinTheRandomFactor) {
  const chess::Position pos = at(Quiet);
  // 10 minutes at move 20: 600 s / 30 moves to come = 20 s, times 0.6 to 1.5.
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    const milliseconds t = pace(pos, "e1g1", 600000, 0, seed);
    EXPECT_GE(t.count(), 600000 / 30 * 6 / 10 - 1);
    EXPECT_LE(t.count(), 600000 / 12) << "never more than a twelfth of the time left";
  }
}

TEST(HumanPace, OpeningMovesAndObviousOnesAreQuick) {
  const chess::Position start;
  const chess::Position middle = at(Quiet);
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    EXPECT_LT(pace(start, "e2e4", 600000, 0, seed), pace(middle, "e1g1", 600000, 0, seed) / 2) << seed;
  }
  // The only move: Kh1 out of a check that leaves nothing else.
  const chess::Position only = at("7k/8/8/8/8/8/6q1/7K w - - 0 40");
  ASSERT_EQ(chess::legal_moves(only).size(), 1u);
  EXPECT_LE(pace(only, "h1g2", 600000).count(), 600000 / 25 * 15 / 100) << "a tenth, times the factor at most";
  // A recapture on the square just taken on: quicker than the same king move out of check taken alone.
  chess::Position after_capture = at("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 5 20");
  const chess::Move bxf7 = move(after_capture, "c4f7");
  after_capture.do_move(bxf7);
  const milliseconds recapture = pace(after_capture, "e8f7", 600000, 0, 3, bxf7);
  const milliseconds otherwise = pace(after_capture, "e8f7", 600000, 0, 3, std::nullopt);
  EXPECT_LT(recapture, otherwise);
}

TEST(HumanPace, NeverSoLongThatTheClockCouldRunOut) {
  const chess::Position pos = at(Quiet);
  for (std::int64_t remaining : {60000, 10000, 3000, 2500, 1000, 300, 0}) {
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
      const milliseconds t = pace(pos, "e1g1", remaining, 0, seed);
      EXPECT_LE(t.count(), std::max<std::int64_t>(0, remaining - 2000)) << remaining << " ms left";
    }
  }
  // An increment comes after the move: it does not make a short clock last longer.
  EXPECT_EQ(pace(pos, "e1g1", 1000, 5000).count(), 0);
  EXPECT_LE(pace(pos, "e1g1", 4000, 5000).count(), 2000);
}

}  // namespace
}  // namespace gambit::match
