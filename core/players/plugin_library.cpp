// SPDX-License-Identifier: MIT
#include "core/players/plugin_library.h"

#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstring>
#include <fstream>
#include <iterator>
#include <optional>
#include <set>
#include <system_error>

#include "core/players/child_instance.h"
#include "core/players/options.h"
#include "core/util/translation.h"

namespace gambit::players {

namespace {

// The descriptor size of ABI 1.0: the host reads no field beyond it.
constexpr std::size_t MinDescriptorSize = offsetof(gambit_plugin_descriptor, stop) + sizeof(void (*)(gambit_player*));

// Identifiers (plugin ids, option and level names) appear in TOML keys and on
// command lines, so they are kept to letters, digits, '_' and '-'.
bool is_identifier(std::string_view text) {
  if (text.empty()) return false;
  for (char c : text)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-'))
      return false;
  return true;
}

std::string quoted(std::string_view text) { return quote_for_message(text); }

// dlerror() text without the file name it usually starts with ("<path>: ").
std::string dl_problem(const std::filesystem::path& file) {
  const char* text = dlerror();
  std::string problem = text ? text : tr("unknown dynamic loader error");
  const std::string prefix = file.string() + ": ";
  if (problem.compare(0, prefix.size(), prefix) == 0) problem.erase(0, prefix.size());
  return problem;
}

bool starts_with_elf_magic(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  char magic[4] = {};
  return in.read(magic, 4) && std::memcmp(magic, "\x7f" "ELF", 4) == 0;
}

// Why the file cannot even be offered to dlopen, or empty.
std::string file_problem(const std::filesystem::path& file) {
  std::error_code ec;
  const std::filesystem::file_status status = std::filesystem::status(file, ec);
  // TRANSLATORS: why a plugin file cannot be loaded, after "cannot load plugin '{path}': ".
  if (status.type() == std::filesystem::file_type::not_found) return tr("no such file");
  // TRANSLATORS: {reason} is the system's words for the error.
  if (ec) return fill(tr("cannot be examined ({reason})"), {{"reason", ec.message()}});
  if (status.type() == std::filesystem::file_type::directory) return tr("it is a directory, not a plugin file");
  if (status.type() != std::filesystem::file_type::regular) return tr("not a regular file");
  if (access(file.c_str(), R_OK) != 0) return fill(tr("cannot be read ({reason})"), {{"reason", std::strerror(errno)}});
  return {};
}

// What is malformed in the options schema, or empty.
std::string options_problem(const gambit_plugin_descriptor& d) {
  if (d.option_count > 0 && !d.options)
    // TRANSLATORS: option_count is a field of the plugin's descriptor (not translated).
    return fill(tr("its options schema is missing (option_count is {n})"), {{"n", std::to_string(d.option_count)}});
  std::set<std::string_view> names;
  for (std::uint32_t i = 0; i < d.option_count; ++i) {
    const gambit_option_spec& spec = d.options[i];
    const std::string number = std::to_string(i + 1);
    if (!spec.name)
      // TRANSLATORS: {n} is the option's place in the plugin's list (1, 2, ...).
      return fill(tr("option {n} has no name (names are letters, digits, '_' and '-')"), {{"n", number}});
    if (!is_identifier(spec.name))
      return fill(tr("option {n} has the invalid name {name} (names are letters, digits, '_' and '-')"),
                  {{"n", number}, {"name", quoted(spec.name)}});
    const std::string option(spec.name);
    // TRANSLATORS: {option} is the name of an option the plugin declares.
    if (!names.insert(spec.name).second) return fill(tr("option '{option}' is declared twice"), {{"option", option}});
    if (spec.type == GAMBIT_OPTION_INT && spec.min > spec.max)
      return fill(tr("option '{option}' has min {min} greater than max {max}"),
                  {{"option", option}, {"min", std::to_string(spec.min)}, {"max", std::to_string(spec.max)}});
    if (spec.type == GAMBIT_OPTION_CHOICE) {
      if (spec.choice_count == 0 || !spec.choices)
        return fill(tr("option '{option}' is a choice with no choices"), {{"option", option}});
      for (std::uint32_t k = 0; k < spec.choice_count; ++k) {
        if (!spec.choices[k] || !*spec.choices[k])
          return fill(tr("option '{option}' has an empty choice"), {{"option", option}});
        for (std::uint32_t j = 0; j < k; ++j)
          if (std::strcmp(spec.choices[j], spec.choices[k]) == 0)
            return fill(tr("option '{option}' lists the choice {choice} twice"),
                        {{"option", option}, {"choice", quoted(spec.choices[k])}});
      }
    }
    if (!spec.default_value) return fill(tr("option '{option}' has no default value"), {{"option", option}});
    if (Result<std::string> valid = validate_option(spec, spec.default_value); !valid)
      return fill(tr("the default of option '{option}' is invalid: {reason}"),
                  {{"option", option}, {"reason", valid.error()}});
  }
  return {};
}

// What is malformed in the level list (options already checked), or empty.
std::string levels_problem(const gambit_plugin_descriptor& d) {
  if (d.level_count > 0 && !d.levels)
    // TRANSLATORS: level_count is a field of the plugin's descriptor (not translated).
    return fill(tr("its level list is missing (level_count is {n})"), {{"n", std::to_string(d.level_count)}});
  std::set<std::string_view> names;
  for (std::uint32_t i = 0; i < d.level_count; ++i) {
    const gambit_level& level = d.levels[i];
    const std::string number = std::to_string(i + 1);
    // TRANSLATORS: {n} is the level's place in the plugin's list (1, 2, ...).
    if (!level.name) return fill(tr("level {n} has no name"), {{"n", number}});
    if (!is_identifier(level.name))
      return fill(tr("level {n} has the invalid name {name}"), {{"n", number}, {"name", quoted(level.name)}});
    const std::string name(level.name);
    // TRANSLATORS: {level} is the name of a level the plugin declares.
    if (!names.insert(level.name).second) return fill(tr("level '{level}' is declared twice"), {{"level", name}});
    if (level.setting_count > 0 && !level.settings)
      return fill(tr("level '{level}' has no settings list"), {{"level", name}});
    for (std::uint32_t k = 0; k < level.setting_count; ++k)
      if (!level.settings[k].name || !level.settings[k].value)
        return fill(tr("level '{level}' has a setting without a name or value"), {{"level", name}});
    if (Result<OptionList> resolved = resolve_options(d, level.name, {}); !resolved) return resolved.error();
  }
  return {};
}

// Whether the descriptor is large enough to hold the ABI 1.1 variants list.
bool has_variants_field(const gambit_plugin_descriptor& d) {
  return d.struct_size >= offsetof(gambit_plugin_descriptor, variant_count) + sizeof(d.variant_count);
}

std::string variants_problem(const gambit_plugin_descriptor& d) {
  if (!has_variants_field(d)) return {};
  if (d.variant_count > 0 && !d.variants)
    // TRANSLATORS: variant_count is a field of the plugin's descriptor (not translated).
    return fill(tr("its variants list is missing (variant_count is {n})"), {{"n", std::to_string(d.variant_count)}});
  for (std::uint32_t i = 0; i < d.variant_count; ++i)
    if (!d.variants[i])
      return fill(tr("its variants list has no name at position {n}"), {{"n", std::to_string(i + 1)}});
  return {};
}

// The variants a checked descriptor lists that this host knows; standard chess when none.
// Whether the descriptor is large enough to hold the ABI 1.4 permissions list.
bool has_permissions_field(const gambit_plugin_descriptor& d) {
  return d.struct_size >= offsetof(gambit_plugin_descriptor, permission_count) + sizeof(d.permission_count);
}

std::string permissions_problem(const gambit_plugin_descriptor& d) {
  if (!has_permissions_field(d)) return {};
  if (d.permission_count > 0 && !d.permissions)
    // TRANSLATORS: permission_count is a field of the plugin's descriptor (not translated).
    return fill(tr("its permissions list is missing (permission_count is {n})"),
                {{"n", std::to_string(d.permission_count)}});
  for (std::uint32_t i = 0; i < d.permission_count; ++i) {
    const gambit_permission& p = d.permissions[i];
    const std::string number = std::to_string(i + 1);
    if (!permission_from_c(p.kind))
      // TRANSLATORS: {n} is the permission's place in the plugin's list (1, 2, ...); {kind} a number.
      return fill(tr("its permission {n} is of a kind this Gambit does not know ({kind})"),
                  {{"n", number}, {"kind", std::to_string(p.kind)}});
    if (!p.option) return fill(tr("its permission {n} names no option"), {{"n", number}});
    const gambit_option_spec* spec = find_option(d, p.option);
    if (!spec)
      return fill(tr("its permission {n} names the option {option}, which it does not have"),
                  {{"n", number}, {"option", quoted(p.option)}});
    if (spec->type != GAMBIT_OPTION_STRING)
      return fill(tr("its permission {n} names the option {option}, which is not text"),
                  {{"n", number}, {"option", quoted(p.option)}});
  }
  return {};
}

std::vector<Permission> permissions_of(const gambit_plugin_descriptor& d) {
  std::vector<Permission> out;
  if (!has_permissions_field(d)) return out;
  for (std::uint32_t i = 0; i < d.permission_count; ++i)
    out.push_back({*permission_from_c(d.permissions[i].kind), d.permissions[i].option,
                   d.permissions[i].reason ? d.permissions[i].reason : ""});
  return out;
}

std::vector<chess::Variant> variants_of(const gambit_plugin_descriptor& d) {
  std::vector<chess::Variant> out;
  if (has_variants_field(d))
    for (std::uint32_t i = 0; i < d.variant_count; ++i)
      if (std::optional<chess::Variant> v = chess::variant_from_name(d.variants[i]))
        if (std::find(out.begin(), out.end(), *v) == out.end()) out.push_back(*v);
  if (out.empty()) out.push_back(chess::Variant::Standard);
  return out;
}

// Checks what the descriptor declares about itself, apart from options and levels.
// has_functions: the descriptor is a loaded plugin's (a described one carries data alone).
std::string descriptor_problem(const gambit_plugin_descriptor& d, bool has_functions) {
  if (d.abi_major != GAMBIT_PLAYER_ABI_MAJOR)
    // TRANSLATORS: ABI: the plugin interface's version (binary interface); {version} and {expected} are numbers.
    return fill(tr("its player ABI major version is {version} but this program speaks version {expected}"),
                {{"version", std::to_string(d.abi_major)}, {"expected", std::to_string(GAMBIT_PLAYER_ABI_MAJOR)}});
  if (d.struct_size < MinDescriptorSize)
    return fill(
        // TRANSLATORS: the plugin's descriptor (its data structure) is {n} bytes long; {min} and {version} are numbers.
        trn("its descriptor is {n} byte, smaller than the {min} bytes of ABI version {version}",
            "its descriptor is {n} bytes, smaller than the {min} bytes of ABI version {version}", d.struct_size),
        {{"n", std::to_string(d.struct_size)},
         {"min", std::to_string(MinDescriptorSize)},
         {"version", std::to_string(GAMBIT_PLAYER_ABI_MAJOR)}});
  if (!d.id || !*d.id) return tr("its descriptor has no id");
  if (!is_identifier(d.id))
    return fill(tr("its id {id} is not made of letters, digits, '_' and '-'"), {{"id", quoted(d.id)}});
  if (!d.name || !*d.name) return tr("its descriptor has no name");
  if (!d.version || !*d.version) return tr("its descriptor has no version");
  if (!has_functions) return {};
  const std::pair<bool, const char*> functions[] = {{d.create != nullptr, "create"},
                                                    {d.destroy != nullptr, "destroy"},
                                                    {d.new_game != nullptr, "new_game"},
                                                    {d.choose_move != nullptr, "choose_move"},
                                                    {d.stop != nullptr, "stop"}};
  for (auto [present, function] : functions)
    // TRANSLATORS: {function} is the name of a function of the plugin interface ("choose_move").
    if (!present) return fill(tr("its descriptor has no '{function}' function"), {{"function", function}});
  return {};
}

}  // namespace

Result<std::shared_ptr<const PluginLibrary>> PluginLibrary::load(const std::filesystem::path& file) {
  const auto refuse = [&](const std::string& reason) {
    // TRANSLATORS: {path} is the plugin's file; {reason} why it cannot be loaded ("no such file").
    return Failure{fill(tr("cannot load plugin '{path}': {reason}"), {{"path", file.string()}, {"reason", reason}})};
  };
  if (std::string problem = file_problem(file); !problem.empty()) return refuse(problem);

  // A plain file name would make dlopen search the library path: always pass a path with a slash.
  const std::filesystem::path open_path = file.has_parent_path() ? file : std::filesystem::path(".") / file;
  std::shared_ptr<PluginLibrary> library(new PluginLibrary());
  library->path_ = file;
  dlerror();
  library->handle_ = dlopen(open_path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!library->handle_) {
    const std::string problem = dl_problem(open_path);
    // TRANSLATORS: {reason} is the dynamic loader's own words, in English.
    if (!starts_with_elf_magic(file)) return refuse(fill(tr("not a shared library ({reason})"), {{"reason", problem}}));
    return refuse(fill(tr("the dynamic loader cannot load it ({reason})"), {{"reason", problem}}));
  }

  dlerror();
  void* symbol = dlsym(library->handle_, GAMBIT_PLAYER_ENTRY_SYMBOL);
  if (!symbol)
    // TRANSLATORS: {symbol} is the name of the function a plugin must have ("gambit_player_plugin").
    return refuse(fill(tr("it has no entry symbol '{symbol}' (not a Gambit player plugin)"),
                       {{"symbol", GAMBIT_PLAYER_ENTRY_SYMBOL}}));
  gambit_player_plugin_entry entry = nullptr;
  static_assert(sizeof(entry) == sizeof(symbol));
  std::memcpy(&entry, &symbol, sizeof(entry));  // POSIX: data and function pointers convert

  const gambit_plugin_descriptor* descriptor = nullptr;
  try {
    descriptor = entry(GAMBIT_PLAYER_ABI_MAJOR);
  } catch (...) {
    return refuse(fill(tr("its entry '{symbol}' threw an exception"), {{"symbol", GAMBIT_PLAYER_ENTRY_SYMBOL}}));
  }
  if (!descriptor)
    return refuse(fill(tr("its entry '{symbol}' returned no descriptor: the plugin does not serve player ABI major "
                          "version {version}"),
                       {{"symbol", GAMBIT_PLAYER_ENTRY_SYMBOL}, {"version", std::to_string(GAMBIT_PLAYER_ABI_MAJOR)}}));
  return adopt(std::move(library), descriptor);
}

// A described plugin's descriptor, pointing into the description it was made from.
struct PluginLibrary::Described {
  explicit Described(wire::Description d) : text(std::move(d)) {
    for (const wire::Description::Option& o : text.options) {
      std::vector<const char*>& names = choices.emplace_back();
      for (const std::string& choice : o.choices) names.push_back(choice.c_str());
    }
    for (std::size_t i = 0; i < text.options.size(); ++i) {
      const wire::Description::Option& o = text.options[i];
      options.push_back({o.name.c_str(), o.help.c_str(), o.type, o.min, o.max, o.default_value.c_str(),
                         choices[i].data(), std::uint32_t(choices[i].size())});
    }
    for (const wire::Description::Level& l : text.levels) {
      std::vector<gambit_option_value>& values = settings.emplace_back();
      for (const auto& [name, value] : l.settings) values.push_back({name.c_str(), value.c_str()});
    }
    for (std::size_t i = 0; i < text.levels.size(); ++i)
      levels.push_back({text.levels[i].name.c_str(), text.levels[i].description.c_str(), settings[i].data(),
                        std::uint32_t(settings[i].size())});
    for (const std::string& v : text.variants) variants.push_back(v.c_str());
    for (const Permission& p : text.permissions)
      permissions.push_back({permission_to_c(p.kind), p.option.c_str(), p.reason.c_str()});
    descriptor.struct_size = sizeof(gambit_plugin_descriptor);
    descriptor.abi_major = text.abi_major;
    descriptor.abi_minor = text.abi_minor;
    descriptor.id = text.id.c_str();
    descriptor.name = text.name.c_str();
    descriptor.version = text.version.c_str();
    descriptor.description = text.description.c_str();
    descriptor.options = options.data();
    descriptor.option_count = std::uint32_t(options.size());
    descriptor.levels = levels.data();
    descriptor.level_count = std::uint32_t(levels.size());
    descriptor.variants = variants.data();
    descriptor.variant_count = std::uint32_t(variants.size());
    descriptor.permissions = permissions.data();
    descriptor.permission_count = std::uint32_t(permissions.size());
  }

