// What the store is told about a finished game (store_record): result, ending,
// and whether the game began at its variant's start, which decides rating.
#include "core/match/game_record.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "core/chess/san.h"
#include "core/match/game_runner.h"

namespace gambit::match {
namespace {

store::PlayerIdentity you() { return store::PlayerIdentity::person("You"); }
store::PlayerIdentity bot() { return store::PlayerIdentity::ai("random", "1.0", "", "random"); }

// The game from start after the SAN moves, which must be legal.
chess::Game played(chess::Position start, std::initializer_list<const char*> moves) {
  chess::Game game(start);
  for (const char* san : moves) {
    auto move = chess::parse_san(game.position(), san);
    EXPECT_TRUE(move) << san << ": " << (move ? "" : move.error());
    if (move) game.play(*move);
  }
  return game;
}

store::FinishedGame record_of(const chess::Game& game) {
  return store_record(game, pgn_record(game, "test", "You", "random", {}, {}), you(), bot(), {}, 100, 200,
                      store::GameSource::Window);
}

TEST(StoreRecord, AGameFromTheStartIsRatedAndOneFromATypedPositionIsNot) {
  const store::FinishedGame fools_mate = record_of(played(chess::Position(), {"f3", "e5", "g4", "Qh4#"}));
  EXPECT_EQ(fools_mate.result, "0-1");
  EXPECT_EQ(fools_mate.reason, "checkmate");
  EXPECT_TRUE(fools_mate.from_start);

  // One move from mate, typed into Load: the mate is kept, not rated.
  auto near_mate = chess::Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
  ASSERT_TRUE(near_mate) << near_mate.error();
  const store::FinishedGame mate = record_of(played(*near_mate, {"Ra8#"}));
  EXPECT_EQ(mate.result, "1-0");
  EXPECT_FALSE(mate.from_start);
  EXPECT_NE(mate.pgn.find("[SetUp \"1\"]"), std::string::npos) << mate.pgn;

  // The standard setup typed as a FEN is the start; so is three-check's start.
  auto typed_start = chess::Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  ASSERT_TRUE(typed_start);
  chess::Game resigned = played(*typed_start, {"e4"});
  resigned.resign(chess::BLACK);
  EXPECT_TRUE(record_of(resigned).from_start);
  chess::Game three_check = played(chess::Position(chess::Variant::ThreeCheck), {"e4", "f6"});
  three_check.resign(chess::WHITE);
  EXPECT_TRUE(record_of(three_check).from_start);
  // A three-check game whose first check was typed into its FEN did not.
  auto one_check = chess::Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+3 0 1",
                                             chess::Variant::ThreeCheck);
  ASSERT_TRUE(one_check) << one_check.error();
  chess::Game checked = played(*one_check, {"e4"});
  checked.resign(chess::BLACK);
  EXPECT_FALSE(record_of(checked).from_start);
}

// Text typed into the window's Load field: every malformed FEN gets the FEN
// parser's own sentence, never "no such file".
TEST(LoadGameText, AMalformedFenSaysWhatIsWrongWithIt) {
  const struct {
    const char* fen;
    const char* expected;  // a part of the FEN parser's message
  } cases[] = {
      {"rnbqkbnr/pppppppp/8/8/8/8/RNBQKBNR w KQkq - 0 1", "rank"},
      {"8/8/8/8/8/8/8/8 w - - 0 1", "king"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move"},
  };
  for (const auto& c : cases) {
    auto loaded = load_game_text(c.fen, chess::Variant::Standard);
    ASSERT_FALSE(loaded) << c.fen;
    const auto parser = chess::Position::from_fen(c.fen);
    ASSERT_FALSE(parser);
    EXPECT_EQ(loaded.error(), "this is not a valid FEN: " + parser.error()) << c.fen;
    EXPECT_NE(loaded.error().find(c.expected), std::string::npos) << loaded.error();
    EXPECT_EQ(loaded.error().find("file"), std::string::npos) << loaded.error();
  }
  auto good = load_game_text("  6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 \n", chess::Variant::Standard);
  ASSERT_TRUE(good) << good.error();
  EXPECT_EQ(good->position().fen(), "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
}

TEST(LoadGameText, AFileHoldsAPgnGameOrAFenAndAMissingFileIsSaidSo) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / ("gambit-load-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  auto write = [&](const char* name, const std::string& text) {
    std::ofstream(dir / name) << text;
    return (dir / name).string();
  };
  auto pgn = load_game_text(write("game.pgn", "[Event \"x\"]\n\n1. e4 e5 2. Nf3 *\n"), chess::Variant::Standard);
  ASSERT_TRUE(pgn) << pgn.error();
  EXPECT_EQ(pgn->moves().size(), 3u);
  auto fen = load_game_text(write("position.fen", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\n"), chess::Variant::Standard);
  ASSERT_TRUE(fen) << fen.error();
  EXPECT_TRUE(fen->moves().empty());
  auto bad_fen = load_game_text(write("bad.fen", "6k1/5ppp/8/8/8/8/R5K1 w - - 0 1\n"), chess::Variant::Standard);
  ASSERT_FALSE(bad_fen);
  EXPECT_NE(bad_fen.error().find("holds a FEN that is not valid"), std::string::npos) << bad_fen.error();
  auto bad_pgn = load_game_text(write("bad.pgn", "[Event \"x\"]\n\n1. e4 e4 *\n"), chess::Variant::Standard);
  ASSERT_FALSE(bad_pgn);
  EXPECT_NE(bad_pgn.error().find("is not a game"), std::string::npos) << bad_pgn.error();
  EXPECT_NE(bad_pgn.error().find("e4"), std::string::npos) << "the PGN reader says which move: " << bad_pgn.error();
  auto missing = load_game_text((dir / "nothing.pgn").string(), chess::Variant::Standard);
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().find("no such file"), std::string::npos) << missing.error();
  EXPECT_FALSE(load_game_text("", chess::Variant::Standard));
  std::filesystem::remove_all(dir);
}

TEST(MovesText, CountsMovesAsPeopleDo) {
  EXPECT_EQ(moves_text(0), "0 moves");
  EXPECT_EQ(moves_text(1), "1 move");
  EXPECT_EQ(moves_text(2), "1 move");
  EXPECT_EQ(moves_text(18), "9 moves");
  EXPECT_EQ(moves_text(19), "10 moves");
}

}  // namespace
}  // namespace gambit::match
