// SPDX-License-Identifier: MIT
// The measured ratings a plugin ships beside it: the file's text, and the
// rating a seat gets (only one playing exactly a measured level).
#include "core/players/level_ratings.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/players/plugin_catalog.h"
#include "core/players/plugin_library.h"
#include "tests/core/players/test_plugin_paths.h"

namespace gambit::players {
namespace {

using test_support::contains;

TEST(LevelRatings, ReadsLevelsSkippingCommentsAndBlankLines) {
  const auto file = parse_ratings_file(
      "# measured by a calibration\nversion\t1.4.0\n\n600\t731\t183\t52\t10+0.1\t2026-11-24\r\n"
      "1400\t1469.5\t86\t78\t10+0.1\t2026-11-25\n-\t-250\t120\t60\t10+0.1\t2026-11-25\n");
  ASSERT_TRUE(file) << file.error();
  EXPECT_EQ(file.value().plugin_version, "1.4.0");
  const LevelRatings& ratings = file.value().levels;
  ASSERT_EQ(ratings.size(), 3u);
  const LevelRating& strong = ratings[1];
  EXPECT_EQ(strong.level, "1400");
  EXPECT_DOUBLE_EQ(strong.elo, 1469.5);
  EXPECT_DOUBLE_EQ(strong.margin, 86);
  EXPECT_NEAR(strong.deviation(), 43.88, 0.01);
  EXPECT_EQ(strong.games, 78);
  EXPECT_EQ(strong.time_control, "10+0.1");
  EXPECT_EQ(strong.measured, "2026-11-25");
  EXPECT_EQ(find_rating(ratings, "600"), &ratings[0]);
  EXPECT_EQ(find_rating(ratings, "800"), nullptr);
  EXPECT_EQ(find_rating(ratings, ""), &ratings[2]) << "'-' is the player without a level";
  EXPECT_DOUBLE_EQ(ratings[2].elo, -250);
  EXPECT_FALSE(file.value().score_scale) << "none given";
  const auto empty = parse_ratings_file("# nothing measured yet\n");
  ASSERT_TRUE(empty);
  EXPECT_TRUE(empty.value().levels.empty());
}

TEST(LevelRatings, ReadsTheScoreScaleWithOrWithoutLevels) {
  const auto alone = parse_ratings_file("version\t2.0\nscore_scale\t1.33\n");
  ASSERT_TRUE(alone) << alone.error();
  ASSERT_TRUE(alone.value().score_scale);
  EXPECT_DOUBLE_EQ(*alone.value().score_scale, 1.33);
  EXPECT_TRUE(alone.value().levels.empty());
  const auto both = parse_ratings_file("version\t2.0\n600\t731\t183\t52\t10+0.1\t2026-11-24\nscore_scale\t0.8\n");
  ASSERT_TRUE(both) << both.error();
  EXPECT_DOUBLE_EQ(both.value().score_scale.value_or(0), 0.8);
  EXPECT_EQ(both.value().levels.size(), 1u);
}

TEST(LevelRatings, RefusesABadLineNamingItAndTheProblem) {
  const struct {
    const char* text;
    const char* says;
  } cases[] = {
      {"version\t1\n600 731 183 52 10+0.1 2026-11-24\n", "line 2: expected 6 fields"},
      {"# x\nversion\t1\n600\t731\t183\t52\t10+0.1\n", "line 3: expected 6 fields"},
      {"version\t1\n600\tstrong\t183\t52\t10+0.1\t2026-11-24\n", "line 2: the rating 'strong' is not a number"},
      {"version\t1\n600\t731\t0\t52\t10+0.1\t2026-11-24\n", "the margin '0'"},
      {"version\t1\n600\t731\tnan\t52\t10+0.1\t2026-11-24\n", "the margin 'nan'"},
      {"version\t1\n600\t731\t183\t5.5\t10+0.1\t2026-11-24\n", "the number of games '5.5'"},
      {"version\t1\n600\t731\t183\t-3\t10+0.1\t2026-11-24\n", "the number of games '-3'"},
      {"version\t1\n\t731\t183\t52\t10+0.1\t2026-11-24\n", "the level name is empty"},
      {"version\t1\n600\t731\t183\t52\t10+0.1\t2026-11-24\n600\t740\t183\t52\t10+0.1\t2026-11-24\n",
       "line 3: the level '600' is given twice"},
      {"600\t731\t183\t52\t10+0.1\t2026-11-24\n", "does not say which version"},
      {"version\n", "line 1: expected 'version', a tab and the plugin version"},
      {"version\t1\nversion\t2\n", "line 2: the version is given twice"},
      {"score_scale\t1.3\n", "does not say which version"},
      {"version\t1\nscore_scale\t0\n", "line 2: expected 'score_scale', a tab and a number from 0.2 to 5"},
      {"version\t1\nscore_scale\tbig\n", "line 2: expected 'score_scale'"},
      {"version\t1\nscore_scale\t1.3\t2026-11-28\n", "line 2: expected 'score_scale'"},
      {"version\t1\nscore_scale\t1.3\nscore_scale\t1.4\n", "line 3: the score scale is given twice"},
  };
  for (const auto& c : cases) {
    const auto file = parse_ratings_file(c.text);
    ASSERT_FALSE(file) << "accepted: " << c.text;
    EXPECT_TRUE(contains(file.error(), c.says)) << file.error() << "\nfor: " << c.text;
  }
}

TEST(LevelRatings, TheNearestLevelAndTheNextOneUpOrDownGoByMeasuredRating) {
  // Measured out of order: 1200 played stronger than 1400.
  const auto file = parse_ratings_file(
      "version\t1\n600\t700\t100\t50\t10+0.1\td\n1400\t1300\t100\t50\t10+0.1\td\n1200\t1350\t100\t50\t10+0.1\td\n"
      "1600\t1600\t100\t50\t10+0.1\td\n");
  ASSERT_TRUE(file) << file.error();
  const LevelRatings& r = file.value().levels;
  EXPECT_EQ(nearest_rating(r, 1500)->level, "1600");
  EXPECT_EQ(nearest_rating(r, 1340)->level, "1200");
  EXPECT_EQ(nearest_rating(r, 1325)->level, "1400") << "as near to both: the weaker";
  EXPECT_EQ(nearest_rating(r, 100)->level, "600");
  EXPECT_EQ(nearest_rating(r, 3000)->level, "1600");
  EXPECT_EQ(nearest_rating({}, 1500), nullptr);
  EXPECT_EQ(next_rating(r, "1400", +1)->level, "1200");
  EXPECT_EQ(next_rating(r, "1200", +1)->level, "1600");
  EXPECT_EQ(next_rating(r, "1400", -1)->level, "600");
  EXPECT_EQ(next_rating(r, "1600", +1), nullptr) << "the strongest measured";
  EXPECT_EQ(next_rating(r, "600", -1), nullptr);
  EXPECT_EQ(next_rating(r, "max", +1), nullptr) << "not measured";
  EXPECT_EQ(next_rating(r, "", +1), nullptr) << "no level, not measured";
}

TEST(LevelRatings, TheFileBesideAPluginFile) {
  EXPECT_EQ(ratings_file_of("/x/plugins/gambit_alphabeta.so"), "/x/plugins/gambit_alphabeta.ratings");
}

// A copy of the raw test plugin (level "easy" = depth 1) in a folder of its
// own, with a ratings file beside it.
class PluginRatings : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (std::filesystem::temp_directory_path() / "gambit-ratings-test-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
    std::filesystem::copy_file(test_support::test_plugin("raw"), dir_ / "gambit_raw.so");
    auto raw = PluginLibrary::load(dir_ / "gambit_raw.so");
    ASSERT_TRUE(raw) << raw.error();
    version_ = raw.value()->version();
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  // A ratings file for the raw plugin's own version.
  void write_ratings(const std::string& levels) {
    std::ofstream(dir_ / "gambit_raw.ratings") << "version\t" << version_ << "\n" << levels;
  }
  std::string version_;
  std::shared_ptr<const PluginLibrary> load() {
    auto loaded = PluginLibrary::load(dir_ / "gambit_raw.so");
    EXPECT_TRUE(loaded) << loaded.error();
    return loaded ? loaded.value() : nullptr;
  }
  std::filesystem::path dir_;
};

TEST_F(PluginRatings, ASeatPlayingExactlyAMeasuredLevelHasItsRating) {
  write_ratings("easy\t1234\t80\t100\t10+0.1\t2026-11-24\n");
  const auto raw = load();
  ASSERT_TRUE(raw);
  EXPECT_TRUE(raw->ratings_problem().empty()) << raw->ratings_problem();
  ASSERT_EQ(raw->ratings().size(), 1u);
  const auto rating = raw->rating_of("easy", {{"depth", "1"}});
  ASSERT_TRUE(rating);
  EXPECT_DOUBLE_EQ(rating->elo, 1234);
  EXPECT_FALSE(raw->rating_of("easy", {{"depth", "2"}})) << "an option of its own: not what was measured";
  EXPECT_FALSE(raw->rating_of("easy", {{"depth", "1"}, {"behaviour", "first_legal"}})) << "one more option";
  EXPECT_FALSE(raw->rating_of("", {})) << "no level";
}

TEST_F(PluginRatings, APlayerWithoutLevelsIsMeasuredAtItsDefaultsAsLevelDash) {
  std::filesystem::copy_file(test_support::random_plugin(), dir_ / "gambit_random.so");
  auto version = PluginLibrary::load(dir_ / "gambit_random.so");
  ASSERT_TRUE(version);
  std::ofstream(dir_ / "gambit_random.ratings") << "version\t" << version.value()->version()
                                         << "\n-\t-250\t120\t60\t10+0.1\t2026-11-24\n";
  auto random = PluginLibrary::load(dir_ / "gambit_random.so");
  ASSERT_TRUE(random) << random.error();
  EXPECT_TRUE(random.value()->ratings_problem().empty()) << random.value()->ratings_problem();
  const auto rating = random.value()->rating_of("", {});
  ASSERT_TRUE(rating);
  EXPECT_DOUBLE_EQ(rating->elo, -250);
  EXPECT_FALSE(random.value()->rating_of("", {{"seed", "5"}})) << "an option of its own";
  EXPECT_FALSE(random.value()->rating_of("-", {})) << "'-' is the file's word, not a level";
}

TEST_F(PluginRatings, RatingsOfAnotherVersionOfThePluginAreNotUsed) {
  std::ofstream(dir_ / "gambit_raw.ratings") << "version\t0.0.1-old\neasy\t1234\t80\t100\t10+0.1\t2026-11-24\n";
  const auto raw = load();
  ASSERT_TRUE(raw);
  EXPECT_TRUE(raw->ratings().empty());
  EXPECT_FALSE(raw->rating_of("easy", {{"depth", "1"}}));
  EXPECT_TRUE(contains(raw->ratings_problem(), "it measured version 0.0.1-old of the plugin, this is version " + version_))
      << raw->ratings_problem();
}

TEST_F(PluginRatings, TheScoreScaleOfItsOwnVersionIsUsedAndNoOther) {
  write_ratings("score_scale\t1.25\n");
  const auto raw = load();
  ASSERT_TRUE(raw);
  EXPECT_TRUE(raw->ratings_problem().empty()) << raw->ratings_problem();
  EXPECT_DOUBLE_EQ(raw->score_scale(), 1.25);
  std::ofstream(dir_ / "gambit_raw.ratings") << "version\t0.0.1-old\nscore_scale\t1.25\n";
  const auto old = load();
  ASSERT_TRUE(old);
  EXPECT_DOUBLE_EQ(old->score_scale(), 1.0) << "another version may score otherwise";
  EXPECT_TRUE(contains(old->ratings_problem(), "it measured version 0.0.1-old")) << old->ratings_problem();
}

TEST_F(PluginRatings, WithoutAFileNothingIsMeasuredAndNothingIsWrong) {
  const auto raw = load();
  ASSERT_TRUE(raw);
  EXPECT_DOUBLE_EQ(raw->score_scale(), 1.0);
  EXPECT_TRUE(raw->ratings().empty());
  EXPECT_TRUE(raw->ratings_problem().empty());
  EXPECT_FALSE(raw->rating_of("easy", {{"depth", "1"}}));
}

TEST_F(PluginRatings, ABadFileIsNotUsedAndTheCatalogSaysWhyThePluginStillLoads) {
  write_ratings("easy\t1234\t80\t100\t10+0.1\t2026-11-24\nhard\t2000\t80\t100\t10+0.1\t2026-11-24\n");
  const PluginCatalog catalog = PluginCatalog::scan({dir_});
  const auto raw = catalog.find("raw");
  ASSERT_TRUE(raw) << "the plugin itself is fine";
  EXPECT_TRUE(raw->ratings().empty());
  EXPECT_FALSE(raw->rating_of("easy", {{"depth", "1"}}));
  ASSERT_EQ(catalog.problems().size(), 1u);
  const std::string& problem = catalog.problems()[0];
  EXPECT_TRUE(contains(problem, (dir_ / "gambit_raw.ratings").string())) << problem;
  EXPECT_TRUE(contains(problem, "no level 'hard'")) << problem;
  EXPECT_TRUE(contains(problem, "easy")) << "names the levels there are: " << problem;

  write_ratings("easy\t1234\n");
  const auto again = PluginLibrary::load(dir_ / "gambit_raw.so");
  ASSERT_TRUE(again);
  EXPECT_TRUE(contains(again.value()->ratings_problem(), "line 2: expected 6 fields")) << again.value()->ratings_problem();
}

}  // namespace
}  // namespace gambit::players
