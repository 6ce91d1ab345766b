// SPDX-License-Identifier: MIT
// GameDatabase: games added come back whole (tags, start, moves, their text);
// searches by player, side, event, result, date and rating find exactly the
// games they should; a file that is not ours is refused and left untouched.
#include "core/database/game_database.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "core/chess/pgn.h"
#include "core/store/sqlite.h"
#include "tests/core/config/temp_files.h"

namespace gambit::database {
namespace {

using fixtures::TempDir;

chess::PgnGame game_of(const std::string& pgn) {
  chess::PgnReader reader(pgn);
  auto game = reader.next();
  EXPECT_TRUE(game && *game) << pgn;
  return game && *game ? std::move(*game).value() : chess::PgnGame{};
}

std::string tags(const std::string& white, const std::string& black, const std::string& result,
                 const std::string& date, const std::string& more = "") {
  return "[Event \"Club " + date.substr(0, 4) + "\"]\n[Site \"Here\"]\n[Date \"" + date +
         "\"]\n[Round \"1\"]\n[White \"" +
         white + "\"]\n[Black \"" + black + "\"]\n[Result \"" + result + "\"]\n" + more + "\n";
}

class GameDatabaseTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto opened = GameDatabase::open(dir_.path() / "games.gdb");
    ASSERT_TRUE(opened) << opened.error();
    db_ = std::move(opened).value();
    const std::vector<std::string> texts{
        tags("Carlsen, Magnus", "Nakamura, Hikaru", "1-0", "2023.05.01",
             "[WhiteElo \"2850\"]\n[BlackElo \"2780\"]\n[ECO \"C65\"]\n[TimeControl \"180+2\"]\n[Annotator \"Me\"]\n") +
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 1-0\n",
        tags("Nakamura, Hikaru", "Carlsen, Magnus", "1/2-1/2", "2024.02.10",
             "[WhiteElo \"2790\"]\n[BlackElo \"2830\"]\n") + "1. d4 d5 2. c4 e6 1/2-1/2\n",
        tags("carlsen, magnus", "Anand, Viswanathan", "0-1", "2010.07.20") +
            "1. c4 {English} e5 (1... c5 2. Nf3) 2. Nc3 $1 0-1\n",
        tags("Someone", "Else", "*", "2024.????", "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n") +
            "1. e4 Kd7 *\n",
    };
    for (const std::string& text : texts) {
      GameToAdd added{game_of(text), text.find('{') != std::string::npos ? text : std::string()};
      games_.push_back(added);
    }
    ASSERT_TRUE(db_->add(games_, ImportState{"x.pgn", 1, 2, 3, 4, 0, false}));
  }

  std::int64_t count(const GameFilter& filter) {
    auto n = db_->count(filter);
    EXPECT_TRUE(n) << n.error();
    return n ? n.value() : -1;
  }
  std::vector<std::int64_t> ids(const GameFilter& filter) {
    auto found = db_->find(filter, 100);
    EXPECT_TRUE(found) << found.error();
    std::vector<std::int64_t> out;
    if (found)
      for (const GameHeader& h : found.value()) out.push_back(h.id);
    return out;
  }

  TempDir dir_;
  std::unique_ptr<GameDatabase> db_;
  std::vector<GameToAdd> games_;
};

TEST_F(GameDatabaseTest, AGameComesBackWhole) {
  for (std::size_t i = 0; i < games_.size(); ++i) {
    auto back = db_->game(std::int64_t(i) + 1);
    ASSERT_TRUE(back) << back.error();
    const chess::PgnGame& original = games_[i].game;
    EXPECT_EQ(back->game.moves, original.moves) << i;
    EXPECT_EQ(back->game.result, original.result);
    EXPECT_EQ(back->game.start.fen(), original.start.fen());
    for (const auto& [name, value] : original.tags) EXPECT_EQ(back->game.tag(name), value) << i << " " << name;
    EXPECT_EQ(back->pgn, games_[i].pgn);
    // Written out again, it reads as the same game.
    const chess::PgnGame reread = game_of(chess::write_pgn(back->game));
    EXPECT_EQ(reread.moves, original.moves);
  }
  auto missing = db_->game(99);
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error(), "there is no game 99 in the database");
}

