// SPDX-License-Identifier: MIT
#include "core/players/options.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <span>

namespace gambit::players {

namespace {

// Descriptor strings come from a plugin: NULL reads as empty.
std::string_view text_of(const char* s) { return s ? std::string_view(s) : std::string_view(); }

std::span<const gambit_option_spec> options_of(const gambit_plugin_descriptor& plugin) {
  if (!plugin.options) return {};
  return {plugin.options, plugin.option_count};
}

std::span<const gambit_level> levels_of(const gambit_plugin_descriptor& plugin) {
  if (!plugin.levels) return {};
  return {plugin.levels, plugin.level_count};
}

std::span<const char* const> choices_of(const gambit_option_spec& spec) {
  if (!spec.choices) return {};
  return {spec.choices, spec.choice_count};
}

bool is_plain(std::string_view text) {
  return !text.empty() && text.size() <= 40 &&
         std::all_of(text.begin(), text.end(), [](char c) { return c > 0x20 && c < 0x7F && c != '\''; });
}

// A name or value for a message: as it is when it is short printable ASCII,
// otherwise quoted with its odd bytes escaped.
std::string shown(std::string_view text) { return is_plain(text) ? std::string(text) : quote_for_message(text); }

std::string option_label(const gambit_option_spec& spec) {
  return "option " + quote_for_message(text_of(spec.name));
}

std::string joined(std::span<const char* const> names) {
  std::string out;
  for (const char* name : names) out += (out.empty() ? "" : ", ") + shown(text_of(name));
  return out.empty() ? "none" : out;
}

std::string range_text(const gambit_option_spec& spec) {
  return std::to_string(spec.min) + ".." + std::to_string(spec.max);
}

std::string type_text(const gambit_option_spec& spec) {
  switch (spec.type) {
    case GAMBIT_OPTION_INT: return "integer " + range_text(spec);
    case GAMBIT_OPTION_BOOL: return "true/false";
    case GAMBIT_OPTION_STRING: return "text";
    case GAMBIT_OPTION_CHOICE: return "one of " + joined(choices_of(spec));
    default: return "unknown type " + std::to_string(spec.type);
  }
}

Result<std::string> validate_integer(const gambit_option_spec& spec, std::string_view value) {
  const std::string_view digits = value.substr(!value.empty() && value[0] == '-' ? 1 : 0);
  if (digits.empty() || !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return Failure{option_label(spec) + " = " + quote_for_message(value) + " is not an integer (expected " +
                   range_text(spec) + ")"};
  std::int64_t number = 0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
  if (error == std::errc::result_out_of_range || number < spec.min || number > spec.max)
    return Failure{option_label(spec) + " = " + shown(value) + " is out of range " + range_text(spec)};
  if (error != std::errc() || end != value.data() + value.size())
    return Failure{option_label(spec) + " = " + quote_for_message(value) + " is not an integer"};
  return std::to_string(number);
}

}  // namespace

bool is_valid_utf8(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    const auto lead = static_cast<unsigned char>(text[i]);
    std::size_t length;
    std::uint32_t code;
    if (lead < 0x80) {
      ++i;
      continue;
    } else if (lead >= 0xC2 && lead <= 0xDF) {
      length = 2, code = lead & 0x1F;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      length = 3, code = lead & 0x0F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      length = 4, code = lead & 0x07;
    } else {
      return false;
    }
    if (text.size() - i < length) return false;
    for (std::size_t k = 1; k < length; ++k) {
      const auto next = static_cast<unsigned char>(text[i + k]);
      if ((next & 0xC0) != 0x80) return false;
      code = (code << 6) | (next & 0x3F);
    }
    const bool overlong = (length == 3 && code < 0x800) || (length == 4 && code < 0x10000);
    if (overlong || (code >= 0xD800 && code <= 0xDFFF) || code > 0x10FFFF) return false;
    i += length;
  }
  return true;
}

const gambit_option_spec* find_option(const gambit_plugin_descriptor& plugin, std::string_view name) {
  for (const gambit_option_spec& spec : options_of(plugin))
    if (spec.name && name == spec.name) return &spec;
  return nullptr;
}

const gambit_level* find_level(const gambit_plugin_descriptor& plugin, std::string_view name) {
  for (const gambit_level& level : levels_of(plugin))
    if (level.name && name == level.name) return &level;
  return nullptr;
}

std::string option_names(const gambit_plugin_descriptor& plugin) {
  std::vector<const char*> names;
  for (const gambit_option_spec& spec : options_of(plugin)) names.push_back(spec.name);
  return joined(names);
}

std::string level_names(const gambit_plugin_descriptor& plugin) {
  std::vector<const char*> names;
  for (const gambit_level& level : levels_of(plugin)) names.push_back(level.name);
  return joined(names);
}

Result<std::string> validate_option(const gambit_option_spec& spec, std::string_view value) {
  switch (spec.type) {
    case GAMBIT_OPTION_INT: return validate_integer(spec, value);
    case GAMBIT_OPTION_BOOL:
      if (value == "true" || value == "false") return std::string(value);
      return Failure{option_label(spec) + " = " + quote_for_message(value) +
                     " is not a boolean (expected true or false)"};
    case GAMBIT_OPTION_CHOICE:
      for (const char* choice : choices_of(spec))
        if (choice && value == choice) return std::string(value);
      return Failure{option_label(spec) + " = " + quote_for_message(value) + " is not one of " +
                     joined(choices_of(spec))};
    case GAMBIT_OPTION_STRING:
      if (value.find('\0') != std::string_view::npos)
        return Failure{option_label(spec) + " = " + quote_for_message(value) + " contains a NUL byte"};
      if (!is_valid_utf8(value))
        return Failure{option_label(spec) + " = " + quote_for_message(value) + " is not valid UTF-8"};
      return std::string(value);
    default:
      return Failure{option_label(spec) + " has an unknown type (" + std::to_string(spec.type) +
                     ") in the plugin's schema"};
  }
}

Result<OptionList> resolve_options(const gambit_plugin_descriptor& plugin, std::string_view level,
                                   const OptionList& user) {
  const std::string plugin_label = "plugin " + quote_for_message(text_of(plugin.id));
  OptionList resolved;
  auto set = [&resolved](const std::string& name, std::string value) {
    auto same = std::find_if(resolved.begin(), resolved.end(), [&](const auto& entry) { return entry.first == name; });
    if (same != resolved.end())
      same->second = std::move(value);
    else
      resolved.emplace_back(name, std::move(value));
  };

  if (!level.empty()) {
    const gambit_level* preset = find_level(plugin, level);
    if (!preset)
      return Failure{plugin_label + " has no level " + quote_for_message(level) + "; its levels are " +
                     level_names(plugin)};
    const std::string level_label = "level " + quote_for_message(level) + " of " + plugin_label;
    for (std::uint32_t i = 0; preset->settings && i < preset->setting_count; ++i) {
      const gambit_option_value& setting = preset->settings[i];
      const gambit_option_spec* spec = find_option(plugin, text_of(setting.name));
      if (!spec)
        return Failure{level_label + " sets an unknown option " + quote_for_message(text_of(setting.name))};
      Result<std::string> value = validate_option(*spec, text_of(setting.value));
      if (!value) return Failure{level_label + " is broken: " + value.error()};
      set(spec->name, std::move(value).value());
    }
  }

  for (std::size_t i = 0; i < user.size(); ++i) {
    const auto& [name, text] = user[i];
    const gambit_option_spec* spec = find_option(plugin, name);
    if (!spec)
      return Failure{plugin_label + " has no option " + quote_for_message(name) + "; its options are " +
                     option_names(plugin)};
    for (std::size_t k = 0; k < i; ++k)
      if (user[k].first == name) return Failure{option_label(*spec) + " is given twice"};
    Result<std::string> value = validate_option(*spec, text);
    if (!value) return Failure{value.error()};
    set(name, std::move(value).value());
  }
  return resolved;
}

Result<std::pair<std::string, std::string>> parse_option_assignment(std::string_view text) {
  const std::size_t equals = text.find('=');
  if (equals == std::string_view::npos)
    return Failure{"option " + quote_for_message(text) + " has no '='; expected NAME=VALUE"};
  if (equals == 0) return Failure{"option " + quote_for_message(text) + " has no name; expected NAME=VALUE"};
  return std::pair{std::string(text.substr(0, equals)), std::string(text.substr(equals + 1))};
}

std::string describe_options(const gambit_plugin_descriptor& plugin) {
  constexpr std::size_t NameWidth = 14;
  auto name_column = [](std::string_view name) {
    std::string out(2, ' ');
    out += shown(name);
    out.resize(std::max(out.size() + 1, NameWidth + 2), ' ');
    return out;
  };
  std::string out = "Options of ";
  out += shown(text_of(plugin.id));
  out += ":\n";
  if (options_of(plugin).empty()) out += "  (none)\n";
  for (const gambit_option_spec& spec : options_of(plugin)) {
    out += name_column(text_of(spec.name));
    out += type_text(spec);
    out += ", default ";
    out += text_of(spec.default_value).empty() ? "(empty)" : shown(text_of(spec.default_value));
    if (!text_of(spec.help).empty()) out.append(": ").append(text_of(spec.help));
    out += '\n';
  }
  if (levels_of(plugin).empty()) return out;
  out += "Levels:\n";
  for (const gambit_level& level : levels_of(plugin)) {
    out += name_column(text_of(level.name));
    for (std::uint32_t i = 0; level.settings && i < level.setting_count; ++i) {
      if (i) out += ' ';
      out.append(shown(text_of(level.settings[i].name))).append("=").append(shown(text_of(level.settings[i].value)));
    }
    if (!text_of(level.description).empty())
      out.append(level.setting_count ? ": " : "").append(text_of(level.description));
    out += '\n';
  }
  return out;
}

}  // namespace gambit::players
