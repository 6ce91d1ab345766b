// SPDX-License-Identifier: MIT
#include "core/config/config_loader.h"

#include "core/config/setting_table.h"
#include "core/config/toml_guard.h"
#include "core/util/translation.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <span>
#include <system_error>

namespace gambit::config {

namespace fs = std::filesystem;

namespace {

// The kind of value a node holds, in the words that end "x must be a table, got {type}".
std::string type_name(const toml::node& node) {
  switch (node.type()) {
    case toml::node_type::table: return trc("TOML value type", "table");
    case toml::node_type::array: return trc("TOML value type", "array");
    case toml::node_type::string: return trc("TOML value type", "string");
    case toml::node_type::integer: return trc("TOML value type", "integer");
    case toml::node_type::floating_point: return trc("TOML value type", "float");
    case toml::node_type::boolean: return trc("TOML value type", "boolean");
    case toml::node_type::date: return trc("TOML value type", "date");
    case toml::node_type::time: return trc("TOML value type", "time");
    case toml::node_type::date_time: return trc("TOML value type", "date-time");
    default: return trc("TOML value type", "nothing");
  }
}

bool before(const toml::source_region& a, const toml::source_region& b) {
  return a.begin.line != b.begin.line ? a.begin.line < b.begin.line : a.begin.column < b.begin.column;
}

// A table's entries in the order the file wrote them (toml::table sorts by key),
// so the first error reported is the first one in the file.
std::vector<std::pair<const toml::key*, const toml::node*>> in_file_order(const toml::table& table) {
  std::vector<std::pair<const toml::key*, const toml::node*>> entries;
  for (auto&& [key, node] : table) entries.emplace_back(&key, &node);
  std::stable_sort(entries.begin(), entries.end(),
                   [](const auto& a, const auto& b) { return before(a.first->source(), b.first->source()); });
  return entries;
}

// Reads one parsed file into settings, applying the layering rules of
// config_loader.h; which keys exist, their types and ranges come from the
// settings table (setting_table.h).
class LayerReader {
 public:
  LayerReader(const std::string& file, Settings& settings) : file_(file), settings_(settings) {}

  std::optional<Failure> read(const toml::table& root) {
    for (const auto& [key, node] : in_file_order(root))
      if (std::optional<Failure> failure = read_entry(*key, *node, "")) return failure;
    return check_clock();
  }

 private:
  SourcePlace place(const toml::source_region& region) const {
    return SourcePlace{file_, region.begin.line, region.begin.column};
  }

  Failure fail(const toml::source_region& region, const std::string& message) const {
    return Failure{place(region).prefix() + message};
  }

  // pattern: the sentence with {key} (the setting's dotted key) and {type} (what the node holds, type_name).
  Failure type_error(const toml::node& node, const std::string& key, const char* pattern) const {
    return fail(node.source(), fill(pattern, {{"key", key}, {"type", type_name(node)}}));
  }

  Failure unknown_key(const toml::key& key, const std::string& parent, std::string_view expected) const {
    // TRANSLATORS: {key} is a dotted key of the configuration file ("ui.colour"); {keys} the keys it may have
    // ("white, black, game or ui"). Keys are not translated.
    return fail(key.source(), fill(tr("unknown key {key}; expected {keys}"),
                                   {{"key", parent + key_text(key.str())}, {"keys", std::string(expected)}}));
  }

  // One key of the table at section ("" for the file's top level): a setting
  // of the table, or (at the top) a section of them.
  std::optional<Failure> read_entry(const toml::key& key, const toml::node& node, std::string_view section) {
    const std::string name(key.str());
    const std::string dotted = section.empty() ? name : std::string(section) + "." + name;
    // A quoted key with a dot, or an empty one, is a key of its own.
    const bool plain = !name.empty() && name.find('.') == std::string::npos;
    if (const SettingSpec* spec = plain ? find_setting(dotted) : nullptr) return read_setting(*spec, node);
    if (plain && section.empty() && !keys_under(dotted).empty()) return read_section(node, dotted);
    const std::vector<std::string_view> expected = keys_under(section);
    return unknown_key(key, section.empty() ? std::string() : std::string(section) + ".", listed(expected));
  }

  std::optional<Failure> read_section(const toml::node& node, const std::string& section) {
    const toml::table* table = node.as_table();
    // TRANSLATORS: {key} is a key of the configuration file; {type} what it holds instead ("integer", "string").
    if (!table) return type_error(node, section, tr("{key} must be a table, got {type}"));
    for (const auto& [key, value] : in_file_order(*table))
      if (std::optional<Failure> failure = read_entry(*key, *value, section)) return failure;
    return std::nullopt;
  }

