// SPDX-License-Identifier: MIT
#include "core/study/review_lines.h"

#include <algorithm>
#include <vector>

#include "core/study/comment.h"

namespace gambit::study {

std::size_t add_better_lines(MoveTree& tree, const review::GameReview& review) {
  const std::vector<NodeId> main_line = tree.main_line();
  std::size_t added = 0;
  for (std::size_t i = 0; i < main_line.size() && i < review.moves.size() && i < review.positions.size(); ++i) {
    if (review.moves[i].judgement == review::Judgement::Good) continue;
    const std::vector<chess::Move>& line = review.positions[i].line;
    const NodeId before = i == 0 ? tree.root() : main_line[i - 1];
    if (line.empty() || line.front() == tree.node(main_line[i]).move) continue;
    NodeId at = before;
    for (chess::Move m : line) {
      const NodeId next = tree.add_move(at, m);
      if (next.is_none()) break;
      if (at == before) {
        Comment comment;
        comment.text = std::string("Better than ") + tree.node(main_line[i]).san + " (" +
                       review::name_of(review.moves[i].judgement) + ")";
        tree.set_comment_before(next, comment);
        ++added;
      }
      at = next;
    }
  }
  return added;
}

namespace {

// A comment's words without those an earlier review added after them ("Bold. Blunder. Allows mate..." -> "Bold.").
std::string without_review_words(const std::string& text) {
  std::size_t cut = text.size();
  for (const review::Judgement judgement :
       {review::Judgement::Inaccuracy, review::Judgement::Mistake, review::Judgement::Blunder}) {
    const std::string title = std::string(review::title_of(judgement)) + ".";
    for (std::size_t at = text.find(title); at != std::string::npos; at = text.find(title, at + 1))
      if (at == 0 || text[at - 1] == ' ') {
        cut = std::min(cut, at);
        break;
      }
  }
  std::string kept = text.substr(0, cut);
  while (!kept.empty() && kept.back() == ' ') kept.pop_back();
  return kept;
}

}  // namespace

bool add_review(TreeGame& game, const chess::PgnGame& reviewed, const review::GameReview& review) {
  MoveTree& tree = game.tree;
  const std::vector<NodeId> main_line = tree.main_line();
  if (!(tree.node(tree.root()).position == reviewed.start) || main_line.size() < reviewed.moves.size()) return false;
  for (std::size_t i = 0; i < reviewed.moves.size(); ++i)
    if (tree.node(main_line[i]).move != reviewed.moves[i]) return false;
  chess::PgnGame bare = reviewed;  // the review's words alone; the tree keeps the game's own
  bare.comments_after.clear();
  bare.nags_after.clear();
  const chess::PgnGame annotated = review::annotate(bare, review);
  for (std::size_t i = 0; i < reviewed.moves.size() && i < annotated.comments_after.size(); ++i) {
    const Comment said = parse_comment(annotated.comments_after[i]);
    Comment comment = tree.node(main_line[i]).comment_after;
    if (comment.eval) comment.text = without_review_words(comment.text);
    if (!said.text.empty()) comment.text = comment.text.empty() ? said.text : comment.text + " " + said.text;
    comment.eval = said.eval;
    tree.set_comment_after(main_line[i], comment);
    // The review's mark replaces the move's assessment; a move it found good loses a ?, ?? or ?! (an earlier
    // review's, or one it disagrees with).
    const int mark = i < annotated.nags_after.size() ? annotated.nags_after[i] : 0;
    for (const int wrong : {2, 4, 6}) {
      const std::vector<int>& nags = tree.node(main_line[i]).nags;
      if (wrong != mark && std::find(nags.begin(), nags.end(), wrong) != nags.end()) tree.toggle_nag(main_line[i], wrong);
    }
    const std::vector<int>& nags = tree.node(main_line[i]).nags;
    if (mark != 0 && std::find(nags.begin(), nags.end(), mark) == nags.end()) tree.toggle_nag(main_line[i], mark);
  }
  add_better_lines(tree, review);
  for (const char* side : {"White", "Black"})  // the tags annotate adds, replaced
    for (const char* count : {"Accuracy", "Inaccuracies", "Mistakes", "Blunders"}) {
      const std::string name = std::string(side) + count, value = annotated.tag(name);
      std::erase_if(game.tags, [&](const auto& tag) { return tag.first == name; });
      if (!value.empty()) game.tags.emplace_back(name, value);
    }
  return true;
}

}  // namespace gambit::study
