// SPDX-License-Identifier: MIT
#include "core/sandbox/descriptor_passing.h"

#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <variant>

namespace gambit::sandbox {

namespace {

constexpr char WithDescriptor = 'D';
constexpr char WithoutDescriptor = 'N';

// A message of one byte with room for one descriptor beside it.
struct OneByteMessage {
  OneByteMessage() {
    header.msg_iov = &data;
    header.msg_iovlen = 1;
    header.msg_control = control;
    header.msg_controllen = sizeof control;
  }
  OneByteMessage(const OneByteMessage&) = delete;
  OneByteMessage& operator=(const OneByteMessage&) = delete;

  char byte = WithDescriptor;
  iovec data{&byte, 1};
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
  msghdr header{};
};

}  // namespace

Result<std::monostate> send_descriptor(int socket, int fd) {
  OneByteMessage message;
  if (fd < 0) {
    message.byte = WithoutDescriptor;
    message.header.msg_control = nullptr;
    message.header.msg_controllen = 0;
  } else {
    cmsghdr* header = CMSG_FIRSTHDR(&message.header);
    header->cmsg_level = SOL_SOCKET;
    header->cmsg_type = SCM_RIGHTS;
    header->cmsg_len = CMSG_LEN(sizeof(int));
    std::memcpy(CMSG_DATA(header), &fd, sizeof(int));
  }
  for (;;) {
    if (::sendmsg(socket, &message.header, MSG_NOSIGNAL) == 1) return std::monostate{};
    if (errno != EINTR) return Failure{std::string("cannot pass a descriptor: ") + std::strerror(errno)};
  }
}

Result<std::optional<int>> receive_descriptor(int socket, std::chrono::milliseconds patience) {
  pollfd ready{socket, POLLIN, 0};
  int polled;
  do polled = ::poll(&ready, 1, int(patience.count()));
  while (polled < 0 && errno == EINTR);
  if (polled <= 0) return Failure{"no descriptor came within " + std::to_string(patience.count()) + " ms"};
  OneByteMessage message;
  message.byte = 0;
  ssize_t got;
  do got = ::recvmsg(socket, &message.header, MSG_CMSG_CLOEXEC);
  while (got < 0 && errno == EINTR);
  if (got != 1) return Failure{got == 0 ? "the other side closed the socket" : "nothing could be read"};
  const cmsghdr* header = CMSG_FIRSTHDR(&message.header);
  int fd = -1;
  if (header && header->cmsg_level == SOL_SOCKET && header->cmsg_type == SCM_RIGHTS &&
      header->cmsg_len == CMSG_LEN(sizeof(int)))
    std::memcpy(&fd, CMSG_DATA(header), sizeof(int));
  if (message.byte == WithoutDescriptor && fd < 0) return std::optional<int>();
  if (message.byte != WithDescriptor || fd < 0) {
    if (fd >= 0) ::close(fd);
    return Failure{"the other side sent something else than a descriptor"};
  }
  return std::optional<int>(fd);
}

}  // namespace gambit::sandbox
