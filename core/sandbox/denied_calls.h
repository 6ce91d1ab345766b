// SPDX-License-Identifier: MIT
// DeniedCalls: the supervisor of a sandboxed process's reported calls
// (syscall_filter.h). On a thread of its own it answers every one EPERM (it
// never lets a call through) and passes what was tried to a handler, once per
// kind.
//
// Where it runs (Place):
//   OtherProcess  the program that started the sandboxed process, outside
//                 the sandbox. The handler runs on the supervisor's thread
//                 before the call is answered: when the sandboxed process
//                 goes on, the attempt has been told.
//   ThisProcess   the sandboxed process itself (gambit-engine). A caller may
//                 be holding the C library's locks (fork holds malloc's and
//                 stdio's while it waits for the answer), so the supervisor's
//                 thread takes no lock and allocates nothing: it answers,
//                 and a second thread tells the handler afterwards.
//
// Threading: the handler runs on one thread, one call at a time. The
// destructor stops the threads and closes the listener; the sandboxed
// process's later reported calls then fail with ENOSYS.
#pragma once

#include <functional>
#include <set>
#include <string>
#include <thread>

struct seccomp_notif;
struct seccomp_notif_resp;

namespace gambit::sandbox {

class DeniedCalls {
 public:
  enum class Place { OtherProcess, ThisProcess };

  // Takes the listener (closes it when done). handler gets "to connect to the network" and the like.
  DeniedCalls(int listener, std::function<void(const std::string& attempt)> handler,
              Place place = Place::OtherProcess);
  ~DeniedCalls();
  DeniedCalls(const DeniedCalls&) = delete;
  DeniedCalls& operator=(const DeniedCalls&) = delete;

 private:
  void serve();
  void tell(int syscall_number, unsigned long long first_argument);  // to the handler, once per kind
  void tell_later();  // ThisProcess: the teller's loop

  int listener_;
  Place place_;
  // The kernel's request and answer, allocated before the thread starts.
  seccomp_notif* request_ = nullptr;
  seccomp_notif_resp* response_ = nullptr;
  int wake_[2] = {-1, -1};     // a pipe: written by the destructor to end serve()
  int pending_[2] = {-1, -1};  // ThisProcess: the answered calls, from serve() to the teller
  std::function<void(const std::string&)> handler_;
  std::set<std::string> reported_;
  std::thread thread_;
  std::thread teller_;
};

}  // namespace gambit::sandbox
