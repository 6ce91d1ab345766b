// SPDX-License-Identifier: MIT
// What the uci plugin's tests share: the plugin itself, the processes this
// test has started (none may be left behind), and an engine log to show when
// a test fails.
#pragma once

#include <dirent.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "core/players/plugin_library.h"

namespace gambit::players::test {

inline const std::string FakeEngines = GAMBIT_TEST_FAKE_ENGINES;

inline std::shared_ptr<const PluginLibrary> uci_plugin() {
  static auto library = PluginLibrary::load(GAMBIT_TEST_UCI_PLUGIN);
  EXPECT_TRUE(library.ok()) << library.error();
  return library.ok() ? library.value() : nullptr;
}

// Processes whose parent is this test (engines still running or unreaped).
inline std::vector<std::string> child_processes() {
  std::vector<std::string> children;
  DIR* proc = ::opendir("/proc");
  if (!proc) return children;
  const std::string me = std::to_string(::getpid());
  while (dirent* entry = ::readdir(proc)) {
    std::ifstream stat(std::string("/proc/") + entry->d_name + "/stat");
    std::string text;
    if (!std::getline(stat, text)) continue;
    const auto close = text.rfind(')');
    if (close == std::string::npos) continue;
    std::istringstream rest(text.substr(close + 2));
    std::string state, ppid;
    rest >> state >> ppid;
    if (ppid == me) children.push_back(text.substr(0, close + 1) + " state " + state);
  }
  ::closedir(proc);
  return children;
}

inline std::string listed(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& item : items) out += "\n  " + item;
  return out;
}

// A fresh file for the plugin's log_file option; its text is printed when the
// test fails (the dialogue with the engine), and it is removed afterwards.
class EngineLog {
 public:
  EngineLog() {
    char name[] = "/tmp/gambit-engine-log-XXXXXX";
    const int fd = ::mkstemp(name);
    if (fd >= 0) ::close(fd);
    path_ = name;
  }
  ~EngineLog() {
    if (::testing::Test::HasFailure()) std::cout << "The dialogue with the engine (" << path_ << "):\n" << text();
    else std::remove(path_.c_str());
  }
  EngineLog(const EngineLog&) = delete;
  EngineLog& operator=(const EngineLog&) = delete;

  const std::string& path() const { return path_; }
  std::string text() const {
    std::ifstream in(path_);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
  }
  // True when the log has a line the plugin sent (">") that is exactly line.
  bool sent(const std::string& line) const {
    std::istringstream in(text());
    for (std::string row; std::getline(in, row);) {
      const auto arrow = row.find(" > ");
      if (arrow != std::string::npos && row.substr(arrow + 3) == line) return true;
    }
    return false;
  }

 private:
  std::string path_;
};

}  // namespace gambit::players::test
