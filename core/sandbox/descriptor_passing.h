// SPDX-License-Identifier: MIT
// Passing an open descriptor to another process over a Unix socket
// (SCM_RIGHTS): how a sandboxed process hands its denied calls' listener to
// its supervisor. One byte travels with it, so the receiver reads exactly that
// message and nothing of what follows on the socket.
#pragma once

#include <chrono>
#include <optional>

#include "core/util/result.h"

namespace gambit::sandbox {

// Sends fd over socket (the receiver gets its own copy; the caller still closes fd).
Result<std::monostate> send_descriptor(int socket, int fd);
// Receives a descriptor sent by send_descriptor, waiting at most `patience`;
// a failure says why (the peer closed, sent something else, or nothing came).
Result<int> receive_descriptor(int socket, std::chrono::milliseconds patience);

}  // namespace gambit::sandbox
