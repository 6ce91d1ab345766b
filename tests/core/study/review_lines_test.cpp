// SPDX-License-Identifier: MIT
#include "core/study/review_lines.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>

#include "core/chess/uci.h"

namespace gambit::study {
namespace {

std::vector<chess::Move> moves_of(chess::Position pos, std::initializer_list<const char*> uci) {
  std::vector<chess::Move> moves;
  for (const char* text : uci) {
    moves.push_back(chess::parse_uci_move(pos, text).value());
    pos.do_move(moves.back());
  }
  return moves;
}

// 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7#: the review says 3... g6 was better.
TEST(ReviewLines, EachMistakesBetterLineBecomesAVariationBesideIt) {
  const chess::Position start;
  MoveTree tree(start);
  NodeId at = tree.root();
  for (chess::Move m : moves_of(start, {"e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"})) at = tree.add_move(at, m);
  review::GameReview review;
  review.moves.resize(7);
  review.positions.resize(8);
  review.moves[5].judgement = review::Judgement::Blunder;
  const chess::Position before_blunder = tree.node(tree.main_line()[4]).position;
  review.positions[5].line = moves_of(before_blunder, {"g7g6", "h5f3", "g8f6"});
  review.positions[5].best = review.positions[5].line.front();
  // A good move's line is not added, nor a mistake whose "better" move is the one played.
  review.positions[2].line = moves_of(tree.node(tree.main_line()[1]).position, {"g1f3"});
  review.moves[6].judgement = review::Judgement::Mistake;
  review.positions[6].line = {tree.node(tree.main_line()[6]).move};

  EXPECT_EQ(add_better_lines(tree, review), 1u);
  const NodeId branch = tree.main_line()[4];  // after 3. Bc4
  ASSERT_EQ(tree.node(branch).children.size(), 2u);
  const NodeId better = tree.node(branch).children[1];
  EXPECT_EQ(tree.node(better).san, "g6");
  EXPECT_EQ(tree.node(better).comment_before.text, "Better than Nf6 (blunder)");
  EXPECT_EQ(tree.ply(tree.last(better)), 8u);
  EXPECT_EQ(tree.main_line().size(), 7u) << "the game stays the main line";
}

// The same game, its review written into a tree that has a variation and comments of its own.
TEST(ReviewLines, AReviewIsWrittenIntoTheTreeOnceKeepingWhatTheGameSaid) {
  const chess::Position start;
  const std::vector<chess::Move> moves =
      moves_of(start, {"e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"});
  TreeGame game{{{"White", "Ann"}}, MoveTree(start), "1-0", ""};
  MoveTree& tree = game.tree;
  NodeId at = tree.root();
  for (chess::Move m : moves) at = tree.add_move(at, m);
  Comment own;
  own.text = "Bold";
  own.clock = std::chrono::milliseconds(180000);
  tree.set_comment_after(tree.main_line()[2], own);
  own.text = "Fast.";
  own.clock.reset();
  tree.set_comment_after(tree.main_line()[5], own);
  tree.add_move(tree.main_line()[0], moves_of(tree.node(tree.main_line()[0]).position, {"c7c5"}).front());
  tree.toggle_nag(tree.main_line()[2], 2);  // "?" on a move the review finds good: taken away
  tree.toggle_nag(tree.main_line()[3], 1);  // "!" on another: kept

  chess::PgnGame reviewed;
  reviewed.start = start;
  reviewed.moves = moves;
  review::GameReview review;
  review.moves.resize(7);
  review.positions.resize(8);
  for (std::size_t i = 0; i < 8; ++i) review.positions[i].score = review::Score::centipawns(i < 6 ? 20 : 900);
  review.moves[5].judgement = review::Judgement::Blunder;
  review.moves[5].reason = "Allows mate.";
  const chess::Position before_blunder = tree.node(tree.main_line()[4]).position;
  review.positions[5].line = moves_of(before_blunder, {"g7g6", "h5f3"});
  review.positions[5].best = review.positions[5].line.front();
  review.counts[chess::BLACK][2] = 1;
  review.accuracy.white = 95.0;
  review.accuracy.black = 40.0;

  for (int time = 0; time < 2; ++time) {
    ASSERT_TRUE(add_review(game, reviewed, review));
    const std::vector<NodeId> main = tree.main_line();
    ASSERT_EQ(main.size(), 7u) << "the game stays the main line";
    EXPECT_EQ(tree.node(main[0]).comment_after.eval, (Eval{Eval::Kind::Centipawns, 20, std::nullopt}));
    const Comment& kept = tree.node(main[2]).comment_after;
    EXPECT_EQ(kept.text, "Bold") << "a good move gets its evaluation alone";
    EXPECT_EQ(kept.clock, std::chrono::milliseconds(180000)) << "its clock is kept";
    ASSERT_TRUE(kept.eval.has_value());
    const Comment& blunder = tree.node(main[5]).comment_after;
    EXPECT_EQ(tree.node(main[5]).nags, std::vector<int>{4});
    EXPECT_TRUE(tree.node(main[2]).nags.empty());
    EXPECT_EQ(tree.node(main[3]).nags, std::vector<int>{1});
    EXPECT_TRUE(blunder.text.starts_with("Fast. Blunder. Allows mate. g6 was best")) << blunder.text;
    EXPECT_EQ(blunder.text.find("Blunder.", 10), std::string::npos) << blunder.text;
    EXPECT_EQ(blunder.eval, (Eval{Eval::Kind::Centipawns, 900, std::nullopt}));
    EXPECT_EQ(tree.node(main[4]).children.size(), 2u) << "the better line beside the blunder, once";
    EXPECT_EQ(tree.node(main[0]).children.size(), 2u) << "the game's own variation stays";
    EXPECT_EQ(to_pgn_game(game).tag("BlackBlunders"), "1");
    EXPECT_EQ(to_pgn_game(game).tag("WhiteAccuracy"), "95.0");
    EXPECT_EQ(std::count_if(game.tags.begin(), game.tags.end(), [](const auto& t) { return t.first == "WhiteAccuracy"; }), 1);
  }
  // Another line than the reviewed one: nothing changes.
  TreeGame other = game;
  reviewed.moves.back() = moves_of(tree.node(tree.main_line()[5]).position, {"h5g5"}).front();
  EXPECT_FALSE(add_review(other, reviewed, review));
  EXPECT_EQ(other, game);
}

}  // namespace
}  // namespace gambit::study
