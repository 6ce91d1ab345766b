// SPDX-License-Identifier: MIT
// PlayScreen, what it shows: the parts it gives its GameView (the header line,
// the move box under the status, the hint's arrow, the end-of-game box's
// buttons), its buttons and dialogs, and the state dump.
#include <algorithm>
#include <cctype>
#include <cmath>

#include "core/chess/san.h"
#include "core/util/translation.h"
#include "game/gui/app.h"
#include "game/gui/play_screen.h"

namespace gambit::gui {

namespace {

// A speed in the header's words, after the clock ("5+3 blitz").
std::string speed_words(rating::Speed speed) {
  switch (speed) {
    // TRANSLATORS: the speed of a game, after its clock in the Play screen's header line ("5+3 blitz").
    case rating::Speed::Bullet: return trc("speed", "bullet");
    case rating::Speed::Blitz: return trc("speed", "blitz");
    case rating::Speed::Rapid: return trc("speed", "rapid");
    case rating::Speed::Classical: return trc("speed", "classical");
    case rating::Speed::Untimed: return trc("speed", "untimed");
  }
  return std::string(rating::speed_key(speed));
}

}  // namespace

float PlayScreen::draw_move_box(sf::RenderTarget& target, float top) {
  return move_box_.draw(target, app_.assets(), game().position(), view_.panel_x(), top, view_.panel_width(),
                        view_.thinking_text());
}

std::string PlayScreen::header_text() const {
  // Its parts, each in its own words, apart by " · ".
  const chess::Variant variant = game().start().variant();
  std::string text = tr(chess::names_of(variant).for_people.data());
  text = capitalized(text);
  if (const auto number = game().start().chess960_number(); number && variant == chess::Variant::Chess960)
    text += " #" + std::to_string(*number);  // "Chess960 #123", the start's number as lichess and FIDE give it
  const match::TimeControl& clock = session_->time_control();
  const rating::RatingPool pool = match::pool_of_game(variant, clock);
  if (session_->has_clock())
    // TRANSLATORS: the clock in the Play screen's header line: {minutes} a game, {seconds} added a move, then the
    // game's speed ("5+3 blitz").
    text += " \xC2\xB7 " + fill(tr("{minutes}+{seconds} {speed}"),
                                 {{"minutes", std::to_string(clock.initial_ms / 60000)},
                                  {"seconds", match::seconds_text(clock.increment_ms)},
                                  {"speed", speed_words(pool.speed)}});
  else
    text += " \xC2\xB7 " + std::string(tr("no clock"));
  if (session_->has_human())
    // TRANSLATORS: the last part of the Play screen's header line: the game changes the player's rating, or not.
    text += " \xC2\xB7 " + std::string(recorder_.rated().rated ? tr("Rated") : tr("Casual"));
  return text;
}

float PlayScreen::draw_header(sf::RenderTarget& target, float top) const {
  const Assets& assets = app_.assets();
  const std::string header = header_text();
  const unsigned size = fitted_size(assets.font(), header, 14, 11, view_.panel_width());
  draw_text(target, assets.font(), fit_text(assets.font(), header, size, view_.panel_width()), size,
            {view_.panel_x(), top + float(14 - size)}, colors::TextDim);
  return top + 22;
}

void PlayScreen::draw_end_row(sf::RenderTarget& target, sf::FloatRect row) {
  // Play again, Swap colours (one human against an AI), Menu: in a row.
  std::vector<Button*> buttons{&end_again_};
  if (swap_offered()) buttons.push_back(&end_swap_);
  if (recorder_.recorded_game()) buttons.push_back(&end_review_);
  buttons.push_back(&end_menu_);
  const float gap = 10, n = float(buttons.size());
  const float bw = std::min(160.0f, (row.width - 32 - gap * (n - 1)) / n);
  // A narrow box (the smallest window) takes the short names; the tooltips keep the long ones.
  const bool narrow = bw < 120;
  // TRANSLATORS: the end-of-game box's buttons, the short words where the box is narrow (under 120 pixels a button).
  end_again_.label = narrow ? tr("Again") : tr("Play again");
  end_swap_.label = narrow ? tr("Swap") : tr("Swap colours");
  float bx = std::round(row.left + (row.width - bw * n - gap * (n - 1)) / 2);
  for (Button* b : buttons) {
    b->rect = {bx, row.top, std::floor(bw), row.height};
    b->draw(target, app_.assets());
    bx += bw + gap;
  }
}

void PlayScreen::draw(sf::RenderTarget& target) {
  layout();
  if (!session_) return view_.draw_failure(target, tr("The game cannot start"));
  GameView::Parts parts;
  parts.header = [this](sf::RenderTarget& t, float top) { return draw_header(t, top); };
  parts.status = view_.status_text();
  if (move_box_shown()) parts.under_status = [this](sf::RenderTarget& t, float top) { return draw_move_box(t, top); };
  parts.help =
      buttons_.help(tr("Drag or click the pieces, or type a move. Left and Right look back through the game."));
  if (hint_) parts.arrows.push_back({hint_->from(), hint_->to(), sf::Color(40, 170, 60, 190)});
  parts.end_row = [this](sf::RenderTarget& t, sf::FloatRect row) { draw_end_row(t, row); };
  view_.draw(target, parts);
  buttons_.draw(target, app_.assets());
  dialogs_.draw(target, app_.assets());
}

std::chrono::milliseconds PlayScreen::redraw_interval() const { return view_.redraw_interval(/*ticking=*/false); }
bool PlayScreen::ai_thinking() const { return view_.ai_thinking(); }
sf::FloatRect PlayScreen::toast_area(sf::Vector2f size) const {
  return view_.toast_slot().value_or(Screen::toast_area(size));
}
sf::FloatRect PlayScreen::modal_area() const { return dialogs_.area(); }

void PlayScreen::describe(StateDump& dump) const {
  dump.add("mode", name());
  if (!view_.describe(dump, session_ ? view_.status_text() : std::string())) return;
  dialogs_.describe(dump);
  buttons_.describe(dump);
  dump.add("move_box", move_box_.text());
  dump.add("move_error", move_box_.error());
  dump.add("header", header_text());
}

}  // namespace gambit::gui
