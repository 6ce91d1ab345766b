// SPDX-License-Identifier: MIT
#include "core/config/config_writer.h"

#include "core/config/setting_table.h"
#include "core/util/translation.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <fstream>
#include <optional>
#include <span>
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
  if (text.empty()) return Failure{fill(tr("{key} must not be empty"), {{"key", key}})};
  if (!players::is_valid_utf8(text)) return Failure{fill(tr("{key} is not valid UTF-8"), {{"key", key}})};
  if (text.find('\0') != std::string_view::npos)
    return Failure{fill(tr("{key} must not contain a NUL character"), {{"key", key}})};
  return std::nullopt;
}

// "name = value" for an integer the loader reads only in min..max.
std::optional<Failure> append_int(std::string& out, const SettingSpec& spec, int value) {
  if (value < spec.min || value > spec.max)
    return Failure{
        // TRANSLATORS: {range} is the range allowed, "0..1000".
        fill(tr("{key} must be an integer in {range}, got {value}"),
             {{"key", std::string(spec.key)}, {"range", spec.range_text()}, {"value", std::to_string(value)}})};
  out += std::string(spec.name()) + " = " + std::to_string(value) + "\n";
  return std::nullopt;
}

// Whether value is one of names; else the loader's message about it at key.
std::optional<Failure> check_name(const std::string& key, const std::string& value,
                                  std::span<const std::string_view> names) {
  if (std::find(names.begin(), names.end(), value) != names.end()) return std::nullopt;
  std::string list;
  for (std::size_t i = 0; i < names.size(); ++i) list += (i ? ", " : "") + std::string(names[i]);
  return Failure{fill(tr("{key} must be one of {choices}, got {value}"),
                      {{"key", key}, {"choices", list}, {"value", quote_for_message(value)}})};
}

// A line's value of permission names: ["run-program", ...] and the line's end.
std::optional<Failure> append_permission_list(std::string& out, const std::string& key,
                                              const std::vector<std::string>& granted) {
  out += "[";
  for (std::size_t i = 0; i < granted.size(); ++i) {
    if (std::find(PermissionNames.begin(), PermissionNames.end(), granted[i]) == PermissionNames.end())
      return Failure{
          fill(tr("{key}: no permission is called {name}"), {{"key", key}, {"name", quote_for_message(granted[i])}})};
    out += (i ? ", " : "") + toml_string(granted[i]);
  }
  out += "]\n";
  return std::nullopt;
}

// The seat at dotted key as a table (with its player, so it replaces the seat
// below whole), `more` (lines "name = value"), then its options table.
std::optional<Failure> append_seat(std::string& out, const SeatConfig& seat, const std::string& key,
                                   const std::string& more) {
  const std::string dot = key + ".";
  if (auto failure = check_text(seat.player, dot + std::string(PlayerKey))) return failure;
  out += "\n[" + key + "]\n" + std::string(PlayerKey) + " = " + toml_string(seat.player) + "\n";
  if (!seat.level.empty()) {
    if (auto failure = check_text(seat.level, dot + std::string(LevelKey))) return failure;
    out += std::string(LevelKey) + " = " + toml_string(seat.level) + "\n";
  }
  if (!seat.isolation.empty()) {
    if (auto failure = check_name(dot + std::string(IsolationKey), seat.isolation, IsolationModes)) return failure;
    out += std::string(IsolationKey) + " = " + toml_string(seat.isolation) + "\n";
  }
  if (seat.permissions) {
    out += std::string(PermissionsKey) + " = ";
    if (auto failure = append_permission_list(out, dot + std::string(PermissionsKey), *seat.permissions))
      return failure;
  }
  out += more;
  if (seat.options.empty()) return std::nullopt;
  out += "\n[" + dot + std::string(OptionsKey) + "]\n";
  for (const auto& [name, value] : seat.options) {
    if (!players::is_valid_utf8(name) || name.find('\0') != std::string::npos)
      return Failure{fill(tr("{key} has an option name that is not valid UTF-8 text: {name}"),
                          {{"key", dot + std::string(OptionsKey)}, {"name", quote_for_message(name)}})};
    if (auto failure = check_text(value, option_key(key, name))) return failure;
    out += toml_key(name) + " = " + toml_value(value) + "\n";
  }
  return std::nullopt;
}

