// SPDX-License-Identifier: MIT
#include "game/gui/position_editor_screen.h"

#include <algorithm>
#include <cmath>

#include "core/chess/uci.h"
#include "core/util/translation.h"
#include "game/gui/app.h"

namespace gambit::gui {

namespace {

constexpr float PanelPad = 14;
constexpr float RowHeight = 30;
constexpr float Gap = 6;

constexpr chess::CastlingRights CastlingOrder[] = {chess::WHITE_OO, chess::WHITE_OOO, chess::BLACK_OO,
                                                   chess::BLACK_OOO};
// TRANSLATORS: castling rights in the position editor: O-O castles on the king's side, O-O-O on the queen's.
constexpr const char* CastlingLabels[] = {N_("White O-O"), N_("White O-O-O"), N_("Black O-O"), N_("Black O-O-O")};

}  // namespace

PositionEditorScreen::PositionEditorScreen(App& app, const chess::Position& from)
    : Screen(app), setup_(study::PositionSetup::of(from)), settled_(setup_) {
  for (chess::Color side : {chess::WHITE, chess::BLACK})
    for (chess::PieceType type : {chess::KING, chess::QUEEN, chess::ROOK, chess::BISHOP, chess::KNIGHT, chess::PAWN})
      palette_.push_back({chess::make_piece(side, type), {}});
  palette_.push_back({chess::NO_PIECE, {}});  // the cross
  for (const char* label : CastlingLabels) castling_.push_back({tr(label), {}, false});
  for (std::string_view id : config::GameVariants) {
    variant_.items.emplace_back(id);
    variant_.shown.push_back(capitalized(
        tr(chess::names_of(chess::variant_from_name(id).value_or(chess::Variant::Standard)).for_people.data())));
  }
  fen_.prompt = "FEN";
  // TRANSLATORS: a short button label: set up the start position.
  buttons_.add(Action::Start, trc("position editor", "Start"), tr("The start position (S)"));
  // TRANSLATORS: a short button label: take every piece off the board.
  buttons_.add(Action::Clear, tr("Clear"), tr("An empty board (X)"));
  // TRANSLATORS: a short button label: turn the board around.
  buttons_.add(Action::Flip, tr("Flip"), tr("Turn the board around (F)"));
  // TRANSLATORS: a short button label (a verb): open the position on the analysis board.
  buttons_.add(Action::Analyse, tr("Analyse"), tr("Analyse this position (A)"));
  // TRANSLATORS: a short button label: play a game from the position set up.
  buttons_.add(Action::Play, tr("Play from here"), tr("Play this position against the New Game opponent, unrated (P)"));
  // TRANSLATORS: a short button label: back to the screen before.
  buttons_.add(Action::Back, tr("Back"), tr("Back (Esc)"));
  changed();
}

void PositionEditorScreen::changed() {
  if (!(setup_ == settled_)) {
    history_.edited(settled_);
    settled_ = setup_;
  }
  side_.index = setup_.side_to_move == chess::WHITE ? 0 : 1;
  variant_.select(std::string(chess::names_of(setup_.variant).id));
  for (std::size_t i = 0; i < castling_.size(); ++i) castling_[i].value = setup_.castling & CastlingOrder[i];
  en_passant_.items = {"none"};
  // TRANSLATORS: no square to take a pawn on en passant.
  en_passant_.shown = {trc("en passant", "none")};
  for (chess::Square square : setup_.en_passant_choices()) {
    en_passant_.items.push_back(chess::square_name(square));
    en_passant_.shown.push_back(chess::square_name(square));
  }
  en_passant_.index = 0;
  if (setup_.en_passant) en_passant_.select(chess::square_name(*setup_.en_passant));
  if (!fen_edited_) fen_.set_text(setup_.fen());
  const Result<chess::Position> position = setup_.position();
  problem_ = position ? "" : position.error();
  // The FEN is what this screen shows, so its errors go without the word "FEN: " in front (in any language).
  if (const std::string prefix = fill(tr("FEN: {problem}"), {{"problem", ""}}); problem_.rfind(prefix, 0) == 0)
    problem_.erase(0, prefix.size());
  app_.invalidate();
}

void PositionEditorScreen::step_history(bool back) {
  std::optional<study::PositionSetup> then = back ? history_.undo(setup_) : history_.redo(setup_);
  if (!then) {
    app_.toast(back ? tr("Nothing to undo.") : tr("Nothing to redo."));
    return;
  }
  setup_ = settled_ = *then;
  fen_edited_ = false;
  changed();
}

void PositionEditorScreen::layout(sf::Vector2f size) {
  const float panel_width = std::clamp(size.x * 0.38f, 320.0f, 480.0f);
  panel_ = {size.x - panel_width, 0, panel_width, size.y};
  board_.layout({0, 0, size.x - panel_width, size.y});
  const float x = panel_.left + PanelPad, width = panel_width - 2 * PanelPad;
  float y = PanelPad + 30;
  // The palette: white's six pieces, then black's six and the cross.
  const float cell = std::floor(std::min(44.0f, (width - 6 * 2) / 7));
  for (std::size_t i = 0; i < palette_.size(); ++i) {
    const std::size_t row = i < 6 ? 0 : 1, column = i < 6 ? i : i - 6;
    palette_[i].rect = {x + float(column) * (cell + 2), y + float(row) * (cell + 2), cell, cell};
  }
  y += 2 * (cell + 2) + 10;
  variant_.rect = {x, y, width, RowHeight};
  y += RowHeight + Gap;
  side_.rect = {x, y, width, RowHeight};
  y += RowHeight + Gap;
  for (std::size_t i = 0; i < castling_.size(); ++i) {
    castling_[i].rect = {x + float(i % 2) * (width / 2), y + float(i / 2) * (RowHeight - 4), width / 2 - 4, RowHeight - 6};
  }
  y += 2 * (RowHeight - 4) + Gap;
  en_passant_.rect = {x, y, width, RowHeight};
  y += RowHeight + Gap + 16;
  fen_.rect = {x, y, width, RowHeight};
  y += RowHeight + Gap;
  const float buttons_top = size.y - PanelPad - 20 - 2 * 34 - Gap;
  problem_rect_ = {x, y, width, std::max(0.0f, buttons_top - y - 6)};
  using A = Action;
  const sf::Font& font = app_.assets().font();  // each button as wide as its label, in any language
  buttons_.place_row({A::Start, A::Clear, A::Flip}, font, x, buttons_top, width, 34, Gap);
  buttons_.place_row({A::Analyse, A::Play, A::Back}, font, x, buttons_top + 34 + Gap, width, 34, Gap);
  buttons_[A::Analyse].enabled = buttons_[A::Play].enabled = problem_.empty();
  for (std::size_t i = 0; i < castling_.size(); ++i) {  // dimmed when the pieces as they stand do not allow it
    castling_[i].label = tr(CastlingLabels[i]);
    castling_[i].available = setup_.castling_possible(CastlingOrder[i]);
  }
}

void PositionEditorScreen::run(Action action) {
  switch (action) {
    case Action::Start:
      setup_ = study::PositionSetup::of(chess::Position(setup_.variant));
      fen_edited_ = false;
      changed();
      break;
    case Action::Clear:
      setup_ = study::PositionSetup::empty();
      fen_edited_ = false;
      changed();
      break;
    case Action::Flip: board_.set_flipped(!board_.flipped()); break;
    case Action::Analyse:
      if (auto position = setup_.position()) {
        study::TreeGame game;
        game.tree = study::MoveTree(*position);
        // TRANSLATORS: where the game analysed came from, shown as the title "Analysis: set-up position".
        app_.open_instead(page::Analysis{std::move(game), 0, tr("set-up position")});
      }
      break;
    case Action::Play:
      if (auto position = setup_.position()) {
        const Setup::KeptGameFate fate = app_.setup().kept_game_fate();
        if (fate.kind == Setup::KeptGameFate::Kind::Resigned) {
          app_.toast(tr("A rated game is waiting (Resume game in the menu): finish it or resign it first."));
          break;
        }
        if (auto problem = app_.setup().leave_kept_game()) {
          app_.toast(fill(tr("The game cannot begin: {reason}"), {{"reason", *problem}}));
          break;
        }
        app_.open_instead(page::Play{.from = *position});
      }
      break;
    case Action::Back: app_.pop(); break;
  }
}

std::optional<chess::Piece> PositionEditorScreen::palette_at(sf::Vector2f point) const {
  for (const PaletteCell& cell : palette_)
    if (cell.rect.contains(point)) return cell.piece;
  return std::nullopt;
}

void PositionEditorScreen::handle_board(const sf::Event& event) {
  if (event.type == sf::Event::MouseMoved) {
    mouse_ = {float(event.mouseMove.x), float(event.mouseMove.y)};
    if (drag_) app_.invalidate();
    return;
  }
  if (event.type == sf::Event::MouseButtonPressed) {
    const sf::Vector2f point{float(event.mouseButton.x), float(event.mouseButton.y)};
    mouse_ = point;
    const std::optional<chess::Square> square = board_.square_at(point);
    if (event.mouseButton.button == sf::Mouse::Right) {
      if (square) setup_.put(*square, chess::NO_PIECE), fen_edited_ = false, changed();
      return;
    }
    if (event.mouseButton.button != sf::Mouse::Left) return;
    if (auto piece = palette_at(point)) {
      brush_ = brush_ == piece ? std::nullopt : piece;  // a second click puts the brush down
      if (*piece != chess::NO_PIECE) drag_ = Drag{*piece, std::nullopt};
      app_.invalidate();
      return;
    }
    if (!square) return;
    const chess::Piece there = setup_.board[*square];
    if (brush_ && (there == chess::NO_PIECE || there != *brush_)) {
      setup_.put(*square, *brush_);
    } else if (brush_) {
      setup_.put(*square, chess::NO_PIECE);  // the brush's own piece clicked again: taken away
    } else if (there != chess::NO_PIECE) {
      drag_ = Drag{there, *square};
      return app_.invalidate();
    } else {
      return;
    }
    fen_edited_ = false;
    changed();
    return;
  }
  if (event.type == sf::Event::MouseButtonReleased && event.mouseButton.button == sf::Mouse::Left && drag_) {
    const std::optional<chess::Square> square =
        board_.square_at({float(event.mouseButton.x), float(event.mouseButton.y)});
    const Drag drag = *std::exchange(drag_, std::nullopt);
    if (drag.from_square && square == drag.from_square) return app_.invalidate();  // a click: nothing moves
    if (!drag.from_square && !square) return app_.invalidate();                    // a palette click
    if (drag.from_square) setup_.put(*drag.from_square, chess::NO_PIECE);         // off the board: taken away
    if (square) setup_.put(*square, drag.piece);
    if (!drag.from_square) brush_.reset();  // dragged from the palette: no brush left behind
    fen_edited_ = false;
    changed();
  }
}

void PositionEditorScreen::handle(const sf::Event& event) {
  layout(app_.window().getView().getSize());
  if (auto action = buttons_.clicked(event)) return run(*action);
  if (variant_.handle(event)) {
    setup_.set_variant(chess::variant_from_name(variant_.current()).value_or(chess::Variant::Standard));
    fen_edited_ = false;
    return changed();
  }
  if (side_.handle(event)) {
    setup_.set_side_to_move(side_.index == 0 ? chess::WHITE : chess::BLACK);
    fen_edited_ = false;
    return changed();
  }
  for (std::size_t i = 0; i < castling_.size(); ++i)
    if (castling_[i].clicked(event)) {
      setup_.set_castling(CastlingOrder[i], castling_[i].value);
      fen_edited_ = false;
      return changed();
    }
  if (en_passant_.handle(event)) {
    const std::vector<chess::Square> choices = setup_.en_passant_choices();
    setup_.set_en_passant(en_passant_.index == 0 ? std::nullopt : std::optional(choices[en_passant_.index - 1]));
    fen_edited_ = false;
    return changed();
  }
  // The FEN field takes the keys once clicked, until Enter or Esc (or a click elsewhere).
  if (event.type == sf::Event::MouseButtonPressed) {
    fen_focused_ = fen_.rect.contains({float(event.mouseButton.x), float(event.mouseButton.y)});
    app_.invalidate();
  }
  const TextField::Input input = fen_focused_ ? fen_.handle(event) : TextField::Input::Ignored;
  if (input == TextField::Input::Enter) {
    // Read in the variant chosen, else in the first that reads it (a three-check field, a Shredder-FEN).
    Result<chess::Position> typed = chess::Position::from_fen(fen_.text(), setup_.variant);
    for (std::string_view id : config::GameVariants)
      if (!typed) typed = chess::Position::from_fen(fen_.text(), *chess::variant_from_name(id));
    if (!typed) {
      problem_ = typed.error();
      app_.invalidate();
      return;
    }
    setup_ = study::PositionSetup::of(*typed);
    fen_edited_ = fen_focused_ = false;
    return changed();
  }
  if (input == TextField::Input::Edited) {
    fen_edited_ = true;
    return app_.invalidate();
  }
  if (fen_focused_) {
    if (event.type == sf::Event::KeyPressed && event.key.code == sf::Keyboard::Escape) {
      fen_edited_ = fen_focused_ = false;  // Esc in the field: back to the setup's FEN
      return changed();
    }
    if (event.type == sf::Event::KeyPressed || event.type == sf::Event::TextEntered) return;
  }
  if (event.type == sf::Event::KeyPressed) {
    if (event.key.control && (event.key.code == sf::Keyboard::Z || event.key.code == sf::Keyboard::Y))
      return step_history(event.key.code == sf::Keyboard::Z && !event.key.shift);  // Ctrl+Shift+Z redoes too
    switch (event.key.code) {
      case sf::Keyboard::S: return run(Action::Start);
      case sf::Keyboard::X: return run(Action::Clear);
      case sf::Keyboard::F: return run(Action::Flip);
      case sf::Keyboard::A: return run(Action::Analyse);
      case sf::Keyboard::P: return run(Action::Play);
      case sf::Keyboard::Escape: return run(Action::Back);
      default: break;
    }
  }
  handle_board(event);
}

void PositionEditorScreen::draw(sf::RenderTarget& target) {
  const sf::Vector2f size = target.getView().getSize();
  layout(size);
  const Assets& assets = app_.assets();
  const config::UiSettings& ui = app_.setup().settings().ui;

  // The board shows the setup as it stands, legal or not; a piece dragged from a square leaves it.
  BoardScene scene;
  scene.pieces = &setup_.board;
  if (drag_ && drag_->from_square) scene.dragged = drag_->from_square;
  scene.drag_point = mouse_;
  board_.draw(target, assets, ui.theme, ui.piece_set, scene);
  const float sq = board_.square_size();
  if (drag_ && !drag_->from_square)
    assets.draw_piece(target, drag_->piece, mouse_ - sf::Vector2f(sq / 2, sq / 2), sq, ui.piece_set);

  // The panel.
  fill_rect(target, panel_, colors::Panel);
  const float x = panel_.left + PanelPad, width = panel_.width - 2 * PanelPad;
  draw_text(target, assets.bold(), tr("Position editor"), 18, {x, PanelPad});
  for (const PaletteCell& cell : palette_) {
    const bool chosen = brush_ && *brush_ == cell.piece;
    fill_rect(target, cell.rect, chosen ? colors::Accent : sf::Color(150, 145, 136));
    if (cell.piece != chess::NO_PIECE)
      assets.draw_piece(target, cell.piece, {cell.rect.left, cell.rect.top}, cell.rect.width, ui.piece_set);
    else
      draw_text_centred(target, assets.bold(), "X", unsigned(cell.rect.height * 0.5f), cell.rect, sf::Color(120, 30, 30));
  }
  variant_.draw(target, assets);
  side_.draw(target, assets);
  for (const Checkbox& box : castling_) box.draw(target, assets);
  en_passant_.draw(target, assets);
  draw_text(target, assets.font(), fen_focused_ ? tr("FEN: Enter takes it, Esc leaves it") : tr("FEN (click to type one):"), 13,
            {x, fen_.rect.top - 18}, colors::TextDim);
  fen_.draw(target, assets);
  if (fen_focused_) {
    sf::RectangleShape frame({fen_.rect.width, fen_.rect.height});
    frame.setPosition(fen_.rect.left, fen_.rect.top);
    frame.setFillColor(sf::Color::Transparent);
    frame.setOutlineColor(colors::Accent);
    frame.setOutlineThickness(2);
    target.draw(frame);
  }
  float y = problem_rect_.top;
  const std::string verdict = problem_.empty() ? tr("A legal position: Analyse it, or play it.") : problem_;
  for (const std::string& line : wrap_text(assets.font(), verdict, 14, width)) {
    if (y + 18 > problem_rect_.top + problem_rect_.height) break;
    draw_text(target, assets.font(), line, 14, {x, y}, problem_.empty() ? colors::TextDim : colors::Warning);
    y += 18;
  }
  buttons_.draw(target, assets);
  const std::string help = buttons_.help(tr("Drag pieces; right-click removes; Ctrl+Z undoes"));
  draw_help_line(target, assets.font(), help, {x, panel_.height - PanelPad - 16}, width);
}

void PositionEditorScreen::describe(StateDump& dump) const {
  buttons_.describe(dump);
  dump.add("fen", setup_.fen());
  dump.add("variant", std::string(chess::names_of(setup_.variant).id));
  dump.add("legal", problem_.empty());
  dump.add("problem", problem_);
  dump.add("brush", brush_ ? std::string(1, *brush_ == chess::NO_PIECE ? 'x' : chess::piece_letter(*brush_)) : "");
  dump.add("board_x", double(board_.rect().left));
  dump.add("board_y", double(board_.rect().top));
  dump.add("board_size", double(board_.rect().width));
  dump.add("flipped", board_.flipped());
  std::vector<std::string> palette;
  for (const PaletteCell& cell : palette_)
    palette.push_back(std::string(1, cell.piece == chess::NO_PIECE ? 'x' : chess::piece_letter(cell.piece)) + " " +
                      std::to_string(int(cell.rect.left + cell.rect.width / 2)) + " " +
                      std::to_string(int(cell.rect.top + cell.rect.height / 2)));
  dump.add("palette", palette);
}

}  // namespace gambit::gui
