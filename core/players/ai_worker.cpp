#include "core/players/ai_worker.h"

#include <algorithm>
#include <atomic>
#include <cassert>
#include <condition_variable>
#include <mutex>
#include <thread>

#include <sys/resource.h>
#include <unistd.h>

namespace gambit::players {

namespace {
std::atomic<int> g_abandoned{0};
constexpr int SearchNiceness = 5;  // Linux: per-thread nice, inherited by threads the plugin starts
}

struct AiWorker::Search {
  std::mutex mutex;
  std::condition_variable finished_cv;
  bool finished = false;
  bool abandoned = false;
  std::optional<MoveAnswer> answer;
  std::optional<SearchInfo> info;
  std::uint64_t info_sequence = 0;
};

AiWorker::AiWorker(std::shared_ptr<PluginPlayer> player) : player_(std::move(player)) {}

AiWorker::~AiWorker() { cancel(); }

bool AiWorker::usable() const { return player_ && player_->usable(); }

void AiWorker::start(Request request) {
  assert(usable() && !busy());
  auto search = std::make_shared<Search>();
  search_ = search;
  std::thread([search, player = player_, request = std::move(request)]() mutable {
    // Below the window's thread: on a machine with few cores the window keeps
    // its frame rate while an AI thinks (the search loses little when idle).
    setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), SearchNiceness);
    auto on_info = [&search](const SearchInfo& info) {
      std::lock_guard lock(search->mutex);
      search->info = info;
      ++search->info_sequence;
    };
    MoveAnswer answer = player->choose_move(request.start, request.moves, request.limits, on_info,
                                            request.hard_deadline, request.draw_offered);
    player.reset();  // an abandoned player is destroyed here, on this thread
    std::lock_guard lock(search->mutex);
    search->answer = std::move(answer);
    search->finished = true;
    if (search->abandoned) g_abandoned.fetch_sub(1);
    search->finished_cv.notify_all();
  }).detach();
}

std::optional<MoveAnswer> AiWorker::take_answer() {
  if (!search_) return std::nullopt;
  std::optional<MoveAnswer> answer;
  {
    std::lock_guard lock(search_->mutex);
    if (!search_->finished) return std::nullopt;
    answer = std::move(search_->answer);
  }
  search_.reset();
  return answer;
}

std::optional<SearchInfo> AiWorker::latest_info(std::uint64_t* sequence) const {
  if (!search_) {
    if (sequence) *sequence = 0;
    return std::nullopt;
  }
  std::lock_guard lock(search_->mutex);
  if (sequence) *sequence = search_->info_sequence;
  return search_->info;
}

bool AiWorker::cancel(std::chrono::milliseconds grace) {
  if (!search_) return true;
  // A stop that reaches the player before the search thread has entered
  // choose_move is ignored (PluginPlayer::stop), so it is repeated while waiting.
  constexpr std::chrono::milliseconds StopRepeat{10};
  using Clock = std::chrono::steady_clock;
  const Clock::time_point deadline = Clock::now() + std::min(grace, std::chrono::milliseconds(std::chrono::hours(24)));
  std::unique_lock lock(search_->mutex);
  bool finished = search_->finished;
  while (!finished) {
    lock.unlock();
    player_->stop();
    lock.lock();
    const Clock::time_point now = Clock::now();
    if (now >= deadline) {
      finished = search_->finished;
      break;
    }
    finished = search_->finished_cv.wait_until(lock, std::min(deadline, now + StopRepeat),
                                               [&] { return search_->finished; });
  }
  if (!finished) {
    search_->abandoned = true;
    g_abandoned.fetch_add(1);
    player_.reset();  // the search thread keeps it alive until the plugin returns
  }
  lock.unlock();
  search_.reset();
  return finished;
}

int AiWorker::abandoned_searches() { return g_abandoned.load(); }

}  // namespace gambit::players
