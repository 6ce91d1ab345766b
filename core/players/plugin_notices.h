// SPDX-License-Identifier: MIT
// Plugin notices: what the person running Gambit should hear about plugins
// that is not a seat's failure: what a sandboxed plugin tried and was denied
// ("plugin 'snoop' tried to connect to the network: denied"), and what this
// kernel cannot enforce. Each distinct notice is told once to a handler. By
// default it goes to standard error (the log of Gambit's programs); a program
// may take them instead (the window shows them among its problems).
//
// Threading: any thread may tell; the handler runs on the telling thread,
// one call at a time.
#pragma once

#include <functional>
#include <string>

namespace gambit::players {

using NoticeHandler = std::function<void(const std::string& notice)>;

// Tells notice unless it was told before to the same handler.
void tell_plugin_notice(const std::string& notice);
// Where notices go from now on (an empty handler: standard error again); it
// hears every notice once, those told before it included.
void set_plugin_notice_handler(NoticeHandler handler);

// The sandbox's notices, worded alike by every program that sandboxes a plugin:
// "plugin 'snoop' tried to connect to the network: denied" (attempt as
// sandbox::denied_attempt words it); a kernel that cannot sandbox at all
// (why); one thing a sandbox cannot enforce on this kernel; plugins the
// configuration runs inside the program itself, where no sandbox can be.
std::string denied_notice(const std::string& plugin, const std::string& attempt);
std::string unsandboxed_notice(const std::string& why);
std::string not_enforced_notice(const std::string& what);
std::string in_process_notice();

}  // namespace gambit::players
