// SPDX-License-Identifier: MIT
// GameView: input, the flow of the view (looking back, glides, session
// events) and the store.
#include "game/gui/game_view.h"

#include "core/chess/movegen.h"
#include "core/chess/san.h"
#include "game/gui/app.h"
#include "game/gui/board_shapes.h"

namespace gambit::gui {

using std::chrono::milliseconds;

GameView::GameView(App& app, recording::Recorder& recorder, std::function<match::GameSession*()> session)
    : app_(app), session_(std::move(session)), recorder_(recorder) {}

const chess::Game& GameView::game() const { return session()->game(); }

void GameView::reset() {
  input_.reset();
  premove_.reset();
  view_ply_.reset();
  glide_.reset();
  end_box_dismissed_ = false;
}

std::size_t GameView::shown_ply() const { return view_ply_.value_or(game().moves().size()); }

const chess::Position& GameView::shown_position() const { return game().positions()[shown_ply()]; }

bool GameView::end_box_shown() const {
  return session() && game().is_over() && !end_box_dismissed_ && !view_ply_;
}

void GameView::refresh_san() {
  const chess::Game& g = game();
  // The moves themselves decide: a loaded game of the same length from the same start is another game.
  if (san_start_ == g.start().key() && san_moves_ == g.moves()) return;
  san_.clear();
  for (std::size_t i = 0; i < g.moves().size(); ++i) san_.push_back(chess::to_san(g.positions()[i], g.moves()[i]));
  san_moves_ = g.moves();
  san_start_ = g.start().key();
}

void GameView::tell(const std::optional<std::string>& problem) {
  if (problem) app_.toast(*problem);
}

void GameView::follow_mouse(const sf::Event& event) {
  if (event.type != sf::Event::MouseMoved) return;
  mouse_ = {float(event.mouseMove.x), float(event.mouseMove.y)};
  if (input_.dragging() || (premove_ && premove_->dragging) || marking_.pending(board_.square_at(mouse_)))
    app_.invalidate();
}

bool GameView::failure_page_closed(const sf::Event& event) {
  return failure_menu_.clicked(event) ||
         (event.type == sf::Event::KeyPressed && event.key.code == sf::Keyboard::Escape);
}

GameView::Pointer GameView::handle_pointer(const sf::Event& event, bool board_blocked) {
  if (event.type == sf::Event::MouseButtonPressed && event.mouseButton.button == sf::Mouse::Left) {
    if (auto ply = move_list_.ply_at({float(event.mouseButton.x), float(event.mouseButton.y)})) {
      view_ply_ = *ply == game().moves().size() ? std::nullopt : ply;
      input_.reset();
      return {true, std::nullopt};
    }
  }
  if (move_list_.scroll(event)) return {true, std::nullopt};
  if (board_blocked) return {};
  return handle_board(event);
}

bool GameView::may_premove() const {
  const match::GameSession& s = *session();
  const chess::Color to_move = game().position().side_to_move();
  return !view_ply_ && !game().is_over() && !s.seat(to_move).human() && s.seat(~to_move).human();
}

GameView::Pointer GameView::premove_pointer(const sf::Event& event, std::optional<chess::Square> square) {
  const chess::Color mine = ~game().position().side_to_move();
  const auto own_piece = [&](chess::Square sq) {
    const chess::Piece piece = game().position().piece_on(sq);
    return piece != chess::NO_PIECE && chess::color_of(piece) == mine;
  };
  app_.invalidate();
  if (event.type == sf::Event::MouseButtonPressed) {
    if (premove_ && premove_->to) premove_.reset();  // a click elsewhere: the premove set is given up
    if (!square) return {true, std::nullopt};
    if (premove_ && !premove_->to && *square != premove_->from && !own_piece(*square)) {
      premove_->to = square;  // the second click of click-click
    } else if (own_piece(*square)) {
      premove_ = Premove{*square, std::nullopt, true};
    } else {
      premove_.reset();
    }
    return {true, std::nullopt};
  }
  // Released: a drag to another square sets it; on its own square it stays chosen for a second click.
  if (premove_ && !premove_->to && premove_->dragging) {
    premove_->dragging = false;
    if (!square) premove_.reset();
    else if (*square != premove_->from) premove_->to = square;
  }
  return {true, std::nullopt};
}

std::optional<chess::Move> GameView::take_premove() {
  if (!premove_ || !session() || !session()->human_to_move() || view_ply_) return std::nullopt;
  const Premove premove = *std::exchange(premove_, std::nullopt);
  app_.invalidate();
  if (!premove.to) {  // still being chosen when the AI moved: a move of now, the drag going on
    input_.press(game().position(), premove.from, true);
    if (!premove.dragging) input_.release(game().position(), premove.from);
    return std::nullopt;
  }
  std::optional<chess::Move> found;
  for (chess::Move m : chess::legal_moves(game().position()))
    if (m.from() == premove.from && m.to() == *premove.to &&
        (m.kind() != chess::Move::PROMOTION || m.promotion() == chess::QUEEN))
      found = m;
  return found;
}

GameView::Pointer GameView::handle_board(const sf::Event& event) {
  // The right button cancels a premove; else it draws arrows and circles on the position shown (and drops a
  // selection).
  if (premove_ && event.type == sf::Event::MouseButtonPressed && event.mouseButton.button == sf::Mouse::Right) {
    premove_.reset();
    app_.invalidate();
    return {true, std::nullopt};
  }
  std::optional<BoardMarking::Shape> drawn;
  if (handle_marking(marking_, board_, event, drawn)) {
    input_.reset();
    if (drawn) marking_.toggle(shown_position().key(), *drawn);
    app_.invalidate();
    return {};
  }
  const bool live = !view_ply_;
  const bool may_move = live && session()->human_to_move();
  const chess::Position& pos = game().position();
  auto played = [&](const BoardInput::Action& action, bool dragged) -> Pointer {
    if (action.kind != BoardInput::Action::Kind::Move) return {};
    dropped_by_hand_ = dragged;
    return {false, action.move};
  };
  if (event.type == sf::Event::MouseButtonPressed && event.mouseButton.button == sf::Mouse::Left) {
    const sf::Vector2f point(float(event.mouseButton.x), float(event.mouseButton.y));
    if (auto pending = input_.pending_promotion()) {
      const std::optional<chess::PieceType> piece =
          board_.promotion_choice_at(pending->second, pos.side_to_move(), point);
      return played(input_.choose_promotion(pos, piece), true);
    }
    if (!board_.rect().contains(point)) return {};
    if (!live) {  // a click on the board while looking back returns to the game
      view_ply_.reset();
      return {};
    }
    if (!may_move && may_premove()) return premove_pointer(event, board_.square_at(point));
    return played(input_.press(pos, board_.square_at(point), may_move), false);
  }
  if (event.type == sf::Event::MouseButtonReleased && event.mouseButton.button == sf::Mouse::Left) {
    const sf::Vector2f point(float(event.mouseButton.x), float(event.mouseButton.y));
    if (premove_ && !premove_->to) return premove_pointer(event, board_.square_at(point));
    return played(input_.release(pos, board_.square_at(point)), true);
  }
  return {};
}

bool GameView::drop_selection_on_escape(const sf::Event::KeyEvent& key) {
  if (key.code != sf::Keyboard::Escape || (!input_.pending_promotion() && !input_.selected() && !premove_))
    return false;
  input_.reset();
  premove_.reset();
  app_.invalidate();
  return true;
}

void GameView::look_back(const sf::Event::KeyEvent& key) {
  const std::size_t moves = game().moves().size();
  switch (key.code) {
    case sf::Keyboard::Left:
      if (shown_ply() > 0) view_ply_ = shown_ply() - 1;
      input_.reset();
      break;
    case sf::Keyboard::Right:
      if (view_ply_) view_ply_ = *view_ply_ + 1 >= moves ? std::nullopt : std::optional<std::size_t>(*view_ply_ + 1);
      break;
    case sf::Keyboard::Home:
      view_ply_ = moves ? std::optional<std::size_t>(0) : std::nullopt;
      input_.reset();
      break;
    case sf::Keyboard::End: view_ply_.reset(); break;
    default: break;
  }
}

void GameView::played_typed_move() {
  view_ply_.reset();
  input_.reset();
  dropped_by_hand_ = false;
}

void GameView::follow_session(const std::function<void(const match::SessionEvent&)>& then) {
  const int animation_ms = app_.setup().settings().ui.animation_ms;
  for (const std::string& problem : recorder_.take_problems()) tell(problem);
  for (const match::SessionEvent& event : session()->take_events()) {
    app_.invalidate();
    switch (event.kind) {
      case match::SessionEvent::Kind::MovePlayed:
        app_.assets().play(event.check ? Sound::Check : event.capture ? Sound::Capture : Sound::Move);
        view_ply_.reset();  // a new move brings the live position back
        if (!dropped_by_hand_ && animation_ms > 0) {
          const chess::Position& after = game().position();
          const chess::Square landed = event.move.kind() == chess::Move::CASTLING
                                           ? after.king_square(~after.side_to_move())
                                           : event.move.to();
          glide_ = Glide{event.move.from(), landed, after.piece_on(landed), app_.now()};
        }
        else glide_.reset();
        dropped_by_hand_ = false;
        if (!session()->human_to_move()) input_.reset();
        break;
      case match::SessionEvent::Kind::GameOver:
        app_.assets().play(Sound::GameEnd);
        end_box_dismissed_ = false;
        input_.reset();
        break;
      case match::SessionEvent::Kind::HintReady: break;
      case match::SessionEvent::Kind::Notice: app_.toast(event.text); break;
    }
    if (then) then(event);
  }
}

void GameView::update() {
  if (glide_ && app_.now() - glide_->started >= milliseconds(app_.setup().settings().ui.animation_ms)) {
    glide_.reset();
    app_.invalidate();
  }
}

bool GameView::ai_thinking() const { return session() && session()->thinking_side().has_value(); }

std::chrono::milliseconds GameView::redraw_interval(bool ticking) const {
  if (glide_ || input_.dragging() || (premove_ && premove_->dragging)) return Screen::Continuous;
  if (!session()) return Screen::Idle;
  if (ticking || ai_thinking() || session()->hint_pending() || (session()->has_clock() && !game().is_over()))
    return Screen::Tick;
  return Screen::Idle;
}

}  // namespace gambit::gui
