// SPDX-License-Identifier: MIT
#include "core/players/plugin_notices.h"

#include <cstdio>
#include <mutex>
#include <set>

namespace gambit::players {

namespace {

struct Notices {
  std::mutex mutex;
  std::set<std::string> told;
  NoticeHandler handler;
};

Notices& notices() {
  static Notices n;
  return n;
}

}  // namespace

void tell_plugin_notice(const std::string& notice) {
  Notices& n = notices();
  std::lock_guard lock(n.mutex);
  if (!n.told.insert(notice).second) return;
  if (n.handler)
    n.handler(notice);
  else
    std::fprintf(stderr, "gambit: %s\n", notice.c_str());
}

void set_plugin_notice_handler(NoticeHandler handler) {
  Notices& n = notices();
  std::lock_guard lock(n.mutex);
  n.handler = std::move(handler);
  n.told.clear();
}

std::string denied_notice(const std::string& plugin, const std::string& attempt) {
  return "plugin '" + plugin + "' tried " + attempt + ": denied";
}

std::string unsandboxed_notice(const std::string& why) { return "plugins run without a sandbox here: " + why; }

std::string not_enforced_notice(const std::string& what) {
  return "the plugins' sandbox cannot enforce this here: " + what;
}

std::string in_process_notice() {
  return "a plugin set to run inside this program (isolation = \"in-process\") is not sandboxed: it can do "
         "whatever you can";
}

}  // namespace gambit::players
