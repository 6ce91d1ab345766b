// SPDX-License-Identifier: MIT
// PluginSearch: one search of a PluginPlayer, on the one thread it owns, from
// PluginPlayer::start until its answer is taken or it is cancelled.
//
// The owner drives it: poll() never blocks, wait() and wait_until() do; both
// give the answer once, and meanwhile enforce the request's limits: the
// plugin's stop() at the soft limit (the movetime, else the side to move's
// clock), repeated until it answers, and at the hard deadline the search is
// given up (TimedOut). Limits are enforced only while the owner polls or
// waits: a window polls every frame; a protocol driver waits on its input and
// answered_fd() until next_check().
//
// The answer is checked against core/chess: every way a plugin can fail (an
// error status, an exception, text that is not a move, an illegal move,
// "0000" while legal moves exist, no answer in time) is a MoveAnswer saying why.
//
// Threading: one owner thread calls everything but stop(), which any thread
// may call while the handle lives. The plugin and the info handler run on the
// search thread.
//
// Abandonment: a plugin that has not answered by the hard deadline, or within
// cancel()'s grace, keeps its thread, its instance and its library; the thread
// destroys the instance if the plugin ever returns, and nothing of the host
// (the info handler included) is touched by it after the search was given up.
// The PluginPlayer is then unusable: every later call fails at once.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/chess/position.h"
#include "core/chess/types.h"
#include "core/players/player_types.h"

namespace gambit::players {

class PluginPlayer;

// Extra time a plugin gets beyond its limit before its seat loses on time (or,
// in gambit-engine, before its answer is given up): thread and process noise,
// and the slower sanitizer builds.
inline constexpr std::chrono::milliseconds Grace{1000};

// The hard deadline of a search allowed limit_ms: the limit plus the grace.
inline std::chrono::milliseconds search_deadline(std::int64_t limit_ms) {
  return std::chrono::milliseconds(limit_ms) + Grace;
}

// Receives SearchInfo on the search thread (not the owner's), one call at a
// time. It must be quick, must not throw (an exception is swallowed) and may
// call nothing on the search but stop(). It is never called after the answer
// was taken or the search cancelled or given up.
using InfoHandler = std::function<void(const SearchInfo&)>;

// What to think about: the position reached from start by moves, within limits.
struct MoveRequest {
  // "No hard deadline": wait as long as the plugin takes (e.g. UCI "go infinite").
  static constexpr std::chrono::milliseconds NoDeadline = std::chrono::milliseconds::max();

  chess::Position start;
  std::vector<chess::Move> moves;  // must be legal in turn; otherwise Failed without asking the plugin
  Limits limits;
  std::chrono::milliseconds hard_deadline = NoDeadline;  // from start(): then TimedOut
  // The opponent offered a draw with its last move. A plugin with
  // consider_draw is asked first, on the same thread and within the same
  // limits and deadline (AcceptsDraw when it agrees); one without it, or one
  // that declines, is asked for a move as usual.
  bool draw_offered = false;
  InfoHandler on_info;  // may be empty; the latest info is kept either way (latest_info)
  // Linux nice value of the search thread (inherited by threads the plugin
  // starts): a window keeps its frame rate on a machine with few cores.
  int niceness = 0;
};

// What a search came back with.
struct MoveAnswer {
  enum class Kind {
    Move,         // move is a legal move of the position
    NoLegalMove,  // the position has no legal move (checkmate or stalemate); the plugin was not asked
    AcceptsDraw,  // asked with a draw offer, the plugin accepted it (consider_draw); no move
    Failed,       // the plugin failed (or the request was invalid): reason says how; the seat forfeits
    TimedOut      // no answer by the hard deadline: the seat loses on time; the player is now abandoned
  };
  Kind kind = Kind::Failed;
  chess::Move move = chess::Move::none();
  std::string reason;                    // Failed / TimedOut: a sentence naming the player and the problem
  std::chrono::milliseconds elapsed{0};  // wall time from start() to the answer, measured by the host

  bool ok() const { return kind == Kind::Move || kind == Kind::NoLegalMove || kind == Kind::AcceptsDraw; }
};

class PluginSearch {
 public:
  using Clock = std::chrono::steady_clock;

  // No search: running() is false and there is never an answer.
  PluginSearch() = default;
  // Cancels a running search (cancel() with its default grace).
  ~PluginSearch();
  PluginSearch(PluginSearch&& other) noexcept;
  PluginSearch& operator=(PluginSearch&& other) noexcept;
  PluginSearch(const PluginSearch&) = delete;
  PluginSearch& operator=(const PluginSearch&) = delete;

  // Started and its answer not yet taken.
  bool running() const { return static_cast<bool>(player_); }

  // The answer once it is there (after that the search is over); nullopt
  // while the plugin thinks. Sends the plugin's stop() when it is due.
  std::optional<MoveAnswer> poll();
  // Blocks until the answer, or until `until` (nullopt then).
  std::optional<MoveAnswer> wait_until(Clock::time_point until);
  // Blocks until the answer. Without a hard deadline it waits as long as the
  // plugin takes: stop() it from another thread, or give it a deadline.
  MoveAnswer wait();

  // Asks the plugin to answer now with its best move so far (the answer is
  // still checked, the hard deadline still enforced). Thread-safe, never
  // blocks for long; repeated by poll() and wait() until the plugin answers,
  // since a stop that reaches it before its choose_move began is ignored.
  void stop();

  // Stops the search and forgets it, waiting at most grace for the plugin to
  // return. False when it had to be abandoned (the player is then unusable).
  bool cancel(std::chrono::milliseconds grace = std::chrono::milliseconds(250));

  // The most recent progress report, with a sequence number that grows with
  // every report (0 = none yet).
  std::optional<SearchInfo> latest_info(std::uint64_t* sequence = nullptr) const;

  // When poll() next has something to do besides taking an answer the plugin
  // gives (an answer known at the start: now; stop the plugin, repeat a stop,
  // give up at the hard deadline); nullopt: nothing but that (or no search).
  std::optional<Clock::time_point> next_check() const;
  // A descriptor that turns readable once the plugin has answered (for
  // poll(2) beside other input); -1 when there is no search.
  int answered_fd() const;

  // Searches abandoned in the whole process whose plugin has not returned yet
  // (thread-safe). A program exiting while this is non-zero should leave with
  // std::_Exit, so that no static destructor runs under a plugin still executing.
  static int abandoned();

 private:
  friend class PluginPlayer;
  struct State;  // shared with the search thread

  PluginSearch(PluginPlayer& player, MoveRequest request);
  // Called with the answer there, or at or after the hard deadline: the answer, and the search is over.
  MoveAnswer finish();
  // Gives up a search that has not answered (the player becomes unusable); false, and nothing changed,
  // when the answer arrived after all.
  bool abandon();
  void send_stop_if_due(Clock::time_point now);

  PluginPlayer* player_ = nullptr;  // the player searching; nullptr when no search runs
  std::shared_ptr<State> state_;
  std::thread thread_;
  std::optional<MoveAnswer> immediate_;  // an answer known without asking the plugin
  Clock::time_point began_{};
  std::optional<Clock::time_point> soft_, hard_;
  std::chrono::milliseconds hard_deadline_{0};
  Clock::time_point next_stop_{};  // when a wanted stop is (re)sent next
};

}  // namespace gambit::players
