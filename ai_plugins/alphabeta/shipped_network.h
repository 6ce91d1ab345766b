// SPDX-License-Identifier: MIT
// The network full strength evaluates with: gambit_alphabeta.nnue, in the
// plugin's own folder (installed beside gambit_alphabeta.so, readable inside
// the plugin sandbox), read once per process and shared by every instance.
#pragma once

#include <memory>

#include "ai_plugins/nnue/network.h"

namespace gambit::alphabeta {

inline constexpr const char* ShippedNetworkFile = "gambit_alphabeta.nnue";

// The network beside the plugin file. Without one: null (full strength then
// evaluates with the hand-written weights) for a build that ships none, an
// error for a build that does (GAMBIT_ALPHABETA_SHIPS_NETWORK: the install is
// broken). A file that is there but cannot be used is always an error.
// Errors are std::runtime_error saying what is wrong (no such file, damaged,
// of another shape) and what to do; the plugin's create() passes them on in
// words. Thread-safe.
std::shared_ptr<const nnue::Network> shipped_network();

}  // namespace gambit::alphabeta
