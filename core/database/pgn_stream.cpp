// SPDX-License-Identifier: MIT
#include "core/database/pgn_stream.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <vector>

#include "core/util/child_process.h"
#include "core/util/translation.h"

extern char** environ;

namespace gambit::database {

namespace {

// The decompressor for a file's extension and its Debian package, or none.
struct Decompressor {
  std::string_view extension, tool, package;
};
constexpr std::array<Decompressor, 4> Decompressors{{
    {".gz", "gzip", "gzip"}, {".bz2", "bzip2", "bzip2"}, {".xz", "xz", "xz-utils"}, {".zst", "zstd", "zstd"}}};

std::string quoted(const std::filesystem::path& file) { return "'" + file.string() + "'"; }

}  // namespace

Result<std::unique_ptr<PgnStream>> PgnStream::open(const std::filesystem::path& file) {
  std::unique_ptr<PgnStream> stream(new PgnStream());
  stream->file_ = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (stream->file_ < 0)
    // TRANSLATORS: {path} is a file's path, quoted; {why} the system's reason ("No such file or directory").
    return Failure{fill(tr("cannot open {path}: {why}"), {{"path", quoted(file)}, {"why", std::strerror(errno)}})};
  struct stat info {};
  if (::fstat(stream->file_, &info) != 0 || !S_ISREG(info.st_mode))
    // TRANSLATORS: {path} is a path, quoted, that names a folder or a device instead of a file.
    return Failure{fill(tr("{path} is not a file"), {{"path", quoted(file)}})};
  stream->size_ = info.st_size;
  stream->path_ = file;
  const std::string name = file.filename().string();
  const Decompressor* decompressor = nullptr;
  for (const Decompressor& d : Decompressors)
    if (name.size() > d.extension.size() && name.ends_with(d.extension)) decompressor = &d;
  if (!decompressor) {
    stream->text_ = stream->file_;
    return stream;
  }
  const std::optional<std::string> tool = find_program(std::string(decompressor->tool));
  if (!tool)
    // TRANSLATORS: {path} is a compressed file; {tool} the program that reads it ("zstd"), {package} its package.
    return Failure{fill(tr("{path} is compressed with {tool}, which is not installed (sudo apt install {package})"),
                        {{"path", quoted(file)},
                         {"tool", std::string(decompressor->tool)},
                         {"package", std::string(decompressor->package)}})};
  int out[2], err[2];
  if (::pipe2(out, O_CLOEXEC) != 0) return Failure{std::strerror(errno)};
  if (::pipe2(err, O_CLOEXEC) != 0) {
    ::close(out[0]), ::close(out[1]);
    return Failure{std::strerror(errno)};
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, stream->file_, 0);  // shares the file's read position with us
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawn_file_actions_adddup2(&actions, err[1], 2);
  std::vector<std::string> words{*tool, "-dc"};
  std::vector<char*> argv;
  for (std::string& word : words) argv.push_back(word.data());
  argv.push_back(nullptr);
  const int spawned = posix_spawn(&stream->child_, tool->c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(out[1]), ::close(err[1]);
  stream->text_ = out[0];
  stream->errors_ = err[0];
  stream->tool_ = decompressor->tool;
  if (spawned != 0) {
    stream->child_ = -1;
    return Failure{fill(tr("cannot run {tool}: {why}"), {{"tool", *tool}, {"why", std::strerror(spawned)}})};
  }
  return stream;
}

PgnStream::~PgnStream() {
  if (child_ > 0) {
    ::kill(child_, SIGKILL);
    int status = 0;
    ::waitpid(child_, &status, 0);
  }
  for (int fd : {text_ != file_ ? text_ : -1, errors_, file_})
    if (fd >= 0) ::close(fd);
}

Result<std::size_t> PgnStream::read(std::string& text, std::size_t most) {
  const std::size_t before = text.size();
  text.resize(before + most);
  for (;;) {
    const ssize_t got = ::read(text_, text.data() + before, most);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      text.resize(before);
      return Failure{fill(tr("cannot read the file: {why}"), {{"why", std::strerror(errno)}})};
    }
    text.resize(before + std::size_t(got));
    if (got == 0 && child_ > 0) {
      if (auto finished = finish_child(); !finished) return Failure{finished.error()};
    }
    return std::size_t(got);
  }
}

Result<bool> PgnStream::finish_child() {
  std::string said;
  char buffer[512];
  for (ssize_t got; (got = ::read(errors_, buffer, sizeof buffer)) > 0 && said.size() < 4000;)
    said.append(buffer, std::size_t(got));
  int status = 0;
  while (::waitpid(child_, &status, 0) < 0 && errno == EINTR) {
  }
  child_ = -1;
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return true;
  // Its lines, on one: "gzip: stdin: not in gzip format".
  std::string words;
  for (std::size_t at = 0; at < said.size();) {
    std::size_t end = said.find('\n', at);
    if (end == std::string::npos) end = said.size();
    const std::string line = said.substr(at, end - at);
    if (line.find_first_not_of(" \t\r") != std::string::npos) words += (words.empty() ? "" : "; ") + line;
    at = end + 1;
  }
  if (words.empty()) words = "exit status " + std::to_string(WEXITSTATUS(status));
  // TRANSLATORS: {tool} is a decompressor ("gzip"); {path} the file, quoted; {said} what the decompressor wrote
  // about it (its own words, in English).
  return Failure{fill(tr("{tool} could not read {path} whole: {said}"),
                      {{"tool", tool_}, {"path", quoted(path_)}, {"said", words}})};
}

std::int64_t PgnStream::stored_bytes_read() const {
  const off_t at = ::lseek(file_, 0, SEEK_CUR);
  return at < 0 ? 0 : std::int64_t(at);
}

}  // namespace gambit::database
