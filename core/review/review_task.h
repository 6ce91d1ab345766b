// ReviewTask: a game's review running on a thread of its own, for a front end
// that must never wait (the window). Its owner polls it once a frame for the
// verdicts that arrived since, shows them as they come, and may cancel.
//
// Threading: the owner's thread calls everything; the review's thread only
// fills the verdicts. Destroying the task cancels it and joins its thread,
// which returns within a search's cancel grace (PluginSearch::cancel).
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/chess/pgn.h"
#include "core/players/plugin_player.h"
#include "core/review/game_review.h"

namespace gambit::review {

class ReviewTask {
 public:
  // Starts reviewing `game` with the analysers (one search at a time each),
  // their searches at `niceness`.
  ReviewTask(std::vector<std::unique_ptr<players::PluginPlayer>> analysers, chess::PgnGame game,
             players::Limits limits, int niceness);
  ~ReviewTask();
  ReviewTask(const ReviewTask&) = delete;
  ReviewTask& operator=(const ReviewTask&) = delete;

  // Copies the verdicts that arrived since the last call into `into` (sized to
  // the game's positions); returns how many there are in all.
  std::size_t take_verdicts(std::vector<std::optional<PositionVerdict>>& into);
  std::size_t positions() const { return total_; }
  // The review has ended: completely, cancelled or failed.
  bool finished() const;
  // Why it ended without every verdict ("" while running or when complete).
  std::string failure() const;
  // Stops the searches under way; the task then finishes at once.
  void cancel() { thread_.request_stop(); }

 private:
  const std::size_t total_;
  mutable std::mutex mutex_;  // guards what follows
  std::vector<std::optional<PositionVerdict>> verdicts_;
  std::vector<std::size_t> arrived_;  // indexes not yet taken
  std::size_t done_ = 0;
  bool finished_ = false;
  std::string failure_;
  std::jthread thread_;  // last: started once the rest is there, joined first
};

}  // namespace gambit::review
