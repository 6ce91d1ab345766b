// SPDX-License-Identifier: MIT
// BoardInput: the mouse on the board in squares (press, release, promotion
// picker), checked against the rules without a window. Every failure message
// names the position (FEN) and the squares involved.
#include "game/gui/board_input.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/chess/movegen.h"
#include "core/chess/position.h"
#include "core/chess/uci.h"

namespace gambit::gui {
namespace {

using chess::Move;
using chess::Position;
using chess::Square;
using Kind = BoardInput::Action::Kind;

Position parse(const std::string& fen) {
  auto result = Position::from_fen(fen);
  EXPECT_TRUE(result.ok()) << "bad test FEN " << fen << ": " << (result.ok() ? "" : result.error());
  return result.ok() ? *result : Position();
}

Square sq(const std::string& name) {
  const std::optional<Square> s = chess::parse_square(name);
  EXPECT_TRUE(s.has_value()) << "bad square name " << name;
  return s.value_or(chess::SQ_A1);
}

std::string names(const std::vector<Square>& squares) {
  std::vector<std::string> list;
  for (Square s : squares) list.push_back(chess::square_name(s));
  std::sort(list.begin(), list.end());
  std::string out;
  for (const std::string& name : list) out += (out.empty() ? "" : " ") + name;
  return out;
}

std::string kind_name(Kind kind) {
  switch (kind) {
    case Kind::None: return "None";
    case Kind::Move: return "Move";
    case Kind::NeedsPromotion: return "NeedsPromotion";
  }
  return "?";
}

std::string describe(const BoardInput::Action& action) {
  return kind_name(action.kind) + (action.kind == Kind::Move ? " " + chess::to_uci(action.move) : "");
}

// The distinct destination squares of the legal moves from `from`.
std::vector<Square> legal_targets(const Position& pos, Square from) {
  std::vector<Square> out;
  for (Move m : chess::legal_moves(pos))
    if (m.from() == from && std::find(out.begin(), out.end(), m.to()) == out.end()) out.push_back(m.to());
  return out;
}

const std::string Start(chess::START_FEN);
// After 1.e4 d5: White to move, the e4 pawn may capture on d5.
const std::string Scandinavian = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
// White may castle on both sides; nothing in between.
const std::string Castling = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
// A white pawn on b7 may advance to b8 or capture on a8 and promote.
const std::string Promotion = "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
// White's e5 pawn may take d5 en passant (Black just played d7d5), not f5.
const std::string EnPassant = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";

// Expects a press to select `square` with exactly its legal targets.
void expect_selected(const BoardInput& input, const Position& pos, const std::string& square) {
  ASSERT_TRUE(input.selected().has_value()) << pos.fen() << ": " << square << " should be selected, nothing is";
  EXPECT_EQ(chess::square_name(*input.selected()), square) << pos.fen();
  EXPECT_EQ(names(input.targets()), names(legal_targets(pos, sq(square))))
      << pos.fen() << ": targets of " << square;
  const std::set<Square> unique(input.targets().begin(), input.targets().end());
  EXPECT_EQ(unique.size(), input.targets().size()) << pos.fen() << ": a target of " << square << " is listed twice";
}

void expect_cleared(const BoardInput& input, const Position& pos, const std::string& why) {
  EXPECT_FALSE(input.selected().has_value())
      << pos.fen() << ": " << why << ", but " << chess::square_name(input.selected().value_or(chess::SQ_A1))
      << " is still selected";
  EXPECT_TRUE(input.targets().empty()) << pos.fen() << ": " << why << ", but targets remain: " << names(input.targets());
  EXPECT_FALSE(input.dragging()) << pos.fen() << ": " << why << ", but a drag is still going on";
}

void expect_none(const BoardInput::Action& action, const Position& pos, const std::string& what) {
  EXPECT_EQ(action.kind, Kind::None) << pos.fen() << ": " << what << " gave " << describe(action);
}

void expect_move(const BoardInput::Action& action, const Position& pos, const std::string& uci) {
  EXPECT_EQ(describe(action), "Move " + uci) << pos.fen();
  if (action.kind == Kind::Move) {
    const auto legal = chess::legal_moves(pos);
    EXPECT_NE(std::find(legal.begin(), legal.end(), action.move), legal.end())
        << pos.fen() << ": " << chess::to_uci(action.move) << " is not a legal move here";
  }
}

TEST(BoardInput, PressOnOwnPieceSelectsItWithItsLegalTargets) {
  for (const std::string& fen : {Start, Scandinavian, Castling, Promotion, EnPassant}) {
    const Position pos = parse(fen);
    for (int i = 0; i < chess::SQUARE_NB; ++i) {
      const Square s = Square(i);
      const chess::Piece piece = pos.piece_on(s);
      if (piece == chess::NO_PIECE || chess::color_of(piece) != pos.side_to_move()) continue;
      BoardInput input;
      expect_none(input.press(pos, s, true), pos, "pressing " + chess::square_name(s));
      expect_selected(input, pos, chess::square_name(s));
      EXPECT_TRUE(input.dragging()) << pos.fen() << ": a press on " << chess::square_name(s) << " starts a drag";
    }
  }
  const Position pos = parse(Start);
  BoardInput input;
  (void)input.press(pos, sq("g1"), true);
  EXPECT_EQ(names(input.targets()), "f3 h3") << pos.fen();
  (void)input.press(pos, sq("a1"), true);  // a piece that cannot move is still selected
  expect_selected(input, pos, "a1");
  EXPECT_TRUE(input.targets().empty()) << pos.fen();
}

TEST(BoardInput, PressOnOpponentPieceOrEmptySquareClears) {
  const Position pos = parse(Start);
  for (const char* square : {"e7", "e4", "h8", "d5"}) {
    BoardInput input;
    expect_none(input.press(pos, sq(square), true), pos, std::string("pressing ") + square);
    expect_cleared(input, pos, std::string("nothing to select on ") + square);

    (void)input.press(pos, sq("b1"), true);
    (void)input.release(pos, sq("b1"));
    expect_selected(input, pos, "b1");
    expect_none(input.press(pos, sq(square), true), pos, std::string("b1 selected, pressing ") + square);
    expect_cleared(input, pos, std::string("b1 selected, then a press on ") + square);
  }
  BoardInput input;
  (void)input.press(pos, sq("b1"), true);
  (void)input.release(pos, sq("b1"));
  expect_none(input.press(pos, std::nullopt, true), pos, "pressing off the board");
  expect_cleared(input, pos, "a press off the board");
}

TEST(BoardInput, MayMoveFalseNeverSelects) {
  const Position pos = parse(Start);
  BoardInput input;
  for (const char* square : {"e2", "g1", "e7", "e4"}) {
    expect_none(input.press(pos, sq(square), false), pos, std::string("pressing ") + square + " while not to move");
    expect_cleared(input, pos, std::string("may_move is false (") + square + ")");
    expect_none(input.release(pos, sq("e4")), pos, "releasing while not to move");
  }
  // A selection made while allowed is dropped by a press when no longer allowed.
  (void)input.press(pos, sq("e2"), true);
  (void)input.release(pos, sq("e2"));
  expect_none(input.press(pos, sq("e4"), false), pos, "pressing a target after the turn passed");
  expect_cleared(input, pos, "may_move became false");
}

TEST(BoardInput, ClickClickMove) {
  const Position pos = parse(Start);
  BoardInput input;
  expect_none(input.press(pos, sq("e2"), true), pos, "pressing e2");
  expect_none(input.release(pos, sq("e2")), pos, "releasing on e2");
  expect_selected(input, pos, "e2");
  EXPECT_FALSE(input.dragging()) << pos.fen() << ": the drag ends with the release";
  expect_move(input.press(pos, sq("e4"), true), pos, "e2e4");
  expect_cleared(input, pos, "the move was played");
  expect_none(input.release(pos, sq("e4")), pos, "releasing after the move");

  // A capture by clicks.
  const Position capture = parse(Scandinavian);
  expect_none(input.press(capture, sq("e4"), true), capture, "pressing e4");
  (void)input.release(capture, sq("e4"));
  expect_move(input.press(capture, sq("d5"), true), capture, "e4d5");
}

TEST(BoardInput, DragMove) {
  const Position pos = parse(Start);
  BoardInput input;
  expect_none(input.press(pos, sq("g1"), true), pos, "pressing g1");
  EXPECT_TRUE(input.dragging()) << pos.fen();
  expect_move(input.release(pos, sq("f3")), pos, "g1f3");
  expect_cleared(input, pos, "the dragged move was played");
}

TEST(BoardInput, IllegalDropSnapsBack) {
  const Position pos = parse(Start);
  for (std::optional<Square> drop : {std::optional<Square>(sq("e5")), std::optional<Square>(sq("d3")),
                                     std::optional<Square>(sq("e7")), std::optional<Square>(sq("d2")),
                                     std::optional<Square>()}) {
    const std::string where = drop ? chess::square_name(*drop) : "off the board";
    BoardInput input;
    (void)input.press(pos, sq("e2"), true);
    expect_none(input.release(pos, drop), pos, "dropping e2 on " + where);
    expect_cleared(input, pos, "an illegal drop on " + where + " snaps back");
  }
  // The rook boxed in on a1 dropped on a5.
  BoardInput input;
  (void)input.press(pos, sq("a1"), true);
  expect_none(input.release(pos, sq("a5")), pos, "dropping a1 on a5");
  expect_cleared(input, pos, "an illegal rook drop snaps back");
}

TEST(BoardInput, SecondClickOnSelectedPieceDeselects) {
  const Position pos = parse(Start);
  BoardInput input;
  (void)input.press(pos, sq("e2"), true);
  (void)input.release(pos, sq("e2"));
  expect_selected(input, pos, "e2");
  expect_none(input.press(pos, sq("e2"), true), pos, "pressing e2 again");
  expect_selected(input, pos, "e2");  // still held while the button is down (a drag may follow)
  expect_none(input.release(pos, sq("e2")), pos, "releasing e2 again");
  expect_cleared(input, pos, "the second click on e2 deselects");

  // Pressing the selected piece again and dragging it to a target still plays.
  (void)input.press(pos, sq("e2"), true);
  (void)input.release(pos, sq("e2"));
  (void)input.press(pos, sq("e2"), true);
  expect_move(input.release(pos, sq("e4")), pos, "e2e4");
}

TEST(BoardInput, PressingAnotherOwnPieceSwitchesSelection) {
  const Position pos = parse(Start);
  BoardInput input;
  (void)input.press(pos, sq("e2"), true);
  (void)input.release(pos, sq("e2"));
  expect_none(input.press(pos, sq("g1"), true), pos, "pressing g1 with e2 selected");
  expect_selected(input, pos, "g1");
  expect_none(input.release(pos, sq("g1")), pos, "releasing on g1");
  expect_selected(input, pos, "g1");  // the first click on g1 selects, it does not deselect
  expect_move(input.press(pos, sq("f3"), true), pos, "g1f3");
}

TEST(BoardInput, PromotionAsksWhichPiece) {
  const Position pos = parse(Promotion);
  struct Case {
    const char* to;
    std::optional<chess::PieceType> piece;
    const char* expected;  // nullptr: cancelled
  };
  for (const Case& c : {Case{"b8", chess::QUEEN, "b7b8q"}, Case{"b8", chess::KNIGHT, "b7b8n"},
                        Case{"a8", chess::QUEEN, "b7a8q"}, Case{"a8", chess::ROOK, "b7a8r"},
                        Case{"b8", chess::BISHOP, "b7b8b"}, Case{"b8", std::nullopt, nullptr}}) {
    for (bool drag : {true, false}) {
      const std::string what = std::string("b7 to ") + c.to + (drag ? " by drag" : " by clicks");
      BoardInput input;
      (void)input.press(pos, sq("b7"), true);
      expect_selected(input, pos, "b7");
      BoardInput::Action action;
      if (drag) {
        action = input.release(pos, sq(c.to));
      } else {
        (void)input.release(pos, sq("b7"));
        action = input.press(pos, sq(c.to), true);
      }
      ASSERT_EQ(kind_name(action.kind), "NeedsPromotion") << pos.fen() << ": " << what;
      ASSERT_TRUE(input.pending_promotion().has_value()) << pos.fen() << ": " << what;
      EXPECT_EQ(chess::square_name(input.pending_promotion()->first), "b7") << pos.fen();
      EXPECT_EQ(chess::square_name(input.pending_promotion()->second), c.to) << pos.fen();
      // While the picker is open, board presses do nothing.
      expect_none(input.press(pos, sq("e1"), true), pos, "pressing the board while the picker is open");
      ASSERT_TRUE(input.pending_promotion().has_value()) << pos.fen() << ": the picker must stay open";

      const BoardInput::Action chosen = input.choose_promotion(pos, c.piece);
      if (c.expected) {
        expect_move(chosen, pos, c.expected);
        EXPECT_EQ(chosen.move.kind(), Move::PROMOTION) << pos.fen() << ": " << c.expected;
      } else {
        expect_none(chosen, pos, "cancelling the promotion");
      }
      EXPECT_FALSE(input.pending_promotion().has_value()) << pos.fen() << ": the picker closes after " << what;
      expect_cleared(input, pos, "the promotion was answered");
    }
  }
  BoardInput idle;
  expect_none(idle.choose_promotion(pos, chess::QUEEN), pos, "choosing a piece with no promotion pending");
  // reset() also closes the picker.
  BoardInput input;
  (void)input.press(pos, sq("b7"), true);
  ASSERT_EQ(input.release(pos, sq("b8")).kind, Kind::NeedsPromotion) << pos.fen();
  input.reset();
  EXPECT_FALSE(input.pending_promotion().has_value()) << pos.fen();
  expect_none(input.choose_promotion(pos, chess::QUEEN), pos, "choosing after reset");
}

TEST(BoardInput, BlackPromotion) {
  const Position pos = parse("4k3/8/8/8/8/8/6p1/4K2R b - - 0 1");
  BoardInput input;
  (void)input.press(pos, sq("g2"), true);
  expect_selected(input, pos, "g2");
  ASSERT_EQ(kind_name(input.release(pos, sq("h1")).kind), "NeedsPromotion") << pos.fen();
  expect_move(input.choose_promotion(pos, chess::KNIGHT), pos, "g2h1n");
}

TEST(BoardInput, CastlingByKingTwoSquares) {
  const Position pos = parse(Castling);
  BoardInput input;
  (void)input.press(pos, sq("e1"), true);
  expect_selected(input, pos, "e1");
  const std::string targets = names(input.targets());
  EXPECT_NE(targets.find("g1"), std::string::npos) << pos.fen() << ": targets " << targets;
  EXPECT_NE(targets.find("c1"), std::string::npos) << pos.fen() << ": targets " << targets;
  const BoardInput::Action drag = input.release(pos, sq("g1"));
  expect_move(drag, pos, "e1g1");
  EXPECT_EQ(drag.move.kind(), Move::CASTLING) << pos.fen() << ": e1g1";

  (void)input.press(pos, sq("e1"), true);
  (void)input.release(pos, sq("e1"));
  const BoardInput::Action click = input.press(pos, sq("c1"), true);
  expect_move(click, pos, "e1c1");
  EXPECT_EQ(click.move.kind(), Move::CASTLING) << pos.fen() << ": e1c1";
}

TEST(BoardInput, TheKingDroppedOnItsRookCastlesInStandardChessToo) {
  const Position pos = parse(Castling);
  BoardInput input;
  (void)input.press(pos, sq("e1"), true);
  EXPECT_EQ(names(input.targets()).find("h1"), std::string::npos) << "the rook's square is not drawn as a target";
  const BoardInput::Action drag = input.release(pos, sq("h1"));
  expect_move(drag, pos, "e1g1");
  EXPECT_EQ(drag.move.kind(), Move::CASTLING);
}

TEST(BoardInput, Chess960CastlesByTheKingOnItsRookOrOnItsDestinationWhenNoOtherMoveGoesThere) {
  // King b1, rooks a1 and g1: short castling puts the king on g1 (its rook's square), long castling on c1,
  // where the king can also step: that drop is the step.
  const Position pos = *Position::from_fen("rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w KQkq - 0 1", chess::Variant::Chess960);
  BoardInput input;
  (void)input.press(pos, sq("b1"), true);
  const std::string targets = names(input.targets());
  EXPECT_NE(targets.find("g1"), std::string::npos) << targets;
  EXPECT_NE(targets.find("a1"), std::string::npos) << targets;
  const BoardInput::Action short_castling = input.release(pos, sq("g1"));
  expect_move(short_castling, pos, "b1g1");
  EXPECT_EQ(short_castling.move.kind(), Move::CASTLING);
  (void)input.press(pos, sq("b1"), true);
  const BoardInput::Action long_castling = input.release(pos, sq("a1"));
  EXPECT_EQ(long_castling.move.kind(), Move::CASTLING) << describe(long_castling);
  (void)input.press(pos, sq("b1"), true);
  const BoardInput::Action step = input.release(pos, sq("c1"));
  expect_move(step, pos, "b1c1");
  EXPECT_EQ(step.move.kind(), Move::NORMAL);

  // King e1, rooks a1 and h1 (the standard places, played as 960): g1 and c1 are only reached by castling.
  const Position classic = *Position::from_fen("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", chess::Variant::Chess960);
  for (const char* drop : {"g1", "h1"}) {
    (void)input.press(classic, sq("e1"), true);
    const BoardInput::Action action = input.release(classic, sq(drop));
    expect_move(action, classic, "e1h1");
    EXPECT_EQ(action.move.kind(), Move::CASTLING) << drop;
  }
  (void)input.press(classic, sq("e1"), true);
  (void)input.release(classic, sq("e1"));
  const BoardInput::Action click = input.press(classic, sq("c1"), true);
  expect_move(click, classic, "e1a1");
}

TEST(BoardInput, EnPassantTargetOffered) {
  const Position pos = parse(EnPassant);
  BoardInput input;
  (void)input.press(pos, sq("e5"), true);
  expect_selected(input, pos, "e5");
  // Only the last double step (d7d5) may be taken en passant, not the f5 pawn.
  EXPECT_EQ(names(input.targets()), "d6 e6") << pos.fen() << ": e5 may push or take d5 en passant";
  const BoardInput::Action action = input.release(pos, sq("d6"));
  expect_move(action, pos, "e5d6");
  EXPECT_EQ(action.move.kind(), Move::EN_PASSANT) << pos.fen() << ": e5d6";
}

}  // namespace
}  // namespace gambit::gui
