#include "game/gui/play_screen.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <sstream>

#include "core/chess/pgn.h"
#include "core/chess/san.h"
#include "core/chess/uci.h"
#include "game/gui/app.h"

namespace gambit::gui {

namespace {

using chess::Color;
using std::chrono::milliseconds;

constexpr float PanelPad = 16;
constexpr std::int64_t DemoDelaySteps[] = {0, 100, 200, 300, 400, 600, 800, 1200, 1600, 2400, 3200, 5000, 10000};

bool ctrl() { return sf::Keyboard::isKeyPressed(sf::Keyboard::LControl) || sf::Keyboard::isKeyPressed(sf::Keyboard::RControl); }

std::string clock_text(std::int64_t ms) {
  if (ms < 0) ms = 0;
  char buffer[32];
  if (ms < 10000) std::snprintf(buffer, sizeof buffer, "%lld.%lld", (long long)ms / 1000, (long long)(ms % 1000) / 100);
  else if (ms >= 3600000)
    std::snprintf(buffer, sizeof buffer, "%lld:%02lld:%02lld", (long long)ms / 3600000, (long long)ms / 60000 % 60,
                  (long long)ms / 1000 % 60);
  else std::snprintf(buffer, sizeof buffer, "%lld:%02lld", (long long)ms / 60000, (long long)ms / 1000 % 60);
  return buffer;
}

std::string score_text(const players::SearchInfo& info, Color side) {
  if (info.score_kind == players::ScoreKind::None) return "";
  // Shown from White's point of view, as lichess does.
  const int sign = side == chess::WHITE ? 1 : -1;
  if (info.score_kind == players::ScoreKind::Mate) {
    const int mate = info.score * sign;
    return std::string(mate >= 0 ? "#" : "#-") + std::to_string(std::abs(mate));
  }
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%+.2f", sign * info.score / 100.0);
  return buffer;
}

std::string count_text(std::uint64_t n) {
  char buffer[32];
  if (n >= 1000000) std::snprintf(buffer, sizeof buffer, "%.1fM", n / 1e6);
  else if (n >= 1000) std::snprintf(buffer, sizeof buffer, "%.1fk", n / 1e3);
  else std::snprintf(buffer, sizeof buffer, "%llu", (unsigned long long)n);
  return buffer;
}

int piece_value(chess::PieceType type) {
  static constexpr int values[] = {0, 1, 3, 3, 5, 9, 0};
  return values[type];
}

std::string side_name(Color side) { return side == chess::WHITE ? "White" : "Black"; }

std::string default_save_path() {
  const char* home = std::getenv("HOME");
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char name[64];
  std::strftime(name, sizeof name, "gambit-%Y%m%d-%H%M%S.pgn", &local);
  return (home && *home ? std::string(home) + "/" : std::string()) + name;
}

}  // namespace

PlayScreen::PlayScreen(App& app, Mode mode) : Screen(app), mode_(mode) {
  using A = Action;
  auto add = [&](A action, const char* label, const char* tooltip) {
    buttons_.push_back({action, Button{label, tooltip, {}}});
  };
  if (mode_ == Mode::Play) {
    add(A::NewGame, "New game", "Start a new game (Ctrl+N)");
    add(A::Undo, "Undo", "Take back your last move (Ctrl+Z or Backspace)");
    add(A::Flip, "Flip", "Turn the board around (F)");
    add(A::Resign, "Resign", "Resign this game (Ctrl+R)");
    add(A::ClaimDraw, "Claim draw", "Claim a draw by threefold repetition or the fifty-move rule (D)");
    add(A::Hint, "Hint", "Show a good move (H)");
    add(A::Save, "Save", "Save the game as PGN (Ctrl+S)");
    add(A::Load, "Load", "Load a game from PGN or FEN (Ctrl+O)");
    add(A::Menu, "Menu", "Back to the menu (Esc)");
  } else {
    add(A::Pause, "Pause", "Pause or resume (Space)");
    add(A::Step, "Step", "One move while paused (Right arrow or S)");
    add(A::Flip, "Flip", "Turn the board around (F)");
    add(A::Slower, "Slower", "Longer pause between moves (-)");
    add(A::Faster, "Faster", "Shorter pause between moves (+)");
    add(A::Menu, "Menu", "Stop the demo and go back to the menu (Esc)");
  }
  start();
}

PlayScreen::~PlayScreen() = default;  // the session's destructor stops its AI players promptly

void PlayScreen::start() {
  const config::Settings& settings = app_.settings();
  const config::PluginList plugins = app_.plugin_descriptors();
  const auto now = app_.now();
  if (mode_ == Mode::Demo) {
    auto first = config::resolve_demo_seat(settings, chess::WHITE, plugins);
    auto second = config::resolve_demo_seat(settings, chess::BLACK, plugins);
    if (!first || !second) {
      failure_ = !first ? first.error() : second.error();
      return;
    }
    auto a = app_.session_seat(*first), b = app_.session_seat(*second);
    if (!a || !b) {
      failure_ = !a ? a.error() : b.error();
      return;
    }
    const auto seed = std::uint64_t(std::chrono::system_clock::now().time_since_epoch().count());
    auto loop = match::DemoLoop::create(*a, *b, seed, now);
    if (!loop) {
      failure_ = loop.error();
      return;
    }
    demo_ = std::move(loop).value();
    demo_->set_move_delay(milliseconds(settings.demo.move_delay_ms));
    demo_game_seen_ = demo_->game_number();
    return;
  }
  auto seats = config::resolve_seats(settings, plugins);
  if (!seats) {
    failure_ = seats.error();
    return;
  }
  std::array<match::SessionSeat, chess::COLOR_NB> session_seats;
  for (Color side : {chess::WHITE, chess::BLACK}) {
    auto seat = app_.session_seat((*seats)[side]);
    if (!seat) {
      failure_ = seat.error();
      return;
    }
    session_seats[side] = *seat;
  }
  std::optional<match::SessionSeat> hint;
  if (auto resolved = config::resolve_hint(settings, plugins))
    if (auto seat = app_.session_seat(*resolved)) hint = *seat;
  match::TimeControl time_control;
  if (settings.clock.enabled()) {
    time_control.initial_ms = std::int64_t(settings.clock.minutes) * 60000;
    time_control.increment_ms = std::int64_t(settings.clock.increment_seconds) * 1000;
  }
  auto session = match::GameSession::create(session_seats, time_control, hint, now);
  if (!session) {
    failure_ = session.error();
    return;
  }
  session_ = std::move(session).value();
  // A lone human playing Black sees the board from Black's side.
  board_.set_flipped(!session_->seat(chess::WHITE).human() && session_->seat(chess::BLACK).human());
}

match::GameSession* PlayScreen::session() const {
  if (demo_) return &demo_->session();
  return session_.get();
}

const chess::Game& PlayScreen::game() const { return session()->game(); }

void PlayScreen::reset_view() {
  input_.reset();
  view_ply_.reset();
  hint_.reset();
  glide_.reset();
  overlay_dismissed_ = false;
}

std::size_t PlayScreen::shown_ply() const { return view_ply_.value_or(game().moves().size()); }

const chess::Position& PlayScreen::shown_position() const { return game().positions()[shown_ply()]; }

void PlayScreen::refresh_san() {
  const chess::Game& g = game();
  if (san_for_moves_ == g.moves().size() && san_for_start_ == g.start().key() && san_.size() == g.moves().size())
    return;
  san_.clear();
  for (std::size_t i = 0; i < g.moves().size(); ++i) san_.push_back(chess::to_san(g.positions()[i], g.moves()[i]));
  san_for_moves_ = g.moves().size();
  san_for_start_ = g.start().key();
}

// ---------------------------------------------------------------------------
// Input

bool PlayScreen::enabled(Action action) const {
  const match::GameSession* s = session();
  if (!s) return action == Action::Menu;
  switch (action) {
    case Action::Undo: return s->can_undo();
    case Action::Resign: return s->can_resign();
    case Action::ClaimDraw: return s->claimable_draw().has_value();
    case Action::Hint: return s->has_hint_seat() && s->human_to_move() && !s->hint_pending() && !view_ply_;
    case Action::Step: return demo_ && demo_->paused();
    case Action::Slower: return demo_ && demo_->session().move_delay().count() < DemoDelaySteps[std::size(DemoDelaySteps) - 1];
    case Action::Faster: return demo_ && demo_->session().move_delay().count() > 0;
    default: return true;
  }
}

void PlayScreen::run(Action action) {
  if (!enabled(action)) return;
  match::GameSession* s = session();
  const auto now = app_.now();
  switch (action) {
    case Action::NewGame:
      if (!game().is_over() && !game().moves().empty()) open_dialog(Dialog::ConfirmNewGame);
      else {
        s->new_game(chess::Game(), now);
        reset_view();
      }
      break;
    case Action::Undo:
      s->undo(now);
      reset_view();
      break;
    case Action::Flip: board_.set_flipped(!board_.flipped()); break;
    case Action::Resign: open_dialog(Dialog::ConfirmResign); break;
    case Action::ClaimDraw: s->claim_draw(now); break;
    case Action::Hint:
      if (s->request_hint(now)) app_.toast("Looking for a good move...");
      break;
    case Action::Save: open_dialog(Dialog::Save); break;
    case Action::Load: open_dialog(Dialog::Load); break;
    case Action::Menu:
      if (s && ((demo_ && !game().is_over()) || (!demo_ && !game().is_over() && !game().moves().empty())))
        open_dialog(Dialog::ConfirmLeave);
      else app_.pop();
      break;
    case Action::Pause: demo_->set_paused(!demo_->paused()); break;
    case Action::Step: demo_->step(); break;
    case Action::Slower:
    case Action::Faster: {
      const std::int64_t current = demo_->session().move_delay().count();
      std::int64_t next = current;
      if (action == Action::Slower) {
        for (std::int64_t step : DemoDelaySteps)
          if (step > current) {
            next = step;
            break;
          }
      } else {
        for (std::int64_t step : DemoDelaySteps)
          if (step < current) next = step;
      }
      demo_->set_move_delay(milliseconds(next));
      app_.toast("Pause between moves: " + std::to_string(next) + " ms");
      break;
    }
  }
  app_.invalidate();
}

void PlayScreen::open_dialog(Dialog dialog) {
  dialog_ = dialog;
  input_.reset();
  if (dialog == Dialog::Save) dialog_field_.text = default_save_path();
  if (dialog == Dialog::Load) dialog_field_.text = last_path_.empty() ? default_save_path().substr(0, default_save_path().rfind('/') + 1) : last_path_;
}

void PlayScreen::save_game(const std::string& path) {
  std::ofstream out(path, std::ios::trunc);
  if (out) out << chess::write_pgn(session()->pgn(demo_ ? "Gambit demo" : "Gambit game"));
  if (!out) {
    app_.toast("Could not save the game to " + path + ": the file cannot be written.");
    return;
  }
  last_path_ = path;
  app_.toast("Game saved to " + path);
}

void PlayScreen::load_game(const std::string& text) {
  // A FEN typed or pasted into the field is loaded as a position; anything else names a file.
  if (auto position = chess::Position::from_fen(text)) {
    session()->new_game(chess::Game(*position), app_.now());
    reset_view();
    app_.toast("Position loaded.");
    return;
  }
  std::ifstream in(text, std::ios::binary);
  if (!in) {
    app_.toast("Could not open '" + text + "': no such file, or it cannot be read (or it is not a valid FEN).");
    return;
  }
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string contents = buffer.str();
  chess::PgnReader reader(contents);
  std::optional<chess::Result<chess::PgnGame>> first = reader.next();
  chess::Game loaded;
  if (first && *first) {
    loaded = chess::Game((*first)->start);
    for (chess::Move move : (*first)->moves) loaded.play(move);
  } else {
    std::string line = contents.substr(0, contents.find('\n'));
    auto position = chess::Position::from_fen(line);
    if (!position) {
      const std::string why = first ? first->error() : "the file holds no game";
      app_.toast("Could not load '" + text + "': " + why);
      return;
    }
    loaded = chess::Game(*position);
  }
  last_path_ = text;
  const std::size_t moves = loaded.moves().size();
  session()->new_game(std::move(loaded), app_.now());
  reset_view();
  app_.toast("Loaded " + std::to_string(moves) + " moves from " + text +
             (game().is_over() ? "" : "; the game goes on from the last position."));
}

void PlayScreen::handle_dialog(const sf::Event& event) {
  const bool text_dialog = dialog_ == Dialog::Save || dialog_ == Dialog::Load;
  bool ok = dialog_ok_.clicked(event);
  bool cancel = dialog_cancel_.clicked(event);
  if (text_dialog && dialog_field_.handle(event)) ok = true;
  if (event.type == sf::Event::KeyPressed) {
    if (event.key.code == sf::Keyboard::Escape) cancel = true;
    if (!text_dialog && (event.key.code == sf::Keyboard::Enter || event.key.code == sf::Keyboard::Y)) ok = true;
    if (!text_dialog && event.key.code == sf::Keyboard::N) cancel = true;
  }
  if (cancel) {
    dialog_ = Dialog::None;
    return;
  }
  if (!ok) return;
  const Dialog dialog = std::exchange(dialog_, Dialog::None);
  const auto now = app_.now();
  switch (dialog) {
    case Dialog::ConfirmLeave: app_.pop(); break;
    case Dialog::ConfirmResign: session()->resign(now); break;
    case Dialog::ConfirmNewGame:
      session()->new_game(chess::Game(), now);
      reset_view();
      break;
    case Dialog::Save: save_game(dialog_field_.text); break;
    case Dialog::Load: load_game(dialog_field_.text); break;
    case Dialog::None: break;
  }
}

void PlayScreen::handle_board(const sf::Event& event) {
  match::GameSession* s = session();
  const bool live = !view_ply_;
  const bool may_move = live && s->human_to_move() && dialog_ == Dialog::None;
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
  } else if (event.type == sf::Event::MouseButtonPressed && event.mouseButton.button == sf::Mouse::Right) {
    input_.reset();
  }
}

