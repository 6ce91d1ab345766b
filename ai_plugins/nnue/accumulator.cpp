// SPDX-License-Identifier: MIT
#include "ai_plugins/nnue/accumulator.h"

#include <algorithm>
#include <cassert>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define GAMBIT_NNUE_X86 1
#endif

namespace gambit::nnue {

using chess::Bitboard;
using chess::Color;

namespace {

// out = in + the columns in `adds` - the columns in `subs`, over Hidden lanes.
struct Columns {
  const std::int16_t* add[4];
  const std::int16_t* sub[4];
  int adds = 0, subs = 0;
};

void apply_scalar(const std::int16_t* in, std::int16_t* out, const Columns& c) {
  for (int i = 0; i < Hidden; ++i) {
    int v = in[i];
    for (int k = 0; k < c.adds; ++k) v += c.add[k][i];
    for (int k = 0; k < c.subs; ++k) v -= c.sub[k][i];
    out[i] = std::int16_t(v);
  }
}

// Sum of clamp(a, 0, QA)^2 * w over Hidden lanes, exact.
std::int64_t screlu_dot_scalar(const std::int16_t* a, const std::int16_t* w) {
  std::int64_t sum = 0;
  for (int i = 0; i < Hidden; ++i) {
    const int v = std::clamp<int>(a[i], 0, QA);
    sum += std::int64_t(v) * (v * w[i]);
  }
  return sum;
}

#ifdef GAMBIT_NNUE_X86
constexpr int Lanes = 16;  // int16 values in a 256-bit register
static_assert(Hidden % Lanes == 0);

__attribute__((target("avx2"))) void apply_avx2(const std::int16_t* in, std::int16_t* out, const Columns& c) {
  for (int i = 0; i < Hidden; i += Lanes) {
    __m256i v = _mm256_load_si256(reinterpret_cast<const __m256i*>(in + i));
    for (int k = 0; k < c.adds; ++k)
      v = _mm256_add_epi16(v, _mm256_load_si256(reinterpret_cast<const __m256i*>(c.add[k] + i)));
    for (int k = 0; k < c.subs; ++k)
      v = _mm256_sub_epi16(v, _mm256_load_si256(reinterpret_cast<const __m256i*>(c.sub[k] + i)));
    _mm256_store_si256(reinterpret_cast<__m256i*>(out + i), v);
  }
}

// The products are taken in 16 bits (v * w fits: network.h's MaxOutputWeight),
// then v * (v * w) in pairs into 32-bit lanes: each lane adds Hidden / 8
// products of at most QA * QA * 127, far from overflowing.
__attribute__((target("avx2"))) std::int64_t screlu_dot_avx2(const std::int16_t* a, const std::int16_t* w) {
  const __m256i zero = _mm256_setzero_si256(), top = _mm256_set1_epi16(QA);
  __m256i sum = _mm256_setzero_si256();
  for (int i = 0; i < Hidden; i += Lanes) {
    const __m256i x = _mm256_load_si256(reinterpret_cast<const __m256i*>(a + i));
    const __m256i v = _mm256_max_epi16(_mm256_min_epi16(x, top), zero);
    const __m256i vw = _mm256_mullo_epi16(v, _mm256_load_si256(reinterpret_cast<const __m256i*>(w + i)));
    sum = _mm256_add_epi32(sum, _mm256_madd_epi16(v, vw));
  }
  alignas(32) std::int32_t lanes[8];
  _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), sum);
  std::int64_t total = 0;
  for (const std::int32_t lane : lanes) total += lane;
  return total;
}
#endif

void apply(const std::int16_t* in, std::int16_t* out, const Columns& c, Simd simd) {
#ifdef GAMBIT_NNUE_X86
  if (simd == Simd::Avx2) return apply_avx2(in, out, c);
#endif
  (void)simd;
  apply_scalar(in, out, c);
}

std::int64_t screlu_dot(const std::int16_t* a, const std::int16_t* w, Simd simd) {
#ifdef GAMBIT_NNUE_X86
  if (simd == Simd::Avx2) return screlu_dot_avx2(a, w);
#endif
  (void)simd;
  return screlu_dot_scalar(a, w);
}

}  // namespace

bool has_avx2() {
#ifdef GAMBIT_NNUE_X86
  return __builtin_cpu_supports("avx2");
#else
  return false;
#endif
}

Simd best_simd() { return has_avx2() ? Simd::Avx2 : Simd::Scalar; }

void refresh(const Network& net, const chess::Position& pos, Accumulator& out, Simd simd) {
  for (const Color perspective : {chess::WHITE, chess::BLACK}) {
    std::int16_t* values = out.values[perspective];
    const std::int16_t* from = net.feature_bias;
    Columns columns;
    for (Bitboard b = pos.pieces(); b;) {
      const chess::Square s = chess::pop_lsb(b);
      columns.add[columns.adds++] = net.feature_weights[feature_index(perspective, pos.piece_on(s), s)];
      if (columns.adds == 4 || !b) {
        apply(from, values, columns, simd);
        from = values;
        columns.adds = 0;
      }
    }
    if (from == net.feature_bias) std::copy(net.feature_bias, net.feature_bias + Hidden, values);
  }
}

void update(const Network& net, const Accumulator& before_acc, const chess::Position& before,
            const chess::Position& after, Accumulator& out, Simd simd) {
  assert(&before_acc != &out);
  // At most two pieces leave and two arrive (castling; a capture that promotes).
  chess::Piece left_piece[4], came_piece[4];
  chess::Square left_square[4], came_square[4];
  int left = 0, came = 0;
  for (const Color c : {chess::WHITE, chess::BLACK})
    for (int t = chess::PAWN; t <= chess::KING; ++t) {
      const chess::PieceType pt = chess::PieceType(t);
      const Bitboard was = before.pieces(c, pt), is = after.pieces(c, pt);
      for (Bitboard b = was & ~is; b;) {
        assert(left < 4);
        left_square[left] = chess::pop_lsb(b);
        left_piece[left++] = chess::make_piece(c, pt);
      }
      for (Bitboard b = is & ~was; b;) {
        assert(came < 4);
        came_square[came] = chess::pop_lsb(b);
        came_piece[came++] = chess::make_piece(c, pt);
      }
    }
  for (const Color perspective : {chess::WHITE, chess::BLACK}) {
    Columns columns;
    for (int k = 0; k < came; ++k)
      columns.add[columns.adds++] = net.feature_weights[feature_index(perspective, came_piece[k], came_square[k])];
    for (int k = 0; k < left; ++k)
      columns.sub[columns.subs++] = net.feature_weights[feature_index(perspective, left_piece[k], left_square[k])];
    apply(before_acc.values[perspective], out.values[perspective], columns, simd);
  }
}

int evaluate(const Network& net, const Accumulator& acc, const chess::Position& pos, Simd simd) {
  const int bucket = output_bucket(pos);
  const Color us = pos.side_to_move();
  const std::int16_t* weights = net.output_weights[bucket];
  const std::int64_t sum = screlu_dot(acc.values[us], weights, simd) + screlu_dot(acc.values[~us], weights + Hidden, simd);
  // sum is in units of QA * QA * QB; the bias in QA * QB.
  const std::int64_t output = sum / QA + net.output_bias[bucket];
  return int(output * Scale / (QA * QB));
}

}  // namespace gambit::nnue
