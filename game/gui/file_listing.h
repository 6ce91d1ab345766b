// SPDX-License-Identifier: MIT
// file_listing: what the file chooser shows and completes, with no window in
// it (so it is unit-tested): a folder's entries (folders first, then the files
// a dialog wants, by name, hidden ones left out), Tab completion of a typed
// path as shells do it, and the recent files kept between runs.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace gambit::gui {

struct FolderEntry {
  std::string name;  // "games" or "game.pgn"
  bool folder = false;
  bool operator==(const FolderEntry&) const = default;
};

// The entries of `folder`: its folders, then its files whose extension is one
// of `extensions` ({".pgn", ".fen"}; empty: every file), each group by name
// (case-insensitive), without hidden ones (a leading '.'). A folder that
// cannot be read gives none and says why in `problem` (when given).
std::vector<FolderEntry> folder_entries(const std::filesystem::path& folder, const std::vector<std::string>& extensions,
                                        std::string* problem = nullptr);

// Tab completion of a typed path: its last part completed as far as every
// entry of its folder that begins with it agrees ("~/ga" -> "~/games/" when
// only the folder games begins so; "g" -> "game" with game1.pgn and
// game2.pgn), a folder ending with '/'. Unchanged when nothing begins so.
// A leading "~/" is kept as typed.
std::string complete_path(const std::string& typed, const std::vector<std::string>& extensions);

// The folder above `folder` ("/home/u/games/" -> "/home/u/"), ending with
// '/'; nullopt at the root.
std::optional<std::string> parent_folder(const std::string& folder);

// The recent files kept in `file` (one path a line, newest first), those
// that still exist; and the list with `path` put first (at most `limit`),
// written back. A file that cannot be written is said in words.
std::vector<std::string> read_recent_files(const std::filesystem::path& file);
std::optional<std::string> add_recent_file(const std::filesystem::path& file, const std::string& path,
                                           std::size_t limit = 8);

}  // namespace gambit::gui