void PlayScreen::handle(const sf::Event& event) {
  if (event.type == sf::Event::MouseMoved) {
    mouse_ = {float(event.mouseMove.x), float(event.mouseMove.y)};
    if (input_.dragging()) app_.invalidate();
  }
  layout(app_.window().getView().getSize());
  if (!session()) {
    if (buttons_.back().button.clicked(event) ||
        (event.type == sf::Event::KeyPressed && event.key.code == sf::Keyboard::Escape))
      app_.pop();
    return;
  }
  if (dialog_ != Dialog::None) {
    handle_dialog(event);
    return;
  }

  const bool overlay = game().is_over() && !overlay_dismissed_ && !view_ply_ && !demo_;
  if (overlay) {
    if (overlay_again_.clicked(event)) {
      session()->new_game(chess::Game(), app_.now());
      reset_view();
      return;
    }
    if (overlay_menu_.clicked(event)) {
      app_.pop();
      return;
    }
    if (event.type == sf::Event::KeyPressed && event.key.code == sf::Keyboard::Escape) {
      overlay_dismissed_ = true;
      return;
    }
  }
  for (ActionButton& b : buttons_) {
    b.button.enabled = enabled(b.action);
    if (b.button.clicked(event)) {
      run(b.action);
      return;
    }
  }
  if (event.type == sf::Event::MouseButtonPressed && event.mouseButton.button == sf::Mouse::Left) {
    const sf::Vector2f point(float(event.mouseButton.x), float(event.mouseButton.y));
    for (const auto& [rect, ply] : move_cells_)
      if (rect.contains(point)) {
        view_ply_ = ply == game().moves().size() ? std::nullopt : std::optional<std::size_t>(ply);
        input_.reset();
        return;
      }
  }
  if (event.type == sf::Event::MouseWheelScrolled && move_list_.contains({float(event.mouseWheelScroll.x), float(event.mouseWheelScroll.y)})) {
    const std::size_t rows = (game().moves().size() + 1) / 2;
    if (event.mouseWheelScroll.delta > 0 && move_list_first_row_ > 0) --move_list_first_row_;
    else if (event.mouseWheelScroll.delta < 0 && move_list_first_row_ + 1 < rows) ++move_list_first_row_;
    return;
  }
  if (!overlay) handle_board(event);

  if (event.type != sf::Event::KeyPressed) return;
  const std::size_t moves = game().moves().size();
  switch (event.key.code) {
    case sf::Keyboard::Escape:
      if (input_.pending_promotion() || input_.selected()) input_.reset();
      else run(Action::Menu);
      break;
    case sf::Keyboard::N:
      if (ctrl()) run(Action::NewGame);
      break;
    case sf::Keyboard::Z:
      if (ctrl()) run(Action::Undo);
      break;
    case sf::Keyboard::BackSpace: run(Action::Undo); break;
    case sf::Keyboard::F: run(Action::Flip); break;
    case sf::Keyboard::R:
      if (ctrl()) run(Action::Resign);
      break;
    case sf::Keyboard::D: run(Action::ClaimDraw); break;
    case sf::Keyboard::H: run(Action::Hint); break;
    case sf::Keyboard::S:
      if (ctrl()) run(Action::Save);
      else if (demo_) run(Action::Step);
      break;
    case sf::Keyboard::O:
      if (ctrl()) run(Action::Load);
      break;
    case sf::Keyboard::Space:
      if (demo_) run(Action::Pause);
      break;
    case sf::Keyboard::Add:
    case sf::Keyboard::Equal: run(Action::Faster); break;
    case sf::Keyboard::Subtract:
    case sf::Keyboard::Hyphen: run(Action::Slower); break;
    case sf::Keyboard::Left:
      if (shown_ply() > 0) view_ply_ = shown_ply() - 1;
      input_.reset();
      break;
    case sf::Keyboard::Right:
      if (view_ply_) view_ply_ = *view_ply_ + 1 >= moves ? std::nullopt : std::optional<std::size_t>(*view_ply_ + 1);
      else if (demo_ && demo_->paused()) run(Action::Step);
      break;
    case sf::Keyboard::Home:
      view_ply_ = moves ? std::optional<std::size_t>(0) : std::nullopt;
      input_.reset();
      break;
    case sf::Keyboard::End: view_ply_.reset(); break;
    default: break;
  }
}

