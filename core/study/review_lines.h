// SPDX-License-Identifier: MIT
// Review meets analysis: a reviewed game's better moves as variations of its
// move tree, so the analysis board opens with each mistake's refutation there
// to step through, as lichess's "Learn from your mistakes" and its analysis
// board show them.
#pragma once

#include "core/chess/pgn.h"
#include "core/review/game_review.h"
#include "core/study/move_tree.h"
#include "core/study/tree_pgn.h"

namespace gambit::study {

// For each move of the tree's main line judged an inaccuracy or worse, the
// line the review expected from the better move, as a variation beside it
// (its first move's comment before says "Better: ..."). The main line must be
// the reviewed game's moves (review.moves[i] for its i-th move); lines that
// do not fit (a move no longer legal, too deep) are left out. Returns how many
// variations were added.
std::size_t add_better_lines(MoveTree& tree, const review::GameReview& review);

// The review written into the game, as lichess shows an analysed game and
// review::annotate writes one: after each reviewed move its evaluation
// ([%eval]) and, for an inaccuracy or worse, its NAG and words; the better
// lines beside the mistakes (add_better_lines); the accuracy and the counts as
// tags. `reviewed` is the line the review judged: the tree's main line must
// begin with its moves from its start, else nothing changes and false is
// returned. Comments the moves had are kept, before the review's words; a
// comment with an evaluation already (an earlier review's) has its words
// replaced, so a game reviewed twice reads as reviewed once. The review's mark
// replaces a move's ?, ?? or ?! (a good move loses it).
bool add_review(TreeGame& game, const chess::PgnGame& reviewed, const review::GameReview& review);

}  // namespace gambit::study
