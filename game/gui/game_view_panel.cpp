// SPDX-License-Identifier: MIT
// GameView, what it shows: the layout of board and side panel, the panel
// (players, clocks, captured pieces, status, thinking line, move list, the
// help line), the end-of-game box, and the state dump.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/chess/opening_names.h"
#include "core/chess/san.h"
#include "core/chess/uci.h"
#include "core/match/game_record.h"
#include "core/review/game_review.h"
#include "core/util/translation.h"
#include "game/gui/app.h"
#include "game/gui/board_shapes.h"
#include "game/gui/keyboard_focus.h"
#include "game/gui/layout_log.h"
#include "game/gui/game_view.h"

namespace gambit::gui {

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

namespace {

using chess::Color;
constexpr float PanelPad = 16;
constexpr float HelpLine = 15;      // one line of the help under the buttons
constexpr float PlayerRow = 32;     // from a player's name row to its clock and captured pieces
constexpr float PlayerHeight = 60;  // a player's two rows
constexpr float ClockWidth = 96;
constexpr float OpeningLine = 20;  // the opening's name above the move list


int piece_value(chess::PieceType type) {
  static constexpr int values[] = {0, 1, 3, 3, 5, 9, 0};
  return values[type];
}


}  // namespace

// ---------------------------------------------------------------------------
// Drawing

// The panel, top to bottom: the screen's header (Parts::header), the player at
// the top of the board, the status and the block under it (Parts::under_status),
// the move list (with a toast's slot at its top while one shows), the player at
// the bottom, the screen's buttons, two lines of help. Every row has its own
// height: nothing is drawn over anything else at any window size from
// App::MinWidth x MinHeight up.
void GameView::layout(sf::Vector2f size, std::size_t buttons) {
  const float panel_width = std::clamp(size.x * 0.34f, 320.0f, 440.0f);
  panel_ = {size.x - panel_width, 0, panel_width, size.y};
  board_.layout({0, 0, size.x - panel_width, size.y});

  // The screen's buttons: a grid of three columns above the help lines.
  const std::size_t rows = (buttons + 2) / 3;
  help_top_ = size.y - PanelPad - 2 * HelpLine;
  const float top = help_top_ - float(rows) * (ButtonHeight + ButtonGap);
  buttons_area_ = {panel_.left + PanelPad, top, panel_width - 2 * PanelPad, help_top_ - ButtonGap - top};
  failure_menu_.rect = {std::round(size.x / 2 - 110), size.y / 2 + 60, 220, 44};
}

float GameView::panel_x() const { return panel_.left + PanelPad; }
float GameView::panel_width() const { return panel_.width - 2 * PanelPad; }

std::optional<sf::FloatRect> GameView::toast_slot() const {
  if (!session() || toast_slot_.height <= 0) return std::nullopt;
  return toast_slot_;
}

std::string GameView::status_text() const {
  const match::GameSession& s = *session();
  const chess::Game& g = game();
  if (view_ply_)
    // TRANSLATORS: {move} is the number of the move shown, {ply} that of its half-move, {plies} the half-moves
    // of the game; "End" is a key.
    return fill(tr("Looking at move {move} (ply {ply} of {plies}): End or a click on the board returns to the game"),
                {{"move", std::to_string((*view_ply_ + 1) / 2)},
                 {"ply", std::to_string(*view_ply_)},
                 {"plies", std::to_string(g.moves().size())}});
  if (g.is_over()) return g.outcome().shown_description();
  const Color side = g.position().side_to_move();
  std::string text;
  const bool one_human = s.seat(chess::WHITE).human() != s.seat(chess::BLACK).human();
  if (s.seat(side).human())
    text = one_human ? tr("Your move") : side == chess::WHITE ? tr("White to move") : tr("Black to move");
  else
    // TRANSLATORS: {player} is an AI player's name.
    text = fill(s.thinking_side() ? tr("{player} is thinking...") : tr("{player} to move"),
                {{"player", s.seat(side).label}});
  // What else holds, each part after " - " ("Your move - check!").
  if (g.position().in_check()) {
    if (g.start().variant() == chess::Variant::ThreeCheck)
      // TRANSLATORS: the status line's part after " - " in three-check: {n} checks given of the {total} that win.
      text += " - " + fill(tr("check! ({n} of {total})"), {{"n", std::to_string(g.position().checks_given(~side))},
                                                          {"total", std::to_string(chess::ChecksToWin)}});
    else
      // TRANSLATORS: the status line's part after " - " ("Your move - check!").
      text += " - " + std::string(tr("check!"));
  }
  if (auto claim = s.claimable_draw())
    text += " - " + std::string(*claim == chess::Termination::ThreefoldRepetition
                                    // TRANSLATORS: the status line's part after " - " ("Your move - you may claim a
                                    // draw (...)").
                                    ? tr("you may claim a draw (threefold repetition)")
                                    : tr("you may claim a draw (fifty-move rule)"));
  else if (s.draw_offer_made())
    // TRANSLATORS: the status line's part after " - " ("Your move - your draw offer goes with it"): with the move.
    text += " - " + std::string(tr("your draw offer goes with it"));
  else if (s.draw_offered_to_human())
    // TRANSLATORS: the status line's part after " - " ("Your move - Black offers a draw: ...").
    text += " - " + std::string(~side == chess::WHITE ? tr("White offers a draw: accept it, or move to decline")
                                                       : tr("Black offers a draw: accept it, or move to decline"));
  else if (s.draw_offered_to_mover() && !s.seat(side).human())
    // TRANSLATORS: {player} is an AI player's name.
    text = fill(tr("{player} is considering your draw offer..."), {{"player", s.seat(side).label}});
  return text;
}

std::string GameView::opening_text() const {
  return chess::opening_text(std::span(game().positions()).first(shown_ply() + 1));
}

std::string GameView::thinking_text() const {
  const match::GameSession& s = *session();
  std::optional<players::SearchInfo> info = s.thinking_info();
  if (!engine_help_shown()) return info ? tr("Rated game: the AI's thinking is not shown.") : "";
  if (!info || info->depth == 0) return "";
  const Color side = game().position().side_to_move();
  const std::string score = review::white_view_text(*info, side);
  std::string text =
      // TRANSLATORS: the AI's search: how deep it looked ({depth} half-moves), its score for the position ("+0.35",
      // "#-2": White's view), the positions it looked at ({nodes}, shortened: "1.2k", "3.4M").
      fill(score.empty() ? trn("depth {depth}  {nodes} nodes", "depth {depth}  {nodes} nodes", info->nodes)
                         : trn("depth {depth}  {score}  {nodes} nodes", "depth {depth}  {score}  {nodes} nodes",
                               info->nodes),
           {{"depth", std::to_string(info->depth)}, {"score", score}, {"nodes", count_text(info->nodes)}});
  chess::Position pos = game().position();
  std::string line;
  for (std::size_t i = 0; i < info->pv.size() && i < 8; ++i) {
    line += (line.empty() ? "" : " ") + chess::to_san(pos, info->pv[i]);
    pos.do_move(info->pv[i]);
  }
  return text + (line.empty() ? "" : "\n" + line);
}

void GameView::draw_player(sf::RenderTarget& target, Color side, float top) {
  const match::GameSession& s = *session();
  const Assets& assets = app_.assets();
  const std::string& piece_set = app_.setup().settings().ui.piece_set;
  const float x = panel_.left + PanelPad, width = panel_.width - 2 * PanelPad;
  const bool to_move = !game().is_over() && game().position().side_to_move() == side;
  const chess::Position& pos = shown_position();

  // First row: the side's colour as a disc, its player, the checks it gave (three-check).
  sf::CircleShape disc(8);
  disc.setPosition(x + 2, top + 6);
  disc.setFillColor(side == chess::WHITE ? sf::Color(240, 238, 230) : sf::Color(24, 24, 24));
  disc.setOutlineThickness(-1.5f);
  disc.setOutlineColor(side == chess::WHITE ? sf::Color(20, 20, 20) : sf::Color(200, 198, 190));
  target.draw(disc);
  float marks = 0;
  if (game().start().variant() == chess::Variant::ThreeCheck)
    marks = draw_check_marks(target, assets, pos.checks_given(side), {x + width, top + 6}) + 10;
  // The person by their profile's name (Setup::seats_to_play); two people as White and Black, the names the
  // PGN and the store keep, shown in the player's language.
  std::string label = s.seat(side).label;
  if (s.seat(chess::WHITE).human() && s.seat(chess::BLACK).human() && label == chess::color_name(side))
    // TRANSLATORS: a player's name in the Play screen's panel, when two people play at one board.
    label = side == chess::WHITE ? trc("side", "White") : trc("side", "Black");
  draw_text(target, assets.bold(), fit_text(assets.bold(), label, 16, width - 30 - marks), 16, {x + 30, top + 4},
            to_move ? colors::Text : colors::TextDim);

  // Second row: the clock on the right, the pieces this side captured and its material lead on the left.
  const float row = top + PlayerRow;
  float room = width;
  if (s.has_clock()) {
    const sf::FloatRect box(x + width - ClockWidth, row - 2, ClockWidth, 30);
    const std::int64_t ms = s.remaining_ms(side, app_.now());
    fill_rect(target, box, to_move ? (ms < 10000 ? sf::Color(160, 50, 40) : colors::Accent) : colors::PanelLight);
    const std::string name = std::string("clock ") + chess::color_name(side);
    if (LayoutLog* log = LayoutLog::active()) log->add_box(name, box);
    const LayoutLog::Region region(name, box);
    draw_text_centred(target, assets.bold(), clock_text(ms), 19, box);
    room -= ClockWidth + 10;
  }
  // Taken: what the other side had at the game's start and has no more (Racing Kings starts without pawns, a
  // set-up position with what it has).
  const chess::Position& start = game().start();
  std::vector<chess::PieceType> taken;
  int material = 0;
  for (chess::PieceType type : {chess::QUEEN, chess::ROOK, chess::BISHOP, chess::KNIGHT, chess::PAWN}) {
    const int missing =
        std::max(0, chess::popcount(start.pieces(~side, type)) - chess::popcount(pos.pieces(~side, type)));
    taken.insert(taken.end(), std::size_t(missing), type);
    material += piece_value(type) * (chess::popcount(pos.pieces(side, type)) - chess::popcount(pos.pieces(~side, type)));
  }
  if (taken.empty()) return;
  const std::string lead = material > 0 ? "+" + std::to_string(material) : "";
  const float lead_width = lead.empty() ? 0 : text_width(assets.font(), lead, 14) + 8;
  // Pieces overlap more as there are more of them, on a chip that contrasts with them: black pieces on a
  // light one, white pieces on a dark one (white on grey is hard to see).
  const float piece = 25, chip_room = room - lead_width - 8;
  const float step = std::min(15.0f, (chip_room - piece) / float(std::max<std::size_t>(1, taken.size() - 1)));
  const float chip_width = piece + step * float(taken.size() - 1) + 8;
  fill_rect(target, {x, row - 1, chip_width, 28}, side == chess::WHITE ? sf::Color(196, 191, 182) : sf::Color(52, 50, 47));
  float cx = x + 4;
  for (chess::PieceType type : taken) {
    assets.draw_piece(target, chess::make_piece(~side, type), {cx, row + 0.5f}, piece, piece_set);
    cx += step;
  }
  if (!lead.empty()) draw_text(target, assets.font(), lead, 14, {x + chip_width + 8, row + 5}, colors::TextDim);
}

void GameView::draw_panel(sf::RenderTarget& target, const Parts& parts) {
  const Assets& assets = app_.assets();
  fill_rect(target, panel_, colors::Panel);
  const LayoutLog::Region region("panel", panel_);
  const float x = panel_.left + PanelPad, width = panel_.width - 2 * PanelPad;
  const Color top_side = board_.flipped() ? chess::WHITE : chess::BLACK;
  float y = PanelPad;

  if (parts.header) y = parts.header(target, y);
  draw_player(target, top_side, y);
  y += PlayerHeight + 8;

  // Status (two lines at most), then the screen's block under it, of a fixed
  // height (the AI's thinking; Play: the move box and its line).
  const float status_top = y;
  // Smaller when a long status (a translation's) would need a third line.
  const unsigned status_size = wrap_text(assets.bold(), parts.status, 16, width).size() > 2 ? 14 : 16;
  for (const std::string& line : wrap_lines(assets.bold(), parts.status, status_size, width, 2)) {
    draw_text(target, assets.bold(), line, status_size, {x, y}, game().is_over() ? colors::Warning : colors::Text);
    y += 21;
  }
  const float under_status = status_top + 2 * 21 + 2;
  y = parts.under_status ? parts.under_status(target, under_status) : draw_thinking(target, under_status);

  // The move list, the latest move always in view while live; a toast takes the top of its room.
  const float bottom_player = buttons_area_.top - 8 - PlayerHeight;
  toast_slot_ = {};
  if (!app_.toast_text().empty()) {
    const std::size_t lines = std::min<std::size_t>(3, wrap_text(assets.font(), app_.toast_text(), 15, width - 24).size());
    toast_slot_ = {x, y, width, std::min(10.0f + 20.0f * float(lines), std::max(30.0f, bottom_player - 8 - y - 40))};
    y += toast_slot_.height + 6;
  }
  // The opening reached at the move shown, on a line of its own (empty before the first known position).
  draw_text(target, assets.font(), fit_text(assets.font(), opening_text(), 14, width), 14, {x, y}, colors::TextDim);
  y += OpeningLine;
  refresh_san();
  move_list_.draw(target, assets, {x, y, width, std::max(20.0f, bottom_player - y - 8)},
                  {&san_, game().start().fullmove_number(), game().start().side_to_move() == chess::BLACK,
                   shown_ply()},
                  view_ply_ ? MoveListView::Follow::Nothing : MoveListView::Follow::LastMove, tr("No moves yet"));

  draw_player(target, ~top_side, bottom_player);

  const auto lines = wrap_text(assets.font(), parts.help, 12, width);
  for (std::size_t i = 0; i < lines.size() && i < 2; ++i)
    draw_text(target, assets.font(), lines[i], 12, {x, help_top_ + HelpLine * float(i)}, colors::TextDim);
}

std::string GameView::end_headline() const {
  const match::GameSession& s = *session();
  const chess::Outcome& outcome = game().outcome();
  // TRANSLATORS: the end-of-game box's headline: the game ended in a draw (a noun).
  if (outcome.result == chess::GameResult::Draw) return trc("result", "Draw");
  const Color winner = *outcome.winner();
  if (s.seat(chess::WHITE).human() != s.seat(chess::BLACK).human())  // one human: speak to them
    return s.seat(winner).human() ? tr("You won") : tr("You lost");
  return winner == chess::WHITE ? tr("White wins") : tr("Black wins");
}

namespace {

// After a run of rated wins or losses, the measured level to try next.
std::string next_level_advice(const players::Seat& ai, int results_in_a_row) {
  constexpr int Run = 3;
  if (std::abs(results_in_a_row) < Run || !ai.plugin) return "";
  const players::LevelRating* next = players::next_rating(ai.plugin->ratings(), ai.level, results_in_a_row);
  const unsigned long run = static_cast<unsigned long>(std::abs(results_in_a_row));
  const std::string n = std::to_string(run);
  if (!next)
    return results_in_a_row > 0
               ? fill(trn("{n} win in a row against the strongest measured level: well played.",
                          "{n} wins in a row against the strongest measured level: well played.", run),
                      {{"n", n}})
               : "";
  const std::string player = players::ai_label(ai.plugin->id(), next->level);
  const std::string elo = std::to_string(std::lround(next->elo));
  // TRANSLATORS: {player} is an AI and its level ("alphabeta 1400"), {elo} its measured rating.
  return fill(results_in_a_row > 0 ? trn("{n} win in a row: try {player} next (measured {elo}).",
                                         "{n} wins in a row: try {player} next (measured {elo}).", run)
                                   : trn("{n} loss in a row: try {player} next (measured {elo}).",
                                         "{n} losses in a row: try {player} next (measured {elo}).", run),
              {{"n", n}, {"player", player}, {"elo", elo}});
}

}  // namespace

std::vector<std::string> GameView::end_details() const {
  const chess::Outcome& outcome = game().outcome();
  const match::GameSession& s = *session();
  std::string how = outcome.shown_description();  // "Black wins by checkmate", "Draw by stalemate"
  if (outcome.result != chess::GameResult::Draw && s.seat(chess::WHITE).human() != s.seat(chess::BLACK).human()) {
    // Spoken to the one human under the headline "You won" / "You lost".
    const bool lost = s.seat(*outcome.winner()).human() == false;
    how = lost && outcome.termination == chess::Termination::Resignation
              ? std::string(tr("You resigned"))
              // TRANSLATORS: {ending} is how the game ended ("checkmate", "time forfeit"), under "You won" or "You lost".
              : fill(tr("By {ending}"), {{"ending", tr(match::ending_words(outcome).c_str())}});
  }
  // The result after the words, never as a second bracket: "Draw by threefold repetition (claimed), 1/2-1/2."
  // TRANSLATORS: {ending} is how the game ended ("Black wins by checkmate", "You resigned"), {result} the
  // result as chess writes it ("1-0", "1/2-1/2").
  std::vector<std::string> details{fill(how.ends_with(')') ? tr("{ending}, {result}.") : tr("{ending} ({result})."),
                                        {{"ending", how}, {"result", outcome.pgn_result()}})};
  const bool one_human = s.seat(chess::WHITE).human() != s.seat(chess::BLACK).human();
  const players::Seat& ai = s.seat(s.seat(chess::WHITE).human() ? chess::BLACK : chess::WHITE);
  if (const auto& rating_change = recorder_.rating_change()) {
    const long change = std::lround(rating_change->after.rating) - std::lround(rating_change->before.rating);
    // TRANSLATORS: {before} and {after} are the player's rating before and after the game ("1724 ± 86", or
    // "1500?" while provisional), {change} the difference ("+12", "-8").
    details.push_back(fill(tr("Your rating: {before} \xE2\x86\x92 {after} ({change})."),
                           {{"before", rating::rating_text(rating_change->before)},
                            {"after", rating::rating_text(rating_change->after)},
                            {"change", (change >= 0 ? "+" : "") + std::to_string(change)}}));
    if (const std::string next = next_level_advice(ai, recorder_.results_in_a_row()); !next.empty())
      details.push_back(next);
  } else if (recorder_.source() == store::GameSource::Window && one_human && !recorder_.rated().rated) {
    details.push_back(recorder_.rated().words() + ".");  // what was decided before the game, and kept
  }
  return details;
}

void GameView::draw_end_box(sf::RenderTarget& target, const Parts& parts) {
  const sf::FloatRect& board = board_.rect();
  fill_rect(target, board, sf::Color(0, 0, 0, 120));
  const Assets& assets = app_.assets();
  const float width = std::round(board.width * 0.84f);
  std::vector<std::string> lines;
  for (const std::string& detail : end_details())
    for (const std::string& line : wrap_text(assets.font(), detail, 16, width - 32)) lines.push_back(line);
  const float height = 16 + 44 + 8 + 22 * float(lines.size()) + 16 + 44 + 18;
  const sf::FloatRect box(std::round(board.left + (board.width - width) / 2),
                          std::round(board.top + (board.height - height) / 2), width, height);
  fill_rect(target, box, sf::Color(30, 29, 27, 240));
  if (LayoutLog* log = LayoutLog::active()) log->cover(board);  // what is under the box no longer shows
  if (KeyboardFocus* focus = KeyboardFocus::active()) focus->cover(board);
  const LayoutLog::Region region("end of game", box);
  draw_text_centred(target, assets.bold(), end_headline(), 30, {box.left, box.top + 16, box.width, 44});
  float y = box.top + 16 + 44 + 8;
  for (const std::string& line : lines) {
    draw_text_centred(target, assets.font(), line, 16, {box.left, y, box.width, 22}, colors::TextDim);
    y += 22;
  }
  const float buttons_top = box.top + box.height - 18 - 44;
  if (parts.end_row) parts.end_row(target, {box.left, buttons_top, box.width, 44});
}

float GameView::draw_thinking(sf::RenderTarget& target, float top) const {
  const Assets& assets = app_.assets();
  const auto thinking = wrap_text(assets.font(), thinking_text(), 13, panel_width());
  for (std::size_t i = 0; i < thinking.size() && i < 3; ++i)
    draw_text(target, assets.font(), thinking[i], 13, {panel_x(), top + 17 * float(i)}, colors::TextDim);
  return top + 3 * 17 + 4;
}

void GameView::draw_failure(sf::RenderTarget& target, const std::string& title) {
  draw_failure_page(target, app_.assets(), title, failure_);
  failure_menu_.draw(target, app_.assets());
}

BoardScene GameView::scene(const Parts& parts) {
  const config::UiSettings& ui = app_.setup().settings().ui;
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
      scene.glide = BoardScene::Glide{glide_->piece, glide_->from, glide_->to, t};
    }
    scene.arrows.insert(scene.arrows.end(), parts.arrows.begin(), parts.arrows.end());
    ai_arrow_drawn_ = false;
    if (ui.show_ai_arrow && engine_help_shown())
      if (auto info = session()->thinking_info(); info && !info->pv.empty()) {
        scene.arrows.push_back({info->pv[0].from(), info->pv[0].to(), sf::Color(50, 110, 210, 170)});
        ai_arrow_drawn_ = true;
      }
    if (auto pending = input_.pending_promotion())
      scene.promotion = std::make_pair(pending->second, game().position().side_to_move());
    if (premove_ && premove_->to) {
      scene.premove = std::make_pair(premove_->from, *premove_->to);
    } else if (premove_) {  // being chosen: as a selection, the piece following the mouse while dragged
      scene.premove = std::make_pair(premove_->from, premove_->from);
      if (premove_->dragging) {
        scene.dragged = premove_->from;
        scene.drag_point = mouse_;
      }
    }
  }
  const BoardMarking::Shapes& shapes = marking_.shapes(shown_position().key());
  add_shapes(scene, shapes.arrows, shapes.circles, marking_, board_, mouse_);
  return scene;
}

