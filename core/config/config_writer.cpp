#include "core/config/config_writer.h"

#include <charconv>
#include <cstdint>
#include <fstream>
#include <optional>
#include <system_error>

namespace gambit::config {

namespace fs = std::filesystem;

namespace {

// text as a TOML basic string: quotes, backslashes and control characters escaped.
std::string toml_string(std::string_view text) {
  constexpr char Hex[] = "0123456789ABCDEF";
  std::string out = "\"";
  for (char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (byte < 0x20 || byte == 0x7F) {
      out += "\\u00";
      out += Hex[byte >> 4];
      out += Hex[byte & 15];
    } else {
      out += c;
    }
  }
  return out + "\"";
}

std::string toml_key(std::string_view key) {
  const bool bare = !key.empty() && key_text(key) == key;
  return bare ? std::string(key) : toml_string(key);
}

// The text as the TOML value that reads back as the same text.
std::string toml_value(std::string_view text) {
  if (text == "true" || text == "false") return std::string(text);
  std::int64_t number = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
  if (error == std::errc() && end == text.data() + text.size() && std::to_string(number) == text)
    return std::string(text);
  return toml_string(text);
}

// Empty text, broken UTF-8 or NUL would not read back: say which key holds it.
std::optional<Failure> check_text(std::string_view text, const std::string& key) {
  if (text.empty()) return Failure{key + " must not be empty"};
  if (!players::is_valid_utf8(text)) return Failure{key + " is not valid UTF-8"};
  if (text.find('\0') != std::string_view::npos) return Failure{key + " must not contain a NUL character"};
  return std::nullopt;
}

}  // namespace

Result<std::string> format_config(const Settings& settings) {
  std::string out =
      "# Gambit settings, written by Gambit. Each seat and the plugin paths here replace\n"
      "# those of the default configuration (gambit.toml, where every key is explained).\n";
  for (chess::Color side : {chess::WHITE, chess::BLACK}) {
    const SeatConfig& seat = settings.seat(side);
    const std::string key = seat_key(side);
    if (auto failure = check_text(seat.player, key + ".player")) return *failure;
    out += "\n[" + key + "]\nplayer = " + toml_string(seat.player) + "\n";
    if (!seat.level.empty()) {
      if (auto failure = check_text(seat.level, key + ".level")) return *failure;
      out += "level = " + toml_string(seat.level) + "\n";
    }
    if (seat.options.empty()) continue;
    out += "\n[" + key + ".options]\n";
    for (const auto& [name, value] : seat.options) {
      if (!players::is_valid_utf8(name) || name.find('\0') != std::string::npos)
        return Failure{key +
                       ".options has an option name that is not valid UTF-8 text: " + chess::quote_for_message(name)};
      if (auto failure = check_text(value, option_key(side, name))) return *failure;
      out += toml_key(name) + " = " + toml_value(value) + "\n";
    }
  }
  out += "\n[plugins]\npaths = [";
  for (std::size_t i = 0; i < settings.plugin_paths.size(); ++i) {
    const std::string path = settings.plugin_paths[i].string();
    if (auto failure = check_text(path, "plugins.paths[" + std::to_string(i) + "]")) return *failure;
    out += (i ? ", " : "") + toml_string(path);
  }
  return out + "]\n";
}

Result<fs::path> save_user_config(const Settings& settings, const fs::path& file) {
  Result<std::string> text = format_config(settings);
  if (!text) return Failure{file.string() + ": not saved: " + text.error()};
  std::error_code error;
  if (file.has_parent_path()) {
    fs::create_directories(file.parent_path(), error);
    if (error) return Failure{file.string() + ": cannot create its folder: " + error.message()};
  }
  fs::path temporary = file;
  temporary += ".new";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) return Failure{temporary.string() + ": cannot be written"};
    out << *text;
    out.close();
    if (!out) {
      fs::remove(temporary, error);
      return Failure{temporary.string() + ": cannot be written"};
    }
  }
  fs::rename(temporary, file, error);
  if (error) {
    const std::string reason = error.message();
    fs::remove(temporary, error);
    return Failure{file.string() + ": cannot be replaced: " + reason};
  }
  return file;
}

}  // namespace gambit::config
