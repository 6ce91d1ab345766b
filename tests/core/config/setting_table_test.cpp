// SPDX-License-Identifier: MIT
// The settings table against what is made from it and what documents it: the
// shipped config/gambit.toml, the loader's and writer's messages, the round
// trip through a file, and the sources, where no setting's key may be spelled
// outside the table.
#include "core/config/setting_table.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <string>
#include <vector>

#include "core/config/config_loader.h"
#include "core/config/config_writer.h"

namespace gambit::config {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

// One "name = value" line of the shipped file, commented out or not, with the
// comment lines just above it.
struct DocumentedKey {
  std::string value;    // as written: "150", "\"green\"", "[]"
  std::string comment;  // the comment lines above, joined
  bool commented_out = false;
};

// config/gambit.toml's keys by dotted key, and its table headers.
struct ShippedFile {
  std::map<std::string, DocumentedKey> keys;
  std::vector<std::string> tables;
};

ShippedFile read_shipped_file() {
  std::ifstream in(fs::path(GAMBIT_TEST_SOURCE_DIR) / "config" / "gambit.toml");
  const std::regex header(R"(^\[([a-z_.]+)\]$)");
  const std::regex assignment(R"(^(# )?([a-z0-9_]+) = (.*?)( +#.*)?$)");
  ShippedFile file;
  std::string line, section, comment;
  std::smatch match;
  while (std::getline(in, line)) {
    if (std::regex_match(line, match, header)) {
      section = match[1];
      file.tables.push_back(section);
      comment.clear();
    } else if (std::regex_match(line, match, assignment)) {
      const std::string key = section.empty() ? std::string(match[2]) : section + "." + std::string(match[2]);
      file.keys[key] = DocumentedKey{match[3], comment, match[1].matched};
      comment.clear();
    } else if (line.starts_with("#")) {
      comment += line + "\n";
    } else {
      comment.clear();
    }
  }
  return file;
}

// A setting's default as the file writes it.
std::string default_as_toml(const SettingSpec& spec) {
  const std::string text = setting_text(spec, Settings());
  return spec.type == SettingType::Choice || spec.type == SettingType::Text ? "\"" + text + "\"" : text;
}

TEST(SettingTable, TheShippedFileDocumentsEverySettingAtItsDefaultWithItsRange) {
  const ShippedFile file = read_shipped_file();
  ASSERT_FALSE(file.keys.empty());
  for (const SettingSpec& spec : setting_table()) {
    const std::string key(spec.key);
    if (spec.type == SettingType::Seat || spec.type == SettingType::Permissions) {
      EXPECT_THAT(file.tables, ::testing::Contains(key)) << "no [" << key << "] in gambit.toml";
      continue;
    }
    auto found = file.keys.find(key);
    ASSERT_NE(found, file.keys.end()) << key << " is not in gambit.toml";
    const DocumentedKey& documented = found->second;
    EXPECT_FALSE(documented.comment.empty()) << key << " has no comment above it";
    switch (spec.type) {
      case SettingType::Path:  // no default file: an example, commented out
        EXPECT_TRUE(documented.commented_out) << key;
        break;
      case SettingType::PathList: EXPECT_EQ(documented.value, "[]") << key; break;
      default:
        EXPECT_FALSE(documented.commented_out) << key << " is commented out";
        EXPECT_EQ(documented.value, default_as_toml(spec)) << key << ": the file and Settings() disagree";
    }
    if (spec.type == SettingType::Integer) {
      EXPECT_THAT(documented.comment, HasSubstr(".." + std::to_string(spec.max))) << key << ": its range";
    }
    for (std::string_view choice : spec.choices)
      EXPECT_THAT(documented.comment, HasSubstr("\"" + std::string(choice) + "\"")) << key << ": its choices";
  }
}

TEST(SettingTable, EveryKeyOfTheShippedFileIsInTheTable) {
  const ShippedFile file = read_shipped_file();
  for (const auto& [key, documented] : file.keys) {
    if (documented.commented_out) continue;  // examples: options, permissions, a seat's isolation
    const std::string section = key.substr(0, key.rfind('.'));
    const std::string name = key.substr(key.rfind('.') + 1);
    const SettingSpec* seat = find_setting(section);
    const bool seat_key = seat && seat->type == SettingType::Seat &&
                          std::ranges::find(SeatKeys, std::string_view(name)) != SeatKeys.end();
    EXPECT_TRUE(find_setting(key) || seat_key) << key << " is in gambit.toml but not in the settings table";
  }
}

TEST(SettingTable, EachEntryHasItsDefaultInItsRange) {
  const Settings defaults;
  for (const SettingSpec& spec : setting_table()) {
    if (spec.type == SettingType::Integer) {
      const long long value = std::stoll(setting_text(spec, defaults));
      EXPECT_GE(value, spec.min) << spec.key;
      EXPECT_LE(value, spec.max) << spec.key;
    }
    if (spec.type == SettingType::Choice) {
      EXPECT_THAT(spec.choices, ::testing::Contains(setting_text(spec, defaults))) << spec.key;
    }
    if (spec.widget == SettingWidget::None) {
      EXPECT_EQ(spec.group, SettingGroup::None) << spec.key;
    }
    EXPECT_FALSE(spec.meaning.empty()) << spec.key;
  }
}

// Each scalar setting, set to a value other than its default (the range's
// other end, the other boolean, another choice), is written and read back.
TEST(SettingTable, EachSettingRoundTripsThroughTheWriterAndTheLoader) {
  int checked = 0;
  for (const SettingSpec& spec : setting_table()) {
    Settings settings;
    const SettingValue value = spec.value(settings);
    switch (spec.type) {
      case SettingType::Boolean: *std::get<bool*>(value) = !*std::get<bool*>(value); break;
      case SettingType::Integer: {
        int& number = *std::get<int*>(value);
        number = number == int(spec.max) ? int(spec.min) : int(spec.max);
        break;
      }
      case SettingType::Choice: {
        std::string& text = *std::get<std::string*>(value);
        text = std::string(text == spec.choices.back() ? spec.choices.front() : spec.choices.back());
        break;
      }
      case SettingType::Text: *std::get<std::string*>(value) = "Zed"; break;
      default: continue;
    }
    if (spec.key == ClockIncrementKey) settings.clock.minutes = 5;  // an increment needs a clock
    Result<std::string> text = format_config(settings);
    ASSERT_TRUE(text.ok()) << spec.key << ": " << text.error();
    Result<Settings> back = parse_config(*text, "saved.toml");
    ASSERT_TRUE(back.ok()) << spec.key << ": " << back.error() << "\n" << *text;
    EXPECT_EQ(setting_text(spec, *back), setting_text(spec, settings)) << spec.key;
    EXPECT_NE(setting_text(spec, *back), setting_text(spec, Settings())) << spec.key;
    ++checked;
  }
  EXPECT_GE(checked, 17);
}

// The loader's and the writer's messages about an integer out of range come
// from the table, for every integer setting.
TEST(SettingTable, AnIntegerOutOfItsRangeIsRefusedNamingTheRange) {
  for (const SettingSpec& spec : setting_table()) {
    if (spec.type != SettingType::Integer) continue;
    const std::string key(spec.key), above = std::to_string(spec.max + 1);
    const std::string text = "[" + std::string(spec.section()) + "]\n" + std::string(spec.name()) + " = " + above + "\n";
    Result<Settings> read = parse_config(text, "test.toml");
    ASSERT_FALSE(read.ok()) << key;
    EXPECT_EQ(read.error(), "test.toml:2:" + std::to_string(spec.name().size() + 4) + ": " + key +
                                " must be an integer in " + spec.range_text() + ", got " + above);
    Settings settings;
    *std::get<int*>(spec.value(settings)) = int(spec.max + 1);
    Result<std::string> written = format_config(settings);
    ASSERT_FALSE(written.ok()) << key;
    EXPECT_EQ(written.error(), key + " must be an integer in " + spec.range_text() + ", got " + above);
  }
}

TEST(SettingTable, AnUnknownKeyListsTheSectionsKeysFromTheTable) {
  Result<Settings> read = parse_config("[ui]\ncolour = \"red\"\n", "test.toml");
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.error(), "test.toml:2:1: unknown key ui.colour; expected " + listed(keys_under("ui")));
  EXPECT_EQ(listed(keys_under("")), "white, black, game, ui, clock, demo, hint, review, store or plugins");
  EXPECT_EQ(listed(keys_under("demo")), "move_delay_ms, white or black");
}

