// SPDX-License-Identifier: MIT
// alphabeta's neural evaluation (NNUE: an efficiently updatable network), its
// shape and its file. The network sees the board twice, once from each side:
// 768 inputs per perspective (our or their piece, its type, its square seen
// from our side) feed Hidden neurons (the accumulator, accumulator.h); the
// side to move's and the other side's neurons, each squared and clipped
// (SCReLU), feed one output chosen by how many pieces are on the board.
//
// Integers throughout (quantised at training, ai_plugins/nnue/train.py): the
// first layer's weights and biases scaled by QA, the output weights by QB, the
// output bias by QA * QB; the file format is in docs/network.md. A Network is
// immutable once read: one copy serves every search of a process, from any
// thread.
#pragma once

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <string>

#include "core/chess/position.h"
#include "core/util/result.h"

namespace gambit::nnue {

inline constexpr int Inputs = 768;       // 2 colours (ours, theirs) x 6 piece types x 64 squares
inline constexpr int Hidden = 256;       // neurons per perspective
inline constexpr int OutputBuckets = 8;  // by pieces on the board: (count - 2) / 4
inline constexpr int QA = 255;           // first layer's scale: an accumulator's clip value
// Output weights' scale. Trained output weights are small (|w| < 0.3), so a
// fine scale keeps them precise; they are clipped to MaxOutputWeight / QB
// (0.49) while learning. On one network learned from 450,000 positions, the
// integers were 8 centipawns from the floats on average with 64, 3.5 with 256.
inline constexpr int QB = 256;
inline constexpr int Scale = 400;        // the output in centipawns is the network's output times this
// The output weights' bound: an SCReLU value (at most QA) times a weight must
// fit in 16 bits (QA * 127 < 32768), so the SIMD dot product multiplies in 16 bits.
inline constexpr int MaxOutputWeight = 127;
// The first layer's bound (the trainer's clip, 1.98 x QA): a bias and 32
// pieces' weights sum to at most 33 x 505 = 16,665, inside 16 bits. A
// position with more pieces (a FEN can set one up) may wrap, the same in
// both arithmetics.
inline constexpr int MaxFeatureWeight = 505;
inline constexpr std::uint32_t FileVersion = 1;

// The input for `piece` on `square` seen from `perspective`'s side: the board
// is mirrored top to bottom for Black, so both sides see their pieces alike.
constexpr int feature_index(chess::Color perspective, chess::Piece piece, chess::Square square) {
  const int theirs = chess::color_of(piece) != perspective;
  const int relative_square = perspective == chess::WHITE ? square : square ^ 56;
  return ((theirs * 6 + (chess::type_of(piece) - 1)) * 64) + relative_square;
}

// Which output a position uses: 0 with 2..5 pieces (kings included) .. 7 with 30..32
// (and with more, which a FEN can set up).
inline int output_bucket(const chess::Position& pos) {
  return std::min((chess::popcount(pos.pieces()) - 2) / 4, OutputBuckets - 1);
}

struct Network {
  alignas(64) std::int16_t feature_weights[Inputs][Hidden];
  alignas(64) std::int16_t feature_bias[Hidden];
  // Per bucket: Hidden weights for the side to move's neurons, then Hidden for the other side's.
  alignas(64) std::int16_t output_weights[OutputBuckets][2 * Hidden];
  std::int32_t output_bias[OutputBuckets];

  // The file's bytes size and shape checked, its checksum, every first-layer
  // weight and bias within MaxFeatureWeight and every output weight within
  // MaxOutputWeight: a refusal says what is wrong.
  static Result<std::unique_ptr<Network>> from_bytes(std::span<const unsigned char> bytes);
  static Result<std::unique_ptr<Network>> read(const std::filesystem::path& file);
  // The file from_bytes reads (for the tests; train.py writes the same).
  std::string to_bytes() const;
};

// The file's size in bytes.
std::size_t file_size();

}  // namespace gambit::nnue
