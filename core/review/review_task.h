// SPDX-License-Identifier: MIT
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

  // Where the review stands, read at one instant.
  struct Progress {
    std::size_t done = 0;    // positions judged in all
    std::size_t deeper = 0;  // positions searched again, deeper (game_review.h, "suspects")
    bool finished = false;  // ended: complete, cancelled or failed
    std::string failure;    // why it ended incomplete ("cancelled", or what failed); "" otherwise
  };
  // Copies the verdicts that arrived since the last call into `into` (sized to
  // the game's positions), and says where the review stands at that instant:
  // once finished without a failure, every verdict has been taken.
  Progress take_verdicts(std::vector<std::optional<PositionVerdict>>& into);
  // The whole review once it finished complete (given once).
  std::optional<GameReview> take_review();
  std::size_t positions() const { return total_; }
  // Stops the searches under way; the task then finishes at once.
  void cancel() { thread_.request_stop(); }

 private:
  const std::size_t total_;
  mutable std::mutex mutex_;  // guards what follows
  std::vector<std::optional<PositionVerdict>> verdicts_;
  std::vector<std::size_t> arrived_;  // indexes not yet taken
  Progress progress_;
  std::optional<GameReview> review_;
  std::jthread thread_;  // last: started once the rest is there, joined first
};

}  // namespace gambit::review
