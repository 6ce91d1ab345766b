// SPDX-License-Identifier: MIT
// The game runner with real plugins: whole games end with a decided outcome
// and a PGN that reads back to the same moves; misbehaving players forfeit.
#include "core/match/game_runner.h"

#include <gtest/gtest.h>

#include "core/match/game_record.h"
#include "core/match/openings.h"

#include "core/chess/movegen.h"
#include "core/players/options.h"
#include "core/players/plugin_library.h"

namespace gambit::match {
namespace {

std::unique_ptr<players::PluginPlayer> make_player(const char* path, players::OptionList options = {}) {
  auto library = players::PluginLibrary::load(path);
  EXPECT_TRUE(library.ok()) << (library.ok() ? "" : library.error());
  if (!library) return nullptr;
  auto player = players::PluginPlayer::create(*library, std::move(options));
  EXPECT_TRUE(player.ok()) << (player.ok() ? "" : player.error());
  return player.ok() ? std::move(player).value() : nullptr;
}

// The game after these moves from the variant's start.
chess::Game opening(std::vector<std::string> moves, chess::Variant variant = chess::Variant::Standard) {
  auto game = Opening{"test", "", std::move(moves)}.game(variant);
  EXPECT_TRUE(game.ok()) << (game.ok() ? "" : game.error());
  return game.ok() ? *game : chess::Game(chess::Position(variant));
}

TEST(GameRunner, RandomPlayersFinishAGameWhosePgnReadsBack) {
  auto white = make_player(GAMBIT_RANDOM_PLUGIN, {{"seed", "11"}});
  auto black = make_player(GAMBIT_RANDOM_PLUGIN, {{"seed", "12"}});
  ASSERT_TRUE(white && black);
  auto played = play_game(*white, *black, opening({"e2e4", "e7e5"}), {20, 0, 0},
                          {{"Round", "7"}, {"Seed", "11"}});
  const chess::Game& game = played.game;
  EXPECT_TRUE(game.is_over());
  EXPECT_NE(game.outcome().termination, chess::Termination::Forfeit) << game.outcome().description();
  EXPECT_NE(game.outcome().termination, chess::Termination::TimeForfeit) << game.outcome().description();
  EXPECT_EQ(game.moves()[0], chess::Move(chess::SQ_E2, chess::SQ_E4));

  const std::string text = chess::write_pgn(played.pgn);
  chess::PgnReader reader(text);
  auto read = reader.next();
  ASSERT_TRUE(read && read->ok()) << text;
  EXPECT_EQ(read->value().moves, game.moves());
  EXPECT_EQ(read->value().result, game.outcome().pgn_result());
  EXPECT_EQ(read->value().tag("Round"), "7");
  EXPECT_EQ(read->value().tag("Seed"), "11");
  EXPECT_EQ(read->value().tag("TimeControl"), "-");
  EXPECT_EQ(read->value().tag("Termination"), "normal");
  EXPECT_EQ(read->value().comments_after.back(), game.outcome().description());
}

TEST(GameRunner, AThreeCheckGameIsPlayedRecordedAndReadBackInItsVariant) {
  auto white = make_player(GAMBIT_RANDOM_PLUGIN, {{"seed", "21"}});
  auto black = make_player(GAMBIT_RANDOM_PLUGIN, {{"seed", "22"}});
  ASSERT_TRUE(white && black);
  auto played = play_game(*white, *black, opening({"e2e4"}, chess::Variant::ThreeCheck), {20, 0, 0}, {});
  const chess::Game& game = played.game;
  EXPECT_EQ(game.start().variant(), chess::Variant::ThreeCheck);
  ASSERT_TRUE(game.is_over());
  const std::string text = chess::write_pgn(played.pgn);
  EXPECT_NE(text.find("[Variant \"Three-check\"]"), std::string::npos) << text;
  chess::PgnReader reader(text);
  auto read = reader.next();
  ASSERT_TRUE(read && read->ok()) << text;
  const chess::Game again = game_from_pgn(read->value());
  EXPECT_EQ(again.start().variant(), chess::Variant::ThreeCheck);
  EXPECT_EQ(again.moves(), game.moves());
  EXPECT_EQ(again.position(), game.position()) << again.position().pretty();
  EXPECT_EQ(again.outcome().termination, game.outcome().termination) << game.outcome().description();
}

TEST(GameRunner, IllegalMoveForfeitsWithTheReason) {
  auto cheat = make_player(GAMBIT_RAW_TEST_PLUGIN, {{"behaviour", "illegal"}});
  auto random = make_player(GAMBIT_RANDOM_PLUGIN, {{"seed", "3"}});
  ASSERT_TRUE(cheat && random);
  auto played = play_game(*random, *cheat, opening({}), {50, 0, 0}, {});
    const chess::Outcome& outcome = played.game.outcome();
  EXPECT_EQ(outcome.termination, chess::Termination::Forfeit);
  EXPECT_EQ(outcome.pgn_result(), "1-0");
  EXPECT_NE(outcome.reason.find("'a1a1' is not a legal move"), std::string::npos) << outcome.reason;
  EXPECT_EQ(played.game.moves().size(), 1u);  // white moved, black's answer was refused
  EXPECT_EQ(played.pgn.tags.back(), (std::pair<std::string, std::string>{"Termination", "rules infraction"}));
}

TEST(GameRunner, FailingNewGameForfeitsBeforeAnyMove) {
  auto broken = make_player(GAMBIT_RAW_TEST_PLUGIN, {{"behaviour", "error"}});
  auto random = make_player(GAMBIT_RANDOM_PLUGIN, {{"seed", "4"}});
  ASSERT_TRUE(broken && random);
  auto played = play_game(*broken, *random, opening({}), {50, 0, 0}, {});
    EXPECT_EQ(played.game.outcome().pgn_result(), "0-1");
  EXPECT_TRUE(played.game.moves().empty());
  EXPECT_NE(played.game.outcome().reason.find("no new games today"), std::string::npos)
      << played.game.outcome().reason;
}

TEST(GameRunner, ExceptionInChooseMoveForfeitsWithItsMessage) {
  auto broken = make_player(GAMBIT_RAW_TEST_PLUGIN, {{"behaviour", "throw"}});
  auto random = make_player(GAMBIT_RANDOM_PLUGIN, {{"seed", "4"}});
  ASSERT_TRUE(broken && random);
  auto played = play_game(*random, *broken, opening({}), {50, 0, 0}, {});
    EXPECT_EQ(played.game.outcome().pgn_result(), "1-0");
  EXPECT_EQ(played.game.outcome().termination, chess::Termination::Forfeit);
  EXPECT_NE(played.game.outcome().reason.find("raw exception escaped"), std::string::npos)
      << played.game.outcome().reason;
}

TEST(GameRunner, ClocksAreKeptAndTaggedInPgn) {
  auto white = make_player(GAMBIT_RANDOM_PLUGIN, {{"seed", "5"}});
  auto black = make_player(GAMBIT_RANDOM_PLUGIN, {{"seed", "6"}});
  ASSERT_TRUE(white && black);
  TimeControl tc{0, 30000, 500};
  auto played = play_game(*white, *black, opening({}), tc, {});
    EXPECT_TRUE(played.game.is_over());
  EXPECT_NE(played.game.outcome().termination, chess::Termination::TimeForfeit);
  EXPECT_EQ(played.pgn.tag("TimeControl"), "30+0.5");
}

TEST(GameRunner, AGameFromAPositionKeepsItsFenInThePgn) {
  auto white = make_player(GAMBIT_RANDOM_PLUGIN, {{"seed", "7"}});
  auto black = make_player(GAMBIT_RANDOM_PLUGIN, {{"seed", "8"}});
  ASSERT_TRUE(white && black);
  const std::string fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
  auto start = Opening{"from a FEN", fen, {"f1b5"}}.game(chess::Variant::Standard);
  ASSERT_TRUE(start.ok()) << start.error();
  auto played = play_game(*white, *black, *start, {20, 0, 0}, {});
  EXPECT_EQ(played.game.moves()[0], chess::Move(chess::SQ_F1, chess::SQ_B5));
  EXPECT_EQ(played.pgn.tag("FEN"), "");  // written from the start position by write_pgn
  const std::string text = chess::write_pgn(played.pgn);
  EXPECT_NE(text.find("[FEN \"" + fen + "\"]"), std::string::npos) << text;
  chess::PgnReader reader(text);
  auto read = reader.next();
  ASSERT_TRUE(read && read->ok()) << text;
  EXPECT_EQ(game_from_pgn(read->value()).moves(), played.game.moves());
}

TEST(TimeControl, PgnTag) {
  EXPECT_EQ((TimeControl{0, 60000, 0}).pgn_tag(), "60+0");
  EXPECT_EQ((TimeControl{0, 10000, 100}).pgn_tag(), "10+0.1");
  EXPECT_EQ((TimeControl{0, 1500, 1250}).pgn_tag(), "1.5+1.25");
  EXPECT_EQ((TimeControl{100, 0, 0}).pgn_tag(), "-");
}

}  // namespace
}  // namespace gambit::match
