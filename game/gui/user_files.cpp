// SPDX-License-Identifier: MIT
#include "game/gui/user_files.h"

#include <cctype>
#include <cstdlib>
#include <fstream>

#include "core/util/local_time.h"
#include "core/util/translation.h"

namespace gambit::gui {

std::string home_file(const std::string& name) {
  const char* home = std::getenv("HOME");
  return (home && *home ? std::string(home) + "/" : std::string()) + name;
}

std::string expand_home(const std::string& path) {
  if (path == "~") return home_file("");
  return path.rfind("~/", 0) == 0 ? home_file(path.substr(2)) : path;
}

std::string user_path(const std::string& typed) {
  return typed.find('/') == std::string::npos ? home_file(typed) : expand_home(typed);
}

std::string folder_of(const std::string& path) {
  const auto slash = path.rfind('/');
  return slash == std::string::npos ? "" : path.substr(0, slash == 0 ? 1 : slash);
}

std::string path_in(const std::string& folder, const std::string& name) {
  if (folder.empty()) return home_file(name);
  return folder.back() == '/' ? folder + name : folder + "/" + name;
}

std::string game_file_name(const std::string& white, const std::string& black, std::int64_t when) {
  auto slug = [](const std::string& name) {
    std::string out;
    for (unsigned char c : name) {
      if (std::isalnum(c)) out += char(std::tolower(c));
      else if (!out.empty() && out.back() != '-') out += '-';
    }
    while (!out.empty() && out.back() == '-') out.pop_back();
    return out;
  };
  const std::string first = slug(white), second = slug(black);
  std::string players = !first.empty() && !second.empty() ? first + "-vs-" + second : first + second;
  return "gambit-" + local_time_text(when, "%Y%m%d-%H%M") + (players.empty() ? "" : "-" + players) + ".pgn";
}

std::optional<std::string> write_text_file(const std::string& path, const std::string& text) {
  if (path.empty()) return tr("no file name was given");
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (out) out << text;
  if (out) out.close();
  if (!out) return fill(tr("the file {path} cannot be written (does its folder exist?)"), {{"path", path}});
  return std::nullopt;
}

}  // namespace gambit::gui
