// SPDX-License-Identifier: MIT
#include "core/config/toml_guard.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <optional>
#include <set>
#include <utility>

#include "core/config/settings.h"
#include "core/util/translation.h"

namespace gambit::config {

namespace {

// What TOML++ 3.3 mishandles, in two kinds (TOML++'s issues 190, 294 and 295):
//
// 1. Code points it takes for granted on malformed input, read ahead here:
//    - a table header whose name starts with anything but a key character or a
//      quote ("[ = 5"): undefined behaviour in its release build;
//    - a malformed date or time as a value ("1979-05-27T\x01"), a date and a
//      space before something that is not a time: it assumes the digits;
//    - a missing value ("[1,}", "a = ,"): it assumes one is there.
//    Control characters (but tab, line feed and carriage return), which TOML
//    allows nowhere, are refused first, and a quote where no string can start
//    ("2.5\"x\"": TOML++ reads on into it as part of the value), so that where
//    strings and comments begin and end is read here as TOML++ reads it.
//
// 2. Characters that are not ASCII where it looks for whitespace: its test for
//    Unicode whitespace (is_non_ascii_horizontal_whitespace) has a wrong table
//    and reaches code marked unreachable for most of U+00A1..U+0499 (accented
//    Latin letters among them), U+2C4E..U+3047 and U+FB46..U+FEFE. It looks
//    outside strings and comments, right after a backslash in a multi-line
//    basic string, and at the first character after a line-ending backslash.
//    The last two are refused by the reading ahead (an unknown escape; a
//    character that is not ASCII there). For the first, TOML++ reads the text
//    once with each such character replaced by '@', which TOML allows only in
//    strings and comments: if that copy parses, every one of them is in a
//    string or a comment as TOML++ reads the text, and the text itself is safe
//    to read (the copy has the same characters, so the same places).

constexpr const char* NotAsciiOutsideStrings =
    N_("a character that is not ASCII outside a quoted string; TOML keys are ASCII letters, digits, '_' and '-' "
       "unless quoted (write \"caf\u00e9\" = 1, not caf\u00e9 = 1)");

// TOML's date, time or date and time: 1979-05-27, 07:32:00.5, 1979-05-27T07:32:00-07:00.
bool well_formed_date_or_time(std::string_view token) {
  const auto digits = [&](std::size_t n) {
    if (token.size() < n || token.substr(0, n).find_first_not_of("0123456789") != std::string_view::npos) return false;
    token.remove_prefix(n);
    return true;
  };
  const auto literal = [&](std::string_view chars) {
    if (token.empty() || chars.find(token[0]) == std::string_view::npos) return false;
    token.remove_prefix(1);
    return true;
  };
  const auto time = [&] {
    if (!(digits(2) && literal(":") && digits(2) && literal(":") && digits(2))) return false;
    if (literal(".") && !digits(1)) return false;
    while (!token.empty() && token[0] >= '0' && token[0] <= '9') token.remove_prefix(1);
    return true;
  };
  if (token.size() > 4 && token[4] == '-') {
    if (!(digits(4) && literal("-") && digits(2) && literal("-") && digits(2))) return false;
    if (token.empty()) return true;
    if (!literal("Tt") || !time()) return false;
    if (literal("Zz")) return token.empty();
    if (literal("+-")) return digits(2) && literal(":") && digits(2) && token.empty();
    return token.empty();
  }
  return time() && token.empty();
}

std::optional<Failure> what_toml_mishandles(std::string_view text, const std::string& file_name) {
  std::uint32_t line = 1, column = 1;
  std::size_t i = 0;
  char last = '\n';  // the last character outside whitespace and comments (a string counts as its quote)
  bool line_start = true;  // nothing but blanks and comments since the last line feed
  // Moves past text[i], keeping line and column (in characters: UTF-8 continuation bytes do not count).
  const auto step = [&] {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
      ++column;
    }
    ++i;
  };
  const auto at = [&](std::string_view s) { return text.substr(i, s.size()) == s; };
  const auto here = [&](const std::string& what) {
    return Failure{SourcePlace{file_name, line, column}.prefix() + what};
  };
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  // At a backslash in a basic string: whether what follows is an escape TOML knows (in a multi-line
  // string also a line-ending backslash: blanks up to the end of the line).
  const auto escape_known = [&](bool multi_line) {
    if (i + 1 >= text.size()) return true;  // the string is not closed: TOML++ says so
    const char next = text[i + 1];
    return std::string_view("btnfr\"\\uU").find(next) != std::string_view::npos || (multi_line && blank(next));
  };
  const auto unknown_escape = [&] {
    // TRANSLATORS: {escape} is the backslash and the character after it, quoted ('\q').
    return fill(tr("an unknown escape {escape} in a string (TOML's are \\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX "
                   "\\UXXXXXXXX)"),
                {{"escape", quote_for_message(text.substr(i, 2))}});
  };
  for (; i < text.size(); step()) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if ((byte < 0x20 && !blank(text[i])) || byte == 0x7F)
      return here(fill(tr("a control character (code {code}), which TOML allows nowhere"),
                       {{"code", std::to_string(byte)}}));
  }
  i = 0, line = 1, column = 1;
  while (i < text.size()) {
    const char c = text[i];
    if (c == '#') {
      while (i < text.size() && text[i] != '\n') step();
      continue;
    }
    if (blank(c)) {
      if (c == '\n') line_start = true;
      step();
      continue;
    }
    if ((c == '"' || c == '\'') && !line_start && std::string_view("=,[{.").find(last) == std::string_view::npos) {
      // Anywhere else a quote does not open a string for TOML++ ("2.5\"x", "9%%'''"): it reads on into what
      // follows as part of the value.
      // TRANSLATORS: {character} is the character before the quote, quoted ('5'). "{{" shows as one brace.
      return here(fill(tr("a quote after {character} (a string starts a line or follows '=', ',', '[', '{{' or '.')"),
                       {{"character", quote_for_message(std::string_view(&last, 1))}}));
    }
    line_start = false;
    if (at("\"\"\"") || at("'''")) {
      const std::string_view quotes = text.substr(i, 3);
      for (int k = 0; k < 3; ++k) step();
      while (i < text.size() && !at(quotes)) {
        if (quotes[0] == '"' && text[i] == '\\') {
          if (!escape_known(true)) return here(unknown_escape());
          step();
          if (i == text.size()) break;
          if (blank(text[i])) {  // a line-ending backslash: TOML++ classifies the first character after the blanks
            while (i < text.size() && blank(text[i])) step();
            if (i < text.size() && static_cast<unsigned char>(text[i]) >= 0x80)
              return here(tr("a character that is not ASCII right after a line-ending backslash"));
            continue;
          }
        }
        step();
      }
      while (i < text.size() && text[i] == quotes[0]) step();  // the closing quotes, and up to two more inside
    } else if (c == '"' || c == '\'') {
      step();
      while (i < text.size() && text[i] != c && text[i] != '\n') {
        if (c == '"' && text[i] == '\\') {
          if (!escape_known(false)) return here(unknown_escape());
          step();
          if (i == text.size()) break;
        }
        step();
      }
      if (i < text.size() && text[i] == c) step();
    } else if ((c == '}' || c == ',' || (c == ']' && last == '=')) && (last == '=' || last == ',' || last == '[')) {
      return here(
          fill(tr("a value is missing before {character}"), {{"character", quote_for_message(text.substr(i, 1))}}));
    } else if (c >= '0' && c <= '9' && (last == '=' || last == ',' || last == '[')) {  // a number, or a date
      // TOML++ reads a value up to a blank, ',', ']', '}' or '#'.
      const std::size_t end = text.find_first_of(" \t\r\n,]}#", i);
      const std::string_view token = text.substr(i, end == std::string_view::npos ? text.size() - i : end - i);
      const bool date = token.size() >= 5 && token[4] == '-' &&
                        token.substr(0, 4).find_first_not_of("0123456789") == std::string_view::npos;
      if ((date || token.find(':') != std::string_view::npos) && !well_formed_date_or_time(token))
        return here(
            fill(tr("a malformed date or time, {text} (a date is 1979-05-27, a time 07:32:00; quote it if it is "
                    "text)"),
                 {{"text", quote_for_message(token)}}));
      // "1979-05-27 07:32:00": TOML++ reads a digit after a space as the start of a time when the value before
      // has the shape of a date, its characters but '_' ten with '-' fifth and eighth ("42)7-05-27" too).
      std::string shape(token);
      shape.erase(std::remove(shape.begin(), shape.end(), '_'), shape.end());
      if (shape.size() == 10 && shape[4] == '-' && shape[7] == '-' && end != std::string_view::npos &&
          end + 1 < text.size() && text[end] == ' ' && text[end + 1] >= '0' && text[end + 1] <= '9') {
        const std::size_t time_end = text.find_first_of(" \t\r\n,]}#", end + 1);
        const std::string_view time = text.substr(end + 1, time_end == std::string_view::npos ? text.size() - end - 1
                                                                                              : time_end - end - 1);
        if (!well_formed_date_or_time(std::string(token) + "T" + std::string(time)))
          return here(fill(tr("a malformed date and time, {text} (1979-05-27 07:32:00; quote it if it is text)"),
                           {{"text", quote_for_message(text.substr(i, token.size() + 1 + time.size()))}}));
      }
      // On past the number or date only: a quote in what TOML++ reads as one value is refused above.
      const std::size_t number_end =
          text.find_first_not_of("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_+-.:", i);
      while (i < text.size() && i < number_end) step();
    } else if (c == '[' && last != '=' && last != ',' && last != '[') {  // a table header, not an array
      step();
      if (i < text.size() && text[i] == '[') step();
      while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) step();
      const char first = i < text.size() ? text[i] : ']';
      const bool key = (first >= 'a' && first <= 'z') || (first >= 'A' && first <= 'Z') ||
                       (first >= '0' && first <= '9') || first == '_' || first == '-' || first == '"' ||
                       first == '\'' || first == ']';
      if (static_cast<unsigned char>(first) >= 0x80) return here(tr(NotAsciiOutsideStrings));
      if (!key)
        return here(fill(tr("a table name must start with a letter, a digit, '_', '-' or a quote, not {character}"),
                         {{"character", quote_for_message(text.substr(i, 1))}}));
      last = '[';
      continue;
    } else {
      step();
    }
    last = c;
  }
  return std::nullopt;
}

