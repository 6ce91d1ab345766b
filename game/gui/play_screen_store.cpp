// PlayScreen and the store: each finished game is recorded the moment it
// ends; a game left unfinished in Play is kept after every move (and when the
// screen closes), so neither closing nor a crash loses it, and the menu offers
// it as "Resume game".
//
// Rules: a game is recorded once, when it ends (a finished game cannot be
// undone); a loaded game is recorded only if a move was played here; a game
// given up for a new one (New game, confirmed) is neither recorded nor kept; recording a game this screen kept clears the kept game in the
// same transaction; starting another game (New game, Load) gives up the kept
// one; a screen that never kept a game leaves an older kept game alone.
#include <ctime>
#include <sstream>

#include "core/chess/pgn.h"
#include "core/match/game_record.h"
#include "core/recording/store_entry.h"
#include "game/gui/app.h"
#include "game/gui/play_screen.h"

namespace gambit::gui {

namespace {

std::int64_t unix_now() { return std::int64_t(std::time(nullptr)); }

store::PlayerIdentity identity(const match::SessionSeat& seat, const std::string& profile) {
  if (seat.human()) return store::PlayerIdentity::person(profile);
  return store::PlayerIdentity::ai(seat.plugin->id(), seat.plugin->version(), match::options_text(seat.options),
                                   seat.label);
}

// A seat as the store keeps it: options one "name=value" per line.
store::InterruptedGame::Seat kept_seat(const config::SeatConfig& seat) {
  std::string options;
  for (const auto& [name, value] : seat.options) options += name + "=" + value + "\n";
  return {seat.player, seat.level, options};
}

config::SeatConfig seat_config(const store::InterruptedGame::Seat& kept) {
  config::SeatConfig seat{kept.player, kept.level, {}};
  std::istringstream lines(kept.options);
  for (std::string line; std::getline(lines, line);) {
    const auto equals = line.find('=');
    if (equals != std::string::npos) seat.options.emplace_back(line.substr(0, equals), line.substr(equals + 1));
  }
  return seat;
}

}  // namespace

Result<PlayScreen::KeptGame> PlayScreen::read_kept_game() {
  store::Store* store = app_.store();
  if (!store) return Failure{"There is no game to resume: " + app_.store_problem()};
  auto kept = store->interrupted();
  if (!kept) return Failure{"The kept game cannot be read: " + kept.error()};
  if (!kept.value()) return Failure{"There is no unfinished game to resume."};
  const store::InterruptedGame& saved = *kept.value();
  chess::PgnReader reader(saved.pgn);
  auto pgn = reader.next();
  if (!pgn || !*pgn)
    return Failure{"The kept game cannot be read: " + (pgn ? pgn->error() : std::string("it holds no game")) +
                          ". Start a game with Play: it replaces the kept one."};
  KeptGame game{{seat_config(saved.white), seat_config(saved.black)},
                match::TimeControl{0, saved.clock_initial_ms, saved.clock_increment_ms},
                std::nullopt,
                match::game_from_pgn(**pgn)};
  if (saved.clock_initial_ms > 0)
    game.clocks = std::array<std::int64_t, chess::COLOR_NB>{saved.white_ms, saved.black_ms};
  return game;
}

void PlayScreen::game_began() {
  if (keeps_unfinished_) {  // the kept game was this screen's previous one: given up
    if (auto cleared = app_.store()->clear_interrupted(); !cleared)
      app_.toast("The unfinished game could not be forgotten: " + cleared.error());
    keeps_unfinished_ = false;
  }
  started_at_ = unix_now();
  rating_change_.reset();
  moves_at_start_ = session() ? game().moves().size() : 0;
  recorded_ = session() && game().is_over();  // a loaded game that was already over is not ours to record
}

void PlayScreen::record_finished_game() {
  if (recorded_ || !session() || !game().is_over()) return;
  recorded_ = true;
  store::Store* store = app_.store();
  if (!store || game().moves().size() <= moves_at_start_) return;
  const match::GameSession& s = *session();
  const std::string& profile = app_.settings().store.profile;
  store::FinishedGame record = recording::store_record(
      game(), s.pgn(demo_ ? "Gambit demo" : "Gambit game"), identity(s.seat(chess::WHITE), profile),
      identity(s.seat(chess::BLACK), profile), s.time_control(), started_at_, unix_now(),
      demo_ ? store::GameSource::Demo : store::GameSource::Window);
  record.ends_interrupted = keeps_unfinished_;
  const auto before = store->rating();
  if (auto recorded = store->record_game(record); !recorded) {
    // Not lost: a kept game stays kept (the position before its last move).
    app_.toast("This game could not be recorded in " + store->path().string() + ": " + recorded.error());
    return;
  }
  keeps_unfinished_ = false;
  const bool one_human = s.seat(chess::WHITE).human() != s.seat(chess::BLACK).human();
  if (const auto after = store->rating(); one_human && record.from_start && before && after)
    rating_change_ = std::make_pair(before.value(), after.value());
}

void PlayScreen::give_up_game() {
  given_up_ = true;
  if (!keeps_unfinished_) return;
  if (auto cleared = app_.store()->clear_interrupted(); !cleared)
    app_.toast("The unfinished game could not be forgotten: " + cleared.error());
  keeps_unfinished_ = false;
}

void PlayScreen::keep_unfinished_game() {
  store::Store* store = app_.store();
  if (mode_ != Mode::Play || !session_ || !store || recorded_ || given_up_ || game().is_over() ||
      game().moves().size() <= moves_at_start_)
    return;
  const auto now = app_.now();
  store::InterruptedGame kept;
  kept.pgn = chess::write_pgn(session_->pgn("Gambit game"));
  kept.white = kept_seat(seat_configs_[chess::WHITE]);
  kept.black = kept_seat(seat_configs_[chess::BLACK]);
  kept.clock_initial_ms = session_->time_control().initial_ms;
  kept.clock_increment_ms = session_->time_control().increment_ms;
  kept.white_ms = session_->remaining_ms(chess::WHITE, now);
  kept.black_ms = session_->remaining_ms(chess::BLACK, now);
  kept.saved_at = unix_now();
  if (auto saved = store->save_interrupted(kept); !saved) {
    app_.toast("The unfinished game could not be kept in " + store->path().string() + ": " + saved.error());
    return;
  }
  keeps_unfinished_ = true;
}

}  // namespace gambit::gui
