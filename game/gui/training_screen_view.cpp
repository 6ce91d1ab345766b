// SPDX-License-Identifier: MIT
// TrainingScreen: drawing and the state dump.
#include <algorithm>
#include <cmath>

#include "core/chess/movegen.h"
#include "core/chess/san.h"
#include "core/chess/uci.h"
#include "core/learn/puzzle_themes.h"
#include "core/rating/glicko2.h"
#include "core/util/translation.h"
#include "game/gui/app.h"
#include "game/gui/board_mouse.h"
#include "game/gui/layout_log.h"
#include "game/gui/training_screen.h"

namespace gambit::gui {

namespace {

constexpr float PanelPad = 14;
constexpr float ButtonHeight = 34;
constexpr float ChoiceHeight = 30;
constexpr float Gap = 6;
constexpr float HelpHeight = 20;
constexpr float ToastSlot = 64;
constexpr float MoveBoxHeight = 68;  // the box and its two lines (MoveBox::draw)
const sf::Color HintColor(0, 140, 60, 150);


// "+12", "-9", "+0"
std::string signed_points(double change) {
  const long points = std::lround(change);
  return (points >= 0 ? "+" : "") + std::to_string(points);
}

// A puzzle's source in words. gambit-make-puzzles writes it in English as
// "<game>, after <move>" (learn::source_text); the move goes into a sentence of
// the player's language. Any other text (the file's is free) is shown as it is.
std::string source_words(const std::string& source) {
  constexpr std::string_view After = ", after ";
  const std::size_t at = source.rfind(After);
  if (at == std::string::npos)
    // TRANSLATORS: {source}: the game the puzzle comes from, in words, as the puzzle file gives it.
    return fill(tr("From {source}"), {{"source", source}});
  // TRANSLATORS: where a puzzle comes from: {game} is the game (its file and players), {move} the move before it ("14. h6").
  return fill(tr("From {game}, after {move}"),
              {{"game", source.substr(0, at)}, {"move", source.substr(at + After.size())}});
}

}  // namespace

sf::FloatRect TrainingScreen::toast_area(sf::Vector2f size) const {
  return toast_slot_.height > 0 ? toast_slot_ : Screen::toast_area(size);
}

void TrainingScreen::layout(sf::Vector2f size) {
  if (!problem_.empty()) {  // a message page: Back (and Next for puzzles of another theme) at the bottom
    for (auto& [action, button] : buttons_) button.rect = {};
    buttons_[Action::Back].rect = {std::round(size.x / 2 - 80), size.y - 90, 160, ButtonHeight};
    buttons_[Action::Back].primary = true;
    return;
  }
  const float panel_width = std::clamp(size.x * 0.38f, 320.0f, 520.0f);
  panel_ = {size.x - panel_width, 0, panel_width, size.y};
  board_.layout({8, 0, size.x - panel_width - 8, size.y});
  // Two rows of three buttons at the bottom of the panel, over the help line;
  // the theme above them (puzzles).
  const float inner = panel_width - 2 * PanelPad;
  const float row2 = size.y - PanelPad - HelpHeight - ButtonHeight;
  const float row1 = row2 - Gap - ButtonHeight;
  buttons_.place_grid(panel_.left + PanelPad, row1, inner, 3, ButtonHeight, Gap);
  theme_choice_.rect = kind_ == Kind::Puzzles ? sf::FloatRect{panel_.left + PanelPad, row1 - Gap - ChoiceHeight, inner, ChoiceHeight}
                                              : sf::FloatRect{};
  const bool over = attempt_over();
  auto set = [&](Action action, bool enabled, bool primary = false) {
    buttons_[action].enabled = enabled;
    buttons_[action].primary = primary;
  };
  set(Action::Hint, may_move());
  set(Action::Solution, session_ && !check_ && !solution_shown_);
  set(Action::Retry, session_ && !check_ && (over || !session_->moves().empty() || solution_shown_));
  set(Action::Next, !check_, over);
  set(Action::Flip, true);
  set(Action::Back, true);
}

std::string TrainingScreen::prompt() const {
  if (!session_) return "";
  if (check_) return tr("Checking your move...");
  // TRANSLATORS: a practised position's better move was found; a puzzle was solved.
  if (session_->state() == learn::PuzzleSession::State::Solved) return kind_ == Kind::Practice ? tr("Found.") : tr("Solved.");
  if (session_->state() == learn::PuzzleSession::State::Missed) return tr("Missed.");
  if (solution_shown_) return tr("The solution.");
  const bool white = session_->solver() == chess::WHITE;
  if (kind_ == Kind::Practice) return white ? tr("Find a better move for White.") : tr("Find a better move for Black.");
  return white ? tr("Find the best move for White.") : tr("Find the best move for Black.");
}

BoardScene TrainingScreen::scene() const {
  BoardScene scene;
  const chess::Position& pos = shown();
  scene.position = &pos;
  scene.last_move = shown_last_move();
  if (may_move()) add_input(scene, input_, pos, mouse_);
  if (hint_ && may_move()) scene.circles.push_back({*hint_, HintColor});
  return scene;
}

void TrainingScreen::draw_panel(sf::RenderTarget& target) {
  const Assets& assets = app_.assets();
  fill_rect(target, panel_, colors::Panel);
  const LayoutLog::Region region("training panel", panel_);
  const float x = panel_.left + PanelPad, width = panel_.width - 2 * PanelPad;
  float bottom = (kind_ == Kind::Puzzles ? theme_choice_.rect.top : buttons_.front().rect.top) - 8;
  // The move box over the buttons (a move typed as on Play), then the texts from the top down to it.
  if (session_) {
    const float box_top = bottom - MoveBoxHeight;
    move_box_.draw(target, assets, session_->position(), x, box_top, width, "");
    bottom = box_top - 6;
  }
  toast_slot_ = {};
  if (!app_.toast_text().empty()) {
    toast_slot_ = {x, bottom - ToastSlot, width, ToastSlot};
    bottom -= ToastSlot + 6;
  }
  float y = PanelPad;
  // Lines of wrapped text while they fit above `bottom`.
  const auto paragraph = [&](const std::string& text, unsigned size, sf::Color color, const sf::Font& font) {
    const float line_height = float(size) + 5;
    for (const std::string& line : wrap_text(font, text, size, width)) {
      if (y + line_height > bottom) return;
      draw_text(target, font, line, size, {x, y}, color);
      y += line_height;
    }
    y += 6;
  };
  const bool practice = kind_ == Kind::Practice;
  paragraph(practice ? tr("Practise your mistakes") : tr("Puzzles"), 20, colors::Text, assets.bold());
  if (practice) {
    // TRANSLATORS: the position shown is the {n}th of the {total} positions to practise today.
    paragraph(fill(tr("Position {n} of {total} due today"),
                   {{"n", std::to_string(due_index_)}, {"total", std::to_string(due_.size())}}),
              14, colors::TextDim, assets.font());
  } else if (rating_) {
    const std::string rating = rating::rating_text(rating_->rating);
    // TRANSLATORS: {rating}: the puzzle rating with its margin ("1500 ± 120"); {change}: how the last puzzle moved
    // it ("+12", "-9").
    const std::string text = change_ ? fill(tr("Your puzzle rating: {rating} ({change})"),
                                            {{"rating", rating},
                                             {"change", signed_points(change_->after.rating - change_->before.rating)}})
                                     : fill(tr("Your puzzle rating: {rating}"), {{"rating", rating}});
    paragraph(text, 14, colors::TextDim, assets.font());
  }
  paragraph(prompt(), 17, colors::Text, assets.bold());
  if (practice && practice_) {
    const bool blunder = practice_->judgement == store::PracticeJudgement::Blunder;
    // TRANSLATORS: {move}: the move played in the game ("Nf3").
    paragraph(blunder ? fill(tr("In your game you played {move} here, a blunder."), {{"move", practice_played_}})
                      : fill(tr("In your game you played {move} here, a mistake."), {{"move", practice_played_}}),
              14, colors::TextDim, assets.font());
  }
  if (!verdict_.empty())
    paragraph(verdict_, 15, tone_ == Tone::Right ? colors::Accent : tone_ == Tone::Wrong ? colors::Warning : colors::Text,
              assets.font());
  if (solution_shown_ && !solution_text_.empty()) {
    // TRANSLATORS: {line}: the solution's moves ("24. Qxh7+ Kxh7 25. Rh3+").
    paragraph(fill(tr("Solution: {line}"), {{"line", solution_text_}}), 14, colors::Text, assets.font());
  }
  if (attempt_over() || solution_shown_) {
    if (practice && practice_ && !practice_->reason.empty()) {
      // The reason is kept in the store as the review said it, in the language of that time.
      const Placeholder move{"move", practice_played_}, reason{"reason", practice_->reason};
      // TRANSLATORS: {move}: the move played in the game ("Nf3"); {reason}: why it was bad, a sentence.
      paragraph(practice_->judgement == store::PracticeJudgement::Blunder
                    ? fill(tr("Why {move} was a blunder: {reason}"), {move, reason})
                    : fill(tr("Why {move} was a mistake: {reason}"), {move, reason}),
                14, colors::TextDim, assets.font());
    }
    if (practice && rescheduled_) {
      const std::int64_t days = learn::box_interval(rescheduled_->box) / learn::SecondsPerDay;
      const Placeholder box{"box", std::to_string(rescheduled_->box)}, boxes{"boxes", std::to_string(learn::LeitnerBoxes)};
      // TRANSLATORS: when the position comes back to practise; the boxes are those of the Leitner system (a box
      // for each interval, the box of a position found goes up).
      paragraph(days == 1 ? fill(tr("Back tomorrow (box {box} of {boxes})."), {box, boxes})
                          : fill(trn("Back in {n} day (box {box} of {boxes}).", "Back in {n} days (box {box} of {boxes}).",
                                     static_cast<unsigned long>(days)),
                                 {{"n", std::to_string(days)}, box, boxes}),
                14, colors::TextDim, assets.font());
    }
    if (!practice && session_) {
      const learn::Puzzle& p = session_->puzzle();
      std::string themes;
      for (const std::string& theme : p.themes) themes += (themes.empty() ? "" : ", ") + learn::theme_title(theme);
      const Placeholder id{"id", p.id},
          rating{"rating", std::to_string(std::lround(change_ ? change_->puzzle_after.rating : p.rating))};
      // TRANSLATORS: {id}: the puzzle's name ("bg05v"); {rating}: how hard it is, as a rating ("1520"); {themes}: its
      // themes ("Fork, Middlegame").
      paragraph(themes.empty() ? fill(tr("Puzzle {id}, rated {rating}."), {id, rating})
                               : fill(tr("Puzzle {id}, rated {rating}: {themes}."), {id, rating, {"themes", themes}}),
                14, colors::TextDim, assets.font());
      if (!p.source.empty()) paragraph(source_words(p.source), 13, colors::TextDim, assets.font());
    }
  }
  if (kind_ == Kind::Puzzles) theme_choice_.draw(target, assets);
  buttons_.draw(target, assets);
  // TRANSLATORS: the help line under the buttons: "Ctrl+" and then each letter with it, and what it does (letters
  // alone type a move).
  std::string help = kind_ == Kind::Puzzles ? tr("Ctrl+ H hint  S solution  R retry  N next  T theme  F flip")
                                            : tr("Ctrl+ H hint  S solution  R retry  N next  F flip");
  if (text_width(assets.font(), help, 12) > width)
    help = kind_ == Kind::Puzzles ? tr("Ctrl+ H hint  S solution  R retry  N next  T theme")
                                  : tr("Ctrl+ H hint  S solution  R retry  N next");
  help = buttons_.help(help);
  draw_help_line(target, assets.font(), help, {x, panel_.height - PanelPad - 16}, width);
}

void TrainingScreen::draw(sf::RenderTarget& target) {
  const sf::Vector2f size = target.getView().getSize();
  layout(size);
  const Assets& assets = app_.assets();
  if (!problem_.empty()) {
    toast_slot_ = {20, size.y - 50, size.x - 40, 42};  // under Back (layout: 90 to 56 pixels from the bottom)
    draw_text_centred(target, assets.bold(), kind_ == Kind::Practice ? tr("Practise your mistakes") : tr("Puzzles"), 28,
                      {0, size.y / 2 - 140, size.x, 40});
    float y = size.y / 2 - 80;
    for (const std::string& line : wrap_text(assets.font(), problem_, 17, std::min(size.x - 120, 720.0f))) {
      draw_text_centred(target, assets.font(), line, 17, {0, y, size.x, 24}, colors::TextDim);
      y += 24;
    }
    buttons_[Action::Back].draw(target, assets);
    return;
  }
  const config::UiSettings& ui = app_.setup().settings().ui;
  if (session_) board_.draw(target, assets, ui.theme, ui.piece_set, scene());
  draw_panel(target);
}

void TrainingScreen::describe(StateDump& dump) const {
  buttons_.describe(dump);
  dump.add("problem", problem_);
  dump.add("move_box", move_box_.text());
  dump.add("move_error", move_box_.error());
  const bool have = session_.has_value();
  dump.add("puzzle_id", have && kind_ == Kind::Puzzles ? session_->puzzle().id : std::string());
  dump.add("practice_id", practice_ ? practice_->id : std::int64_t(0));
  dump.add("practice_reason", practice_ ? practice_->reason : std::string());  // as stored: English
  dump.add("start_fen", have ? session_->puzzle().fen : std::string());
  dump.add("fen", have ? shown().fen() : std::string());
  dump.add("solution", have ? chess::to_uci_line(session_->puzzle().solution) : std::string());
  dump.add("moves", have ? chess::to_uci_line(session_->moves()) : std::string());
  const char* state = !have ? ""
                      : session_->state() == learn::PuzzleSession::State::Solved ? "solved"
                      : session_->state() == learn::PuzzleSession::State::Missed ? "missed"
                                                                                 : "solving";
  dump.add("state", state);
  dump.add("prompt", prompt());
  dump.add("verdict", verdict_);
  dump.add("checking", check_ != nullptr);
  dump.add("reply_due", have && session_->reply_due());
  dump.add("may_move", may_move());
  std::vector<std::string> legal;  // the moves the board takes now
  if (may_move())
    for (chess::Move m : chess::legal_moves(session_->position())) legal.push_back(chess::to_uci(m));
  dump.add("legal", legal);
  dump.add("hint", hint_ ? chess::square_name(*hint_) : std::string());
  dump.add("solution_shown", solution_shown_ ? int(*solution_shown_) : -1);
  dump.add("recorded", recorded_);
  dump.add("tried", int(tried_count_));
  dump.add("solved", int(solved_count_));
  dump.add("puzzles", int(puzzles_.size()));
  dump.add("theme", theme_ids_.empty() ? std::string() : theme_ids_[theme_choice_.index]);
  dump.add("rating", rating_ ? rating_->rating.rating : 0.0);
  dump.add("rating_margin", rating_ ? rating::margin95(rating_->rating.deviation) : 0.0);
  dump.add("rating_change", change_ ? change_->after.rating - change_->before.rating : 0.0);
  dump.add("due", int(due_.size()));
  dump.add("box", rescheduled_ ? rescheduled_->box : 0);
  dump.add("due_at", rescheduled_ ? rescheduled_->due_at : std::int64_t(0));
  dump.add("flipped", board_.flipped());
  dump.add("board_x", double(board_.rect().left));
  dump.add("board_y", double(board_.rect().top));
  dump.add("board_size", double(board_.rect().width));
}

}  // namespace gambit::gui
