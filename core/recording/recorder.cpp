// SPDX-License-Identifier: MIT
#include "core/recording/recorder.h"

#include <sstream>

#include "core/chess/pgn.h"
#include "core/match/game_record.h"
#include "core/recording/store_entry.h"
#include "core/util/local_time.h"
#include "core/util/translation.h"

namespace gambit::recording {

namespace {

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

Result<Recorder::KeptGame> Recorder::read_kept(store::Store* store, const std::string& no_store) {
  // TRANSLATORS: {reason} says why there is no file of scores (the database that keeps an unfinished game).
  if (!store) return Failure{fill(tr("There is no game to resume: {reason}"), {{"reason", no_store}})};
  auto kept = store->games().interrupted();
  // TRANSLATORS: the kept game is the unfinished one, kept to be resumed; {reason} says why.
  if (!kept) return Failure{fill(tr("The kept game cannot be read: {reason}"), {{"reason", kept.error()}})};
  if (!kept.value()) return Failure{tr("There is no unfinished game to resume.")};
  const store::InterruptedGame& saved = *kept.value();
  chess::PgnReader reader(saved.pgn);
  auto pgn = reader.next();
  if (!pgn || !*pgn)
    // TRANSLATORS: {reason} says why, without a full stop; Play is the button that starts a game.
    return Failure{fill(tr("The kept game cannot be read: {reason}. Start a game with Play: it replaces the kept one."),
                        {{"reason", pgn ? pgn->error() : std::string(tr("it holds no game"))}})};
  KeptGame game{{seat_config(saved.white), seat_config(saved.black)},
                match::TimeControl{0, saved.clock_initial_ms, saved.clock_increment_ms},
                std::nullopt,
                match::game_from_pgn(**pgn),
                saved.rated,
                saved.unrated_reason};
  if (saved.clock_initial_ms > 0)
    game.clocks = std::array<std::int64_t, chess::COLOR_NB>{saved.white_ms, saved.black_ms};
  return game;
}

RatedDecision Recorder::rated_decision(const KeptGame& kept, const std::array<players::Seat, chess::COLOR_NB>& seats,
                                       bool has_store) {
  RatedDecision rated = decide_rated(seats, kept.game.start(), has_store);
  if (rated.rated && !kept.rated)
    // TRANSLATORS: why a game is not rated (said after "Not rated: ", without the full stop).
    rated = {false, kept.unrated_reason.empty() ? N_("it was not rated when it was kept.") : kept.unrated_reason};
  return rated;
}

std::optional<std::string> Recorder::resign_kept(store::Store& store, const std::string& profile, KeptGame kept,
                                                 const std::array<players::Seat, chess::COLOR_NB>& seats, bool rated,
                                                 std::int64_t now_unix) {
  chess::Game& game = kept.game;
  const chess::Color person = seats[chess::WHITE].human() ? chess::WHITE : chess::BLACK;
  if (game.is_over() || !game.resign(person)) return tr("The kept game cannot be resigned: it is over.");
  const chess::PgnGame pgn = match::pgn_record(game, "Gambit game", seats[chess::WHITE].label,
                                               seats[chess::BLACK].label, kept.time_control, match::seat_tags(seats));
  store::FinishedGame record =
      store_record(game, pgn, seat_identity(seats[chess::WHITE], profile), seat_identity(seats[chess::BLACK], profile),
                   kept.time_control, now_unix, now_unix, store::GameSource::Window);
  record.rated = rated;
  record.ends_interrupted = true;
  if (auto recorded = store.games().record_game(record); !recorded)
    // TRANSLATORS: {path} is the file of scores (a database), {reason} why.
    return fill(tr("The kept game could not be recorded in {path}: {reason}"),
                {{"path", store.path().string()}, {"reason", recorded.error()}});
  return std::nullopt;
}

Recorder::Recorder(store::Store* store, std::string profile, store::GameSource source)
    : store_(store), profile_(std::move(profile)), source_(source) {}

std::optional<std::string> Recorder::forget_kept() {
  if (!keeps_unfinished_) return std::nullopt;
  keeps_unfinished_ = false;
  if (auto cleared = store_->games().clear_interrupted(); !cleared)
    // TRANSLATORS: {reason} says why.
    return fill(tr("The unfinished game could not be forgotten: {reason}"), {{"reason", cleared.error()}});
  return std::nullopt;
}

std::optional<std::string> Recorder::began(const chess::Game& game, std::int64_t now_unix, bool resumed,
                                           RatedDecision rated) {
  std::optional<std::string> problem = forget_kept();  // the kept game was this recorder's previous one
  rated_ = std::move(rated);
  started_at_ = now_unix;
  rating_change_.reset();
  recorded_game_.reset();
  results_in_a_row_ = 0;
  given_up_ = false;
  moves_at_start_ = game.moves().size();
  recorded_ = game.is_over();  // a loaded game that was already over is not ours to record
  if (resumed && store_) {
    keeps_unfinished_ = true;
    moves_at_start_ = 0;  // its moves were played here, before the window closed
  }
  return problem;
}

void Recorder::make_unrated(const std::string& why) {
  if (rated_.rated) rated_ = RatedDecision{false, why};
}

std::optional<std::string> Recorder::record_if_over(const match::GameSession& session, std::int64_t now_unix) {
  const chess::Game& game = session.game();
  if (recorded_ || given_up_ || !game.is_over()) return std::nullopt;
  recorded_ = true;
  if (!store_ || !played_here(game)) return std::nullopt;
  const bool demo = source_ == store::GameSource::Demo;
  store::FinishedGame record = store_record(
      game, session.pgn(demo ? "Gambit demo" : "Gambit game"), seat_identity(session.seat(chess::WHITE), profile_),
      seat_identity(session.seat(chess::BLACK), profile_), session.time_control(), started_at_, now_unix, source_);
  record.ends_interrupted = keeps_unfinished_;
  record.rated = rated_.rated;
  auto recorded = store_->games().record_game(record);
  if (!recorded)  // a kept game stays kept: nothing is lost
    // TRANSLATORS: {path} is the file of scores (a database), {reason} why.
    return fill(tr("This game could not be recorded in {path}: {reason}"),
                {{"path", store_->path().string()}, {"reason", recorded.error()}});
  keeps_unfinished_ = false;
  recorded_game_ = recorded.value();
  if (auto change = store_->ratings().rating_change(recorded.value()); change && change.value()) {
    rating_change_ = *change.value();
    const rating::RatingPool pool = rating::pool_of(record.variant, record.time_control);
    if (auto history = store_->ratings().rating_history(pool); history && !history.value().empty()) {
      const store::RatingPoint& last = history.value().back();
      for (auto p = history.value().rbegin(); p != history.value().rend() && p->score == last.score &&
                                              p->opponent == last.opponent && last.score != 0.5;
           ++p)
        results_in_a_row_ += last.score == 1.0 ? 1 : -1;
    }
  }
  return std::nullopt;
}

std::optional<std::string> Recorder::keep_unfinished(const match::GameSession& session,
                                                     const std::array<config::SeatConfig, chess::COLOR_NB>& seats,
                                                     match::GameSession::TimePoint now, std::int64_t now_unix) {
  const chess::Game& game = session.game();
  if (source_ == store::GameSource::Demo || !store_ || recorded_ || given_up_ || game.is_over() ||
      !played_here(game))
    return std::nullopt;
  store::InterruptedGame kept;
  kept.pgn = chess::write_pgn(session.pgn("Gambit game"));
  kept.white = kept_seat(seats[chess::WHITE]);
  kept.black = kept_seat(seats[chess::BLACK]);
  kept.clock_initial_ms = session.time_control().initial_ms;
  kept.clock_increment_ms = session.time_control().increment_ms;
  kept.white_ms = session.remaining_ms(chess::WHITE, now);
  kept.black_ms = session.remaining_ms(chess::BLACK, now);
  kept.saved_at = now_unix;
  kept.rated = rated_.rated;
  kept.unrated_reason = rated_.why_not;
  if (auto saved = store_->games().save_interrupted(kept); !saved)
    // TRANSLATORS: {path} is the file of scores (a database), {reason} why.
    return fill(tr("The unfinished game could not be kept in {path}: {reason}"),
                {{"path", store_->path().string()}, {"reason", saved.error()}});
  keeps_unfinished_ = true;
  return std::nullopt;
}

void Recorder::follow(match::GameSession& session, std::array<config::SeatConfig, chess::COLOR_NB> seats) {
  seats_ = std::move(seats);
  followed_ = &session;
  session.set_listener([this](const match::GameSession& followed, const match::SessionEvent& event,
                              match::GameSession::TimePoint now) { heard(followed, event, now); });
}

void Recorder::heard(const match::GameSession& session, const match::SessionEvent& event,
                     match::GameSession::TimePoint now) {
  if (&session != followed_) return;  // one followed before
  const auto now_unix = unix_now();
  std::optional<std::string> problem;
  if (event.kind == match::SessionEvent::Kind::MovePlayed) problem = keep_unfinished(session, seats_, now, now_unix);
  else if (event.kind == match::SessionEvent::Kind::GameOver) problem = record_if_over(session, now_unix);
  if (problem) problems_.push_back(std::move(*problem));
}

std::optional<std::string> Recorder::give_up() {
  given_up_ = true;
  return forget_kept();
}

}  // namespace gambit::recording
