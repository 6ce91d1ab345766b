// SPDX-License-Identifier: MIT
// MoveTree: the moves an analysis board builds, as a tree of positions from a
// start position (any legal one, standard chess or three-check): variations at
// any depth, comments (with evals, clocks, arrows and circles, core/study/comment.h)
// and NAGs. It is read from and written to PGN in core/study/tree_pgn.h.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/chess/pgn.h"
#include "core/chess/position.h"
#include "core/chess/types.h"
#include "core/study/comment.h"

namespace gambit::study {

// A handle on one node of a MoveTree: an index into the tree's slots and that
// slot's generation. It names its node until that node (or an ancestor) is
// deleted, whatever else is edited; afterwards it names no node, even when the
// slot is used again (the generation differs), and contains() says so.
struct NodeId {
  static constexpr std::uint32_t NONE = UINT32_MAX;
  std::uint32_t index = NONE;
  std::uint32_t generation = 0;

  bool is_none() const { return index == NONE; }
  bool operator==(const NodeId&) const = default;
};

// The tree. Each node but the root is a move; a node's children are the moves
// played after it, the first the main continuation, the others its variations
// in order. Invariants:
//  - the root is the start position; every other node's move is legal in its
//    parent's position (and not after the third check in three-check), its
//    position is the parent's with the move played, its san the move's SAN;
//  - the moves of a node's children are distinct;
//  - no node lies more than MAX_NESTING variations deep (nesting(), the
//    number of non-first children on its path), so PGN can hold every tree;
//  - the comment before a move is empty for the root and every first child
//    (in PGN it could not be told from the comment after the move before);
//    the root's comment after is the game's comment, before its first move;
//  - comments are normalised (Comment), NAGs are 1..255 without repeats, and
//    the root has none.
// Every operation costs O(depth of the node) plus the size of what it copies
// or deletes; promote and make_main_line also check the nesting of the whole
// tree (O(nodes)). Operations given a handle that names no node of this tree
// do nothing and say so (false, or a none NodeId); node() must only be given
// handles that name one.
class MoveTree {
 public:
  struct Node {
    chess::Move move;  // Move::none() at the root
    std::string san;   // "" at the root
    chess::Position position;  // after the move
    NodeId parent;             // none at the root
    std::vector<NodeId> children;
    Comment comment_before;  // only on a variation's first move
    Comment comment_after;
    std::vector<int> nags;  // in the order added: "!" 1, "?" 2, "!!" 3, "??" 4, "!?" 5, "?!" 6, ...
  };

  static constexpr std::size_t MAX_NESTING = chess::PgnReader::MAX_VARIATION_DEPTH;

  MoveTree() : MoveTree(chess::Position()) {}
  explicit MoveTree(const chess::Position& start);

  NodeId root() const { return NodeId{0, 0}; }
  bool contains(NodeId id) const;
  const Node& node(NodeId id) const;
  std::size_t size() const { return slots_.size() - free_.size(); }  // nodes, the root included

  // --- Building.
  // The child of `at` that plays m: the one there is, or a new one after the
  // others (a variation, or the main continuation of a node without children).
  // None when m is not legal at `at`, the game ended there by the third check,
  // or the new variation would nest more than MAX_NESTING deep.
  NodeId add_move(NodeId at, chess::Move m);
  // Deletes the node and everything after it, and returns its parent (where a
  // cursor on it goes). None for the root, which cannot be deleted.
  NodeId delete_from(NodeId id);
  // The variation the node lies in moves one place up among its siblings (the
  // second becomes the main continuation, as lichess's "promote variation").
  // False when the node is on the main line, or the line pushed down would
  // nest too deep.
  bool promote(NodeId id);
  // Makes the node's line the main line: on its path from the root every move
  // becomes the first among its siblings (the others keep their order). False
  // when it already is, or a line pushed down would nest too deep.
  bool make_main_line(NodeId id);

  // --- Annotating; each false for a handle naming no node.
  bool set_comment_after(NodeId id, const Comment& comment);
  // On a first child, where PGN has no comment before a move, the comment is
  // put in front of the comment after it instead. False at the root.
  bool set_comment_before(NodeId id, const Comment& comment);
  bool clear_comments(NodeId id);
  // Adds the NAG, or removes it if the node has it. A move assessment (1..6)
  // replaces the node's other move assessment, a position assessment (10..19)
  // its other position assessment, as lichess does; others (22 zugzwang, 146
  // novelty...) add up. False at the root or for a NAG outside 1..255.
  bool toggle_nag(NodeId id, int nag);
  // Adds the NAG after the node's others unless it has it (what a PGN file says).
  bool add_nag(NodeId id, int nag);
  // The shapes on the node's position (its comment after).
  bool set_arrows(NodeId id, std::vector<Arrow> arrows);
  bool set_circles(NodeId id, std::vector<Circle> circles);
  // As a right-drag draws them: a new arrow is added, one already there in the
  // same colour removed, in another colour recoloured. Likewise circles.
  bool toggle_arrow(NodeId id, Arrow arrow);
  bool toggle_circle(NodeId id, Circle circle);
  bool set_eval(NodeId id, std::optional<Eval> eval);
  bool set_clock(NodeId id, std::optional<std::chrono::milliseconds> clock);

  // --- Looking around; none where there is no such node.
  NodeId parent(NodeId id) const;
  NodeId main_child(NodeId id) const;
  // The children of the node's parent, the node among them (empty for the root).
  std::span<const NodeId> siblings(NodeId id) const;
  NodeId sibling_before(NodeId id) const;
  NodeId sibling_after(NodeId id) const;
  // Its path from the root holds only first children.
  bool is_main_line(NodeId id) const;
  // How many variations deep the node lies: the non-first children on its path.
  std::size_t nesting(NodeId id) const;
  // The first move of the innermost variation the node lies in (none on the main line).
  NodeId variation_start(NodeId id) const;
  // Moves from the root to the node (0 for the root).
  std::size_t ply(NodeId id) const;
  std::vector<chess::Move> path_from_root(NodeId id) const;
  // The nodes from the root's child on the path to the node, ending with it.
  std::vector<NodeId> nodes_from_root(NodeId id) const;
  // The node the moves lead to from the root.
  NodeId find(std::span<const chess::Move> path) const;
  // The main line's nodes, from the root's main child.
  std::vector<NodeId> main_line() const;
  // A cursor's steps: next follows the main continuation, previous goes back
  // one move, first is the root, last the end of the node's main continuation.
  NodeId next(NodeId id) const { return main_child(id); }
  NodeId previous(NodeId id) const { return parent(id); }
  NodeId first() const { return root(); }
  NodeId last(NodeId id) const;

  // Same start, same moves in the same order, same comments and NAGs
  // (handles and slots play no part).
  bool operator==(const MoveTree& other) const;

 private:
  struct Slot {
    std::optional<Node> node;
    std::uint32_t generation = 0;
  };

  Node& at(NodeId id) { return *slots_[id.index].node; }
  NodeId allocate(Node node);
  void release(NodeId id);
  // The first child of parent gets no comment before: it joins the comment after.
  void settle_first_child(NodeId parent);
  // The deepest nesting of any node.
  std::size_t deepest_nesting() const;
  // Moves each node to its index among its siblings (shifting those between),
  // in the order given; undone if a node would then nest too deep.
  bool move_among_siblings(std::span<const std::pair<NodeId, std::size_t>> moves);

  std::vector<Slot> slots_;
  std::vector<std::uint32_t> free_;  // slots without a node
};

}  // namespace gambit::study
