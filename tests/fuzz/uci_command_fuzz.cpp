// SPDX-License-Identifier: MIT
// UCI command lines (what a GUI sends gambit-engine): a command or a failure in words, never a crash.
#include "game/cli/uci_protocol.h"
#include "tests/fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gambit;
  for (chess::Variant variant : {chess::Variant::Standard, chess::Variant::ThreeCheck}) {
    auto command = uci::parse_command(fuzz::text_of(data, size), variant);
    if (command && !*command) GAMBIT_FUZZ_CHECK(!command->error().empty());
  }
  return 0;
}