// A Chess960 game from another start than 518, with castling: its start is kept, so its moves read back.
TEST(GameDatabaseChess960, AGameComesBackFromItsOwnStart) {
  TempDir dir;
  auto opened = GameDatabase::open(dir.path() / "960.gdb");
  ASSERT_TRUE(opened) << opened.error();
  const std::string text =
      "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n"
      "[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]\n\n"
      "1. d4 d5 2. Nc3 Nc6 3. Nd3 Nd6 4. Qd2 Qd7 5. O-O-O O-O-O *\n";
  const chess::PgnGame game = game_of(text);
  ASSERT_EQ(game.moves.size(), 10u);
  const std::vector<GameToAdd> games{GameToAdd{game, ""}};
  ASSERT_TRUE(opened.value()->add(games, ImportState{"960.pgn", 1, 1, 0, 0, 0, false}));
  auto back = opened.value()->game(1);
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->game.start, game.start);
  EXPECT_EQ(back->game.moves, game.moves);
}

TEST_F(GameDatabaseTest, TheHeaderIsInColumns) {
  auto found = db_->find({}, 10);
  ASSERT_TRUE(found) << found.error();
  ASSERT_EQ(found->size(), 4u);
  const GameHeader& first = found->front();
  EXPECT_EQ(first.white, "Carlsen, Magnus");
  EXPECT_EQ(first.white_elo, 2850);
  EXPECT_EQ(first.black_elo, 2780);
  EXPECT_EQ(first.result, "1-0");
  EXPECT_EQ(first.eco, "C65");
  EXPECT_EQ(first.time_control, "180+2");
  EXPECT_EQ(first.variant, "Standard");
  EXPECT_EQ(first.plies, 6);
  EXPECT_EQ((*found)[3].white_elo, 0) << "no rating is 0";
}

TEST_F(GameDatabaseTest, SearchesFindExactlyTheirGames) {
  using Side = GameFilter::Side;
  EXPECT_EQ(count({}), 4);
  EXPECT_EQ(ids({.player = "carlsen"}), (std::vector<std::int64_t>{1, 2, 3})) << "a name's start, any case";
  EXPECT_EQ(ids({.player = "Carlsen", .side = Side::White}), (std::vector<std::int64_t>{1, 3}));
  EXPECT_EQ(ids({.player = "CARLSEN, M", .side = Side::Black}), (std::vector<std::int64_t>{2}));
  EXPECT_EQ(ids({.player = "Magnus"}), (std::vector<std::int64_t>{})) << "the start of the name, not any part";
  EXPECT_EQ(ids({.event = "club 2024"}), (std::vector<std::int64_t>{2, 4}));
  EXPECT_EQ(ids({.result = "1/2-1/2"}), (std::vector<std::int64_t>{2}));
  EXPECT_EQ(ids({.date_from = "2011.01.01", .date_to = "2024.02.10"}), (std::vector<std::int64_t>{1, 2}));
  EXPECT_EQ(ids({.date_from = "2024"}), (std::vector<std::int64_t>{2, 4}));
  EXPECT_EQ(ids({.min_elo = 2800}), (std::vector<std::int64_t>{}));
  EXPECT_EQ(ids({.min_elo = 2750}), (std::vector<std::int64_t>{1, 2}));
  EXPECT_EQ(count({.player = "carlsen", .result = "0-1"}), 1);
  EXPECT_EQ(ids({.max_elo = 2850}), (std::vector<std::int64_t>{1, 2})) << "unrated games are in no range";
  EXPECT_EQ(ids({.min_elo = 2780, .max_elo = 2840}), (std::vector<std::int64_t>{2}));
  EXPECT_EQ(count({.site = "HERE"}), 4);
  EXPECT_EQ(count({.site = "there"}), 0);
  EXPECT_EQ(ids({.eco = "C6"}), (std::vector<std::int64_t>{1}));
  EXPECT_EQ(ids({.eco = "C65"}), (std::vector<std::int64_t>{1}));
  EXPECT_EQ(ids({.eco = "C650"}), (std::vector<std::int64_t>{}));
  EXPECT_EQ(ids({.time_control = "180+2"}), (std::vector<std::int64_t>{1}));
  EXPECT_EQ(ids({.time_control = "180"}), (std::vector<std::int64_t>{})) << "the whole tag, not its start";
  EXPECT_EQ(count({.variant = "standard"}), 4);
  EXPECT_EQ(count({.variant = "Three-check"}), 0);
  EXPECT_EQ(ids({.speed = rating::Speed::Blitz}), (std::vector<std::int64_t>{1})) << "180+2 is blitz";
  EXPECT_EQ(count({.speed = rating::Speed::Rapid}), 0);
  auto page = db_->find({}, 2, 1);
  ASSERT_TRUE(page);
  ASSERT_EQ(page->size(), 2u);
  EXPECT_EQ(page->front().id, 2);
}