  const wire::Description text;
  std::vector<std::vector<const char*>> choices;
  std::vector<gambit_option_spec> options;
  std::vector<std::vector<gambit_option_value>> settings;
  std::vector<gambit_level> levels;
  std::vector<const char*> variants;
  std::vector<gambit_permission> permissions;
  gambit_plugin_descriptor descriptor{};
};

PluginLibrary::PluginLibrary() = default;

Result<std::shared_ptr<const PluginLibrary>> PluginLibrary::describe(const std::filesystem::path& file,
                                                                     const Isolation& isolation) {
  if (std::string problem = file_problem(file); !problem.empty())
    return Failure{fill(tr("cannot load plugin '{path}': {reason}"), {{"path", file.string()}, {"reason", problem}})};
  auto description = describe_in_child(file, isolation);
  if (!description) return Failure{description.error()};
  std::shared_ptr<PluginLibrary> library(new PluginLibrary());
  library->path_ = file;
  library->described_ = std::make_unique<Described>(std::move(description).value());
  const gambit_plugin_descriptor* descriptor = &library->described_->descriptor;
  return adopt(std::move(library), descriptor);
}

Result<std::shared_ptr<const PluginLibrary>> PluginLibrary::adopt(std::shared_ptr<PluginLibrary> library,
                                                                  const gambit_plugin_descriptor* descriptor) {
  const auto refuse = [&](const std::string& reason) {
    return Failure{
        fill(tr("cannot load plugin '{path}': {reason}"), {{"path", library->path_.string()}, {"reason", reason}})};
  };
  if (std::string problem = descriptor_problem(*descriptor, !library->described_); !problem.empty()) return refuse(problem);
  if (std::string problem = options_problem(*descriptor); !problem.empty()) return refuse(problem);
  if (std::string problem = levels_problem(*descriptor); !problem.empty()) return refuse(problem);
  if (std::string problem = variants_problem(*descriptor); !problem.empty()) return refuse(problem);
  if (std::string problem = permissions_problem(*descriptor); !problem.empty()) return refuse(problem);

  library->descriptor_ = descriptor;
  library->id_ = descriptor->id;
  library->name_ = descriptor->name;
  library->version_ = descriptor->version;
  library->description_ = descriptor->description ? descriptor->description : "";
  library->variants_ = variants_of(*descriptor);
  library->permissions_ = permissions_of(*descriptor);
  library->read_ratings();
  return std::shared_ptr<const PluginLibrary>(std::move(library));
}

Result<const gambit_plugin_descriptor*> PluginLibrary::own_functions() const {
  if (handle_) return descriptor_;
  std::call_once(loading_, [this] {
    auto loaded = load(path_);
    if (loaded && (loaded.value()->id() != id_ || loaded.value()->version() != version_))
      loaded = Failure{"cannot load plugin '" + path_.string() + "': the file now holds " + loaded.value()->id() +
                       " " + loaded.value()->version() + ", not the " + id_ + " " + version_ + " found at start"};
    loaded_ = std::move(loaded);
  });
  if (!loaded_) return Failure{loaded_.error()};
  return &loaded_.value()->descriptor();
}

void PluginLibrary::read_ratings() {
  const std::filesystem::path file = ratings_file_of(path_);
  std::error_code error;
  if (!std::filesystem::exists(file, error)) return;
  const auto refuse = [&](const std::string& why) {
    // TRANSLATORS: {plugin} is a player plugin's id; {path} its file of measured level ratings; {reason} what is
    // wrong with it.
    ratings_problem_ = fill(tr("not using the ratings of plugin '{plugin}' in '{path}': {reason}"),
                            {{"plugin", id_}, {"path", file.string()}, {"reason", why}});
  };
  std::ifstream in(file, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!in && !in.eof()) return refuse(tr("it cannot be read"));
  auto parsed = parse_ratings_file(text);
  if (!parsed) return refuse(parsed.error());
  if (!parsed.value().plugin_version.empty() && parsed.value().plugin_version != version_)
    // TRANSLATORS: {measured} and {version} are versions of the plugin ("1.4.0").
    return refuse(fill(tr("it measured version {measured} of the plugin, this is version {version} (the levels may "
                          "play differently: measure them again)"),
                       {{"measured", parsed.value().plugin_version}, {"version", version_}}));
  for (const LevelRating& rating : parsed.value().levels)
    if (!rating.level.empty() && !find_level(*descriptor_, rating.level))
      // TRANSLATORS: {levels} lists the plugin's levels ("easy, medium, hard").
      return refuse(fill(tr("the plugin has no level '{level}' (its levels: {levels})"),
                         {{"level", rating.level}, {"levels", level_names(*descriptor_)}}));
  score_scale_ = parsed.value().score_scale.value_or(1.0);
  ratings_ = std::move(parsed).value().levels;
}

std::optional<LevelRating> PluginLibrary::rating_of(std::string_view level, const OptionList& options) const {
  const LevelRating* rating = find_rating(ratings_, level);
  if (!rating) return std::nullopt;
  auto presets = resolve_options(*descriptor_, level, {});
  if (!presets || presets.value() != options) return std::nullopt;
  return *rating;
}

std::optional<LevelRating> PluginLibrary::measured_level_playing(const OptionList& options) const {
  for (const LevelRating& rating : ratings_)
    if (auto presets = resolve_options(*descriptor_, rating.level, {}); presets && presets.value() == options)
      return rating;
  return std::nullopt;
}

bool PluginLibrary::plays(chess::Variant v) const {
  return std::find(variants_.begin(), variants_.end(), v) != variants_.end();
}

bool PluginLibrary::considers_draws() const {
  return described_ ? described_->text.considers_draws : consider_draw_function(*descriptor_) != nullptr;
}

decltype(gambit_plugin_descriptor::consider_draw) consider_draw_function(const gambit_plugin_descriptor& d) {
  const bool present = d.struct_size >= offsetof(gambit_plugin_descriptor, consider_draw) + sizeof(d.consider_draw);
  return present ? d.consider_draw : nullptr;
}

PluginLibrary::~PluginLibrary() {
  if (handle_) dlclose(handle_);
}

std::string plugin_message(const char* buffer, std::size_t size) {
  std::string text(buffer, std::find(buffer, buffer + size, '\0'));
  for (char& c : text)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = ' ';
  text.erase(0, text.find_first_not_of(' '));
  text.erase(text.find_last_not_of(' ') + 1);
  return text.empty() ? "(no message)" : text;
}

}  // namespace gambit::players
