// PlayScreen and the store, through recording::Recorder (its rules are there):
// finished games recorded the moment they end, the unfinished game kept after
// every move and when the screen closes; problems told as toasts.
#include <ctime>

#include "game/gui/app.h"
#include "game/gui/play_screen.h"

namespace gambit::gui {

namespace {

std::int64_t unix_now() { return std::int64_t(std::time(nullptr)); }

}  // namespace

void PlayScreen::tell(const std::optional<std::string>& problem) {
  if (problem) app_.toast(*problem);
}

void PlayScreen::game_began(bool resumed) {
  if (session()) tell(recorder_.began(game(), unix_now(), resumed));
}

void PlayScreen::record_finished_game() {
  if (session()) tell(recorder_.record_if_over(*session(), unix_now()));
}

void PlayScreen::give_up_game() { tell(recorder_.give_up()); }

void PlayScreen::keep_unfinished_game() {
  if (mode_ == Mode::Play && session_)
    tell(recorder_.keep_unfinished(*session_, seat_configs_, app_.now(), unix_now()));
}

}  // namespace gambit::gui
