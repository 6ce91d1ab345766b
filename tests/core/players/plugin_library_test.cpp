// SPDX-License-Identifier: MIT
#include "core/players/plugin_library.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <string>

#include "tests/core/players/test_plugin_paths.h"

namespace gambit::players {
namespace {

using test_support::contains;
using test_support::test_plugin;

// Loading `file` must fail with a message naming the file and containing `reason`.
void expect_refused(const std::filesystem::path& file, std::string_view reason) {
  Result<std::shared_ptr<const PluginLibrary>> library = PluginLibrary::load(file);
  ASSERT_FALSE(library) << "loaded " << file << " although it should have been refused";
  EXPECT_TRUE(contains(library.error(), file.string())) << "message does not name the file: " << library.error();
  EXPECT_TRUE(contains(library.error(), reason)) << "message lacks \"" << reason << "\": " << library.error();
}

TEST(PluginLibrary, LoadsTheRandomPluginWithItsMetadata) {
  Result<std::shared_ptr<const PluginLibrary>> loaded = PluginLibrary::load(test_support::random_plugin());
  ASSERT_TRUE(loaded) << loaded.error();
  const PluginLibrary& random = **loaded;
  EXPECT_EQ(random.path(), test_support::random_plugin());
  EXPECT_EQ(random.id(), "random");
  EXPECT_EQ(random.name(), "Random mover");
  EXPECT_EQ(random.version(), "1.0.0");
  EXPECT_FALSE(random.description().empty());
  EXPECT_EQ(random.abi_minor(), GAMBIT_PLAYER_ABI_MINOR);
  ASSERT_EQ(random.options().size(), 1u);
  EXPECT_STREQ(random.options()[0].name, "seed");
  EXPECT_EQ(random.options()[0].type, GAMBIT_OPTION_INT);
  EXPECT_STREQ(random.options()[0].default_value, "0");
  EXPECT_TRUE(random.levels().empty());
  EXPECT_EQ(&random.descriptor().options[0], &random.options()[0]);
}

TEST(PluginLibrary, LoadsARawPluginWithLevels) {
  Result<std::shared_ptr<const PluginLibrary>> loaded = PluginLibrary::load(test_plugin("raw"));
  ASSERT_TRUE(loaded) << loaded.error();
  EXPECT_EQ((*loaded)->id(), "raw");
  ASSERT_EQ((*loaded)->options().size(), 2u);
  ASSERT_EQ((*loaded)->levels().size(), 1u);
  EXPECT_STREQ((*loaded)->levels()[0].name, "easy");
}

TEST(PluginLibrary, ReadsTheVariantsAPluginPlays) {
  Result<std::shared_ptr<const PluginLibrary>> random = PluginLibrary::load(test_support::random_plugin());
  ASSERT_TRUE(random) << random.error();
  EXPECT_TRUE((*random)->plays(chess::Variant::Standard));
  EXPECT_TRUE((*random)->plays(chess::Variant::ThreeCheck));
  Result<std::shared_ptr<const PluginLibrary>> raw = PluginLibrary::load(test_plugin("raw"));
  ASSERT_TRUE(raw) << raw.error();
  EXPECT_TRUE((*raw)->plays(chess::Variant::Standard));
  EXPECT_FALSE((*raw)->plays(chess::Variant::ThreeCheck));
}

TEST(PluginLibrary, LoadsAnAbi10PluginAsPlayingStandardChessOnly) {
  Result<std::shared_ptr<const PluginLibrary>> old = PluginLibrary::load(test_plugin("raw_abi_1_0"));
  ASSERT_TRUE(old) << old.error();
  EXPECT_EQ((*old)->abi_minor(), 0u);
  ASSERT_EQ((*old)->variants().size(), 1u);
  EXPECT_EQ((*old)->variants()[0], chess::Variant::Standard);
}

TEST(PluginLibrary, RefusesAVariantsListWithoutNames) {
  expect_refused(test_plugin("null_variant"), "variants list has no name at position 2");
}

TEST(PluginLibrary, APluginAsksForNoPermissionUnlessItDeclaresOne) {
  auto raw = PluginLibrary::load(test_plugin("raw"));
  ASSERT_TRUE(raw) << raw.error();
  EXPECT_TRUE((*raw)->permissions().empty());
  auto old = PluginLibrary::load(test_plugin("raw_abi_1_1"));  // its descriptor ends before the permissions
  ASSERT_TRUE(old) << old.error();
  EXPECT_TRUE((*old)->permissions().empty());
}

TEST(PluginLibrary, RefusesAPermissionOfAnUnknownKindOrOnAnOptionThatIsNotText) {
  expect_refused(test_plugin("unknown_permission"), "its permission 1 is of a kind this Gambit does not know (99)");
  expect_refused(test_plugin("permission_without_option"), "its permission 1 names the option 'log', which it does not have");
  expect_refused(test_plugin("permission_on_number"), "its permission 1 names the option 'depth', which is not text");
}

TEST(PluginLibrary, LoadingTheSameFileTwiceGivesTwoWorkingHandles) {
  Result<std::shared_ptr<const PluginLibrary>> first = PluginLibrary::load(test_plugin("raw"));
  Result<std::shared_ptr<const PluginLibrary>> second = PluginLibrary::load(test_plugin("raw"));
  ASSERT_TRUE(first && second);
  std::shared_ptr<const PluginLibrary> kept = *second;
  first = Failure{"dropped"};  // one dlclose: the other handle keeps the code loaded
  EXPECT_EQ(kept->id(), "raw");
  EXPECT_EQ(kept->descriptor().abi_major, GAMBIT_PLAYER_ABI_MAJOR);
}

TEST(PluginLibrary, RefusesAMissingFile) { expect_refused(test_plugin("does_not_exist"), "no such file"); }

TEST(PluginLibrary, RefusesADirectory) { expect_refused(test_support::test_plugin_dir() / "gambit_nested.so", "directory"); }

// Root reads every file, so when the tests run as root (as CI does) the check
// runs in a child process that first becomes 'nobody'.
TEST(PluginLibrary, RefusesAnUnreadableFile) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  const std::filesystem::path copy = std::filesystem::temp_directory_path() / "gambit_unreadable_test_plugin.so";
  std::filesystem::copy_file(test_plugin("raw"), copy, std::filesystem::copy_options::overwrite_existing);
  std::filesystem::permissions(copy, std::filesystem::perms::none);
  EXPECT_EXIT(
      {
        if (geteuid() == 0 && setuid(65534) != 0) std::_Exit(3);
        auto loaded = PluginLibrary::load(copy);
        const bool refused_with_reason = !loaded.ok() && loaded.error().find("cannot be read") != std::string::npos &&
                                         loaded.error().find(copy.string()) != std::string::npos;
        if (!refused_with_reason) std::fprintf(stderr, "%s\n", loaded.ok() ? "loaded" : loaded.error().c_str());
        std::_Exit(refused_with_reason ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
  std::filesystem::remove(copy);
}

TEST(PluginLibrary, RefusesATextFile) {
  expect_refused(test_support::test_plugin_dir() / "gambit_fake.so", "not a shared library");
}

TEST(PluginLibrary, RefusesALibraryWithoutTheEntrySymbol) {
  expect_refused(test_plugin("no_entry"), "no entry symbol '" GAMBIT_PLAYER_ENTRY_SYMBOL "'");
}

TEST(PluginLibrary, RefusesAPluginThatDoesNotServeThisAbi) {
  expect_refused(test_plugin("null_entry"), "does not serve player ABI major version 1");
}

TEST(PluginLibrary, RefusesAnAbiMajorMismatchNamingBothVersions) {
  expect_refused(test_plugin("abi99"), "major version is 99 but this program speaks version 1");
}

TEST(PluginLibrary, RefusesADescriptorThatIsTooSmall) {
  const std::string sizes = std::to_string(offsetof(gambit_plugin_descriptor, stop)) + " bytes, smaller than the " +
                            std::to_string(offsetof(gambit_plugin_descriptor, variants)) + " bytes of ABI version 1";
  expect_refused(test_plugin("small_struct"), sizes);
}

TEST(PluginLibrary, RefusesADescriptorWithoutId) { expect_refused(test_plugin("no_id"), "has no id"); }

TEST(PluginLibrary, RefusesADescriptorMissingAFunction) {
  expect_refused(test_plugin("null_function"), "no 'choose_move' function");
}

TEST(PluginLibrary, RefusesAnOptionDefaultOutOfRange) {
  expect_refused(test_plugin("bad_default"), "the default of option 'depth' is invalid");
  expect_refused(test_plugin("bad_default"), "99");
}

TEST(PluginLibrary, RefusesAnOptionDeclaredTwice) {
  expect_refused(test_plugin("duplicate_option"), "option 'depth' is declared twice");
}

TEST(PluginLibrary, RefusesALevelSettingAnUnknownOption) {
  expect_refused(test_plugin("bad_level"), "level 'easy'");
  expect_refused(test_plugin("bad_level"), "'strength'");
}

}  // namespace
}  // namespace gambit::players
