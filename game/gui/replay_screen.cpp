// SPDX-License-Identifier: MIT
#include "game/gui/replay_screen.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>

#include "core/chess/opening_names.h"
#include "core/chess/pgn.h"
#include "core/chess/san.h"
#include "core/match/game_record.h"
#include "core/util/local_time.h"
#include "core/util/translation.h"
#include "core/study/review_lines.h"
#include "core/study/tree_pgn.h"
#include "game/gui/app.h"
#include "game/gui/board_shapes.h"
#include "game/gui/shown_notation.h"
#include "game/gui/user_files.h"

namespace gambit::gui {

namespace {

constexpr float PanelPad = 16;
constexpr float ToastSlot = 70;  // room for a toast's three lines
constexpr float MoveListLeast = 110;  // the move list keeps room for a few lines under the explorer

// When a stored game ended, how long it was, and where it was played: "2024-05-01 18:30, 34 moves, in the window".
std::string when_played(const std::string& time, std::size_t plies, store::GameSource source) {
  const std::size_t moves = (plies + 1) / 2;
  const std::string n = std::to_string(moves);
  switch (source) {
    case store::GameSource::Window:
      // TRANSLATORS: a stored game: when it ended (a date and time), its length, and where it was played.
      return fill(trn("{time}, {n} move, in the window", "{time}, {n} moves, in the window", moves),
                  {{"time", time}, {"n", n}});
    case store::GameSource::Demo:
      return fill(trn("{time}, {n} move, in the demo", "{time}, {n} moves, in the demo", moves),
                  {{"time", time}, {"n", n}});
    case store::GameSource::Match:
      // TRANSLATORS: gambit-match is the name of a program.
      return fill(trn("{time}, {n} move, gambit-match", "{time}, {n} moves, gambit-match", moves),
                  {{"time", time}, {"n", n}});
  }
  return time;
}

// A game from a file: its date when known, its length, and the file's name.
std::string when_loaded(const std::string& date, std::size_t plies, const std::string& file) {
  const std::size_t moves = (plies + 1) / 2;
  const std::string n = std::to_string(moves);
  if (date.empty())
    return fill(trn("{n} move, from {file}", "{n} moves, from {file}", moves), {{"n", n}, {"file", file}});
  // TRANSLATORS: a game loaded from a file: its date (its PGN Date tag, "2024.05.01"), its length, the file's name.
  return fill(trn("{date}, {n} move, from {file}", "{date}, {n} moves, from {file}", moves),
              {{"date", date}, {"n", n}, {"file", file}});
}

}  // namespace

// ---------------------------------------------------------------------------
// ReplayScreen

ReplayScreen::ReplayScreen(App& app, store::GameSummary game, bool review_at_once)
    : Screen(app), game_(std::move(game)) {
  add_buttons();
  load();
  if (review_at_once && review_ && review_->state() == ReviewPanel::State::None) run(Action::Review);
}

ReplayScreen::ReplayScreen(App& app, std::string pgn, std::string file)
    : Screen(app), file_(std::move(file)), pgn_(std::move(pgn)) {
  add_buttons();
  load();
}

void ReplayScreen::add_buttons() {
  using A = Action;
  buttons_.add(A::First, "|<", tr("To the start (Home)"));
  buttons_.add(A::Previous, "<", tr("One move back (Left)"));
  buttons_.add(A::Next, ">", tr("One move on (Right)"));
  buttons_.add(A::Last, ">|", tr("To the end (End)"));
  // TRANSLATORS: a short button label: turn the board around.
  buttons_.add(A::Flip, tr("Flip"), tr("Turn the board around (F)"));
  buttons_.add(A::Explorer, tr("Explorer"),
               tr("The moves played here in the games of a database, and how they scored (X; Shift+X: yours)"));
  // TRANSLATORS: a short button label (a verb): review the game move by move.
  buttons_.add(A::Review, tr("Review"), tr("Where the game was won and lost, move by move (R)"));
  // TRANSLATORS: a short button label (a verb): open the position on the analysis board.
  buttons_.add(A::Analyse, tr("Analyse"), tr("This position on the analysis board, with the engine and variations (A)"));
  // TRANSLATORS: a short button label (a verb): save as a PGN file.
  buttons_.add(A::Export, tr("Export"), tr("Save this game as a PGN file, with its review when there is one (E)"));
  // TRANSLATORS: a short button label: back to the screen before.
  buttons_.add(A::Back, tr("Back"), file_.empty() ? tr("Back to the scores (Esc)") : tr("Back (Esc)"));
}

void ReplayScreen::load() {
  store::Store* store = app_.setup().store();
  if (file_.empty()) {
    if (!store) {
      failure_ = tr("The score file is not open, so the game cannot be read.");
      return;
    }
    auto pgn = store->games().game_pgn(game_.id);
    if (!pgn) {
      failure_ = fill(tr("The game could not be read from the score file: {reason}"), {{"reason", pgn.error()}});
      return;
    }
    pgn_ = std::move(pgn).value();
  }
  chess::PgnReader reader(pgn_);
  std::optional<Result<chess::PgnGame>> first = reader.next();
  if (!first) {
    failure_ = tr("The recorded game is empty: its PGN text holds no game.");
    return;
  }
  if (!*first) {
    failure_ = fill(tr("The recorded game cannot be read: {reason}"), {{"reason", first->error()}});
    return;
  }
  record_ = std::move(*first).value();
  const chess::PgnGame& game = record_;
  positions_.push_back(game.start);
  for (chess::Move move : game.moves) {
    san_.push_back(chess::to_san(positions_.back(), move));
    chess::Position next = positions_.back();
    next.do_move(move);
    positions_.push_back(next);
    moves_.push_back(move);
  }
  // The store's labels first; the PGN's tags for what it left blank.
  if (game_.white.empty()) game_.white = game.tag("White");
  if (game_.black.empty()) game_.black = game.tag("Black");
  if (game_.result.empty()) game_.result = game.result;
  if (game_.reason.empty()) game_.reason = game.tag("Termination");
  if (game_.reason == "Normal" || game_.reason == "normal") game_.reason.clear();  // PGN's word for "no more to say"
  // The profile's games as Black are shown from Black's side.
  const std::string profile = store ? store->profile() : std::string();
  board_.set_flipped(game_.black == profile && game_.white != profile);
  std::optional<chess::Color> own_side;
  if (game_.white == profile && game_.black != profile) own_side = chess::WHITE;
  if (game_.black == profile && game_.white != profile) own_side = chess::BLACK;
  if (!file_.empty()) date_ = game.tag("Date");
  review_.emplace(app_, game_.id, game, own_side);
}

void ReplayScreen::update() {
  if (review_) review_->update();
}

std::chrono::milliseconds ReplayScreen::redraw_interval() const { return ai_thinking() ? Tick : Idle; }

bool ReplayScreen::ai_thinking() const { return review_ && review_->state() == ReviewPanel::State::Running; }

void ReplayScreen::go_to(std::size_t ply) {
  ply_ = std::min(ply, plies());
  follow_ply_ = true;
  app_.invalidate();
}

void ReplayScreen::run(Action action) {
  switch (action) {
    case Action::First: go_to(0); break;
    case Action::Previous: go_to(ply_ > 0 ? ply_ - 1 : 0); break;
    case Action::Next: go_to(ply_ + 1); break;
    case Action::Last: go_to(plies()); break;
    case Action::Flip: board_.set_flipped(!board_.flipped()); break;
    case Action::Explorer: explorer_on_ = !explorer_on_; break;
    case Action::Review:
      if (!review_ || plies() == 0) break;
      if (review_->state() == ReviewPanel::State::Running) review_->cancel();
      else review_->start();
      app_.invalidate();
      break;
    case Action::Analyse: analyse(); break;
    case Action::Export:
      dialogs_.choose_file(Dialog::Export, tr("Export this game as PGN"), tr("A new name, or a game file to replace"),
                           path_in(app_.setup().last_folder(), game_file_name(game_.white, game_.black, game_.ended_at)),
                           {".pgn"}, app_.setup().recent_files(), tr("Save"));
      break;
    case Action::Back: app_.pop(); break;
  }
}

void ReplayScreen::handle(const sf::Event& event) {
  const sf::Vector2f size = app_.window().getView().getSize();
  layout(size);
  if (!failure_.empty()) {
    if (buttons_[Action::Back].clicked(event) ||
        (event.type == sf::Event::KeyPressed && event.key.code == sf::Keyboard::Escape))
      app_.pop();
    return;
  }
  if (dialogs_.open()) {
    const auto answer = dialogs_.handle(event, size, app_.assets());
    if (!answer) return;
    const std::string path = expand_home(answer->text);
    chess::PgnGame written = review_ ? review_->annotated().value_or(record_) : record_;
    chess::add_opening_tags(written);
    if (auto problem = write_text_file(path, chess::write_pgn(written))) {
      app_.toast(fill(tr("Could not export the game: {reason}"), {{"reason", *problem}}));
    } else {
      app_.setup().remember_file(path);
      app_.toast(fill(tr("Game saved to {path}"), {{"path", path}}));
    }
    return;
  }
  if (auto action = buttons_.clicked(event)) return run(*action);
  if (explorer_on_ && !positions_.empty()) {
    const ExplorerView::Pick pick = explorer_.handle(event);
    if (pick.move || pick.game || pick.toggle_mine || pick.list_games) return on_explorer(pick);
  }
  if (review_)
    if (auto ply = review_->handle(event, ply_)) return go_to(*ply);
  if (event.type == sf::Event::MouseMoved) {
    mouse_ = {float(event.mouseMove.x), float(event.mouseMove.y)};
    if (marking_.pending(board_.square_at(mouse_))) app_.invalidate();
  }
  std::optional<BoardMarking::Shape> drawn;
  if (handle_marking(marking_, board_, event, drawn)) {
    if (drawn) marking_.toggle(positions_[ply_].key(), *drawn);
    app_.invalidate();
    return;
  }

  if (event.type == sf::Event::MouseButtonReleased && event.mouseButton.button == sf::Mouse::Left) {
    if (auto ply = move_list_.ply_at({float(event.mouseButton.x), float(event.mouseButton.y)})) return go_to(*ply);
  }
  if (move_list_.scroll(event)) {
    follow_ply_ = false;
    return;
  }
  if (event.type != sf::Event::KeyPressed) return;
  switch (event.key.code) {
    case sf::Keyboard::Home: run(Action::First); break;
    case sf::Keyboard::Left:
    case sf::Keyboard::Up: run(Action::Previous); break;
    case sf::Keyboard::Right:
    case sf::Keyboard::Down: run(Action::Next); break;
    case sf::Keyboard::End: run(Action::Last); break;
    case sf::Keyboard::F: run(Action::Flip); break;
    case sf::Keyboard::X:
      if (event.key.shift) explorer_mine_ = !explorer_mine_, explorer_on_ = true;
      else run(Action::Explorer);
      break;
    case sf::Keyboard::R: run(Action::Review); break;
    case sf::Keyboard::A: run(Action::Analyse); break;
    case sf::Keyboard::E: run(Action::Export); break;
    case sf::Keyboard::Escape: run(Action::Back); break;
    default: break;
  }
}

// ---------------------------------------------------------------------------
// Drawing

sf::FloatRect ReplayScreen::modal_area() const { return dialogs_.area(); }

sf::FloatRect ReplayScreen::toast_area(sf::Vector2f size) const {
  return toast_slot_.height > 0 ? toast_slot_ : Screen::toast_area(size);
}

void ReplayScreen::layout(sf::Vector2f size) {
  const float panel_width = std::clamp(size.x * 0.34f, 300.0f, 440.0f);
  panel_ = {size.x - panel_width, 0, panel_width, size.y};
  board_.layout({0, 0, size.x - panel_width, size.y});
  if (!failure_.empty()) {
    buttons_[Action::Back].rect = {std::round(size.x / 2 - 110), std::round(size.y / 2 + 60), 220, 44};
    return;
  }
  // Four navigation buttons and Flip over a row of four.
  const float gap = 8, height = 36, inner = panel_width - 2 * PanelPad;
  const float bottom_row = size.y - PanelPad - 22 - height;
  const float top_row = bottom_row - gap - height;
  using A = Action;
  const float left = panel_.left + PanelPad;
  const sf::Font& font = app_.assets().font();  // each button as wide as its label, in any language
  buttons_.place_row({A::First, A::Previous, A::Next, A::Last, A::Flip, A::Explorer}, font, left, top_row, inner,
                     height, gap);
  buttons_[A::Explorer].primary = explorer_on_;
  buttons_[A::Explorer].enabled = !positions_.empty();
  buttons_.place_row({A::Review, A::Analyse, A::Export, A::Back}, font, left, bottom_row, inner, height, gap);
  buttons_[A::First].enabled = buttons_[A::Previous].enabled = ply_ > 0;
  buttons_[A::Next].enabled = buttons_[A::Last].enabled = ply_ < plies();
  buttons_[A::Analyse].enabled = !positions_.empty();
  Button& review = buttons_[A::Review];
  const ReviewPanel::State state = review_ ? review_->state() : ReviewPanel::State::None;
  review.label = state == ReviewPanel::State::Running ? tr("Cancel")
                 // TRANSLATORS: a short button label: the game has been reviewed (the button no longer reviews).
                 : state == ReviewPanel::State::Done ? tr("Reviewed")
                                                     : tr("Review");
  review.tooltip = state == ReviewPanel::State::Running ? tr("Stop the review (R)")
                                                        : tr("Where the game was won and lost, move by move (R)");
  review.enabled = review_ && state != ReviewPanel::State::Done && plies() > 0;
}

void ReplayScreen::on_explorer(const ExplorerView::Pick& pick) {
  if (pick.toggle_mine) {
    explorer_mine_ = !explorer_mine_;
    return app_.invalidate();
  }
  if (!pick.move) {
    explorer_.open(app_, pick, positions_[ply_]);
    return;
  }
  if (ply_ < plies() && moves_[ply_] == *pick.move) return go_to(ply_ + 1);
  analyse(pick.move);
}

void ReplayScreen::analyse(std::optional<chess::Move> then) {
  if (positions_.empty()) return;
  std::optional<study::TreeGame> game;
  const std::optional<chess::PgnGame> annotated = review_ ? review_->annotated() : std::nullopt;
  if (annotated && review_->review()) {
    game = study::from_pgn_game(*annotated);
    study::add_better_lines(game->tree, *review_->review());
  } else if (std::optional<Result<study::TreeGame>> read = study::TreePgnReader(pgn_).next(); read && *read) {
    game = std::move(*read).value();
  }
  if (!game) return app_.toast(tr("This game cannot be read for the analysis board."));
  const std::string source = game_.white + " - " + game_.black;
  app_.open(page::Analysis{std::move(*game), ply_, source, then});
}

std::string ReplayScreen::opening_text() const {
  // At the start, the opening the whole game reached (as its PGN names it); then the one reached so far.
  if (positions_.empty()) return "";
  return chess::opening_text(ply_ == 0 ? std::span(positions_) : std::span(positions_).first(ply_ + 1));
}

std::string ReplayScreen::status_text() const {
  const std::string shown = std::to_string(ply_), total = std::to_string(plies());
  // TRANSLATORS: a ply is one move of one side (a half-move); here: the ply shown of the game's plies.
  if (ply_ == 0) return fill(tr("Start position   ply {ply} of {plies}"), {{"ply", shown}, {"plies", total}});
  const chess::Position& before = positions_[ply_ - 1];
  const std::string number =
      std::to_string(before.fullmove_number()) + (before.side_to_move() == chess::WHITE ? ". " : "... ");
  // TRANSLATORS: {move}: the move shown with its number ("12... Nf6"); a ply is one move of one side.
  return fill(tr("{move}   ply {ply} of {plies}"), {{"move", number + shown_san(san_[ply_ - 1])}, {"ply", shown}, {"plies", total}});
}

void ReplayScreen::draw_panel(sf::RenderTarget& target) {
  const Assets& assets = app_.assets();
  const std::string& piece_set = app_.setup().settings().ui.piece_set;
  fill_rect(target, panel_, colors::Panel);
  const float x = panel_.left + PanelPad, width = panel_.width - 2 * PanelPad;
  float y = PanelPad;
  for (chess::Color side : {chess::WHITE, chess::BLACK}) {
    assets.draw_piece(target, chess::make_piece(side, chess::KING), {x - 4, y - 4}, 32, piece_set);
    const std::string& label = side == chess::WHITE ? game_.white : game_.black;
    const chess::Position& shown = positions_[ply_];
    float marks = 0;
    if (shown.variant() == chess::Variant::ThreeCheck)
      marks = draw_check_marks(target, assets, shown.checks_given(side), {x + width, y + 1}) + 8;
    if (const std::optional<double> accuracy = review_ ? review_->accuracy(side) : std::nullopt) {
      char text[32];
      std::snprintf(text, sizeof text, "%.0f%%", *accuracy);
      const float w = text_width(assets.bold(), text, 15);
      draw_text(target, assets.bold(), text, 15, {x + width - marks - w, y + 3}, colors::TextDim);
      marks += w + 8;
    }
    draw_text(target, assets.bold(), fit_text(assets.bold(), label, 17, width - 36 - marks), 17, {x + 34, y + 1});
    y += 34;
  }
  y += 4;
  // The reason is kept in English (PGN's Termination words): translated as it is shown.
  std::string outcome = game_.result;
  if (!game_.reason.empty())
    // TRANSLATORS: a game's result ("1-0", "1/2-1/2") and why it ended ("checkmate").
    outcome = fill(tr("{result}, {reason}"), {{"result", game_.result}, {"reason", tr(game_.reason.c_str())}});
  for (const std::string& line : wrap_text(assets.bold(), outcome, 16, width)) {
    draw_text(target, assets.bold(), line, 16, {x, y}, colors::Warning);
    y += 21;
  }
  const std::string when =
      file_.empty() ? when_played(local_time_text(game_.ended_at, "%Y-%m-%d %H:%M"), plies(), game_.source)
                    : when_loaded(date_.empty() || date_.find('?') != std::string::npos ? "" : date_, plies(),
                                  std::filesystem::path(file_).filename().string());
  for (const std::string& line : wrap_text(assets.font(), when, 14, width)) {
    draw_text(target, assets.font(), line, 14, {x, y + 2}, colors::TextDim);
    y += 19;
  }
  y += 9;
  // The move shown and how far into the game: smaller when a translation is long, on two lines past that.
  const std::string status = status_text();
  const unsigned status_size = fitted_size(assets.bold(), status, 15, 13, width);
  for (const std::string& line : wrap_lines(assets.bold(), status, status_size, width, 2)) {
    draw_text(target, assets.bold(), line, status_size, {x, y + float(15 - status_size)});
    y += 20;
  }
  y += 4;
  // The opening reached at the move shown (empty before the first known position).
  draw_text(target, assets.font(), fit_text(assets.font(), opening_text(), 14, width), 14, {x, y}, colors::TextDim);
  y += 22;
  if (review_) y += review_->draw(target, {x, y, width, panel_.height - y}, ply_);
  // The explorer, as tall as it needs while the move list keeps some room.
  if (explorer_on_ && !positions_.empty()) {
    explorer_.follow(app_, positions_[ply_], explorer_mine_, board_.flipped() ? chess::BLACK : chess::WHITE);
    const float room = buttons_.front().rect.top - 12 - y - MoveListLeast;
    const float height = std::min(explorer_.wanted_height(), room);
    if (height >= 44) y += explorer_.draw(target, assets, {x, y, width, height}) + 6;
  }

  // The move list, the current move kept in view while stepping.
  const chess::Position& start = positions_.front();
  // While a toast shows, it has a slot of its own between the move list and the buttons.
  float list_bottom = buttons_.front().rect.top - 12;
  toast_slot_ = {};
  if (!app_.toast_text().empty()) {
    toast_slot_ = {x, list_bottom - ToastSlot, width, ToastSlot};
    list_bottom -= ToastSlot + 8;
  }
  move_list_.draw(target, assets, {x, y, width, std::max(24.0f, list_bottom - y)},
                  {&san_, start.fullmove_number(), start.side_to_move() == chess::BLACK, ply_,
                   review_ ? &review_->marks() : nullptr},
                  follow_ply_ ? MoveListView::Follow::CurrentMove : MoveListView::Follow::Nothing, tr("No moves"));

  buttons_.draw(target, assets);
  const bool reviewed = review_ && review_->state() == ReviewPanel::State::Done;
  // TRANSLATORS: the help line under the buttons: each key, then what it does.
  std::string help = reviewed ? tr("Left/Right: moves  P/N: mistakes  A analyse  E export  Esc back")
                              : tr("Home/Left/Right/End: moves  R review  A analyse  E export  Esc back");
  if (text_width(assets.font(), help, 12) > width)
    help = reviewed ? tr("Left/Right: moves  P/N: mistakes  Esc back") : tr("Left/Right: moves  R review  Esc back");
  help = buttons_.help(help);
  draw_help_line(target, assets.font(), help, {x, panel_.height - PanelPad - 16}, width);
}

void ReplayScreen::draw(sf::RenderTarget& target) {
  const sf::Vector2f size = target.getView().getSize();
  layout(size);
  const Assets& assets = app_.assets();
  if (!failure_.empty()) {
    draw_failure_page(target, assets, tr("This game cannot be shown"), failure_);
    buttons_[Action::Back].draw(target, assets);
    return;
  }
  const config::UiSettings& ui = app_.setup().settings().ui;
  BoardScene scene;
  scene.position = &positions_[ply_];
  if (ply_ > 0) scene.last_move = moves_[ply_ - 1];
  if (review_)
    if (auto arrow = review_->arrow(ply_)) scene.arrows.push_back(*arrow);
  const BoardMarking::Shapes& shapes = marking_.shapes(positions_[ply_].key());
  add_shapes(scene, shapes.arrows, shapes.circles, marking_, board_, mouse_);
  board_.draw(target, assets, ui.theme, ui.piece_set, scene);
  draw_panel(target);
  dialogs_.draw(target, assets);
}

void ReplayScreen::describe(StateDump& dump) const {
  buttons_.describe(dump);
  dump.add("explorer_on", explorer_on_);
  if (explorer_on_) explorer_.describe(dump);
  dump.add("game_id", game_.id);
  dump.add("file", file_);
  dialogs_.describe(dump);
  dump.add("failure", failure_);
  dump.add("ply", int(ply_));
  dump.add("plies", int(plies()));
  dump.add("fen", positions_.empty() ? std::string() : positions_[ply_].fen());
  dump.add("white", game_.white);
  dump.add("black", game_.black);
  dump.add("result", game_.result);
  dump.add("reason", game_.reason);
  dump.add("opening", opening_text());
  dump.add("flipped", board_.flipped());
  if (!positions_.empty()) dump.add("shapes", shape_names(marking_.shapes(positions_[ply_].key())));
  dump.add("board_x", double(board_.rect().left));
  dump.add("board_y", double(board_.rect().top));
  dump.add("board_size", double(board_.rect().width));
  if (review_) review_->describe(dump);
}

}  // namespace gambit::gui
