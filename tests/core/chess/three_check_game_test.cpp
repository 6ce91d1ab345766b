// SPDX-License-Identifier: MIT
// Three-check in Game and PGN: the game ending at the third check (and what it
// does to repetitions, dead positions and time forfeits), and the Variant tag.
#include <gtest/gtest.h>

#include "tests/core/chess/three_check_testing.h"

namespace gambit::chess {
namespace {

using namespace three_check_testing;

// ---------------------------------------------------------------------------
// Game

// 1.e4 e5 2.Bc4 Nc6 3.Bxf7+ Kxf7 4.Qh5+ Ke7 5.Qxe5+: White's third check (not mate).
const std::initializer_list<std::string_view> THIRD_CHECK_GAME = {"e2e4", "e7e5", "f1c4", "b8c6", "c4f7",
                                                                  "e8f7", "d1h5", "f7e7", "h5e5"};

TEST(ThreeCheckGame, TheThirdCheckEndsTheGame) {
  Game game{Position(THREE)};
  std::size_t played = 0;
  for (std::string_view move : THIRD_CHECK_GAME) {
    ASSERT_FALSE(game.is_over()) << "over after " << played << " moves: " << game.outcome().description() << "\n"
                                 << game.position().pretty();
    ASSERT_TRUE(play_all(game, {move}));
    ++played;
  }
  const Position& end = game.position();
  EXPECT_EQ(end.checks_given(WHITE), 3) << end.pretty();
  EXPECT_EQ(end.checks_given(BLACK), 0) << end.pretty();
  EXPECT_NE(count_legal(end), 0u) << "not meant to be mate\n" << end.pretty();
  EXPECT_TRUE(game.is_over()) << end.pretty();
  EXPECT_EQ(game.outcome().termination, Termination::ThirdCheck) << end.pretty();
  EXPECT_EQ(game.outcome().result, GameResult::WhiteWins);
  EXPECT_EQ(game.outcome().winner(), WHITE);
  EXPECT_EQ(game.outcome().description(), "White wins by giving a third check");
  EXPECT_EQ(game.outcome().pgn_result(), "1-0");

  // No move is accepted after it, and nothing changes.
  for (Move m : legal_moves(end)) EXPECT_FALSE(game.play(m)) << to_uci(m) << "\n" << end.pretty();
  EXPECT_EQ(game.moves().size(), THIRD_CHECK_GAME.size());
  EXPECT_FALSE(game.claim_draw());
  EXPECT_FALSE(game.resign(WHITE));
  EXPECT_FALSE(game.flag(WHITE));
  EXPECT_EQ(game.outcome().termination, Termination::ThirdCheck);
}

TEST(ThreeCheckGame, TheSameMovesInStandardChessGoOn) {
  Game game;
  ASSERT_TRUE(play_all(game, THIRD_CHECK_GAME));
  EXPECT_FALSE(game.is_over()) << game.outcome().description() << "\n" << game.position().pretty();
}

TEST(ThreeCheckGame, BlackWinsByAThirdCheck) {
  Game game{parse("r3k3/8/8/8/8/8/8/6K1 b - - 0 1 +1+2")};
  ASSERT_FALSE(game.is_over());
  ASSERT_TRUE(play_all(game, {"a8a1"}));
  EXPECT_EQ(game.outcome().termination, Termination::ThirdCheck) << game.position().pretty();
  EXPECT_EQ(game.outcome().winner(), BLACK);
  EXPECT_EQ(game.outcome().description(), "Black wins by giving a third check");
  EXPECT_EQ(game.outcome().pgn_result(), "0-1");
}

TEST(ThreeCheckGame, AThirdCheckThatIsMateIsCheckmate) {
  Game game{parse("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 +2+0")};
  ASSERT_TRUE(play_all(game, {"a1a8"}));
  EXPECT_EQ(game.position().checks_given(WHITE), 3) << game.position().pretty();
  EXPECT_EQ(game.outcome().termination, Termination::Checkmate) << game.position().pretty();
  EXPECT_EQ(game.outcome().winner(), WHITE);
  EXPECT_EQ(game.outcome().description(), "White wins by checkmate");
}

TEST(ThreeCheckGame, AStartPositionAfterTheThirdCheckIsOver) {
  const Game game{parse("4k3/8/8/8/8/8/8/4R1K1 b - - 0 40 +3+1")};
  EXPECT_TRUE(game.is_over()) << game.position().pretty();
  EXPECT_EQ(game.outcome().termination, Termination::ThirdCheck);
  EXPECT_EQ(game.outcome().winner(), WHITE);
}

TEST(ThreeCheckGame, UndoAfterTheThirdCheckReopensTheGame) {
  Game game{Position(THREE)};
  ASSERT_TRUE(play_all(game, THIRD_CHECK_GAME));
  ASSERT_EQ(game.outcome().termination, Termination::ThirdCheck);
  ASSERT_TRUE(game.undo());
  EXPECT_FALSE(game.is_over()) << game.outcome().description() << "\n" << game.position().pretty();
  EXPECT_EQ(game.outcome().termination, Termination::None);
  EXPECT_EQ(game.position().checks_given(WHITE), 2) << game.position().pretty();
  // A different move, without check, is accepted; then the third check again ends it.
  ASSERT_TRUE(play_all(game, {"h5f3"}));
  EXPECT_FALSE(game.is_over()) << game.position().pretty();
  ASSERT_TRUE(play_all(game, {"g8f6", "f3f6"}));
  EXPECT_EQ(game.position().checks_given(WHITE), 3) << game.position().pretty();
  EXPECT_EQ(game.outcome().termination, Termination::ThirdCheck) << game.position().pretty();
}

TEST(ThreeCheckGame, RepetitionsCountTheChecks) {
  // White's rook checks and returns: the placement recurs, but with one check
  // more, so it is a new position in three-check (and the same one in standard chess).
  const std::string_view fen = "4k3/8/8/8/8/8/8/R5K1 w - - 0 1";
  const std::initializer_list<std::string_view> check_cycle = {"a1e1", "e8d8", "e1a1", "d8e8"};
  const std::initializer_list<std::string_view> quiet_cycle = {"g1h1", "e8f8", "h1g1", "f8e8"};
  Game three{parse(fen)}, standard{parse(fen, Variant::Standard)};
  ASSERT_TRUE(play_all(three, check_cycle));
  ASSERT_TRUE(play_all(standard, check_cycle));
  EXPECT_EQ(three.position().checks_given(WHITE), 1) << three.position().pretty();
  EXPECT_EQ(three.repetition_count(), 1) << three.position().pretty();
  EXPECT_EQ(standard.repetition_count(), 2);

  ASSERT_TRUE(play_all(three, quiet_cycle));
  ASSERT_TRUE(play_all(standard, quiet_cycle));
  EXPECT_EQ(three.repetition_count(), 2) << three.position().pretty();
  EXPECT_FALSE(three.claimable_draw());
  EXPECT_EQ(standard.repetition_count(), 3);
  EXPECT_EQ(standard.claimable_draw(), Termination::ThreefoldRepetition);

  ASSERT_TRUE(play_all(three, quiet_cycle));
  EXPECT_EQ(three.repetition_count(), 3) << three.position().pretty();
  EXPECT_EQ(three.claimable_draw(), Termination::ThreefoldRepetition);
  EXPECT_TRUE(three.claim_draw());
  EXPECT_EQ(three.outcome().termination, Termination::ThreefoldRepetition);
}

TEST(ThreeCheckGame, OnlyBareKingsAreInsufficientMaterial) {
  struct Case {
    std::string_view fen;
    bool dead_in_standard, dead_in_three_check;
  };
  const Case cases[] = {
      {"4k3/8/8/8/8/8/8/3NK3 w - - 0 1", true, false},         // K+N v K
      {"4k3/8/8/8/8/8/8/3BK3 w - - 0 1", true, false},         // K+B v K
      {"2b1k3/8/8/8/8/8/8/3BK3 w - - 0 1", true, false},       // bishops on one colour
      {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", true, true},           // K v K
      {"4k3/8/8/8/8/8/8/4K3 b - - 0 1", true, true},           // K v K, black to move
      {"4k3/8/8/8/8/8/8/2NNK3 w - - 0 1", false, false},       // two knights
      {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false, false},       // a pawn
  };
  for (const Case& c : cases) {
    const Position standard = parse(c.fen, Variant::Standard), three = parse(c.fen);
    EXPECT_EQ(insufficient_material(standard), c.dead_in_standard) << "standard\n" << standard.pretty();
    EXPECT_EQ(insufficient_material(three), c.dead_in_three_check) << "three-check\n" << three.pretty();
    const Game standard_game{standard}, three_game{three};
    EXPECT_EQ(standard_game.outcome().termination,
              c.dead_in_standard ? Termination::InsufficientMaterial : Termination::None)
        << standard.pretty();
    EXPECT_EQ(three_game.outcome().termination,
              c.dead_in_three_check ? Termination::InsufficientMaterial : Termination::None)
        << three.pretty();
  }
}

TEST(ThreeCheckGame, CapturingTheLastPieceLeavesBareKingsDead) {
  Game game{parse("4k3/8/8/8/8/8/3n4/4K3 w - - 0 1 +2+2")};
  ASSERT_FALSE(game.is_over());
  ASSERT_TRUE(play_all(game, {"e1d2"}));
  EXPECT_EQ(game.outcome().termination, Termination::InsufficientMaterial) << game.position().pretty();
}

TEST(ThreeCheckGame, ALoneKnightWinsOnTimeInThreeCheck) {
  // K+N v K: dead in standard chess, so only three-check has a game whose flag can fall.
  Game lone{parse("4k3/8/8/8/8/8/8/3NK3 w - - 0 1")};
  ASSERT_FALSE(lone.is_over()) << lone.outcome().description();
  ASSERT_TRUE(lone.flag(BLACK));
  EXPECT_EQ(lone.outcome().termination, Termination::TimeForfeit);
  EXPECT_EQ(lone.outcome().winner(), WHITE);
  EXPECT_EQ(lone.outcome().description(), "White wins on time");
  Game bare{parse("4k3/8/8/8/8/8/8/3NK3 w - - 0 1")};
  ASSERT_TRUE(bare.flag(WHITE));  // Black has nothing but its king: a draw in any variant
  EXPECT_EQ(bare.outcome().result, GameResult::Draw) << bare.outcome().description();

  // K+N v K+Q: in standard chess the knight cannot mate (FIDE 6.9, as lichess
  // judges it), in three-check it can give checks.
  const std::string_view fen = "q3k3/8/8/8/8/8/8/3NK3 w - - 0 1";
  Game standard{parse(fen, Variant::Standard)}, three{parse(fen)};
  ASSERT_TRUE(standard.flag(BLACK));
  ASSERT_TRUE(three.flag(BLACK));
  EXPECT_EQ(standard.outcome().result, GameResult::Draw) << standard.outcome().description();
  EXPECT_EQ(three.outcome().result, GameResult::WhiteWins) << three.outcome().description();
  EXPECT_EQ(three.outcome().flagged, BLACK);
  EXPECT_TRUE(can_mate(parse(fen), WHITE));
  EXPECT_FALSE(can_mate(parse(fen, Variant::Standard), WHITE));
  EXPECT_FALSE(can_mate(parse("4k3/8/8/8/8/8/8/3NK3 w - - 0 1"), BLACK));
}

// ---------------------------------------------------------------------------
// PGN

PgnGame pgn_of(const Game& game) {
  PgnGame pgn;
  pgn.tags = {{"Event", "Three-check test"}, {"White", "A"}, {"Black", "B"}};
  pgn.start = game.start();
  pgn.moves = game.moves();
  pgn.result = game.outcome().pgn_result();
  return pgn;
}

// The only game of the text; a failure or a different count fails the test.
Result<PgnGame> read_one(std::string_view text) {
  PgnReader reader(text);
  std::optional<Result<PgnGame>> game = reader.next();
  if (!game) return Failure{"no game in the text"};
  if (reader.next()) ADD_FAILURE() << "more than one game in:\n" << text;
  return std::move(*game);
}

bool contains(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

TEST(ThreeCheckPgn, WritesTheVariantTagAndNoFenFromTheStart) {
  Game game{Position(THREE)};
  ASSERT_TRUE(play_all(game, THIRD_CHECK_GAME));
  const std::string text = write_pgn(pgn_of(game));
  EXPECT_TRUE(contains(text, "[Variant \"Three-check\"]\n")) << text;
  EXPECT_FALSE(contains(text, "[FEN ")) << text;
  EXPECT_FALSE(contains(text, "[SetUp ")) << text;
  EXPECT_TRUE(contains(text, "[Result \"1-0\"]")) << text;
  EXPECT_TRUE(contains(text, "3. Bxf7+ Kxf7 4. Qh5+ Ke7 5. Qxe5+ 1-0")) << text;

  Result<PgnGame> back = read_one(text);
  ASSERT_TRUE(back.ok()) << back.error() << "\n" << text;
  EXPECT_TRUE(back->start == game.start()) << back->start.pretty();
  EXPECT_EQ(back->moves, game.moves()) << text;
  EXPECT_EQ(back->result, "1-0");
  EXPECT_EQ(back->tag("Variant"), "Three-check");
}

TEST(ThreeCheckPgn, AStandardGameHasNoVariantTag) {
  Game game;
  ASSERT_TRUE(play_all(game, {"e2e4", "f7f6", "d1h5"}));
  const std::string text = write_pgn(pgn_of(game));
  EXPECT_FALSE(contains(text, "[Variant")) << text;
  Result<PgnGame> back = read_one(text);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(back->start.variant(), Variant::Standard);
}

TEST(ThreeCheckPgn, WritesTheCountsInTheFenTagFromAnotherStart) {
  const Position start = parse(std::string(AFTER_ONE_CHECK_PLACEMENT) + " 2+3 0 3");
  Game game{start};
  ASSERT_TRUE(play_all(game, {"h5g6", "h7g6"}));  // White's second check
  PgnGame pgn = pgn_of(game);
  pgn.tags.emplace_back("FEN", "stale text that must not be written");
  pgn.tags.emplace_back("Variant", "Standard");
  const std::string text = write_pgn(pgn);
  EXPECT_TRUE(contains(text, "[Variant \"Three-check\"]\n")) << text;
  EXPECT_FALSE(contains(text, "[Variant \"Standard\"]")) << text;
  EXPECT_TRUE(contains(text, "[SetUp \"1\"]\n")) << text;
  EXPECT_TRUE(contains(text, "[FEN \"" + start.fen() + "\"]\n")) << text;
  EXPECT_TRUE(contains(text, " 2+3 0 3\"]")) << text;
  EXPECT_FALSE(contains(text, "stale")) << text;

  Result<PgnGame> back = read_one(text);
  ASSERT_TRUE(back.ok()) << back.error() << "\n" << text;
  EXPECT_TRUE(back->start == start) << back->start.pretty();
  EXPECT_EQ(back->moves, game.moves());
  Game replay{back->start};
  for (Move m : back->moves) ASSERT_TRUE(replay.play(m)) << to_uci(m) << "\n" << replay.position().pretty();
  EXPECT_EQ(replay.position().checks_given(WHITE), 2) << replay.position().pretty();
}

TEST(ThreeCheckPgn, ReadsTheVariantUnderItsNames) {
  for (std::string_view name : {"Three-check", "3check", "threecheck", "THREECHECK", "three check", "3-check"}) {
    const std::string text = "[Variant \"" + std::string(name) + "\"]\n\n1. e4 f6 2. Qh5+ *\n";
    Result<PgnGame> game = read_one(text);
    ASSERT_TRUE(game.ok()) << name << ": " << game.error();
    EXPECT_TRUE(game->start == Position(THREE)) << name << "\n" << game->start.pretty();
    Position end = game->start;
    for (Move m : game->moves) end.do_move(m);
    EXPECT_EQ(end.checks_given(WHITE), 1) << name << "\n" << end.pretty();
  }
  for (std::string_view name : {"Standard", "chess", "From Position"}) {
    Result<PgnGame> game = read_one("[Variant \"" + std::string(name) + "\"]\n\n1. e4 *\n");
    ASSERT_TRUE(game.ok()) << name << ": " << game.error();
    EXPECT_EQ(game->start.variant(), Variant::Standard) << name;
  }
}

TEST(ThreeCheckPgn, AFenTagBeforeTheVariantTagIsReadInTheVariant) {
  const std::string text = "[SetUp \"1\"]\n[FEN \"" + std::string(AFTER_ONE_CHECK_PLACEMENT) +
                           " 2+3 0 3\"]\n[Variant \"Three-check\"]\n\n3. Qxg6+ hxg6 *\n";
  Result<PgnGame> game = read_one(text);
  ASSERT_TRUE(game.ok()) << game.error();
  EXPECT_EQ(game->start.variant(), THREE);
  EXPECT_EQ(game->start.checks_given(WHITE), 1) << game->start.pretty();
  ASSERT_EQ(game->moves.size(), 2u);
}

TEST(ThreeCheckPgn, RefusesOtherVariantsNamingThem) {
  Result<PgnGame> game = read_one("[Event \"x\"]\n[Variant \"Crazyhouse\"]\n\n1. e4 *\n");
  ASSERT_FALSE(game.ok());
  EXPECT_TRUE(contains(game.error(), "'Crazyhouse'")) << game.error();
  EXPECT_TRUE(contains(game.error(), "is not one Gambit plays")) << game.error();
  EXPECT_TRUE(contains(game.error(), "line 2")) << game.error();
}

TEST(ThreeCheckPgn, RefusesMovesAfterTheThirdCheck) {
  Result<PgnGame> game = read_one(
      "[Variant \"Three-check\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 4. Qh5+ Ke7 5. Qxe5+ Kf7 6. Qf5+ 1-0\n");
  ASSERT_FALSE(game.ok());
  EXPECT_TRUE(contains(game.error(), "'Kf7' comes after the game ended: White wins by giving a third check")) << game.error();
}

TEST(ThreeCheckPgn, AStandardGameRefusesAFenWithCounts) {
  Result<PgnGame> game = read_one("[SetUp \"1\"]\n[FEN \"" + std::string(THREE_CHECK_START_FEN) + "\"]\n\n1. e4 *\n");
  ASSERT_FALSE(game.ok());
  EXPECT_TRUE(contains(game.error(), "FEN tag")) << game.error();
  EXPECT_TRUE(contains(game.error(), "three-check")) << game.error();
}

TEST(ThreeCheckPgn, ReadsAGameEndingWithTheThirdCheck) {
  // As lichess exports a three-check game.
  const std::string_view text = R"([Event "Rated Three-check game"]
[Site "https://lichess.org/abcdefgh"]
[Result "1-0"]
[Variant "Three-check"]

1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 4. Qh5+ Ke7 5. Qxe5+ { White wins by three checks. } 1-0
)";
  Result<PgnGame> game = read_one(text);
  ASSERT_TRUE(game.ok()) << game.error();
  ASSERT_EQ(game->moves.size(), THIRD_CHECK_GAME.size());
  EXPECT_EQ(game->result, "1-0");
  Game replay{game->start};
  for (Move m : game->moves) ASSERT_TRUE(replay.play(m)) << to_uci(m) << "\n" << replay.position().pretty();
  EXPECT_EQ(replay.outcome().termination, Termination::ThirdCheck) << replay.position().pretty();
  EXPECT_EQ(replay.outcome().pgn_result(), game->result);
}

}  // namespace
}  // namespace gambit::chess
