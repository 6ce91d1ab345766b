// SPDX-License-Identifier: MIT
#include "core/config/config_writer.h"

#include <algorithm>
#include <array>
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

// "key = value" for an integer the loader reads only in min..max.
std::optional<Failure> append_int(std::string& out, const std::string& key, int value, int min, int max) {
  if (value < min || value > max)
    return Failure{key + " must be an integer in " + std::to_string(min) + ".." + std::to_string(max) + ", got " +
                   std::to_string(value)};
  out += key.substr(key.find('.') + 1) + " = " + std::to_string(value) + "\n";
  return std::nullopt;
}

// "key = "name"" for a name the loader reads only when it is one of names.
template <std::size_t N>
std::optional<Failure> append_name(std::string& out, const std::string& key, const std::string& value,
                                   const std::array<std::string_view, N>& names) {
  if (std::find(names.begin(), names.end(), value) == names.end()) {
    std::string list;
    for (std::size_t i = 0; i < N; ++i) list += (i ? ", " : "") + std::string(names[i]);
    return Failure{key + " must be one of " + list + ", got " + quote_for_message(value)};
  }
  out += key.substr(key.find('.') + 1) + " = " + toml_string(value) + "\n";
  return std::nullopt;
}

// A line's value of permission names: ["run-program", ...] and the line's end.
std::optional<Failure> append_permission_list(std::string& out, const std::string& key,
                                              const std::vector<std::string>& granted) {
  out += "[";
  for (std::size_t i = 0; i < granted.size(); ++i) {
    if (std::find(PermissionNames.begin(), PermissionNames.end(), granted[i]) == PermissionNames.end())
      return Failure{key + ": no permission is called " + quote_for_message(granted[i])};
    out += (i ? ", " : "") + toml_string(granted[i]);
  }
  out += "]\n";
  return std::nullopt;
}

// The seat at dotted key as a table (with its player, so it replaces the seat
// below whole) and its options table.
// A seat's table; `more` (lines "name = value") goes before its options table.
std::optional<Failure> append_seat(std::string& out, const SeatConfig& seat, const std::string& key,
                                   const std::string& more = "") {
  if (auto failure = check_text(seat.player, key + ".player")) return failure;
  out += "\n[" + key + "]\nplayer = " + toml_string(seat.player) + "\n";
  if (!seat.level.empty()) {
    if (auto failure = check_text(seat.level, key + ".level")) return failure;
    out += "level = " + toml_string(seat.level) + "\n";
  }
  if (!seat.isolation.empty())
    if (auto failure = append_name(out, key + ".isolation", seat.isolation, IsolationModes)) return failure;
  if (seat.permissions) {
    out += "permissions = ";
    if (auto failure = append_permission_list(out, key + ".permissions", *seat.permissions)) return failure;
  }
  out += more;
  if (seat.options.empty()) return std::nullopt;
  out += "\n[" + key + ".options]\n";
  for (const auto& [name, value] : seat.options) {
    if (!players::is_valid_utf8(name) || name.find('\0') != std::string::npos)
      return Failure{key +
                     ".options has an option name that is not valid UTF-8 text: " + quote_for_message(name)};
    if (auto failure = check_text(value, option_key(key, name))) return failure;
    out += toml_key(name) + " = " + toml_value(value) + "\n";
  }
  return std::nullopt;
}

std::string toml_bool(bool value) { return value ? "true" : "false"; }

}  // namespace

