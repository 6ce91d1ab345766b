// SPDX-License-Identifier: MIT
// DeniedCalls: the supervisor of a sandboxed process's reported calls
// (syscall_filter.h), run by the program that started it, outside the
// sandbox. On a thread of its own it answers every one EPERM (it never lets a
// call through) and passes what was tried to a handler, once per kind.
//
// Threading: the handler runs on the supervisor's thread. The destructor stops
// the thread and closes the listener; the sandboxed process's later reported
// calls then fail with ENOSYS.
#pragma once

#include <functional>
#include <set>
#include <string>
#include <thread>

namespace gambit::sandbox {

class DeniedCalls {
 public:
  // Takes the listener (closes it when done). handler gets "to connect to the network" and the like.
  DeniedCalls(int listener, std::function<void(const std::string& attempt)> handler);
  ~DeniedCalls();
  DeniedCalls(const DeniedCalls&) = delete;
  DeniedCalls& operator=(const DeniedCalls&) = delete;

 private:
  void serve();

  int listener_;
  int wake_[2] = {-1, -1};  // a pipe: written by the destructor to end serve()
  std::function<void(const std::string&)> handler_;
  std::set<std::string> reported_;
  std::thread thread_;
};

}  // namespace gambit::sandbox