TEST_F(GameDatabaseTest, AListIsSortedByAnyColumnTiesInTheOrderAdded) {
  const auto sorted = [&](GameOrder order) {
    auto found = db_->find({}, 100, 0, order);
    EXPECT_TRUE(found) << found.error();
    std::vector<std::int64_t> out;
    if (found)
      for (const GameHeader& h : found.value()) out.push_back(h.id);
    return out;
  };
  using By = GameOrder::By;
  EXPECT_EQ(sorted({By::White, false}), (std::vector<std::int64_t>{1, 3, 2, 4})) << "case not minded";
  EXPECT_EQ(sorted({By::Date, true}), (std::vector<std::int64_t>{4, 2, 1, 3}));
  EXPECT_EQ(sorted({By::WhiteElo, true}), (std::vector<std::int64_t>{1, 2, 3, 4})) << "unrated last, then as added";
  EXPECT_EQ(sorted({By::Added, true}), (std::vector<std::int64_t>{4, 3, 2, 1}));
}

TEST(SpeedOfTimeControl, ReadsThePgnTagsForms) {
  EXPECT_EQ(speed_of_time_control("60+0"), rating::Speed::Bullet);
  EXPECT_EQ(speed_of_time_control("180+2"), rating::Speed::Blitz);
  EXPECT_EQ(speed_of_time_control("600"), rating::Speed::Rapid) << "seconds alone, no increment";
  EXPECT_EQ(speed_of_time_control("40/7200:3600"), rating::Speed::Classical) << "moves/seconds, first period";
  EXPECT_EQ(speed_of_time_control("-"), rating::Speed::Untimed);
  EXPECT_EQ(speed_of_time_control("?"), std::nullopt);
  EXPECT_EQ(speed_of_time_control(""), std::nullopt);
  EXPECT_EQ(speed_of_time_control("blitz"), std::nullopt) << "not a clock";
}

TEST_F(GameDatabaseTest, TheImportStateIsKeptWithTheGames) {
  auto state = db_->import_state("x.pgn");
  ASSERT_TRUE(state) << state.error();
  ASSERT_TRUE(state->has_value());
  EXPECT_EQ(**state, (ImportState{"x.pgn", 1, 2, 3, 4, 0, false}));
  auto none = db_->import_state("y.pgn");
  ASSERT_TRUE(none);
  EXPECT_FALSE(none->has_value());
  // Reopened, everything is there.
  db_.reset();
  auto again = GameDatabase::open(dir_.path() / "games.gdb");
  ASSERT_TRUE(again) << again.error();
  auto n = again.value()->count({});
  ASSERT_TRUE(n);
  EXPECT_EQ(n.value(), 4);
}

std::string contents(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(GameDatabaseFiles, AFileNotOursIsRefusedAndLeftAsItWas) {
  TempDir dir;
  const auto text = dir.write("notes.gdb", std::string(5000, 'x'));
  auto opened = GameDatabase::open(text);
  ASSERT_FALSE(opened);
  EXPECT_EQ(opened.error(), "'" + text.string() + "' is not a Gambit game database: it is not an SQLite file, or it "
                                                  "is damaged");
  EXPECT_EQ(contents(text), std::string(5000, 'x'));

  const auto other = dir.path() / "other.sqlite";
  {
    auto db = store::Connection::open(other);
    ASSERT_TRUE(db);
    ASSERT_TRUE(db.value()->exec("CREATE TABLE t(x); INSERT INTO t VALUES(1);"));
  }
  const std::string before = contents(other);
  auto refused = GameDatabase::open(other);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().find("it is another program's SQLite file"), std::string::npos) << refused.error();
  EXPECT_EQ(contents(other), before);

  const auto newer = dir.path() / "newer.gdb";
  ASSERT_TRUE(GameDatabase::open(newer));
  {
    auto db = store::Connection::open(newer);
    ASSERT_TRUE(db);
    ASSERT_TRUE(db.value()->exec("PRAGMA user_version = 99"));
  }
  auto too_new = GameDatabase::open(newer);
  ASSERT_FALSE(too_new);
  EXPECT_NE(too_new.error().find("it was made by a newer Gambit"), std::string::npos) << too_new.error();
}

}  // namespace
}  // namespace gambit::database
