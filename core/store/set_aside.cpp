// SPDX-License-Identifier: MIT
#include "core/store/set_aside.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <ctime>
#include <string>
#include <system_error>

#include "core/util/local_time.h"
#include "core/util/translation.h"

namespace gambit::store {

namespace fs = std::filesystem;

namespace {

constexpr const char* SideFiles[] = {"-wal", "-shm"};

// "<path>.broken-<timestamp>", with a number added when that name is taken.
fs::path aside_name(const fs::path& path) {
  const std::string base = path.string() + ".broken-" + local_time_text(std::time(nullptr), "%Y%m%d-%H%M%S");
  fs::path candidate = base;
  for (int n = 2; fs::exists(candidate); ++n) candidate = base + "-" + std::to_string(n);
  return candidate;
}

}  // namespace

std::vector<fs::path> side_files(const fs::path& path) {
  std::vector<fs::path> found;
  std::error_code error;
  for (const char* suffix : SideFiles)
    if (fs::exists(path.string() + suffix, error)) found.emplace_back(path.string() + suffix);
  return found;
}

Result<fs::path> move_aside(const fs::path& path, const std::vector<fs::path>& had) {
  const fs::path aside = aside_name(path);
  std::error_code error;
  for (const fs::path& side : side_files(path)) {
    if (std::find(had.begin(), had.end(), side) == had.end()) {
      fs::remove(side, error);
      continue;
    }
    fs::rename(side, aside.string() + side.string().substr(path.string().size()), error);
    if (error)
      return Failure{
          // TRANSLATORS: {path} is a file set aside because it is damaged; {reason} the system's words.
          fill(tr("cannot move {path} aside: {reason}"), {{"path", side.string()}, {"reason", error.message()}})};
  }
  fs::rename(path, aside, error);
  if (error)
    return Failure{
        fill(tr("cannot move {path} aside: {reason}"), {{"path", path.string()}, {"reason", error.message()}})};
  return aside;
}

FolderLock::FolderLock(const fs::path& folder) : fd_(::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC)) {
  if (fd_ >= 0) ::flock(fd_, LOCK_EX);
}

FolderLock::~FolderLock() {
  if (fd_ >= 0) ::close(fd_);  // closing releases the lock
}

}  // namespace gambit::store