// ---------------------------------------------------------------------------
// Update

void PlayScreen::take_session_events() {
  const int animation_ms = app_.settings().ui.animation_ms;
  for (const match::SessionEvent& event : session()->take_events()) {
    app_.invalidate();
    switch (event.kind) {
      case match::SessionEvent::Kind::MovePlayed:
        app_.assets().play(event.check ? Sound::Check : event.capture ? Sound::Capture : Sound::Move);
        view_ply_.reset();  // a new move brings the live position back
        hint_.reset();
        if (!dropped_by_hand_ && animation_ms > 0)
          glide_ = Glide{event.move, game().position().piece_on(event.move.to()), app_.now()};
        else glide_.reset();
        dropped_by_hand_ = false;
        if (!session()->human_to_move()) input_.reset();
        break;
      case match::SessionEvent::Kind::GameOver:
        app_.assets().play(Sound::GameEnd);
        overlay_dismissed_ = false;
        input_.reset();
        break;
      case match::SessionEvent::Kind::HintReady:
        hint_ = event.move;
        hint_ply_ = game().moves().size();
        app_.assets().play(Sound::Notify);
        app_.toast("Hint: " + chess::to_san(game().position(), event.move));
        break;
      case match::SessionEvent::Kind::Notice: app_.toast(event.text); break;
    }
  }
}