// One setting that is not a seat, as its line(s); the permissions as a table
// of their own.
std::optional<Failure> append_setting(std::string& out, const SettingSpec& spec, const Settings& settings) {
  const std::string key(spec.key), name(spec.name());
  const SettingConstValue value = read_only(spec, settings);
  switch (spec.type) {
    case SettingType::Boolean: out += name + " = " + (*std::get<const bool*>(value) ? "true" : "false") + "\n"; break;
    case SettingType::Integer: return append_int(out, spec, *std::get<const int*>(value));
    case SettingType::Choice: {
      const std::string& text = *std::get<const std::string*>(value);
      if (auto failure = check_name(key, text, spec.choices)) return failure;
      out += name + " = " + toml_string(text) + "\n";
      break;
    }
    case SettingType::Text: {
      const std::string& text = *std::get<const std::string*>(value);
      if (auto failure = check_text(text, key)) return failure;
      if (spec.max_length > 0 && text.size() > spec.max_length)
        return Failure{fill(trn("{key} must be 1..{n} byte long", "{key} must be 1..{n} bytes long", spec.max_length),
                            {{"key", key}, {"n", std::to_string(spec.max_length)}})};
      out += name + " = " + toml_string(text) + "\n";
      break;
    }
    case SettingType::Path: {
      const fs::path& path = *std::get<const fs::path*>(value);
      if (path.empty()) break;
      if (auto failure = check_text(path.string(), key)) return failure;
      out += name + " = " + toml_string(path.string()) + "\n";
      break;
    }
    case SettingType::PathList: {
      const std::vector<fs::path>& paths = *std::get<const std::vector<fs::path>*>(value);
      out += name + " = [";
      for (std::size_t i = 0; i < paths.size(); ++i) {
        if (auto failure = check_text(paths[i].string(), key + "[" + std::to_string(i) + "]")) return failure;
        out += (i ? ", " : "") + toml_string(paths[i].string());
      }
      out += "]\n";
      break;
    }
    case SettingType::Permissions: {
      const PermissionMap& permissions = *std::get<const PermissionMap*>(value);
      if (permissions.empty()) break;
      out += "\n[" + key + "]\n";
      for (const auto& [id, granted] : permissions) {
        const std::string at = key + "." + key_text(id);
        if (auto failure = check_text(id, at)) return failure;
        out += key_text(id) + " = ";
        if (auto failure = append_permission_list(out, at, granted)) return failure;
      }
      break;
    }
    case SettingType::Seat: break;  // format_config writes seats
  }
  return std::nullopt;
}

// Whether the setting is written inside a seat's table (review's budget).
bool inside_seat(const SettingSpec& spec) {
  const SettingSpec* parent = find_setting(spec.section());
  return parent && parent->type == SettingType::Seat;
}

}  // namespace

Result<std::string> format_config(const Settings& settings) {
  std::string out =
      "# Gambit settings, written by Gambit. Every setting is written out, so each one\n"
      "# here replaces that of the default configuration (gambit.toml, where every key\n"
      "# is explained).\n";
  std::string_view open_section = "-";  // the [table] the next line is in; "-" none
  for (const SettingSpec& spec : setting_table()) {
    if (spec.type == SettingType::Seat) {
      std::string more;
      for (std::string_view own : keys_under(spec.key))
        if (auto failure = append_setting(more, *find_setting(std::string(spec.key) + "." + std::string(own)), settings))
          return *failure;
      if (auto failure = append_seat(out, *std::get<const SeatConfig*>(read_only(spec, settings)), std::string(spec.key), more))
        return *failure;
      open_section = "-";
      continue;
    }
    if (inside_seat(spec)) continue;
    if (spec.type != SettingType::Permissions && spec.section() != open_section) {
      out += "\n[" + std::string(spec.section()) + "]\n";
      open_section = spec.section();
    }
    if (auto failure = append_setting(out, spec, settings)) return *failure;
    if (spec.type == SettingType::Permissions) open_section = "-";
    if (spec.key == ClockIncrementKey && !settings.clock.enabled() && settings.clock.increment_seconds != 0)
      return Failure{fill(tr("{increment_key} must be 0 when {minutes_key} is 0 (no clock), got {increment}"),
                          {{"increment_key", std::string(ClockIncrementKey)},
                           {"minutes_key", std::string(ClockMinutesKey)},
                           {"increment", std::to_string(settings.clock.increment_seconds)}})};
  }
  return out;
}

Result<fs::path> save_user_config(const Settings& settings, const fs::path& file) {
  Result<std::string> text = format_config(settings);
  if (!text)
    return Failure{fill(tr("{path}: not saved: {reason}"), {{"path", file.string()}, {"reason", text.error()}})};
  std::error_code error;
  if (file.has_parent_path()) {
    fs::create_directories(file.parent_path(), error);
    if (error)
      return Failure{fill(tr("{path}: cannot create its folder: {reason}"),
                          {{"path", file.string()}, {"reason", error.message()}})};
  }
  fs::path temporary = file;
  temporary += ".new";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) return Failure{fill(tr("{path}: cannot be written"), {{"path", temporary.string()}})};
    out << *text;
    out.close();
    if (!out) {
      fs::remove(temporary, error);
      return Failure{fill(tr("{path}: cannot be written"), {{"path", temporary.string()}})};
    }
  }
  fs::rename(temporary, file, error);
  if (error) {
    const std::string reason = error.message();
    fs::remove(temporary, error);
    return Failure{fill(tr("{path}: cannot be replaced: {reason}"), {{"path", file.string()}, {"reason", reason}})};
  }
  return file;
}

}  // namespace gambit::config
