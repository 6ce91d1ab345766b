// SPDX-License-Identifier: MIT
// The search's own state, shared by the node searches (search.cpp) and the
// iterative-deepening driver (iterative_deepening.cpp); not part of the
// engine's interface.
#pragma once

#include <cstdint>
#include <vector>

#include "ai_plugins/alphabeta/search.h"

namespace gambit::alphabeta {

// Per-ply search state; the search looks back up to four plies (ss - 4).
struct Engine::Stack {
  chess::Move* pv = nullptr;
  PieceToHistory* continuation = nullptr;  // the history following the move made at this ply
  int ply = 0;
  chess::Move current_move;
  chess::Move excluded_move;  // set while a singular extension search looks for another good move
  chess::Move killers[2];
  ai::Value static_eval = ai::VALUE_NONE;
  int plies_from_null = 0;
  int double_extensions = 0;  // on the path to this node
  // Beta cutoffs at this ply since the parent node began (a cutoff without a
  // stored move counts twice): a parent whose replies keep cutting reduces more.
  int cutoff_count = 0;
  int move_count = 0;         // moves tried so far at this node
  bool move_noisy = false;    // current_move captures or promotes
  bool tt_hit = false;
  bool in_check = false;
  bool tt_pv = false;
  bool null_move = false;
  // The node's position (alive on the searching function's frame while the
  // node is on the path) and, with a network, its accumulator: ready only
  // once computed for that position (enter_child makes the child's unready).
  const chess::Position* position = nullptr;
  nnue::Accumulator* accumulator = nullptr;
  bool accumulator_ready = false;
};

// A move of the root, with what the last iterations found for it. effort is
// the nodes searched below it in this search: a best move that takes nearly
// all of them has no rival worth the time (time management).
struct Engine::RootMove {
  chess::Move move;
  ai::Value score = -ai::VALUE_INFINITE;
  ai::Value previous_score = -ai::VALUE_INFINITE;
  int sel_depth = 0;
  std::vector<chess::Move> pv;
  std::uint64_t effort = 0;
};

}  // namespace gambit::alphabeta
