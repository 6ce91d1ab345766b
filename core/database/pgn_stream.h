// SPDX-License-Identifier: MIT
// PgnStream: the text of a PGN file, a block at a time. A file named .gz,
// .bz2, .xz or .zst is read through Debian's decompressor for it (gzip,
// bzip2, xz, zstd), run as a child process reading the file as its standard
// input: the file's read position, shared with the child, says how much of
// the compressed file has been read, for the progress bar. The child is always
// reaped; a decompressor that fails (a damaged file) is told in words.
//
// Threading: one thread at a time.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "core/util/result.h"

namespace gambit::database {

class PgnStream {
 public:
  // Opens the file (and starts its decompressor); a failure in words.
  static Result<std::unique_ptr<PgnStream>> open(const std::filesystem::path& file);
  ~PgnStream();
  PgnStream(const PgnStream&) = delete;
  PgnStream& operator=(const PgnStream&) = delete;

  // Up to `most` more bytes of the text, appended to text; 0 at the end of the
  // text. A failure in words when it cannot be read (or the decompressor failed).
  Result<std::size_t> read(std::string& text, std::size_t most);

  // How much of the file as stored has been read, and its size.
  std::int64_t stored_bytes_read() const;
  std::int64_t stored_size() const { return size_; }

 private:
  PgnStream() = default;
  Result<bool> finish_child();

  int file_ = -1;    // the file as stored
  int text_ = -1;    // what is read: the file itself, or the decompressor's output
  int errors_ = -1;  // the decompressor's standard error
  pid_t child_ = -1;
  std::string tool_;  // "gzip", or "" for a file read as it is
  std::filesystem::path path_;
  std::int64_t size_ = 0;
};

}  // namespace gambit::database
