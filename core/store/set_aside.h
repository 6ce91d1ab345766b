// SPDX-License-Identifier: MIT
// Setting a damaged store file aside, for Store::open: the file and the -wal
// and -shm files it had are renamed together to "<path>.broken-<timestamp>",
// so nothing of it is lost, and a lock on the folder keeps two processes from
// checking, migrating or moving the same file at once.
#pragma once

#include <filesystem>
#include <vector>

#include "core/util/result.h"

namespace gambit::store {

// Which of the file's -wal and -shm files exist now.
std::vector<std::filesystem::path> side_files(const std::filesystem::path& path);

// Renames the file and the side files it had before it was opened (`had`;
// first, so the main file never stands apart from its log) to the same new
// name, which it returns; side files that only the check made are removed.
Result<std::filesystem::path> move_aside(const std::filesystem::path& path,
                                         const std::vector<std::filesystem::path>& had);

// An exclusive lock on the store's folder while a process opens the store
// (released on destruction): checks, migrations and setting aside never overlap.
class FolderLock {
 public:
  explicit FolderLock(const std::filesystem::path& folder);
  ~FolderLock();
  FolderLock(const FolderLock&) = delete;
  FolderLock& operator=(const FolderLock&) = delete;

 private:
  int fd_;
};

}  // namespace gambit::store