  std::optional<Failure> read_setting(const SettingSpec& spec, const toml::node& node) {
    const std::string key(spec.key);
    const SettingValue target = spec.value(settings_);
    switch (spec.type) {
      case SettingType::Boolean: return read_bool(node, key, *std::get<bool*>(target));
      case SettingType::Integer:
        minutes_set_ = minutes_set_ || spec.key == ClockMinutesKey;
        increment_set_ = increment_set_ || spec.key == ClockIncrementKey;
        return read_int(node, key, int(spec.min), int(spec.max), *std::get<int*>(target));
      case SettingType::Choice: return read_name(node, key, spec.choices, *std::get<std::string*>(target));
      case SettingType::Text: {
        Result<std::string> text = read_string(node, key);
        if (!text) return Failure{text.error()};
        if (spec.max_length > 0 && text.value().size() > spec.max_length)
          return fail(node.source(), fill(trn("{key} must be at most {n} byte long",
                                              "{key} must be at most {n} bytes long", spec.max_length),
                                          {{"key", key}, {"n", std::to_string(spec.max_length)}}));
        *std::get<std::string*>(target) = std::move(text).value();
        break;
      }
      case SettingType::Path: {
        Result<std::string> text = read_string(node, key);
        if (!text) return Failure{text.error()};
        *std::get<fs::path*>(target) = fs::path(file_).parent_path() / fs::path(std::move(text).value());
        break;
      }
      case SettingType::PathList: {
        const toml::array* array = node.as_array();
        if (!array) return type_error(node, key, tr("{key} must be an array of strings, got {type}"));
        std::vector<fs::path> paths;
        for (std::size_t i = 0; i < array->size(); ++i) {
          Result<std::string> path = read_string(*array->get(i), key + "[" + std::to_string(i) + "]");
          if (!path) return Failure{path.error()};
          paths.push_back(fs::path(file_).parent_path() / fs::path(std::move(path).value()));
        }
        *std::get<std::vector<fs::path>*>(target) = std::move(paths);
        break;
      }
      case SettingType::Seat: return read_seat(node, key, *std::get<SeatConfig*>(target));
      case SettingType::Permissions: return read_permissions(node, key, *std::get<PermissionMap*>(target));
    }
    settings_.sources[key] = place(node.source());
    return std::nullopt;
  }

  // A string that is not empty, is UTF-8 and has no NUL character.
  Result<std::string> read_string(const toml::node& node, const std::string& key) const {
    const toml::value<std::string>* value = node.as_string();
    if (!value) return type_error(node, key, tr("{key} must be a string, got {type}"));
    const std::string& text = value->get();
    if (text.empty()) return fail(node.source(), fill(tr("{key} must not be empty"), {{"key", key}}));
    if (!players::is_valid_utf8(text)) return fail(node.source(), fill(tr("{key} is not valid UTF-8"), {{"key", key}}));
    if (text.find('\0') != std::string::npos)
      return fail(node.source(), fill(tr("{key} must not contain a NUL character"), {{"key", key}}));
    return text;
  }

  // Sets target to the boolean node holds.
  std::optional<Failure> read_bool(const toml::node& node, const std::string& key, bool& target) {
    const toml::value<bool>* value = node.as_boolean();
    if (!value) return type_error(node, key, tr("{key} must be a boolean, got {type}"));
    target = value->get();
    settings_.sources[key] = place(node.source());
    return std::nullopt;
  }

  // Sets target to the integer node holds, which must be in min..max.
  std::optional<Failure> read_int(const toml::node& node, const std::string& key, int min, int max, int& target) {
    const toml::value<std::int64_t>* value = node.as_integer();
    if (!value) return type_error(node, key, tr("{key} must be an integer, got {type}"));
    const std::int64_t number = value->get();
    if (number < min || number > max)
      return fail(node.source(), fill(tr("{key} must be an integer in {min}..{max}, got {value}"),
                                      {{"key", key},
                                       {"min", std::to_string(min)},
                                       {"max", std::to_string(max)},
                                       {"value", std::to_string(number)}}));
    target = static_cast<int>(number);
    settings_.sources[key] = place(node.source());
    return std::nullopt;
  }

  // Sets target to the string node holds, which must be one of names.
  std::optional<Failure> read_name(const toml::node& node, const std::string& key,
                                   std::span<const std::string_view> names, std::string& target) {
    Result<std::string> text = read_string(node, key);
    if (!text) return Failure{text.error()};
    if (std::find(names.begin(), names.end(), *text) == names.end()) {
      std::string list;
      for (std::size_t i = 0; i < names.size(); ++i) list += (i ? ", " : "") + std::string(names[i]);
      // TRANSLATORS: {choices} lists the values allowed, as the file writes them ("green, brown, blue, grey").
      return fail(node.source(), fill(tr("{key} must be one of {choices}, got {value}"),
                                      {{"key", key}, {"choices", list}, {"value", quote_for_message(*text)}}));
    }
    target = std::move(text).value();
    settings_.sources[key] = place(node.source());
    return std::nullopt;
  }

