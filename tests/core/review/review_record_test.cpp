// SPDX-License-Identifier: MIT
// core/review/review_record: verdicts kept as text read back as they were, and
// text that does not fit the game refused in words.
#include "core/review/review_record.h"

#include <gtest/gtest.h>

#include "core/chess/uci.h"

namespace gambit::review {
namespace {

chess::PgnGame scholars_mate() {
  chess::PgnGame game;
  chess::Position pos = game.start;
  for (const char* uci : {"e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"}) {
    game.moves.push_back(chess::parse_uci_move(pos, uci).value());
    pos.do_move(game.moves.back());
  }
  return game;
}

TEST(ReviewRecord, VerdictsReadBackAsTheyWere) {
  const chess::PgnGame game = scholars_mate();
  std::vector<PositionVerdict> verdicts;
  chess::Position pos = game.start;
  for (std::size_t i = 0; i <= game.moves.size(); ++i) {
    PositionVerdict v;
    if (i == game.moves.size()) {
      v = {Score::mate(1), true, chess::Move::none(), {}};
    } else {
      v.score = i == 5 ? Score::mate(1) : Score::centipawns(int(i) * 10 - 25);
      v.best = game.moves[i];
      v.line = {game.moves.begin() + long(i), game.moves.end()};
      pos.do_move(game.moves[i]);
    }
    verdicts.push_back(v);
  }
  const std::string text = verdicts_text(verdicts);
  EXPECT_EQ(text.substr(0, text.find('\n')), "cp -25 e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7");
  EXPECT_EQ(text.substr(text.rfind('\n', text.size() - 2) + 1), "rules mate 1\n");
  Result<std::vector<PositionVerdict>> back = parse_verdicts(text, game);
  ASSERT_TRUE(back.ok()) << back.error();
  ASSERT_EQ(back->size(), verdicts.size());
  for (std::size_t i = 0; i < verdicts.size(); ++i) {
    EXPECT_EQ((*back)[i].score, verdicts[i].score) << i;
    EXPECT_EQ((*back)[i].by_the_rules, verdicts[i].by_the_rules) << i;
    EXPECT_EQ((*back)[i].best, verdicts[i].best) << i;
    EXPECT_EQ((*back)[i].line, verdicts[i].line) << i;
  }
}

TEST(ReviewRecord, TheBudgetIsNamedByItsKind) {
  EXPECT_EQ(budget_text({.nodes = 600000}), "nodes 600000");
  EXPECT_EQ(budget_text({.depth = 18}), "depth 18");
  EXPECT_EQ(budget_text({.movetime_ms = 500}), "movetime 500 ms");
  EXPECT_EQ(budget_text({.nodes = 600000}, true), "nodes 600000, deeper x4 where it swings");
  EXPECT_EQ(budget_text({.depth = 18}, true), "depth 18, deeper +2 where it swings");
  EXPECT_EQ(budget_text({.movetime_ms = 500}, true), "movetime 500 ms, deeper x4 where it swings");
}

TEST(ReviewRecord, TextThatDoesNotFitTheGameIsRefused) {
  const chess::PgnGame game = scholars_mate();
  EXPECT_EQ(parse_verdicts("cp 20 e2e4\n", game).error(), "the stored review has 1 positions, the game 8");
  EXPECT_EQ(parse_verdicts("pawns 20\n", game).error(), "line 1 of the stored review: expected cp or mate, got 'pawns'");
  EXPECT_EQ(parse_verdicts("cp lots\n", game).error(), "line 1 of the stored review: 'lots' is not a score");
  // A line that is not legal where it stands (Black's move in White's position).
  std::string illegal = "cp 20 e7e5\n";
  for (int i = 0; i < 7; ++i) illegal += "cp 0\n";
  Result<std::vector<PositionVerdict>> refused = parse_verdicts(illegal, game);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().rfind("line 1 of the stored review: ", 0), 0u) << refused.error();
  std::string long_text;
  for (int i = 0; i < 9; ++i) long_text += "cp 0\n";
  EXPECT_EQ(parse_verdicts(long_text, game).error(), "line 9 of the stored review: more positions than the game has");
}

}  // namespace
}  // namespace gambit::review
