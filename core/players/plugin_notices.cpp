// SPDX-License-Identifier: MIT
#include "core/players/plugin_notices.h"

#include <cstdio>
#include <mutex>
#include <set>

#include "core/util/translation.h"

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
  // TRANSLATORS: {plugin} is a player plugin's id; {attempt} what it tried, as sandbox notices word it ("to connect
  // to the network", "to run a program (execve)").
  return fill(tr("plugin '{plugin}' tried {attempt}: denied"), {{"plugin", plugin}, {"attempt", attempt}});
}

std::string unsandboxed_notice(const std::string& why) {
  // TRANSLATORS: {reason} is why the kernel cannot sandbox plugins (often the system's words, in English).
  return fill(tr("plugins run without a sandbox here: {reason}"), {{"reason", why}});
}

std::string not_enforced_notice(const std::string& what) {
  // TRANSLATORS: {what} is one thing the sandbox cannot enforce on this kernel ("network: the kernel has no Landlock").
  return fill(tr("the plugins' sandbox cannot enforce this here: {what}"), {{"what", what}});
}

std::string in_process_notice() {
  return tr("a plugin set to run inside this program (isolation = \"in-process\") is not sandboxed: it can do "
            "whatever you can");
}

}  // namespace gambit::players