void PlayScreen::update() {
  if (!session()) return;
  const auto now = app_.now();
  if (demo_) {
    demo_->update(now);
    if (!demo_->failure().empty() && failure_.empty()) failure_ = demo_->failure();
    if (demo_->game_number() != demo_game_seen_) {  // the next game began
      demo_game_seen_ = demo_->game_number();
      reset_view();
      app_.invalidate();
    }
  } else {
    session_->update(now);
  }
  take_session_events();
  if (glide_ && now - glide_->started >= milliseconds(app_.settings().ui.animation_ms)) {
    glide_.reset();
    app_.invalidate();
  }
  if (hint_ && hint_ply_ != game().moves().size()) hint_.reset();
}

bool PlayScreen::ai_thinking() const { return session() && session()->thinking_side().has_value(); }

std::chrono::milliseconds PlayScreen::redraw_interval() const {
  if (glide_ || input_.dragging()) return Continuous;
  if (!session()) return Idle;
  if (demo_ || ai_thinking() || session()->hint_pending() || (session()->has_clock() && !game().is_over()))
    return Tick;
  return Idle;
}

// ---------------------------------------------------------------------------
// Drawing

void PlayScreen::layout(sf::Vector2f size) {
  const float panel_width = std::clamp(size.x * 0.34f, 300.0f, 440.0f);
  panel_ = {size.x - panel_width, 0, panel_width, size.y};
  board_.layout({0, 0, size.x - panel_width, size.y});

  // Buttons: a grid of three columns at the bottom of the panel.
  const float gap = 8, height = 36;
  const float width = (panel_width - 2 * PanelPad - 2 * gap) / 3;
  const std::size_t rows = (buttons_.size() + 2) / 3;
  const float top = size.y - PanelPad - 22 - float(rows) * (height + gap);
  for (std::size_t i = 0; i < buttons_.size(); ++i) {
    const float x = panel_.left + PanelPad + float(i % 3) * (width + gap);
    const float y = top + float(i / 3) * (height + gap);
    buttons_[i].button.rect = {std::round(x), std::round(y), std::round(width), height};
  }
  if (!session()) buttons_.back().button.rect = {std::round(size.x / 2 - 110), size.y / 2 + 60, 220, 44};
}

