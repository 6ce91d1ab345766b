// SPDX-License-Identifier: MIT
#include "game/gui/file_listing.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <system_error>

#include "core/util/translation.h"
#include "game/gui/user_files.h"

namespace gambit::gui {

namespace fs = std::filesystem;

namespace {

std::string lowercase(std::string text) {
  for (char& c : text) c = char(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

bool wanted(const fs::path& file, const std::vector<std::string>& extensions) {
  if (extensions.empty()) return true;
  const std::string extension = lowercase(file.extension().string());
  return std::find(extensions.begin(), extensions.end(), extension) != extensions.end();
}

}  // namespace

std::vector<FolderEntry> folder_entries(const fs::path& folder, const std::vector<std::string>& extensions,
                                        std::string* problem) {
  std::vector<FolderEntry> entries;
  std::error_code error;
  fs::directory_iterator it(folder.empty() ? fs::path(".") : folder, fs::directory_options::skip_permission_denied,
                            error);
  if (error) {
    if (problem)
      // TRANSLATORS: {reason} is the system's words ("Permission denied").
      *problem = fill(tr("cannot read the folder {folder}: {reason}"),
                      {{"folder", folder.string()}, {"reason", error.message()}});
    return entries;
  }
  for (; it != fs::directory_iterator(); it.increment(error)) {
    if (error) break;
    const std::string name = it->path().filename().string();
    if (name.empty() || name[0] == '.') continue;
    std::error_code kind;
    const bool is_folder = it->is_directory(kind);
    if (is_folder || (it->is_regular_file(kind) && wanted(it->path(), extensions))) entries.push_back({name, is_folder});
  }
  std::sort(entries.begin(), entries.end(), [](const FolderEntry& a, const FolderEntry& b) {
    if (a.folder != b.folder) return a.folder;
    const std::string la = lowercase(a.name), lb = lowercase(b.name);
    return la != lb ? la < lb : a.name < b.name;
  });
  return entries;
}

std::string complete_path(const std::string& typed, const std::vector<std::string>& extensions) {
  const std::size_t slash = typed.rfind('/');
  const std::string head = slash == std::string::npos ? "" : typed.substr(0, slash + 1);  // as typed, "~/" kept
  const std::string part = slash == std::string::npos ? typed : typed.substr(slash + 1);
  const fs::path folder = fs::path(user_path(head.empty() ? "" : head));  // a bare name: in the home folder
  std::vector<FolderEntry> matches;
  for (const FolderEntry& entry : folder_entries(folder, extensions))
    if (entry.name.compare(0, part.size(), part) == 0) matches.push_back(entry);
  if (matches.empty()) return typed;
  std::string common = matches.front().name;
  for (const FolderEntry& entry : matches) {
    std::size_t same = 0;
    while (same < common.size() && same < entry.name.size() && common[same] == entry.name[same]) ++same;
    common.resize(same);
  }
  const bool one_folder = matches.size() == 1 && matches.front().folder;
  return head + common + (one_folder ? "/" : "");
}

std::optional<std::string> parent_folder(const std::string& folder) {
  std::error_code error;
  fs::path path = fs::absolute(expand_home(folder), error).lexically_normal();
  if (error) return std::nullopt;
  if (!path.has_filename()) path = path.parent_path();  // "/home/u/games/" names the folder games
  if (path == path.root_path() || !path.has_parent_path()) return std::nullopt;
  std::string parent = path.parent_path().string();
  if (parent.empty() || parent.back() != '/') parent += "/";
  return parent;
}

std::vector<std::string> read_recent_files(const fs::path& file) {
  std::vector<std::string> recent;
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);) {
    std::error_code error;
    if (!line.empty() && fs::is_regular_file(line, error) &&
        std::find(recent.begin(), recent.end(), line) == recent.end())
      recent.push_back(line);
  }
  return recent;
}

std::optional<std::string> add_recent_file(const fs::path& file, const std::string& path, std::size_t limit) {
  std::vector<std::string> recent = read_recent_files(file);
  std::error_code error;
  const std::string absolute = fs::absolute(path, error).lexically_normal().string();
  const std::string kept = error ? path : absolute;
  std::erase(recent, kept);
  recent.insert(recent.begin(), kept);
  if (recent.size() > limit) recent.resize(limit);
  std::string text;
  for (const std::string& line : recent) text += line + "\n";
  if (file.has_parent_path()) fs::create_directories(file.parent_path(), error);
  return write_text_file(file.string(), text);
}

}  // namespace gambit::gui
