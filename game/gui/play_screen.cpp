#include "game/gui/play_screen.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <ctime>
#include <fstream>
#include <random>

#include "core/chess/pgn.h"
#include "core/chess/san.h"
#include "core/chess/typed_move.h"
#include "core/chess/uci.h"
#include "core/match/game_record.h"
#include "game/gui/app.h"
#include "game/gui/new_game_screen.h"
#include "game/gui/user_files.h"

namespace gambit::gui {

namespace {

using chess::Color;
using std::chrono::milliseconds;

constexpr std::int64_t DemoDelaySteps[] = {0, 100, 200, 300, 400, 600, 800, 1200, 1600, 2400, 3200, 5000, 10000};

}  // namespace

PlayScreen::PlayScreen(App& app, Mode mode, Start start_with)
    : Screen(app), mode_(mode),
      recorder_(app.store(), app.settings().store.profile,
                mode == Mode::Demo ? store::GameSource::Demo : store::GameSource::Window) {
  using A = Action;
  auto add = [&](A action, const char* label, const char* tooltip) {
    buttons_.push_back({action, Button{label, tooltip, {}}});
  };
  if (mode_ == Mode::Play) {
    add(A::NewGame, "New game", "Choose a new game: colour, opponent, clock (Ctrl+N)");
    add(A::Undo, "Undo", "Take back your last move (Ctrl+Z)");
    add(A::Flip, "Flip", "Turn the board around (Ctrl+F)");
    add(A::Resign, "Resign", "Resign this game (Ctrl+R)");
    add(A::Draw, "Offer draw", "");  // or Claim draw, Accept draw: see draw_button()
    add(A::Hint, "Hint", "Show a good move (Ctrl+H)");
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
  start(start_with);
}

PlayScreen::~PlayScreen() { keep_unfinished_game(); }  // then the session's destructor stops its AI players promptly

namespace {

// Why a seat cannot play a game in `variant`, or "" when it can.
std::string variant_problem(const match::SessionSeat& seat, chess::Variant variant) {
  if (seat.human() || seat.plugin->plays(variant)) return "";
  return seat.label + " does not play " + std::string(chess::names_of(variant).for_people) +
         ": choose another player, or standard chess in Settings (Board & clock)";
}

}  // namespace

void PlayScreen::start(Start start_with) {
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
    for (const match::SessionSeat* seat : {&*a, &*b})
      if (std::string problem = variant_problem(*seat, settings.game.rules()); !problem.empty()) {
        failure_ = problem;
        return;
      }
    const auto seed = std::uint64_t(std::chrono::system_clock::now().time_since_epoch().count());
    auto loop = match::DemoLoop::create(*a, *b, seed, now, settings.game.rules());
    if (!loop) {
      failure_ = loop.error();
      return;
    }
    demo_ = std::move(loop).value();
    demo_->set_move_delay(milliseconds(settings.demo.move_delay_ms));
    demo_game_seen_ = demo_->game_number();
    game_began();
    return;
  }
  config::Settings seated = settings;
  match::TimeControl time_control;
  if (settings.clock.enabled()) {
    time_control.initial_ms = std::int64_t(settings.clock.minutes) * 60000;
    time_control.increment_ms = std::int64_t(settings.clock.increment_seconds) * 1000;
  }
  std::optional<recording::Recorder::KeptGame> kept;
  if (start_with == Start::Resume) {
    auto read = recording::Recorder::read_kept(app_.store(), app_.store_problem());
    if (!read) {
      failure_ = read.error();
      return;
    }
    kept = std::move(read).value();
    seated.white = kept->seats[chess::WHITE];
    seated.black = kept->seats[chess::BLACK];
    time_control = kept->time_control;
  }
  if (!kept) {
    if (settings.game.random_colours && !std::exchange(keep_colours_, false))
      colours_swapped_ = std::random_device()() % 2 == 1;
    if (colours_swapped_) std::swap(seated.white, seated.black);
  }
  seat_configs_ = {seated.white, seated.black};
  auto seats = config::resolve_seats(seated, plugins);
  if (!seats) {
    failure_ = (start_with == Start::Resume ? "The kept game cannot go on: " : "") + seats.error();
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
    const chess::Variant variant = kept ? kept->game.start().variant() : settings.game.rules();
    if (std::string problem = variant_problem(*seat, variant); !problem.empty()) {
      failure_ = problem;
      return;
    }
  }
  std::optional<match::SessionSeat> hint;
  if (auto resolved = config::resolve_hint(settings, plugins))
    if (auto seat = app_.session_seat(*resolved)) hint = *seat;
  auto session = match::GameSession::create(session_seats, time_control, hint, now);
  if (!session) {
    failure_ = session.error();
    return;
  }
  session_ = std::move(session).value();
  if (!kept) {
    session_->new_game(fresh_game(), now);
    game_began();
  } else {
    session_->new_game(std::move(kept->game), now, kept->clocks);
    game_began(/*resumed=*/true);  // its moves were played here, before the window closed
    app_.toast("Game resumed after " + match::moves_text(game().moves().size()) + ".");
  }
  // A lone human playing Black sees the board from Black's side.
  board_.set_flipped(!session_->seat(chess::WHITE).human() && session_->seat(chess::BLACK).human());
}

void PlayScreen::restart(bool swap_colours) {
  if (swap_colours) {
    colours_swapped_ = !colours_swapped_;
    keep_colours_ = true;  // not drawn again when colours are random
  }
  session_.reset();  // the finished game's players stop here
  failure_.clear();
  reset_view();
  start(Start::New);
}

bool PlayScreen::swap_offered() const {
  return session_ && session_->seat(chess::WHITE).human() != session_->seat(chess::BLACK).human();
}

match::GameSession* PlayScreen::session() const {
  if (demo_) return &demo_->session();
  return session_.get();
}

const chess::Game& PlayScreen::game() const { return session()->game(); }

chess::Game PlayScreen::fresh_game() const { return chess::Game(chess::Position(app_.settings().game.rules())); }

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

PlayScreen::DrawChoice PlayScreen::draw_choice() const {
  const match::GameSession& s = *session();
  if (s.claimable_draw()) return DrawChoice::Claim;
  if (s.draw_offered_to_human()) return DrawChoice::Accept;
  if (s.draw_offer_made()) return DrawChoice::Offered;
  return DrawChoice::Offer;
}

bool PlayScreen::enabled(Action action) const {
  const match::GameSession* s = session();
  if (!s) return action == Action::Menu;
  switch (action) {
    case Action::Undo: return s->can_undo();
    case Action::Resign: return s->can_resign();
    case Action::Draw: {
      const DrawChoice choice = draw_choice();
      return choice == DrawChoice::Claim || choice == DrawChoice::Accept ||
             (choice == DrawChoice::Offer && s->can_offer_draw());
    }
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
      if (!game().is_over() && recorder_.played_here(game())) open_dialog(Dialog::ConfirmNewGame);
      else app_.replace(std::make_unique<NewGameScreen>(app_));
      break;
    case Action::Undo:
      s->undo(now);
      reset_view();
      break;
    case Action::Flip: board_.set_flipped(!board_.flipped()); break;
    case Action::Resign: open_dialog(Dialog::ConfirmResign); break;
    case Action::Draw:
      switch (draw_choice()) {
        case DrawChoice::Claim: s->claim_draw(now); break;
        case DrawChoice::Accept: s->accept_draw(now); break;
        case DrawChoice::Offered: break;
        case DrawChoice::Offer:
          if (s->offer_draw()) app_.toast("You offer a draw: the offer goes with your next move.");
          break;
      }
      break;
    case Action::Hint:
      if (s->request_hint(now)) app_.toast("Looking for a good move...");
      break;
    case Action::Save: open_dialog(Dialog::Save); break;
    case Action::Load:
      open_dialog(!game().is_over() && recorder_.played_here(game()) ? Dialog::ConfirmLoad : Dialog::Load);
      break;
    case Action::Menu:
      if (s && !game().is_over() && (demo_ || recorder_.played_here(game())))
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
  const char* given_up = "The game in progress is given up: it is neither recorded nor kept.";
  switch (dialog) {
    case Dialog::ConfirmLeave:
      if (demo_) modal_.open("Stop the demo?", "The game in progress stops and you go back to the menu.", std::nullopt, false);
      else modal_.open("Back to the menu?", "The game is kept: Resume game on the menu goes on with it.", std::nullopt, false);
      break;
    case Dialog::ConfirmResign:
      modal_.open("Resign?", "The game ends and your opponent wins.", std::nullopt, false);
      break;
    case Dialog::ConfirmNewGame: modal_.open("Start a new game?", given_up, std::nullopt, false); break;
    case Dialog::ConfirmLoad: modal_.open("Load another game?", given_up, std::nullopt, false); break;
    case Dialog::Save: {
      const match::GameSession& s = *session();
      modal_.open("Save the game as PGN", "File:",
                  path_in(app_.last_folder(), game_file_name(s.seat(chess::WHITE).label, s.seat(chess::BLACK).label,
                                                             std::int64_t(std::time(nullptr)))),
                  false);
      break;
    }
    case Dialog::Load:
      modal_.open("Load a game", "A PGN file, or a position in FEN:",
                  last_loaded_.empty() ? path_in(app_.last_folder(), "") : last_loaded_, false);
      break;
    case Dialog::None: return;
  }
  const bool asks = dialog != Dialog::Save && dialog != Dialog::Load;
  modal_.ok.label = asks ? "Yes" : dialog == Dialog::Save ? "Save" : "Load";
  modal_.cancel.label = asks ? "No" : "Cancel";
}

void PlayScreen::save_game(const std::string& path) {
  std::ofstream out(path, std::ios::trunc);
  if (out) out << chess::write_pgn(session()->pgn(demo_ ? "Gambit demo" : "Gambit game"));
  if (!out) {
    app_.toast("Could not save the game to " + path + ": the file cannot be written.");
    return;
  }
  app_.remember_file(path);
  app_.toast("Game saved to " + path);
}

void PlayScreen::load_game(const std::string& text) {
  auto loaded = match::load_game_text(text, app_.settings().game.rules());
  if (!loaded) {
    app_.toast("Could not load the game: " + loaded.error());
    return;
  }
  if (std::ifstream(text).good()) {  // a file, not a FEN: the next dialog starts there
    last_loaded_ = text;
    app_.remember_file(text);
  }
  const std::size_t plies = loaded->moves().size();
  session()->new_game(std::move(loaded).value(), app_.now());
  reset_view();
  game_began();
  if (plies == 0) app_.toast("Position loaded.");
  else
    app_.toast("Loaded a game of " + match::moves_text(plies) + " from " + text +
               (game().is_over() ? "." : "; it goes on from the last position."));
}

void PlayScreen::handle_dialog(const sf::Event& event) {
  const ModalDialog::Answer answer = modal_.handle(event, app_.window().getView().getSize(), app_.assets());
  if (answer == ModalDialog::Answer::None) return;
  const Dialog dialog = std::exchange(dialog_, Dialog::None);
  if (answer == ModalDialog::Answer::Cancel) return;
  const auto now = app_.now();
  switch (dialog) {
    case Dialog::ConfirmLeave: app_.pop(); break;
    case Dialog::ConfirmResign: session()->resign(now); break;
    case Dialog::ConfirmNewGame:
      give_up_game();
      app_.replace(std::make_unique<NewGameScreen>(app_));
      break;
    case Dialog::ConfirmLoad: open_dialog(Dialog::Load); break;
    case Dialog::Save: save_game(expand_home(modal_.field.text())); break;
    case Dialog::Load: load_game(expand_home(modal_.field.text())); break;
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
    const bool enter = event.type == sf::Event::KeyPressed && event.key.code == sf::Keyboard::Enter;
    if (overlay_again_.clicked(event) || enter) return restart(false);
    if (swap_offered() && overlay_swap_.clicked(event)) return restart(true);
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
    if (auto ply = move_list_.ply_at({float(event.mouseButton.x), float(event.mouseButton.y)})) {
      view_ply_ = *ply == game().moves().size() ? std::nullopt : ply;
      input_.reset();
      return;
    }
  }
  if (move_list_.scroll(event)) return;
  if (!overlay) handle_board(event);
  if (!overlay && handle_move_box(event)) return;

  if (event.type != sf::Event::KeyPressed) return;
  const std::size_t moves = game().moves().size();
  const bool ctrl = event.key.control;  // as the event saw it (the keyboard's state now may differ)
  switch (event.key.code) {
    case sf::Keyboard::Escape:
      if (input_.pending_promotion() || input_.selected()) input_.reset();
      else run(Action::Menu);
      break;
    case sf::Keyboard::N:
      if (ctrl) run(Action::NewGame);
      break;
    case sf::Keyboard::Z:
      if (ctrl) run(Action::Undo);
      break;
    // In Play letters type moves (the move box): the shortcuts there take Ctrl.
    case sf::Keyboard::F:
      if (ctrl || demo_) run(Action::Flip);
      break;
    case sf::Keyboard::R:
      if (ctrl) run(Action::Resign);
      break;
    case sf::Keyboard::D:
      if (ctrl) run(Action::Draw);
      break;
    case sf::Keyboard::H:
      if (ctrl) run(Action::Hint);
      break;
    case sf::Keyboard::S:
      if (ctrl) run(Action::Save);
      else if (demo_) run(Action::Step);
      break;
    case sf::Keyboard::O:
      if (ctrl) run(Action::Load);
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

bool PlayScreen::move_box_shown() const { return !demo_ && session() && session()->has_human(); }

bool PlayScreen::handle_move_box(const sf::Event& event) {
  if (!move_box_shown()) return false;
  const bool typing = !move_box_.text().empty();
  if (event.type == sf::Event::KeyPressed) {
    const sf::Keyboard::Key key = event.key.code;
    if (key == sf::Keyboard::Escape && typing) {
      move_box_.set_text("");
      move_error_.clear();
      return true;
    }
    // Editing keys go to the box while it holds text; otherwise they browse the game.
    const bool editing = key == sf::Keyboard::BackSpace || key == sf::Keyboard::Delete || key == sf::Keyboard::Left ||
                         key == sf::Keyboard::Right || key == sf::Keyboard::Home || key == sf::Keyboard::End ||
                         (event.key.control && (key == sf::Keyboard::A || key == sf::Keyboard::V));
    if (key == sf::Keyboard::Enter && typing) {
      submit_typed_move();
      return true;
    }
    if (!editing || (!typing && !(event.key.control && key == sf::Keyboard::V))) return false;
  } else if (event.type != sf::Event::TextEntered) {
    return false;
  }
  if (move_box_.handle(event) == TextField::Input::Ignored) return false;
  move_error_.clear();
  app_.invalidate();
  return true;
}

void PlayScreen::submit_typed_move() {
  match::GameSession& s = *session();
  if (!s.human_to_move()) {
    move_error_ = game().is_over() ? "The game is over." : "Wait for your turn: " + s.seat(game().position().side_to_move()).label + " is to move.";
    return;
  }
  const chess::Position& pos = game().position();
  auto move = chess::parse_typed_move(pos, move_box_.text());
  if (!move) {
    // A beginning that only one move can finish is that move ("Nf" when only Nf3 is legal).
    const std::vector<std::string> completions = chess::typed_move_completions(pos, move_box_.text());
    if (completions.size() == 1) move = chess::parse_typed_move(pos, completions.front());
  }
  if (!move) {
    move_error_ = move.error();
    move_error_[0] = char(std::toupper(static_cast<unsigned char>(move_error_[0])));
    return;
  }
  view_ply_.reset();
  input_.reset();
  dropped_by_hand_ = false;
  s.play_human_move(*move, app_.now());
  move_box_.set_text("");
  move_error_.clear();
  take_session_events();
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
        keep_unfinished_game();
        break;
      case match::SessionEvent::Kind::GameOver:
        record_finished_game();
        hint_.reset();
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
      game_began();
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

}  // namespace gambit::gui
