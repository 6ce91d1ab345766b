// PlayScreen, what it shows: the layout of board and side panel, the panel
// (players, clocks, captured pieces, status, thinking line, move list,
// buttons), the end-of-game overlay, the dialogs, and the state dump.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/chess/san.h"
#include "core/chess/uci.h"
#include "game/gui/app.h"
#include "game/gui/play_screen.h"

namespace gambit::gui {

namespace {

using chess::Color;
constexpr float PanelPad = 16;

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

}  // namespace

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
  if (g.position().in_check()) {
    text += " - check!";
    if (g.start().variant() == chess::Variant::ThreeCheck)
      text += " (" + std::to_string(g.position().checks_given(~side)) + " of " + std::to_string(chess::ChecksToWin) + ")";
  }
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
  if (game().start().variant() == chess::Variant::ThreeCheck)
    draw_check_marks(target, assets, shown_position().checks_given(side), {x + width - (s.has_clock() ? 122.0f : 0.0f), y + 2});

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
  refresh_san();
  move_list_.draw(target, assets, {x, y, width, std::max(20.0f, bottom_player - y - 8)},
                  {&san_, game().start().fullmove_number(), game().start().side_to_move() == chess::BLACK,
                   shown_ply()},
                  view_ply_ ? MoveListView::Follow::Nothing : MoveListView::Follow::LastMove, "No moves yet");

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
      title = demo_ ? "Stop the demo?" : "Back to the menu?";
      text = demo_ ? "The game in progress stops and you go back to the menu."
                   : "The game is kept: Resume game on the menu goes on with it.";
      break;
    case Dialog::ConfirmResign: title = "Resign?"; text = "The game ends and your opponent wins."; break;
    case Dialog::ConfirmNewGame:
      title = "Start a new game?";
      text = "The game in progress is given up: it is neither recorded nor kept.";
      break;
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
    draw_failure_page(target, assets, mode_ == Mode::Demo ? "The demo cannot start" : "The game cannot start",
                      failure_);
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
  dump.add("variant", std::string(chess::names_of(g.start().variant()).id));
  dump.add("white_checks", g.position().checks_given(chess::WHITE));
  dump.add("black_checks", g.position().checks_given(chess::BLACK));
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