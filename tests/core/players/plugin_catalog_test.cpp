// SPDX-License-Identifier: MIT
#include "core/players/plugin_catalog.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "tests/core/players/test_plugin_paths.h"

namespace gambit::players {
namespace {

using test_support::contains;
using test_support::test_plugin;
using test_support::test_plugin_dir;

std::string all(const std::vector<std::string>& messages) {
  std::string text;
  for (const std::string& m : messages) text += "  " + m + "\n";
  return text;
}

// The one problem naming `file`, or "" when there is none (or several).
std::string problem_about(const PluginCatalog& catalog, const std::filesystem::path& file) {
  const std::string quoted = '\'' + file.string() + '\'';
  std::string found;
  int count = 0;
  for (const std::string& problem : catalog.problems())
    if (contains(problem, quoted)) found = problem, ++count;
  return count == 1 ? found : std::string();
}

TEST(PluginCatalog, ScansADirectoryKeepingGoodPluginsAndReportingEachBadOne) {
  const PluginCatalog catalog = PluginCatalog::scan({test_plugin_dir()});
  EXPECT_EQ(catalog.ids(), (std::vector<std::string>{"raw", "raw_abi_1_0", "raw_abi_1_1", "sdk_test", "snoop"})) << all(catalog.problems());
  ASSERT_TRUE(catalog.find("raw"));
  EXPECT_EQ(catalog.find("raw")->path(), test_plugin("raw")) << "the first file with an id wins";

  const std::pair<const char*, const char*> refused[] = {
      {"no_entry", "no entry symbol"},     {"null_entry", "does not serve"},   {"abi99", "major version is 99"},
      {"small_struct", "smaller than"},    {"no_id", "no id"},                 {"null_function", "'choose_move'"},
      {"bad_default", "default"},          {"duplicate_option", "twice"},      {"bad_level", "level 'easy'"},
      {"raw_copy", "its id 'raw' is already taken"}, {"unknown_permission", "kind this Gambit does not know"},
      {"permission_without_option", "which it does not have"}, {"permission_on_number", "which is not text"}};
  for (auto [name, reason] : refused) {
    const std::string problem = problem_about(catalog, test_plugin(name));
    EXPECT_TRUE(contains(problem, reason)) << name << ": " << reason << "\nproblems:\n" << all(catalog.problems());
  }
  EXPECT_TRUE(contains(problem_about(catalog, test_plugin_dir() / "gambit_fake.so"), "not a shared library"))
      << all(catalog.problems());
  EXPECT_TRUE(contains(problem_about(catalog, test_plugin("raw_copy")), test_plugin("raw").string()))
      << "the duplicate report names the file that kept the id:\n" << all(catalog.problems());
  EXPECT_EQ(catalog.problems().size(), 15u) << "gambit_nested.so (a directory), readme.txt and not_a_gambit_plugin.so are not plugins:\n"
                                            << all(catalog.problems());
}

TEST(PluginCatalog, ListsTheRandomPluginsMetadata) {
  const std::filesystem::path dir = test_support::random_plugin().parent_path();
  const PluginCatalog catalog = PluginCatalog::scan({dir});
  std::shared_ptr<const PluginLibrary> random = catalog.find("random");
  ASSERT_TRUE(random) << "not found in " << dir << "; problems:\n" << all(catalog.problems());
  EXPECT_EQ(random->name(), "Random mover");
  EXPECT_EQ(random->version(), "1.0.0");
  ASSERT_EQ(random->options().size(), 1u);
  EXPECT_STREQ(random->options()[0].name, "seed");
  std::cout << "found in " << dir.string() << ":\n";
  for (const auto& plugin : catalog.plugins())
    std::cout << "  " << plugin->id() << " " << plugin->version() << " (" << plugin->name() << ", "
              << plugin->options().size() << " options, " << plugin->levels().size() << " levels)\n";
}

TEST(PluginCatalog, EarlierDirectoriesWinAndRepeatedFilesAreLoadedOnce) {
  const std::filesystem::path random_dir = test_support::random_plugin().parent_path();
  const PluginCatalog catalog = PluginCatalog::scan({test_plugin_dir(), random_dir, test_plugin_dir()});
  ASSERT_TRUE(catalog.find("raw"));
  ASSERT_TRUE(catalog.find("random"));
  EXPECT_EQ(catalog.plugins().front()->id(), "raw") << "plugins are listed in discovery order";
  EXPECT_EQ(catalog.problems().size(), 15u) << "the second scan of a directory reports nothing new:\n"
                                            << all(catalog.problems());
}

TEST(PluginCatalog, UnknownIdListsTheAvailableOnes) {
  const PluginCatalog catalog = PluginCatalog::scan({test_plugin_dir()});
  Result<std::shared_ptr<const PluginLibrary>> found = catalog.lookup("foo");
  ASSERT_FALSE(found);
  EXPECT_EQ(found.error(), "unknown player 'foo'; available: raw, raw_abi_1_0, raw_abi_1_1, sdk_test, snoop");
  Result<std::shared_ptr<const PluginLibrary>> raw = catalog.lookup("raw");
  ASSERT_TRUE(raw) << raw.error();
  EXPECT_EQ((*raw)->id(), "raw");
}

TEST(PluginCatalog, UnknownIdInAnEmptyCatalogNamesTheDirectoriesSearched) {
  const std::filesystem::path missing = test_plugin_dir() / "no_such_directory";
  const PluginCatalog catalog = PluginCatalog::scan({missing});
  EXPECT_TRUE(catalog.plugins().empty());
  ASSERT_EQ(catalog.problems().size(), 1u);
  EXPECT_TRUE(contains(catalog.problems()[0], "cannot list plugin directory '" + missing.string() + "'"))
      << catalog.problems()[0];
  Result<std::shared_ptr<const PluginLibrary>> found = catalog.lookup("alphabeta");
  ASSERT_FALSE(found);
  EXPECT_EQ(found.error(), "unknown player 'alphabeta'; no player plugins were found in '" + missing.string() + "'");
}

}  // namespace
}  // namespace gambit::players
