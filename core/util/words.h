// SPDX-License-Identifier: MIT
// The words of a text: what lies between spaces, tabs and line ends; a text
// without the whitespace around it; a text with its whitespace runs made
// single spaces; the fields of a line between one separator (tab-separated
// data files).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace gambit {

// What separates words: isspace's characters in the C locale.
inline constexpr std::string_view Whitespace = " \t\r\n\f\v";

// text without the whitespace before and after it (a view into it).
inline std::string_view trimmed(std::string_view text) {
  const std::size_t begin = text.find_first_not_of(Whitespace);
  if (begin == std::string_view::npos) return {};
  return text.substr(begin, text.find_last_not_of(Whitespace) + 1 - begin);
}

// The words of text as views into it, in order; none for a text of whitespace.
inline std::vector<std::string_view> word_views(std::string_view text) {
  std::vector<std::string_view> words;
  std::size_t at = text.find_first_not_of(Whitespace);
  while (at != std::string_view::npos) {
    const std::size_t end = text.find_first_of(Whitespace, at);
    words.push_back(text.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at));
    at = end == std::string_view::npos ? end : text.find_first_not_of(Whitespace, end);
  }
  return words;
}

// The words of text as strings of their own.
inline std::vector<std::string> split_words(std::string_view text) {
  const std::vector<std::string_view> views = word_views(text);
  return {views.begin(), views.end()};
}

// The pieces of text between each `separator`, empty ones included: "a\t\tb"
// split at '\t' gives "a", "", "b"; "" gives one empty field. The views point
// into text.
inline std::vector<std::string_view> split_fields(std::string_view text, char separator) {
  std::vector<std::string_view> fields;
  for (std::size_t start = 0;;) {
    const std::size_t end = text.find(separator, start);
    fields.push_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) return fields;
    start = end + 1;
  }
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
