// SPDX-License-Identifier: MIT
// XBoard/CECP input lines parsed into commands, bad lines refused with the
// protocol's reason, output lines formatted.
#include "game/cli/cecp_protocol.h"

#include <gtest/gtest.h>

#include "tests/game/cli/parsed_line.h"

#include "core/chess/uci.h"

namespace gambit::cecp {
namespace {

template <class T>
T parsed_as(std::string_view line) {
  return testing::parsed_as<T>(parse_command(line), line);
}

std::string refusal(std::string_view line) { return testing::refusal(parse_command(line), line); }

TEST(CecpProtocol, CommandsWithoutArguments) {
  parsed_as<XBoard>("xboard");
  parsed_as<New>("new");
  parsed_as<Force>("force");
  parsed_as<Go>("go\r");
  parsed_as<PlayOther>("playother");
  parsed_as<MoveNow>("?");
  parsed_as<Draw>("draw");
  parsed_as<Undo>("undo");
  parsed_as<Remove>("remove");
  parsed_as<Quit>("  quit  ");
  EXPECT_TRUE(parsed_as<Post>("post").on);
  EXPECT_FALSE(parsed_as<Post>("nopost").on);
  for (const char* word : {"hard", "easy", "random", "computer", "accepted usermove", "rejected san", "."})
    parsed_as<Accepted>(word);
  EXPECT_EQ(parsed_as<Accepted>("name Some Body (GM)").word, "name");
  EXPECT_FALSE(parse_command("").has_value());
  EXPECT_FALSE(parse_command(" \t\r").has_value());
}

TEST(CecpProtocol, CommandsWithArguments) {
  EXPECT_EQ(parsed_as<ProtoVer>("protover 2").version, 2);
  EXPECT_EQ(parsed_as<Variant>("variant normal").name, "normal");
  EXPECT_EQ(parsed_as<Variant>("variant 3check").name, "3check");
  EXPECT_EQ(parsed_as<UserMove>("usermove e7e8q").text, "e7e8q");
  EXPECT_EQ(parsed_as<Ping>("ping 17").tag, "17");
  EXPECT_EQ(parsed_as<SetBoard>("setboard  8/8/8/8/8/8/8/K1k5 w - - 0 1 \r").fen, "8/8/8/8/8/8/8/K1k5 w - - 0 1");
  EXPECT_EQ(parsed_as<Depth>("sd 7").plies, 7);
}

TEST(CecpProtocol, BareMovesAreUserMoves) {
  EXPECT_EQ(parsed_as<UserMove>("e2e4").text, "e2e4");
  EXPECT_EQ(parsed_as<UserMove>("a7a8N").text, "a7a8N");
  EXPECT_EQ(parsed_as<UserMove>("O-O").text, "O-O");
  EXPECT_EQ(refusal("e2e9"), "unknown command");
  EXPECT_EQ(refusal("e2e4 e7e5"), "unknown command");
}

TEST(CecpProtocol, TimeControls) {
  Level level = parsed_as<Level>("level 40 5 0");
  EXPECT_EQ(level.moves_per_session, 40);
  EXPECT_EQ(level.base_ms, 300'000);
  EXPECT_EQ(level.increment_ms, 0);
  level = parsed_as<Level>("level 0 2:30 1");
  EXPECT_EQ(level.moves_per_session, 0);
  EXPECT_EQ(level.base_ms, 150'000);
  EXPECT_EQ(level.increment_ms, 1000);
  level = parsed_as<Level>("level 0 0:30 0.5");
  EXPECT_EQ(level.base_ms, 30'000);
  EXPECT_EQ(level.increment_ms, 500);
  EXPECT_EQ(parsed_as<Level>("level 0 0 2").increment_ms, 2000);  // increment only
  EXPECT_EQ(parsed_as<SecondsPerMove>("st 10").ms, 10'000);
  EXPECT_EQ(parsed_as<SecondsPerMove>("st 0.25").ms, 250);
  EXPECT_EQ(parsed_as<Time>("time 12345").ms, 123'450);  // centiseconds
  EXPECT_EQ(parsed_as<OpponentTime>("otim 100").ms, 1000);
  EXPECT_EQ(parsed_as<Time>("time -20").ms, 0);  // a lagging GUI's negative clock
  EXPECT_EQ(parse_base_time("2:05"), 125'000);
  EXPECT_EQ(parse_base_time("0.5"), 30'000);
  EXPECT_EQ(parse_base_time("1:60"), std::nullopt);
  EXPECT_EQ(parse_base_time("x"), std::nullopt);
  EXPECT_EQ(parse_base_time("-1"), std::nullopt);
}

TEST(CecpProtocol, Result) {
  GameEnd end = parsed_as<GameEnd>("result 1-0 {White mates}");
  EXPECT_EQ(end.result, "1-0");
  EXPECT_EQ(end.comment, "White mates");
  end = parsed_as<GameEnd>("result 1/2-1/2 {Draw by repetition}");
  EXPECT_EQ(end.result, "1/2-1/2");
  EXPECT_EQ(parsed_as<GameEnd>("result *").comment, "");
  EXPECT_EQ(refusal("result 2-0 {what}"), "bad argument");
  EXPECT_EQ(refusal("result"), "missing argument");
}

TEST(CecpProtocol, BadCommandsGiveTheReason) {
  EXPECT_EQ(refusal("hello"), "unknown command");
  EXPECT_EQ(refusal("analyze"), "unknown command");  // analyze=0
  EXPECT_EQ(refusal("new game"), "too many arguments");
  EXPECT_EQ(refusal("protover"), "missing argument");
  EXPECT_EQ(refusal("protover two"), "bad argument");
  EXPECT_EQ(refusal("usermove"), "missing argument");
  EXPECT_EQ(refusal("usermove e2e4 e7e5"), "too many arguments");
  EXPECT_EQ(refusal("setboard"), "missing argument");
  EXPECT_EQ(refusal("level 40 5"), "missing argument");
  EXPECT_EQ(refusal("level 40 5 0 1"), "too many arguments");
  EXPECT_EQ(refusal("level -1 5 0"), "bad argument");
  EXPECT_EQ(refusal("level 40 five 0"), "bad argument");
  EXPECT_EQ(refusal("level 0 0 0"), "bad argument");
  EXPECT_EQ(refusal("st 0"), "bad argument");
  EXPECT_EQ(refusal("st -3"), "bad argument");
  EXPECT_EQ(refusal("sd 0"), "bad argument");
  EXPECT_EQ(refusal("sd x"), "bad argument");
  EXPECT_EQ(refusal("time"), "missing argument");
  EXPECT_EQ(refusal("otim 1.5"), "bad argument");
  EXPECT_EQ(refusal("ping"), "missing argument");
  EXPECT_EQ(refusal("variant"), "missing argument");
}

TEST(CecpProtocol, ErrorLine) {
  EXPECT_EQ(error_line("unknown command", "hello\r"), "Error (unknown command): hello");
  EXPECT_EQ(error_line("bad argument", std::string("st \x01", 4)), "Error (bad argument): st ?");
  EXPECT_EQ(error_line("x", std::string(300, 'a')).size(), std::string("Error (x): ").size() + 100 + 3);
}

TEST(CecpProtocol, FeatureLines) {
  const chess::Variant both[] = {chess::Variant::Standard, chess::Variant::ThreeCheck};
  const std::vector<std::string> lines = feature_lines("Gambit \"alpha\" 1.0", both);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.back(), "feature done=1");
  std::string all;
  for (const std::string& line : lines) {
    EXPECT_TRUE(line.starts_with("feature ")) << line;
    all += line + " ";
  }
  for (const char* feature : {"myname=\"Gambit 'alpha' 1.0\"", "usermove=1", "setboard=1", "ping=1", "playother=1",
                              "san=0", "sigint=0", "sigterm=0", "colors=0", "analyze=0", "variants=\"normal,3check\""})
    EXPECT_NE(all.find(std::string(" ") + feature + " "), std::string::npos) << feature << " missing in: " << all;
}

TEST(CecpProtocol, MoveAndThinkingLines) {
  const chess::Position start;
  EXPECT_EQ(move_line(start, *chess::parse_uci_move(start, "g1f3")), "move g1f3");
  const chess::Position promo = *chess::Position::from_fen("8/P6k/8/8/8/8/8/K7 w - - 0 1");
  EXPECT_EQ(move_line(promo, *chess::parse_uci_move(promo, "a7a8q")), "move a7a8q");
  // Castling: the king's step in standard chess; O-O and O-O-O in Chess960, as xboard writes them there.
  const chess::Position castles = *chess::Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(move_line(castles, *chess::parse_uci_move(castles, "e1g1")), "move e1g1");
  const chess::Position fischer =
      *chess::Position::from_fen("1r2k1r1/pppppppp/8/8/8/8/8/1R2K1R1 w KQkq - 0 1", chess::Variant::Chess960);
  EXPECT_EQ(move_line(fischer, *chess::parse_uci_move(fischer, "e1g1")), "move O-O");
  EXPECT_EQ(move_line(fischer, *chess::parse_uci_move(fischer, "e1b1")), "move O-O-O");

  players::SearchInfo info;
  info.depth = 5;
  info.score_kind = players::ScoreKind::Centipawns;
  info.score = -34;
  info.time_ms = 1234;
  info.nodes = 56789;
  chess::Position pos = start;
  for (const char* text : {"e2e4", "e7e5", "g1f3"}) {
    chess::Move m = *chess::parse_uci_move(pos, text);
    info.pv.push_back(m);
    pos.do_move(m);
  }
  EXPECT_EQ(thinking_line(info, start), "5 -34 123 56789 e4 e5 Nf3");
  info.score_kind = players::ScoreKind::Mate;
  info.score = 3;
  info.pv.clear();
  EXPECT_EQ(thinking_line(info, start), "5 100003 123 56789");
  info.score = -2;
  EXPECT_EQ(thinking_line(info, start), "5 -100002 123 56789");
}

}  // namespace
}  // namespace gambit::cecp
