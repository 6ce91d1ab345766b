// SPDX-License-Identifier: MIT
// The TOML configuration: any text is settings or a failure in words (TOML++
// parses it); settings written by the Settings screen read back as the same.
#include "core/config/config_loader.h"
#include "core/config/config_writer.h"
#include "tests/fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gambit;
  auto settings = config::parse_config(fuzz::text_of(data, size), "fuzz.toml");
  if (!settings) {
    GAMBIT_FUZZ_CHECK(!settings.error().empty());
    return 0;
  }
  auto text = config::format_config(*settings);
  if (!text) return 0;  // a value the writer refuses (said in words)
  auto again = config::parse_config(*text, "saved.toml");
  GAMBIT_FUZZ_CHECK(again);
  GAMBIT_FUZZ_CHECK(*again == *settings);
  return 0;
}