TEST(SettingTable, AnEmptyKeyIsAnUnknownKeyNotTheTopLevelAgain) {
  for (const char* text : {"\"\" = 1\n", "\"\" = { ui = { sounds = false } }\n", "[ui]\n\"\" = true\n"}) {
    Result<Settings> read = parse_config(text, "test.toml");
    ASSERT_FALSE(read.ok()) << text;
    EXPECT_THAT(read.error(), HasSubstr("unknown key ")) << text;
  }
  EXPECT_THAT(parse_config("\"\" = 1\n", "test.toml").error(), HasSubstr("; expected white, black, game, ui,"));
}

// [review] is a seat with a budget: the seat's keys are read first, as before
// the table, so their mistakes are told before the budget's.
TEST(SettingTable, ReviewsBudgetIsReadAfterItsSeat) {
  Result<Settings> read = parse_config("[review]\nnodes = 0\nlevel = 5\n", "test.toml");
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.error(), "test.toml:3:9: review.level must be a string, got integer");
  read = parse_config("[review]\nnodes = 0\nfoo = 1\n", "test.toml");
  ASSERT_FALSE(read.ok());
  EXPECT_THAT(read.error(), HasSubstr("unknown key review.foo"));
  read = parse_config("[review]\nnodes = 7\nplayer = \"uci\"\n", "test.toml");
  ASSERT_TRUE(read.ok()) << read.error();
  EXPECT_EQ(read->review.nodes, 7);
  EXPECT_EQ(read->review.analyser.player, "uci");
  EXPECT_TRUE(read->sources.count("review.nodes"));
}