std::string PlayScreen::status_text() const {
  const match::GameSession& s = *session();
  const chess::Game& g = game();
  if (view_ply_)
    return "Looking at move " + std::to_string((*view_ply_ + 1) / 2) + " (ply " + std::to_string(*view_ply_) + " of " +
           std::to_string(g.moves().size()) + "): End or a click on the board returns to the game";
  if (g.is_over()) return g.outcome().description();
  const Color side = g.position().side_to_move();
  std::string text;
  const bool one_human = s.seat(chess::WHITE).human() != s.seat(chess::BLACK).human();
  if (s.seat(side).human()) text = one_human ? "Your move" : side_name(side) + " to move";
  else text = s.seat(side).label + (s.thinking_side() ? " is thinking..." : " to move");
  if (g.position().in_check()) text += " - check!";
  if (auto claim = s.claimable_draw())
    text += *claim == chess::Termination::ThreefoldRepetition ? " - you may claim a draw (threefold repetition)"
                                                               : " - you may claim a draw (fifty-move rule)";
  if (demo_ && demo_->paused()) text = "Paused - " + text;
  return text;
}

std::string PlayScreen::thinking_text() const {
  const match::GameSession& s = *session();
  std::optional<players::SearchInfo> info = s.thinking_info();
  if (!info || info->depth == 0) return "";
  const Color side = game().position().side_to_move();
  std::string text = "depth " + std::to_string(info->depth);
  if (std::string score = score_text(*info, side); !score.empty()) text += "  " + score;
  text += "  " + count_text(info->nodes) + " nodes";
  chess::Position pos = game().position();
  std::string line;
  for (std::size_t i = 0; i < info->pv.size() && i < 8; ++i) {
    line += (line.empty() ? "" : " ") + chess::to_san(pos, info->pv[i]);
    pos.do_move(info->pv[i]);
  }
  return text + (line.empty() ? "" : "\n" + line);
}

