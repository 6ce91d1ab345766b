// SPDX-License-Identifier: MIT
// The opening explorer: for positions reached by many games through shared
// openings and transpositions, its counts, results, ratings, performances and
// top games equal what a plain count over the games gives, with and without a
// filter; a game that came back to a position counts once, with its first move
// there; the results' shares always add up to 100.
#include "core/database/opening_explorer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "core/chess/movegen.h"
#include "core/chess/san.h"
#include "core/database/game_database.h"
#include "core/util/splitmix64.h"
#include "tests/core/config/temp_files.h"

namespace gambit::database {
namespace {

// Games that share their first moves (so that positions have several moves played), then go their own ways.
std::vector<GameToAdd> random_games(int count, std::uint64_t seed) {
  const std::vector<std::vector<std::string>> openings{
      {"e4", "e5", "Nf3", "Nc6"}, {"Nf3", "Nc6", "e4", "e5"}, {"e4", "c5"}, {"d4", "d5", "c4"}, {"e4", "e5"}, {}};
  const char* results[] = {"1-0", "0-1", "1/2-1/2", "*"};
  const char* clocks[] = {"60+0", "180+2", "600+5", "-", ""};
  SplitMix64 random{seed};
  std::vector<GameToAdd> games;
  for (int g = 0; g < count; ++g) {
    chess::PgnGame game;
    chess::Position pos;
    for (const std::string& san : openings[random.next() % openings.size()]) {
      const chess::Move m = *chess::parse_san(pos, san);
      game.moves.push_back(m);
      pos.do_move(m);
    }
    const int plies = int(random.next() % 12);
    for (int i = 0; i < plies; ++i) {
      const auto moves = chess::legal_moves(pos);
      if (moves.empty()) break;
      const chess::Move m = moves[random.next() % moves.size()];
      game.moves.push_back(m);
      pos.do_move(m);
    }
    game.result = results[random.next() % 4];
    game.tags = {{"White", "W" + std::to_string(g % 7)}, {"Black", "B" + std::to_string(g % 5)}};
    if (random.next() % 4 != 0) game.tags.emplace_back("WhiteElo", std::to_string(1000 + random.next() % 1500));
    if (random.next() % 4 != 0) game.tags.emplace_back("BlackElo", std::to_string(1000 + random.next() % 1500));
    if (const char* clock = clocks[random.next() % 5]; *clock) game.tags.emplace_back("TimeControl", clock);
    games.push_back({game, ""});
  }
  return games;
}

int rating_of(const chess::PgnGame& game, const char* tag) {
  const std::string text = game.tag(tag);
  return text.empty() ? 0 : std::stoi(text);
}

// The explorer's answer counted the plain way: each game replayed up to its first time in pos.
Exploration counted(const std::vector<GameToAdd>& games, const chess::Position& pos,
                    const std::function<bool(const chess::PgnGame&)>& wanted) {
  Exploration e;
  std::map<std::uint16_t, std::pair<chess::Move, std::vector<const chess::PgnGame*>>> by_move;  // by Move::raw
  const auto add = [](Tally& t, const std::string& result) {
    ++t.games;
    t.white += result == "1-0", t.black += result == "0-1", t.draws += result == "1/2-1/2";
  };
  for (const GameToAdd& g : games) {
    if (!wanted(g.game)) continue;
    chess::Position at = g.game.start;
    for (std::size_t ply = 0; ply <= g.game.moves.size(); ++ply) {
      if (at.key() == pos.key()) {
        add(e.tally, g.game.result);
        if (ply < g.game.moves.size()) {
          auto& entry = by_move[g.game.moves[ply].raw()];
          entry.first = g.game.moves[ply];
          entry.second.push_back(&g.game);
        }
        break;
      }
      if (ply < g.game.moves.size()) at.do_move(g.game.moves[ply]);
    }
  }
  for (const auto& [raw, entry] : by_move) {
    const auto& [move, played] = entry;
    ExplorerMove m{move, {}, 0, 0};
    double ratings = 0, rated = 0, opponents = 0, opponent_games = 0, wins_minus_losses = 0;
    for (const chess::PgnGame* game : played) {
      add(m.tally, game->result);
      for (const char* tag : {"WhiteElo", "BlackElo"})
        if (rating_of(*game, tag) > 0) ratings += rating_of(*game, tag), ++rated;
      const bool white = pos.side_to_move() == chess::WHITE;
      const int opponent = rating_of(*game, white ? "BlackElo" : "WhiteElo");
      if (opponent > 0 && game->result != "*") {
        opponents += opponent, ++opponent_games;
        if (game->result == (white ? "1-0" : "0-1")) ++wins_minus_losses;
        if (game->result == (white ? "0-1" : "1-0")) --wins_minus_losses;
      }
    }
    if (rated > 0) m.average_rating = int(std::lround(ratings / rated));
    if (opponent_games > 0) m.performance = int(std::lround((opponents + 400 * wins_minus_losses) / opponent_games));
    e.moves.push_back(m);
  }
  return e;
}

void expect_same(const Exploration& found, const Exploration& expected, const std::string& where) {
  EXPECT_EQ(found.tally, expected.tally) << where;
  ASSERT_EQ(found.moves.size(), expected.moves.size()) << where;
  for (const ExplorerMove& want : expected.moves) {
    auto it = std::find_if(found.moves.begin(), found.moves.end(),
                           [&](const ExplorerMove& m) { return m.move == want.move; });
    ASSERT_NE(it, found.moves.end()) << where;
    EXPECT_EQ(it->tally, want.tally) << where;
    EXPECT_EQ(it->average_rating, want.average_rating) << where;
    EXPECT_EQ(it->performance, want.performance) << where;
  }
  for (std::size_t i = 1; i < found.moves.size(); ++i)
    EXPECT_GE(found.moves[i - 1].tally.games, found.moves[i].tally.games) << where << ": most played first";
}

class OpeningExplorerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto opened = GameDatabase::open(dir_.path() / "games.gdb");
    ASSERT_TRUE(opened) << opened.error();
    db_ = std::move(opened).value();
    games_ = random_games(600, 7);
    // In three batches: three runs of the index.
    for (std::size_t from = 0; from < games_.size(); from += 200)
      ASSERT_TRUE(db_->add(std::span(games_).subspan(from, 200), {"x", 0, 0, 0, 0, 0, false}));
  }
  // Every position of the first plies of some games: common and rare ones.
  std::vector<chess::Position> positions() const {
    std::vector<chess::Position> all;
    for (std::size_t g = 0; g < games_.size(); g += 37) {
      chess::Position pos = games_[g].game.start;
      for (std::size_t ply = 0; ply < games_[g].game.moves.size() && ply < 8; ++ply) {
        all.push_back(pos);
        pos.do_move(games_[g].game.moves[ply]);
      }
    }
    return all;
  }
  fixtures::TempDir dir_;
  std::unique_ptr<GameDatabase> db_;
  std::vector<GameToAdd> games_;
};

