// SPDX-License-Identifier: MIT
#include "core/review/review_task.h"

#include <utility>

namespace gambit::review {

ReviewTask::ReviewTask(std::vector<std::unique_ptr<players::PluginPlayer>> analysers, chess::PgnGame game,
                       players::Limits limits, int niceness)
    : total_(game.moves.size() + 1), verdicts_(total_) {
  thread_ = std::jthread([this, analysers = std::move(analysers), game = std::move(game), limits,
                          niceness](std::stop_token stop) {
    std::vector<players::PluginPlayer*> players;
    for (const auto& analyser : analysers) players.push_back(analyser.get());
    const auto arrived = [this](std::size_t index, const PositionVerdict& verdict, bool deeper) {
      const std::lock_guard lock(mutex_);
      verdicts_[index] = verdict;
      arrived_.push_back(index);
      ++(deeper ? progress_.deeper : progress_.done);
      return true;
    };
    Result<GameReview> review = review_game(players, game, limits, arrived, stop, niceness);
    const std::lock_guard lock(mutex_);
    progress_.finished = true;
    if (review) review_ = std::move(review).value();
    else progress_.failure = review.error();
  });
}

ReviewTask::~ReviewTask() {
  thread_.request_stop();
  if (thread_.joinable()) thread_.join();
}

ReviewTask::Progress ReviewTask::take_verdicts(std::vector<std::optional<PositionVerdict>>& into) {
  const std::lock_guard lock(mutex_);
  into.resize(total_);
  for (const std::size_t index : arrived_) into[index] = verdicts_[index];
  arrived_.clear();
  return progress_;
}

std::optional<GameReview> ReviewTask::take_review() {
  const std::lock_guard lock(mutex_);
  return std::exchange(review_, std::nullopt);
}

}  // namespace gambit::review
