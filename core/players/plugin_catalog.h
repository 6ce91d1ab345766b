// SPDX-License-Identifier: MIT
// PluginCatalog: the player plugins found in a list of directories, by id.
//
// Directories are scanned in the order given, each non-recursively, files
// named gambit_*.so in name order (no other file is opened). Every plugin that loads is kept; the first
// one with a given id wins and a later one with the same id is reported and
// dropped. Every refusal (and every directory that cannot be listed) is kept
// as a message naming the file and the reason, for the program to show.
//
// Threading: a catalog is immutable once scanned; const members are safe from
// any thread. The PluginLibrary handles it gives out stay valid on their own.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/util/result.h"
#include "core/players/plugin_library.h"

namespace gambit::players {

class PluginCatalog {
 public:
  PluginCatalog() = default;  // empty: no plugins
  // Loads each plugin into this program.
  static PluginCatalog scan(const std::vector<std::filesystem::path>& directories);
  // With isolation in a process, or a sandbox required, each plugin is
  // described by a child that loads it (PluginLibrary::describe) and none is
  // loaded here; loading them here with the sandbox on is told once
  // (plugin_notices.h in_process_notice).
  static PluginCatalog scan(const std::vector<std::filesystem::path>& directories, const Isolation& isolation);

  // The loaded plugins, in discovery order.
  const std::vector<std::shared_ptr<const PluginLibrary>>& plugins() const { return plugins_; }
  // One sentence per file refused, duplicate id or unreadable directory, in scan order.
  const std::vector<std::string>& problems() const { return problems_; }
  const std::vector<std::filesystem::path>& directories() const { return directories_; }

  // The plugin with that id, or nullptr.
  std::shared_ptr<const PluginLibrary> find(std::string_view id) const;
  // The plugin with that id, or a failure listing what there is:
  // "unknown player 'foo'; available: alphabeta, minimax, random"
  // ("...; no player plugins were found in '/a', '/b'" when there are none).
  Result<std::shared_ptr<const PluginLibrary>> lookup(std::string_view id) const;
  // The ids of the loaded plugins, sorted.
  std::vector<std::string> ids() const;

 private:
  std::vector<std::filesystem::path> directories_;
  std::vector<std::shared_ptr<const PluginLibrary>> plugins_;
  std::vector<std::string> problems_;
};

}  // namespace gambit::players
