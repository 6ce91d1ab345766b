// SPDX-License-Identifier: MIT
#include "core/players/options.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <span>

#include "core/util/translation.h"

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

// The option's name for a message, quoted: {option} in "option {option} = {value} is ...".
std::string option_label(const gambit_option_spec& spec) { return quote_for_message(text_of(spec.name)); }

std::string joined(std::span<const char* const> names) {
  std::string out;
  for (const char* name : names) out += (out.empty() ? "" : ", ") + shown(text_of(name));
  // TRANSLATORS: a plugin's list of options or levels when it has none: "its options are none".
  return out.empty() ? trc("an empty list of options or levels", "none") : out;
}

std::string range_text(const gambit_option_spec& spec) {
  return std::to_string(spec.min) + ".." + std::to_string(spec.max);
}

// A message about the option's value: pattern with {option} and {value} (and {range}: the option's range).
std::string about_value(const char* pattern, const gambit_option_spec& spec, const std::string& value) {
  return fill(pattern, {{"option", option_label(spec)}, {"value", value}, {"range", range_text(spec)}});
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
    // TRANSLATORS: {option} is a player plugin's option, quoted ('depth'); {value} the value given, quoted; {range}
    // the values allowed ("1..6").
    return Failure{about_value(tr("option {option} = {value} is not an integer (expected {range})"), spec,
                               quote_for_message(value))};
  std::int64_t number = 0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
  if (error == std::errc::result_out_of_range || number < spec.min || number > spec.max)
    return Failure{about_value(tr("option {option} = {value} is out of range {range}"), spec, shown(value))};
  if (error != std::errc() || end != value.data() + value.size())
    return Failure{about_value(tr("option {option} = {value} is not an integer"), spec, quote_for_message(value))};
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
      return Failure{about_value(tr("option {option} = {value} is not a boolean (expected true or false)"), spec,
                                 quote_for_message(value))};
    case GAMBIT_OPTION_CHOICE:
      for (const char* choice : choices_of(spec))
        if (choice && value == choice) return std::string(value);
      // TRANSLATORS: {choices} lists the option's values ("fast, solid").
      return Failure{fill(tr("option {option} = {value} is not one of {choices}"),
                          {{"option", option_label(spec)},
                           {"value", quote_for_message(value)},
                           {"choices", joined(choices_of(spec))}})};
    case GAMBIT_OPTION_STRING:
      if (value.find('\0') != std::string_view::npos)
        return Failure{
            about_value(tr("option {option} = {value} contains a NUL byte"), spec, quote_for_message(value))};
      if (!is_valid_utf8(value))
        return Failure{about_value(tr("option {option} = {value} is not valid UTF-8"), spec, quote_for_message(value))};
      return std::string(value);
    default:
      return Failure{fill(tr("option {option} has an unknown type ({type}) in the plugin's schema"),
                          {{"option", option_label(spec)}, {"type", std::to_string(spec.type)}})};
  }
}

Result<OptionList> resolve_options(const gambit_plugin_descriptor& plugin, std::string_view level,
                                   const OptionList& user) {
  const std::string plugin_label = quote_for_message(text_of(plugin.id));
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
      return Failure{
          fill(tr("plugin {plugin} has no level {level}; its levels are {levels}"),
               {{"plugin", plugin_label}, {"level", quote_for_message(level)}, {"levels", level_names(plugin)}})};
    for (std::uint32_t i = 0; preset->settings && i < preset->setting_count; ++i) {
      const gambit_option_value& setting = preset->settings[i];
      const gambit_option_spec* spec = find_option(plugin, text_of(setting.name));
      if (!spec)
        // TRANSLATORS: {level} is a level's name, quoted ('hard'); {plugin} a player plugin's id, quoted.
        return Failure{fill(tr("level {level} of plugin {plugin} sets an unknown option {option}"),
                            {{"level", quote_for_message(level)},
                             {"plugin", plugin_label},
                             {"option", quote_for_message(text_of(setting.name))}})};
      Result<std::string> value = validate_option(*spec, text_of(setting.value));
      if (!value)
        return Failure{
            // TRANSLATORS: {reason} is what is wrong with one of the level's option values.
            fill(tr("level {level} of plugin {plugin} is broken: {reason}"),
                 {{"level", quote_for_message(level)}, {"plugin", plugin_label}, {"reason", value.error()}})};
      set(spec->name, std::move(value).value());
    }
  }

  for (std::size_t i = 0; i < user.size(); ++i) {
    const auto& [name, text] = user[i];
    const gambit_option_spec* spec = find_option(plugin, name);
    if (!spec)
      return Failure{
          fill(tr("plugin {plugin} has no option {option}; its options are {options}"),
               {{"plugin", plugin_label}, {"option", quote_for_message(name)}, {"options", option_names(plugin)}})};
    for (std::size_t k = 0; k < i; ++k)
      if (user[k].first == name)
        return Failure{fill(tr("option {option} is given twice"), {{"option", option_label(*spec)}})};
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
