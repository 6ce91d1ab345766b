// SPDX-License-Identifier: MIT
#include "core/study/tree_pgn.h"

#include <algorithm>
#include <cassert>

#include "core/util/translation.h"
#include "core/util/words.h"

namespace gambit::study {

namespace {

// Builds a game's tree from the movetext PgnReader reports, keeping for each
// line being read (the main line, then each variation open) where it stands.
class TreeBuilder final : public chess::MovetextListener {
 public:
  MoveTree take() { return std::move(tree_); }

  void start(const chess::Position& start) override {
    tree_ = MoveTree(start);
    lines_.assign(1, Line{tree_.root(), NodeId{}, Comment(), false});
  }

  void move(chess::Move m) override {
    Line& line = lines_.back();
    const NodeId added = tree_.add_move(line.at, m);
    assert(!added.is_none());  // the reader checked the move, and the nesting against the same bound
    if (added.is_none()) return;
    line.at = added;
    line.has_move = true;
    if (line.comment_before.empty()) return;
    tree_.set_comment_before(added, joined(tree_.node(added).comment_before, line.comment_before));
    line.comment_before = Comment();
  }

  void nag(int nag) override {
    if (lines_.back().has_move) tree_.add_nag(lines_.back().at, nag);
  }

  // After a move (or before the game's first one: the root's comment) it is
  // the comment after; at the start of a variation, its first move's comment before.
  void comment(std::string_view text) override {
    Line& line = lines_.back();
    if (line.has_move || lines_.size() == 1) append_after(line.at, parse_comment(text));
    else line.comment_before = joined(line.comment_before, parse_comment(text));
  }

  void begin_variation() override {
    const NodeId replaced = lines_.back().at;
    lines_.push_back(Line{tree_.parent(replaced), replaced, Comment(), false});
  }

  // A comment in a variation without moves ("( {text} )") joins the comment
  // after the move the variation would replace.
  void end_variation() override {
    const Line ended = lines_.back();
    lines_.pop_back();
    if (!ended.comment_before.empty()) append_after(ended.replaced, ended.comment_before);
  }

 private:
  struct Line {
    NodeId at;        // its last move, or the node its first move is to follow
    NodeId replaced;  // for a variation: the move it replaces
    Comment comment_before;  // read before the variation's first move
    bool has_move = false;
  };

  void append_after(NodeId id, const Comment& comment) {
    tree_.set_comment_after(id, joined(tree_.node(id).comment_after, comment));
  }

  MoveTree tree_;
  std::vector<Line> lines_{Line{tree_.root(), NodeId{}, Comment(), false}};
};

// The line starting with first (a main continuation or a variation): each
// move, and after a main continuation's move the variations replacing it.
void write_line(const MoveTree& tree, NodeId first, chess::PgnMovetextWriter& out) {
  for (NodeId id = first; !id.is_none(); id = tree.main_child(id)) {
    const MoveTree::Node& n = tree.node(id);
    out.comment(comment_body(n.comment_before));
    out.move(tree.node(n.parent).position, n.san);
    for (int nag : n.nags) out.nag(nag);
    out.comment(comment_body(n.comment_after));
    const std::span<const NodeId> siblings = tree.siblings(id);
    if (siblings.front() != id) continue;
    for (NodeId variation : siblings.subspan(1)) {
      out.begin_variation();
      write_line(tree, variation, out);  // recursion bounded by MoveTree::MAX_NESTING
      out.end_variation();
    }
  }
}

// The one NAG a PgnGame keeps of a move's: its move assessment, else its first.
int main_nag(const std::vector<int>& nags) {
  const auto assessment = std::find_if(nags.begin(), nags.end(), [](int nag) { return nag >= 1 && nag <= 6; });
  if (assessment != nags.end()) return *assessment;
  return nags.empty() ? 0 : nags.front();
}

}  // namespace

std::optional<Result<TreeGame>> TreePgnReader::next() {
  TreeBuilder builder;
  std::optional<Result<chess::PgnGame>> read = reader_.next(builder);
  if (!read) return std::nullopt;
  if (!*read) return Result<TreeGame>(Failure{read->error()});
  chess::PgnGame& game = read->value();
  return Result<TreeGame>(
      TreeGame{std::move(game.tags), builder.take(), std::move(game.result), std::move(game.cut_short)});
}

std::string write_tree_pgn(const TreeGame& game) {
  const MoveTree& tree = game.tree;
  std::string out = chess::write_pgn_tags(game.tags, tree.node(tree.root()).position, game.result);
  chess::PgnMovetextWriter movetext;
  movetext.comment(comment_body(tree.node(tree.root()).comment_after));
  if (const NodeId first = tree.main_child(tree.root()); !first.is_none()) write_line(tree, first, movetext);
  out += movetext.finish(game.result);
  out += '\n';
  return out;
}

TreeGame from_pgn_game(const chess::PgnGame& game) {
  TreeGame out{game.tags, MoveTree(game.start), game.result, game.cut_short};
  NodeId at = out.tree.root();
  for (std::size_t i = 0; i < game.moves.size(); ++i) {
    at = out.tree.add_move(at, game.moves[i]);
    if (at.is_none()) break;
    if (i < game.comments_after.size()) out.tree.set_comment_after(at, parse_comment(game.comments_after[i]));
    if (i < game.nags_after.size()) out.tree.add_nag(at, game.nags_after[i]);
  }
  return out;
}

chess::PgnGame to_pgn_game(const TreeGame& game) {
  chess::PgnGame out;
  out.tags = game.tags;
  out.start = game.tree.node(game.tree.root()).position;
  out.result = game.result;
  out.cut_short = game.cut_short;
  for (NodeId id : game.tree.main_line()) {
    const MoveTree::Node& n = game.tree.node(id);
    out.moves.push_back(n.move);
    out.comments_after.push_back(comment_body(n.comment_after));
    out.nags_after.push_back(main_nag(n.nags));
  }
  return out;
}

Result<TreeGame> tree_game_from_text(std::string_view text) {
  text = trimmed(text);
  if (text.empty()) return Failure{tr("there is nothing to read: neither a FEN nor a PGN game")};
  if (chess::looks_like_fen(text)) {
    Result<chess::Position> start = chess::Position::from_fen(text);
    if (!start) start = chess::Position::from_fen(text, chess::Variant::ThreeCheck);
    if (!start) return Failure{fill(tr("the FEN cannot be used: {reason}"), {{"reason", start.error()}})};
    TreeGame game;
    game.tree = MoveTree(*start);
    return game;
  }
  TreePgnReader reader(text, chess::PgnReader::Moves::UpToError);
  std::optional<Result<TreeGame>> first = reader.next();
  if (!first) return Failure{tr("the text holds no PGN game")};
  if (!*first) return Failure{first->error()};
  return std::move(*first).value();
}

std::optional<TreeGame> find_tree_game(std::string_view text, const chess::PgnGame& game) {
  TreePgnReader reader(text, chess::PgnReader::Moves::UpToError);
  while (std::optional<Result<TreeGame>> next = reader.next()) {
    if (!*next) continue;
    const MoveTree& tree = (*next)->tree;
    if (!(tree.node(tree.root()).position == game.start) || (*next)->tags != game.tags) continue;
    const std::vector<NodeId> main_line = tree.main_line();
    if (main_line.size() != game.moves.size()) continue;
    bool same = true;
    for (std::size_t i = 0; i < main_line.size() && same; ++i) same = tree.node(main_line[i]).move == game.moves[i];
    if (same) return std::move(*next).value();
  }
  return std::nullopt;
}

}  // namespace gambit::study
