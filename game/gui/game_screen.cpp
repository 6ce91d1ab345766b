// SPDX-License-Identifier: MIT
// GameScreen: input, the flow of the view (looking back, glides, session
// events) and the store.
#include "game/gui/game_screen.h"

#include <ctime>

#include "core/chess/san.h"
#include "game/gui/app.h"
#include "game/gui/board_shapes.h"

namespace gambit::gui {

using std::chrono::milliseconds;

GameScreen::GameScreen(App& app, store::GameSource source)
    : Screen(app), recorder_(app.setup().store(), app.setup().settings().store.profile, source) {}

void GameScreen::add_button(int action, const char* label, const char* tooltip) {
  buttons_.push_back({action, Button{label, tooltip, {}}});
}

void GameScreen::trigger(int action) {
  if (enabled(action)) run(action);
  app_.invalidate();
}

const chess::Game& GameScreen::game() const { return session()->game(); }

void GameScreen::reset_view() {
  input_.reset();
  view_ply_.reset();
  glide_.reset();
  overlay_dismissed_ = false;
}

std::size_t GameScreen::shown_ply() const { return view_ply_.value_or(game().moves().size()); }

const chess::Position& GameScreen::shown_position() const { return game().positions()[shown_ply()]; }

bool GameScreen::overlay_shown() const { return session() && game().is_over() && !overlay_dismissed_ && !view_ply_; }

void GameScreen::refresh_san() {
  const chess::Game& g = game();
  if (san_for_moves_ == g.moves().size() && san_for_start_ == g.start().key() && san_.size() == g.moves().size())
    return;
  san_.clear();
  for (std::size_t i = 0; i < g.moves().size(); ++i) san_.push_back(chess::to_san(g.positions()[i], g.moves()[i]));
  san_for_moves_ = g.moves().size();
  san_for_start_ = g.start().key();
}

void GameScreen::tell(const std::optional<std::string>& problem) {
  if (problem) app_.toast(*problem);
}

void GameScreen::game_began(bool resumed, recording::RatedDecision rated) {
  if (session()) tell(recorder_.began(game(), std::int64_t(std::time(nullptr)), resumed, std::move(rated)));
}

void GameScreen::open_dialog(int dialog, const std::string& title, const std::string& message,
                             std::optional<std::string> field, const char* ok, const char* cancel, bool path_field) {
  dialog_ = dialog;
  chooser_open_ = false;
  input_.reset();
  modal_.open(title, message, std::move(field), false);
  modal_.path_field = path_field;
  modal_.ok.label = ok;
  modal_.cancel.label = cancel;
}

void GameScreen::open_chooser(int dialog, const std::string& title, const std::string& hint,
                              const std::string& start, std::vector<std::string> extensions, const char* ok) {
  dialog_ = dialog;
  chooser_open_ = true;
  input_.reset();
  chooser_.open(title, hint, start, std::move(extensions), app_.setup().recent_files(), ok);
}

void GameScreen::handle_dialog(const sf::Event& event) {
  if (chooser_open_) {
    const FileChooser::Answer answer = chooser_.handle(event, app_.window().getView().getSize(), app_.assets());
    if (answer == FileChooser::Answer::None) return;
    const int dialog = std::exchange(dialog_, 0);
    chooser_open_ = false;
    if (answer == FileChooser::Answer::Chosen) on_dialog(dialog, chooser_.chosen());
    return;
  }
  const ModalDialog::Answer answer = modal_.handle(event, app_.window().getView().getSize(), app_.assets());
  if (answer == ModalDialog::Answer::None) return;
  const int dialog = std::exchange(dialog_, 0);
  if (answer == ModalDialog::Answer::Ok) on_dialog(dialog, modal_.field.text());
}

void GameScreen::handle_board(const sf::Event& event) {
  // The right button draws arrows and circles on the position shown (and drops a selection).
  std::optional<BoardMarking::Shape> drawn;
  if (handle_marking(marking_, board_, event, drawn)) {
    input_.reset();
    if (drawn) marking_.toggle(shown_position().key(), *drawn);
    app_.invalidate();
    return;
  }
  match::GameSession* s = session();
  const bool live = !view_ply_;
  const bool may_move = live && s->human_to_move() && dialog_ == 0;
  const chess::Position& pos = game().position();
  auto play = [&](const BoardInput::Action& action, bool dragged) {
    if (action.kind != BoardInput::Action::Kind::Move) return;
    dropped_by_hand_ = dragged;
    s->play_human_move(action.move, app_.now());
    take_session_events();
  };
  if (event.type == sf::Event::MouseButtonPressed && event.mouseButton.button == sf::Mouse::Left) {
    const sf::Vector2f point(float(event.mouseButton.x), float(event.mouseButton.y));
    if (auto pending = input_.pending_promotion()) {
      const std::optional<chess::PieceType> piece =
          board_.promotion_choice_at(pending->second, pos.side_to_move(), point);
      play(input_.choose_promotion(pos, piece), true);
      return;
    }
    if (!board_.rect().contains(point)) return;
    if (!live) {  // a click on the board while looking back returns to the game
      view_ply_.reset();
      return;
    }
    play(input_.press(pos, board_.square_at(point), may_move), false);
  } else if (event.type == sf::Event::MouseButtonReleased && event.mouseButton.button == sf::Mouse::Left) {
    const sf::Vector2f point(float(event.mouseButton.x), float(event.mouseButton.y));
    play(input_.release(pos, board_.square_at(point)), true);
  }
}

void GameScreen::handle(const sf::Event& event) {
  if (event.type == sf::Event::MouseMoved) {
    mouse_ = {float(event.mouseMove.x), float(event.mouseMove.y)};
    if (input_.dragging() || marking_.pending(board_.square_at(mouse_))) app_.invalidate();
  }
  layout(app_.window().getView().getSize());
  if (!session()) {
    if (failure_menu_.clicked(event) || (event.type == sf::Event::KeyPressed && event.key.code == sf::Keyboard::Escape))
      app_.pop();
    return;
  }
  if (dialog_ != 0) {
    handle_dialog(event);
    return;
  }

  const bool overlay = overlay_shown();
  if (overlay && handle_overlay(event)) return;
  for (ActionButton& b : buttons_) {
    b.button.enabled = enabled(b.action);
    if (b.button.clicked(event)) {
      trigger(b.action);
      return;
    }
  }
  if (event.type == sf::Event::MouseButtonPressed && event.mouseButton.button == sf::Mouse::Left) {
    if (auto ply = move_list_.ply_at({float(event.mouseButton.x), float(event.mouseButton.y)})) {
      view_ply_ = *ply == game().moves().size() ? std::nullopt : ply;
      input_.reset();
      return;
    }
  }
  if (move_list_.scroll(event)) return;
  if (!overlay) handle_board(event);
  if (!overlay && handle_text(event)) return;

  if (event.type != sf::Event::KeyPressed) return;
  if (event.key.code == sf::Keyboard::Escape && (input_.pending_promotion() || input_.selected())) {
    input_.reset();
    return;
  }
  if (shortcut(event.key)) return;
  const std::size_t moves = game().moves().size();
  switch (event.key.code) {
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

void GameScreen::played_typed_move() {
  view_ply_.reset();
  input_.reset();
  dropped_by_hand_ = false;
}

void GameScreen::take_session_events() {
  const int animation_ms = app_.setup().settings().ui.animation_ms;
  for (const match::SessionEvent& event : session()->take_events()) {
    app_.invalidate();
    switch (event.kind) {
      case match::SessionEvent::Kind::MovePlayed:
        app_.assets().play(event.check ? Sound::Check : event.capture ? Sound::Capture : Sound::Move);
        view_ply_.reset();  // a new move brings the live position back
        if (!dropped_by_hand_ && animation_ms > 0)
          glide_ = Glide{event.move, game().position().piece_on(event.move.to()), app_.now()};
        else glide_.reset();
        dropped_by_hand_ = false;
        if (!session()->human_to_move()) input_.reset();
        break;
      case match::SessionEvent::Kind::GameOver:
        tell(recorder_.record_if_over(*session(), std::int64_t(std::time(nullptr))));
        app_.assets().play(Sound::GameEnd);
        overlay_dismissed_ = false;
        input_.reset();
        break;
      case match::SessionEvent::Kind::HintReady: break;
      case match::SessionEvent::Kind::Notice: app_.toast(event.text); break;
    }
    on_event(event);
  }
}

void GameScreen::update() {
  if (!session()) return;
  const auto now = app_.now();
  advance(now);
  if (!session()) return;
  take_session_events();
  if (glide_ && now - glide_->started >= milliseconds(app_.setup().settings().ui.animation_ms)) {
    glide_.reset();
    app_.invalidate();
  }
}

bool GameScreen::ai_thinking() const { return session() && session()->thinking_side().has_value(); }

std::chrono::milliseconds GameScreen::redraw_interval() const {
  if (glide_ || input_.dragging()) return Continuous;
  if (!session()) return Idle;
  if (ticking() || ai_thinking() || session()->hint_pending() || (session()->has_clock() && !game().is_over()))
    return Tick;
  return Idle;
}

}  // namespace gambit::gui
