// SPDX-License-Identifier: MIT
#include "core/players/plugin_search.h"

#include <sys/eventfd.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cassert>
#include <condition_variable>
#include <mutex>
#include <string_view>
#include <system_error>

#include "core/chess/movegen.h"
#include "core/chess/uci.h"
#include "core/players/plugin_player.h"

namespace gambit::players {

namespace {

using Clock = PluginSearch::Clock;

std::atomic<int> g_abandoned{0};

// While a stop is wanted, the plugin's stop() is repeated this often: a stop
// that lands before the plugin's choose_move has begun would otherwise be lost.
constexpr std::chrono::milliseconds StopRepeat{10};
// The longest principal variation passed on to the info handler.
constexpr std::size_t MaxPvLength = 128;

// began + duration; none for durations beyond a year (which would overflow the clock: "never").
std::optional<Clock::time_point> time_after(Clock::time_point began, std::chrono::milliseconds duration) {
  constexpr std::chrono::milliseconds OneYear = std::chrono::hours(24 * 365);
  if (duration > OneYear) return std::nullopt;
  return began + std::max(duration, std::chrono::milliseconds(0));
}

std::chrono::milliseconds since(Clock::time_point began, Clock::time_point now) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(now - began);
}

}  // namespace

// Everything the search thread touches. The thread holds a reference, so an
// abandoned search (and the instance, with the library it points into) lives
// on until the plugin returns, if ever.
struct PluginSearch::State {
  State(std::shared_ptr<PlayerInstance> player, const MoveRequest& request, const chess::Position& current_position,
        bool considers_draws)
      : instance(std::move(player)), current(current_position), ask_draw(request.draw_offered && considers_draws),
        on_info(request.on_info) {
    play.variant = std::string(chess::names_of(request.start.variant()).id);
    play.start_fen = request.start.fen();
    for (chess::Move m : request.moves) play.moves.push_back(chess::to_uci(m));
    play.limits = request.limits;
    play.niceness = request.niceness;
    answered_fd = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  }
  ~State() {
    if (answered_fd >= 0) ::close(answered_fd);
  }

  // The search thread: asks the instance and publishes its answer.
  void run() {
    if (play.niceness != 0) setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), play.niceness);
    bool considering = ask_draw;  // the answer is consider_draw's
    InstanceAnswer result;
    if (considering) result = instance->consider_draw(play);
    if (!considering || (result.kind == InstanceAnswer::Kind::DrawAnswer && !result.accepts_draw)) {
      considering = false;
      result = instance->choose_move(play, [this](const Progress& progress) { report(progress); });
    }
    bool orphaned;
    {
      std::lock_guard lock(mutex);
      answered = true;
      answered_at = Clock::now();
      answer = std::move(result);
      in_consider_draw = considering;
      orphaned = abandoned;
    }
    changed.notify_all();
    if (answered_fd >= 0) {
      const std::uint64_t one = 1;
      [[maybe_unused]] const ssize_t written = ::write(answered_fd, &one, sizeof(one));
    }
    if (orphaned) {
      // The owner gave up on it: the instance is destroyed here, before the count says so.
      std::shared_ptr<PlayerInstance> last;
      {
        std::lock_guard lock(mutex);
        last = std::move(instance);
      }
      last.reset();
      g_abandoned.fetch_sub(1);
    }
  }

  // Sends the plugin's stop() unless the instance is gone. Any thread.
  void stop_plugin() {
    std::lock_guard lock(mutex);
    if (instance) instance->stop();
  }

  // The plugin's progress, its PV checked against the position (search thread).
  void report(const Progress& progress) {
    try {
      SearchInfo info = progress.numbers;
      info.pv = chess::legal_uci_prefix(current, progress.pv, MaxPvLength);
      std::lock_guard lock(info_mutex);
      if (forgotten) return;
      latest = info;
      ++info_sequence;
      if (on_info) on_info(info);
    } catch (...) {
    }
  }

  // No info reaches the owner from now on; waits for a report in progress.
  void forget() {
    std::lock_guard lock(info_mutex);
    forgotten = true;
    on_info = nullptr;
  }

  std::shared_ptr<PlayerInstance> instance;  // guarded by mutex once the search thread may have let go of it
  PlayRequest play;               // the request in the plugin's terms
  const chess::Position current;  // the position to move in, for checking the PVs and the move
  const bool ask_draw;            // a draw is offered and the plugin considers draws
  int answered_fd = -1;

  mutable std::mutex mutex;  // guards the fields below
  std::condition_variable changed;
  bool answered = false;
  bool abandoned = false;
  bool stop_wanted = false;
  Clock::time_point answered_at{};
  InstanceAnswer answer;
  bool in_consider_draw = false;  // the answer came from consider_draw, not choose_move

  mutable std::mutex info_mutex;  // guards the fields below; held while on_info runs
  InfoHandler on_info;
  bool forgotten = false;
  std::optional<SearchInfo> latest;
  std::uint64_t info_sequence = 0;
};

