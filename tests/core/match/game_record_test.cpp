// SPDX-License-Identifier: MIT
// Records of games: loading typed text (load_game_text) and counting moves.
#include "core/match/game_record.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "core/match/game_runner.h"

namespace gambit::match {
namespace {

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

TEST(RatingTags, AMeasuredLevelCarriesItsEloAndNothingElseDoes) {
  auto plugin = players::PluginLibrary::load(GAMBIT_ALPHABETA_PLUGIN);
  ASSERT_TRUE(plugin) << plugin.error();
  const auto& alphabeta = plugin.value();
  ASSERT_FALSE(alphabeta->ratings().empty()) << alphabeta->ratings_problem();
  const players::LevelRating& measured = alphabeta->ratings().back();
  const auto seat = [&](const std::string& level, const players::OptionList& own) {
    auto options = players::resolve_options(alphabeta->descriptor(), level, own);
    EXPECT_TRUE(options) << options.error();
    return players::Seat{.label = players::ai_label("alphabeta", level), .plugin = alphabeta,
                         .options = options ? options.value() : players::OptionList{}, .level = level};
  };
  EXPECT_EQ(rating_tags("Black", seat(measured.level, {})),
            (PgnTags{{"BlackElo", std::to_string(std::lround(measured.elo))}}));
  EXPECT_TRUE(rating_tags("White", seat(measured.level, {{"depth", "3"}})).empty());
  EXPECT_TRUE(rating_tags("White", seat("max", {})).empty());
  EXPECT_TRUE(rating_tags("White", players::Seat{.label = "Human", .plugin = nullptr, .options = {}, .level = {}}).empty());
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
