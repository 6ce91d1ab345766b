// SPDX-License-Identifier: MIT
// Results files: shards slice a match by pairs, a file reads back what was
// written (a line cut short left out), a bad file is refused with its line,
// and merging adds shards up and refuses what does not belong together.
#include "core/match/match_results.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace gambit::match {
namespace {

MatchResults header(Shard shard = {}) {
  MatchResults r;
  r.names = {"new", "old"};
  r.players = {"alphabeta 1.6.0 (depth=3)", "alphabeta 1.6.0 (defaults)"};
  r.conditions = "movetime 100 ms, standard, book built-in";
  r.seed = 7;
  r.shard = shard;
  return r;
}

class ResultsFile : public ::testing::Test {
 protected:
  std::filesystem::path path(const std::string& name) {
    const auto p = std::filesystem::path(::testing::TempDir()) /
                   (std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) + "_" + name);
    std::filesystem::remove(p);
    files_.push_back(p);
    return p;
  }
  ~ResultsFile() override {
    for (const auto& f : files_) std::filesystem::remove(f);
  }
  static std::string text_of(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  static void write(const std::filesystem::path& p, const std::string& text) {
    std::ofstream(p, std::ios::binary) << text;
  }

 private:
  std::vector<std::filesystem::path> files_;
};

TEST(Shard, SlicesAMatchByPairs) {
  const Shard second{2, 3};
  // Pairs (1,2) (3,4) (5,6) (7,8): pair 1 (games 3 and 4) is the second slice of three.
  EXPECT_FALSE(second.has_game(1));
  EXPECT_TRUE(second.has_game(3));
  EXPECT_TRUE(second.has_game(4));
  EXPECT_FALSE(second.has_game(5));
  EXPECT_TRUE(second.has_game(9));
  for (std::size_t game = 1; game <= 60; ++game) {
    int owners = 0;
    for (int i = 1; i <= 4; ++i) owners += Shard{i, 4}.has_game(game);
    EXPECT_EQ(owners, 1) << game;
    EXPECT_TRUE(Shard{}.has_game(game));
  }
  EXPECT_EQ(second.text(), "2/3");
}

TEST(Shard, ParsedFromIOverN) {
  auto s = parse_shard("3/4");
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(*s, (Shard{3, 4}));
  for (const char* bad : {"", "3", "0/4", "5/4", "a/4", "1/0", "1/-1", "1/4x", "-1/4"}) {
    auto p = parse_shard(bad);
    EXPECT_FALSE(p.ok()) << bad;
  }
  EXPECT_NE(parse_shard("5/4").error().find("I must be 1..N"), std::string::npos);
  EXPECT_NE(parse_shard("x").error().find("'x' is not a shard I/N"), std::string::npos);
}

TEST(MatchResults, ScoreAndPairsAreTheFirstPlayers) {
  MatchResults r = header();
  r.games = {{1, "1-0", "checkmate"},     // first player white: won
             {2, "1-0", "checkmate"},     // first player black: lost -> pair 1 point
             {4, "0-1", "resignation"},   // black: won
             {3, "1/2-1/2", "stalemate"},  // white: drew -> pair 1.5
             {5, "0-1", "checkmate"}};    // unpaired: counted in the score only
  const ResultsTally tally = r.tally();
  EXPECT_EQ(tally.score().wins, 2);
  EXPECT_EQ(tally.score().losses, 2);
  EXPECT_EQ(tally.score().draws, 1);
  EXPECT_EQ(tally.pairs().counts, (std::array<int, 5>{0, 0, 1, 1, 0}));
  // Game by game: a pair counts when its second game comes in.
  ResultsTally running;
  EXPECT_FALSE(running.add(r.games[0]));
  EXPECT_TRUE(running.add(r.games[1]));
  EXPECT_FALSE(running.add(r.games[2]));
  EXPECT_EQ(running.pairs().pairs(), 1);
  EXPECT_TRUE(running.add(r.games[3]));
  EXPECT_FALSE(running.add(r.games[4]));
  EXPECT_EQ(running.pairs(), tally.pairs());
}

TEST_F(ResultsFile, WrittenGameByGameAndReadBack) {
  const auto file = path("r.txt");
  MatchResults r = header(Shard{2, 4});
  r.sprt = SprtSettings{0, 5, 0.05, 0.05};
  {
    auto writer = ResultsWriter::open(file, r);
    ASSERT_TRUE(writer.ok()) << writer.error();
    ResultsWriter w = std::move(writer).value();
    ASSERT_TRUE(w.add({3, "1-0", "checkmate"}).ok());
    ASSERT_TRUE(w.add({11, "1/2-1/2", "forfeit: line\none"}).ok());
  }
  auto read = read_results(file);
  ASSERT_TRUE(read.ok()) << read.error();
  EXPECT_TRUE(read->same_match(r));
  EXPECT_EQ(read->shard, (Shard{2, 4}));
  ASSERT_EQ(read->games.size(), 2u);
  EXPECT_EQ(read->games[0], (FinishedGame{3, "1-0", "checkmate"}));
  EXPECT_EQ(read->games[1], (FinishedGame{11, "1/2-1/2", "forfeit: line one"}));

  // Stopped while writing a line: that line is left out, and the next writer mends the file.
  write(file, text_of(file) + "game 12: 1-");
  auto cut = read_results(file);
  ASSERT_TRUE(cut.ok()) << cut.error();
  EXPECT_EQ(cut->games.size(), 2u);
  {
    auto writer = ResultsWriter::open(file, *cut);
    ASSERT_TRUE(writer.ok()) << writer.error();
    ResultsWriter w = std::move(writer).value();
    ASSERT_TRUE(w.add({12, "0-1", "checkmate"}).ok());
  }
  auto mended = read_results(file);
  ASSERT_TRUE(mended.ok()) << mended.error();
  ASSERT_EQ(mended->games.size(), 3u);
  EXPECT_EQ(mended->games[2], (FinishedGame{12, "0-1", "checkmate"}));
  EXPECT_EQ(text_of(file).find("game 12: 1-\n"), std::string::npos);
}

// A rerun: no file or an empty one is a new match; a file of this match hands
// its games over (and the games still to play are the others of the shard); a
// file of another match or shard is refused, naming it; a folder is not a file.
TEST_F(ResultsFile, ARerunContinuesTheSameMatchOnly) {
  const auto file = path("rerun.txt");
  auto none = read_earlier_results(file);
  ASSERT_TRUE(none) << none.error();
  EXPECT_FALSE(*none) << "no file yet";
  write(file, "");
  ASSERT_TRUE(read_earlier_results(file));
  EXPECT_FALSE(*read_earlier_results(file)) << "an empty file";
  const auto folder = read_earlier_results(::testing::TempDir());
  ASSERT_FALSE(folder);
  EXPECT_NE(folder.error().find("is not a file"), std::string::npos) << folder.error();

  const MatchResults first = header(Shard{1, 2});
  {
    auto opened = ResultsWriter::open(file, first);
    ASSERT_TRUE(opened) << opened.error();
    ResultsWriter writer = std::move(opened).value();
    ASSERT_TRUE(writer.add({1, "1-0", "checkmate"}));
    ASSERT_TRUE(writer.add({6, "0-1", "checkmate"}));
  }
  auto earlier = read_earlier_results(file);
  ASSERT_TRUE(earlier && *earlier) << (earlier ? "" : earlier.error());
  MatchResults again = header(Shard{1, 2});
  ASSERT_TRUE(continue_results(again, **earlier, file));
  EXPECT_EQ(again.games.size(), 2u);
  // Shard 1/2 of 8 games: pairs 1 and 3, games 1, 2, 5, 6; 1 and 6 are in.
  EXPECT_EQ(games_to_play(again, 8), (std::vector<std::size_t>{2, 5}));
  EXPECT_EQ(games_to_play(header(Shard{1, 2}), 8), (std::vector<std::size_t>{1, 2, 5, 6}));

  MatchResults other_shard = header(Shard{2, 2});
  auto refused = continue_results(other_shard, **earlier, file);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().find("holds another match (shard 1/2)"), std::string::npos) << refused.error();
  MatchResults other_seed = header(Shard{1, 2});
  other_seed.seed = 8;
  refused = continue_results(other_seed, **earlier, file);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().find("the results file '/"), std::string::npos) << refused.error();
  EXPECT_NE(refused.error().find("(another seed: 7)"), std::string::npos) << refused.error();
  EXPECT_TRUE(other_seed.games.empty()) << "nothing taken over";
}