  void forget_sources_under(const std::string& key) {
    const std::string prefix = key + ".";
    std::erase_if(settings_.sources, [&](const auto& entry) { return entry.first.starts_with(prefix); });
  }

  // A seat's table at key ([white], [demo.black], [hint], [review], ...): the
  // seat's own keys (SeatKeys), and the settings the table lists under key
  // (review's budget).
  std::optional<Failure> read_seat(const toml::node& node, const std::string& key, SeatConfig& seat) {
    const toml::table* table = node.as_table();
    if (!table) return type_error(node, key, tr("{key} must be a table, got {type}"));
    const std::vector<std::string_view> own = keys_under(key);

    if (const toml::node* player = table->get(PlayerKey)) {
      Result<std::string> name = read_string(*player, key + "." + std::string(PlayerKey));
      if (!name) return Failure{name.error()};
      seat = SeatConfig{std::move(name).value(), "", {}};
      forget_sources_under(key);
      settings_.sources[key + "." + std::string(PlayerKey)] = place(player->source());
    }
    for (const auto& [name, value] : in_file_order(*table)) {
      const std::string_view word = name->str();
      const std::string dotted = key + "." + std::string(word);
      std::optional<Failure> failure;
      if (word == PlayerKey || std::ranges::find(own, word) != own.end()) continue;  // own: below
      if (word == LevelKey) {
        Result<std::string> level = read_string(*value, dotted);
        if (!level) return Failure{level.error()};
        seat.level = renamed_level(seat.player, std::move(level).value());
        settings_.sources[dotted] = place(value->source());
      } else if (word == IsolationKey) {
        failure = read_name(*value, dotted, IsolationModes, seat.isolation);
      } else if (word == OptionsKey) {
        failure = read_options(*value, key, seat.options);
      } else if (word == PermissionsKey) {
        failure = read_permission_list(*value, dotted, seat.permissions.emplace());
      } else {
        // The seat's keys, then the table's own, with its permissions last.
        std::vector<std::string_view> expected(SeatKeys.begin(), SeatKeys.end() - 1);
        expected.insert(expected.end(), own.begin(), own.end());
        expected.push_back(PermissionsKey);
        return unknown_key(*name, key + ".", listed(expected));
      }
      if (failure) return failure;
    }
    // The table's own settings under the seat (review's budget), once the seat is read.
    for (const auto& [name, value] : in_file_order(*table))
      if (std::ranges::find(own, name->str()) != own.end())
        if (auto failure = read_setting(*find_setting(sub_key(key, name->str())), *value)) return failure;
    return std::nullopt;
  }

  std::optional<Failure> read_options(const toml::node& node, const std::string& seat, players::OptionList& options) {
    const toml::table* table = node.as_table();
    if (!table) return type_error(node, seat + "." + std::string(OptionsKey), tr("{key} must be a table, got {type}"));
    for (const auto& [name, value] : in_file_order(*table)) {
      const std::string key = option_key(seat, name->str());
      std::string text;
      if (const auto* integer = value->as_integer()) {
        text = std::to_string(integer->get());
      } else if (const auto* boolean = value->as_boolean()) {
        text = boolean->get() ? "true" : "false";
      } else if (value->is_string()) {
        Result<std::string> string = read_string(*value, key);
        if (!string) return Failure{string.error()};
        text = std::move(string).value();
      } else {
        return type_error(*value, key, tr("{key} must be an integer, a boolean or a string, got {type}"));
      }
      const std::string_view option = name->str();  // clang before 16 cannot capture a structured binding
      auto same = std::find_if(options.begin(), options.end(), [option](const auto& o) { return o.first == option; });
      if (same != options.end())
        same->second = std::move(text);
      else
        options.emplace_back(std::string(option), std::move(text));
      settings_.sources[key] = place(value->source());
    }
    return std::nullopt;
  }

  // An increment needs a clock. Checked once the whole file is read, since a
  // file may set either key over the other from the file below; the message
  // points at the key this file set (the increment when it set both).
  std::optional<Failure> check_clock() const {
    const ClockSettings& clock = settings_.clock;
    if (clock.enabled() || clock.increment_seconds == 0) return std::nullopt;
    const std::string increment = std::to_string(clock.increment_seconds);
    const std::string minutes_key(ClockMinutesKey), increment_key(ClockIncrementKey);
    if (minutes_set_ && !increment_set_)
      return Failure{prefix_of(minutes_key) +
                     fill(tr("{minutes_key} must be 1..{max} while {increment_key} is {increment} "
                             "(an increment needs a clock)"),
                          {{"minutes_key", minutes_key},
                           {"max", std::to_string(MaxClockMinutes)},
                           {"increment_key", increment_key},
                           {"increment", increment}})};
    return Failure{prefix_of(increment_key) +
                   fill(tr("{increment_key} must be 0 when {minutes_key} is 0 (no clock), got {increment}"),
                        {{"increment_key", increment_key}, {"minutes_key", minutes_key}, {"increment", increment}})};
  }

