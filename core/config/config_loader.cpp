// SPDX-License-Identifier: MIT
#include "core/config/config_loader.h"

#include "core/config/toml_guard.h"

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

std::string type_name(const toml::node& node) {
  switch (node.type()) {
    case toml::node_type::table: return "table";
    case toml::node_type::array: return "array";
    case toml::node_type::string: return "string";
    case toml::node_type::integer: return "integer";
    case toml::node_type::floating_point: return "float";
    case toml::node_type::boolean: return "boolean";
    case toml::node_type::date: return "date";
    case toml::node_type::time: return "time";
    case toml::node_type::date_time: return "date-time";
    default: return "nothing";
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

// Reads one parsed file into settings, applying the layering rules of config_loader.h.
class LayerReader {
 public:
  LayerReader(const std::string& file, Settings& settings) : file_(file), settings_(settings) {}

  std::optional<Failure> read(const toml::table& root) {
    for (const auto& [key, node] : in_file_order(root)) {
      std::optional<Failure> failure;
      if (key->str() == "white")
        failure = read_seat(*node, seat_key(chess::WHITE), settings_.white);
      else if (key->str() == "black")
        failure = read_seat(*node, seat_key(chess::BLACK), settings_.black);
      else if (key->str() == "game")
        failure = read_game(*node);
      else if (key->str() == "ui")
        failure = read_ui(*node);
      else if (key->str() == "clock")
        failure = read_clock(*node);
      else if (key->str() == "demo")
        failure = read_demo(*node);
      else if (key->str() == "hint")
        failure = read_seat(*node, std::string(HintKey), settings_.hint);
      else if (key->str() == "review")
        failure = read_review(*node);
      else if (key->str() == "store")
        failure = read_store(*node);
      else if (key->str() == "plugins")
        failure = read_plugins(*node);
      else
        failure = unknown_key(*key, "", "white, black, game, ui, clock, demo, hint, review, store or plugins");
      if (failure) return failure;
    }
    return check_clock();
  }

 private:
  SourcePlace place(const toml::source_region& region) const {
    return SourcePlace{file_, region.begin.line, region.begin.column};
  }

  Failure fail(const toml::source_region& region, const std::string& message) const {
    return Failure{place(region).prefix() + message};
  }

  Failure type_error(const toml::node& node, const std::string& key, std::string_view expected) const {
    return fail(node.source(), key + " must be " + std::string(expected) + ", got " + type_name(node));
  }

  Failure unknown_key(const toml::key& key, const std::string& parent, std::string_view expected) const {
    return fail(key.source(), "unknown key " + parent + key_text(key.str()) + "; expected " + std::string(expected));
  }

  // A string that is not empty, is UTF-8 and has no NUL character.
  Result<std::string> read_string(const toml::node& node, const std::string& key) const {
    const toml::value<std::string>* value = node.as_string();
    if (!value) return type_error(node, key, "a string");
    const std::string& text = value->get();
    if (text.empty()) return fail(node.source(), key + " must not be empty");
    if (!players::is_valid_utf8(text)) return fail(node.source(), key + " is not valid UTF-8");
    if (text.find('\0') != std::string::npos) return fail(node.source(), key + " must not contain a NUL character");
    return text;
  }

  // Sets target to the boolean node holds.
  std::optional<Failure> read_bool(const toml::node& node, const std::string& key, bool& target) {
    const toml::value<bool>* value = node.as_boolean();
    if (!value) return type_error(node, key, "a boolean");
    target = value->get();
    settings_.sources[key] = place(node.source());
    return std::nullopt;
  }

  // Sets target to the integer node holds, which must be in min..max.
  std::optional<Failure> read_int(const toml::node& node, const std::string& key, int min, int max, int& target) {
    const toml::value<std::int64_t>* value = node.as_integer();
    if (!value) return type_error(node, key, "an integer");
    const std::int64_t number = value->get();
    if (number < min || number > max)
      return fail(node.source(), key + " must be an integer in " + std::to_string(min) + ".." + std::to_string(max) +
                                     ", got " + std::to_string(number));
    target = static_cast<int>(number);
    settings_.sources[key] = place(node.source());
    return std::nullopt;
  }

  // Sets target to the string node holds, which must be one of names.
  template <std::size_t N>
  std::optional<Failure> read_name(const toml::node& node, const std::string& key,
                                   const std::array<std::string_view, N>& names, std::string& target) {
    Result<std::string> text = read_string(node, key);
    if (!text) return Failure{text.error()};
    if (std::find(names.begin(), names.end(), *text) == names.end()) {
      std::string list;
      for (std::size_t i = 0; i < N; ++i) list += (i ? ", " : "") + std::string(names[i]);
      return fail(node.source(), key + " must be one of " + list + ", got " + quote_for_message(*text));
    }
    target = std::move(text).value();
    settings_.sources[key] = place(node.source());
    return std::nullopt;
  }

  void forget_sources_under(const std::string& key) {
    const std::string prefix = key + ".";
    std::erase_if(settings_.sources, [&](const auto& entry) { return entry.first.starts_with(prefix); });
  }

  // A seat-shaped table ([white], [black], [demo.white], [demo.black], [hint],
  // [review]) at key; other_keys names the keys the table may hold besides
  // the seat's, for the message about an unknown one (the caller reads them).
  std::optional<Failure> read_seat(const toml::node& node, const std::string& key, SeatConfig& seat,
                                   std::span<const std::string_view> other_keys = {}) {
    const toml::table* table = node.as_table();
    if (!table) return type_error(node, key, "a table");

    if (const toml::node* player = table->get("player")) {
      Result<std::string> name = read_string(*player, key + ".player");
      if (!name) return Failure{name.error()};
      seat = SeatConfig{std::move(name).value(), "", {}};
      forget_sources_under(key);
      settings_.sources[key + ".player"] = place(player->source());
    }
    for (const auto& [name, value] : in_file_order(*table)) {
      if (name->str() == "player") continue;
      if (std::ranges::find(other_keys, name->str()) != other_keys.end()) continue;
      if (name->str() == "level") {
        Result<std::string> level = read_string(*value, key + ".level");
        if (!level) return Failure{level.error()};
        seat.level = renamed_level(seat.player, std::move(level).value());
        settings_.sources[key + ".level"] = place(value->source());
      } else if (name->str() == "isolation") {
        if (std::optional<Failure> failure = read_name(*value, key + ".isolation", IsolationModes, seat.isolation))
          return failure;
      } else if (name->str() == "options") {
        if (std::optional<Failure> failure = read_options(*value, key, seat.options)) return failure;
      } else if (name->str() == "permissions") {
        if (std::optional<Failure> failure = read_permission_list(*value, key + ".permissions", seat.permissions.emplace()))
          return failure;
      } else {
        std::string expected = "player, level, options, isolation";
        for (const std::string_view other : other_keys) expected += ", " + std::string(other);
        return unknown_key(*name, key + ".", expected + " or permissions");
      }
    }
    return std::nullopt;
  }

  std::optional<Failure> read_options(const toml::node& node, const std::string& seat, players::OptionList& options) {
    const toml::table* table = node.as_table();
    if (!table) return type_error(node, seat + ".options", "a table");
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
        return type_error(*value, key, "an integer, a boolean or a string");
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

  std::optional<Failure> read_ui(const toml::node& node) {
    const toml::table* table = node.as_table();
    if (!table) return type_error(node, "ui", "a table");
    UiSettings& ui = settings_.ui;
    for (const auto& [name, value] : in_file_order(*table)) {
      const std::string key = "ui." + std::string(name->str());
      std::optional<Failure> failure;
      if (name->str() == "show_legal_moves")
        failure = read_bool(*value, key, ui.show_legal_moves);
      else if (name->str() == "show_ai_arrow")
        failure = read_bool(*value, key, ui.show_ai_arrow);
      else if (name->str() == "sounds")
        failure = read_bool(*value, key, ui.sounds);
      else if (name->str() == "theme")
        failure = read_name(*value, key, BoardThemes, ui.theme);
      else if (name->str() == "piece_set")
        failure = read_name(*value, key, PieceSets, ui.piece_set);
      else if (name->str() == "animation_ms")
        failure = read_int(*value, key, 0, MaxAnimationMs, ui.animation_ms);
      else
        failure =
            unknown_key(*name, "ui.", "show_legal_moves, show_ai_arrow, sounds, theme, piece_set or animation_ms");
      if (failure) return failure;
    }
    return std::nullopt;
  }

  std::optional<Failure> read_game(const toml::node& node) {
    const toml::table* table = node.as_table();
    if (!table) return type_error(node, "game", "a table");
    for (const auto& [name, value] : in_file_order(*table)) {
      std::optional<Failure> failure;
      if (name->str() == "variant") failure = read_name(*value, "game.variant", GameVariants, settings_.game.variant);
      else if (name->str() == "random_colours")
        failure = read_bool(*value, "game.random_colours", settings_.game.random_colours);
      else failure = unknown_key(*name, "game.", "variant or random_colours");
      if (failure) return failure;
    }
    return std::nullopt;
  }

  std::optional<Failure> read_clock(const toml::node& node) {
    const toml::table* table = node.as_table();
    if (!table) return type_error(node, "clock", "a table");
    for (const auto& [name, value] : in_file_order(*table)) {
      std::optional<Failure> failure;
      if (name->str() == "minutes") {
        failure = read_int(*value, "clock.minutes", 0, MaxClockMinutes, settings_.clock.minutes);
        minutes_set_ = true;
      } else if (name->str() == "increment_seconds") {
        failure =
            read_int(*value, "clock.increment_seconds", 0, MaxIncrementSeconds, settings_.clock.increment_seconds);
        increment_set_ = true;
      } else {
        failure = unknown_key(*name, "clock.", "minutes or increment_seconds");
      }
      if (failure) return failure;
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
    if (minutes_set_ && !increment_set_)
      return Failure{prefix_of("clock.minutes") + "clock.minutes must be 1.." + std::to_string(MaxClockMinutes) +
                     " while clock.increment_seconds is " + increment + " (an increment needs a clock)"};
    return Failure{prefix_of("clock.increment_seconds") +
                   "clock.increment_seconds must be 0 when clock.minutes is 0 (no clock), got " + increment};
  }

  // The place key was read, as a message prefix ("" when unknown).
  std::string prefix_of(std::string_view key) const {
    auto source = settings_.sources.find(key);
    return source == settings_.sources.end() ? std::string() : source->second.prefix();
  }

  std::optional<Failure> read_demo(const toml::node& node) {
    const toml::table* table = node.as_table();
    if (!table) return type_error(node, "demo", "a table");
    for (const auto& [name, value] : in_file_order(*table)) {
      std::optional<Failure> failure;
      if (name->str() == "move_delay_ms")
        failure = read_int(*value, "demo.move_delay_ms", 0, MaxDemoMoveDelayMs, settings_.demo.move_delay_ms);
      else if (name->str() == "white")
        failure = read_seat(*value, demo_seat_key(chess::WHITE), settings_.demo.white);
      else if (name->str() == "black")
        failure = read_seat(*value, demo_seat_key(chess::BLACK), settings_.demo.black);
      else
        failure = unknown_key(*name, "demo.", "move_delay_ms, white or black");
      if (failure) return failure;
    }
    return std::nullopt;
  }

  std::optional<Failure> read_review(const toml::node& node) {
    const std::string key(ReviewKey);
    static constexpr std::array<std::string_view, 3> Budget = {"nodes", "movetime_ms", "jobs"};
    if (auto failure = read_seat(node, key, settings_.review.analyser, Budget)) return failure;
    ReviewSettings& review = settings_.review;
    for (const auto& [name, value] : in_file_order(*node.as_table())) {
      std::optional<Failure> failure;
      if (name->str() == "nodes") failure = read_int(*value, key + ".nodes", 1, MaxReviewNodes, review.nodes);
      else if (name->str() == "movetime_ms")
        failure = read_int(*value, key + ".movetime_ms", 0, MaxReviewMovetimeMs, review.movetime_ms);
      else if (name->str() == "jobs") failure = read_int(*value, key + ".jobs", 1, MaxReviewJobs, review.jobs);
      if (failure) return failure;
    }
    return std::nullopt;
  }

  std::optional<Failure> read_store(const toml::node& node) {
    const toml::table* table = node.as_table();
    if (!table) return type_error(node, "store", "a table");
    for (const auto& [name, value] : in_file_order(*table)) {
      const std::string key = "store." + std::string(name->str());
      if (name->str() != "path" && name->str() != "profile") return unknown_key(*name, "store.", "path or profile");
      Result<std::string> text = read_string(*value, key);
      if (!text) return Failure{text.error()};
      if (name->str() == "path") {
        settings_.store.path = fs::path(file_).parent_path() / fs::path(std::move(text).value());
      } else {
        if (text.value().size() > MaxProfileLength)
          return fail(value->source(), key + " must be at most " + std::to_string(MaxProfileLength) + " bytes long");
        settings_.store.profile = std::move(text).value();
      }
      settings_.sources[key] = place(value->source());
    }
    return std::nullopt;
  }

  // A list of permissions granted at key: ["run-program", ...].
  std::optional<Failure> read_permission_list(const toml::node& node, const std::string& key,
                                              std::vector<std::string>& granted) {
    const toml::array* array = node.as_array();
    if (!array) return type_error(node, key, "an array of permission names");
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

  // [plugins.permissions]: plugin id = ["run-program", ...].
  std::optional<Failure> read_permissions(const toml::node& node) {
    const toml::table* table = node.as_table();
    if (!table) return type_error(node, "plugins.permissions", "a table");
    for (const auto& [id, value] : in_file_order(*table)) {
      std::vector<std::string> granted;
      if (auto failure = read_permission_list(*value, "plugins.permissions." + key_text(id->str()), granted))
        return failure;
      settings_.plugin_permissions[std::string(id->str())] = std::move(granted);
    }
    return std::nullopt;
  }

  std::optional<Failure> read_plugins(const toml::node& node) {
    const toml::table* table = node.as_table();
    if (!table) return type_error(node, "plugins", "a table");
    for (const auto& [name, value] : in_file_order(*table)) {
      if (name->str() == "isolation") {
        if (auto failure = read_name(*value, "plugins.isolation", IsolationModes, settings_.isolation)) return failure;
        continue;
      }
      if (name->str() == "memory_limit_mb") {
        if (auto failure = read_int(*value, "plugins.memory_limit_mb", MinMemoryLimitMb, MaxMemoryLimitMb,
                                    settings_.memory_limit_mb))
          return failure;
        continue;
      }
      if (name->str() == "sandbox") {
        if (auto failure = read_name(*value, "plugins.sandbox", SandboxModes, settings_.sandbox)) return failure;
        continue;
      }
      if (name->str() == "permissions") {
        if (auto failure = read_permissions(*value)) return failure;
        continue;
      }
      if (name->str() != "paths")
        return unknown_key(*name, "plugins.", "paths, isolation, memory_limit_mb, sandbox or permissions");
      const toml::array* array = value->as_array();
      if (!array) return type_error(*value, "plugins.paths", "an array of strings");
      std::vector<fs::path> paths;
      for (std::size_t i = 0; i < array->size(); ++i) {
        Result<std::string> path = read_string(*array->get(i), "plugins.paths[" + std::to_string(i) + "]");
        if (!path) return Failure{path.error()};
        paths.push_back(fs::path(file_).parent_path() / fs::path(std::move(path).value()));
      }
      settings_.plugin_paths = std::move(paths);
      settings_.sources["plugins.paths"] = place(value->source());
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
  if (!fs::exists(status)) return Failure{name + ": configuration file not found"};
  if (!fs::is_regular_file(status)) return Failure{name + ": is not a regular file"};
  const std::uintmax_t size = fs::file_size(file, error);
  if (!error && size > MaxConfigFileBytes)
    return Failure{name + ": is " + std::to_string(size) + " bytes; a configuration file may have at most " +
                   std::to_string(MaxConfigFileBytes)};

  std::ifstream in(file, std::ios::binary);
  if (!in) return Failure{name + ": cannot be opened (" + std::strerror(errno) + ")"};
  std::string text;
  text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  if (in.bad()) return Failure{name + ": cannot be read (" + std::strerror(errno) + ")"};
  if (text.size() > MaxConfigFileBytes)
    return Failure{name + ": has more than " + std::to_string(MaxConfigFileBytes) +
                   " bytes; too large to be a configuration file"};
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
