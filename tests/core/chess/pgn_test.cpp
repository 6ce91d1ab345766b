// SPDX-License-Identifier: MIT
// PGN: reading a real game with comments, NAGs and variations, several games per
// file, every error with its game and line and the recovery after it, any bytes
// without harm, the export format, and write -> read round trips.
#include "core/chess/pgn.h"

#include <gtest/gtest.h>

#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "core/chess/movegen.h"
#include "core/chess/san.h"
#include "core/chess/uci.h"
#include "tests/support/pgn_text.h"

namespace gambit::chess {
namespace {

using test_support::movetext_of;

// Morphy v Duke Karl / Count Isouard, Paris 1858 (the "Opera game"), with a
// comment, NAGs, suffix annotations and nested variations.
constexpr std::string_view OPERA_GAME = R"([Event "Casual game"]
[Site "Paris FRA"]
[Date "1858.??.??"]
[Round "?"]
[White "Morphy, Paul"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]
[ECO "C41"]

1.e4 e5 2.Nf3 d6 3.d4 Bg4 $2 {This is a weak move
already.} 4.dxe5 Bxf3 5.Qxf3 dxe5 6.Bc4 Nf6 7.Qb3 Qe7 8.Nc3 c6 9.Bg5 b5?!
(9...Qb4+ 10.Qxb4 (10.Kf1 $5 {keeps the queens} Bxc4) 10...Bxb4) 10.Nxb5 cxb5 11.Bxb5+
Nbd7 12.O-O-O Rd8 13.Rxd7 Rxd7 14.Rd1 Qe6 15.Bxd7+ Nxd7 16.Qb8+! Nxb8 17.Rd8# 1-0
)";

const std::vector<std::string> OPERA_SAN = {
    "e4",   "e5",   "Nf3",   "d6",   "d4",    "Bg4",  "dxe5",  "Bxf3", "Qxf3", "dxe5", "Bc4",
    "Nf6",  "Qb3",  "Qe7",   "Nc3",  "c6",    "Bg5",  "b5",    "Nxb5", "cxb5", "Bxb5+", "Nbd7",
    "O-O-O", "Rd8", "Rxd7",  "Rxd7", "Rd1",   "Qe6",  "Bxd7+", "Nxd7", "Qb8+", "Nxb8", "Rd8#"};

Position position_from(std::string_view fen) {
  Result<Position> pos = Position::from_fen(fen);
  EXPECT_TRUE(pos.ok()) << fen << ": " << pos.error();
  return pos.ok() ? pos.value() : Position();
}

std::vector<Result<PgnGame>> read_all(std::string_view text) {
  PgnReader reader(text);
  return test_support::read_every(reader, text.size());
}

std::vector<std::string> sans_of(const PgnGame& game) {
  std::vector<std::string> out;
  Position pos = game.start;
  for (Move m : game.moves) {
    if (!pos.is_legal(m)) {
      out.push_back("illegal " + to_uci(m));
      break;
    }
    out.push_back(to_san(pos, m));
    pos.do_move(m);
  }
  return out;
}

Position final_position(const PgnGame& game) {
  Position pos = game.start;
  for (Move m : game.moves) pos.do_move(m);
  return pos;
}

TEST(PgnRead, OperaGameWithCommentsNagsAndVariations) {
  const std::vector<Result<PgnGame>> games = read_all(OPERA_GAME);
  ASSERT_EQ(games.size(), 1u);
  ASSERT_TRUE(games[0].ok()) << games[0].error();
  const PgnGame& game = *games[0];
  EXPECT_EQ(game.tag("Event"), "Casual game");
  EXPECT_EQ(game.tag("White"), "Morphy, Paul");
  EXPECT_EQ(game.tag("Black"), "Duke Karl / Count Isouard");
  EXPECT_EQ(game.tag("ECO"), "C41");
  EXPECT_EQ(game.tag("Annotator"), "");
  EXPECT_EQ(game.tags.size(), 8u);
  EXPECT_EQ(game.result, "1-0");
  EXPECT_EQ(sans_of(game), OPERA_SAN);
  EXPECT_EQ(final_position(game).fen(), "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17");
  ASSERT_EQ(game.comments_after.size(), game.moves.size());
  for (std::size_t i = 0; i < game.moves.size(); ++i)
    EXPECT_EQ(game.comments_after[i], i == 5 ? "This is a weak move already." : "") << "after ply " << i + 1;
}

TEST(PgnRead, SeveralGamesOfDifferentShapes) {
  const std::string text = std::string(OPERA_GAME) +
                           "\n"
                           "{ a comment between games }\n"
                           "[Event \"No result token\"]\n"
                           "[Result \"1/2-1/2\"]\n"
                           "\n"
                           "1. d4 d5 2. c4\n"
                           "[Event \"Straight after\"]\r\n"
                           "[White \"CRLF\"]\r\n"
                           "\r\n"
                           "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 0-1\r\n"
                           "\r\n"
                           "1. f4 e5 *\n"
                           "\n"
                           "[Event \"Ends at the end of the file\"]\n"
                           "\n"
                           "1. Nf3 Nf6";
  const std::vector<Result<PgnGame>> games = read_all(text);
  ASSERT_EQ(games.size(), 5u);
  for (const auto& g : games) ASSERT_TRUE(g.ok()) << g.error();
  EXPECT_EQ(sans_of(*games[0]), OPERA_SAN);
  EXPECT_EQ(games[1]->tag("Event"), "No result token");
  EXPECT_EQ(sans_of(*games[1]), (std::vector<std::string>{"d4", "d5", "c4"}));
  EXPECT_EQ(games[1]->result, "1/2-1/2") << "a missing result token is taken from the Result tag";
  EXPECT_EQ(games[2]->tag("White"), "CRLF");
  EXPECT_EQ(sans_of(*games[2]),
            (std::vector<std::string>{"e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6"}));
  EXPECT_EQ(games[2]->result, "0-1");
  EXPECT_TRUE(games[3]->tags.empty());
  EXPECT_EQ(sans_of(*games[3]), (std::vector<std::string>{"f4", "e5"}));
  EXPECT_EQ(games[3]->result, "*");
  EXPECT_EQ(sans_of(*games[4]), (std::vector<std::string>{"Nf3", "Nf6"}));
  EXPECT_EQ(games[4]->result, "*");
}

TEST(PgnRead, EmptyOrCommentOnlyTextHasNoGames) {
  EXPECT_TRUE(read_all("").empty());
  EXPECT_TRUE(read_all(" \n\r\n\t").empty());
  EXPECT_TRUE(read_all("{just a comment}\n; and another\n%escape line\n").empty());
}

TEST(PgnRead, FenStartMoveNumbersAndEscapes) {
  const std::string text =
      "% an escape line is ignored\n"
      "[Event \"Endgame \\\"study\\\" C:\\\\games\"]\n"
      "[SetUp \"1\"]\n"
      "[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 12\"]\n"
      "\n"
      "12... Kd7 ; a rest-of-line comment\n"
      "13. e4 $1 13... Ke6 {centralised} 14.e5!! ( 14. Kf2 ) 1/2-1/2\n";
  const std::vector<Result<PgnGame>> games = read_all(text);
  ASSERT_EQ(games.size(), 1u);
  ASSERT_TRUE(games[0].ok()) << games[0].error();
  const PgnGame& game = *games[0];
  EXPECT_EQ(game.tag("Event"), "Endgame \"study\" C:\\games");
  EXPECT_EQ(game.start.fen(), "4k3/8/8/8/8/8/4P3/4K3 b - - 0 12");
  EXPECT_EQ(sans_of(game), (std::vector<std::string>{"Kd7", "e4", "Ke6", "e5"}));
  EXPECT_EQ(game.comments_after, (std::vector<std::string>{"a rest-of-line comment", "", "centralised", ""}));
  EXPECT_EQ(game.result, "1/2-1/2");
}

TEST(PgnRead, CastlingAndEnPassantSpellings) {
  const std::string text =
      "1. e4 Nf6 2. e5 d5 3. exd6 e.p. e6 4. Nf3 Be7 5. Bd3 0-0 6. 0-0 Nc6 7. dxe7 Qxe7 *\n"
      "1. e4 d5 2. e5 f5 3. exf6e.p. Nxf6 *\n";
  const std::vector<Result<PgnGame>> games = read_all(text);
  ASSERT_EQ(games.size(), 2u);
  ASSERT_TRUE(games[0].ok()) << games[0].error();
  EXPECT_EQ(sans_of(*games[0]), (std::vector<std::string>{"e4", "Nf6", "e5", "d5", "exd6", "e6", "Nf3", "Be7", "Bd3",
                                                          "O-O", "O-O", "Nc6", "dxe7", "Qxe7"}));
  ASSERT_TRUE(games[1].ok()) << games[1].error();
  EXPECT_EQ(sans_of(*games[1]), (std::vector<std::string>{"e4", "d5", "e5", "f5", "exf6", "Nxf6"}));
  EXPECT_EQ(games[1]->moves[4].kind(), Move::EN_PASSANT);
}

TEST(PgnErrors, IllegalMoveNamesGameLineMoveAndReadingGoesOn) {
  const std::string text =
      "[Event \"Good one\"]\n"                       // 1
      "[Result \"1-0\"]\n"                           // 2
      "\n"                                           // 3
      "1. e4 e5 2. Nf3 Nc6 1-0\n"                    // 4
      "\n"                                           // 5
      "[Event \"Bad one\"]\n"                        // 6
      "[Result \"*\"]\n"                             // 7
      "\n"                                           // 8
      "1. e4 e5\n"                                   // 9
      "2. Ke3 Nc6 {Ke3 is not legal} *\n"            // 10
      "\n"                                           // 11
      "[Event \"Third\"]\n"                          // 12
      "\n"                                           // 13
      "1. d4 {fine} *\n"                             // 14
      "[Event \"Fourth, bad right away\"]\n"         // 15
      "1. d4 Nf9 *\n"                                // 16
      "[Event \"Fifth, straight after\"]\n"          // 17
      "1. c4 *\n";                                   // 18
  const std::vector<Result<PgnGame>> games = read_all(text);
  ASSERT_EQ(games.size(), 5u);
  ASSERT_TRUE(games[0].ok()) << games[0].error();
  ASSERT_FALSE(games[1].ok());
  EXPECT_EQ(games[1].error(),
            "game 2, line 10: at white's move 2, 'Ke3' is not a legal move in "
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 (no white king can move to e3)");
  ASSERT_TRUE(games[2].ok()) << games[2].error();
  EXPECT_EQ(games[2]->tag("Event"), "Third");
  EXPECT_EQ(sans_of(*games[2]), (std::vector<std::string>{"d4"}));
  ASSERT_FALSE(games[3].ok());
  EXPECT_EQ(games[3].error(),
            "game 4, line 16: at black's move 1, 'Nf9' is not a move in SAN "
            "(expected e.g. e4, Nf3, exd5, O-O or e8=Q)");
  ASSERT_TRUE(games[4].ok()) << games[4].error();
  EXPECT_EQ(games[4]->tag("Event"), "Fifth, straight after");
}

TEST(PgnErrors, ReadingResumesAtATagLineAfterABlankLine) {
  const std::string text =
      "[Event \"Bad\"]\n"                  // 1
      "\n"                                  // 2
      "1. e4 e5 2. Qxf7 {\n"                // 3
      "[not a game start] }\n"              // 4
      "[Site \"Not after a blank line\"]\n"  // 5
      "\n"                                  // 6
      "[White \"Second\"]\n"                // 7
      "\n"                                  // 8
      "1. d4 *\n";                          // 9
  const std::vector<Result<PgnGame>> games = read_all(text);
  ASSERT_EQ(games.size(), 2u);
  ASSERT_FALSE(games[0].ok());
  EXPECT_EQ(games[0].error(),
            "game 1, line 3: at white's move 2, 'Qxf7' is not a legal move in "
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 (no white queen can move to f7)");
  ASSERT_TRUE(games[1].ok()) << games[1].error();
  EXPECT_EQ(games[1]->tags, (std::vector<std::pair<std::string, std::string>>{{"White", "Second"}}));
  EXPECT_EQ(sans_of(*games[1]), (std::vector<std::string>{"d4"}));
}

TEST(PgnErrors, BadFenTagPassesOnTheReason) {
  const std::string bad_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1";
  const std::string text = "[Event \"Bad FEN\"]\n[SetUp \"1\"]\n[FEN \"" + bad_fen +
                           "\"]\n\n1. e4 *\n\n[Event \"Next\"]\n\n1. e4 *\n";
  const std::vector<Result<PgnGame>> games = read_all(text);
  ASSERT_EQ(games.size(), 2u);
  ASSERT_FALSE(games[0].ok());
  Result<Position> reason = Position::from_fen(bad_fen);
  ASSERT_FALSE(reason.ok());
  EXPECT_EQ(games[0].error(), "game 1, line 3: the FEN tag is not a valid position: " + reason.error());
  ASSERT_TRUE(games[1].ok()) << games[1].error();
  EXPECT_EQ(games[1]->tag("Event"), "Next");
}

// Each text holds a broken first game and a good second one; the first must fail
// with the message given and the second must still be read.
TEST(PgnErrors, BrokenSyntaxIsReportedAndSkipped) {
  const std::string next_game = "\n[Event \"Good\"]\n\n1. e4 e5 *\n";
  struct Case {
    std::string broken, message;
  };
  const Case cases[] = {
      {"[Event \"A\"]\n\n1. e4 { never closed\n2. Nf3 *\n",
       "game 1, line 3: the comment opened here is never closed ('}' missing)"},
      {"[Event \"A\n[Site \"x\"]\n\n1. e4 *\n",
       "game 1, line 1: the tag value '\"A' is not closed by '\"' on its line"},
      {"[Event \"A\"\n\n1. e4 *\n", "game 1, line 3: the tag 'Event' is not closed by ']' (found '1')"},
      {"[Event A]\n\n1. e4 *\n", "game 1, line 1: the tag 'Event' needs a value in double quotes, not 'A'"},
      {"[\"A\"]\n\n1. e4 *\n", "game 1, line 1: a tag must read [Name \"value\"], but its name is '\"A\"'"},
      {"[Event \"A\"]\n\n1. e4 (1. d4 d5\n",
       "game 1, line 3: the variation opened here is not closed before the tags on line 5"},
      {"[Event \"A\"]\n\n1. e4 e5 ) *\n", "game 1, line 3: ')' closes no variation"},
      {"[Event \"A\"]\n\n1. e4 -- 2. d4 *\n",
       "game 1, line 3: at black's move 1, the null move '--' is not supported"},
      {"[Event \"A\"]\n[Variant \"Crazyhouse\"]\n\n1. e4 *\n",
       "game 1, line 2: the variant 'Crazyhouse' is not one Gambit plays (it plays Standard, Three-check, Chess960, King of the Hill, Racing Kings)"},
      {"[Event \"A\"]\n\n1. e4 \x01 *\n", "game 1, line 3: unexpected character '\\x01'"},
      {"[Event \"A\"]\n\n1. e4 $ *\n",
       "game 1, line 3: '$' must be followed by the number of an annotation glyph, e.g. $1"},
      {"[Event \"A\"]\n\n1. e4 \"quoted\" *\n", "game 1, line 3: unexpected '\"quoted\"' among the moves"},
      {"[Event \"A\"]\n\n1. e4 <reserved> *\n", "game 1, line 3: unexpected character '<'"},
  };
  for (const Case& c : cases) {
    const std::vector<Result<PgnGame>> games = read_all(c.broken + next_game);
    ASSERT_EQ(games.size(), 2u) << c.broken;
    ASSERT_FALSE(games[0].ok()) << c.broken;
    EXPECT_EQ(games[0].error(), c.message);
    ASSERT_TRUE(games[1].ok()) << c.broken << games[1].error();
    EXPECT_EQ(games[1]->tag("Event"), "Good") << c.broken;
    EXPECT_EQ(games[1]->moves.size(), 2u) << c.broken;
  }
}

TEST(PgnErrors, UnclosedVariationAtTheEnd) {
  const std::vector<Result<PgnGame>> games = read_all("1. e4 e5 (1... c5 (1... e6 2. d4\n\n2. Nf3");
  ASSERT_EQ(games.size(), 1u);
  ASSERT_FALSE(games[0].ok());
  EXPECT_EQ(games[0].error(), "game 1, line 1: the variation opened here is never closed (')' missing)");
}

TEST(PgnRobust, DeeplyNestedVariations) {
  const std::size_t depth = 200000;
  const std::string balanced = "1. e4 " + std::string(depth, '(') + "1. d4" + std::string(depth, ')') + " e5 *";
  std::vector<Result<PgnGame>> games = read_all(balanced);
  ASSERT_EQ(games.size(), 1u);
  ASSERT_TRUE(games[0].ok()) << games[0].error();
  EXPECT_EQ(sans_of(*games[0]), (std::vector<std::string>{"e4", "e5"}));

  games = read_all("1. e4 " + std::string(depth, '('));
  ASSERT_EQ(games.size(), 1u);
  EXPECT_FALSE(games[0].ok());
  games = read_all("1. e4 " + std::string(depth, ')'));
  ASSERT_EQ(games.size(), 1u);
  EXPECT_FALSE(games[0].ok());
}

// Whatever the bytes, the reader ends, and every game it accepts replays legally.
void expect_sane(std::string_view text) {
  for (const Result<PgnGame>& game : read_all(text)) {
    if (!game.ok()) {
      EXPECT_EQ(game.error().rfind("game ", 0), 0u) << game.error();
      continue;
    }
    EXPECT_EQ(game->comments_after.size(), game->moves.size());
    Position pos = game->start;
    for (Move m : game->moves) {
      ASSERT_TRUE(pos.is_legal(m)) << to_uci(m) << "\n" << pos.pretty();
      pos.do_move(m);
    }
    EXPECT_TRUE(game->result == "1-0" || game->result == "0-1" || game->result == "1/2-1/2" || game->result == "*");
  }
}

TEST(PgnRobust, RandomBytes) {
  std::mt19937 rng(1234);
  for (int i = 0; i < 300; ++i) {
    std::string text(rng() % 3000, '\0');
    for (char& c : text) c = char(rng());
    expect_sane(text);
  }
}

TEST(PgnRobust, RandomPgnCharacters) {
  std::mt19937 rng(4321);
  const std::string alphabet = "[]\"\\{}();%$!?.*-/ \n\r\t0123456789abcdefghxNBRQKO=+#EventFN";
  for (int i = 0; i < 2000; ++i) {
    std::string text(rng() % 400, ' ');
    for (char& c : text) c = alphabet[rng() % alphabet.size()];
    expect_sane(text);
  }
}

TEST(PgnRobust, MutatedAndTruncatedGames) {
  const std::string text = std::string(OPERA_GAME) + "\n" + std::string(OPERA_GAME);
  for (std::size_t length = 0; length <= text.size(); ++length) expect_sane(std::string_view(text).substr(0, length));
  std::mt19937 rng(77);
  for (int i = 0; i < 1000; ++i) expect_sane(test_support::mutated(text, rng, "{}()[]\"\n;%$"));
  expect_sane(std::string_view("[Event \"a\0b\"]\n\n1. e4\0 e5 *", 26));
}

PgnGame opera_game() {
  PgnGame game;
  Position pos;
  for (const std::string& san : OPERA_SAN) {
    Result<Move> m = parse_san(pos, san);
    EXPECT_TRUE(m.ok()) << m.error();
    if (!m.ok()) break;
    game.moves.push_back(*m);
    pos.do_move(*m);
  }
  game.result = "1-0";
  return game;
}

TEST(PgnWrite, SevenTagRosterFirstThenOtherTags) {
  PgnGame game = opera_game();
  game.tags = {{"ECO", "C41"}, {"White", "Morphy, Paul"}, {"Event", "Casual game"},
               {"Result", "0-1"}, {"Annotator", "He said \"hi\" \\ bye"}, {"SetUp", "0"}};
  const std::string pgn = write_pgn(game);
  const std::string header =
      "[Event \"Casual game\"]\n"
      "[Site \"?\"]\n"
      "[Date \"????.??.??\"]\n"
      "[Round \"?\"]\n"
      "[White \"Morphy, Paul\"]\n"
      "[Black \"?\"]\n"
      "[Result \"1-0\"]\n"
      "[ECO \"C41\"]\n"
      "[Annotator \"He said \\\"hi\\\" \\\\ bye\"]\n"
      "\n";
  EXPECT_EQ(pgn.substr(0, header.size()), header) << pgn;
}

TEST(PgnWrite, MovetextIsNumberedWrappedAndEndsWithTheResult) {
  const std::string pgn = write_pgn(opera_game());
  EXPECT_EQ(movetext_of(pgn),
            "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 "
            "10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 "
            "17. Rd8# 1-0");
  ASSERT_GE(pgn.size(), 2u);
  EXPECT_EQ(pgn.substr(pgn.size() - 6), " 1-0\n\n");
  // Lines are filled greedily up to 80 columns.
  std::vector<std::string> lines;
  std::istringstream in(pgn.substr(pgn.find("\n\n") + 2));
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) lines.push_back(line);
  ASSERT_GE(lines.size(), 2u) << pgn;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    EXPECT_LE(lines[i].size(), 80u) << lines[i];
    if (i + 1 < lines.size()) {
      const std::string next_word = lines[i + 1].substr(0, lines[i + 1].find(' '));
      EXPECT_GT(lines[i].size() + 1 + next_word.size(), 80u) << "line " << i + 1 << " could hold more:\n" << pgn;
    }
  }
}

TEST(PgnWrite, StartPositionCommentsAndBlackFirst) {
  PgnGame game;
  game.start = position_from("4k3/8/8/8/8/8/4P3/4K3 b - - 0 12");
  game.tags = {{"FEN", "ignored"}, {"Event", "Study"}};
  Position pos = game.start;
  for (std::string_view uci : {"e8d7", "e2e4", "d7e6", "e1f2"}) {
    const Move m = parse_uci_move(pos, uci).value();
    game.moves.push_back(m);
    pos.do_move(m);
  }
  game.comments_after = {"", "the pawn {runs}\n  on", "", ""};
  game.result = "1/2-1/2";
  const std::string pgn = write_pgn(game);
  EXPECT_NE(pgn.find("[Result \"1/2-1/2\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 12\"]\n\n"),
            std::string::npos)
      << pgn;
  EXPECT_EQ(pgn.find("ignored"), std::string::npos) << pgn;
  EXPECT_EQ(movetext_of(pgn), "12... Kd7 13. e4 {the pawn {runs) on} 13... Ke6 14. Kf2 1/2-1/2");
}

TEST(PgnWrite, NagsFollowTheirMovesAndReadBackWithoutThem) {
  PgnGame game;
  Position pos = game.start;
  for (std::string_view uci : {"f2f3", "e7e5", "g2g4", "d8h4"}) {
    const Move m = parse_uci_move(pos, uci).value();
    game.moves.push_back(m);
    pos.do_move(m);
  }
  game.nags_after = {6, 0, 4, 0};
  game.comments_after = {"", "", "Blunder.", ""};
  game.result = "0-1";
  const std::string pgn = write_pgn(game);
  EXPECT_NE(pgn.find("1. f3 $6 e5 2. g4 $4 {Blunder.} 2... Qh4# 0-1"), std::string::npos) << pgn;
  PgnReader reader(pgn);
  const auto read = reader.next();
  ASSERT_TRUE(read && *read);
  EXPECT_EQ(read->value().moves, game.moves);
  EXPECT_TRUE(read->value().nags_after.empty());
}

TEST(PgnWrite, EmptyGameAndUnknownResult) {
  PgnGame game;
  game.result = "white won";
  EXPECT_EQ(write_pgn(game),
            "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n"
            "[Result \"*\"]\n\n*\n\n");
}

TEST(PgnWrite, StopsAtAnIllegalMoveAndSaysSo) {
  PgnGame game;
  game.moves = {Move(SQ_E2, SQ_E4), Move(SQ_E2, SQ_E4)};
  const std::string text = movetext_of(write_pgn(game));
  EXPECT_EQ(text, "1. e4 {the game record goes on with e2e4, which is not a legal move here} *");
}

TEST(PgnWrite, ACommandInACommentIsNeverSplitAcrossLines) {
  PgnGame game;
  Position pos = game.start;
  for (std::string_view uci : {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"}) {
    const Move m = parse_uci_move(pos, uci).value();
    game.moves.push_back(m);
    game.comments_after.push_back("so [%clk 0:01:00] and [%eval 0.25,20] then [%cal Ge2e4,Rd1d8] x");
    pos.do_move(m);
  }
  const std::string pgn = write_pgn(game);
  std::istringstream lines(pgn.substr(pgn.find("\n\n") + 2));
  int commands = 0;
  for (std::string line; std::getline(lines, line);) {
    EXPECT_LE(line.size(), 80u) << line;
    for (std::size_t at = line.find("[%"); at != std::string::npos; at = line.find("[%", at + 1)) {
      EXPECT_NE(line.find(']', at), std::string::npos) << line;
      ++commands;
    }
  }
  EXPECT_EQ(commands, 24);
}

TEST(PgnWrite, MovetextWriterNumbersVariationsAndJoinsTheirParentheses) {
  const Position start;
  Position after_e4 = start;
  after_e4.do_move(parse_san(start, "e4").value());
  PgnMovetextWriter writer;
  writer.move(start, "e4");
  writer.nag(1);
  writer.begin_variation();
  writer.comment("Or");
  writer.move(start, "d4");
  writer.begin_variation();
  writer.move(start, "c4");
  writer.end_variation();
  writer.end_variation();
  writer.move(after_e4, "e5");
  writer.nag(0);
  writer.nag(256);
  EXPECT_EQ(writer.finish("1-0"), "1. e4 $1 ({Or} 1. d4 (1. c4)) 1... e5 1-0\n");
  EXPECT_EQ(writer.finish("nonsense"), "1. e4 $1 ({Or} 1. d4 (1. c4)) 1... e5 *\n");
}

// What a MovetextListener hears, one event per entry.
class RecordingListener final : public MovetextListener {
 public:
  std::vector<std::string> events;
  void start(const Position& start) override { events.push_back("start " + start.fen()); }
  void move(Move m) override { events.push_back(to_uci(m)); }
  void nag(int nag) override { events.push_back("$" + std::to_string(nag)); }
  void comment(std::string_view text) override { events.push_back("{" + std::string(text) + "}"); }
  void begin_variation() override { events.push_back("("); }
  void end_variation() override { events.push_back(")"); }
};

TEST(PgnRead, AListenerHearsTheWholeMovetextInOrder) {
  const std::string text =
      "[Event \"x\"]\n{ game\n comment }\n1. e4! {a} (1. d4 $14 (1. c4?!) 1... d5) 1... e5 $200 *\n";
  PgnReader reader(text);
  RecordingListener listener;
  const auto game = reader.next(listener);
  ASSERT_TRUE(game && *game) << (game ? game->error() : "");
  EXPECT_EQ(listener.events, (std::vector<std::string>{"start " + std::string(START_FEN), "{game comment}", "e2e4",
                                                        "$1", "{a}", "(", "d2d4", "$14", "(", "c2c4", "$6", ")",
                                                        "d7d5", ")", "e7e5", "$200"}));
  // The PgnGame is still the main line.
  EXPECT_EQ(game->value().moves.size(), 2u);
  EXPECT_EQ(game->value().comments_after, (std::vector<std::string>{"a", ""}));
  EXPECT_TRUE(game->value().nags_after.empty());
}

std::string random_comment(std::mt19937& rng) {
  static const char* const words[] = {"good", "}", "{", "%eval", "[%clk 0:01:00]", "a\nb", "  ", "x}y", "\"q\"", ";"};
  std::string out;
  if (rng() % 3 != 0) return out;
  for (int n = 1 + rng() % 30; n > 0; --n) out += std::string(words[rng() % 10]) + (rng() % 4 ? " " : "\n");
  return out;
}

// What a comment reads back as: whitespace runs as one space, no '}' (written as ')').
std::string comment_as_read(const std::string& written) {
  std::string out;
  std::istringstream words(written);
  for (std::string word; words >> word;) out += (out.empty() ? "" : " ") + word;
  for (char& c : out)
    if (c == '}') c = ')';
  return out;
}

TEST(PgnRoundTrip, RandomGamesWriteAndReadBack) {
  const char* starts[] = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
  };
  const char* results[] = {"1-0", "0-1", "1/2-1/2", "*"};
  std::mt19937 rng(2024);
  std::vector<PgnGame> written;
  std::string file;
  for (int i = 0; i < 60; ++i) {
    PgnGame game;
    game.start = position_from(starts[i % 5]);
    game.tags = {{"Event", "Round trip " + std::to_string(i)}, {"White", "A \"quoted\" \\ name"},
                 {"PlyCount", "?"}, {"Annotator", "x] [y"}};
    Position pos = game.start;
    for (int ply = 0, plies = rng() % 150; ply < plies; ++ply) {
      const MoveList moves = legal_moves(pos);
      if (moves.empty()) break;
      const Move m = moves[rng() % moves.size()];
      game.moves.push_back(m);
      game.comments_after.push_back(random_comment(rng));
      pos.do_move(m);
    }
    game.result = results[rng() % 4];
    file += write_pgn(game);
    written.push_back(std::move(game));
  }
  const std::vector<Result<PgnGame>> games = read_all(file);
  ASSERT_EQ(games.size(), written.size());
  for (std::size_t i = 0; i < games.size(); ++i) {
    ASSERT_TRUE(games[i].ok()) << games[i].error();
    const PgnGame& in = *games[i];
    const PgnGame& out = written[i];
    EXPECT_EQ(in.start.fen(), out.start.fen());
    EXPECT_EQ(in.moves, out.moves) << "game " << i + 1;
    EXPECT_EQ(in.result, out.result);
    for (const auto& [name, value] : out.tags) EXPECT_EQ(in.tag(name), value) << name;
    ASSERT_EQ(in.comments_after.size(), out.moves.size());
    for (std::size_t j = 0; j < out.moves.size(); ++j)
      EXPECT_EQ(in.comments_after[j], comment_as_read(out.comments_after[j])) << "game " << i + 1 << " ply " << j + 1;
  }
  std::istringstream lines(file);
  for (std::string line; std::getline(lines, line);)
    EXPECT_TRUE(line.size() <= 80 || line.find(' ', 1) == std::string::npos) << line;
}

}  // namespace
}  // namespace gambit::chess
