// SPDX-License-Identifier: MIT
#include "tests/ai_plugins/loaded_plugin.h"

#include <dlfcn.h>
#include <gtest/gtest.h>

#include <cstring>
#include <set>

namespace gambit::testing {

LoadedPlugin::LoadedPlugin(const std::string& path) {
  handle_ = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle_) {
    const char* why = dlerror();
    ADD_FAILURE() << "cannot open " << path << ": " << (why ? why : "unknown reason");
    return;
  }
  entry_ = reinterpret_cast<gambit_player_plugin_entry>(dlsym(handle_, GAMBIT_PLAYER_ENTRY_SYMBOL));
  if (!entry_) {
    ADD_FAILURE() << path << " has no " << GAMBIT_PLAYER_ENTRY_SYMBOL << " symbol";
    return;
  }
  descriptor_ = entry_(GAMBIT_PLAYER_ABI_MAJOR);
  if (!descriptor_) ADD_FAILURE() << path << " refused ABI major " << GAMBIT_PLAYER_ABI_MAJOR;
}

LoadedPlugin::~LoadedPlugin() {
  if (handle_) dlclose(handle_);
}

void expect_well_formed(const gambit_plugin_descriptor& d, const std::set<std::string>& levels) {
  EXPECT_EQ(d.abi_major, GAMBIT_PLAYER_ABI_MAJOR);
  EXPECT_GE(d.struct_size, sizeof(gambit_plugin_descriptor));
  for (const char* text : {d.id, d.name, d.version, d.description}) {
    ASSERT_NE(text, nullptr);
    EXPECT_GT(std::strlen(text), 0u);
  }
  ASSERT_TRUE(d.create && d.destroy && d.new_game && d.choose_move && d.stop);

  std::set<std::string> option_names;
  auto valid_value = [&d](const char* name, const char* value) {
    for (std::uint32_t i = 0; i < d.option_count; ++i) {
      const gambit_option_spec& o = d.options[i];
      if (std::strcmp(o.name, name) != 0) continue;
      if (o.type != GAMBIT_OPTION_INT) return true;
      char* end = nullptr;
      const long long v = std::strtoll(value, &end, 10);
      return *value && !*end && v >= o.min && v <= o.max;
    }
    return false;
  };
  for (std::uint32_t i = 0; i < d.option_count; ++i) {
    const gambit_option_spec& o = d.options[i];
    ASSERT_NE(o.name, nullptr);
    EXPECT_TRUE(option_names.insert(o.name).second) << "option " << o.name << " listed twice";
    EXPECT_TRUE(o.help && *o.help) << "option " << o.name << " has no help text";
    ASSERT_NE(o.default_value, nullptr) << o.name;
    EXPECT_LE(o.min, o.max) << o.name;
    EXPECT_TRUE(valid_value(o.name, o.default_value)) << "default of " << o.name << " is out of range";
  }

  std::set<std::string> level_names;
  for (std::uint32_t i = 0; i < d.level_count; ++i) {
    const gambit_level& level = d.levels[i];
    ASSERT_NE(level.name, nullptr);
    level_names.insert(level.name);
    EXPECT_TRUE(level.description && *level.description) << level.name;
    for (std::uint32_t k = 0; k < level.setting_count; ++k)
      EXPECT_TRUE(valid_value(level.settings[k].name, level.settings[k].value))
          << "level " << level.name << " sets " << level.settings[k].name << " = " << level.settings[k].value;
  }
  EXPECT_EQ(level_names, levels);
}

PluginInstance::PluginInstance(const gambit_plugin_descriptor& d,
                               const std::vector<std::pair<std::string, std::string>>& options)
    : descriptor_(d) {
  std::vector<gambit_option_value> values;
  for (const auto& [name, value] : options) values.push_back({name.c_str(), value.c_str()});
  char error[GAMBIT_ERROR_BUFFER_SIZE] = "";
  player_ = d.create(values.data(), std::uint32_t(values.size()), error, sizeof error);
  if (!player_) create_error_ = error;
}

PluginInstance::~PluginInstance() {
  if (player_) descriptor_.destroy(player_);
}

std::string PluginInstance::choose_move(const std::string& start_fen, const std::vector<std::string>& moves,
                                        const gambit_limits& limits, int* info_calls) {
  std::vector<const char*> texts;
  for (const std::string& m : moves) texts.push_back(m.c_str());
  const gambit_position position{sizeof(gambit_position), start_fen.c_str(), texts.data(),
                                 std::uint32_t(texts.size()), nullptr};
  char move[GAMBIT_MOVE_BUFFER_SIZE] = "";
  char error[GAMBIT_ERROR_BUFFER_SIZE] = "";
  const gambit_info_callback callback = [](void* user_data, const gambit_search_info* info) {
    if (info && info->pv) ++*static_cast<int*>(user_data);
  };
  int calls = 0;
  const gambit_status status = descriptor_.choose_move(player_, &position, &limits, callback, &calls, move, error,
                                                       sizeof error);
  if (info_calls) *info_calls = calls;
  return status == GAMBIT_OK ? std::string(move) : "error: " + std::string(error);
}

std::string PluginInstance::consider_draw(const std::string& start_fen, const std::vector<std::string>& moves) {
  if (!descriptor_.consider_draw) return "no opinion";
  std::vector<const char*> texts;
  for (const std::string& m : moves) texts.push_back(m.c_str());
  const gambit_position position{sizeof(gambit_position), start_fen.c_str(), texts.data(),
                                 std::uint32_t(texts.size()), nullptr};
  std::int32_t accept = -1;
  char error[GAMBIT_ERROR_BUFFER_SIZE] = "";
  const gambit_status status = descriptor_.consider_draw(player_, &position, &accept, error, sizeof error);
  if (status != GAMBIT_OK) return "error: " + std::string(error);
  return accept == 1 ? "accept" : accept == 0 ? "decline" : "bad answer " + std::to_string(accept);
}

gambit_limits no_limits() {
  gambit_limits limits{};
  limits.struct_size = sizeof(gambit_limits);
  limits.time_ms[0] = limits.time_ms[1] = -1;
  return limits;
}

}  // namespace gambit::testing
