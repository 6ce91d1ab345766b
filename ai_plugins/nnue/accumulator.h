// SPDX-License-Identifier: MIT
// The network's first layer as a search keeps it: an Accumulator holds, for
// each perspective, the bias plus the weight columns of every piece on the
// board. A move changes a few pieces, so a child's accumulator is its
// parent's plus and minus a few columns (update), far cheaper than summing
// all of them again (refresh). Invariant: an accumulator made by either from
// the same position holds the same numbers (the tests check it after random
// games).
//
// Every function computes with the instructions `simd` names; the results are
// the same bit for bit whichever it is (integers, no overflow: see
// network.h's bounds), and best_simd() picks AVX2 at run time where the
// processor has it, so a build for any amd64 uses it.
#pragma once

#include <cstdint>

#include "ai_plugins/nnue/network.h"

namespace gambit::nnue {

struct alignas(64) Accumulator {
  std::int16_t values[chess::COLOR_NB][Hidden];  // by perspective: White's, Black's
};

enum class Simd { Scalar, Avx2 };
// AVX2 where this processor has it, else the portable code.
Simd best_simd();
bool has_avx2();

// The accumulator of `pos`, from every piece.
void refresh(const Network& net, const chess::Position& pos, Accumulator& out, Simd simd);
// `after`'s accumulator from `before`'s: the pieces that left a square or came
// to one between the two positions (so any move: castling, en passant,
// promotion; a null move changes none). out may not be `before_acc`.
void update(const Network& net, const Accumulator& before_acc, const chess::Position& before,
            const chess::Position& after, Accumulator& out, Simd simd);
// The network's output for `pos` whose accumulator is `acc`, in centipawns
// from the side to move's view.
int evaluate(const Network& net, const Accumulator& acc, const chess::Position& pos, Simd simd);

}  // namespace gambit::nnue
