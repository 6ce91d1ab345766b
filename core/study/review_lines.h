// SPDX-License-Identifier: MIT
// Review meets analysis: a reviewed game's better moves as variations of its
// move tree, so the analysis board opens with each mistake's refutation there
// to step through, as lichess's "Learn from your mistakes" and its analysis
// board show them.
#pragma once

#include "core/review/game_review.h"
#include "core/study/move_tree.h"

namespace gambit::study {

// For each move of the tree's main line judged an inaccuracy or worse, the
// line the review expected from the better move, as a variation beside it
// (its first move's comment before says "Better: ..."). The main line must be
// the reviewed game's moves (review.moves[i] for its i-th move); lines that
// do not fit (a move no longer legal, too deep) are left out. Returns how many
// variations were added.
std::size_t add_better_lines(MoveTree& tree, const review::GameReview& review);

}  // namespace gambit::study
