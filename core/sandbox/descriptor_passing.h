// SPDX-License-Identifier: MIT
// Passing an open descriptor to another process over a Unix socket
// (SCM_RIGHTS): how a sandboxed process hands its denied calls' listener to
// its supervisor. One byte travels with it, so the receiver reads exactly that
// message and nothing of what follows on the socket. The byte may also come
// alone, saying that there is no descriptor to pass (a kernel without it), so
// that the receiver waits for one message either way.
#pragma once

#include <chrono>
#include <optional>

#include "core/util/result.h"

namespace gambit::sandbox {

// Sends fd over socket (the receiver gets its own copy; the caller still
// closes fd); fd -1 sends the message that says there is none.
Result<std::monostate> send_descriptor(int socket, int fd);
// Receives what send_descriptor sent, waiting at most `patience`: the
// descriptor, or nullopt when the sender had none. A failure says why (the
// peer closed, sent something else, or nothing came).
Result<std::optional<int>> receive_descriptor(int socket, std::chrono::milliseconds patience);

}  // namespace gambit::sandbox
