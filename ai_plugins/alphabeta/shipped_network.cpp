// SPDX-License-Identifier: MIT
#include "ai_plugins/alphabeta/shipped_network.h"

#include <dlfcn.h>

#include <filesystem>
#include <mutex>
#include <stdexcept>

namespace gambit::alphabeta {

namespace {
// An object of this plugin file: dladdr says which file holds it.
const char Anchor = 0;
}  // namespace

std::shared_ptr<const nnue::Network> shipped_network() {
  static std::mutex mutex;
  static std::shared_ptr<const nnue::Network> network;
  const std::lock_guard lock(mutex);
  if (network) return network;
  Dl_info info{};
  if (!dladdr(&Anchor, &info) || !info.dli_fname)
    throw std::runtime_error("alphabeta cannot tell which file it was loaded from, so it cannot find its network " +
                             std::string(ShippedNetworkFile));
  const std::filesystem::path file = std::filesystem::path(info.dli_fname).parent_path() / ShippedNetworkFile;
#ifndef GAMBIT_ALPHABETA_SHIPS_NETWORK
  std::error_code error;
  if (!std::filesystem::exists(file, error)) return nullptr;
#endif
  Result<std::unique_ptr<nnue::Network>> read = nnue::Network::read(file);
  if (!read)
    throw std::runtime_error(read.error() + ". Full strength evaluates with it: reinstall Gambit, or put the network "
                             "beside the plugin file (docs/network.md)");
  network = std::move(read.value());
  return network;
}

}  // namespace gambit::alphabeta
