// SPDX-License-Identifier: MIT
#include "core/study/review_lines.h"

#include <vector>

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

}  // namespace gambit::study
