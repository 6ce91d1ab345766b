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
#include "core/study/review_lines.h"
#include "core/study/tree_pgn.h"
#include "game/gui/analysis_screen.h"
#include "game/gui/app.h"
#include "game/gui/board_shapes.h"
#include "game/gui/user_files.h"

namespace gambit::gui {

namespace {

constexpr float PanelPad = 16;
constexpr float ToastSlot = 70;  // room for a toast's three lines

const char* source_words(store::GameSource source) {
  switch (source) {
    case store::GameSource::Window: return "in the window";
    case store::GameSource::Demo: return "in the demo";
    case store::GameSource::Match: return "gambit-match";
  }
  return "";
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
  buttons_.add(A::First, "|<", "To the start (Home)");
  buttons_.add(A::Previous, "<", "One move back (Left)");
  buttons_.add(A::Next, ">", "One move on (Right)");
  buttons_.add(A::Last, ">|", "To the end (End)");
  buttons_.add(A::Flip, "Flip", "Turn the board around (F)");
  buttons_.add(A::Review, "Review", "Where the game was won and lost, move by move (R)");
  buttons_.add(A::Analyse, "Analyse", "This position on the analysis board, with the engine and variations (A)");
  buttons_.add(A::Export, "Export", "Save this game as a PGN file, with its review when there is one (E)");
  buttons_.add(A::Back, "Back", file_.empty() ? "Back to the scores (Esc)" : "Back (Esc)");
}

void ReplayScreen::load() {
  store::Store* store = app_.setup().store();
  if (file_.empty()) {
    if (!store) {
      failure_ = "The score file is not open, so the game cannot be read.";
      return;
    }
    auto pgn = store->game_pgn(game_.id);
    if (!pgn) {
      failure_ = "The game could not be read from the score file: " + pgn.error();
      return;
    }
    pgn_ = std::move(pgn).value();
  }
  chess::PgnReader reader(pgn_);
  std::optional<Result<chess::PgnGame>> first = reader.next();
  if (!first) {
    failure_ = "The recorded game is empty: its PGN text holds no game.";
    return;
  }
  if (!*first) {
    failure_ = "The recorded game cannot be read: " + first->error();
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

void ReplayScreen::run(Action action, bool by_key) {
  switch (action) {
    case Action::First: go_to(0); break;
    case Action::Previous: go_to(ply_ > 0 ? ply_ - 1 : 0); break;
    case Action::Next: go_to(ply_ + 1); break;
    case Action::Last: go_to(plies()); break;
    case Action::Flip: board_.set_flipped(!board_.flipped()); break;
    case Action::Review:
      if (!review_ || plies() == 0) break;
      if (review_->state() == ReviewPanel::State::Running) review_->cancel();
      else review_->start();
      app_.invalidate();
      break;
    case Action::Analyse: analyse(); break;
    case Action::Export:
      dialogs_.ask(Dialog::Export, "Export this game as PGN", "File:",
                   path_in(app_.setup().last_folder(), game_file_name(game_.white, game_.black, game_.ended_at)),
                   "Save", "Cancel", /*path_field=*/true, by_key);
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
      app_.toast("Could not export the game: " + *problem);
    } else {
      app_.setup().remember_file(path);
      app_.toast("Game saved to " + path);
    }
    return;
  }
  if (auto action = buttons_.clicked(event)) return run(*action);
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
    case sf::Keyboard::R: run(Action::Review); break;
    case sf::Keyboard::A: run(Action::Analyse); break;
    case sf::Keyboard::E: run(Action::Export, true); break;
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
  constexpr float TopShares[] = {0.18f, 0.18f, 0.18f, 0.18f, 0.28f};
  constexpr float BottomShares[] = {0.27f, 0.27f, 0.26f, 0.2f};
  buttons_.place_row({A::First, A::Previous, A::Next, A::Last, A::Flip}, TopShares, left, top_row, inner, height, gap);
  buttons_.place_row({A::Review, A::Analyse, A::Export, A::Back}, BottomShares, left, bottom_row, inner, height, gap);
  buttons_[A::First].enabled = buttons_[A::Previous].enabled = ply_ > 0;
  buttons_[A::Next].enabled = buttons_[A::Last].enabled = ply_ < plies();
  buttons_[A::Analyse].enabled = !positions_.empty();
  Button& review = buttons_[A::Review];
  const ReviewPanel::State state = review_ ? review_->state() : ReviewPanel::State::None;
  review.label = state == ReviewPanel::State::Running ? "Cancel" : state == ReviewPanel::State::Done ? "Reviewed" : "Review";
  review.tooltip = state == ReviewPanel::State::Running ? "Stop the review (R)"
                                                        : "Where the game was won and lost, move by move (R)";
  review.enabled = review_ && state != ReviewPanel::State::Done && plies() > 0;
}

void ReplayScreen::analyse() {
  if (positions_.empty()) return;
  std::optional<study::TreeGame> game;
  const std::optional<chess::PgnGame> annotated = review_ ? review_->annotated() : std::nullopt;
  if (annotated && review_->review()) {
    game = study::from_pgn_game(*annotated);
    study::add_better_lines(game->tree, *review_->review());
  } else if (std::optional<Result<study::TreeGame>> read = study::TreePgnReader(pgn_).next(); read && *read) {
    game = std::move(*read).value();
  }
  if (!game) return app_.toast("This game cannot be read for the analysis board.");
  const std::string source = game_.white + " - " + game_.black;
  app_.push(std::make_unique<AnalysisScreen>(app_, std::move(*game), ply_, source));
}

std::string ReplayScreen::opening_text() const {
  return positions_.empty() ? "" : chess::opening_text(std::span(positions_).first(ply_ + 1));
}

std::string ReplayScreen::status_text() const {
  const std::string of = "   ply " + std::to_string(ply_) + " of " + std::to_string(plies());
  if (ply_ == 0) return "Start position" + of;
  const chess::Position& before = positions_[ply_ - 1];
  const std::string number =
      std::to_string(before.fullmove_number()) + (before.side_to_move() == chess::WHITE ? ". " : "... ");
  return number + san_[ply_ - 1] + of;
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
  const std::string outcome = game_.result + (game_.reason.empty() ? "" : ", " + game_.reason);
  for (const std::string& line : wrap_text(assets.bold(), outcome, 16, width)) {
    draw_text(target, assets.bold(), line, 16, {x, y}, colors::Warning);
    y += 21;
  }
  const std::string when =
      file_.empty() ? local_time_text(game_.ended_at, "%Y-%m-%d %H:%M") + ", " + match::moves_text(plies()) + ", " +
                          source_words(game_.source)
                    : (date_.empty() || date_.find('?') != std::string::npos ? "" : date_ + ", ") +
                          match::moves_text(plies()) + ", from " + std::filesystem::path(file_).filename().string();
  for (const std::string& line : wrap_text(assets.font(), when, 14, width)) {
    draw_text(target, assets.font(), line, 14, {x, y + 2}, colors::TextDim);
    y += 19;
  }
  y += 9;
  draw_text(target, assets.bold(), fit_text(assets.bold(), status_text(), 15, width), 15, {x, y});
  y += 24;
  // The opening reached at the move shown (empty before the first known position).
  draw_text(target, assets.font(), fit_text(assets.font(), opening_text(), 14, width), 14, {x, y}, colors::TextDim);
  y += 22;
  if (review_) y += review_->draw(target, {x, y, width, panel_.height - y}, ply_);

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
                  follow_ply_ ? MoveListView::Follow::CurrentMove : MoveListView::Follow::Nothing, "No moves");

  buttons_.draw(target, assets);
  const bool reviewed = review_ && review_->state() == ReviewPanel::State::Done;
  std::string help = reviewed ? "Left/Right: moves  P/N: mistakes  A analyse  E export  Esc back"
                              : "Home/Left/Right/End: moves  R review  A analyse  E export  Esc back";
  if (text_width(assets.font(), help, 12) > width)
    help = reviewed ? "Left/Right: moves  P/N: mistakes  Esc back" : "Left/Right: moves  R review  Esc back";
  help = buttons_.help(help);
  draw_text(target, assets.font(), fit_text(assets.font(), help, 12, width), 12, {x, panel_.height - PanelPad - 16},
            colors::TextDim);
}

void ReplayScreen::draw(sf::RenderTarget& target) {
  const sf::Vector2f size = target.getView().getSize();
  layout(size);
  const Assets& assets = app_.assets();
  if (!failure_.empty()) {
    draw_failure_page(target, assets, "This game cannot be shown", failure_);
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
