// SPDX-License-Identifier: MIT
// The move tree: adding moves (and finding them again), handles that survive
// edits elsewhere, promote / make main line / delete as lichess does them,
// comments, NAGs and shapes, the walks a cursor makes, equality, and the bound
// on nesting that keeps every tree writable as PGN.
#include "core/study/move_tree.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/chess/san.h"

namespace gambit::study {
namespace {

using namespace std::chrono_literals;

// The node the move written in SAN leads to from `at` (none if it cannot be added).
NodeId play(MoveTree& tree, NodeId at, std::string_view san) {
  if (!tree.contains(at)) return {};
  const Result<chess::Move> move = chess::parse_san(tree.node(at).position, san);
  EXPECT_TRUE(move.ok()) << san << ": " << move.error();
  return move.ok() ? tree.add_move(at, *move) : NodeId{};
}

// Plays the moves one after the other from `at`; the last node.
NodeId play_line(MoveTree& tree, NodeId at, const std::vector<std::string>& sans) {
  for (const std::string& san : sans) at = play(tree, at, san);
  return at;
}

std::vector<std::string> sans(const MoveTree& tree, std::span<const NodeId> ids) {
  std::vector<std::string> out;
  for (NodeId id : ids) out.push_back(tree.node(id).san);
  return out;
}

std::vector<std::string> children_sans(const MoveTree& tree, NodeId id) { return sans(tree, tree.node(id).children); }

Comment text_comment(std::string text) {
  Comment comment;
  comment.text = std::move(text);
  return comment;
}

TEST(MoveTree, AddMoveAppendsOrFindsTheChild) {
  MoveTree tree;
  EXPECT_EQ(tree.size(), 1u);
  EXPECT_EQ(tree.node(tree.root()).position, chess::Position());
  EXPECT_TRUE(tree.node(tree.root()).san.empty());

  const NodeId e4 = play(tree, tree.root(), "e4");
  ASSERT_FALSE(e4.is_none());
  EXPECT_EQ(tree.node(e4).san, "e4");
  EXPECT_EQ(tree.node(e4).parent, tree.root());
  EXPECT_EQ(tree.node(e4).position.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  EXPECT_EQ(play(tree, tree.root(), "e4"), e4);  // already there
  const NodeId d4 = play(tree, tree.root(), "d4");
  EXPECT_EQ(children_sans(tree, tree.root()), (std::vector<std::string>{"e4", "d4"}));
  EXPECT_EQ(tree.size(), 3u);

  const NodeId nf6 = play(tree, d4, "Nf6");
  EXPECT_EQ(tree.node(nf6).san, "Nf6");
  EXPECT_TRUE(tree.add_move(tree.root(), chess::Move(chess::SQ_E2, chess::SQ_E5)).is_none());  // not legal
  EXPECT_TRUE(tree.add_move(NodeId{}, tree.node(e4).move).is_none());
  EXPECT_EQ(tree.size(), 4u);
}

TEST(MoveTree, StartsFromAnyPositionAndStopsAfterTheThirdCheck) {
  const chess::Position start =
      chess::Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1", chess::Variant::ThreeCheck).value();
  MoveTree tree(start);
  EXPECT_EQ(tree.node(tree.root()).position, start);
  const NodeId check = play(tree, tree.root(), "Ra8+");
  ASSERT_FALSE(check.is_none());
  EXPECT_TRUE(tree.node(check).position.lost_by_goal());
  const chess::Move king_move(chess::SQ_E8, chess::SQ_E7);
  EXPECT_TRUE(tree.add_move(check, king_move).is_none());
  // The move is fine where the third check has not been given.
  EXPECT_FALSE(play(tree, play(tree, tree.root(), "Ra7"), "Kf8").is_none());
}

TEST(MoveTree, HandlesSurviveEditsOfOtherBranchesAndStaleOnesNameNothing) {
  MoveTree tree;
  const NodeId e4 = play(tree, tree.root(), "e4");
  const NodeId c5 = play_line(tree, e4, {"c5", "Nf3", "d6"});
  const NodeId e5 = play(tree, e4, "e5");
  const NodeId nc6 = play_line(tree, e5, {"Nf3", "Nc6"});
  const std::string fen = tree.node(c5).position.fen();

  EXPECT_EQ(tree.delete_from(e5), e4);
  EXPECT_FALSE(tree.contains(e5));
  EXPECT_FALSE(tree.contains(nc6));
  ASSERT_TRUE(tree.contains(c5));
  EXPECT_EQ(tree.node(c5).position.fen(), fen);
  EXPECT_EQ(tree.size(), 5u);

  // New nodes take the freed slots; the old handles still name nothing.
  const NodeId d5 = play(tree, e4, "d5");
  const NodeId qxd5 = play_line(tree, d5, {"exd5", "Qxd5"});
  EXPECT_TRUE(d5.index == e5.index || d5.index == nc6.index || qxd5.index == e5.index || qxd5.index == nc6.index);
  EXPECT_FALSE(tree.contains(e5));
  EXPECT_FALSE(tree.contains(nc6));
  EXPECT_FALSE(tree.set_comment_after(e5, text_comment("stale")));
  EXPECT_FALSE(tree.toggle_nag(nc6, 1));
  EXPECT_TRUE(tree.parent(e5).is_none());
  EXPECT_TRUE(tree.contains(qxd5));
  EXPECT_EQ(tree.path_from_root(c5).size(), 4u);
}

TEST(MoveTree, DeleteReturnsTheParentAndTheNextVariationBecomesMain) {
  MoveTree tree;
  const NodeId e4 = play(tree, tree.root(), "e4");
  play_line(tree, e4, {"e5", "Nf3"});
  const NodeId c5 = play(tree, e4, "c5");
  const NodeId e6 = play(tree, e4, "e6");
  tree.set_comment_before(c5, text_comment("The Sicilian:"));
  EXPECT_EQ(tree.size(), 6u);

  EXPECT_EQ(tree.delete_from(tree.main_child(e4)), e4);
  EXPECT_EQ(children_sans(tree, e4), (std::vector<std::string>{"c5", "e6"}));
  EXPECT_EQ(tree.size(), 4u);
  // c5 is now the main continuation: its comment before has no place in PGN there.
  EXPECT_TRUE(tree.node(c5).comment_before.empty());
  EXPECT_EQ(tree.node(c5).comment_after.text, "The Sicilian:");

  EXPECT_EQ(tree.delete_from(e6), e4);
  EXPECT_TRUE(tree.delete_from(tree.root()).is_none());
  EXPECT_EQ(tree.delete_from(e4), tree.root());
  EXPECT_EQ(tree.size(), 1u);
  EXPECT_TRUE(tree.main_line().empty());
}

// 1. e4 (1. d4 d5 (1... Nf6 2. c4 (2. Nf3 g6) 2... e6)) (1. c4)
struct Nested {
  MoveTree tree;
  NodeId e4, d4, d5, nf6, c4_2, nf3_2, g6, e6, c4_1;
  Nested() {
    e4 = play(tree, tree.root(), "e4");
    d4 = play(tree, tree.root(), "d4");
    c4_1 = play(tree, tree.root(), "c4");
    d5 = play(tree, d4, "d5");
    nf6 = play(tree, d4, "Nf6");
    c4_2 = play(tree, nf6, "c4");
    nf3_2 = play(tree, nf6, "Nf3");
    g6 = play(tree, nf3_2, "g6");
    e6 = play(tree, c4_2, "e6");
  }
};

TEST(MoveTree, PromoteMovesTheInnermostVariationOnePlaceUp) {
  Nested n;
  MoveTree& tree = n.tree;
  EXPECT_EQ(tree.nesting(n.g6), 3u);
  // g6 lies in the variation 2. Nf3, which becomes 2. c4's main continuation.
  EXPECT_TRUE(tree.promote(n.g6));
  EXPECT_EQ(children_sans(tree, n.nf6), (std::vector<std::string>{"Nf3", "c4"}));
  EXPECT_EQ(tree.nesting(n.g6), 2u);
  // Now the innermost variation holding g6 is 1... Nf6.
  EXPECT_TRUE(tree.promote(n.g6));
  EXPECT_EQ(children_sans(tree, n.d4), (std::vector<std::string>{"Nf6", "d5"}));
  EXPECT_TRUE(tree.promote(n.g6));
  EXPECT_EQ(children_sans(tree, tree.root()), (std::vector<std::string>{"d4", "e4", "c4"}));
  EXPECT_TRUE(tree.is_main_line(n.g6));
  EXPECT_FALSE(tree.promote(n.g6));
  // Third of three goes to second.
  EXPECT_TRUE(tree.promote(n.c4_1));
  EXPECT_EQ(children_sans(tree, tree.root()), (std::vector<std::string>{"d4", "c4", "e4"}));
  EXPECT_FALSE(tree.promote(NodeId{}));
}

TEST(MoveTree, MakeMainLineBringsEveryBranchOfThePathFirst) {
  Nested n;
  MoveTree& tree = n.tree;
  EXPECT_FALSE(tree.make_main_line(n.e4));
  EXPECT_TRUE(tree.make_main_line(n.g6));
  EXPECT_EQ(children_sans(tree, tree.root()), (std::vector<std::string>{"d4", "e4", "c4"}));
  EXPECT_EQ(children_sans(tree, n.d4), (std::vector<std::string>{"Nf6", "d5"}));
  EXPECT_EQ(children_sans(tree, n.nf6), (std::vector<std::string>{"Nf3", "c4"}));
  EXPECT_EQ(sans(tree, tree.main_line()), (std::vector<std::string>{"d4", "Nf6", "Nf3", "g6"}));
  EXPECT_FALSE(tree.make_main_line(n.g6));
  // The others keep their order behind it.
  EXPECT_TRUE(tree.make_main_line(n.c4_1));
  EXPECT_EQ(children_sans(tree, tree.root()), (std::vector<std::string>{"c4", "d4", "e4"}));
}

TEST(MoveTree, ACommentBeforeAVariationStaysWithItsMoveWhenPromoted) {
  MoveTree tree;
  const NodeId e4 = play(tree, tree.root(), "e4");
  const NodeId d4 = play(tree, tree.root(), "d4");
  tree.set_comment_after(d4, text_comment("Solid."));
  ASSERT_TRUE(tree.set_comment_before(d4, text_comment("Also good:")));
  EXPECT_EQ(tree.node(d4).comment_before.text, "Also good:");
  EXPECT_TRUE(tree.promote(d4));
  EXPECT_TRUE(tree.node(d4).comment_before.empty());
  EXPECT_EQ(tree.node(d4).comment_after.text, "Also good: Solid.");
  EXPECT_TRUE(tree.node(e4).comment_before.empty());
  // On a first child a comment before is put in front of the comment after.
  EXPECT_TRUE(tree.set_comment_before(d4, text_comment("Best:")));
  EXPECT_EQ(tree.node(d4).comment_after.text, "Best: Also good: Solid.");
  EXPECT_FALSE(tree.set_comment_before(tree.root(), text_comment("no")));
  EXPECT_TRUE(tree.set_comment_after(tree.root(), text_comment("The game's comment.")));
  EXPECT_EQ(tree.node(tree.root()).comment_after.text, "The game's comment.");
  EXPECT_TRUE(tree.clear_comments(d4));
  EXPECT_TRUE(tree.node(d4).comment_after.empty());
}

TEST(MoveTree, CommentsAreKeptNormalised) {
  MoveTree tree;
  const NodeId e4 = play(tree, tree.root(), "e4");
  Comment comment;
  comment.text = " a\n [%eval 0.5] }b ";
  ASSERT_TRUE(tree.set_comment_after(e4, comment));
  const Comment& kept = tree.node(e4).comment_after;
  EXPECT_EQ(kept.text, "a )b");
  ASSERT_TRUE(kept.eval);
  EXPECT_EQ(kept.eval->value, 50);

  EXPECT_TRUE(tree.set_eval(e4, Eval{Eval::Kind::Mate, -4, 31}));
  EXPECT_TRUE(tree.set_clock(e4, 3min + 500ms));
  EXPECT_EQ(comment_body(tree.node(e4).comment_after), "[%eval #-4,31] [%clk 0:03:00.5] a )b");
  EXPECT_TRUE(tree.set_eval(e4, std::nullopt));
  EXPECT_FALSE(tree.node(e4).comment_after.eval);
}

TEST(MoveTree, NagsOfOneKindExcludeEachOther) {
  MoveTree tree;
  const NodeId e4 = play(tree, tree.root(), "e4");
  EXPECT_TRUE(tree.toggle_nag(e4, 1));
  EXPECT_EQ(tree.node(e4).nags, std::vector<int>{1});
  EXPECT_TRUE(tree.toggle_nag(e4, 6));  // ?! replaces !
  EXPECT_EQ(tree.node(e4).nags, std::vector<int>{6});
  EXPECT_TRUE(tree.toggle_nag(e4, 14));
  EXPECT_TRUE(tree.toggle_nag(e4, 146));
  EXPECT_TRUE(tree.toggle_nag(e4, 22));
  EXPECT_TRUE(tree.toggle_nag(e4, 19));  // -+ replaces +=
  EXPECT_EQ(tree.node(e4).nags, (std::vector<int>{6, 146, 22, 19}));
  EXPECT_TRUE(tree.toggle_nag(e4, 146));  // off again
  EXPECT_TRUE(tree.toggle_nag(e4, 6));
  EXPECT_EQ(tree.node(e4).nags, (std::vector<int>{22, 19}));
  EXPECT_FALSE(tree.toggle_nag(e4, 0));
  EXPECT_FALSE(tree.toggle_nag(e4, 256));
  EXPECT_FALSE(tree.toggle_nag(tree.root(), 1));
  // What a file says is kept as it says it, repeats aside.
  EXPECT_TRUE(tree.add_nag(e4, 4));
  EXPECT_TRUE(tree.add_nag(e4, 2));
  EXPECT_TRUE(tree.add_nag(e4, 4));
  EXPECT_EQ(tree.node(e4).nags, (std::vector<int>{22, 19, 4, 2}));
}

TEST(MoveTree, ArrowsAndCirclesToggleAsARightDragDraws) {
  MoveTree tree;
  const NodeId e4 = play(tree, tree.root(), "e4");
  const Arrow green{ShapeColor::Green, chess::SQ_G1, chess::SQ_F3};
  const Arrow red{ShapeColor::Red, chess::SQ_G1, chess::SQ_F3};
  const Arrow other{ShapeColor::Blue, chess::SQ_D1, chess::SQ_H5};
  EXPECT_TRUE(tree.toggle_arrow(e4, green));
  EXPECT_TRUE(tree.toggle_arrow(e4, other));
  EXPECT_EQ(tree.node(e4).comment_after.arrows, (std::vector<Arrow>{green, other}));
  EXPECT_TRUE(tree.toggle_arrow(e4, red));  // recoloured
  EXPECT_EQ(tree.node(e4).comment_after.arrows, (std::vector<Arrow>{red, other}));
  EXPECT_TRUE(tree.toggle_arrow(e4, red));  // removed
  EXPECT_EQ(tree.node(e4).comment_after.arrows, std::vector<Arrow>{other});

  const Circle circle{ShapeColor::Yellow, chess::SQ_E5};
  EXPECT_TRUE(tree.toggle_circle(tree.root(), circle));  // shapes on the start position too
  EXPECT_EQ(tree.node(tree.root()).comment_after.circles, std::vector<Circle>{circle});
  EXPECT_TRUE(tree.toggle_circle(tree.root(), circle));
  EXPECT_TRUE(tree.node(tree.root()).comment_after.circles.empty());

  EXPECT_TRUE(tree.set_circles(e4, {circle, Circle{ShapeColor::Red, chess::SQ_D4}}));
  EXPECT_TRUE(tree.set_arrows(e4, {}));
  EXPECT_EQ(comment_body(tree.node(e4).comment_after), "[%csl Ye5,Rd4]");
}

TEST(MoveTree, TheWalksACursorMakes) {
  Nested n;
  const MoveTree& tree = n.tree;
  EXPECT_EQ(tree.first(), tree.root());
  EXPECT_EQ(tree.next(tree.root()), n.e4);
  EXPECT_TRUE(tree.next(n.e4).is_none());
  EXPECT_EQ(tree.previous(n.g6), n.nf3_2);
  EXPECT_TRUE(tree.previous(tree.root()).is_none());
  EXPECT_EQ(tree.last(n.d4), n.d5);
  EXPECT_EQ(tree.last(n.nf6), n.e6);
  EXPECT_EQ(tree.last(tree.root()), n.e4);

  EXPECT_EQ(sans(tree, tree.siblings(n.d4)), (std::vector<std::string>{"e4", "d4", "c4"}));
  EXPECT_TRUE(tree.siblings(tree.root()).empty());
  EXPECT_EQ(tree.sibling_before(n.d4), n.e4);
  EXPECT_EQ(tree.sibling_after(n.d4), n.c4_1);
  EXPECT_TRUE(tree.sibling_before(n.e4).is_none());
  EXPECT_TRUE(tree.sibling_after(n.c4_1).is_none());

  EXPECT_EQ(sans(tree, tree.nodes_from_root(n.g6)), (std::vector<std::string>{"d4", "Nf6", "Nf3", "g6"}));
  const std::vector<chess::Move> path = tree.path_from_root(n.g6);
  EXPECT_EQ(path.size(), 4u);
  EXPECT_EQ(tree.find(path), n.g6);
  EXPECT_EQ(tree.find({}), tree.root());
  EXPECT_TRUE(tree.find(std::vector<chess::Move>{tree.node(n.d5).move}).is_none());  // not a move from the start
  EXPECT_EQ(tree.ply(n.g6), 4u);
  EXPECT_EQ(tree.ply(tree.root()), 0u);

  EXPECT_EQ(tree.nesting(n.e4), 0u);
  EXPECT_EQ(tree.nesting(n.d5), 1u);
  EXPECT_EQ(tree.nesting(n.e6), 2u);
  EXPECT_EQ(tree.variation_start(n.e6), n.nf6);
  EXPECT_EQ(tree.variation_start(n.g6), n.nf3_2);
  EXPECT_EQ(tree.variation_start(n.d5), n.d4);
  EXPECT_TRUE(tree.variation_start(n.e4).is_none());
  EXPECT_TRUE(tree.is_main_line(n.e4));
  EXPECT_TRUE(tree.is_main_line(tree.root()));
  EXPECT_FALSE(tree.is_main_line(n.d5));
}

TEST(MoveTree, EqualityIsAboutMovesAndAnnotationsNotHandles) {
  MoveTree built;
  play_line(built, built.root(), {"e4", "e5", "Nf3"});
  const NodeId d4 = play(built, built.root(), "d4");

  // The same tree built otherwise: other slots, other order of adding.
  MoveTree other;
  other.delete_from(play_line(other, other.root(), {"c4", "c5", "Nc3"}));
  other.delete_from(other.main_child(other.root()));
  const NodeId other_d4 = play(other, other.root(), "d4");
  const NodeId other_e4 = play(other, other.root(), "e4");
  play_line(other, other_e4, {"e5", "Nf3"});
  EXPECT_NE(built, other);  // d4 comes first there
  ASSERT_TRUE(other.promote(other_e4));
  EXPECT_EQ(built, other);

  other.toggle_nag(other_d4, 3);
  EXPECT_NE(built, other);
  built.toggle_nag(d4, 3);
  EXPECT_EQ(built, other);
  other.set_comment_before(other_d4, text_comment("Or"));
  EXPECT_NE(built, other);
  built.set_comment_before(d4, text_comment("Or"));
  EXPECT_EQ(built, other);
  EXPECT_NE(MoveTree(), MoveTree(chess::Position(chess::Variant::ThreeCheck)));
}

// Builds a chain of variations each inside the last, from `at`, `levels` deep:
// every level plays a main move and a variation, and goes on in the variation.
NodeId nest(MoveTree& tree, NodeId at, std::size_t levels) {
  const auto knight_move = [&](NodeId from, bool aside) {
    const chess::Position& pos = tree.node(from).position;
    const bool white = pos.side_to_move() == chess::WHITE;
    if (aside) return white ? std::string("Nc3") : std::string("Nc6");
    const bool home = pos.piece_on(white ? chess::SQ_G1 : chess::SQ_G8) != chess::NO_PIECE;
    return std::string(white ? (home ? "Nf3" : "Ng1") : (home ? "Nf6" : "Ng8"));
  };
  for (std::size_t level = 0; level < levels && !at.is_none(); ++level) {
    play(tree, at, knight_move(at, true));
    at = play(tree, at, knight_move(at, false));
  }
  return at;
}

TEST(MoveTree, NoNodeNestsDeeperThanPgnCanRead) {
  MoveTree tree;
  const NodeId e4 = play(tree, tree.root(), "e4");
  const NodeId deepest = nest(tree, e4, MoveTree::MAX_NESTING);
  ASSERT_FALSE(deepest.is_none());
  EXPECT_EQ(tree.nesting(deepest), MoveTree::MAX_NESTING);
  const NodeId main = play(tree, deepest, "Nc6");  // a main continuation nests no deeper
  ASSERT_FALSE(main.is_none());
  EXPECT_TRUE(play(tree, deepest, "a6").is_none());  // a variation would

  // Pushing the whole chain down a level is refused and changes nothing.
  const NodeId d4 = play(tree, tree.root(), "d4");
  const MoveTree before = tree;
  EXPECT_FALSE(tree.promote(d4));
  EXPECT_FALSE(tree.make_main_line(d4));
  EXPECT_EQ(tree, before);
  EXPECT_EQ(tree.main_child(tree.root()), e4);
  // Once the chain is shorter, it is allowed.
  ASSERT_EQ(tree.node(e4).children.size(), 2u);
  tree.delete_from(tree.node(e4).children[1]);
  EXPECT_TRUE(tree.promote(d4));
  EXPECT_EQ(tree.main_child(tree.root()), d4);
}

}  // namespace
}  // namespace gambit::study