TEST_F(ResultsFile, BadFilesAreRefusedWithTheirLine) {
  const auto file = path("bad.txt");
  {
    auto writer = ResultsWriter::open(file, header(Shard{1, 2}));
    ASSERT_TRUE(writer.ok());
  }
  const std::string good = text_of(file);
  for (const auto& [extra, expected] : std::vector<std::pair<std::string, std::string>>{
           {"game 3: 1-0 checkmate\n", ":9: game 3 is not in shard 1/2"},
           {"game 1: 1-0 x\ngame 1: 0-1 y\n", ":10: game 1 is there twice"},
           {"game 2: 2-0 checkmate\n", ":9: game 2 has no result"},
           {"game x: 1-0 checkmate\n", ":9: 'game x' does not number a game"},
           {"score: 3\n", ":9: unknown line 'score: 3'"},
           {"hello\n", ":9: not a line of a results file"},
           {"sprt: elo0=9\n", ":9: elo0 (9) must be below elo1 (5)"},
           {"seed: -3\n", ":9: the line 'seed' comes twice"},
           {"game 1: 1-0 x\nseed: 4\n", ":10: the line 'seed' comes after the games"},
       }) {
    write(file, good + extra);
    auto read = read_results(file);
    ASSERT_FALSE(read.ok()) << extra;
    EXPECT_NE(read.error().find(expected), std::string::npos) << read.error();
  }
  write(file, "[Event \"?\"]\n");
  ASSERT_FALSE(read_results(file).ok());
  EXPECT_NE(read_results(file).error().find(":1: not a gambit-match results file"), std::string::npos);
  write(file, "gambit-match results 1\nfirst: a\nfirst player: x\nsecond: b\nsecond player: y\nconditions: c\nshard: 1/1\n");
  EXPECT_NE(read_results(file).error().find("'seed: ...' is missing"), std::string::npos);
  write(file, "gambit-match results 1\nfirst: a\n");
  EXPECT_NE(read_results(file).error().find("'second: ...' is missing"), std::string::npos);
  write(file, "");
  EXPECT_NE(read_results(file).error().find("is empty"), std::string::npos);
  EXPECT_NE(read_results(path("none.txt")).error().find("cannot read the results file"), std::string::npos);
}

