// SPDX-License-Identifier: MIT
#include "core/players/plugin_catalog.h"

#include <algorithm>
#include <set>
#include <system_error>

#include "core/players/plugin_notices.h"
#include "core/util/translation.h"

namespace gambit::players {

namespace {

// The files of one directory that may be plugins (gambit_*.so: any other library
// there is not opened, so its constructors never run), in name order.
Result<std::vector<std::filesystem::path>> plugin_files(const std::filesystem::path& directory) {
  std::error_code ec;
  std::filesystem::directory_iterator it(directory, ec);
  if (ec)
    // TRANSLATORS: {reason} is the system's words for the error.
    return Failure{fill(tr("cannot list plugin directory '{path}': {reason}"),
                        {{"path", directory.string()}, {"reason", ec.message()}})};
  std::vector<std::filesystem::path> files;
  for (const std::filesystem::directory_entry& entry : it) {
    const std::string name = entry.path().filename().string();
    if (!name.starts_with("gambit_") || entry.path().extension() != ".so") continue;
    std::error_code type_ec;
    if (entry.is_directory(type_ec)) continue;
    files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// The same file reached twice (a directory listed twice, a symlink) is loaded once.
std::filesystem::path identity(const std::filesystem::path& file) {
  std::error_code ec;
  std::filesystem::path canonical = std::filesystem::canonical(file, ec);
  return ec ? file : canonical;
}

}  // namespace

PluginCatalog PluginCatalog::scan(const std::vector<std::filesystem::path>& directories) {
  return scan(directories, Isolation{.mode = Isolation::Mode::InProcess, .sandbox = Isolation::Sandbox::Off});
}

PluginCatalog PluginCatalog::scan(const std::vector<std::filesystem::path>& directories, const Isolation& isolation) {
  PluginCatalog catalog;
  catalog.directories_ = directories;
  // A sandbox required is never given up: such plugins are described by sandboxed children all the same (and
  // PluginPlayer refuses to run them here).
  const bool load_here = isolation.in_process() && isolation.sandbox != Isolation::Sandbox::Required;
  if (load_here && isolation.sandbox == Isolation::Sandbox::On) tell_plugin_notice(in_process_notice());
  std::set<std::filesystem::path> seen;
  for (const std::filesystem::path& directory : directories) {
    Result<std::vector<std::filesystem::path>> files = plugin_files(directory);
    if (!files) {
      catalog.problems_.push_back(files.error());
      continue;
    }
    for (const std::filesystem::path& file : *files) {
      if (!seen.insert(identity(file)).second) continue;
      Result<std::shared_ptr<const PluginLibrary>> library =
          load_here ? PluginLibrary::load(file) : PluginLibrary::describe(file, isolation);
      if (!library) {
        catalog.problems_.push_back(library.error());
        continue;
      }
      if (std::shared_ptr<const PluginLibrary> first = catalog.find((*library)->id())) {
        catalog.problems_.push_back(
            // TRANSLATORS: {path} and {other} are plugin files; {id} the player plugin's id ("alphabeta").
            fill(tr("ignoring plugin '{path}': its id '{id}' is already taken by '{other}'"),
                 {{"path", file.string()}, {"id", first->id()}, {"other", first->path().string()}}));
        continue;
      }
      if (!(*library)->ratings_problem().empty()) catalog.problems_.push_back((*library)->ratings_problem());
      catalog.plugins_.push_back(*library);
    }
  }
  return catalog;
}

std::shared_ptr<const PluginLibrary> PluginCatalog::find(std::string_view id) const {
  for (const std::shared_ptr<const PluginLibrary>& plugin : plugins_)
    if (plugin->id() == id) return plugin;
  return nullptr;
}

Result<std::shared_ptr<const PluginLibrary>> PluginCatalog::lookup(std::string_view id) const {
  if (std::shared_ptr<const PluginLibrary> plugin = find(id)) return plugin;
  std::string message = "unknown player " + quote_for_message(id);
  if (plugins_.empty()) {
    message += "; no player plugins were found in ";
    for (std::size_t i = 0; i < directories_.size(); ++i)
      message += (i ? ", '" : "'") + directories_[i].string() + "'";
    if (directories_.empty()) message += "no directory (none was given)";
    return Failure{message};
  }
  message += "; available: ";
  const std::vector<std::string> known = ids();
  for (std::size_t i = 0; i < known.size(); ++i) message += (i ? ", " : "") + known[i];
  return Failure{message};
}

std::vector<std::string> PluginCatalog::ids() const {
  std::vector<std::string> ids;
  for (const std::shared_ptr<const PluginLibrary>& plugin : plugins_) ids.push_back(plugin->id());
  std::sort(ids.begin(), ids.end());
  return ids;
}

}  // namespace gambit::players
