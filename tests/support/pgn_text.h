// SPDX-License-Identifier: MIT
// What the PGN tests share: reading every game of a text, the movetext of a
// written game, and texts mutated at random.
#pragma once

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace gambit::test_support {

// Every result reader.next() gives until the end, for a reader of a text of
// text_size bytes: at most text_size + 1, so a reader that never ends fails
// the test instead of hanging it.
template <class Reader>
auto read_every(Reader& reader, std::size_t text_size) {
  std::vector<typename decltype(reader.next())::value_type> out;
  while (auto game = reader.next()) {
    out.push_back(std::move(*game));
    if (out.size() > text_size + 1) {
      ADD_FAILURE() << "the reader does not come to an end";
      break;
    }
  }
  return out;
}

// The movetext of a written game: the lines after the tag section, joined by spaces.
inline std::string movetext_of(const std::string& pgn) {
  const std::size_t start = pgn.find("\n\n");
  if (start == std::string::npos) return "";
  std::string text = pgn.substr(start + 2);
  while (!text.empty() && text.back() == '\n') text.pop_back();
  for (char& c : text)
    if (c == '\n') c = ' ';
  return text;
}

// text after 1 to 4 random edits, each a byte changed, up to 8 bytes erased, or
// one of the characters of `inserted` put in; never empty.
inline std::string mutated(std::string text, std::mt19937& rng, std::string_view inserted) {
  for (int edits = 1 + rng() % 4; edits > 0; --edits) {
    const std::size_t at = rng() % text.size();
    switch (rng() % 3) {
      case 0: text[at] = char(rng()); break;
      case 1: text.erase(at, 1 + rng() % 8); break;
      default: text.insert(at, 1, inserted[rng() % inserted.size()]);
    }
    if (text.empty()) text.push_back('x');
  }
  return text;
}

}  // namespace gambit::test_support
