// SPDX-License-Identifier: MIT
// user_files: the files a player names in the window (exported and saved
// games): paths under the home folder, "~/" expanded, text written with the
// reason in words when it cannot be.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace gambit::gui {

// name in the home folder (the current folder without HOME).
std::string home_file(const std::string& name);
// A leading "~/" replaced by the home folder.
std::string expand_home(const std::string& path);
// A path the player typed into a file dialog: "~/" expanded, a bare name (no
// '/') in the home folder, where the file chooser lists it.
std::string user_path(const std::string& typed);
// The folder a file path is in ("" for a bare name), and name in folder
// (in the home folder when folder is "").
std::string folder_of(const std::string& path);
std::string path_in(const std::string& folder, const std::string& name);
// A file name for a game that says what it is: "gambit-20261124-0812-you-vs-alphabeta-easy.pgn"
// (letters and digits of the names, lowercase, joined by '-'; the local time of `when`, Unix seconds).
// A name without letters or digits is left out: "gambit-20261124-0812-analysis.pgn".
std::string game_file_name(const std::string& white, const std::string& black, std::int64_t when);
// Writes text to path (replacing it); the reason in words when it cannot.
std::optional<std::string> write_text_file(const std::string& path, const std::string& text);

}  // namespace gambit::gui
