// SPDX-License-Identifier: MIT
#include "core/sandbox/denied_calls.h"

#include <fcntl.h>
#include <poll.h>
#include <seccomp.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "core/sandbox/syscall_filter.h"

namespace gambit::sandbox {

DeniedCalls::DeniedCalls(int listener, std::function<void(const std::string& attempt)> handler)
    : listener_(listener), handler_(std::move(handler)) {
  if (listener_ < 0 || ::pipe2(wake_, O_CLOEXEC) != 0) return;
  thread_ = std::thread([this] { serve(); });
}

DeniedCalls::~DeniedCalls() {
  if (thread_.joinable()) {
    [[maybe_unused]] const ssize_t written = ::write(wake_[1], "x", 1);
    thread_.join();
  }
  for (int fd : {wake_[0], wake_[1], listener_})
    if (fd >= 0) ::close(fd);
}

void DeniedCalls::serve() {
  seccomp_notif* request = nullptr;
  seccomp_notif_resp* response = nullptr;
  if (seccomp_notify_alloc(&request, &response) != 0) return;
  for (;;) {
    pollfd fds[2] = {{listener_, POLLIN, 0}, {wake_[0], POLLIN, 0}};
    if (::poll(fds, 2, -1) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    if (fds[1].revents) break;                         // the owner is done
    if (fds[0].revents & (POLLHUP | POLLERR)) break;   // every sandboxed process has ended
    if (!(fds[0].revents & POLLIN)) continue;
    std::memset(request, 0, sizeof *request);  // the kernel wants it zeroed
    if (const int received = seccomp_notify_receive(listener_, request); received != 0) {
      if (received == -ENOENT || received == -EINTR) continue;  // the caller was interrupted: nothing to answer
      break;  // the listener is unusable: the calls go unanswered (ENOSYS once it is closed)
    }
    response->id = request->id;
    response->val = 0;
    response->error = -EPERM;
    response->flags = 0;
    seccomp_notify_respond(listener_, response);
    const std::string attempt = denied_attempt(request->data.nr, request->data.args[0]);
    if (reported_.insert(attempt).second && handler_) {
      try {
        handler_(attempt);
      } catch (...) {
      }
    }
  }
  seccomp_notify_free(request, response);
}

}  // namespace gambit::sandbox