void PlayScreen::draw_player(sf::RenderTarget& target, Color side, float y) {
  const match::GameSession& s = *session();
  const Assets& assets = app_.assets();
  const float x = panel_.left + PanelPad, width = panel_.width - 2 * PanelPad;
  const bool to_move = !game().is_over() && game().position().side_to_move() == side;
  std::string label = s.seat(side).human() ? (s.seat(~side).human() ? side_name(side) : "You") : s.seat(side).label;
  const chess::Piece king = chess::make_piece(side, chess::KING);
  assets.draw_piece(target, king, {x - 4, y - 4}, 34, app_.settings().ui.piece_set);
  draw_text(target, assets.bold(), label, 18, {x + 34, y + 2}, to_move ? colors::Text : colors::TextDim);

  if (s.has_clock()) {
    const sf::FloatRect box(x + width - 110, y - 2, 110, 34);
    const std::int64_t ms = s.remaining_ms(side, app_.now());
    fill_rect(target, box, to_move ? (ms < 10000 ? sf::Color(160, 50, 40) : colors::Accent) : colors::PanelLight);
    draw_text_centred(target, assets.bold(), clock_text(ms), 20, box);
  }

  // Pieces this side has captured, and its material lead.
  const chess::Position& pos = shown_position();
  static constexpr int full_set[] = {0, 8, 2, 2, 2, 1};
  float cx = x + 34;
  int material = 0;
  for (chess::PieceType type : {chess::QUEEN, chess::ROOK, chess::BISHOP, chess::KNIGHT, chess::PAWN}) {
    const int missing = std::max(0, full_set[type] - chess::popcount(pos.pieces(~side, type)));
    for (int i = 0; i < missing; ++i) {
      assets.draw_piece(target, chess::make_piece(~side, type), {cx, y + 24}, 20, app_.settings().ui.piece_set);
      cx += 11;
    }
    if (missing) cx += 6;
    material += piece_value(type) * (chess::popcount(pos.pieces(side, type)) - chess::popcount(pos.pieces(~side, type)));
  }
  if (material > 0) draw_text(target, assets.font(), "+" + std::to_string(material), 14, {cx + 4, y + 26}, colors::TextDim);
}

void PlayScreen::draw_panel(sf::RenderTarget& target) {
  const Assets& assets = app_.assets();
  fill_rect(target, panel_, colors::Panel);
  const float x = panel_.left + PanelPad, width = panel_.width - 2 * PanelPad;
  const Color top_side = board_.flipped() ? chess::WHITE : chess::BLACK;
  float y = PanelPad;

  if (demo_) {
    const auto& tally = demo_->tally();
    const std::string line = "Game " + std::to_string(demo_->game_number()) + "   " + demo_->first().label + " " +
                             std::to_string(tally.first_wins) + " - " + std::to_string(tally.second_wins) + " " +
                             demo_->second().label + "   draws " + std::to_string(tally.draws) + "   (" +
                             std::to_string(demo_->session().move_delay().count()) + " ms between moves)";
    for (const std::string& l : wrap_text(assets.font(), line, 14, width)) {
      draw_text(target, assets.font(), l, 14, {x, y}, colors::TextDim);
      y += 18;
    }
    y += 6;
  }
  draw_player(target, top_side, y);
  y += 56;

  // Status and the AI's thinking.
  for (const std::string& line : wrap_text(assets.bold(), status_text(), 16, width)) {
    draw_text(target, assets.bold(), line, 16, {x, y}, game().is_over() ? colors::Warning : colors::Text);
    y += 21;
  }
  const std::string thinking = thinking_text();
  for (const std::string& line : wrap_text(assets.font(), thinking, 13, width)) {
    draw_text(target, assets.font(), line, 13, {x, y}, colors::TextDim);
    y += 17;
  }
  y = std::max(y, PanelPad + (demo_ ? 44.0f : 0.0f) + 56 + 21 * 2 + 17 * 3) + 6;

  // The move list, the latest move always in view while live.
  const float buttons_top = buttons_.front().button.rect.top;
  const float bottom_player = buttons_top - 64;
  move_list_ = {x, y, width, std::max(20.0f, bottom_player - y - 8)};
  fill_rect(target, move_list_, sf::Color(40, 38, 35));
  refresh_san();
  const float row_height = 22;
  const std::size_t visible_rows = std::size_t(std::max(1.0f, (move_list_.height - 8) / row_height));
  const Color first = game().start().side_to_move();
  const std::size_t offset = first == chess::BLACK ? 1 : 0;  // a game starting with Black leaves White's first cell empty
  const std::size_t rows = (san_.size() + offset + 1) / 2;
  if (!view_ply_) move_list_first_row_ = rows > visible_rows ? rows - visible_rows : 0;
  move_list_first_row_ = std::min(move_list_first_row_, rows ? rows - 1 : 0);
  move_cells_.clear();
  const int first_number = game().start().fullmove_number();
  const std::size_t shown = shown_ply();
  for (std::size_t row = move_list_first_row_; row < rows && row < move_list_first_row_ + visible_rows; ++row) {
    const float ry = move_list_.top + 4 + float(row - move_list_first_row_) * row_height;
    draw_text(target, assets.font(), std::to_string(first_number + int(row)) + ".", 14, {x + 8, ry + 2},
              colors::TextDim);
    for (std::size_t column = 0; column < 2; ++column) {
      const std::size_t cell = row * 2 + column;
      if (cell < offset || cell - offset >= san_.size()) continue;
      const std::size_t index = cell - offset;
      const sf::FloatRect rect(x + 52 + float(column) * (width - 60) / 2, ry, (width - 60) / 2 - 4, row_height);
      if (index + 1 == shown) fill_rect(target, rect, sf::Color(70, 90, 50));
      draw_text(target, assets.font(), san_[index], 14, {rect.left + 6, ry + 2});
      move_cells_.push_back({rect, index + 1});
    }
  }
  if (san_.empty())
    draw_text(target, assets.font(), "No moves yet", 14, {x + 8, move_list_.top + 6}, colors::TextDim);

  draw_player(target, ~top_side, bottom_player);

  for (ActionButton& b : buttons_) {
    b.button.enabled = enabled(b.action);
    if (b.action == Action::Pause) b.button.label = demo_->paused() ? "Resume" : "Pause";
    b.button.draw(target, assets);
  }
  std::string help = demo_ ? "Space pause  S step  +/- speed  F flip  Esc menu"
                           : "Drag or click pieces.  Left/Right: look back.  F flip  H hint";
  for (const ActionButton& b : buttons_)
    if (b.button.hovered) help = b.button.tooltip;
  draw_text(target, assets.font(), help, 12, {x, panel_.height - PanelPad - 16}, colors::TextDim);
}

