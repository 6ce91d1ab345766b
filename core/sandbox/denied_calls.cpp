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

namespace {

// One answered call, as serve() passes it to the teller (a pipe write of this size is atomic).
struct Answered {
  int syscall_number;
  unsigned long long first_argument;
};

}  // namespace

DeniedCalls::DeniedCalls(int listener, std::function<void(const std::string& attempt)> handler, Place place)
    : listener_(listener), place_(place), handler_(std::move(handler)) {
  if (listener_ < 0) return;
  const bool ready = seccomp_notify_alloc(&request_, &response_) == 0 && ::pipe2(wake_, O_CLOEXEC) == 0 &&
                     (place_ == Place::OtherProcess || ::pipe2(pending_, O_CLOEXEC) == 0);
  if (!ready) {
    ::close(listener_);  // no one to answer: the reported calls fail (ENOSYS) instead of waiting
    listener_ = -1;
    return;
  }
  if (place_ == Place::ThisProcess) {
    // A full pipe drops what does not fit (a flood of attempts already told) rather than keep a caller waiting.
    ::fcntl(pending_[1], F_SETFL, O_NONBLOCK);
    teller_ = std::thread([this] { tell_later(); });
  }
  thread_ = std::thread([this] { serve(); });
}

DeniedCalls::~DeniedCalls() {
  if (thread_.joinable()) {
    [[maybe_unused]] const ssize_t written = ::write(wake_[1], "x", 1);
    thread_.join();
  }
  if (pending_[1] >= 0) ::close(pending_[1]);  // the teller reads to the end, then stops
  if (teller_.joinable()) teller_.join();
  for (int fd : {wake_[0], wake_[1], pending_[0], listener_})
    if (fd >= 0) ::close(fd);
  seccomp_notify_free(request_, response_);
}

void DeniedCalls::serve() {
  for (;;) {
    pollfd fds[2] = {{listener_, POLLIN, 0}, {wake_[0], POLLIN, 0}};
    if (::poll(fds, 2, -1) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    if (fds[1].revents) break;                         // the owner is done
    if (fds[0].revents & (POLLHUP | POLLERR)) break;   // every sandboxed process has ended
    if (!(fds[0].revents & POLLIN)) continue;
    std::memset(request_, 0, sizeof *request_);  // the kernel wants it zeroed
    if (const int received = seccomp_notify_receive(listener_, request_); received != 0) {
      if (received == -ENOENT || received == -EINTR) continue;  // the caller was interrupted: nothing to answer
      break;  // the listener is unusable: the calls go unanswered (ENOSYS once it is closed)
    }
    response_->id = request_->id;
    response_->val = 0;
    response_->error = -EPERM;
    response_->flags = 0;
    if (place_ == Place::OtherProcess) {
      tell(request_->data.nr, request_->data.args[0]);
      seccomp_notify_respond(listener_, response_);
    } else {
      seccomp_notify_respond(listener_, response_);
      const Answered answered{request_->data.nr, request_->data.args[0]};
      [[maybe_unused]] const ssize_t written = ::write(pending_[1], &answered, sizeof answered);
    }
  }
}

void DeniedCalls::tell_later() {
  Answered answered;
  for (;;) {
    const ssize_t n = ::read(pending_[0], &answered, sizeof answered);
    if (n < 0 && errno == EINTR) continue;
    if (n != ssize_t(sizeof answered)) return;  // the end: the supervisor is done
    tell(answered.syscall_number, answered.first_argument);
  }
}

void DeniedCalls::tell(int syscall_number, unsigned long long first_argument) {
  const std::string attempt = denied_attempt(syscall_number, first_argument);
  if (reported_.insert(attempt).second && handler_) {
    try {
      handler_(attempt);
    } catch (...) {
    }
  }
}

}  // namespace gambit::sandbox
