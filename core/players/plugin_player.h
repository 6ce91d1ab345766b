// PluginPlayer: one instance of a player plugin sitting at the board (a seat).
//
// It owns the instance (create() on construction, destroy() on destruction)
// and the library it came from. choose_move runs the plugin's choose_move (and
// its consider_draw, when a draw is offered) on a worker thread of its own while the calling thread waits, asks it to stop at
// the soft limit, and gives up at the hard deadline. The plugin is never
// trusted: its answer is checked against core/chess, and every way it can fail
// (error status, exception, text that is not a move, an illegal move, "0000"
// while legal moves exist, no answer in time) becomes a MoveAnswer saying why.
//
// Threading: create, new_game, choose_move and the destructor are called from
// one thread at a time (any thread, but never two at once); stop() may be
// called from any thread at any time. new_game and create run the plugin on
// the calling thread (they are expected to be quick) and have no deadline.
//
// Abandonment: when the plugin has not answered by the hard deadline, the
// worker thread is detached and left running with the instance and a reference
// to the library (so its code stays loaded). If the plugin ever returns, that
// thread destroys the instance and ends; if it never does, both are leaked
// until the process exits. The PluginPlayer is then unusable: every later call
// fails at once. Nothing of the host (the info handler included) is touched by
// the abandoned thread after choose_move has returned.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "core/chess/position.h"
#include "core/util/result.h"
#include "core/chess/types.h"
#include "core/players/player_types.h"
#include "core/players/plugin_library.h"

namespace gambit::players {

// Extra time a plugin gets beyond its limit before its seat loses on time (or,
// in gambit-engine, before its answer is given up): thread and process noise,
// and the slower sanitizer builds.
inline constexpr std::chrono::milliseconds Grace{1000};

// The hard deadline of a search allowed limit_ms: the limit plus the grace.
inline std::chrono::milliseconds search_deadline(std::int64_t limit_ms) {
  return std::chrono::milliseconds(limit_ms) + Grace;
}

// Receives SearchInfo during choose_move, on the plugin's worker thread (not
// the thread calling choose_move), one call at a time. It must be quick, must
// not throw (an exception is swallowed) and may call nothing on the
// PluginPlayer but stop(). It is never called after choose_move has returned.
using InfoHandler = std::function<void(const SearchInfo&)>;

// What choose_move came back with.
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
  std::chrono::milliseconds elapsed{0};  // wall time from the call to the answer, measured by the host

  bool ok() const { return kind == Kind::Move || kind == Kind::NoLegalMove || kind == Kind::AcceptsDraw; }
};

class PluginPlayer {
 public:
  // "No hard deadline": wait as long as the plugin takes (e.g. UCI "go infinite").
  static constexpr std::chrono::milliseconds NoDeadline = std::chrono::milliseconds::max();

  // Creates an instance with the given options (name, value); options not
  // given take their defaults. A level is not applied here: resolve it first
  // (options.h resolve_options). Refused, naming the plugin and its file, when
  // an option is unknown, given twice or invalid (options.h validate_option), or
  // when the plugin's create() fails (with the plugin's message).
  static Result<std::unique_ptr<PluginPlayer>> create(std::shared_ptr<const PluginLibrary> library,
                                                      std::vector<std::pair<std::string, std::string>> options);

  // Destroys the instance (unless abandoned). No choose_move may be running.
  ~PluginPlayer();
  PluginPlayer(const PluginPlayer&) = delete;
  PluginPlayer& operator=(const PluginPlayer&) = delete;

  const PluginLibrary& library() const { return *library_; }
  // The options the instance was created with, in canonical form ("007" -> "7").
  const std::vector<std::pair<std::string, std::string>>& options() const { return options_; }
  // False once a choose_move timed out: the instance was abandoned.
  bool usable() const { return instance_ != nullptr; }

  // Tells the plugin a new game begins. Fails with the plugin's message.
  Result<std::monostate> new_game();

  // Chooses a move in the position reached from `start` by `moves` (which must
  // be legal in turn; otherwise Failed without asking the plugin), blocking the
  // calling thread until the answer. The plugin thinks within `limits`; the host
  // calls the plugin's stop() once movetime_ms has passed (or, with no movetime,
  // once the side to move's clock time has), and gives up `hard_deadline` after
  // the call began (TimedOut). on_info may be empty. A stop() that arrives
  // before this call has begun is not remembered: a front end whose stop may
  // race its own "go" keeps that state itself.
  //
  // draw_offered: the opponent offered a draw with its last move. A plugin
  // with consider_draw is asked first, on the same thread and within the same
  // limits and deadline; AcceptsDraw when it agrees. A plugin without it, or
  // one that declines, is asked for a move as usual.
  MoveAnswer choose_move(const chess::Position& start, const std::vector<chess::Move>& moves, const Limits& limits,
                         InfoHandler on_info, std::chrono::milliseconds hard_deadline, bool draw_offered = false);

  // Asks a running choose_move to answer now (it still checks the answer and
  // still enforces the hard deadline). Thread-safe, never blocks for long;
  // ignored when no choose_move is running (it does not affect the next one).
  void stop();

 private:
  struct Search;

  PluginPlayer(std::shared_ptr<const PluginLibrary> library, gambit_player* instance,
               std::vector<std::pair<std::string, std::string>> options);
  std::string who() const;  // "player 'random'"

  std::shared_ptr<const PluginLibrary> library_;
  gambit_player* instance_;  // nullptr once abandoned
  std::vector<std::pair<std::string, std::string>> options_;
  std::mutex search_mutex_;         // guards search_ against stop() from other threads
  std::shared_ptr<Search> search_;  // the running choose_move, if any
};

}  // namespace gambit::players