PluginSearch::PluginSearch(PluginPlayer& player, MoveRequest request) : player_(&player), began_(Clock::now()) {
  const auto failed = [&](std::string reason) {
    immediate_ = MoveAnswer{MoveAnswer::Kind::Failed, chess::Move::none(), std::move(reason), since(began_, Clock::now())};
  };
  if (!player.instance_) {
    failed(player.who() + " was abandoned after it did not answer in time");
    return;
  }
  if (!player.library_->plays(request.start.variant())) {
    failed(player.who() + " does not play " + std::string(chess::names_of(request.start.variant()).for_people));
    return;
  }
  chess::Position current = request.start;
  for (std::size_t i = 0; i < request.moves.size(); ++i) {
    if (!current.is_legal(request.moves[i])) {
      failed("invalid request to " + player.who() + ": move " + std::to_string(i + 1) + " (" +
             chess::to_uci(request.moves[i]) + ") is not legal in " + current.fen());
      return;
    }
    current.do_move(request.moves[i]);
  }
  if (chess::count_legal(current) == 0) {
    immediate_ = MoveAnswer{MoveAnswer::Kind::NoLegalMove, chess::Move::none(), {}, since(began_, Clock::now())};
    return;
  }

  state_ = std::make_shared<State>(player.instance_, request, current, player.library_->considers_draws());
  try {
    thread_ = std::thread([state = state_] { state->run(); });
  } catch (const std::system_error& e) {
    state_.reset();
    failed("cannot start a thread for " + player.who() + ": " + e.what());
    return;
  }
  // Soft limit: the movetime, else the side to move's clock (a backstop: the plugin manages its own time).
  const chess::Color us = current.side_to_move();
  const Limits& limits = request.limits;
  if (limits.movetime_ms > 0)
    soft_ = time_after(began_, std::chrono::milliseconds(limits.movetime_ms));
  else if (!limits.infinite && limits.time_ms[us] >= 0)
    soft_ = time_after(began_, std::chrono::milliseconds(limits.time_ms[us]));
  hard_deadline_ = request.hard_deadline;
  if (request.hard_deadline != MoveRequest::NoDeadline) hard_ = time_after(began_, request.hard_deadline);
}

PluginSearch::~PluginSearch() { cancel(); }

PluginSearch::PluginSearch(PluginSearch&& other) noexcept { *this = std::move(other); }

PluginSearch& PluginSearch::operator=(PluginSearch&& other) noexcept {
  if (this == &other) return *this;
  cancel();
  player_ = std::exchange(other.player_, nullptr);
  state_ = std::move(other.state_);
  thread_ = std::move(other.thread_);
  immediate_ = std::exchange(other.immediate_, std::nullopt);
  began_ = other.began_;
  soft_ = other.soft_;
  hard_ = other.hard_;
  hard_deadline_ = other.hard_deadline_;
  next_stop_ = other.next_stop_;
  return *this;
}

void PluginSearch::stop() {
  if (!state_) return;
  {
    std::lock_guard lock(state_->mutex);
    if (state_->answered) return;
    state_->stop_wanted = true;
  }
  state_->stop_plugin();
  state_->changed.notify_all();  // a waiting owner repeats the stop from now on
}

void PluginSearch::send_stop_if_due(Clock::time_point now) {
  bool wanted;
  {
    std::lock_guard lock(state_->mutex);
    wanted = state_->stop_wanted || (soft_ && now >= *soft_);
  }
  if (!wanted || now < next_stop_) return;
  state_->stop_plugin();
  next_stop_ = now + StopRepeat;
}

std::optional<Clock::time_point> PluginSearch::next_check() const {
  if (!player_) return std::nullopt;
  if (!state_) return Clock::now();  // the answer was known at the start
  std::optional<Clock::time_point> next = hard_;
  bool wanted;
  {
    std::lock_guard lock(state_->mutex);
    if (state_->answered) return std::nullopt;
    wanted = state_->stop_wanted || (soft_ && Clock::now() >= *soft_);
  }
  const std::optional<Clock::time_point> stop_at = wanted ? std::optional(next_stop_) : soft_;
  if (stop_at) next = next ? std::min(*next, *stop_at) : *stop_at;
  return next;
}

int PluginSearch::answered_fd() const { return player_ && state_ ? state_->answered_fd : -1; }

std::optional<MoveAnswer> PluginSearch::poll() { return wait_until(Clock::time_point::min()); }

MoveAnswer PluginSearch::wait() {
  assert(running());
  if (!running()) return MoveAnswer{MoveAnswer::Kind::Failed, chess::Move::none(), "no search is running", {}};
  std::optional<MoveAnswer> answer;
  while (!(answer = wait_until(Clock::time_point::max()))) {
  }
  return *answer;
}