void GameView::draw(sf::RenderTarget& target, const Parts& parts) {
  const config::UiSettings& ui = app_.setup().settings().ui;
  board_.draw(target, app_.assets(), ui.theme, ui.piece_set, scene(parts));
  draw_panel(target, parts);
  if (end_box_shown()) draw_end_box(target, parts);
}

bool GameView::describe(StateDump& dump, const std::string& status) const {
  if (!session()) {  // no game to show: the reason instead
    dump.add("failure", failure_);
    return false;
  }
  dump.add("shapes", shape_names(marking_.shapes(shown_position().key())));
  const chess::Game& g = game();
  dump.add("fen", g.position().fen());
  std::vector<std::string> moves;
  for (chess::Move m : g.moves()) moves.push_back(chess::to_uci(m));
  dump.add("moves", moves);
  dump.add("move_list", san_);  // as the move list last drew them
  dump.add("side_to_move", chess::color_name(g.position().side_to_move()));
  dump.add("human_to_move", session()->human_to_move());
  dump.add("thinking", ai_thinking());
  dump.add("thinking_line", thinking_text());
  dump.add("ai_arrow", ai_arrow_drawn_);
  dump.add("rated", recorder_.rated().rated);
  dump.add("rated_words", recorder_.rated().words());
  dump.add("result", g.outcome().pgn_result());
  dump.add("outcome", g.is_over() ? g.outcome().description() : std::string());
  if (g.is_over() && recorder_.source() == store::GameSource::Window) {
    dump.add("end_headline", end_headline());
    dump.add("end_details", end_details());
  }
  dump.add("status", status);
  dump.add("opening", opening_text());
  dump.add("board_x", double(board_.rect().left));
  dump.add("board_y", double(board_.rect().top));
  dump.add("board_size", double(board_.rect().width));
  dump.add("flipped", board_.flipped());
  dump.add("view_ply", view_ply_ ? int(*view_ply_) : -1);
  dump.add("selected", input_.selected() ? chess::square_name(*input_.selected()) : std::string());
  dump.add("premove", !premove_ ? std::string()
                                : chess::square_name(premove_->from) +
                                      (premove_->to ? chess::square_name(*premove_->to) : std::string()));
  dump.add("promotion_pending", input_.pending_promotion().has_value());
  dump.add("variant", std::string(chess::names_of(g.start().variant()).id));
  dump.add("white_checks", g.position().checks_given(chess::WHITE));
  dump.add("black_checks", g.position().checks_given(chess::BLACK));
  dump.add("white", session()->seat(chess::WHITE).label);
  dump.add("black", session()->seat(chess::BLACK).label);
  if (session()->has_clock()) {
    dump.add("white_clock_ms", session()->remaining_ms(chess::WHITE, app_.now()));
    dump.add("black_clock_ms", session()->remaining_ms(chess::BLACK, app_.now()));
  }
  return true;
}

}  // namespace gambit::gui