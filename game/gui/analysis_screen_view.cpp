// SPDX-License-Identifier: MIT
// AnalysisScreen: drawing and the state dump.
#include <algorithm>
#include <cmath>

#include "core/chess/uci.h"
#include "core/util/local_time.h"
#include "core/util/translation.h"
#include "game/gui/analysis_screen.h"
#include "game/gui/app.h"
#include "game/gui/board_mouse.h"
#include "game/gui/board_shapes.h"

namespace gambit::gui {

namespace {

constexpr float PanelPad = 14;
constexpr float BarWidth = 28;  // room for its number: "300", "#14"
constexpr float ButtonHeight = 34;
constexpr float Gap = 6;
constexpr float ToastSlot = 70;
constexpr float TreeLeastHeight = 110;  // the move tree keeps room for a few lines under the explorer

// When a stored game ended, how long it was, and where it was played: "2024-05-01 18:30, 34 moves, in the window".
std::string when_played(const store::GameSummary& game) {
  const std::string time = local_time_text(game.ended_at, "%Y-%m-%d %H:%M");
  const std::size_t moves = (std::size_t(std::max(game.plies, 0)) + 1) / 2;
  const std::string n = std::to_string(moves);
  switch (game.source) {
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

}  // namespace

sf::FloatRect AnalysisScreen::modal_area() const { return dialogs_.area(); }

sf::FloatRect AnalysisScreen::toast_area(sf::Vector2f size) const {
  return toast_slot_.height > 0 ? toast_slot_ : Screen::toast_area(size);
}

void AnalysisScreen::layout(sf::Vector2f size) {
  const float panel_width = std::clamp(size.x * 0.38f, 340.0f, 520.0f);
  panel_ = {size.x - panel_width, 0, panel_width, size.y};
  board_.layout({BarWidth + 12, 0, size.x - panel_width - BarWidth - 12, size.y});
  const sf::FloatRect board = board_.rect();
  // Left of the rank coordinates (BoardView draws them in coord + 8 pixels before the board).
  const float coordinates = std::clamp(board_.square_size() * 0.2f, 10.0f, 16.0f) + 12;
  bar_ = {std::round(std::max(2.0f, board.left - coordinates - BarWidth)), board.top, BarWidth, board.height};

  // Three rows of buttons at the bottom of the panel, over the help line.
  const float inner = panel_width - 2 * PanelPad;
  const float row3 = size.y - PanelPad - 20 - ButtonHeight;
  const float row2 = row3 - Gap - ButtonHeight;
  const float row1 = row2 - Gap - ButtonHeight;
  using A = Action;
  const float left = panel_.left + PanelPad;
  const sf::Font& font = app_.assets().font();  // each button as wide as its label, in any language
  buttons_.place_row({A::First, A::Previous, A::Next, A::Last, A::Explorer}, font, left, row1, inner, ButtonHeight,
                     Gap);
  buttons_[A::Explorer].primary = explorer_on_;
  buttons_.place_row({A::Engine, A::FewerLines, A::MoreLines, A::Flip, A::Comment}, font, left, row2, inner,
                     ButtonHeight, Gap);
  buttons_.place_row({A::Review, A::Editor, A::Open, A::Export, A::Back}, font, left, row3, inner, ButtonHeight, Gap);
  buttons_[A::First].enabled = buttons_[A::Previous].enabled = cursor_ != tree().root();
  buttons_[A::Next].enabled = buttons_[A::Last].enabled = !tree().main_child(cursor_).is_none();
  buttons_[A::Engine].primary = engine_on_;  // green while on
  buttons_[A::Engine].enabled = !engines_.empty();
  buttons_[A::FewerLines].enabled = lines_ > 1;
  buttons_[A::MoreLines].enabled = lines_ < study::AnalysisSession::MaxLines;
  buttons_[A::Comment].enabled = !(cursor_ == tree().root() && tree().size() == 1);
  Button& review = buttons_[A::Review];
  const ReviewPanel::State state = review_ ? review_->state() : ReviewPanel::State::None;
  const bool same_line = review_ && review_->game().moves.size() == tree().main_line().size() &&
                         reviewed_node(review_->game().moves.size()) == tree().last(tree().root());
  review.label = state == ReviewPanel::State::Running ? tr("Cancel")
                 // TRANSLATORS: a short button label: the game has been reviewed (the button no longer reviews).
                 : state == ReviewPanel::State::Done && same_line ? tr("Reviewed")
                                                                  : tr("Review");
  review.tooltip = state == ReviewPanel::State::Running ? tr("Stop the review (R)")
                                                        : tr("Where the game was won and lost, move by move (R)");
  review.enabled = !tree().main_child(tree().root()).is_none() && !(state == ReviewPanel::State::Done && same_line);
}

std::string AnalysisScreen::status_text() const {
  if (cursor_ == tree().root()) return tr("Start position");
  const study::MoveTree::Node& node = tree().node(cursor_);
  const chess::Position& before = tree().node(node.parent).position;
  std::string text = std::to_string(before.fullmove_number()) + (before.side_to_move() == chess::WHITE ? ". " : "... ") +
                     node.san;
  for (int nag : node.nags) text += nag_symbol(nag);
  // TRANSLATORS: the move shown ("12... Nf6!") is not on the main line but in a variation.
  if (!tree().is_main_line(cursor_)) return fill(tr("{move}   (variation)"), {{"move", text}});
  return text;
}

BoardScene AnalysisScreen::scene() const {
  BoardScene scene;
  const chess::Position& pos = position();
  scene.position = &pos;
  if (cursor_ != tree().root()) scene.last_move = tree().node(cursor_).move;
  add_input(scene, input_, pos, mouse_);
  // The engine's best move, when its lines are of this position.
  const std::vector<study::AnalysisLine>& lines = lines_view_.lines();
  if (engine_on_ && engine_ && engine_->position() == pos && !lines.empty())
    scene.arrows.push_back({lines.front().pv.front().from(), lines.front().pv.front().to(), sf::Color(0, 90, 170, 130)});
  // The review's better move, where the move shown was a mistake of the game reviewed.
  if (review_ && reviewed_ply() == tree().ply(cursor_))
    if (auto arrow = review_->arrow(reviewed_ply())) scene.arrows.push_back(*arrow);
  const study::Comment& comment = tree().node(cursor_).comment_after;
  add_shapes(scene, comment.arrows, comment.circles, marking_, board_, mouse_);
  return scene;
}

std::optional<study::AnalysisLine> AnalysisScreen::bar_line() const {
  const std::vector<study::AnalysisLine>& lines = lines_view_.lines();
  if (engine_on_ && engine_ && engine_->position() == position() && !lines.empty()) return lines.front();
  if (!review_ || reviewed_ply() != tree().ply(cursor_)) return std::nullopt;
  const std::optional<review::Score> score = review_->score_at(reviewed_ply());
  if (!score) return std::nullopt;
  study::AnalysisLine line;  // the engine's way of saying it: the side to move's view
  line.score_kind = score->kind == review::Score::Kind::Mate ? players::ScoreKind::Mate : players::ScoreKind::Centipawns;
  line.score = position().side_to_move() == chess::WHITE ? score->value : -score->value;
  return line;
}

std::string AnalysisScreen::clocks_text() const {
  std::optional<std::chrono::milliseconds> clocks[2];  // White's, Black's
  for (study::NodeId at = cursor_; !at.is_none() && at != tree().root(); at = tree().parent(at)) {
    const study::MoveTree::Node& node = tree().node(at);
    const int mover = node.position.side_to_move() == chess::WHITE ? 1 : 0;  // who played the node's move
    if (!clocks[mover] && node.comment_after.clock) clocks[mover] = node.comment_after.clock;
    if (clocks[0] && clocks[1]) break;
  }
  if (!clocks[0] && !clocks[1]) return "";
  const auto shown = [](const std::optional<std::chrono::milliseconds>& c) {
    if (!c) return std::string("-");
    std::string text = study::clock_text(*c);
    if (text.starts_with("0:")) text = text.substr(text.starts_with("0:0") ? 3 : 2);  // "2:30" under an hour
    return text;
  };
  // TRANSLATORS: the clocks of a game read from a file at the current move: {white} and {black} are times.
  return fill(tr("clocks {white} / {black}"), {{"white", shown(clocks[0])}, {"black", shown(clocks[1])}});
}

std::vector<std::string> AnalysisScreen::game_header_lines() const {
  const auto tag = [&](const char* name) {
    for (const auto& [key, value] : game_.tags)
      if (key == name && value != "?" && value != "-") return value;
    return std::string();
  };
  std::vector<std::string> lines;
  const std::string white = tag("White"), black = tag("Black");
  if (white.empty() && black.empty()) return lines;
  const auto player = [&](const std::string& name, const std::string& elo) {
    return (name.empty() ? std::string("?") : name) + (elo.empty() ? "" : " (" + elo + ")");
  };
  const std::string result = game_.result == "1/2-1/2" ? "½-½" : game_.result;
  lines.push_back((result == "*" ? "" : result + "   ") + player(white, tag("WhiteElo")) + " - " +
                  player(black, tag("BlackElo")));
  // How it ended (the store's words or the Termination tag, English and translated here), then when and where it
  // was played (a game of the store), or its event and date.
  std::string reason = stored_.reason.empty() ? tag("Termination") : stored_.reason;
  if (reason == "Normal" || reason == "normal") reason.clear();  // PGN's word for "no more to say"
  std::string second = reason.empty() ? "" : tr(reason.c_str());
  std::string where = tag("Event");
  if (const std::string date = tag("Date"); !date.empty() && date.find("??") == std::string::npos)
    where += (where.empty() ? "" : ", ") + date;
  if (stored_.id != 0) where = when_played(stored_);
  if (!where.empty()) second += (second.empty() ? "" : " · ") + where;
  if (!second.empty()) lines.push_back(second);
  return lines;
}

void AnalysisScreen::draw_panel(sf::RenderTarget& target) {
  const Assets& assets = app_.assets();
  fill_rect(target, panel_, colors::Panel);
  const float x = panel_.left + PanelPad, width = panel_.width - 2 * PanelPad;
  float y = PanelPad;
  const std::string title = source_.empty()
                                ? tr("Analysis")
                                // TRANSLATORS: the analysis board's title; {source}: where the game came from (a
                                // file's name, "pasted", or the players: "White - Black").
                                : fill(tr("Analysis: {source}"), {{"source", source_}});
  draw_text(target, assets.bold(), fit_text(assets.bold(), title, 18, width), 18, {x, y});
  y += 26;
  const std::vector<std::string> header = game_header_lines();
  for (std::size_t i = 0; i < header.size(); ++i) {  // the players, then how and when, each on two lines at most
    for (const std::string& line : wrap_lines(assets.font(), header[i], 14, width, 2)) {
      draw_text(target, assets.font(), line, 14, {x, y}, i == 0 ? colors::Text : colors::TextDim);
      y += 19;
    }
  }
  const std::string opening = opening_text();
  draw_text(target, assets.font(), fit_text(assets.font(), opening.empty() ? tr("No opening named yet") : opening, 14, width),
            14, {x, y}, colors::TextDim);
  y += 22;
  const float status_width = draw_text(target, assets.bold(), fit_text(assets.bold(), status_text(), 15, width), 15, {x, y});
  if (const std::string clocks = clocks_text(); !clocks.empty() && status_width + 24 < width)
    draw_text(target, assets.font(), fit_text(assets.font(), clocks, 14, width - status_width - 24), 14,
              {x + status_width + 24, y + 1}, colors::TextDim);
  y += 24;

  // The review (when there is one), over the engine's lines.
  if (review_) y += review_->draw(target, {x, y, width, panel_.height - y}, reviewed_ply());
  // The engine's lines; only their header while the engine is off.
  const float lines_height = engine_on_ ? 20 + 22 * float(lines_) + 4 : 22;
  lines_rect_ = {x, y, width, lines_height};
  lines_view_.draw(target, assets, lines_rect_, engine_header());
  y += lines_height + 4;

  // The explorer, as tall as it needs while the tree keeps some room.
  explorer_rect_ = {};
  if (explorer_on_) {
    explorer_.follow(app_, position(), explorer_mine_, board_.flipped() ? chess::BLACK : chess::WHITE);
    const float room = buttons_.front().rect.top - 10 - y - TreeLeastHeight;
    explorer_rect_ = {x, y, width, std::max(0.0f, std::min(explorer_.wanted_height(), room))};
    if (explorer_rect_.height >= 44) y += explorer_.draw(target, assets, explorer_rect_) + 6;
    else explorer_rect_ = {};
  }

  // A comment on the current move, then the tree, then the toast's slot.
  // (Where the review's verdict shows, it says what the review wrote in the comment.)
  const bool verdict_shown = review_ && review_->state() == ReviewPanel::State::Done && reviewed_ply() == tree().ply(cursor_);
  const std::string& comment = tree().node(cursor_).comment_after.text;
  if (!comment.empty() && !verdict_shown) {
    for (const std::string& line : wrap_lines(assets.font(), comment, 13, width, 2)) {
      draw_text(target, assets.font(), line, 13, {x, y}, colors::TextDim);
      y += 18;
    }
    y += 4;
  }
  float tree_bottom = buttons_.front().rect.top - 10;
  toast_slot_ = {};
  if (!app_.toast_text().empty()) {
    toast_slot_ = {x, tree_bottom - ToastSlot, width, ToastSlot};
    tree_bottom -= ToastSlot + 8;
  }
  tree_rect_ = {x, y, width, std::max(24.0f, tree_bottom - y)};
  tree_view_.draw(target, assets, tree_rect_, tree(), cursor_, follow_cursor_);
  follow_cursor_ = false;

  buttons_.draw(target, assets);
  // TRANSLATORS: the help line under the buttons: each key, then what it does (1-6: the marks !? ...).
  std::string help = tr("Left/Right moves  L engine  Del delete  Ctrl+Z undo  1-6 !?  right-drag arrows");
  // TRANSLATORS: the help line when the long one does not fit.
  if (text_width(assets.font(), help, 12) > width) help = tr("Left/Right moves  L engine  Esc back");
  help = buttons_.help(help);
  draw_help_line(target, assets.font(), help, {x, panel_.height - PanelPad - 16}, width);
}

void AnalysisScreen::draw(sf::RenderTarget& target) {
  const sf::Vector2f size = target.getView().getSize();
  layout(size);
  const Assets& assets = app_.assets();
  const config::UiSettings& ui = app_.setup().settings().ui;
  board_.draw(target, assets, ui.theme, ui.piece_set, scene());
  draw_evaluation_bar(target, assets, bar_, bar_line(), position().side_to_move(), board_.flipped());
  draw_panel(target);
  dialogs_.draw(target, assets);
}

void AnalysisScreen::describe(StateDump& dump) const {
  buttons_.describe(dump);
  dump.add("game_header", game_header_lines());
  dump.add("game_id", stored_.id);
  const std::optional<study::AnalysisLine> bar = bar_line();
  const std::optional<review::Score> bar_score = bar ? review::white_view(*bar, position().side_to_move()) : std::nullopt;
  dump.add("bar", bar_score ? review::eval_text(*bar_score) : std::string());
  dump.add("source", source_);
  for (const char* name : {"White", "Black"}) {
    std::string value;
    for (const auto& [key, text] : game_.tags)
      if (key == name) value = text;
    dump.add(name == std::string("White") ? "white" : "black", value);
  }
  dump.add("result", game_.result);
  dump.add("plies", int(tree().main_line().size()));
  if (review_) review_->describe(dump);
  else dump.add("review", "none");
  dump.add("clocks", clocks_text());
  dump.add("explorer_on", explorer_on_);
  if (explorer_on_) explorer_.describe(dump);
  dump.add("fen", position().fen());
  dump.add("opening", opening_text());
  dump.add("start_fen", tree().node(tree().root()).position.fen());
  dump.add("path", chess::to_uci_line(tree().path_from_root(cursor_)));
  dump.add("ply", int(tree().ply(cursor_)));
  dump.add("main_line", tree().is_main_line(cursor_));
  dump.add("nodes", int(tree().size()) - 1);
  dump.add("pgn", study::write_tree_pgn(game_));
  dump.add("comment", tree().node(cursor_).comment_after.text);
  std::vector<std::string> nags;
  for (int nag : tree().node(cursor_).nags) nags.push_back(std::to_string(nag));
  dump.add("nags", nags);
  const study::Comment& comment = tree().node(cursor_).comment_after;
  dump.add("shapes", shape_names(comment.arrows, comment.circles));
  dump.add("engine_on", engine_on_);
  dump.add("engine", engine_ ? engine_->engine_name() : std::string());
  dump.add("engine_problem", engine_problem_.empty() && engine_ ? engine_->problem() : engine_problem_);
  dump.add("lines_wanted", lines_);
  // The lines shown, when they are of the position shown.
  std::string lines = "[";
  if (engine_ && engine_->position() == position())
    for (const study::AnalysisLine& line : lines_view_.lines()) {
      if (lines.size() > 1) lines += ",";
      lines += "{\"multipv\":" + std::to_string(line.multipv) + ",\"depth\":" + std::to_string(line.depth) +
               ",\"score\":" + json_string(study::uci_score(line)) + ",\"pv\":" + json_string(chess::to_uci_line(line.pv)) + "}";
    }
  dump.add_json("lines", lines + "]");
  dump.add("flipped", board_.flipped());
  dialogs_.describe(dump);
  dump.add("board_x", double(board_.rect().left));
  dump.add("board_y", double(board_.rect().top));
  dump.add("board_size", double(board_.rect().width));
}

}  // namespace gambit::gui
