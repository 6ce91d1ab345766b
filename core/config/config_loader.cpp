#include "core/config/config_loader.h"

#include <toml++/toml.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
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
        failure = read_seat(*node, chess::WHITE);
      else if (key->str() == "black")
        failure = read_seat(*node, chess::BLACK);
      else if (key->str() == "plugins")
        failure = read_plugins(*node);
      else
        failure = unknown_key(*key, "", "white, black or plugins");
      if (failure) return failure;
    }
    return std::nullopt;
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

  void forget_sources_under(const std::string& key) {
    const std::string prefix = key + ".";
    std::erase_if(settings_.sources, [&](const auto& entry) { return entry.first.starts_with(prefix); });
  }

  std::optional<Failure> read_seat(const toml::node& node, chess::Color side) {
    const std::string key = seat_key(side);
    const toml::table* table = node.as_table();
    if (!table) return type_error(node, key, "a table");
    SeatConfig& seat = settings_.seat(side);

    if (const toml::node* player = table->get("player")) {
      Result<std::string> name = read_string(*player, key + ".player");
      if (!name) return Failure{name.error()};
      seat = SeatConfig{std::move(name).value(), "", {}};
      forget_sources_under(key);
      settings_.sources[key + ".player"] = place(player->source());
    }
    for (const auto& [name, value] : in_file_order(*table)) {
      if (name->str() == "player") continue;
      if (name->str() == "level") {
        Result<std::string> level = read_string(*value, key + ".level");
        if (!level) return Failure{level.error()};
        seat.level = std::move(level).value();
        settings_.sources[key + ".level"] = place(value->source());
      } else if (name->str() == "options") {
        if (std::optional<Failure> failure = read_options(*value, side)) return failure;
      } else {
        return unknown_key(*name, key + ".", "player, level or options");
      }
    }
    return std::nullopt;
  }

  std::optional<Failure> read_options(const toml::node& node, chess::Color side) {
    const toml::table* table = node.as_table();
    if (!table) return type_error(node, seat_key(side) + ".options", "a table");
    players::OptionList& options = settings_.seat(side).options;
    for (const auto& [name, value] : in_file_order(*table)) {
      const std::string key = option_key(side, name->str());
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
      auto same = std::find_if(options.begin(), options.end(), [&](const auto& o) { return o.first == name->str(); });
      if (same != options.end())
        same->second = std::move(text);
      else
        options.emplace_back(std::string(name->str()), std::move(text));
      settings_.sources[key] = place(value->source());
    }
    return std::nullopt;
  }

  std::optional<Failure> read_plugins(const toml::node& node) {
    const toml::table* table = node.as_table();
    if (!table) return type_error(node, "plugins", "a table");
    for (const auto& [name, value] : in_file_order(*table)) {
      if (name->str() != "paths") return unknown_key(*name, "plugins.", "paths");
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
};

}  // namespace

Result<Settings> parse_config(std::string_view text, const std::string& file_name, const Settings& base) {
  toml::table root;
  try {
    root = toml::parse(text, std::string_view(file_name));
  } catch (const toml::parse_error& error) {
    const SourcePlace where{file_name, error.source().begin.line, error.source().begin.column};
    return Failure{where.prefix() + "TOML syntax error: " + std::string(error.description())};
  } catch (const std::exception& error) {
    return Failure{SourcePlace{file_name}.prefix() + "cannot be read: " + error.what()};
  }
  Settings settings = base;
  if (std::optional<Failure> failure = LayerReader(file_name, settings).read(root)) return *failure;
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
