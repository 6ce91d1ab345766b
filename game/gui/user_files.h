// user_files: the files a player names in the window (exported and saved
// games): paths under the home folder, "~/" expanded, text written with the
// reason in words when it cannot be.
#pragma once

#include <optional>
#include <string>

namespace gambit::gui {

// name in the home folder (the current folder without HOME).
std::string home_file(const std::string& name);
// A leading "~/" replaced by the home folder.
std::string expand_home(const std::string& path);
// Writes text to path (replacing it); the reason in words when it cannot.
std::optional<std::string> write_text_file(const std::string& path, const std::string& text);

}  // namespace gambit::gui