void PlayScreen::draw_overlay(sf::RenderTarget& target) {
  const sf::FloatRect& board = board_.rect();
  fill_rect(target, board, sf::Color(0, 0, 0, 120));
  const sf::FloatRect box(board.left + board.width * 0.12f, board.top + board.height * 0.32f, board.width * 0.76f,
                          board.height * 0.36f);
  fill_rect(target, box, sf::Color(30, 29, 27, 235));
  const Assets& assets = app_.assets();
  const chess::Outcome& outcome = game().outcome();
  const std::string headline = outcome.result == chess::GameResult::Draw ? "Draw"
                               : outcome.winner() == chess::WHITE      ? "White wins"
                                                                       : "Black wins";
  draw_text_centred(target, assets.bold(), headline + "  " + outcome.pgn_result(), 30,
                    {box.left, box.top + 14, box.width, 44});
  float y = box.top + 62;
  for (const std::string& line : wrap_text(assets.font(), outcome.description(), 17, box.width - 40)) {
    draw_text_centred(target, assets.font(), line, 17, {box.left, y, box.width, 24}, colors::TextDim);
    y += 24;
  }
  if (demo_) {
    const auto next = demo_->next_game_in(app_.now());
    const std::string text = demo_->paused() ? "Paused" : "Next game in " + std::to_string((next.count() + 999) / 1000) + " s";
    draw_text_centred(target, assets.font(), text, 16, {box.left, box.top + box.height - 48, box.width, 30});
    return;
  }
  const float bw = std::min(160.0f, box.width / 2 - 30);
  overlay_again_.rect = {std::round(box.left + box.width / 2 - bw - 10), std::round(box.top + box.height - 60), bw, 44};
  overlay_menu_.rect = {std::round(box.left + box.width / 2 + 10), std::round(box.top + box.height - 60), bw, 44};
  overlay_again_.draw(target, assets);
  overlay_menu_.draw(target, assets);
}

void PlayScreen::draw_dialog(sf::RenderTarget& target) {
  const sf::Vector2f size = target.getView().getSize();
  fill_rect(target, {0, 0, size.x, size.y}, sf::Color(0, 0, 0, 140));
  const sf::FloatRect box(std::round(size.x / 2 - 300), std::round(size.y / 2 - 110), 600, 220);
  fill_rect(target, box, colors::Panel);
  const Assets& assets = app_.assets();
  std::string title, text;
  switch (dialog_) {
    case Dialog::ConfirmLeave:
      title = demo_ ? "Stop the demo?" : "Leave this game?";
      text = demo_ ? "The game in progress stops and you go back to the menu." : "The game in progress is abandoned.";
      break;
    case Dialog::ConfirmResign: title = "Resign?"; text = "The game ends and your opponent wins."; break;
    case Dialog::ConfirmNewGame: title = "Start a new game?"; text = "The game in progress is abandoned."; break;
    case Dialog::Save: title = "Save the game as PGN"; text = "File:"; break;
    case Dialog::Load: title = "Load a game"; text = "PGN file, or a position in FEN:"; break;
    case Dialog::None: return;
  }
  draw_text(target, assets.bold(), title, 22, {box.left + 24, box.top + 20});
  draw_text(target, assets.font(), text, 16, {box.left + 24, box.top + 62}, colors::TextDim);
  if (dialog_ == Dialog::Save || dialog_ == Dialog::Load) {
    dialog_field_.rect = {box.left + 24, box.top + 92, box.width - 48, 38};
    dialog_field_.draw(target, assets);
  }
  const bool text_dialog = dialog_ == Dialog::Save || dialog_ == Dialog::Load;
  dialog_ok_.label = text_dialog ? (dialog_ == Dialog::Save ? "Save" : "Load") : "Yes";
  dialog_cancel_.label = text_dialog ? "Cancel" : "No";
  dialog_ok_.rect = {box.left + box.width - 300, box.top + box.height - 64, 130, 42};
  dialog_cancel_.rect = {box.left + box.width - 154, box.top + box.height - 64, 130, 42};
  dialog_ok_.draw(target, assets);
  dialog_cancel_.draw(target, assets);
}

