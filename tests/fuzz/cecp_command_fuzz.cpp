// SPDX-License-Identifier: MIT
// XBoard/CECP command lines: a command or a failure in words, never a crash.
#include "game/cli/cecp_protocol.h"
#include "tests/fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gambit;
  auto command = cecp::parse_command(fuzz::text_of(data, size));
  if (command && !*command) GAMBIT_FUZZ_CHECK(!command->error().empty());
  return 0;
}