// Outside the table (and settings.h, which defines what the table points
// into), no source spells a setting's dotted key: the loader, the writer, the
// Settings screen and the messages take it from the table.
TEST(SettingTable, NoSourceSpellsASettingsKeyOutsideTheTable) {
  const fs::path root(GAMBIT_TEST_SOURCE_DIR);
  int files = 0;
  for (const char* folder : {"core", "game", "ai_plugins", "sdk"}) {
    if (!fs::exists(root / folder)) continue;
    for (const auto& entry : fs::recursive_directory_iterator(root / folder)) {
      const fs::path& path = entry.path();
      if (path.extension() != ".cpp" && path.extension() != ".h") continue;
      if (path.stem() == "setting_table" || path.filename() == "settings.h") continue;
      std::ifstream in(path);
      const std::string source((std::istreambuf_iterator<char>(in)), {});
      ++files;
      // A literal that starts with a dotted key ("ui.theme must be ..."), a
      // seat's own key under its seat ("hint.player") or alone (".level").
      std::vector<std::string> spelled;
      for (const SettingSpec& spec : setting_table()) {
        if (!spec.section().empty()) spelled.push_back("\"" + std::string(spec.key));  // "white" alone is too common
        if (spec.type == SettingType::Seat)
          for (std::string_view own : SeatKeys) spelled.push_back("\"" + sub_key(spec.key, own));
      }
      for (std::string_view own : SeatKeys) spelled.push_back("\"." + std::string(own));
      for (const std::string& literal : spelled)
        EXPECT_EQ(source.find(literal), std::string::npos) << path.lexically_relative(root) << " spells " << literal;
    }
  }
  EXPECT_GT(files, 100);
}

}  // namespace
}  // namespace gambit::config
