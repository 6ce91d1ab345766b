// SPDX-License-Identifier: MIT
#include "core/study/review_lines.h"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace gambit::study
