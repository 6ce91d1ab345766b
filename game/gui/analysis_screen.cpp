// SPDX-License-Identifier: MIT
#include "game/gui/analysis_screen.h"

#include <algorithm>
#include <filesystem>

#include "core/chess/movegen.h"
#include "core/chess/opening_names.h"
#include "core/chess/position.h"
#include "core/util/child_process.h"
#include "core/util/local_time.h"
#include "core/util/text_file.h"
#include "core/util/translation.h"
#include "game/gui/app.h"
#include "game/gui/board_mouse.h"
#include "game/gui/board_shapes.h"
#include "game/gui/user_files.h"
#include "core/study/review_lines.h"

namespace gambit::gui {

namespace {

// Lower than the window's thread, so that the board keeps its frame rate on a machine with few cores.
constexpr int EngineNiceness = 5;

}  // namespace

AnalysisScreen::AnalysisScreen(App& app, study::TreeGame game, std::size_t ply, std::string source)
    : Screen(app), game_(std::move(game)), source_(std::move(source)), kept_tree_(game_.tree) {
  start(ply);
}

AnalysisScreen::AnalysisScreen(App& app, store::GameSummary stored, bool review_at_once)
    : Screen(app), stored_(std::move(stored)) {
  if (store::Store* store = app_.setup().store()) {
    if (auto pgn = store->games().game_pgn(stored_.id)) {
      if (auto game = study::tree_game_from_text(pgn.value())) game_ = std::move(game).value();
      else failure_ = fill(tr("The recorded game cannot be read: {reason}"), {{"reason", game.error()}});
    } else {
      failure_ = fill(tr("The game could not be read from the score file: {reason}"), {{"reason", pgn.error()}});
    }
  } else {
    failure_ = tr("The score file is not open, so the game cannot be read.");
  }
  if (!failure_.empty()) stored_.id = 0;  // nothing of it to review or keep
  stored_moves_ = study::to_pgn_game(game_).moves;
  open_as_game();
  if (review_at_once && review_ && review_->state() == ReviewPanel::State::None) toggle_review();
}

AnalysisScreen::AnalysisScreen(App& app, FinishedGame finished)
    : Screen(app), game_(std::move(finished.game)), source_(std::move(finished.file)) {
  open_as_game(finished.ply);
}

void AnalysisScreen::open_as_game(std::size_t ply) {
  kept_tree_ = game_.tree;
  engine_on_ = false;  // a game is gone through first, as lichess opens one; L analyses
  board_.set_flipped(profile_side() == chess::BLACK);
  make_review();
  start(ply);
  if (!failure_.empty()) tell_in_dialog(tr("This game cannot be shown"), failure_);
}

void AnalysisScreen::start(std::size_t ply) {
  add_buttons();
  find_engines();
  cursor_ = tree().root();
  for (std::size_t i = 0; i < ply; ++i) {
    const study::NodeId next = tree().main_child(cursor_);
    if (next.is_none()) break;
    cursor_ = next;
  }
  keep_engine_on_cursor();
  tell_cut_short();
}

std::optional<chess::Color> AnalysisScreen::profile_side() const {
  const store::Store* store = app_.setup().store();
  if (!store || store->profile().empty()) return std::nullopt;
  std::string white = stored_.white, black = stored_.black;
  for (const auto& [name, value] : game_.tags) {
    if (name == "White" && white.empty()) white = value;
    if (name == "Black" && black.empty()) black = value;
  }
  if (white == store->profile() && black != store->profile()) return chess::WHITE;
  if (black == store->profile() && white != store->profile()) return chess::BLACK;
  return std::nullopt;
}

void AnalysisScreen::make_review() {
  chess::PgnGame line = study::to_pgn_game(game_);
  // The store keeps the review of its game; a line played on from it is reviewed as a game of no file.
  const std::int64_t id = stored_.id != 0 && line.moves == stored_moves_ ? stored_.id : 0;
  review_.reset();
  review_written_ = false;
  review_.emplace(app_, id, std::move(line), profile_side());
  if (review_->state() == ReviewPanel::State::Done) write_review();
}

void AnalysisScreen::toggle_review() {
  if (!review_ || (review_->state() != ReviewPanel::State::Running &&
                   review_->game().moves != study::to_pgn_game(game_).moves))
    make_review();  // the main line changed since: it is the one reviewed now
  switch (review_->state()) {
    case ReviewPanel::State::Running: review_->cancel(); break;
    case ReviewPanel::State::Done: app_.toast(tr("This line is reviewed already.")); break;
    default:
      if (review_->game().moves.empty()) return app_.toast(tr("No moves to review."));
      review_->start();
  }
  app_.invalidate();
}

void AnalysisScreen::write_review() {
  if (review_written_ || !review_ || !review_->review()) return;
  review_written_ = true;
  // A review the store keeps is not work to lose: the tree as opened had it already, in effect.
  bool written = false;
  if (game_.tree == kept_tree_ && review_->kept_in_store()) {
    written = study::add_review(game_, review_->game(), *review_->review());
    kept_tree_ = game_.tree;
  } else {
    edit([&] { written = study::add_review(game_, review_->game(), *review_->review()); });
  }
  if (!written)
    app_.toast(tr("The main line changed while it was reviewed: the review is shown beside it, not written into it."));
}

std::size_t AnalysisScreen::reviewed_ply() const {
  if (!review_) return 0;
  const std::vector<chess::Move>& line = review_->game().moves;
  std::size_t ply = 0;
  for (study::NodeId id : tree().nodes_from_root(cursor_)) {
    if (ply >= line.size() || tree().node(id).move != line[ply]) break;
    ++ply;
  }
  return ply;
}

study::NodeId AnalysisScreen::reviewed_node(std::size_t ply) const {
  if (!review_) return tree().root();
  const std::vector<chess::Move>& line = review_->game().moves;
  const std::size_t plies = std::min(ply, line.size());
  study::NodeId at = tree().root();
  for (std::size_t i = 0; i < plies; ++i) {
    const study::NodeId next = tree().find(std::span(line).first(i + 1));
    if (next.is_none()) break;
    at = next;
  }
  return at;
}

void AnalysisScreen::tell_in_dialog(const std::string& title, const std::string& message) {
  dialogs_.ask(Dialog::Message, title, message, std::nullopt, tr("OK"), "");
}

void AnalysisScreen::tell_cut_short() {
  if (!game_.cut_short.empty())
    tell_in_dialog(tr("Loaded up to a move that cannot be played"),
                   fill(tr("Some moves were left out: {reason}"), {{"reason", game_.cut_short}}));
}

void AnalysisScreen::add_buttons() {
  using A = Action;
  // The buttons' labels are short (a row of four or five); the letters in brackets are keys.
  buttons_.add(A::First, "|<", tr("To the start (Home)"));
  buttons_.add(A::Previous, "<", tr("One move back (Left)"));
  buttons_.add(A::Next, ">", tr("One move on, along the main continuation (Right)"));
  buttons_.add(A::Last, ">|", tr("To the end of this line (End)"));
  // TRANSLATORS: a short button label: the opening explorer (the moves played here in a database's games).
  buttons_.add(A::Explorer, tr("Explorer"),
               tr("The moves played here in the games of a database, and how they scored (X; Shift+X: yours)"));
  // TRANSLATORS: a short button label: the engine's analysis on or off.
  buttons_.add(A::Engine, tr("Engine"), tr("Engine analysis on or off (L); N: the next engine (Stockfish, when installed)"));
  buttons_.add(A::FewerLines, "-", tr("One engine line fewer (-)"));
  buttons_.add(A::MoreLines, "+", tr("One engine line more, up to 5 (+)"));
  // TRANSLATORS: a short button label: turn the board around.
  buttons_.add(A::Flip, tr("Flip"), tr("Turn the board around (F)"));
  // TRANSLATORS: a short button label (a verb): write a comment after the move.
  buttons_.add(A::Comment, tr("Comment"), tr("Write a comment after this move (C)"));
  // TRANSLATORS: a short button label (a verb): review the game move by move.
  buttons_.add(A::Review, tr("Review"), tr("Where the game was won and lost, move by move (R)"));
  // TRANSLATORS: a short button label (a verb): set up a position in the editor.
  buttons_.add(A::Editor, tr("Edit"), tr("Set up a position in the editor, from this one (B)"));
  // TRANSLATORS: a short button label (a verb): open a file.
  buttons_.add(A::Open, tr("Open"), tr("Open a PGN file or a FEN (O); Ctrl+V pastes one"));
  // TRANSLATORS: a short button label (a verb): save as a PGN file.
  buttons_.add(A::Export, tr("Export"), tr("Save the game with its variations and comments as PGN (E)"));
  // TRANSLATORS: a short button label: back to the screen before.
  buttons_.add(A::Back, tr("Back"), tr("Back (Esc)"));
}

void AnalysisScreen::find_engines() {
  const players::PluginCatalog& catalog = app_.setup().catalog();
  const players::Isolation isolation = app_.setup().settings().isolation_of(config::SeatConfig{});
  if (auto alphabeta = catalog.find("alphabeta")) {
    players::Seat seat;
    // TRANSLATORS: the analysis board's engine: the alphabeta player plugin (a name) at its full strength.
    seat.label = tr("alphabeta (full strength)");
    seat.plugin = alphabeta;
    seat.isolation = isolation;
    engines_.push_back(std::move(seat));
  }
  if (auto uci = catalog.find("uci"); uci && find_program("stockfish")) {
    players::Seat seat;
    seat.label = "Stockfish";
    seat.plugin = uci;
    seat.options = {{"command", "stockfish"}};
    seat.isolation = isolation;
    engines_.push_back(std::move(seat));
  }
  if (engines_.empty()) engine_problem_ = tr("No engine to analyse with: the alphabeta player was not found.");
}

void AnalysisScreen::keep_engine_on_cursor() {
  if (!engine_on_ || engines_.empty()) {
    if (engine_) engine_->pause();
    lines_view_.clear();
    return;
  }
  if (!engine_) {
    auto made = study::AnalysisSession::create(engines_[engine_index_], EngineNiceness);
    if (!made) {
      engine_problem_ = fill(tr("The engine could not start: {reason}"), {{"reason", made.error()}});
      engine_on_ = false;
      return;
    }
    engine_ = std::move(made).value();
    engine_problem_.clear();
  }
  engine_->analyse(tree().node(tree().root()).position, tree().path_from_root(cursor_), lines_);
}

std::string AnalysisScreen::opening_text() const {
  // At the start, the opening the main line reaches (a game's, as its PGN names it); then the one reached so far.
  std::vector<chess::Position> positions{tree().node(tree().root()).position};
  const std::vector<study::NodeId> path = cursor_ == tree().root() ? tree().main_line() : tree().nodes_from_root(cursor_);
  for (study::NodeId id : path) positions.push_back(tree().node(id).position);
  return chess::opening_text(positions);
}

std::string AnalysisScreen::engine_header() const {
  if (!engine_problem_.empty()) return engine_problem_;
  if (!engine_on_) return tr("Engine off (L to analyse)");
  if (!engine_) return "";
  if (!engine_->problem().empty()) return engine_->problem();
  const std::vector<study::AnalysisLine>& lines = lines_view_.lines();
  const std::string& engine = engine_->engine_name();
  if (!lines.empty()) {
    const std::string depth = std::to_string(lines.front().depth);
    const std::uint64_t nps = lines.front().nps;
    if (nps >= 1000)
      // TRANSLATORS: the analysis header: the engine's name, how deep it searched, and its speed in
      // thousands of positions a second.
      return fill(tr("{engine}, depth {depth}, {speed} kN/s"),
                  {{"engine", engine}, {"depth", depth}, {"speed", std::to_string(nps / 1000)}});
    return fill(tr("{engine}, depth {depth}"), {{"engine", engine}, {"depth", depth}});
  }
  if (chess::legal_moves(position()).empty()) return fill(tr("{engine}: no moves in this position"), {{"engine", engine}});
  return fill(tr("{engine}: thinking..."), {{"engine", engine}});
}

void AnalysisScreen::update() {
  if (review_) {
    review_->update();
    if (review_->state() == ReviewPanel::State::Done) write_review();
  }
  if (!engine_ || !engine_on_) return;
  engine_->poll();
  // A frame only when the engine has news: the lines change a few times a second, not every frame.
  const std::uint64_t sequence = engine_->sequence();
  if (sequence == shown_sequence_) return;
  shown_sequence_ = sequence;
  lines_view_.set_lines(engine_->position(), engine_->lines(), sequence);
  app_.invalidate();
}

std::chrono::milliseconds AnalysisScreen::redraw_interval() const { return ai_thinking() ? Tick : Idle; }

bool AnalysisScreen::ai_thinking() const {
  return (engine_ && engine_->running()) || (review_ && review_->state() == ReviewPanel::State::Running);
}

void AnalysisScreen::go_to(study::NodeId node) {
  if (!tree().contains(node)) return;
  cursor_ = node;
  follow_cursor_ = true;
  input_.reset();
  keep_engine_on_cursor();
  app_.invalidate();
}

std::string AnalysisScreen::unsaved_work() const {
  // TRANSLATORS: after "Not kept if you quit now: ".
  return game_.tree == kept_tree_ ? "" : tr("the analysis board's moves and comments (Export keeps them)");
}

template <class Change>
void AnalysisScreen::edit(Change&& change) {
  TreeState before{game_.tree, cursor_};
  change();
  if (!(game_.tree == before.tree)) history_.edited(std::move(before));
  app_.invalidate();
}

void AnalysisScreen::step_history(bool back) {
  TreeState now{game_.tree, cursor_};
  std::optional<TreeState> then = back ? history_.undo(std::move(now)) : history_.redo(std::move(now));
  if (!then) {
    app_.toast(back ? tr("Nothing to undo.") : tr("Nothing to redo."));
    return;
  }
  game_.tree = std::move(then->tree);
  go_to(then->cursor);
}

void AnalysisScreen::play(chess::Move m) {
  study::NodeId child;
  edit([&] { child = game_.tree.add_move(cursor_, m); });
  if (child.is_none()) {
    app_.toast(tr("That move cannot be added here: the line is already as deep in variations as PGN allows."));
    return;
  }
  go_to(child);
}

void AnalysisScreen::play_line(const std::vector<chess::Move>& moves) {
  study::NodeId end = cursor_;
  edit([&] {
    for (chess::Move m : moves) {
      const study::NodeId child = game_.tree.add_move(end, m);
      if (child.is_none()) break;
      end = child;
    }
  });
  go_to(end);
}

void AnalysisScreen::replace_game(study::TreeGame game, std::string source) {
  if (engine_) engine_->pause();
  game_ = std::move(game);
  source_ = std::move(source);
  stored_ = {};
  review_.reset();  // R reviews the new game
  history_.clear();
  kept_tree_ = game_.tree;
  cursor_ = tree().root();
  tell_cut_short();
  go_to(cursor_);
}

void AnalysisScreen::toggle_shape(const BoardMarking::Shape& shape) {
  edit([&] {
    if (shape.circle())
      game_.tree.toggle_circle(cursor_, {shape.color, shape.from});
    else
      game_.tree.toggle_arrow(cursor_, {shape.color, shape.from, shape.to});
  });
  app_.invalidate();
}

void AnalysisScreen::run(Action action) {
  switch (action) {
    case Action::First: go_to(tree().root()); break;
    case Action::Previous:
      if (cursor_ != tree().root()) go_to(tree().parent(cursor_));
      break;
    case Action::Next:
      if (!tree().main_child(cursor_).is_none()) go_to(tree().main_child(cursor_));
      break;
    case Action::Last: go_to(tree().last(cursor_)); break;
    case Action::Engine:
      engine_on_ = !engine_on_;
      if (engine_on_) engine_problem_.clear();
      keep_engine_on_cursor();
      break;
    case Action::FewerLines:
    case Action::MoreLines:
      lines_ = std::clamp(lines_ + (action == Action::MoreLines ? 1 : -1), 1, study::AnalysisSession::MaxLines);
      keep_engine_on_cursor();
      break;
    case Action::Explorer: explorer_on_ = !explorer_on_; break;
    case Action::Flip: board_.set_flipped(!board_.flipped()); break;
    case Action::Comment:
      if (cursor_ == tree().root() && tree().size() == 1) break;
      dialogs_.ask(Dialog::Comment,
                   cursor_ == tree().root() ? tr("Comment on the game")
                                            : fill(tr("Comment after {move}"), {{"move", tree().node(cursor_).san}}),
                   tr("Words for this position (an empty comment removes it):"), tree().node(cursor_).comment_after.text,
                   // TRANSLATORS: the comment dialog's button that keeps the comment written.
                   tr("Keep"), tr("Cancel"), /*path_field=*/false);
      break;
    case Action::Review: toggle_review(); break;
    case Action::Editor: app_.open(page::PositionEditor{position()}); break;
    case Action::Open:
      dialogs_.choose_file(Dialog::Open, tr("Open a game to analyse"),
                           tr("A PGN file (a game with its variations; several: their list), or type a FEN"),
                           app_.setup().last_folder().empty() ? "" : app_.setup().last_folder() + "/", {".pgn"},
                           app_.setup().recent_files(), tr("Open"));
      break;
    case Action::Export: {
      std::string white;
      for (const auto& [name, value] : game_.tags)
        if (name == "White") white = value;
      std::string black;
      for (const auto& [name, value] : game_.tags)
        if (name == "Black") black = value;
      dialogs_.choose_file(Dialog::Export, tr("Export as PGN"), tr("A new name, or a game file to replace"),
                           path_in(app_.setup().last_folder(),
                                   game_file_name(white.empty() && black.empty() ? "Analysis" : white, black,
                                                  unix_now())),
                           {".pgn"}, app_.setup().recent_files(), tr("Save"));
      break;
    }
    case Action::Back: app_.pop(); break;
  }
}

void AnalysisScreen::on_dialog(Dialog dialog, const std::string& answer) {
  if (dialog == Dialog::Open) {
    const std::string& chosen = answer;
    std::string text = chosen;
    const bool file = !chess::looks_like_fen(chosen);
    if (file) {
      Result<std::string> read = read_text_file(expand_home(chosen));
      if (!read)
        return tell_in_dialog(tr("The game could not be loaded"),
                              fill(tr("Could not open it: {reason}"), {{"reason", read.error()}}));
      text = std::move(read).value();
      // A file of several games is a database: its list, to choose from (as Scid and En Croissant open one).
      study::TreePgnReader reader(text, chess::PgnReader::Moves::UpToError);
      if (reader.next() && reader.next()) return app_.open(page::Games{expand_home(chosen), std::nullopt});
    }
    Result<study::TreeGame> game = study::tree_game_from_text(text);
    if (!game)
      return tell_in_dialog(tr("The game could not be loaded"),
                            fill(tr("Could not open it: {reason}"), {{"reason", game.error()}}));
    if (file) app_.setup().remember_file(expand_home(chosen));  // a file that opened, never one that did not
    replace_game(std::move(game).value(), std::filesystem::path(chosen).filename().string());
    return;
  }
  if (dialog == Dialog::Comment) {
    study::Comment comment = tree().node(cursor_).comment_after;
    comment.text = study::parse_comment(answer).text;
    edit([&] { game_.tree.set_comment_after(cursor_, comment); });
  } else if (dialog == Dialog::Export) {
    // The opening's tags, as every PGN Gambit writes has them (from the main line, as pgn-extract -e names a game).
    chess::PgnGame main_line = study::to_pgn_game(game_);
    chess::add_opening_tags(main_line);
    game_.tags = main_line.tags;
    const std::string path = expand_home(answer);
    if (auto problem = write_text_file(path, study::write_tree_pgn(game_))) {
      app_.toast(fill(tr("Could not export the game: {reason}"), {{"reason", *problem}}));
    } else {
      app_.setup().remember_file(path);
      app_.toast(fill(tr("Game saved to {path}"), {{"path", path}}));
      kept_tree_ = game_.tree;
    }
  }
}

bool AnalysisScreen::shortcut(const sf::Event::KeyEvent& key) {
  using K = sf::Keyboard;
  if (key.control && key.code == K::V) {
    Result<study::TreeGame> game = study::tree_game_from_text(sf::Clipboard::getString().toAnsiString());
    if (!game)
      tell_in_dialog(tr("The game could not be loaded"),
                     fill(tr("Nothing to analyse was pasted: {reason}"), {{"reason", game.error()}}));
    // TRANSLATORS: where the game analysed came from, shown as the title "Analysis: pasted".
    else replace_game(std::move(game).value(), tr("pasted"));
    return true;
  }
  if (key.control && (key.code == K::Z || key.code == K::Y)) {  // Ctrl+Shift+Z redoes too
    step_history(key.code == K::Z && !key.shift);
    return true;
  }
  if (key.shift && (key.code == K::Left || key.code == K::Right)) {  // the review's previous or next mistake
    if (review_)
      if (auto ply = review_->mistake(reviewed_ply(), key.code == K::Right)) go_to(reviewed_node(*ply));
    return true;
  }
  if (key.shift && (key.code == K::Up || key.code == K::Down)) {
    const study::NodeId other = key.code == K::Up ? tree().sibling_before(cursor_) : tree().sibling_after(cursor_);
    if (!other.is_none()) go_to(other);
    return true;
  }
  switch (key.code) {
    case K::Home:
    case K::Up: run(Action::First); return true;
    case K::Left: run(Action::Previous); return true;
    case K::Right: run(Action::Next); return true;
    case K::End:
    case K::Down: run(Action::Last); return true;
    case K::L: run(Action::Engine); return true;
    case K::N:  // the next engine (alphabeta, Stockfish when installed)
      if (engines_.size() > 1) {
        engine_.reset();  // stops the one analysing
        engine_index_ = (engine_index_ + 1) % engines_.size();
        engine_problem_.clear();
        lines_view_.clear();
        engine_on_ = true;
        keep_engine_on_cursor();
        app_.toast(fill(tr("Analysing with {engine}"), {{"engine", engines_[engine_index_].label}}));
      } else {
        app_.toast(tr("No other engine: Stockfish analyses here once installed (apt install stockfish)."));
      }
      return true;
    case K::Hyphen:
    case K::Subtract: run(Action::FewerLines); return true;
    case K::Equal:
    case K::Add: run(Action::MoreLines); return true;
    case K::F: run(Action::Flip); return true;
    case K::X:
      if (key.shift) {
        explorer_mine_ = !explorer_mine_;
        explorer_on_ = true;
      } else run(Action::Explorer);
      return true;
    case K::G: on_explorer({std::nullopt, std::nullopt, false, true}); return true;
    case K::C: run(Action::Comment); return true;
    case K::R: run(Action::Review); return true;
    case K::B: run(Action::Editor); return true;
    case K::O: run(Action::Open); return true;
    case K::E: run(Action::Export); return true;
    case K::Escape: run(Action::Back); return true;
    case K::P:
      edit([&] {
        if (!game_.tree.promote(cursor_)) app_.toast(tr("This move is on the main line already."));
      });
      return true;
    case K::M:
      edit([&] { game_.tree.make_main_line(cursor_); });
      return true;
    case K::Delete:
      if (cursor_ != tree().root()) {
        const std::string move = tree().node(cursor_).san;
        study::NodeId parent;
        edit([&] { parent = game_.tree.delete_from(cursor_); });
        go_to(parent);
        // TRANSLATORS: {move} and the moves after it were taken out of the analysis board's tree.
        app_.toast(fill(tr("{move} and what follows deleted: Ctrl+Z brings them back."), {{"move", move}}));
      }
      return true;
    default: break;
  }
  if (key.code >= K::Num1 && key.code <= K::Num6 && cursor_ != tree().root()) {
    edit([&] { game_.tree.toggle_nag(cursor_, 1 + int(key.code - K::Num1)); });
    return true;
  }
  return false;
}

void AnalysisScreen::handle_board(const sf::Event& event) {
  const chess::Position& pos = position();
  std::optional<BoardMarking::Shape> drawn;
  if (handle_marking(marking_, board_, event, drawn)) {
    if (drawn) toggle_shape(*drawn);
    return;
  }
  const BoardInput::Action action = board_mouse(input_, board_, pos, event, true);
  if (action.kind == BoardInput::Action::Kind::Move) play(action.move);
  if (event.type == sf::Event::MouseButtonPressed || event.type == sf::Event::MouseButtonReleased) app_.invalidate();
}

void AnalysisScreen::on_explorer(const ExplorerView::Pick& pick) {
  if (pick.move) return play(*pick.move);
  if (pick.toggle_mine) {
    explorer_mine_ = !explorer_mine_;
    return app_.invalidate();
  }
  explorer_.open(app_, pick, position());
}

void AnalysisScreen::handle(const sf::Event& event) {
  const sf::Vector2f size = app_.window().getView().getSize();
  layout(size);
  if (dialogs_.open()) {
    if (auto answer = dialogs_.handle(event, size, app_.assets())) on_dialog(answer->dialog, answer->text);
    return;
  }
  if (event.type == sf::Event::MouseMoved) {
    mouse_ = {float(event.mouseMove.x), float(event.mouseMove.y)};
    if (input_.dragging() || marking_.pending(board_.square_at(mouse_))) app_.invalidate();
  }
  if (auto action = buttons_.clicked(event)) return run(*action);
  if (explorer_on_) {
    const ExplorerView::Pick pick = explorer_.handle(event);
    if (pick.move || pick.game || pick.toggle_mine || pick.list_games) return on_explorer(pick);
  }
  if (review_)
    if (auto ply = review_->handle(event, reviewed_ply())) return go_to(reviewed_node(*ply));
  if (event.type == sf::Event::MouseButtonReleased && event.mouseButton.button == sf::Mouse::Left) {
    const sf::Vector2f point{float(event.mouseButton.x), float(event.mouseButton.y)};
    if (auto node = tree_view_.node_at(point)) return go_to(*node);
    if (auto line = lines_view_.moves_at(point)) {
      // The lines are of the engine's position, which is the cursor's unless it has just moved.
      if (engine_ && engine_->position() == position()) play_line(*line);
      return;
    }
  }
  if (tree_view_.scroll(event)) {
    follow_cursor_ = false;
    return;
  }
  if (event.type == sf::Event::KeyPressed && shortcut(event.key)) return;
  handle_board(event);
}

}  // namespace gambit::gui
