// SPDX-License-Identifier: MIT
// UCI input lines parsed into commands, bad lines explained, output formatted.
#include "game/cli/uci_protocol.h"

#include <gtest/gtest.h>

#include "tests/game/cli/parsed_line.h"

namespace gambit::uci {
namespace {

template <class T>
T parsed_as(std::string_view line) {
  return testing::parsed_as<T>(parse_command(line), line);
}

std::string refusal(std::string_view line) { return testing::refusal(parse_command(line), line); }

TEST(UciProtocol, SimpleCommands) {
  parsed_as<Uci>("uci");
  parsed_as<IsReady>("isready");
  parsed_as<UciNewGame>("ucinewgame");
  parsed_as<Stop>("stop");
  parsed_as<Quit>("quit\r");
  parsed_as<IsReady>("  joho isready");  // unknown leading tokens are skipped (UCI rule)
  EXPECT_FALSE(parse_command("").has_value());
  EXPECT_FALSE(parse_command("   ").has_value());
  EXPECT_FALSE(parse_command("debug on").has_value());
}

TEST(UciProtocol, UnknownCommandIsExplained) {
  EXPECT_NE(refusal("hello world").find("unknown command 'hello world'"), std::string::npos);
  EXPECT_NE(refusal(std::string("\xff\xfe\x01", 3)).find("\\xff"), std::string::npos);
}

TEST(UciProtocol, SetOption) {
  SetOption o = parsed_as<SetOption>("setoption name hash_mb value 64");
  EXPECT_EQ(o.name, "hash_mb");
  EXPECT_EQ(o.value, "64");
  o = parsed_as<SetOption>("setoption name Clear Hash");
  EXPECT_EQ(o.name, "Clear Hash");
  EXPECT_EQ(o.value, "");
  o = parsed_as<SetOption>("setoption name Book File value /tmp/my book.bin");
  EXPECT_EQ(o.name, "Book File");
  EXPECT_EQ(o.value, "/tmp/my book.bin");
  EXPECT_NE(refusal("setoption depth 3").find("name"), std::string::npos);
  EXPECT_NE(refusal("setoption name value 3").find("no option name"), std::string::npos);
}

TEST(UciProtocol, PositionStartposWithMoves) {
  SetPosition p = parsed_as<SetPosition>("position startpos moves e2e4 e7e5 g1f3");
  EXPECT_EQ(p.start_fen, chess::START_FEN);
  EXPECT_EQ(p.moves, (std::vector<std::string>{"e2e4", "e7e5", "g1f3"}));
  EXPECT_EQ(p.current.fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
}

TEST(UciProtocol, PositionFenWithAndWithoutMoves) {
  const std::string kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  SetPosition p = parsed_as<SetPosition>("position fen " + kiwipete);
  EXPECT_EQ(p.current.fen(), kiwipete);
  EXPECT_TRUE(p.moves.empty());
  p = parsed_as<SetPosition>("position fen " + kiwipete + " moves e1g1");
  EXPECT_EQ(p.moves.size(), 1u);
  EXPECT_EQ(p.current.piece_on(chess::SQ_G1), chess::W_KING);
}

TEST(UciProtocol, BadPositionsAreRefusedWithTheReason) {
  EXPECT_NE(refusal("position startpos moves e2e5").find("'e2e5' is not a legal move"), std::string::npos);
  EXPECT_NE(refusal("position startpos moves e2e4 zz").find("move 2"), std::string::npos);
  EXPECT_NE(refusal("position fen 8/8/8/8 w - - 0 1").find("FEN"), std::string::npos);
  EXPECT_NE(refusal("position").find("startpos"), std::string::npos);
  EXPECT_NE(refusal("position startpos e2e4").find("expected 'moves'"), std::string::npos);
}

TEST(UciProtocol, PositionsInThreeCheck) {
  const auto three = chess::Variant::ThreeCheck;
  const auto start = parse_command("position startpos moves e2e4", three);
  ASSERT_TRUE(start && *start);
  const auto& p = std::get<SetPosition>(start->value());
  EXPECT_EQ(p.start_fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1");
  EXPECT_EQ(p.current.variant(), three);
  const std::string one_to_go = "position fen rnbqkbnr/p3pppp/2p5/3p4/8/8/PPPPQPPP/RNB1K1NR w KQkq - 1+3 0 4";
  const auto counted = parse_command(one_to_go + " moves e2e7", three);
  ASSERT_TRUE(counted && *counted) << (counted ? counted->error() : "");
  EXPECT_EQ(std::get<SetPosition>(counted->value()).current.checks_given(chess::WHITE), 3);
  EXPECT_NE(refusal(one_to_go).find("belong to three-check"), std::string::npos);  // read as standard chess
  const chess::Variant both[] = {chess::Variant::Standard, three};
  EXPECT_EQ(variant_option_line(both), "option name UCI_Variant type combo default chess var chess var 3check");
}

TEST(UciProtocol, GoParameters) {
  Go g = parsed_as<Go>("go wtime 60000 btime 55000 winc 1000 binc 2000 movestogo 20");
  EXPECT_EQ(g.time_ms[0], 60000);
  EXPECT_EQ(g.time_ms[1], 55000);
  EXPECT_EQ(g.increment_ms[0], 1000);
  EXPECT_EQ(g.increment_ms[1], 2000);
  EXPECT_EQ(g.moves_to_go, 20);
  EXPECT_TRUE(g.notes.empty());
  g = parsed_as<Go>("go depth 12");
  EXPECT_EQ(g.depth, 12);
  EXPECT_EQ(g.time_ms[0], -1);
  g = parsed_as<Go>("go movetime 1500 nodes 100000");
  EXPECT_EQ(g.movetime_ms, 1500);
  EXPECT_EQ(g.nodes, 100000);
  EXPECT_TRUE(parsed_as<Go>("go infinite").infinite);
  EXPECT_TRUE(parsed_as<Go>("go").notes.empty());
}

TEST(UciProtocol, BadGoParametersAreNotedAndIgnored) {
  Go g = parsed_as<Go>("go wtime abc btime -50 depth 99999999999999999999999 frobnicate movetime");
  EXPECT_EQ(g.time_ms[0], -1);
  EXPECT_EQ(g.time_ms[1], 0);  // a negative clock means no time left
  EXPECT_EQ(g.depth, 0);
  ASSERT_EQ(g.notes.size(), 4u);
  EXPECT_NE(g.notes[0].find("'abc' is not an integer"), std::string::npos);
  EXPECT_NE(g.notes[1].find("not an integer"), std::string::npos);
  EXPECT_NE(g.notes[2].find("frobnicate"), std::string::npos);
  EXPECT_NE(g.notes[3].find("no value"), std::string::npos);
  g = parsed_as<Go>("go searchmoves e2e4 d2d4 movetime 100");
  EXPECT_EQ(g.movetime_ms, 100);
  ASSERT_EQ(g.notes.size(), 1u);
  EXPECT_NE(g.notes[0].find("searchmoves"), std::string::npos);
}

TEST(UciProtocol, OptionLines) {
  const char* const choices[] = {"solid", "wild"};
  gambit_option_spec spin{"depth", "Search depth", GAMBIT_OPTION_INT, 1, 6, "3", nullptr, 0};
  gambit_option_spec check{"ponder", "Think on the opponent's time", GAMBIT_OPTION_BOOL, 0, 0, "false", nullptr, 0};
  gambit_option_spec combo{"style", "Playing style", GAMBIT_OPTION_CHOICE, 0, 0, "solid", choices, 2};
  gambit_option_spec text{"book", "Opening book", GAMBIT_OPTION_STRING, 0, 0, "", nullptr, 0};
  EXPECT_EQ(option_line(spin), "option name depth type spin default 3 min 1 max 6");
  EXPECT_EQ(option_line(check), "option name ponder type check default false");
  EXPECT_EQ(option_line(combo), "option name style type combo default solid var solid var wild");
  EXPECT_EQ(option_line(text), "option name book type string default <empty>");
}

TEST(UciProtocol, InfoLines) {
  players::SearchInfo info;
  info.depth = 7;
  info.seldepth = 12;
  info.score_kind = players::ScoreKind::Centipawns;
  info.score = -35;
  info.nodes = 12345;
  info.nps = 600000;
  info.time_ms = 20;
  info.pv = {chess::Move(chess::SQ_E2, chess::SQ_E4), chess::Move(chess::SQ_E7, chess::SQ_E5)};
  EXPECT_EQ(info_line(info), "info depth 7 seldepth 12 score cp -35 nodes 12345 nps 600000 time 20 pv e2e4 e7e5");
  info.score_kind = players::ScoreKind::Mate;
  info.score = -2;
  info.pv.clear();
  EXPECT_EQ(info_line(info), "info depth 7 seldepth 12 score mate -2 nodes 12345 nps 600000 time 20");
  info.multipv = 3;
  EXPECT_EQ(info_line(info, true), "info depth 7 seldepth 12 multipv 3 score mate -2 nodes 12345 nps 600000 time 20");
  EXPECT_EQ(parse_multipv("4").value(), 4);
  for (const char* bad : {"0", "6", "x", "", "2x", "-1"}) EXPECT_FALSE(parse_multipv(bad)) << bad;
  EXPECT_EQ(multipv_option_line(), "option name MultiPV type spin default 1 min 1 max 5");
}

}  // namespace
}  // namespace gambit::uci