TEST(MergeResults, AddsShardsUpAndRefusesWhatDoesNotBelong) {
  MatchResults a = header(Shard{1, 2}), b = header(Shard{2, 2});
  a.games = {{1, "1-0", "checkmate"}, {2, "1/2-1/2", "stalemate"}};
  b.games = {{4, "0-1", "checkmate"}, {3, "1-0", "checkmate"}};
  auto sum = merge_results({a, b});
  ASSERT_TRUE(sum.ok()) << sum.error();
  EXPECT_EQ(sum->shard, Shard{});
  EXPECT_EQ(sum->games.size(), 4u);
  EXPECT_EQ(sum->tally().score().wins, 3);
  EXPECT_EQ(sum->tally().score().draws, 1);
  EXPECT_EQ(sum->tally().pairs().counts, (std::array<int, 5>{0, 0, 0, 1, 1}));

  auto twice = merge_results({a, a});
  ASSERT_FALSE(twice.ok());
  EXPECT_NE(twice.error().find("shard 1/2 comes twice"), std::string::npos) << twice.error();
  MatchResults other = b;
  other.conditions = "movetime 200 ms, standard, book built-in";
  EXPECT_NE(merge_results({a, other}).error().find("other conditions: movetime 200 ms"), std::string::npos);
  other = b;
  other.names[0] = "newer";
  EXPECT_NE(merge_results({a, other}).error().find("other players: newer (alphabeta 1.6.0 (depth=3)) against old"), std::string::npos);
  other = b;
  other.seed = 8;
  EXPECT_NE(merge_results({a, other}).error().find("another seed: 8"), std::string::npos);
  other = b;
  other.sprt = SprtSettings{};
  EXPECT_NE(merge_results({a, other}).error().find("another SPRT: elo0=0 elo1=5"), std::string::npos);
  other = header(Shard{2, 3});
  EXPECT_NE(merge_results({a, other}).error().find("into 3 shards, results 1 into 2"), std::string::npos);
  MatchResults whole = header();
  whole.games = {{1, "1-0", "checkmate"}};
  MatchResults whole_again = header(Shard{1, 1});
  EXPECT_FALSE(merge_results({whole, whole_again}).ok());
  EXPECT_FALSE(merge_results({}).ok());
}

}  // namespace
}  // namespace gambit::match
