// SPDX-License-Identifier: MIT
#include "core/study/analysis_session.h"

#include <algorithm>

#include "core/review/game_review.h"
#include "core/util/translation.h"

namespace gambit::study {

std::string uci_score(const AnalysisLine& line) {
  return (line.score_kind == players::ScoreKind::Mate ? "mate " : "cp ") + std::to_string(line.score);
}

double white_view_pawns(const AnalysisLine& line, chess::Color side_to_move) {
  const std::optional<review::Score> score = review::white_view(line, side_to_move);
  if (!score) return 0;
  if (score->kind == review::Score::Kind::Mate) return score->value > 0 ? 100.0 : -100.0;
  return score->value / 100.0;
}

Result<std::unique_ptr<AnalysisSession>> AnalysisSession::create(const players::Seat& seat, int niceness) {
  if (seat.human()) return Failure{tr("analysis needs an engine, not a person")};
  auto player = players::PluginPlayer::create(seat.plugin, seat.options, seat.isolation);
  if (!player) return Failure{player.error()};
  if (auto started = player.value()->new_game(); !started) return Failure{started.error()};
  return std::unique_ptr<AnalysisSession>(new AnalysisSession(std::move(player).value(), seat.label, niceness));
}

AnalysisSession::AnalysisSession(std::unique_ptr<players::PluginPlayer> player, std::string label, int niceness)
    : player_(std::move(player)), label_(std::move(label)), niceness_(niceness) {}

AnalysisSession::~AnalysisSession() { stop_search(); }

void AnalysisSession::analyse(const chess::Position& start, const std::vector<chess::Move>& moves, int lines) {
  lines = std::clamp(lines, 1, MaxLines);
  if (analysing_ && lines_wanted_ == lines && start_ == start && moves_ == moves) return;
  stop_search();
  analysing_ = true;
  start_ = start;
  moves_ = moves;
  position_ = start;
  for (chess::Move m : moves) position_.do_move(m);
  lines_wanted_ = lines;
  std::uint64_t generation;
  {
    std::lock_guard lock(mutex_);
    generation = ++generation_;
    lines_.clear();
    ++sequence_;
  }
  if (!player_->usable()) return;  // problem_ says why already
  problem_.clear();
  players::MoveRequest request;
  request.start = start;
  request.moves = moves;
  request.limits.infinite = true;
  request.limits.multipv = lines;
  request.niceness = niceness_;
  request.on_info = [this, generation](const players::SearchInfo& info) { take(info, generation); };
  started_at_ = std::chrono::steady_clock::now();
  {
    std::lock_guard lock(mutex_);
    first_line_at_ = {};
  }
  search_ = player_->start(std::move(request));
}

void AnalysisSession::pause() {
  stop_search();
  analysing_ = false;
}

void AnalysisSession::poll() {
  if (!search_.running()) return;
  if (std::optional<players::MoveAnswer> answer = search_.poll(); answer && !answer->ok())
    problem_ = answer->reason;
}

std::vector<AnalysisLine> AnalysisSession::lines() const {
  std::lock_guard lock(mutex_);
  return lines_;
}

std::uint64_t AnalysisSession::sequence() const {
  std::lock_guard lock(mutex_);
  return sequence_;
}

std::chrono::steady_clock::time_point AnalysisSession::first_line_at() const {
  std::lock_guard lock(mutex_);
  return first_line_at_ == std::chrono::steady_clock::time_point{} ? started_at_ : first_line_at_;
}

void AnalysisSession::take(const players::SearchInfo& info, std::uint64_t generation) {
  if (info.pv.empty() || info.score_kind == players::ScoreKind::None) return;  // progress without a line
  std::lock_guard lock(mutex_);
  if (generation != generation_ || info.multipv > lines_wanted_) return;
  AnalysisLine line = info;
  auto at = std::lower_bound(lines_.begin(), lines_.end(), line.multipv,
                             [](const AnalysisLine& l, int multipv) { return l.multipv < multipv; });
  // A line of the new iteration may take a first move that a line below it
  // still shows from the iteration before: that one is out of date, and goes
  // until the new iteration reaches it (no two lines ever start alike).
  const chess::Move first = line.pv.front();
  const int depth = line.depth;
  if (at != lines_.end() && at->multipv == line.multipv)
    *at = std::move(line);
  else
    lines_.insert(at, std::move(line));
  std::erase_if(lines_, [&](const AnalysisLine& l) { return l.depth < depth && l.pv.front() == first; });
  if (first_line_at_ == std::chrono::steady_clock::time_point{}) first_line_at_ = std::chrono::steady_clock::now();
  ++sequence_;
}

void AnalysisSession::stop_search() {
  if (!search_.running()) return;
  if (!search_.cancel())
    // TRANSLATORS: {engine} is the name of the analysing engine, e.g. "Stockfish level 8".
    problem_ = fill(tr("the engine '{engine}' did not stop when asked and was given up: analysis is off"),
                    {{"engine", label_}});
}

}  // namespace gambit::study
