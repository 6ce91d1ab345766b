// SPDX-License-Identifier: MIT
// Records of games: loading typed text (read_games) and counting moves.
#include "core/match/game_record.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "core/chess/uci.h"
#include "core/match/game_runner.h"

namespace gambit::match {
namespace {

// Text typed into the window's Load field: every malformed FEN gets the FEN
// parser's own sentence, never "no such file".
TEST(ReadGames, AMalformedFenSaysWhatIsWrongWithIt) {
  const struct {
    const char* fen;
    const char* expected;  // a part of the FEN parser's message
  } cases[] = {
      {"rnbqkbnr/pppppppp/8/8/8/8/RNBQKBNR w KQkq - 0 1", "rank"},
      {"8/8/8/8/8/8/8/8 w - - 0 1", "king"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move"},
  };
  for (const auto& c : cases) {
    auto loaded = read_games(c.fen, chess::Variant::Standard);
    ASSERT_FALSE(loaded) << c.fen;
    const auto parser = chess::Position::from_fen(c.fen);
    ASSERT_FALSE(parser);
    EXPECT_EQ(loaded.error(), "this is not a valid FEN: " + parser.error()) << c.fen;
    EXPECT_NE(loaded.error().find(c.expected), std::string::npos) << loaded.error();
    EXPECT_EQ(loaded.error().find("file"), std::string::npos) << loaded.error();
  }
  auto good = read_games("  6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 \n", chess::Variant::Standard);
  ASSERT_TRUE(good) << good.error();
  ASSERT_EQ(good->games.size(), 1u);
  EXPECT_EQ(good->games[0].start.fen(), "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
  EXPECT_FALSE(good->from_file);
}

TEST(ReadGames, AFileHoldsAPgnGameOrAFenAndAMissingFileIsSaidSo) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / ("gambit-load-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  auto write = [&](const char* name, const std::string& text) {
    std::ofstream(dir / name) << text;
    return (dir / name).string();
  };
  auto pgn = read_games(write("game.pgn", "[Event \"x\"]\n\n1. e4 e5 2. Nf3 *\n"), chess::Variant::Standard);
  ASSERT_TRUE(pgn) << pgn.error();
  ASSERT_EQ(pgn->games.size(), 1u);
  EXPECT_EQ(pgn->games[0].moves.size(), 3u);
  EXPECT_TRUE(pgn->from_file);
  EXPECT_FALSE(finished_game(pgn->games[0]));
  auto fen = read_games(write("position.fen", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\n"), chess::Variant::Standard);
  ASSERT_TRUE(fen) << fen.error();
  EXPECT_TRUE(fen->games.at(0).moves.empty());
  auto bad_fen = read_games(write("bad.fen", "6k1/5ppp/8/8/8/8/R5K1 w - - 0 1\n"), chess::Variant::Standard);
  ASSERT_FALSE(bad_fen);
  EXPECT_NE(bad_fen.error().find("holds a FEN that is not valid"), std::string::npos) << bad_fen.error();
  auto not_pgn = read_games(write("notes.txt", "[Event \"x\" broken\n"), chess::Variant::Standard);
  ASSERT_FALSE(not_pgn);
  EXPECT_NE(not_pgn.error().find("is not a game"), std::string::npos) << not_pgn.error();
  // Plain text (no tags, not one move) is no game, though a game may be read up to a bad move.
  auto letter = read_games(write("letter.pgn", "Dear club, the meeting is on Tuesday.\n"), chess::Variant::Standard);
  ASSERT_FALSE(letter);
  EXPECT_NE(letter.error().find("is not a game: game 1, line 1: at white's move 1, 'Dear' is not a move"),
            std::string::npos)
      << letter.error();
  auto missing = read_games((dir / "nothing.pgn").string(), chess::Variant::Standard);
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().find("no such file"), std::string::npos) << missing.error();
  EXPECT_FALSE(read_games("", chess::Variant::Standard));
  std::filesystem::remove_all(dir);
}

// A file with an illegal move loads up to it and says which move and why;
// every game of a file is read, a finished one known by its result.
TEST(ReadGames, AGameIsReadUpToItsFirstBadMoveAndEveryGameOfTheFileIsKept) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / ("gambit-read-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "games.pgn").string();
  std::ofstream(path) << "[Event \"Casual game\"]\n[White \"foo\"]\n[Black \"bar\"]\n[Result \"0-1\"]\n\n"
                         "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. Ke3 d6 0-1\n\n"
                         "[Event \"?\"]\n[White \"foo\"]\n[Black \"baz\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 "
                         "Nf6 4. Qxf7# 1-0\n\n[Event \"broken\"]\n[White \"x\" oops]\n\n1. d4 *\n";
  auto read = read_games(path, chess::Variant::Standard);
  ASSERT_TRUE(read) << read.error();
  ASSERT_EQ(read->games.size(), 2u);
  const chess::PgnGame& cut = read->games[0];
  EXPECT_EQ(cut.moves.size(), 8u) << "up to the last legal move, 4... Nf6";
  EXPECT_EQ(cut.result, "*");
  EXPECT_NE(cut.cut_short.find("white's move 5"), std::string::npos) << cut.cut_short;
  EXPECT_NE(cut.cut_short.find("Ke3"), std::string::npos) << cut.cut_short;
  EXPECT_FALSE(finished_game(cut));
  EXPECT_EQ(game_line(cut), "foo - bar, *, Casual game (4 moves)");
  EXPECT_TRUE(read->games[1].cut_short.empty());
  EXPECT_TRUE(finished_game(read->games[1]));
  EXPECT_EQ(game_line(read->games[1]), "foo - baz, 1-0 (4 moves)");
  ASSERT_EQ(read->unreadable.size(), 1u);
  EXPECT_NE(read->unreadable[0].find("game 3"), std::string::npos) << read->unreadable[0];
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

// Every game the window, the store and gambit-match write: its opening's tags
// (from Debian's pgn-extract, a build dependency) right after the roster.
TEST(PgnRecord, NamesTheOpeningRightAfterTheRoster) {
  chess::Game game;
  for (const char* move : {"e2e4", "c7c5", "g1f3", "d7d6", "d2d4", "c5d4", "f3d4", "g8f6", "b1c3", "a7a6"})
    ASSERT_TRUE(game.play(chess::parse_uci_move(game.position(), move).value()));
  const chess::PgnGame pgn = pgn_record(game, "e", "Ann", "Bob", TimeControl{}, {{"Round", "3"}, {"Seed", "9"}});
  ASSERT_GE(pgn.tags.size(), 11u);
  EXPECT_EQ(pgn.tags[7], (std::pair<std::string, std::string>{"ECO", "B90"}));
  EXPECT_EQ(pgn.tags[8], (std::pair<std::string, std::string>{"Opening", "Sicilian"}));
  EXPECT_EQ(pgn.tags[9], (std::pair<std::string, std::string>{"Variation", "Najdorf"}));
  EXPECT_EQ(pgn.tags[10], (std::pair<std::string, std::string>{"Seed", "9"}));
  EXPECT_EQ(pgn.tag("Round"), "3");
  // Before any known position: no opening tags at all.
  const chess::PgnGame none = pgn_record(chess::Game(), "e", "Ann", "Bob", TimeControl{}, {});
  EXPECT_EQ(none.tag("ECO"), "");
  EXPECT_EQ(none.tag("Opening"), "");
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