// The text with each character that is not ASCII (a UTF-8 sequence, or a byte
// that does not start one) replaced by '@'; where each was, as line and column
// in characters (TOML++ counts columns so).
std::pair<std::string, std::set<std::pair<std::uint32_t, std::uint32_t>>> with_stand_ins(std::string_view text) {
  std::string copy;
  std::set<std::pair<std::uint32_t, std::uint32_t>> places;
  std::uint32_t line = 1, column = 1;
  for (std::size_t i = 0; i < text.size();) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte < 0x80) {
      copy += text[i++];
      if (byte == '\n') {
        ++line;
        column = 1;
      } else {
        ++column;
      }
      continue;
    }
    const std::size_t length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1;
    std::size_t n = 1;
    while (n < length && i + n < text.size() && (static_cast<unsigned char>(text[i + n]) & 0xC0) == 0x80) ++n;
    i += n == length ? n : 1;
    copy += '@';
    places.emplace(line, column++);
  }
  return {std::move(copy), std::move(places)};
}

Failure syntax_error(const toml::parse_error& error, const std::string& file_name) {
  const SourcePlace where{file_name, error.source().begin.line, error.source().begin.column};
  // TRANSLATORS: {description} is the TOML reader's own words, in English.
  return Failure{where.prefix() + fill(tr("TOML syntax error: {description}"),
                                       {{"description", std::string(error.description())}})};
}

std::optional<Failure> non_ascii_outside_strings(std::string_view text, const std::string& file_name) {
  auto [copy, places] = with_stand_ins(text);
  if (places.empty()) return std::nullopt;
  try {
    (void)toml::parse(copy, std::string_view(file_name));
  } catch (const toml::parse_error& error) {
    const auto [line, column] = std::pair{error.source().begin.line, error.source().begin.column};
    if (places.count({line, column}))
      return Failure{SourcePlace{file_name, line, column}.prefix() + tr(NotAsciiOutsideStrings)};
    return syntax_error(error, file_name);
  }
  return std::nullopt;
}

}  // namespace

Result<toml::table> parse_toml(std::string_view text, const std::string& file_name) {
  if (std::optional<Failure> failure = what_toml_mishandles(text, file_name)) return *failure;
  try {
    if (std::optional<Failure> failure = non_ascii_outside_strings(text, file_name)) return *failure;
    return toml::parse(text, std::string_view(file_name));
  } catch (const toml::parse_error& error) {
    return syntax_error(error, file_name);
  } catch (const std::exception& error) {
    return Failure{SourcePlace{file_name}.prefix() + fill(tr("cannot be read: {reason}"), {{"reason", error.what()}})};
  }
}

}  // namespace gambit::config