void PlayScreen::draw(sf::RenderTarget& target) {
  const sf::Vector2f size = target.getView().getSize();
  layout(size);
  const Assets& assets = app_.assets();
  if (!session()) {
    draw_text_centred(target, assets.bold(), mode_ == Mode::Demo ? "The demo cannot start" : "The game cannot start",
                      28, {0, size.y / 2 - 120, size.x, 40});
    float y = size.y / 2 - 60;
    for (const std::string& line : wrap_text(assets.font(), failure_, 16, size.x - 120)) {
      draw_text_centred(target, assets.font(), line, 16, {0, y, size.x, 22}, colors::Warning);
      y += 22;
    }
    buttons_.back().button.draw(target, assets);
    return;
  }

  const config::UiSettings& ui = app_.settings().ui;
  BoardScene scene;
  scene.position = &shown_position();
  const std::size_t ply = shown_ply();
  if (ply > 0) scene.last_move = game().moves()[ply - 1];
  if (!view_ply_) {
    scene.selected = input_.selected();
    scene.targets = input_.targets();
    scene.show_targets = ui.show_legal_moves;
    if (input_.dragging() && input_.selected()) {
      scene.dragged = input_.selected();
      scene.drag_point = mouse_;
    }
    if (glide_) {
      const float t = float(std::chrono::duration<double, std::milli>(app_.now() - glide_->started).count()) /
                      float(std::max(1, ui.animation_ms));
      scene.glide = BoardScene::Glide{glide_->piece, glide_->move.from(), glide_->move.to(), t};
    }
    if (hint_) scene.arrows.push_back({hint_->from(), hint_->to(), sf::Color(40, 170, 60, 190)});
    if (ui.show_ai_arrow)
      if (auto info = session()->thinking_info(); info && !info->pv.empty())
        scene.arrows.push_back({info->pv[0].from(), info->pv[0].to(), sf::Color(50, 110, 210, 170)});
    if (auto pending = input_.pending_promotion())
      scene.promotion = std::make_pair(pending->second, game().position().side_to_move());
  }
  board_.draw(target, assets, ui.theme, ui.piece_set, scene);
  draw_panel(target);
  if (game().is_over() && !overlay_dismissed_ && !view_ply_) draw_overlay(target);
  if (dialog_ != Dialog::None) draw_dialog(target);
}

void PlayScreen::describe(StateDump& dump) const {
  dump.add("mode", name());
  if (!session()) {
    dump.add("failure", failure_);
    return;
  }
  const chess::Game& g = game();
  dump.add("fen", g.position().fen());
  std::vector<std::string> moves;
  for (chess::Move m : g.moves()) moves.push_back(chess::to_uci(m));
  dump.add("moves", moves);
  dump.add("side_to_move", side_name(g.position().side_to_move()));
  dump.add("human_to_move", session()->human_to_move());
  dump.add("thinking", ai_thinking());
  dump.add("result", g.outcome().pgn_result());
  dump.add("outcome", g.is_over() ? g.outcome().description() : std::string());
  dump.add("status", status_text());
  dump.add("board_x", double(board_.rect().left));
  dump.add("board_y", double(board_.rect().top));
  dump.add("board_size", double(board_.rect().width));
  dump.add("flipped", board_.flipped());
  dump.add("view_ply", view_ply_ ? int(*view_ply_) : -1);
  dump.add("selected", input_.selected() ? chess::square_name(*input_.selected()) : std::string());
  dump.add("promotion_pending", input_.pending_promotion().has_value());
  dump.add("dialog", int(dialog_));
  dump.add("white", session()->seat(chess::WHITE).label);
  dump.add("black", session()->seat(chess::BLACK).label);
  if (session()->has_clock()) {
    dump.add("white_clock_ms", session()->remaining_ms(chess::WHITE, app_.now()));
    dump.add("black_clock_ms", session()->remaining_ms(chess::BLACK, app_.now()));
  }
  if (demo_) {
    dump.add("demo_game", demo_->game_number());
    dump.add("demo_first_wins", demo_->tally().first_wins);
    dump.add("demo_second_wins", demo_->tally().second_wins);
    dump.add("demo_draws", demo_->tally().draws);
    dump.add("demo_paused", demo_->paused());
    dump.add("demo_delay_ms", std::int64_t(demo_->session().move_delay().count()));
  }
}

}  // namespace gambit::gui
