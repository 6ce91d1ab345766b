// SPDX-License-Identifier: MIT
// The words of a text: what lies between spaces, tabs and line ends; a text
// with its whitespace runs made single spaces.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace gambit {

inline std::vector<std::string> split_words(std::string_view text) {
  std::vector<std::string> words;
  std::size_t at = text.find_first_not_of(" \t\r\n");
  while (at != std::string_view::npos) {
    const std::size_t end = text.find_first_of(" \t\r\n", at);
    words.emplace_back(text.substr(at, end == std::string_view::npos ? text.npos : end - at));
    at = end == std::string_view::npos ? end : text.find_first_not_of(" \t\r\n", end);
  }
  return words;
}

// text with each run of whitespace (space, tab, line end, form feed, vertical
// tab) made one space, and none at either end.
inline std::string collapse_whitespace(std::string_view text) {
  std::string out;
  bool pending_space = false;
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v') {
      pending_space = !out.empty();
      continue;
    }
    if (pending_space) out += ' ';
    pending_space = false;
    out += c;
  }
  return out;
}

}  // namespace gambit
