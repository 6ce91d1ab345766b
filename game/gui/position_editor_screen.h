// SPDX-License-Identifier: MIT
// PositionEditorScreen: a position set up by hand (core/study PositionSetup),
// as lichess's board editor: pieces dragged from the palette onto the board,
// moved about on it and dragged off it (or right-clicked) to take them away;
// a palette piece clicked becomes the brush that each click on the board puts
// down (the cross: takes away). Side to move, castling rights and the
// en-passant square beside it; the FEN shown, editable (Enter takes it); what
// makes the position illegal said in words, and until it is legal Analyse and
// Play cannot be used. Start position (S), Clear (X), Flip (F), Analyse (A),
// Play from here (P: against the New Game screen's opponent, unrated), Back (Esc).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/study/position_setup.h"
#include "core/util/translation.h"
#include "core/util/undo_history.h"
#include "game/gui/action_buttons.h"
#include "game/gui/board_view.h"
#include "game/gui/screen.h"
#include "game/gui/widgets.h"

namespace gambit::gui {

class PositionEditorScreen : public Screen {
 public:
  PositionEditorScreen(App& app, const chess::Position& from);

  std::string name() const override { return "editor"; }
  void handle(const sf::Event& event) override;
  void draw(sf::RenderTarget& target) override;
  void describe(StateDump& dump) const override;

 private:
  enum class Action { Start, Clear, Flip, Analyse, Play, Back };
  // A palette cell: a piece, or NO_PIECE for the cross that takes pieces away.
  struct PaletteCell {
    chess::Piece piece;
    sf::FloatRect rect;
  };

  void layout(sf::Vector2f size);
  void run(Action action);
  // The setup changed: the controls and the FEN field follow it, and the change can be undone.
  void changed();
  // Ctrl+Z (back) and Ctrl+Y: the setup as before the last change, or again as after it.
  void step_history(bool back);
  void handle_board(const sf::Event& event);
  std::optional<chess::Piece> palette_at(sf::Vector2f point) const;

  study::PositionSetup setup_;
  study::PositionSetup settled_;  // setup_ as changed() last saw it
  UndoHistory<study::PositionSetup> history_;
  std::string problem_;  // why the setup is no position; "" when it is one

  BoardView board_;
  std::vector<PaletteCell> palette_;
  std::optional<chess::Piece> brush_;  // clicks on the board put this down (NO_PIECE: take away)
  // A piece being dragged: from a square (moved or taken off) or from the palette (from_square empty).
  struct Drag {
    chess::Piece piece;
    std::optional<chess::Square> from_square;
  };
  std::optional<Drag> drag_;
  sf::Vector2f mouse_;

  // TRANSLATORS: the label of the choice of the side to move (White or Black) in the position editor.
  Choice variant_{tr("Variant"), {}, {}, 0, 0.4f, {}};  // items: config::GameVariants
  Choice side_{tr("To move"), {}, {"White", "Black"}, 0, 0.4f, {trc("side", "White"), trc("side", "Black")}};
  std::vector<Checkbox> castling_;  // White O-O, White O-O-O, Black O-O, Black O-O-O
  // The choice's items: "none", then the squares (changed() makes them, and what is shown of them).
  // TRANSLATORS: the label of the choice of the square a pawn may be taken on en passant.
  Choice en_passant_{tr("En passant"), {}, {}, 0, 0.4f, {}};
  TextField fen_;
  bool fen_edited_ = false;   // the field holds text not yet taken (Enter)
  bool fen_focused_ = false;  // the field takes the keys (clicked; until Enter, Esc or a click elsewhere)
  sf::FloatRect panel_, problem_rect_;
  ActionButtons<Action> buttons_;
};

}  // namespace gambit::gui
