// SPDX-License-Identifier: MIT
#include "core/match/game_session.h"

#include <algorithm>
#include <cassert>

#include "core/match/game_record.h"
#include "core/match/human_pace.h"
#include "core/match/rulebook.h"
#include "core/util/translation.h"

namespace gambit::match {

namespace {

using std::chrono::duration_cast;
using std::chrono::milliseconds;

// Searches run below the window's thread: on a machine with few cores the
// window keeps its frame rate while an AI thinks (the search loses little).
constexpr int SearchNiceness = 5;

std::int64_t ms_between(GameSession::TimePoint from, GameSession::TimePoint to) {
  return duration_cast<milliseconds>(to - from).count();
}

// The side that made ply `index` of a game starting with `first` to move.
chess::Color mover_of_ply(chess::Color first, std::size_t index) {
  return index % 2 == 0 ? first : ~first;
}

}  // namespace

GameSession::GameSession(std::array<players::Seat, chess::COLOR_NB> seats, const TimeControl& time_control,
                         std::optional<players::Seat> hint)
    : seats_(std::move(seats)), hint_(std::move(hint)), time_control_(time_control) {}

GameSession::~GameSession() { stop(); }

Result<GameSession::AiPlayer> GameSession::make_ai(const players::Seat& seat) {
  auto player = players::PluginPlayer::create(seat.plugin, seat.options, seat.isolation);
  if (!player) return Failure{player.error()};
  AiPlayer ai;
  ai.player = std::move(player).value();
  if (auto started = ai.player->new_game(); !started) return Failure{started.error()};
  return ai;
}

Result<std::unique_ptr<GameSession>> GameSession::create(std::array<players::Seat, chess::COLOR_NB> seats,
                                                         const TimeControl& time_control,
                                                         std::optional<players::Seat> hint, TimePoint now) {
  std::unique_ptr<GameSession> session(new GameSession(std::move(seats), time_control, std::move(hint)));
  for (chess::Color side : {chess::WHITE, chess::BLACK}) {
    if (session->seats_[side].human()) continue;
    auto ai = make_ai(session->seats_[side]);
    if (!ai) return Failure{ai.error()};
    session->ai_[side] = std::move(ai).value();
  }
  if (session->hint_) {
    // A hint player that cannot be created only disables hints; the reason is told when one is asked for.
    if (auto ai = make_ai(*session->hint_)) session->hint_ai_ = std::move(ai).value();
  }
  session->new_game(chess::Game(), now);
  return session;
}

// Ends a public call that can make events: its events go to the listener then,
// with the session whole again.
struct GameSession::Publication {
  Publication(GameSession& session, TimePoint now) : session(session), now(now) {}
  ~Publication() { session.publish(now); }
  Publication(const Publication&) = delete;
  Publication& operator=(const Publication&) = delete;
  GameSession& session;
  TimePoint now;
};

void GameSession::publish(TimePoint now) {
  for (; published_ < events_.size(); ++published_)
    if (listener_) listener_(*this, events_[published_], now);
}

void GameSession::cancel_searches() {
  for (AiPlayer* ai : {&ai_[chess::WHITE], &ai_[chess::BLACK], &hint_ai_}) {
    if (!ai->search.cancel()) *ai = AiPlayer{};  // abandoned: a fresh player is made when needed
  }
  held_answer_.reset();
  held_running_ = false;
}

void GameSession::stop() { cancel_searches(); }

void GameSession::new_game(chess::Game game, TimePoint now,
                           std::optional<std::array<std::int64_t, chess::COLOR_NB>> remaining) {
  cancel_searches();
  game_ = std::move(game);
  clock_ms_ = {time_control_.initial_ms, time_control_.initial_ms};
  if (remaining && has_clock()) clock_ms_ = *remaining;
  // Taking back a move already in the record (a loaded or resumed game) gives
  // the clocks this game started with.
  clock_history_.assign(game_.moves().size(), clock_ms_);
  turn_clock_ = clock_ms_;
  turn_started_ = last_move_at_ = now;
  step_allowed_ = false;
  reported_over_ = false;
  draw_offer_.reset();
  refused_offer_.reset();
  comments_.assign(game_.moves().size(), {});
  events_.clear();
  published_ = 0;
  for (chess::Color side : {chess::WHITE, chess::BLACK}) {
    AiPlayer& ai = ai_[side];
    if (!ai.player || !ai.player->usable()) continue;
    if (auto started = ai.player->new_game(); !started && !game_.is_over()) game_.forfeit(side, started.error());
  }
  note_if_over();
}

bool GameSession::human_to_move() const {
  return !game_.is_over() && seats_[game_.position().side_to_move()].human();
}

std::int64_t GameSession::remaining_ms(chess::Color side, TimePoint now) const {
  std::int64_t left = clock_ms_[side];
  if (!game_.is_over() && side == game_.position().side_to_move() && (!held_answer_ || held_running_) &&
      turn_timed())
    left -= ms_between(turn_started_, now);
  return left;
}

bool GameSession::turn_timed() const { return has_clock() && game_.moves().size() >= 2; }

bool GameSession::has_moved(chess::Color side) const { return side_has_moved(game_, side); }

bool GameSession::can_abort() const {
  if (game_.is_over()) return false;
  for (chess::Color side : {chess::WHITE, chess::BLACK})
    if (seats_[side].human() && !has_moved(side)) return true;
  return false;
}

void GameSession::charge_clock(chess::Color side, TimePoint now) {
  if (!turn_timed()) return;
  clock_ms_[side] -= ms_between(turn_started_, now);
  clock_ms_[side] += time_control_.increment_ms;
}

void GameSession::stop_clock(TimePoint now) {
  if (!has_clock() || game_.is_over()) return;
  const chess::Color side = game_.position().side_to_move();
  clock_ms_[side] = remaining_ms(side, now);
  turn_started_ = now;
}

void GameSession::apply_move(chess::Move move, TimePoint now) {
  const chess::Position& before = game_.position();
  SessionEvent event;
  event.kind = SessionEvent::Kind::MovePlayed;
  event.move = move;
  event.side = before.side_to_move();
  event.capture = move.kind() == chess::Move::EN_PASSANT || !before.empty(move.to());
  if (move.kind() == chess::Move::CASTLING) event.capture = false;
  const std::size_t ply = game_.moves().size();
  event.ply = ply;
  const bool declines_draw = draw_offered_to_mover();
  clock_history_.push_back(turn_clock_);
  const bool played = game_.play(move);
  assert(played);
  (void)played;
  event.check = game_.position().in_check();
  events_.push_back(std::move(event));
  const std::string mover(chess::color_name(events_.back().side));
  comments_.resize(ply);
  if (draw_offer_ && draw_offer_->by == events_.back().side && draw_offer_->ply == ply) {
    comments_.push_back(mover + " offers a draw");
  } else if (declines_draw) {
    comments_.push_back(mover + " declines the draw");
    refused_offer_ = std::exchange(draw_offer_, std::nullopt);
    events_.push_back({SessionEvent::Kind::Notice, chess::Move::none(), events_.back().side, false, false,
                       // TRANSLATORS: {player} is the name of the player (an AI's, "alphabeta (hard)", or the human's).
                       fill(tr("{player} declines the draw offer"), {{"player", seats_[events_.back().side].label}})});
  } else {
    comments_.emplace_back();
  }
  turn_started_ = last_move_at_ = now;
  turn_clock_ = clock_ms_;
  note_if_over();
}

void GameSession::note_if_over() {
  if (!game_.is_over() || reported_over_) return;
  reported_over_ = true;
  cancel_searches();
  SessionEvent event;
  event.kind = SessionEvent::Kind::GameOver;
  event.text = game_.outcome().description();
  events_.push_back(std::move(event));
}

bool GameSession::play_human_move(chess::Move move, TimePoint now) {
  const Publication publication(*this, now);
  if (!human_to_move() || !game_.position().is_legal(move)) return false;
  const chess::Color side = game_.position().side_to_move();
  hint_ai_.search.cancel();
  if (has_clock() && remaining_ms(side, now) <= 0) {
    clock_ms_[side] = 0;
    game_.flag(side);
    note_if_over();
    return true;
  }
  charge_clock(side, now);
  apply_move(move, now);
  return true;
}

bool GameSession::ensure_usable(chess::Color side) {
  AiPlayer& ai = ai_[side];
  if (ai.player && ai.player->usable()) return true;
  auto fresh = make_ai(seats_[side]);
  if (!fresh) {
    game_.forfeit(side, fresh.error());
    note_if_over();
    return false;
  }
  ai = std::move(fresh).value();
  return true;
}

void GameSession::start_search(chess::Color side, TimePoint now) {
  if (!ensure_usable(side)) return;
  players::MoveRequest request;
  request.start = game_.start();
  request.moves = game_.moves();
  request.hard_deadline = NoClockDeadline;
  request.niceness = SearchNiceness;
  request.draw_offered = draw_offered_to_mover();
  if (has_clock()) {
    for (chess::Color c : {chess::WHITE, chess::BLACK}) {
      request.limits.time_ms[c] = std::max<std::int64_t>(1, remaining_ms(c, now));
      request.limits.increment_ms[c] = time_control_.increment_ms;
    }
    request.hard_deadline = players::search_deadline(request.limits.time_ms[side]);
  }
  ai_[side].search = ai_[side].player->start(std::move(request));
}

void GameSession::take_answer(chess::Color side, TimePoint now) {
  std::optional<players::MoveAnswer> answer = ai_[side].search.poll();
  if (!answer) return;
  if (answer->kind == players::MoveAnswer::Kind::Move) {
    if (has_clock() && flag_fell(remaining_ms(side, now))) {
      clock_ms_[side] = 0;
      game_.flag(side);
      note_if_over();
      return;
    }
    if (paced_[side] && turn_timed()) {  // held until a person's time has passed, its clock running
      const std::optional<chess::Move> last =
          game_.moves().empty() ? std::nullopt : std::optional(game_.moves().back());
      held_until_ = turn_started_ + human_pace({game_.position(), answer->move, last, clock_ms_[side],
                                                time_control_.increment_ms, pace_seed_});
      held_running_ = true;
      held_answer_ = std::move(answer);
      return;
    }
    charge_clock(side, now);
    turn_started_ = now;
    held_answer_ = std::move(answer);
    return;
  }
  if (answer->kind == players::MoveAnswer::Kind::TimedOut) clock_ms_[side] = std::min<std::int64_t>(clock_ms_[side], 0);
  else stop_clock(now);
  decide_without_move(game_, side, *answer, seats_[side].label, draw_offered_to_mover());
  draw_offer_.reset();
  note_if_over();
}

void GameSession::take_hint() {
  std::optional<players::MoveAnswer> answer = hint_ai_.search.poll();
  if (!answer || hint_ply_ != game_.moves().size() || !human_to_move()) return;  // none yet, or stale
  SessionEvent event;
  if (answer->kind == players::MoveAnswer::Kind::Move) {
    event.kind = SessionEvent::Kind::HintReady;
    event.move = answer->move;
    event.side = game_.position().side_to_move();
  } else {
    event.kind = SessionEvent::Kind::Notice;
    // TRANSLATORS: {reason} is why the player that gives hints failed (often in English).
    event.text = fill(tr("No hint: {reason}"), {{"reason", answer->reason}});
  }
  events_.push_back(std::move(event));
}

void GameSession::update(TimePoint now) {
  const Publication publication(*this, now);
  take_hint();
  if (game_.is_over()) return;
  const chess::Color side = game_.position().side_to_move();
  if (has_clock() && (!held_answer_ || held_running_)) {
    const std::int64_t left = remaining_ms(side, now);
    const bool human = seats_[side].human();
    if ((human && left <= 0) || (!human && flag_fell(left))) {
      clock_ms_[side] = 0;
      game_.flag(side);
      note_if_over();
      return;
    }
  }
  if (seats_[side].human()) return;

  const bool may_move = !paused_ || step_allowed_;
  if (!held_answer_) {
    if (ai_[side].search.running()) {
      take_answer(side, now);
      if (game_.is_over()) return;
    } else if (may_move) {
      if (game_.claimable_draw()) {
        stop_clock(now);
        claim_for_ai(game_);
        note_if_over();
        return;
      }
      start_search(side, now);
      return;
    }
  }
  if (held_answer_ && held_running_) {  // a person's pace: the clock charged when the move is made
    if (now < held_until_) return;
    const chess::Move move = held_answer_->move;
    held_answer_.reset();
    held_running_ = false;
    charge_clock(side, now);
    turn_started_ = now;
    apply_move(move, now);
    return;
  }
  if (held_answer_ && may_move && now - last_move_at_ >= move_delay_) {
    const chess::Move move = held_answer_->move;
    held_answer_.reset();
    step_allowed_ = false;
    apply_move(move, now);
  }
}

std::vector<SessionEvent> GameSession::take_events() {
  published_ = 0;
  return std::exchange(events_, {});
}

bool GameSession::can_undo() const {
  if (!has_human() || game_.is_over()) return false;
  const chess::Color first = game_.start().side_to_move();
  for (std::size_t i = 0; i < game_.moves().size(); ++i)
    if (seats_[mover_of_ply(first, i)].human()) return true;
  return false;
}

bool GameSession::undo(TimePoint now) {
  const Publication publication(*this, now);
  if (!can_undo()) return false;
  cancel_searches();
  bool took_human_move = false;
  while (!game_.moves().empty()) {
    const chess::Color mover = ~game_.position().side_to_move();
    game_.undo();
    clock_ms_ = clock_history_.back();
    clock_history_.pop_back();
    took_human_move = took_human_move || seats_[mover].human();
    if (took_human_move && seats_[game_.position().side_to_move()].human()) break;
  }
  turn_clock_ = clock_ms_;
  turn_started_ = last_move_at_ = now;
  step_allowed_ = false;
  reported_over_ = false;
  comments_.resize(game_.moves().size());
  draw_offer_.reset();
  if (refused_offer_ && refused_offer_->ply >= game_.moves().size()) refused_offer_.reset();
  note_if_over();
  return true;
}

std::optional<chess::Termination> GameSession::claimable_draw() const {
  if (!human_to_move()) return std::nullopt;
  return game_.claimable_draw();
}

bool GameSession::claim_draw(TimePoint now) {
  const Publication publication(*this, now);
  if (!claimable_draw()) return false;
  stop_clock(now);
  if (!game_.claim_draw()) return false;
  note_if_over();
  return true;
}

bool GameSession::draw_offered_to_mover() const {
  return draw_offer_ && !game_.is_over() && draw_offer_->by != game_.position().side_to_move() &&
         draw_offer_->ply + 1 == game_.moves().size();
}

bool GameSession::draw_offer_made() const {
  return human_to_move() && draw_offer_ && draw_offer_->by == game_.position().side_to_move() &&
         draw_offer_->ply == game_.moves().size();
}

bool GameSession::draw_offered_to_human() const { return human_to_move() && draw_offered_to_mover(); }

bool GameSession::can_offer_draw() const {
  if (!human_to_move() || draw_offer_made() || draw_offered_to_mover()) return false;
  const chess::Color side = game_.position().side_to_move();
  return !(refused_offer_ && refused_offer_->by == side &&
           game_.moves().size() < refused_offer_->ply + 2 * ReofferAfterMoves);
}

bool GameSession::offer_draw() {
  if (!can_offer_draw()) return false;
  draw_offer_ = DrawOffer{game_.position().side_to_move(), game_.moves().size()};
  return true;
}

bool GameSession::accept_draw(TimePoint now) {
  const Publication publication(*this, now);
  if (!draw_offered_to_human()) return false;
  stop_clock(now);
  game_.agree_draw();
  draw_offer_.reset();
  note_if_over();
  return true;
}

bool GameSession::can_resign() const { return !game_.is_over() && has_human(); }

bool GameSession::resign(TimePoint now) {
  const Publication publication(*this, now);
  if (!can_resign()) return false;
  stop_clock(now);
  chess::Color side = game_.position().side_to_move();
  if (!seats_[chess::WHITE].human() || !seats_[chess::BLACK].human())
    side = seats_[chess::WHITE].human() ? chess::WHITE : chess::BLACK;
  game_.resign(side);
  note_if_over();
  return true;
}

bool GameSession::request_hint(TimePoint now) {
  const Publication publication(*this, now);
  if (!hint_ || !human_to_move() || hint_pending()) return false;
  if (!hint_ai_.player || !hint_ai_.player->usable()) {
    auto fresh = make_ai(*hint_);
    if (!fresh) {
      events_.push_back({SessionEvent::Kind::Notice, chess::Move::none(), chess::WHITE, false, false,
                         fill(tr("No hint: {reason}"), {{"reason", fresh.error()}})});
      return false;
    }
    hint_ai_ = std::move(fresh).value();
  }
  players::MoveRequest request;
  request.start = game_.start();
  request.moves = game_.moves();
  request.limits.movetime_ms = HintTime.count();
  request.hard_deadline = HintTime + std::chrono::seconds(3);
  request.niceness = SearchNiceness;
  hint_ply_ = game_.moves().size();
  hint_ai_.search = hint_ai_.player->start(std::move(request));
  return true;
}

std::optional<chess::Color> GameSession::thinking_side() const {
  if (game_.is_over() || (held_answer_ && !held_running_)) return std::nullopt;
  const chess::Color side = game_.position().side_to_move();
  if (ai_[side].search.running() || held_running_) return side;  // held at a person's pace: still "thinking"
  return std::nullopt;
}

std::optional<players::SearchInfo> GameSession::thinking_info() const {
  const std::optional<chess::Color> side = thinking_side();
  if (!side) return std::nullopt;
  return ai_[*side].search.latest_info();
}

void GameSession::set_paused(bool paused) {
  paused_ = paused;
  step_allowed_ = false;
}

void GameSession::step() {
  if (paused_) step_allowed_ = true;
}

chess::PgnGame GameSession::pgn(const std::string& event) const {
  chess::PgnGame record = pgn_record(game_, event, seats_[chess::WHITE].label, seats_[chess::BLACK].label,
                                     time_control_, seat_tags(seats_));
  if (std::any_of(comments_.begin(), comments_.end(), [](const std::string& c) { return !c.empty(); }))
    record.comments_after = comments_;
  return record;
}

}  // namespace gambit::match
