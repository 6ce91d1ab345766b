// SPDX-License-Identifier: MIT
#include "game/gui/play_screen.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <random>

#include "core/chess/pgn.h"
#include "core/chess/san.h"
#include "core/players/level_ratings.h"
#include "core/util/local_time.h"
#include "core/util/parse_number.h"
#include "core/util/text_file.h"
#include "core/study/tree_pgn.h"
#include "core/util/translation.h"
#include "game/gui/app.h"
#include "game/gui/board_reading.h"
#include "game/gui/user_files.h"

namespace gambit::gui {

namespace {

using chess::Color;
using std::chrono::milliseconds;

}  // namespace

PlayScreen::PlayScreen(App& app, const chess::Position& from) : PlayScreen(app, from, Start::New) {}

PlayScreen::PlayScreen(App& app, Start start_with) : PlayScreen(app, std::nullopt, start_with) {}

PlayScreen::PlayScreen(App& app, std::optional<chess::Position> from, Start start_with)
    : Screen(app),
      set_up_(std::move(from)),
      recorder_(app.setup().store(), app.setup().settings().store.profile, store::GameSource::Window),
      view_(app, recorder_, [this] { return session_.get(); }) {
  using A = Action;
  // TRANSLATORS: the Play screen's buttons, in three columns of about 90 to 130 pixels.
  buttons_.add(A::NewGame, tr("New game"), tr("Choose a new game: colour, opponent, clock (Ctrl+N)"));
  buttons_.add(A::Undo, tr("Undo"), tr("Take back your last move (Ctrl+Z)"));
  // TRANSLATORS: a button: turn the board around.
  buttons_.add(A::Flip, tr("Flip"), tr("Turn the board around (Ctrl+F)"));
  buttons_.add(A::Resign, tr("Resign"), tr("Resign this game (Ctrl+R)"));
  buttons_.add(A::Draw, tr("Offer draw"), "");  // or Claim draw, Accept draw: see label()
  buttons_.add(A::Hint, tr("Hint"), tr("Show a good move (Ctrl+H)"));
  buttons_.add(A::Save, tr("Save"), tr("Save the game as PGN (Ctrl+S)"));
  buttons_.add(A::Load, tr("Load"), tr("Load a game from PGN or FEN (Ctrl+O)"));
  buttons_.add(A::Menu, tr("Menu"), tr("Back to the menu (Esc)"));
  start(start_with);
}

PlayScreen::~PlayScreen() { keep_unfinished_game(); }  // then the session's destructor stops its AI players promptly

chess::Game PlayScreen::fresh_game() const {
  return chess::Game(set_up_ ? *set_up_ : app_.setup().settings().game.start_position(start_draw_));
}

void PlayScreen::start(Start start_with) {
  const config::Settings& settings = app_.setup().settings();
  const config::PluginList plugins = app_.setup().plugin_descriptors();
  const auto now = app_.now();
  config::Settings seated = settings;
  match::TimeControl time_control = recording::time_control_of(settings.clock);
  std::optional<recording::Recorder::KeptGame> kept;
  if (start_with == Start::Resume) {
    auto read = recording::Recorder::read_kept(app_.setup().store(), app_.setup().store_problem());
    if (!read) {
      view_.fail(read.error());
      return;
    }
    kept = std::move(read).value();
    // The store keeps each seat's player, level and options; where it runs comes from the settings.
    seated.white = settings.with_isolation_kept(kept->seats[chess::WHITE], chess::WHITE);
    seated.black = settings.with_isolation_kept(kept->seats[chess::BLACK], chess::BLACK);
    time_control = kept->time_control;
  }
  if (!kept) {
    if (!std::exchange(keep_start_, false)) start_draw_ = std::random_device()();  // Chess960's start, when random
    if (settings.game.random_colours && !std::exchange(keep_colours_, false))
      colours_swapped_ = std::random_device()() % 2 == 1;
    if (colours_swapped_) std::swap(seated.white, seated.black);
  }
  seat_configs_ = {seated.white, seated.black};
  const chess::Variant variant = kept ? kept->game.start().variant() : fresh_game().start().variant();
  auto seats = app_.setup().seats_to_play(seated, variant);
  if (!seats) {
    view_.fail(start_with == Start::Resume
                   ? fill(tr("The kept game cannot go on: {reason}"), {{"reason", seats.error()}})
                   : seats.error());
    return;
  }
  const std::array<players::Seat, chess::COLOR_NB>& session_seats = *seats;
  std::optional<players::Seat> hint;
  if (auto resolved = config::resolve_hint(settings, plugins))
    if (auto seat = config::seat_to_play(*resolved, app_.setup().catalog())) hint = *seat;
  auto session = match::GameSession::create(session_seats, time_control, hint, now);
  if (!session) {
    view_.fail(session.error());
    return;
  }
  session_ = std::move(session).value();
  // A level of measured strength spends its clock as a person of that strength would (match::human_pace)
  // unless the player wants its moves at once; other AIs keep their own time.
  const std::uint64_t pace_seed = (std::uint64_t(std::random_device()()) << 32) | std::random_device()();
  for (chess::Color side : {chess::WHITE, chess::BLACK}) {
    const players::Seat& seat = session_seats[side];
    const bool measured = !seat.human() && !seat.level.empty() &&
                          players::find_rating(seat.plugin->ratings(), seat.level) != nullptr;
    session_->set_human_pace(side, measured && !settings.ui.instant_ai_moves, pace_seed);
  }
  recorder_.follow(*session_, seat_configs_);
  if (!kept) {
    session_->new_game(fresh_game(), now);
    view_.tell(recorder_.began(game(), unix_now(), false,
                              recording::decide_rated(session_seats, game().start(), app_.setup().store() != nullptr)));
  } else {
    const recording::RatedDecision rated =
        recording::Recorder::rated_decision(*kept, session_seats, app_.setup().store() != nullptr);
    session_->new_game(std::move(kept->game), now, kept->clocks);
    view_.tell(recorder_.began(game(), unix_now(), /*resumed=*/true, rated));  // its moves were played here, before the window closed
    // TRANSLATORS: {n} is how many moves the game went; {rated} says whether it is rated ("Rated", or
    // "Not rated: " and why).
    const std::size_t moves = match::moves_of(game().moves().size());
    app_.toast(fill(trn("Game resumed after {n} move ({rated}).", "Game resumed after {n} moves ({rated}).", moves),
                    {{"n", std::to_string(moves)}, {"rated", recorder_.rated().words()}}));
  }
  // A lone human playing Black sees the board from Black's side.
  view_.board().set_flipped(!session_->seat(chess::WHITE).human() && session_->seat(chess::BLACK).human());
}

void PlayScreen::restart(bool swap_colours) {
  if (swap_colours) {
    colours_swapped_ = !colours_swapped_;
    keep_colours_ = true;  // not drawn again when colours are random
    keep_start_ = true;    // a Chess960 rematch with colours swapped keeps its start, as on lichess
  }
  session_.reset();  // the finished game's players stop here
  view_.clear_failure();
  view_.reset();
  hint_.reset();
  start(Start::New);
}

bool PlayScreen::swap_offered() const {
  return session_ && session_->seat(chess::WHITE).human() != session_->seat(chess::BLACK).human();
}

bool PlayScreen::rated_in_progress() const {
  return session_ && recorder_.rated().rated && !game().is_over() && recorder_.played_here(game()) &&
         !session_->can_abort();
}

void PlayScreen::leave_for_another() {
  if (rated_in_progress()) {
    session_->resign(app_.now());
    follow_session();  // recorded now, as a loss
  } else {
    view_.tell(recorder_.give_up());
  }
}

void PlayScreen::abort_game() {
  view_.tell(recorder_.give_up());  // neither recorded nor kept
  app_.toast(tr("Game aborted: nothing is recorded."));
  app_.open_instead(page::NewGame{});
}

void PlayScreen::take_back() {
  // Kept with the unfinished game in English, and translated where it is shown (RatedDecision::words).
  // TRANSLATORS: after "Not rated: ".
  recorder_.make_unrated(N_("you took a move back."));
  session_->undo(app_.now());
  view_.reset();
  hint_.reset();
}

void PlayScreen::ask_hint() {
  if (!session_->request_hint(app_.now())) return;
  // TRANSLATORS: after "Not rated: ".
  recorder_.make_unrated(N_("you asked for a hint."));
  app_.toast(tr("Looking for a good move..."));
}

void PlayScreen::keep_unfinished_game() {
  if (session_) view_.tell(recorder_.keep_unfinished(*session_, seat_configs_, app_.now(), unix_now()));
}

// ---------------------------------------------------------------------------
// Actions

PlayScreen::DrawChoice PlayScreen::draw_choice() const {
  const match::GameSession& s = *session_;
  if (s.claimable_draw()) return DrawChoice::Claim;
  if (s.draw_offered_to_human()) return DrawChoice::Accept;
  if (s.draw_offer_made()) return DrawChoice::Offered;
  return DrawChoice::Offer;
}

bool PlayScreen::enabled(Action action) const {
  const match::GameSession* s = session_.get();
  if (!s) return action == Action::Menu;
  switch (action) {
    case Action::Undo: return s->can_undo();
    case Action::Resign: return s->can_resign() || s->can_abort();
    case Action::Draw: {
      const DrawChoice choice = draw_choice();
      return choice == DrawChoice::Claim || choice == DrawChoice::Accept ||
             (choice == DrawChoice::Offer && s->can_offer_draw());
    }
    case Action::Hint: return s->has_hint_seat() && s->human_to_move() && !s->hint_pending() && !view_.looking_back();
    default: return true;
  }
}

void PlayScreen::label(Action action, Button& button) const {
  const bool rated = recorder_.rated().rated && session_ && !game().is_over();
  if (action == Action::Resign && session_ && session_->can_abort()) {
    // TRANSLATORS: a button (about 90 to 130 pixels wide): end the game before it counts.
    button.label = tr("Abort");
    button.tooltip = tr("End the game before your first move: nothing is recorded (Ctrl+R)");
    return;
  }
  if (action == Action::Resign) {
    button.label = tr("Resign");
    button.tooltip = tr("Resign this game (Ctrl+R)");
    return;
  }
  if (action == Action::Undo) {
    button.label = tr("Undo");
    button.tooltip = rated ? tr("Take back your last move: makes the game unrated (Ctrl+Z)")
                           : tr("Take back your last move (Ctrl+Z)");
    return;
  }
  if (action == Action::Hint) {
    button.label = tr("Hint");
    button.tooltip = rated ? tr("Show a good move: makes the game unrated (Ctrl+H)") : tr("Show a good move (Ctrl+H)");
    return;
  }
  if (action != Action::Draw) return;
  struct Words {
    const char* label;
    const char* tooltip;
  };
  // By DrawChoice.
  static constexpr Words words[] = {
      // TRANSLATORS: the draw button's words (about 90 to 130 pixels wide), and its tooltips.
      {N_("Claim draw"), N_("Claim a draw by threefold repetition or the fifty-move rule (Ctrl+D)")},
      {N_("Accept draw"), N_("Accept the draw your opponent offers; your next move declines it (Ctrl+D)")},
      {N_("Draw offered"), N_("Your draw offer goes with your next move")},
      {N_("Offer draw"), N_("Offer a draw with your next move; the opponent answers on its turn (Ctrl+D)")},
  };
  const Words& chosen = words[int(session_ ? draw_choice() : DrawChoice::Offer)];
  button.label = tr(chosen.label);
  button.tooltip = tr(chosen.tooltip);
}

void PlayScreen::run(Action action) {
  match::GameSession& s = *session_;
  const auto now = app_.now();
  switch (action) {
    case Action::NewGame:
      if (!game().is_over() && recorder_.played_here(game())) ask(Dialog::ConfirmNewGame);
      else app_.open_instead(page::NewGame{});
      break;
    case Action::Undo:
      if (recorder_.rated().rated) ask(Dialog::ConfirmUndoUnrated);
      else take_back();
      break;
    case Action::Flip: view_.board().set_flipped(!view_.board().flipped()); break;
    case Action::Resign: ask(s.can_abort() ? Dialog::ConfirmAbort : Dialog::ConfirmResign); break;
    case Action::Draw:
      switch (draw_choice()) {
        case DrawChoice::Claim: s.claim_draw(now); break;
        case DrawChoice::Accept: s.accept_draw(now); break;
        case DrawChoice::Offered: break;
        case DrawChoice::Offer:
          if (s.offer_draw()) app_.toast(tr("You offer a draw: the offer goes with your next move."));
          break;
      }
      break;
    case Action::Hint:
      if (recorder_.rated().rated) ask(Dialog::ConfirmHintUnrated);
      else ask_hint();
      break;
    case Action::Save: ask(Dialog::SaveFile); break;
    case Action::Load: ask(!game().is_over() && recorder_.played_here(game()) ? Dialog::ConfirmLoad : Dialog::LoadFile); break;
    case Action::Menu:
      if (!game().is_over() && recorder_.played_here(game())) ask(Dialog::ConfirmLeave);
      else app_.to_menu();
      break;
    default: break;
  }
}

void PlayScreen::ask(Dialog dialog) {
  // What leaving the game in progress does, said before it is done.
  const std::string given_up = rated_in_progress()
                                   ? tr("This rated game is resigned: it is recorded as a loss.")
                                   : tr("The game in progress is given up: it is neither recorded nor kept.");
  view_.drop_selection();  // a dialog over the board leaves no piece picked up
  switch (dialog) {
    case Dialog::ConfirmAbort:
      dialogs_.ask(dialog, tr("Abort the game?"), tr("Nobody has won or lost: nothing is recorded."), std::nullopt,
                   tr("Yes"), tr("No"));
      break;
    case Dialog::ConfirmUndoUnrated:
      dialogs_.ask(dialog, tr("Take back a move?"),
                   tr("A take-back makes this rated game unrated: it will not change your rating."), std::nullopt,
                   tr("Yes"), tr("No"));
      break;
    case Dialog::ChooseGame: {
      const std::size_t n = choosing_->games.size();  // more than one
      std::string list = fill(trn("The file holds {n} game. Which one? (1 to {n})",
                                  "The file holds {n} games. Which one? (1 to {n})", n),
                              {{"n", std::to_string(n)}});
      constexpr std::size_t Listed = 6;
      for (std::size_t i = 0; i < n && i < Listed; ++i)
        list += "\n" + std::to_string(i + 1) + ". " + match::game_line(choosing_->games[i]);
      if (n > Listed)
        // TRANSLATORS: after a list of games: {n} more games are in the file.
        list += "\n" + fill(trn("... and {n} more", "... and {n} more", n - Listed),
                            {{"n", std::to_string(n - Listed)}});
      if (!choosing_->unreadable.empty())
        // TRANSLATORS: {n} games of the file cannot be read; {reason} says why the first cannot.
        list += "\n" + fill(trn("Left out, unreadable: {n} ({reason})", "Left out, unreadable: {n} ({reason})",
                                choosing_->unreadable.size()),
                            {{"n", std::to_string(choosing_->unreadable.size())},
                             {"reason", choosing_->unreadable.front()}});
      dialogs_.ask(dialog, tr("Choose a game"), list, "1", tr("Open"), tr("Cancel"), /*path_field=*/false);
      break;
    }
    case Dialog::Message: break;  // tell_in_dialog opens it with its words
    case Dialog::ConfirmHintUnrated:
      dialogs_.ask(dialog, tr("Ask for a hint?"),
                   tr("A hint makes this rated game unrated: it will not change your rating."), std::nullopt,
                   tr("Yes"), tr("No"));
      break;
    case Dialog::ConfirmLeave:
      dialogs_.ask(dialog, tr("Back to the menu?"), tr("The game is kept: Resume game on the menu goes on with it."),
                   std::nullopt, tr("Yes"), tr("No"));
      break;
    case Dialog::ConfirmResign:
      dialogs_.ask(dialog, tr("Resign?"), tr("The game ends and your opponent wins."), std::nullopt, tr("Yes"),
                   tr("No"));
      break;
    case Dialog::ConfirmNewGame:
      dialogs_.ask(dialog, tr("Start a new game?"), given_up, std::nullopt, tr("Yes"), tr("No"));
      break;
    case Dialog::ConfirmLoad:
      dialogs_.ask(dialog, tr("Load another game?"), given_up, std::nullopt, tr("Yes"), tr("No"));
      break;
    case Dialog::SaveFile:
      dialogs_.choose_file(dialog, tr("Save the game as PGN"), tr("A new name, or a game file to replace"),
                           path_in(app_.setup().last_folder(), game_file_name(session_->seat(chess::WHITE).label,
                                                                              session_->seat(chess::BLACK).label,
                                                                              unix_now())),
                           {".pgn"}, app_.setup().recent_files(), tr("Save"));
      break;
    case Dialog::LoadFile:
      dialogs_.choose_file(dialog, tr("Load a game"), tr("A PGN file (or type a position in FEN)"),
                           last_loaded_.empty() ? path_in(app_.setup().last_folder(), "") : last_loaded_,
                           {".pgn", ".fen"}, app_.setup().recent_files(), tr("Load"));
      break;
    case Dialog::None: break;
  }
}

void PlayScreen::on_dialog(Dialog dialog, const std::string& field) {
  switch (dialog) {
    case Dialog::ConfirmLeave: app_.to_menu(); break;
    case Dialog::ConfirmResign: session_->resign(app_.now()); break;
    case Dialog::ConfirmAbort: abort_game(); break;
    case Dialog::ConfirmUndoUnrated: take_back(); break;
    case Dialog::ConfirmHintUnrated: ask_hint(); break;
    case Dialog::ConfirmNewGame:
      leave_for_another();
      app_.open_instead(page::NewGame{});
      break;
    case Dialog::ConfirmLoad: ask(Dialog::LoadFile); break;  // the game is left only when another replaces it (open_loaded)
    case Dialog::SaveFile: save_game(user_path(field)); break;
    case Dialog::ChooseGame: {
      auto chosen = parse_int64(field);
      const std::size_t n = choosing_ ? choosing_->games.size() : 0;
      if (!chosen || *chosen < 1 || std::size_t(*chosen) > n) {
        tell_in_dialog(tr("No such game"), fill(tr("Type a number from 1 to {n}."), {{"n", std::to_string(n)}}));
        choosing_.reset();
        break;
      }
      const chess::PgnGame game = choosing_->games[std::size_t(*chosen - 1)];
      choosing_.reset();
      open_loaded(game, last_loaded_);
      break;
    }
    case Dialog::LoadFile: load_game(user_path(field)); break;
    default: break;
  }
}

void PlayScreen::save_game(const std::string& path) {
  std::ofstream out(path, std::ios::trunc);
  if (out) out << chess::write_pgn(session_->pgn("Gambit game"));
  if (!out) {
    app_.toast(fill(tr("Could not save the game to {path}: the file cannot be written."), {{"path", path}}));
    return;
  }
  app_.setup().remember_file(path);
  app_.toast(fill(tr("Game saved to {path}"), {{"path", path}}));
}

void PlayScreen::tell_in_dialog(const std::string& title, const std::string& message) {
  view_.drop_selection();
  dialogs_.ask(Dialog::Message, title, message, std::nullopt, tr("OK"), "");
}

void PlayScreen::load_game(const std::string& text) {
  auto loaded = match::read_games(text, app_.setup().settings().game.rules());
  if (!loaded) {
    tell_in_dialog(tr("The game could not be loaded"), loaded.error());
    return;
  }
  if (loaded->from_file) {  // the next dialog starts there
    last_loaded_ = text;
    app_.setup().remember_file(text);
  }
  if (loaded->games.size() > 1) {
    choosing_ = std::move(loaded).value();
    ask(Dialog::ChooseGame);
    return;
  }
  open_loaded(loaded->games.front(), text);
  if (!loaded->unreadable.empty() && !dialogs_.open()) {
    // TRANSLATORS: {n} games of the file were left out; {reason} says why the first could not be read.
    const std::string left_out = fill(trn("{n} left out; the first: {reason}", "{n} left out; the first: {reason}",
                                          loaded->unreadable.size()),
                                      {{"n", std::to_string(loaded->unreadable.size())},
                                       {"reason", loaded->unreadable.front()}});
    tell_in_dialog(tr("Other games of the file could not be read"), left_out);
  }
}

void PlayScreen::open_loaded(const chess::PgnGame& game, const std::string& source) {
  if (!game.moves.empty() && match::finished_game(game)) {
    // A finished game is gone through, not played on: opened whole, with the variations and comments its file has.
    std::optional<study::TreeGame> whole;
    if (Result<std::string> text = read_text_file(source)) whole = study::find_tree_game(text.value(), game);
    app_.open(page::FinishedGame{whole ? std::move(*whole) : study::from_pgn_game(game),
                                 std::filesystem::path(source).filename().string()});
    return;
  }
  const std::size_t plies = game.moves.size();
  if (!this->game().is_over() && recorder_.played_here(this->game())) leave_for_another();  // as Load's question said
  session_->new_game(match::game_from_pgn(game), app_.now());
  view_.reset();
  hint_.reset();
  // Kept with the unfinished game in English, and translated where it is shown (RatedDecision::words).
  recording::RatedDecision unrated;
  // TRANSLATORS: after "Not rated: ".
  unrated.why_not = N_("a loaded game is not rated.");
  view_.tell(recorder_.began(this->game(), unix_now(), false, unrated));
  if (!game.cut_short.empty()) {
    // TRANSLATORS: {n} is how many moves were loaded; {reason} where the file's move is and why it cannot be
    // played ("line 12: ...").
    const std::string why = fill(trn("The game is loaded as far as {n} move: the file goes on with a move that cannot "
                                     "be played ({reason}). It goes on from the last legal position, unrated.",
                                     "The game is loaded as far as {n} moves: the file goes on with a move that cannot "
                                     "be played ({reason}). It goes on from the last legal position, unrated.",
                                     match::moves_of(plies)),
                                 {{"n", std::to_string(match::moves_of(plies))}, {"reason", game.cut_short}});
    tell_in_dialog(tr("Loaded up to a move that cannot be played"), why);
    return;
  }
  if (plies == 0) app_.toast(tr("Position loaded: it goes on unrated."));
  else
    // TRANSLATORS: {n} is the game's length in moves; {source} the file it came from.
    app_.toast(fill(session_->game().is_over()
                        ? trn("Loaded a game of {n} move from {source}.", "Loaded a game of {n} moves from {source}.",
                              match::moves_of(plies))
                        : trn("Loaded a game of {n} move from {source}; it goes on from the last position, unrated.",
                              "Loaded a game of {n} moves from {source}; it goes on from the last position, unrated.",
                              match::moves_of(plies)),
                    {{"n", std::to_string(match::moves_of(plies))},
                     {"source", std::filesystem::path(source).filename().string()}}));
}

// ---------------------------------------------------------------------------
// Input

void PlayScreen::layout() {
  view_.layout(app_.window().getView().getSize(), buttons_.size());
  view_.place_buttons(buttons_);
  for (auto& [action, button] : buttons_) {
    button.enabled = enabled(action);
    label(action, button);
  }
}

void PlayScreen::trigger(Action action) {
  if (enabled(action)) run(action);
  app_.invalidate();
}

void PlayScreen::handle(const sf::Event& event) {
  view_.follow_mouse(event);
  layout();
  if (!session_) {
    if (view_.failure_page_closed(event)) app_.to_menu();
    return;
  }
  if (dialogs_.open()) {
    if (auto answer = dialogs_.handle(event, app_.window().getView().getSize(), app_.assets()))
      on_dialog(answer->dialog, answer->text);
    return;
  }
  const bool end_box = view_.end_box_shown();
  if (end_box && handle_end_box(event)) return;
  if (auto action = buttons_.clicked(event)) return trigger(*action);
  const GameView::Pointer pointer = view_.handle_pointer(event, end_box);
  if (pointer.move) play(*pointer.move);
  if (pointer.taken || (!end_box && handle_text(event)) || event.type != sf::Event::KeyPressed) return;
  if (view_.drop_selection_on_escape(event.key) || shortcut(event.key)) return;
  view_.look_back(event.key);
}

bool PlayScreen::handle_end_box(const sf::Event& event) {
  const bool enter = event.type == sf::Event::KeyPressed && event.key.code == sf::Keyboard::Enter;
  if (end_again_.clicked(event) || enter) {
    restart(false);
    return true;
  }
  if (swap_offered() && end_swap_.clicked(event)) {
    restart(true);
    return true;
  }
  if (end_menu_.clicked(event)) {
    app_.to_menu();
    return true;
  }
  const bool review_key =
      event.type == sf::Event::KeyPressed && event.key.code == sf::Keyboard::R && !event.key.control;
  if (recorder_.recorded_game() && (end_review_.clicked(event) || review_key)) {
    // The store's labels (the profile's name, not "Human"), so that the review
    // walks the person's own mistakes.
    store::GameSummary game;
    game.id = *recorder_.recorded_game();
    if (store::Store* store = app_.setup().store())
      if (auto summary = store->games().game_summary(game.id)) game = summary.value();
    app_.open(page::StoredGame{game, true});
    return true;
  }
  if (event.type == sf::Event::KeyPressed && event.key.code == sf::Keyboard::A && !event.key.control) {
    // The finished game on the analysis board, at its last position.
    study::TreeGame tree = study::from_pgn_game(session_->pgn("Gambit game"));
    const std::size_t plies = game().moves().size();
    // TRANSLATORS: where the analysis board's game came from (else a file's name).
    app_.open(page::Analysis{std::move(tree), plies, tr("the game just played")});
    return true;
  }
  if (event.type == sf::Event::KeyPressed && event.key.code == sf::Keyboard::Escape) {
    view_.dismiss_end_box();
    return true;
  }
  return false;
}

// Letters type moves (the move box): the shortcuts take Ctrl.
bool PlayScreen::shortcut(const sf::Event::KeyEvent& key) {
  if (key.code == sf::Keyboard::Escape) {
    trigger(Action::Menu);
    return true;
  }
  if (!key.control) return false;
  switch (key.code) {
    case sf::Keyboard::N: trigger(Action::NewGame); return true;
    case sf::Keyboard::Z: trigger(Action::Undo); return true;
    case sf::Keyboard::F: trigger(Action::Flip); return true;
    case sf::Keyboard::R: trigger(Action::Resign); return true;
    case sf::Keyboard::D: trigger(Action::Draw); return true;
    case sf::Keyboard::H: trigger(Action::Hint); return true;
    case sf::Keyboard::S: trigger(Action::Save); return true;
    case sf::Keyboard::O: trigger(Action::Load); return true;
    default: return false;
  }
}

bool PlayScreen::move_box_shown() const { return session_ && session_->has_human(); }

bool PlayScreen::handle_text(const sf::Event& event) {
  if (!move_box_shown()) return false;
  const MoveBox::Input input = move_box_.handle(event);
  if (input == MoveBox::Input::Ignored) return false;
  if (input == MoveBox::Input::Submitted) submit_typed_move();
  app_.invalidate();
  return true;
}

// The move of ply in words, with who played it ("Black: knight to f6").
std::string PlayScreen::move_words(std::size_t ply) const {
  const chess::Position& before = game().positions()[ply];
  const std::string move = spoken_move(before, game().moves()[ply]);
  return before.side_to_move() == chess::WHITE ? fill(tr("White: {move}"), {{"move", move}})
                                               : fill(tr("Black: {move}"), {{"move", move}});
}

// The last move in words, or "" before the first.
std::string PlayScreen::last_move_words() const {
  return game().moves().empty() ? std::string() : move_words(game().moves().size() - 1);
}

// The clocks in words ("White 4:32, Black 5:01"), or "" without a clock.
std::string PlayScreen::clocks_words() const {
  const match::GameSession& s = *session_;
  if (!s.has_clock()) return "";
  const auto now = app_.now();
  return fill(tr("White {white}, Black {black}"),
              {{"white", clock_text(s.remaining_ms(chess::WHITE, now))}, {"black", clock_text(s.remaining_ms(chess::BLACK, now))}});
}

void PlayScreen::submit_typed_move() {
  match::GameSession& s = *session_;
  // A reading command (c, l, m, s e4, ...: board_reading.h) is answered at any time, aloud when speech is on.
  if (auto answer = read_board(move_box_.text(), {game().position(), last_move_words(), clocks_words()})) {
    move_box_.clear();
    const std::optional<std::string> problem = app_.speak(*answer, App::Spoken::Answer);
    app_.toast(problem ? *answer + " " + *problem : *answer);
    return;
  }
  if (!s.human_to_move()) {
    move_box_.refuse(game().is_over() ? std::string(tr("The game is over."))
                                      : fill(tr("Wait for your turn: {player} is to move."),
                                             {{"player", s.seat(game().position().side_to_move()).label}}));
    return;
  }
  const std::optional<chess::Move> move = move_box_.take_move(game().position());
  if (!move) return;
  view_.played_typed_move();
  play(*move);
}

void PlayScreen::play(chess::Move move) {
  session_->play_human_move(move, app_.now());
  follow_session();
}

void PlayScreen::follow_session() {
  view_.follow_session([this](const match::SessionEvent& event) { on_event(event); });
}

// ---------------------------------------------------------------------------
// Flow

void PlayScreen::update() {
  if (!session_) return;
  session_->update(app_.now());
  if (hint_ && hint_ply_ != game().moves().size()) hint_.reset();
  follow_session();
  // The person's premove, once the AI has moved: played at once if it is legal now.
  if (session_->human_to_move())
    if (const std::optional<chess::Move> premove = view_.take_premove()) play(*premove);
  view_.update();
}

void PlayScreen::on_event(const match::SessionEvent& event) {
  switch (event.kind) {
    case match::SessionEvent::Kind::MovePlayed:
      hint_.reset();
      // The opponent's move is said; one's own is known (two people at one board: each is said).
      if (!session_->seat(event.side).human() || session_->seat(~event.side).human())
        app_.speak(move_words(event.ply), App::Spoken::Announcement);  // events come in batches: this one's move
      break;
    case match::SessionEvent::Kind::GameOver:
      hint_.reset();
      app_.speak(game().outcome().shown_description(), App::Spoken::Announcement);
      break;
    case match::SessionEvent::Kind::HintReady:
      hint_ = event.move;
      hint_ply_ = game().moves().size();
      app_.assets().play(Sound::Notify);
      app_.toast(fill(tr("Hint: {move}"), {{"move", chess::to_san(game().position(), event.move)}}));
      break;
    case match::SessionEvent::Kind::Notice: break;
  }
}

}  // namespace gambit::gui
