// SPDX-License-Identifier: MIT
#include "core/util/translation.h"

#include <libintl.h>

#include <clocale>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <locale.h>
#include <wctype.h>

// glibc's counter of catalogue changes: raising it makes gettext look up the
// language again after LANGUAGE changed (what the gettext manual advises).
extern "C" int _nl_msg_cat_cntr;

namespace gambit {

namespace {

constexpr const char* Domain = "gambit";

bool started = false;
std::string environment_language;  // LANGUAGE as the environment gave it, read once

// "de_DE.UTF-8@euro" -> "de_DE:de"; "C", "POSIX" and "" -> "" (English).
std::string language_list_of_locale(std::string_view locale) {
  const std::size_t cut = locale.find_first_of(".@");
  const std::string_view name = locale.substr(0, cut);
  if (name.empty() || name == "C" || name == "POSIX") return "";
  const std::size_t underscore = name.find('_');
  if (underscore == std::string_view::npos) return std::string(name);
  return std::string(name) + ":" + std::string(name.substr(0, underscore));
}

// The list gettext would read from the environment.
std::string language_list_from_environment() {
  if (!environment_language.empty()) return environment_language;
  for (const char* variable : {"LC_ALL", "LC_MESSAGES", "LANG"})
    if (const char* value = std::getenv(variable); value && *value) return language_list_of_locale(value);
  return "";
}

}  // namespace

// An empty text is never looked up: the catalogue keeps its header under "".
const char* tr(const char* english) { return started && *english ? dgettext(Domain, english) : english; }

const char* trn(const char* singular, const char* plural, unsigned long n) {
  if (!started) return n == 1 ? singular : plural;
  return dngettext(Domain, singular, plural, n);
}

const char* trc(const char* context, const char* english) {
  if (!started) return english;
  // A context is the catalogue key "context\004english" (gettext's pgettext).
  thread_local std::string key;
  key.assign(context).append(1, '\004').append(english);
  const char* translated = dgettext(Domain, key.c_str());
  return translated == key.c_str() ? english : translated;
}

std::string fill(std::string_view pattern, std::initializer_list<Placeholder> values) {
  std::string out;
  out.reserve(pattern.size() + 16);
  for (std::size_t at = 0; at < pattern.size();) {
    const char c = pattern[at];
    if ((c == '{' || c == '}') && at + 1 < pattern.size() && pattern[at + 1] == c) {
      out += c;
      at += 2;
      continue;
    }
    if (c == '{') {
      const std::size_t close = pattern.find('}', at);
      if (close != std::string_view::npos) {
        const std::string_view name = pattern.substr(at + 1, close - at - 1);
        const Placeholder* found = nullptr;
        for (const Placeholder& value : values)
          if (value.name == name) found = &value;
        if (found) {
          out += found->value;
          at = close + 1;
          continue;
        }
      }
    }
    out += c;
    ++at;
  }
  return out;
}

std::string capitalized(std::string_view text) {
  if (text.empty()) return std::string(text);
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  // The first character's code point and length, from its UTF-8 bytes.
  const unsigned char lead = byte(0);
  const std::size_t length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0;
  if (length == 0 || length > text.size()) return std::string(text);
  char32_t code = length == 1 ? lead : lead & (0x3F >> (length - 1));
  for (std::size_t i = 1; i < length; ++i) {
    if ((byte(i) & 0xC0) != 0x80) return std::string(text);
    code = (code << 6) | (byte(i) & 0x3F);
  }
  // C.UTF-8 knows every letter's capital, whatever the program's own locale.
  static const locale_t unicode = newlocale(LC_CTYPE_MASK, "C.UTF-8", locale_t(0));
  const char32_t upper = unicode ? char32_t(towupper_l(wint_t(code), unicode)) : code;
  std::string out;
  if (upper < 0x80) {
    out += char(upper);
  } else if (upper < 0x800) {
    out += char(0xC0 | (upper >> 6));
    out += char(0x80 | (upper & 0x3F));
  } else if (upper < 0x10000) {
    out += char(0xE0 | (upper >> 12));
    out += char(0x80 | ((upper >> 6) & 0x3F));
    out += char(0x80 | (upper & 0x3F));
  } else {
    out += char(0xF0 | (upper >> 18));
    out += char(0x80 | ((upper >> 12) & 0x3F));
    out += char(0x80 | ((upper >> 6) & 0x3F));
    out += char(0x80 | (upper & 0x3F));
  }
  return out.append(text.substr(length));
}

void start_translations(const std::filesystem::path& locale_directory, std::string_view code) {
  if (!started) {
    if (const char* value = std::getenv("LANGUAGE")) environment_language = value;
    // Only the messages' category: numbers keep the C locale's '.', which the
    // files Gambit reads and writes (TOML, PGN, FEN) need. C.UTF-8 when the
    // player's own locale is not installed: gettext then reads LANGUAGE.
    const char* messages = std::setlocale(LC_MESSAGES, "");
    if (!messages || std::strcmp(messages, "C") == 0 || std::strcmp(messages, "POSIX") == 0)
      if (!std::setlocale(LC_MESSAGES, "C.UTF-8") && !std::setlocale(LC_MESSAGES, "C.utf8"))
        std::fprintf(stderr, "gambit: no C.UTF-8 locale: the window shows English unless LANG names an installed locale\n");
    bindtextdomain(Domain, locale_directory.c_str());
    bind_textdomain_codeset(Domain, "UTF-8");
    started = true;
  }
  use_language(code);
}

void use_language(std::string_view code) {
  const std::string list = code.empty() ? language_list_from_environment() : std::string(code);
  // "en" has no catalogue, so it shows the English keys; so does an empty list
  // once LANGUAGE names no language ("C" is never a catalogue).
  setenv("LANGUAGE", list.empty() ? "C" : list.c_str(), 1);
  ++_nl_msg_cat_cntr;
}

std::string current_language() {
  if (!started) return "en";
  // The catalogue in use answers "" with its header, which names its language.
  const std::string_view header = dgettext(Domain, "");
  const std::size_t at = header.find("Language: ");
  if (at == std::string_view::npos) return "en";
  const std::size_t from = at + std::strlen("Language: ");
  const std::size_t end = header.find('\n', from);
  const std::string_view language = header.substr(from, end == std::string_view::npos ? end : end - from);
  return language.empty() ? "en" : std::string(language);
}

}  // namespace gambit
