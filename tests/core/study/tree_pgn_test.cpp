// SPDX-License-Identifier: MIT
// PGN with variations: the annotated fixture read into a tree with everything
// in its place, written and read again unchanged (and random trees likewise),
// the export layout, what bad input gives (a message naming game, line and
// text), and the conversions to and from the main-line PgnGame.
#include "core/study/tree_pgn.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "core/chess/movegen.h"
#include "core/chess/san.h"
#include "tests/support/pgn_text.h"

namespace gambit::study {
namespace {

using test_support::movetext_of;

using namespace std::chrono_literals;

std::string fixture() {
  std::ifstream in(std::string(GAMBIT_TEST_DATA_DIR) + "/study_two_knights.pgn");
  EXPECT_TRUE(in) << "tests/data/study_two_knights.pgn";
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<Result<TreeGame>> read_all(std::string_view text,
                                       chess::PgnReader::Moves moves = chess::PgnReader::Moves::Whole) {
  TreePgnReader reader(text, moves);
  return test_support::read_every(reader, text.size());
}

// The one game of text, which must read.
TreeGame read_one(std::string_view text) {
  std::vector<Result<TreeGame>> games = read_all(text);
  EXPECT_EQ(games.size(), 1u) << text;
  if (games.empty()) return TreeGame{};
  EXPECT_TRUE(games[0].ok()) << games[0].error();
  return games[0].ok() ? std::move(games[0]).value() : TreeGame{};
}

// The failure the one game of text gives.
std::string error_of(std::string_view text) {
  std::vector<Result<TreeGame>> games = read_all(text);
  EXPECT_FALSE(games.empty()) << text;
  if (games.empty()) return "";
  EXPECT_FALSE(games[0].ok()) << text;
  return games[0].ok() ? "" : games[0].error();
}

// The node the SANs lead to from the root, failing the test if there is none.
NodeId at_path(const MoveTree& tree, const std::vector<std::string>& sans) {
  NodeId id = tree.root();
  for (const std::string& san : sans) {
    const std::vector<NodeId>& children = tree.node(id).children;
    const auto child =
        std::find_if(children.begin(), children.end(), [&](NodeId c) { return tree.node(c).san == san; });
    if (child == children.end()) {
      ADD_FAILURE() << "no move " << san << " after " << tree.node(id).san;
      return {};
    }
    id = *child;
  }
  return id;
}

std::vector<std::string> sans(const MoveTree& tree, std::span<const NodeId> ids) {
  std::vector<std::string> out;
  for (NodeId id : ids) out.push_back(tree.node(id).san);
  return out;
}

// Written, read back and written again: the same tree, the same text.
void expect_round_trip(const TreeGame& game, const std::string& context) {
  const std::string written = write_tree_pgn(game);
  std::vector<Result<TreeGame>> again = read_all(written);
  ASSERT_EQ(again.size(), 1u) << context << "\n" << written;
  ASSERT_TRUE(again[0].ok()) << context << ": " << again[0].error() << "\n" << written;
  EXPECT_EQ(again[0]->tree, game.tree) << context << "\n" << written;
  EXPECT_EQ(again[0]->result, game.result == "1-0" || game.result == "0-1" || game.result == "1/2-1/2" ? game.result
                                                                                                       : "*");
  EXPECT_EQ(write_tree_pgn(*again[0]), written) << context;
  std::istringstream lines(written);
  for (std::string line; std::getline(lines, line);) EXPECT_LE(line.size(), 80u) << line;
}

const std::vector<std::string> FIXTURE_MAIN_LINE = {
    "e4",   "e5",  "Nf3",  "Nc6", "Bc4", "Nf6", "Ng5",  "d5",  "exd5", "Na5", "Bb5+", "c6", "dxc6", "bxc6", "Be2",
    "h6",   "Nf3", "e4",   "Ne5", "Bd6", "d4",  "exd3", "Nxd3", "Qc7", "b3",  "O-O",  "Bb2", "Ne4", "O-O",  "Rd8"};

TEST(TreeGameFromText, AFenOrThePgnsFirstGameOrWhyNeither) {
  auto fen = tree_game_from_text("  rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n");
  ASSERT_TRUE(fen) << fen.error();
  EXPECT_EQ(fen->tree.node(fen->tree.root()).position.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  EXPECT_EQ(fen->tree.main_line().size(), 0u);
  auto three_check = tree_game_from_text("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1");
  ASSERT_TRUE(three_check) << three_check.error();
  EXPECT_EQ(three_check->tree.node(three_check->tree.root()).position.variant(), chess::Variant::ThreeCheck);
  auto pgn = tree_game_from_text("1. e4 e5 (1... c5) 2. Nf3 *\n\n1. d4 *");
  ASSERT_TRUE(pgn) << pgn.error();
  EXPECT_EQ(pgn->tree.main_line().size(), 3u) << "the first game, its main line";
  auto cut = tree_game_from_text("1. e4 e5 2. Ke3 *");
  ASSERT_TRUE(cut) << cut.error();
  EXPECT_EQ(cut->tree.main_line().size(), 2u);
  EXPECT_FALSE(cut->cut_short.empty()) << "the move that cannot be played is said";
  EXPECT_EQ(tree_game_from_text(" \n\t").error(), "there is nothing to read: neither a FEN nor a PGN game");
  EXPECT_EQ(tree_game_from_text("8/8/8/8 w").error().rfind("the FEN cannot be used: ", 0), 0u);
}

TEST(TreePgnRead, TheFixtureHasEverythingInItsPlace) {
  const TreeGame game = read_one(fixture());
  const MoveTree& tree = game.tree;
  EXPECT_EQ(game.result, "1/2-1/2");
  EXPECT_TRUE(game.cut_short.empty());
  ASSERT_EQ(game.tags.size(), 9u);
  EXPECT_EQ(game.tags[7], (std::pair<std::string, std::string>{"TimeControl", "600+5"}));
  EXPECT_EQ(sans(tree, tree.main_line()), FIXTURE_MAIN_LINE);
  EXPECT_EQ(tree.size(), 1 + FIXTURE_MAIN_LINE.size() + 25);  // 25 moves in variations

  const Comment& game_comment = tree.node(tree.root()).comment_after;
  EXPECT_EQ(game_comment.text, "The Two Knights Defence: a sharp fight over f7.");
  EXPECT_EQ(game_comment.circles,
            (std::vector<Circle>{{ShapeColor::Green, chess::SQ_E4}, {ShapeColor::Green, chess::SQ_D4}}));

  const Comment& e4 = tree.node(at_path(tree, {"e4"})).comment_after;
  ASSERT_TRUE(e4.eval);
  EXPECT_EQ(e4.eval->value, 32);
  EXPECT_EQ(e4.clock, std::chrono::milliseconds(10min));
  EXPECT_EQ(tree.node(at_path(tree, {"e4", "e5"})).comment_after.eval->value, 30);
  EXPECT_EQ(tree.node(at_path(tree, {"e4", "e5", "Nf3", "Nc6"})).comment_after.clock,
            std::chrono::milliseconds(9min + 57s + 500ms));

  const NodeId bc4 = at_path(tree, {"e4", "e5", "Nf3", "Nc6", "Bc4"});
  EXPECT_EQ(tree.node(bc4).nags, std::vector<int>{1});
  EXPECT_EQ(tree.node(bc4).comment_after.eval, (Eval{Eval::Kind::Centipawns, 25, 22}));
  EXPECT_EQ(tree.node(bc4).comment_after.text, "The Italian.");
  EXPECT_EQ(tree.node(bc4).comment_after.arrows,
            (std::vector<Arrow>{{ShapeColor::Green, chess::SQ_C4, chess::SQ_F7}}));
  EXPECT_EQ(sans(tree, tree.node(bc4).children), (std::vector<std::string>{"Nf6", "Bc5"}));
  const NodeId bc5 = tree.node(bc4).children[1];
  EXPECT_EQ(tree.node(bc5).comment_before.text, "The quiet alternative:");
  EXPECT_TRUE(tree.node(bc5).comment_after.empty());
  const NodeId bb6 = at_path(tree, {"e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d4", "exd4", "cxd4", "Bb6"});
  EXPECT_EQ(tree.node(bb6).nags, std::vector<int>{6});
  EXPECT_EQ(tree.node(tree.main_child(bb6)).nags, std::vector<int>{16});

  const NodeId ng5 = at_path(tree, {"e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "Ng5"});
  const Comment& ng5_comment = tree.node(ng5).comment_after;
  EXPECT_EQ(tree.node(ng5).nags, std::vector<int>{5});
  EXPECT_EQ(ng5_comment.eval, (Eval{Eval::Kind::Centipawns, 10, std::nullopt}));
  EXPECT_EQ(ng5_comment.other_commands, std::vector<std::string>{"[%emt 0:00:12]"});
  EXPECT_EQ(ng5_comment.circles, (std::vector<Circle>{{ShapeColor::Red, chess::SQ_F7}}));
  EXPECT_EQ(ng5_comment.arrows.size(), 2u);
  EXPECT_EQ(ng5_comment.text, "Attacking f7 at once.");

  // Three variations deep: 4... Bc5 (5. Bxf7+ Ke7 6. Bd5 (6. Bb3 ...)).
  const NodeId traxler = tree.node(ng5).children[1];
  EXPECT_EQ(tree.node(traxler).san, "Bc5");
  EXPECT_EQ(tree.node(traxler).nags, std::vector<int>{5});
  EXPECT_EQ(tree.node(traxler).comment_after.text, "The Traxler, a counterattack on f2.");
  const NodeId bb3 = at_path(tree, {"e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "Ng5", "Bc5", "Bxf7+", "Ke7", "Bb3"});
  EXPECT_EQ(tree.nesting(bb3), 3u);
  EXPECT_EQ(tree.node(bb3).comment_after.text, "Keeping the bishop.");
  EXPECT_EQ(tree.node(bb3).comment_after.arrows, (std::vector<Arrow>{{ShapeColor::Red, chess::SQ_D8, chess::SQ_D4}}));
  EXPECT_EQ(sans(tree, tree.node(tree.parent(bb3)).children), (std::vector<std::string>{"Bd5", "Bb3"}));

  const NodeId nxd5 = at_path(tree, {"e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "Ng5", "d5", "exd5", "Nxd5"});
  EXPECT_EQ(tree.node(nxd5).nags, std::vector<int>{6});
  EXPECT_EQ(tree.node(tree.main_child(nxd5)).nags, std::vector<int>{3});
  EXPECT_EQ(tree.node(tree.last(nxd5)).san, "Nc3");
  EXPECT_EQ(tree.node(tree.last(nxd5)).nags, std::vector<int>{40});

  const NodeId castles = tree.parent(tree.last(tree.root()));
  EXPECT_EQ(tree.node(castles).comment_after.eval, (Eval{Eval::Kind::Centipawns, -40, 30}));
  EXPECT_EQ(tree.node(castles).comment_after.clock, std::chrono::milliseconds(5min + 12s + 250ms));
  EXPECT_EQ(tree.node(tree.last(tree.root())).nags, std::vector<int>{45});
}

TEST(TreePgnRead, TheMainLineIsWhatPgnReaderReads) {
  const std::string text = fixture();
  chess::PgnReader reader(text);
  const auto main_line = reader.next();
  ASSERT_TRUE(main_line && *main_line);
  const TreeGame game = read_one(text);
  EXPECT_EQ(game.tree.path_from_root(game.tree.last(game.tree.root())), main_line->value().moves);
  EXPECT_EQ(game.tags, main_line->value().tags);
}

TEST(TreePgnRoundTrip, TheFixtureKeepsEverything) {
  const TreeGame game = read_one(fixture());
  expect_round_trip(game, "fixture");
  EXPECT_EQ(read_one(write_tree_pgn(game)), game);  // tags and result too
  const std::string written = movetext_of(write_tree_pgn(game));
  for (const std::string expected : {
           "{[%csl Ge4,Gd4] The Two Knights Defence: a sharp fight over f7.} 1. e4 {[%eval 0.32] [%clk 0:10:00]}",
           "1... e5 {[%eval 0.30] [%clk 0:10:00]} 2. Nf3",
           "3. Bc4 $1 {[%eval 0.25,22] [%clk 0:09:55] [%cal Gc4f7] The Italian.} 3... Nf6 {[%clk 0:09:50]}",
           "({The quiet alternative:} 3... Bc5 4. c3 Nf6 5. d4 exd4 6. cxd4 Bb4+ (6... Bb6 $6 7. e5 $16) 7. Bd2)",
           "4. Ng5 $5 {[%eval 0.10] [%cal Rg5f7,Rc4f7] [%csl Rf7] [%emt 0:00:12] Attacking f7 at once.}",
           "(4... Bc5 $5 {The Traxler, a counterattack on f2.} 5. Nxf7 (5. Bxf7+ Ke7 6. Bd5 (6. Bb3 {[%cal Rd8d4] "
           "Keeping the bishop.} 6... d6) 6... Rf8) 5... Bxf2+) 5. exd5",
           "15. O-O {[%eval -0.40,30] [%clk 0:05:12.25]} 15... Rd8 $45",
           "a draw was agreed here.} 1/2-1/2"})
    EXPECT_NE(written.find(expected), std::string::npos) << expected << "\n" << written;
}

TEST(TreePgnWrite, ExportLayout) {
  MoveTree tree;
  const auto play = [&](NodeId at, std::string_view san) {
    return tree.add_move(at, chess::parse_san(tree.node(at).position, san).value());
  };
  const NodeId e4 = play(tree.root(), "e4");
  const NodeId d4 = play(tree.root(), "d4");
  play(d4, "d5");
  play(d4, "Nf6");
  play(play(e4, "e5"), "Nf3");
  Comment start;
  start.text = "Start.";
  tree.set_comment_after(tree.root(), start);
  tree.set_eval(e4, Eval{Eval::Kind::Centipawns, 30, std::nullopt});
  Comment alternative;
  alternative.text = "Or";
  tree.set_comment_before(d4, alternative);
  tree.toggle_nag(d4, 1);
  const TreeGame game{{{"White", "Ada"}}, tree, "1-0", ""};
  const std::string written = write_tree_pgn(game);
  EXPECT_EQ(written.substr(0, written.find("\n\n") + 2),
            "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Ada\"]\n[Black \"?\"]\n"
            "[Result \"1-0\"]\n\n");
  EXPECT_EQ(movetext_of(written), "{Start.} 1. e4 {[%eval 0.30]} ({Or} 1. d4 $1 d5 (1... Nf6)) 1... e5 2. Nf3 1-0");
  expect_round_trip(game, "layout");

  const TreeGame empty{{}, MoveTree(), "", ""};
  EXPECT_EQ(movetext_of(write_tree_pgn(empty)), "*");
  expect_round_trip(empty, "empty");
}

TEST(TreePgnWrite, StartPositionAndVariant) {
  const chess::Position start =
      chess::Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 3+2 2 30", chess::Variant::ThreeCheck).value();
  MoveTree tree(start);
  const NodeId castles = tree.add_move(tree.root(), chess::parse_san(start, "O-O").value());
  tree.add_move(tree.root(), chess::parse_san(start, "Rxa1+").value());
  tree.add_move(castles, chess::parse_san(tree.node(castles).position, "Rxa8").value());
  const TreeGame game{{}, tree, "*", ""};
  const std::string written = write_tree_pgn(game);
  EXPECT_NE(written.find("[Variant \"Three-check\"]\n[SetUp \"1\"]\n[FEN \"" + start.fen() + "\"]"), std::string::npos)
      << written;
  EXPECT_EQ(movetext_of(written), "30... O-O (30... Rxa1+) 31. Rxa8 *");
  expect_round_trip(game, "three-check");
}

TEST(TreePgnRead, AnnotationsInEveryForm) {
  const TreeGame game = read_one("1.e4! e5 ?! 2. Nf3 !! Nc6?? 3. Bc4 !? $14 $146 Nf6 ? 4. d3 !!! $0 $300 $014 *");
  const MoveTree& tree = game.tree;
  const std::vector<NodeId> line = tree.main_line();
  ASSERT_EQ(line.size(), 7u);
  const std::vector<std::vector<int>> expected = {{1}, {6}, {3}, {4}, {5, 14, 146}, {2}, {14}};
  for (std::size_t i = 0; i < line.size(); ++i) EXPECT_EQ(tree.node(line[i]).nags, expected[i]) << i;
}

TEST(TreePgnRead, CommentsFindTheirPlace) {
  const TreeGame game = read_one(
      "[Event \"x\"]\n{between tags dropped}\n[Site \"y\"]\n{game} {comment}\n"
      "1. e4 {a} {b} ; line comment\n"
      "1... e5 ({before} {variation} 1... c5 {after c5}) {after the variation} 2. Nf3 ({lonely}) ( ) $1 *");
  const MoveTree& tree = game.tree;
  EXPECT_EQ(tree.node(tree.root()).comment_after.text, "game comment");
  const NodeId e4 = tree.main_child(tree.root());
  EXPECT_EQ(tree.node(e4).comment_after.text, "a b line comment");
  const NodeId e5 = tree.main_child(e4);
  EXPECT_EQ(tree.node(e5).comment_after.text, "after the variation");
  const NodeId c5 = tree.sibling_after(e5);
  EXPECT_EQ(tree.node(c5).comment_before.text, "before variation");
  EXPECT_EQ(tree.node(c5).comment_after.text, "after c5");
  const NodeId nf3 = tree.main_child(e5);
  EXPECT_EQ(tree.node(nf3).comment_after.text, "lonely");
  EXPECT_EQ(tree.node(nf3).nags, std::vector<int>{1});
  EXPECT_EQ(tree.size(), 5u);
  expect_round_trip(game, "comments");

  // Without tags, the comment before the first move is the game's too.
  const TreeGame tagless = read_one("{only} 1. d4 *");
  EXPECT_EQ(tagless.tree.node(tagless.tree.root()).comment_after.text, "only");
  // Before any move of its line, a NAG has nothing to annotate.
  const TreeGame early = read_one("$1 1. d4 ( $2 1. c4 ) *");
  for (NodeId id : {early.tree.root(), early.tree.main_child(early.tree.root())})
    EXPECT_TRUE(early.tree.node(id).nags.empty());
}

TEST(TreePgnRead, MoveNumbersResultsAndDuplicateVariations) {
  const TreeGame game = read_one("[Result \"0-1\"]\n\n1. e4 1... e5 2.Nf3 2...Nc6 3 Bb5 (3. Bc4 Bc5 1-0) 3... a6");
  EXPECT_EQ(game.result, "0-1");  // no result token: the tag's; the one in the variation does not count
  EXPECT_EQ(sans(game.tree, game.tree.main_line()), (std::vector<std::string>{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"}));
  // A variation repeating the main move adds nothing new.
  const TreeGame repeated = read_one("1. e4 (1. e4 e5) (1. d4) e5 *");
  EXPECT_EQ(repeated.tree.size(), 4u);
  EXPECT_EQ(sans(repeated.tree, repeated.tree.node(repeated.tree.root()).children),
            (std::vector<std::string>{"e4", "d4"}));
}

TEST(TreePgnErrors, BadInputIsRefusedInWordsAndReadingGoesOn) {
  const std::string next_game = "\n[Event \"Good\"]\n\n1. e4 (1. d4 d5) e5 *\n";
  // Each broken game, and the start of what reading it says.
  const std::pair<std::string, std::string> cases[] = {
      {"[Event \"A\"]\n\n1. e4 e5 (1... e6 2. Qh5 Kf9) *\n",
       "game 1, line 3: in a variation, at black's move 2, 'Kf9' is not a move in SAN"},
      {"[Event \"A\"]\n\n1. e4 e5 (1... e6 2. Ke3) *\n",
       "game 1, line 3: in a variation, at white's move 2, 'Ke3' is not a legal move"},
      {"[Event \"A\"]\n\n(1. d4) 1. e4 *\n",
       "game 1, line 3: a variation replaces the move before it, but this '(' comes before any move of its line"},
      {"[Event \"A\"]\n\n1. e4 ((1. d4)) *\n",
       "game 1, line 3: a variation replaces the move before it, but this '(' comes before any move of its line"},
      {"[Event \"A\"]\n\n1. e4 (1. d4 --) *\n", "game 1, line 3: in a variation, at black's move 1, the null move"},
      {"[Event \"A\"]\n\n1. e4 (1. d4\n(1. c4 e5\n", "game 1, line 3: the variation opened here is not closed"},
      {"[Event \"A\"]\n\n1. e4 (1. d4) ) *\n", "game 1, line 3: ')' closes no variation"},
      {"[Event \"A\"]\n\n1. e4 (1. d4 { open\n", "game 1, line 3: the comment opened here is never closed"},
  };
  for (const auto& [broken, message] : cases) {
    const std::vector<Result<TreeGame>> games = read_all(broken + next_game);
    ASSERT_EQ(games.size(), 2u) << broken;
    ASSERT_FALSE(games[0].ok()) << broken;
    EXPECT_EQ(games[0].error().substr(0, message.size()), message) << games[0].error();
    ASSERT_TRUE(games[1].ok()) << broken << games[1].error();
    EXPECT_EQ(games[1]->tree.size(), 5u) << broken;
  }
}

// "1. e4 (1. d4 (1. c4 (1. d4 ..." nested `depth` deep.
std::string nested_variations(std::size_t depth) {
  std::string text = "1. e4 ";
  for (std::size_t i = 0; i < depth; ++i) text += i % 2 ? "(1. c4 " : "(1. d4 ";
  return text + std::string(depth, ')') + " e5 *";
}

TEST(TreePgnErrors, NestingIsBounded) {
  EXPECT_EQ(error_of(nested_variations(chess::PgnReader::MAX_VARIATION_DEPTH + 1)),
            "game 1, line 1: variations are nested more than 100 deep here");
  const TreeGame game = read_one(nested_variations(chess::PgnReader::MAX_VARIATION_DEPTH));
  EXPECT_EQ(game.tree.size(), 5u);  // e4, d4, c4, e5: the repeats are the same moves
  // The main line alone may still nest without bound (variations skipped unread).
  const std::string deep = nested_variations(5000);
  chess::PgnReader main_line(deep);
  const auto read = main_line.next();
  ASSERT_TRUE(read && *read);
  EXPECT_EQ(read->value().moves.size(), 2u);
}

TEST(TreePgnErrors, UpToErrorKeepsTheTreeBeforeTheBadMove) {
  const std::string text = "[Event \"A\"]\n\n1. e4 e5 (1... c5 2. Nf3 Kf9 3. d4) 2. Nf3 *\n\n[Event \"B\"]\n\n1. d4 *\n";
  const std::vector<Result<TreeGame>> games = read_all(text, chess::PgnReader::Moves::UpToError);
  ASSERT_EQ(games.size(), 2u);
  ASSERT_TRUE(games[0].ok()) << games[0].error();
  const TreeGame& game = *games[0];
  EXPECT_EQ(game.result, "*");
  EXPECT_EQ(game.cut_short.substr(0, 45), "line 3: in a variation, at black's move 2, 'K");
  EXPECT_EQ(game.tree.size(), 5u);  // e4, e5, c5, Nf3
  EXPECT_EQ(game.tree.node(game.tree.last(game.tree.sibling_after(game.tree.last(game.tree.root())))).san, "Nf3");
  ASSERT_TRUE(games[1].ok());
  EXPECT_EQ(games[1]->tree.size(), 2u);
}

// Whatever the bytes, reading ends, and every tree read writes and reads back the same.
TEST(TreePgnRobust, MutatedFixtureNeverBreaksTheRoundTrip) {
  const std::string text = fixture();
  std::mt19937 rng(39);
  for (int i = 0; i < 400; ++i) {
    const std::string mutated = test_support::mutated(text, rng, "{}()[]\"\n;%$!?");
    for (const Result<TreeGame>& game : read_all(mutated)) {
      if (!game.ok()) {
        EXPECT_EQ(game.error().rfind("game ", 0), 0u) << game.error();
        continue;
      }
      expect_round_trip(*game, mutated);
    }
  }
}

// A random tree: moves from random nodes, variations, comments with commands,
// NAGs, shapes, then a few promotions and deletions.
MoveTree random_tree(std::mt19937& rng) {
  MoveTree tree;
  std::vector<NodeId> nodes{tree.root()};
  const auto any = [&] { return nodes[rng() % nodes.size()]; };
  const std::string words[] = {"good", "[%eval 0.4]", "[%clk 0:00:01.5]", "[%cal Ge2e4]", "[%csl Rd5]",
                               "[%emt 0:00:03]", "}", "(", "%", "[%", "1-0", "x"};
  for (int step = 0; step < 120; ++step) {
    const NodeId at = nodes[rng() % 3 == 0 ? nodes.size() - 1 : rng() % nodes.size()];
    if (!tree.contains(at)) continue;
    const chess::MoveList moves = chess::legal_moves(tree.node(at).position);
    if (moves.size() == 0) continue;
    const NodeId added = tree.add_move(at, moves[rng() % moves.size()]);
    if (added.is_none()) continue;
    nodes.push_back(added);
    if (rng() % 4 == 0) tree.toggle_nag(added, 1 + int(rng() % 20));
    if (rng() % 5 == 0) {
      std::string text;
      for (int n = 1 + rng() % 4; n > 0; --n) text += words[rng() % std::size(words)] + " ";
      if (rng() % 2) tree.set_comment_after(added, parse_comment(text));
      else tree.set_comment_before(added, parse_comment(text));
    }
    if (rng() % 10 == 0) tree.toggle_arrow(any(), Arrow{ShapeColor::Blue, chess::SQ_A1, chess::SQ_H8});
  }
  for (int edit = 0; edit < 6; ++edit) {
    switch (rng() % 3) {
      case 0: tree.promote(any()); break;
      case 1: tree.make_main_line(any()); break;
      default:
        if (rng() % 3 == 0) tree.delete_from(any());
    }
  }
  return tree;
}

TEST(TreePgnRoundTrip, RandomTrees) {
  std::mt19937 rng(1858);
  for (int i = 0; i < 150; ++i) {
    const TreeGame game{{}, random_tree(rng), i % 2 ? "1-0" : "*", ""};
    expect_round_trip(game, "random tree " + std::to_string(i));
  }
}

TEST(TreePgnRoundTrip, ATreeNestedAsDeeplyAsAllowed) {
  MoveTree tree;
  NodeId at = tree.root();
  for (std::size_t level = 0; level < MoveTree::MAX_NESTING; ++level) {
    const chess::MoveList moves = chess::legal_moves(tree.node(at).position);
    ASSERT_GE(moves.size(), 2u);
    tree.add_move(at, moves[0]);
    at = tree.add_move(at, moves[1]);
  }
  ASSERT_FALSE(at.is_none());
  EXPECT_EQ(tree.nesting(at), MoveTree::MAX_NESTING);
  expect_round_trip(TreeGame{{}, tree, "*", ""}, "deep");
}

TEST(TreePgnConversion, ToAndFromTheMainLineGame) {
  const TreeGame game = read_one(fixture());
  const chess::PgnGame main = to_pgn_game(game);
  EXPECT_EQ(main.tags, game.tags);
  EXPECT_EQ(main.result, "1/2-1/2");
  EXPECT_EQ(main.start, chess::Position());
  ASSERT_EQ(main.moves.size(), FIXTURE_MAIN_LINE.size());
  ASSERT_EQ(main.comments_after.size(), main.moves.size());
  ASSERT_EQ(main.nags_after.size(), main.moves.size());
  EXPECT_EQ(main.comments_after[0], "[%eval 0.32] [%clk 0:10:00]");
  EXPECT_EQ(main.nags_after[4], 1);
  EXPECT_EQ(main.nags_after[6], 5);
  EXPECT_EQ(main.nags_after[0], 0);

  // Back: the main line with its comments and NAGs, without the variations.
  const TreeGame back = from_pgn_game(main);
  EXPECT_EQ(back.tags, game.tags);
  EXPECT_EQ(back.result, game.result);
  EXPECT_EQ(back.tree.size(), 1 + FIXTURE_MAIN_LINE.size());
  const std::vector<NodeId> line = back.tree.main_line();
  const std::vector<NodeId> original = game.tree.main_line();
  ASSERT_EQ(line.size(), original.size());
  for (std::size_t i = 0; i < line.size(); ++i) {
    EXPECT_EQ(back.tree.node(line[i]).move, game.tree.node(original[i]).move);
    EXPECT_EQ(back.tree.node(line[i]).comment_after, game.tree.node(original[i]).comment_after);
    EXPECT_EQ(back.tree.node(line[i]).nags, game.tree.node(original[i]).nags);
  }

  // A review's comment becomes data; a move that is not legal ends the tree.
  chess::PgnGame reviewed;
  const chess::Position start;
  reviewed.moves = {chess::parse_san(start, "f3").value(), chess::Move(chess::SQ_A1, chess::SQ_A5)};
  reviewed.comments_after = {"played fast [%eval -0.40] Inaccuracy.", "never read"};
  reviewed.nags_after = {6, 0};
  const TreeGame tree = from_pgn_game(reviewed);
  ASSERT_EQ(tree.tree.size(), 2u);
  const MoveTree::Node& f3 = tree.tree.node(tree.tree.main_child(tree.tree.root()));
  EXPECT_EQ(f3.comment_after.eval, (Eval{Eval::Kind::Centipawns, -40, std::nullopt}));
  EXPECT_EQ(f3.comment_after.text, "played fast Inaccuracy.");
  EXPECT_EQ(f3.nags, std::vector<int>{6});
  EXPECT_EQ(to_pgn_game(tree).comments_after, std::vector<std::string>{"[%eval -0.40] played fast Inaccuracy."});
}

TEST(TreePgn, AGameReadAsItsMainLineIsFoundWholeAgain) {
  const std::string text =
      "[White \"A\"]\n\n1. e4 e5 2. Nf3 *\n\n"
      "[White \"B\"]\n\n1. e4 {Best by test} (1. d4 d5) e5 2. Nf3 {[%clk 0:02:58]} *\n\n"
      "[White \"C\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n";
  chess::PgnReader reader(text);  // the games as main lines
  reader.next();
  reader.next();
  const chess::PgnGame last = reader.next()->value();
  std::optional<TreeGame> found = find_tree_game(text, last);
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(to_pgn_game(*found).tag("White"), "C");
  // Two games with the same moves: each is found by its tags, the second with its comment and variation.
  chess::PgnReader again(text);
  const chess::PgnGame first = again.next()->value();
  found = find_tree_game(text, first);
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(to_pgn_game(*found).tag("White"), "A");
  const chess::PgnGame second = again.next()->value();
  found = find_tree_game(text, second);
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(to_pgn_game(*found).tag("White"), "B");
  chess::PgnGame other = first;
  other.moves.pop_back();
  EXPECT_FALSE(find_tree_game(text, other).has_value()) << "no game of the text stops after 1... e5";
  found = find_tree_game(text, second);
  ASSERT_TRUE(found.has_value());
  const std::vector<NodeId> main_line = found->tree.main_line();
  EXPECT_EQ(found->tree.node(main_line[0]).comment_after.text, "Best by test");
  EXPECT_EQ(found->tree.node(found->tree.root()).children.size(), 2u);
  EXPECT_EQ(found->tree.node(main_line[2]).comment_after.clock, std::chrono::milliseconds(178000));
}

}  // namespace
}  // namespace gambit::study
