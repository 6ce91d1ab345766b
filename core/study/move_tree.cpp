// SPDX-License-Identifier: MIT
#include "core/study/move_tree.h"

#include <algorithm>
#include <cassert>

#include "core/chess/san.h"

namespace gambit::study {

namespace {

Comment normalised(const Comment& comment) { return parse_comment(comment_body(comment)); }

// NAGs that exclude each other share a group: move assessments (1..6) and
// position assessments (10..19); 0 for the others, which add up.
int nag_group(int nag) {
  if (nag >= 1 && nag <= 6) return 1;
  if (nag >= 10 && nag <= 19) return 2;
  return 0;
}

}  // namespace

MoveTree::MoveTree(const chess::Position& start) {
  Node root;
  root.position = start;
  slots_.push_back(Slot{std::move(root), 0});
}

bool MoveTree::contains(NodeId id) const {
  return id.index < slots_.size() && slots_[id.index].node && slots_[id.index].generation == id.generation;
}

const MoveTree::Node& MoveTree::node(NodeId id) const {
  assert(contains(id));
  return *slots_[id.index].node;
}

NodeId MoveTree::allocate(Node node) {
  if (free_.empty()) {
    slots_.push_back(Slot{std::move(node), 0});
    return NodeId{std::uint32_t(slots_.size() - 1), 0};
  }
  const std::uint32_t index = free_.back();
  free_.pop_back();
  slots_[index].node = std::move(node);
  return NodeId{index, slots_[index].generation};
}

void MoveTree::release(NodeId id) {
  Slot& slot = slots_[id.index];
  slot.node.reset();
  ++slot.generation;
  free_.push_back(id.index);
}

NodeId MoveTree::add_move(NodeId at_id, chess::Move m) {
  if (!contains(at_id)) return {};
  const Node& parent = node(at_id);
  for (NodeId child : parent.children)
    if (node(child).move == m) return child;
  if (!parent.position.is_legal(m) || parent.position.over_by_goal()) return {};
  if (!parent.children.empty() && nesting(at_id) + 1 > MAX_NESTING) return {};
  Node child;
  child.move = m;
  child.san = chess::to_san(parent.position, m);
  child.position = parent.position;
  child.position.do_move(m);
  child.parent = at_id;
  const NodeId id = allocate(std::move(child));  // may move the slots: parent is not used after it
  at(at_id).children.push_back(id);
  return id;
}

NodeId MoveTree::delete_from(NodeId id) {
  if (!contains(id) || id == root()) return {};
  const NodeId parent_id = node(id).parent;
  std::vector<NodeId>& siblings = at(parent_id).children;
  siblings.erase(std::find(siblings.begin(), siblings.end(), id));
  std::vector<NodeId> doomed{id};
  while (!doomed.empty()) {
    const NodeId next = doomed.back();
    doomed.pop_back();
    const std::vector<NodeId>& children = node(next).children;
    doomed.insert(doomed.end(), children.begin(), children.end());
    release(next);
  }
  settle_first_child(parent_id);
  return parent_id;
}

void MoveTree::settle_first_child(NodeId parent_id) {
  const std::vector<NodeId>& children = node(parent_id).children;
  if (children.empty()) return;
  Node& first = at(children.front());
  if (first.comment_before.empty()) return;
  first.comment_after = joined(first.comment_before, first.comment_after);
  first.comment_before = Comment();
}

std::size_t MoveTree::deepest_nesting() const {
  std::size_t deepest = 0;
  std::vector<std::pair<NodeId, std::size_t>> pending{{root(), 0}};
  while (!pending.empty()) {
    const auto [id, depth] = pending.back();
    pending.pop_back();
    deepest = std::max(deepest, depth);
    const std::vector<NodeId>& children = node(id).children;
    for (std::size_t i = 0; i < children.size(); ++i) pending.emplace_back(children[i], depth + (i > 0));
  }
  return deepest;
}

bool MoveTree::move_among_siblings(std::span<const std::pair<NodeId, std::size_t>> moves) {
  std::vector<std::pair<NodeId, std::vector<NodeId>>> saved;
  for (const auto& [id, to] : moves) {
    const NodeId parent_id = node(id).parent;
    std::vector<NodeId>& children = at(parent_id).children;
    saved.emplace_back(parent_id, children);
    const auto from = std::find(children.begin(), children.end(), id);
    const auto target = children.begin() + std::ptrdiff_t(to);
    if (from > target) std::rotate(target, from, from + 1);
    else std::rotate(from, from + 1, target + 1);
  }
  if (deepest_nesting() > MAX_NESTING) {
    for (auto it = saved.rbegin(); it != saved.rend(); ++it) at(it->first).children = std::move(it->second);
    return false;
  }
  for (const auto& entry : saved) settle_first_child(entry.first);
  return true;
}

bool MoveTree::promote(NodeId id) {
  const NodeId start = variation_start(id);
  if (start.is_none()) return false;
  const std::span<const NodeId> row = siblings(start);
  const auto index = std::size_t(std::find(row.begin(), row.end(), start) - row.begin());
  const std::pair<NodeId, std::size_t> move{start, index - 1};
  return move_among_siblings({&move, 1});
}

bool MoveTree::make_main_line(NodeId id) {
  std::vector<std::pair<NodeId, std::size_t>> moves;
  for (NodeId on_path : nodes_from_root(id))
    if (siblings(on_path).front() != on_path) moves.emplace_back(on_path, 0);
  return !moves.empty() && move_among_siblings(moves);
}

bool MoveTree::set_comment_after(NodeId id, const Comment& comment) {
  if (!contains(id)) return false;
  at(id).comment_after = normalised(comment);
  return true;
}

bool MoveTree::set_comment_before(NodeId id, const Comment& comment) {
  if (!contains(id) || id == root()) return false;
  Node& n = at(id);
  if (siblings(id).front() == id) n.comment_after = joined(comment, n.comment_after);
  else n.comment_before = normalised(comment);
  return true;
}

bool MoveTree::clear_comments(NodeId id) {
  if (!contains(id)) return false;
  at(id).comment_before = Comment();
  at(id).comment_after = Comment();
  return true;
}

bool MoveTree::toggle_nag(NodeId id, int nag) {
  if (!contains(id) || id == root() || nag < 1 || nag > 255) return false;
  std::vector<int>& nags = at(id).nags;
  if (const auto there = std::find(nags.begin(), nags.end(), nag); there != nags.end()) {
    nags.erase(there);
    return true;
  }
  if (const int group = nag_group(nag); group != 0) std::erase_if(nags, [&](int n) { return nag_group(n) == group; });
  nags.push_back(nag);
  return true;
}

bool MoveTree::add_nag(NodeId id, int nag) {
  if (!contains(id) || id == root() || nag < 1 || nag > 255) return false;
  std::vector<int>& nags = at(id).nags;
  if (std::find(nags.begin(), nags.end(), nag) == nags.end()) nags.push_back(nag);
  return true;
}

bool MoveTree::set_arrows(NodeId id, std::vector<Arrow> arrows) {
  if (!contains(id)) return false;
  Comment comment = node(id).comment_after;
  comment.arrows = std::move(arrows);
  return set_comment_after(id, comment);
}

bool MoveTree::set_circles(NodeId id, std::vector<Circle> circles) {
  if (!contains(id)) return false;
  Comment comment = node(id).comment_after;
  comment.circles = std::move(circles);
  return set_comment_after(id, comment);
}

bool MoveTree::toggle_arrow(NodeId id, Arrow arrow) {
  if (!contains(id)) return false;
  Comment comment = node(id).comment_after;
  study::toggle_arrow(comment.arrows, arrow);
  return set_comment_after(id, comment);
}

bool MoveTree::toggle_circle(NodeId id, Circle circle) {
  if (!contains(id)) return false;
  Comment comment = node(id).comment_after;
  study::toggle_circle(comment.circles, circle);
  return set_comment_after(id, comment);
}

bool MoveTree::set_eval(NodeId id, std::optional<Eval> eval) {
  if (!contains(id)) return false;
  Comment comment = node(id).comment_after;
  comment.eval = eval;
  return set_comment_after(id, comment);
}

bool MoveTree::set_clock(NodeId id, std::optional<std::chrono::milliseconds> clock) {
  if (!contains(id)) return false;
  Comment comment = node(id).comment_after;
  comment.clock = clock;
  return set_comment_after(id, comment);
}

NodeId MoveTree::parent(NodeId id) const { return contains(id) ? node(id).parent : NodeId{}; }

NodeId MoveTree::main_child(NodeId id) const {
  if (!contains(id) || node(id).children.empty()) return {};
  return node(id).children.front();
}

std::span<const NodeId> MoveTree::siblings(NodeId id) const {
  if (!contains(id) || id == root()) return {};
  return node(node(id).parent).children;
}

NodeId MoveTree::sibling_before(NodeId id) const {
  const std::span<const NodeId> row = siblings(id);
  const auto there = std::find(row.begin(), row.end(), id);
  return there == row.end() || there == row.begin() ? NodeId{} : *(there - 1);
}

NodeId MoveTree::sibling_after(NodeId id) const {
  const std::span<const NodeId> row = siblings(id);
  const auto there = std::find(row.begin(), row.end(), id);
  return there == row.end() || there + 1 == row.end() ? NodeId{} : *(there + 1);
}

bool MoveTree::is_main_line(NodeId id) const { return contains(id) && variation_start(id).is_none(); }

std::size_t MoveTree::nesting(NodeId id) const {
  std::size_t depth = 0;
  for (; contains(id) && id != root(); id = node(id).parent) depth += siblings(id).front() != id;
  return depth;
}

NodeId MoveTree::variation_start(NodeId id) const {
  for (; contains(id) && id != root(); id = node(id).parent)
    if (siblings(id).front() != id) return id;
  return {};
}

std::size_t MoveTree::ply(NodeId id) const {
  std::size_t plies = 0;
  for (; contains(id) && id != root(); id = node(id).parent) ++plies;
  return plies;
}

std::vector<NodeId> MoveTree::nodes_from_root(NodeId id) const {
  std::vector<NodeId> path;
  for (; contains(id) && id != root(); id = node(id).parent) path.push_back(id);
  std::reverse(path.begin(), path.end());
  return path;
}

std::vector<chess::Move> MoveTree::path_from_root(NodeId id) const {
  std::vector<chess::Move> moves;
  for (NodeId on_path : nodes_from_root(id)) moves.push_back(node(on_path).move);
  return moves;
}

NodeId MoveTree::find(std::span<const chess::Move> path) const {
  NodeId id = root();
  for (chess::Move m : path) {
    const std::vector<NodeId>& children = node(id).children;
    const auto child = std::find_if(children.begin(), children.end(), [&](NodeId c) { return node(c).move == m; });
    if (child == children.end()) return {};
    id = *child;
  }
  return id;
}

std::vector<NodeId> MoveTree::main_line() const {
  std::vector<NodeId> line;
  for (NodeId id = main_child(root()); !id.is_none(); id = main_child(id)) line.push_back(id);
  return line;
}

NodeId MoveTree::last(NodeId id) const {
  if (!contains(id)) return {};
  while (!node(id).children.empty()) id = node(id).children.front();
  return id;
}

bool MoveTree::operator==(const MoveTree& other) const {
  if (!(node(root()).position == other.node(other.root()).position)) return false;
  std::vector<std::pair<NodeId, NodeId>> pending{{root(), other.root()}};
  while (!pending.empty()) {
    const auto [mine, theirs] = pending.back();
    pending.pop_back();
    const Node& a = node(mine);
    const Node& b = other.node(theirs);
    if (a.move != b.move || a.comment_before != b.comment_before || a.comment_after != b.comment_after ||
        a.nags != b.nags || a.children.size() != b.children.size())
      return false;
    for (std::size_t i = 0; i < a.children.size(); ++i) pending.emplace_back(a.children[i], b.children[i]);
  }
  return true;
}

}  // namespace gambit::study