  // The place key was read, as a message prefix ("" when unknown).
  std::string prefix_of(std::string_view key) const {
    auto source = settings_.sources.find(key);
    return source == settings_.sources.end() ? std::string() : source->second.prefix();
  }

  // A list of permissions granted at key: ["run-program", ...].
  std::optional<Failure> read_permission_list(const toml::node& node, const std::string& key,
                                              std::vector<std::string>& granted) {
    const toml::array* array = node.as_array();
    if (!array) return type_error(node, key, tr("{key} must be an array of permission names, got {type}"));
    granted.clear();
    for (std::size_t i = 0; i < array->size(); ++i) {
      std::string name;
      if (auto failure = read_name(*array->get(i), key + "[" + std::to_string(i) + "]", PermissionNames, name))
        return failure;
      granted.push_back(std::move(name));
    }
    settings_.sources[key] = place(node.source());
    return std::nullopt;
  }

  // [plugins.permissions] at key: plugin id = ["run-program", ...].
  std::optional<Failure> read_permissions(const toml::node& node, const std::string& key, PermissionMap& permissions) {
    const toml::table* table = node.as_table();
    if (!table) return type_error(node, key, tr("{key} must be a table, got {type}"));
    for (const auto& [id, value] : in_file_order(*table)) {
      std::vector<std::string> granted;
      if (auto failure = read_permission_list(*value, key + "." + key_text(id->str()), granted)) return failure;
      permissions[std::string(id->str())] = std::move(granted);
    }
    return std::nullopt;
  }

  const std::string& file_;
  Settings& settings_;
  bool minutes_set_ = false;    // this file sets clock.minutes
  bool increment_set_ = false;  // this file sets clock.increment_seconds
};

}  // namespace

Result<Settings> parse_config(std::string_view text, const std::string& file_name, const Settings& base) {
  Result<toml::table> root = parse_toml(text, file_name);
  if (!root) return Failure{root.error()};
  Settings settings = base;
  if (std::optional<Failure> failure = LayerReader(file_name, settings).read(root.value())) return *failure;
  return settings;
}

Result<Settings> load_config_file(const fs::path& file, const Settings& base) {
  const std::string name = file.string();
  std::error_code error;
  const fs::file_status status = fs::status(file, error);
  if (!fs::exists(status)) return Failure{fill(tr("{path}: configuration file not found"), {{"path", name}})};
  if (!fs::is_regular_file(status)) return Failure{fill(tr("{path}: is not a regular file"), {{"path", name}})};
  const std::uintmax_t size = fs::file_size(file, error);
  if (!error && size > MaxConfigFileBytes)
    return Failure{
        fill(trn("{path}: is {n} byte; a configuration file may have at most {max}",
                 "{path}: is {n} bytes; a configuration file may have at most {max}", static_cast<unsigned long>(size)),
             {{"path", name}, {"n", std::to_string(size)}, {"max", std::to_string(MaxConfigFileBytes)}})};

  std::ifstream in(file, std::ios::binary);
  // TRANSLATORS: {reason} is the system's words for the error ("Permission denied").
  if (!in)
    return Failure{fill(tr("{path}: cannot be opened ({reason})"), {{"path", name}, {"reason", std::strerror(errno)}})};
  std::string text;
  text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  if (in.bad())
    return Failure{fill(tr("{path}: cannot be read ({reason})"), {{"path", name}, {"reason", std::strerror(errno)}})};
  if (text.size() > MaxConfigFileBytes)
    return Failure{fill(trn("{path}: has more than {n} byte; too large to be a configuration file",
                            "{path}: has more than {n} bytes; too large to be a configuration file",
                            static_cast<unsigned long>(MaxConfigFileBytes)),
                        {{"path", name}, {"n", std::to_string(MaxConfigFileBytes)}})};
  return parse_config(text, name, base);
}

Result<Settings> load_settings(const ConfigFiles& files) {
  if (files.replacement) return load_config_file(*files.replacement);
  Settings settings;
  std::error_code error;
  for (const fs::path* file : {&files.default_file, files.user_file ? &*files.user_file : nullptr}) {
    if (!file || file->empty() || !fs::exists(*file, error)) continue;
    Result<Settings> layered = load_config_file(*file, settings);
    if (!layered) return layered;
    settings = std::move(layered).value();
  }
  return settings;
}

}  // namespace gambit::config
