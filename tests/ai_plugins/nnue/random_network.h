// SPDX-License-Identifier: MIT
// A network of seeded random weights for the NNUE tests: within the bounds a
// trained network keeps (network.h), so that accumulators stay in 16 bits and
// every output weight is one alphabeta computes with.
#pragma once

#include <cstdint>
#include <memory>

#include "ai_plugins/nnue/network.h"
#include "core/util/splitmix64.h"

namespace gambit::testing {

inline std::unique_ptr<nnue::Network> random_network(std::uint64_t seed) {
  SplitMix64 rng{seed};
  auto uniform = [&rng](int bound) { return int(rng.next() % std::uint64_t(2 * bound + 1)) - bound; };
  auto net = std::make_unique<nnue::Network>();
  for (auto& row : net->feature_weights)
    for (std::int16_t& w : row) w = std::int16_t(uniform(120));
  for (std::int16_t& b : net->feature_bias) b = std::int16_t(uniform(200) + 100);
  for (auto& bucket : net->output_weights)
    for (std::int16_t& w : bucket) w = std::int16_t(uniform(nnue::MaxOutputWeight));
  for (std::int32_t& b : net->output_bias) b = uniform(20000);
  return net;
}

}  // namespace gambit::testing
