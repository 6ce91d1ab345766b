#include "game/gui/user_files.h"

#include <cstdlib>
#include <fstream>

namespace gambit::gui {

std::string home_file(const std::string& name) {
  const char* home = std::getenv("HOME");
  return (home && *home ? std::string(home) + "/" : std::string()) + name;
}

std::string expand_home(const std::string& path) {
  if (path == "~") return home_file("");
  return path.rfind("~/", 0) == 0 ? home_file(path.substr(2)) : path;
}

std::optional<std::string> write_text_file(const std::string& path, const std::string& text) {
  if (path.empty()) return "no file name was given";
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (out) out << text;
  if (out) out.close();
  if (!out) return "the file " + path + " cannot be written (does its folder exist?)";
  return std::nullopt;
}

}  // namespace gambit::gui
