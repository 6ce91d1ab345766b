// AiWorker: a PluginPlayer thinking on a thread of its own, so that the thread
// which owns the window never waits for an AI (ARCHITECTURE.md, "Threads").
//
// The owner starts one search at a time and polls: the latest SearchInfo and,
// once, the answer. cancel() stops a search promptly: it asks the plugin to
// stop and waits a short grace for it; a plugin that does not return in that
// time is left to finish on its detached thread (which keeps the player and
// its library alive), and this worker drops that player: usable() turns false
// and the owner creates a fresh player if it needs one.
//
// Threading: every member except the thread-safe statics is called from one
// thread (the owner's). The search thread touches only state shared through a
// mutex, never the owner's objects.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "core/chess/position.h"
#include "core/players/plugin_player.h"

namespace gambit::players {

class AiWorker {
 public:
  // What to think about: the position reached from start by moves, within limits.
  struct Request {
    chess::Position start;
    std::vector<chess::Move> moves;
    Limits limits;
    std::chrono::milliseconds hard_deadline = PluginPlayer::NoDeadline;
    bool draw_offered = false;  // the opponent offered a draw with its last move (PluginPlayer::choose_move)
  };

  explicit AiWorker(std::shared_ptr<PluginPlayer> player);
  ~AiWorker();  // cancel()
  AiWorker(const AiWorker&) = delete;
  AiWorker& operator=(const AiWorker&) = delete;

  // False once the player was abandoned (by cancel or by a hard-deadline timeout).
  bool usable() const;
  // A search was started and its answer has not been taken yet.
  bool busy() const { return static_cast<bool>(search_); }

  // Starts thinking. Precondition: usable() && !busy().
  void start(Request request);

  // The answer, once, when it has arrived; the worker is then idle again.
  std::optional<MoveAnswer> take_answer();
  // The most recent progress report of the running search, with a sequence
  // number that grows with every report (0 = none yet).
  std::optional<SearchInfo> latest_info(std::uint64_t* sequence = nullptr) const;

  // Stops the running search (if any) and forgets it, waiting at most grace
  // for the plugin to return. Returns false when the plugin had to be abandoned.
  bool cancel(std::chrono::milliseconds grace = std::chrono::milliseconds(250));

  // Searches left running by cancel() in the whole process (thread-safe). A
  // program exiting while this is non-zero should leave with std::_Exit, so
  // that no static destructor runs under a plugin still executing.
  static int abandoned_searches();

 private:
  struct Search;  // state shared with the search thread

  std::shared_ptr<PluginPlayer> player_;
  std::shared_ptr<Search> search_;
};

}  // namespace gambit::players