TEST_F(OpeningExplorerTest, ItsCountsEqualACountOverTheGames) {
  for (const chess::Position& pos : positions()) {
    auto found = db_->explore(pos, {});
    ASSERT_TRUE(found) << found.error();
    expect_same(found.value(), counted(games_, pos, [](const chess::PgnGame&) { return true; }), pos.fen());
  }
  auto start = db_->explore(chess::Position(), {});
  ASSERT_TRUE(start);
  EXPECT_EQ(start.value().tally.games, 600);
  EXPECT_GE(start.value().moves.size(), 3u) << "e4, Nf3, d4 and random first moves";
}

TEST_F(OpeningExplorerTest, AFilterCountsOnlyTheGamesItChooses) {
  GameFilter filter;
  filter.player = "W3";
  filter.side = GameFilter::Side::White;
  filter.speed = rating::Speed::Blitz;
  const auto wanted = [](const chess::PgnGame& g) { return g.tag("White") == "W3" && g.tag("TimeControl") == "180+2"; };
  GameFilter rated;
  rated.min_elo = 1800;
  const auto strong = [](const chess::PgnGame& g) {
    return rating_of(g, "WhiteElo") >= 1800 && rating_of(g, "BlackElo") >= 1800;
  };
  std::int64_t seen = 0;
  for (const chess::Position& pos : positions()) {
    auto found = db_->explore(pos, filter);
    ASSERT_TRUE(found) << found.error();
    expect_same(found.value(), counted(games_, pos, wanted), pos.fen() + " W3 blitz");
    seen += found.value().tally.games;
    found = db_->explore(pos, rated);
    ASSERT_TRUE(found) << found.error();
    expect_same(found.value(), counted(games_, pos, strong), pos.fen() + " 1800+");
  }
  EXPECT_GT(seen, 0) << "the filter chose some games";

  // Games added after a filtered question are counted by the same filter asked again.
  std::vector<GameToAdd> more = random_games(100, 8);
  ASSERT_TRUE(db_->add(more, {"x", 0, 0, 0, 0, 0, false}));
  games_.insert(games_.end(), more.begin(), more.end());
  for (const chess::Position& pos : positions()) {
    auto found = db_->explore(pos, filter);
    ASSERT_TRUE(found) << found.error();
    expect_same(found.value(), counted(games_, pos, wanted), pos.fen() + " W3 blitz, with the games added");
  }
}