std::optional<MoveAnswer> PluginSearch::wait_until(Clock::time_point until) {
  if (!player_) return std::nullopt;
  if (!state_) return finish();
  for (;;) {
    const Clock::time_point now = Clock::now();
    {
      std::lock_guard lock(state_->mutex);
      if (state_->answered) break;
    }
    if (hard_ && now >= *hard_) break;
    send_stop_if_due(now);
    const std::optional<Clock::time_point> check = next_check();
    const Clock::time_point wake = check ? std::min(*check, until) : until;
    if (now >= until) return std::nullopt;
    // Woken by the answer, or by a stop() from another thread (which is then repeated).
    std::unique_lock lock(state_->mutex);
    const bool stop_was_wanted = state_->stop_wanted;
    const auto woken = [&] { return state_->answered || state_->stop_wanted != stop_was_wanted; };
    if (wake == Clock::time_point::max())
      state_->changed.wait(lock, woken);
    else
      state_->changed.wait_until(lock, wake, woken);
  }
  return finish();
}

MoveAnswer PluginSearch::finish() {
  if (immediate_) {
    player_ = nullptr;
    return *std::exchange(immediate_, std::nullopt);
  }
  const std::string who = player_->who();
  bool answered;
  Clock::time_point answered_at;
  {
    std::lock_guard lock(state_->mutex);
    answered = state_->answered;
    answered_at = state_->answered_at;
  }
  if (!answered) {
    if (abandon())
      return MoveAnswer{MoveAnswer::Kind::TimedOut, chess::Move::none(),
                        who + " did not answer within " + std::to_string(hard_deadline_.count()) + " ms",
                        since(began_, Clock::now())};
    std::lock_guard lock(state_->mutex);  // it answered at the last moment: that answer counts
    answered_at = state_->answered_at;
  }
  state_->forget();
  thread_.join();
  PluginPlayer& player = *std::exchange(player_, nullptr);
  const State& s = *state_;
  const auto answer = [&](MoveAnswer::Kind kind, chess::Move move, std::string reason) {
    return MoveAnswer{kind, move, std::move(reason), since(began_, answered_at)};
  };
  const InstanceAnswer& a = s.answer;
  if (a.kind == InstanceAnswer::Kind::Failed && a.timed_out) {
    // An isolated instance that did not stop was ended: given up on, as one in this program is.
    player.instance_.reset();
    return answer(MoveAnswer::Kind::TimedOut, {}, who + " " + a.text);
  }
  if (a.kind == InstanceAnswer::Kind::Failed) return answer(MoveAnswer::Kind::Failed, {}, who + " " + a.text);
  if (a.kind == InstanceAnswer::Kind::PluginError)
    return answer(MoveAnswer::Kind::Failed, {},
                  who + " reported an error" + (s.in_consider_draw ? " when offered a draw" : "") + ": " + a.text);
  if (s.in_consider_draw) return answer(MoveAnswer::Kind::AcceptsDraw, {}, {});
  const std::string& text = a.text;
  if (text == "0000")
    return answer(MoveAnswer::Kind::Failed, {},
                  who + " answered '0000' (no move) although there are legal moves in " + s.current.fen());
  Result<chess::Move> move = chess::parse_uci_move(s.current, text);
  if (!move) return answer(MoveAnswer::Kind::Failed, {}, who + " answered a bad move: " + move.error());
  return answer(MoveAnswer::Kind::Move, *move, {});
}

bool PluginSearch::abandon() {
  state_->stop_plugin();
  {
    std::lock_guard lock(state_->mutex);
    if (state_->answered) return false;
    state_->abandoned = true;  // from here on the search thread owns the instance
    g_abandoned.fetch_add(1);
    player_->instance_.reset();  // the search thread's State holds it until the plugin returns
    // An isolated one's child is ended now (its thread returns at once); one in this program runs on.
    state_->instance->end();
  }
  state_->forget();
  thread_.detach();
  player_ = nullptr;
  return true;
}

bool PluginSearch::cancel(std::chrono::milliseconds grace) {
  if (!player_) return true;
  if (!state_) {
    player_ = nullptr;
    immediate_.reset();
    return true;
  }
  stop();
  const Clock::time_point deadline = Clock::now() + std::min(grace, std::chrono::milliseconds(std::chrono::hours(24)));
  hard_ = hard_ ? std::min(*hard_, deadline) : deadline;
  const std::optional<MoveAnswer> answer = wait_until(Clock::time_point::max());
  return !answer || answer->kind != MoveAnswer::Kind::TimedOut;
}

std::optional<SearchInfo> PluginSearch::latest_info(std::uint64_t* sequence) const {
  if (!player_ || !state_) {
    if (sequence) *sequence = 0;
    return std::nullopt;
  }
  std::lock_guard lock(state_->info_mutex);
  if (sequence) *sequence = state_->info_sequence;
  return state_->latest;
}

int PluginSearch::abandoned() { return g_abandoned.load(); }

}  // namespace gambit::players
