// SPDX-License-Identifier: MIT
// What an isolated plugin's child writes (core/players/plugin_wire.h), read by
// the host: words, descriptions, requests and reports from any line are values
// or failures, and escaped words read back unchanged.
#include "core/players/plugin_wire.h"
#include "tests/fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gambit::players;
  const std::string_view text = gambit::fuzz::text_of(data, size);
  wire::Description description;
  if (auto words = wire::words_of(text)) {
    GAMBIT_FUZZ_CHECK(!words->empty());
    auto back = wire::words_of(wire::message(*words));
    GAMBIT_FUZZ_CHECK(back && *back == *words);
    static_cast<void>(wire::parse_request(*words, 1));
    static_cast<void>(wire::parse_info(*words, 1));
  }
  static_cast<void>(wire::read_description_line(description, text));
  const std::vector<std::string> one{std::string(text)};
  auto single = wire::words_of(wire::message(one));
  GAMBIT_FUZZ_CHECK(single && *single == one);
  return 0;
}