Result<std::string> format_config(const Settings& settings) {
  std::string out =
      "# Gambit settings, written by Gambit. Every setting is written out, so each one\n"
      "# here replaces that of the default configuration (gambit.toml, where every key\n"
      "# is explained).\n";
  for (chess::Color side : {chess::WHITE, chess::BLACK})
    if (auto failure = append_seat(out, settings.seat(side), seat_key(side))) return *failure;

  out += "\n[game]\n";
  if (auto failure = append_name(out, "game.variant", settings.game.variant, GameVariants)) return *failure;
  out += "random_colours = " + toml_bool(settings.game.random_colours) + "\n";

  const UiSettings& ui = settings.ui;
  out += "\n[ui]\nshow_legal_moves = " + toml_bool(ui.show_legal_moves) +
         "\nshow_ai_arrow = " + toml_bool(ui.show_ai_arrow) + "\nsounds = " + toml_bool(ui.sounds) + "\n";
  if (auto failure = append_name(out, "ui.theme", ui.theme, BoardThemes)) return *failure;
  if (auto failure = append_name(out, "ui.piece_set", ui.piece_set, PieceSets)) return *failure;
  if (auto failure = append_int(out, "ui.animation_ms", ui.animation_ms, 0, MaxAnimationMs)) return *failure;

  const ClockSettings& clock = settings.clock;
  out += "\n[clock]\n";
  if (auto failure = append_int(out, "clock.minutes", clock.minutes, 0, MaxClockMinutes)) return *failure;
  if (auto failure = append_int(out, "clock.increment_seconds", clock.increment_seconds, 0, MaxIncrementSeconds))
    return *failure;
  if (!clock.enabled() && clock.increment_seconds != 0)
    return Failure{"clock.increment_seconds must be 0 when clock.minutes is 0 (no clock), got " +
                   std::to_string(clock.increment_seconds)};

  out += "\n[demo]\n";
  if (auto failure = append_int(out, "demo.move_delay_ms", settings.demo.move_delay_ms, 0, MaxDemoMoveDelayMs))
    return *failure;
  for (chess::Color side : {chess::WHITE, chess::BLACK})
    if (auto failure = append_seat(out, settings.demo.seat(side), demo_seat_key(side))) return *failure;
  if (auto failure = append_seat(out, settings.hint, std::string(HintKey))) return *failure;

  const ReviewSettings& review = settings.review;
  std::string budget;
  if (auto failure = append_int(budget, "review.nodes", review.nodes, 1, MaxReviewNodes)) return *failure;
  if (auto failure = append_int(budget, "review.movetime_ms", review.movetime_ms, 0, MaxReviewMovetimeMs))
    return *failure;
  if (auto failure = append_int(budget, "review.jobs", review.jobs, 1, MaxReviewJobs)) return *failure;
  if (auto failure = append_seat(out, review.analyser, std::string(ReviewKey), budget)) return *failure;

  out += "\n[store]\n";
  if (auto failure = check_text(settings.store.profile, "store.profile")) return *failure;
  if (settings.store.profile.empty() || settings.store.profile.size() > MaxProfileLength)
    return Failure{"store.profile must be 1.." + std::to_string(MaxProfileLength) + " bytes long"};
  out += "profile = " + toml_string(settings.store.profile) + "\n";
  if (!settings.store.path.empty()) {
    if (auto failure = check_text(settings.store.path.string(), "store.path")) return *failure;
    out += "path = " + toml_string(settings.store.path.string()) + "\n";
  }

  out += "\n[plugins]\npaths = [";
  for (std::size_t i = 0; i < settings.plugin_paths.size(); ++i) {
    const std::string path = settings.plugin_paths[i].string();
    if (auto failure = check_text(path, "plugins.paths[" + std::to_string(i) + "]")) return *failure;
    out += (i ? ", " : "") + toml_string(path);
  }
  out += "]\n";
  if (auto failure = append_name(out, "plugins.isolation", settings.isolation, IsolationModes)) return *failure;
  if (auto failure =
          append_int(out, "plugins.memory_limit_mb", settings.memory_limit_mb, MinMemoryLimitMb, MaxMemoryLimitMb))
    return *failure;
  if (auto failure = append_name(out, "plugins.sandbox", settings.sandbox, SandboxModes)) return *failure;
  if (!settings.plugin_permissions.empty()) {
    out += "\n[plugins.permissions]\n";
    for (const auto& [id, granted] : settings.plugin_permissions) {
      const std::string key = "plugins.permissions." + key_text(id);
      if (auto failure = check_text(id, key)) return *failure;
      out += key_text(id) + " = ";
      if (auto failure = append_permission_list(out, key, granted)) return *failure;
    }
  }
  return out;
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
