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
    const auto arrived = [this](std::size_t index, const PositionVerdict& verdict) {
      const std::lock_guard lock(mutex_);
      verdicts_[index] = verdict;
      arrived_.push_back(index);
      ++done_;
      return true;
    };
    Result<GameReview> review = review_game(players, game, limits, arrived, stop, niceness);
    const std::lock_guard lock(mutex_);
    finished_ = true;
    if (!review) failure_ = review.error();
  });
}

ReviewTask::~ReviewTask() {
  thread_.request_stop();
  if (thread_.joinable()) thread_.join();
}

std::size_t ReviewTask::take_verdicts(std::vector<std::optional<PositionVerdict>>& into) {
  const std::lock_guard lock(mutex_);
  into.resize(total_);
  for (const std::size_t index : arrived_) into[index] = verdicts_[index];
  arrived_.clear();
  return done_;
}

bool ReviewTask::finished() const {
  const std::lock_guard lock(mutex_);
  return finished_;
}

std::string ReviewTask::failure() const {
  const std::lock_guard lock(mutex_);
  return failure_;
}

}  // namespace gambit::review