TEST_F(OpeningExplorerTest, TopGamesAreTheBestRatedThatReachedThePosition) {
  const chess::Position pos = [] {
    chess::Position p;
    p.do_move(*chess::parse_san(p, "e4"));
    return p;
  }();
  auto found = db_->explore(pos, {}, 5);
  ASSERT_TRUE(found) << found.error();
  ASSERT_EQ(found.value().top_games.size(), 5u);
  auto headers = db_->headers(found.value().top_games);
  ASSERT_TRUE(headers) << headers.error();
  ASSERT_EQ(headers.value().size(), 5u);
  int best_elsewhere = 0;  // the best average of a rated game there that is not among the top
  for (std::size_t i = 0; i < games_.size(); ++i) {
    const auto id = std::int64_t(i + 1);
    if (std::find(found.value().top_games.begin(), found.value().top_games.end(), id) !=
        found.value().top_games.end())
      continue;
    const chess::PgnGame& g = games_[i].game;
    if (g.moves.empty() || g.moves[0] != *chess::parse_san(chess::Position(), "e4")) continue;
    if (rating_of(g, "WhiteElo") > 0 && rating_of(g, "BlackElo") > 0)
      best_elsewhere = std::max(best_elsewhere, (rating_of(g, "WhiteElo") + rating_of(g, "BlackElo")) / 2);
  }
  for (const GameHeader& h : headers.value()) {
    EXPECT_GT(h.white_elo, 0);
    EXPECT_GE((h.white_elo + h.black_elo) / 2, best_elsewhere) << "game " << h.id;
  }
}

TEST_F(OpeningExplorerTest, AGameBackInAPositionCountsOnceWithItsFirstMove) {
  fixtures::TempDir dir;
  auto db = GameDatabase::open(dir.path() / "back.gdb");
  ASSERT_TRUE(db);
  chess::PgnReader reader("[White \"a\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. e4 1-0\n");
  std::vector<GameToAdd> game{{std::move(*reader.next()).value(), ""}};
  ASSERT_TRUE(db.value()->add(game, {"x", 0, 0, 0, 0, 0, false}));
  auto found = db.value()->explore(chess::Position(), {});
  ASSERT_TRUE(found);
  EXPECT_EQ(found.value().tally, (Tally{1, 1, 0, 0}));
  ASSERT_EQ(found.value().moves.size(), 1u);
  EXPECT_EQ(chess::to_san(chess::Position(), found.value().moves[0].move), "Nf3");
}

TEST(Shares, AlwaysAddUpToAHundred) {
  for (std::int64_t w = 0; w < 12; ++w)
    for (std::int64_t d = 0; d < 12; ++d)
      for (std::int64_t b = 0; b < 12; ++b) {
        const Shares s = shares_of({w + d + b + 3, w, d, b});
        if (w + d + b == 0) {
          EXPECT_EQ(s.white + s.draws + s.black, 0);
          continue;
        }
        EXPECT_EQ(s.white + s.draws + s.black, 100) << w << " " << d << " " << b;
        EXPECT_LE(std::abs(s.white - double(100 * w) / double(w + d + b)), 1.0);
        EXPECT_LE(std::abs(s.black - double(100 * b) / double(w + d + b)), 1.0);
      }
}

}  // namespace
}  // namespace gambit::database
