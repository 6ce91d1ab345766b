// SPDX-License-Identifier: MIT
#include "core/match/demo_loop.h"

#include "core/match/openings.h"
#include "core/util/translation.h"

namespace gambit::match {

DemoLoop::DemoLoop(players::Seat first, players::Seat second, std::uint64_t seed, chess::Variant variant)
    : first_(std::move(first)), second_(std::move(second)), seed_(seed), variant_(variant) {}

Result<std::unique_ptr<DemoLoop>> DemoLoop::create(players::Seat first, players::Seat second, std::uint64_t seed,
                                                   TimePoint now, chess::Variant variant) {
  if (first.human() || second.human()) return Failure{tr("the demo needs two AI players, not a human")};
  std::unique_ptr<DemoLoop> loop(new DemoLoop(std::move(first), std::move(second), seed, variant));
  if (auto started = loop->start_game(now); !started) return Failure{started.error()};
  return loop;
}

Result<std::monostate> DemoLoop::start_game(TimePoint now) {
  const bool first_is_white = game_number_ % 2 == 0;
  std::array<players::Seat, chess::COLOR_NB> seats = {first_is_white ? first_ : second_,
                                                    first_is_white ? second_ : first_};
  // On failure the previous (finished) game stays in place, so session() is always valid.
  auto session = GameSession::create(std::move(seats), TimeControl{}, std::nullopt, now);
  if (!session) return Failure{session.error()};
  Result<chess::Game> game = OpeningBook::of_variant(variant_).for_game(game_number_, seed_).game(variant_);
  if (!game) return Failure{game.error()};
  session_ = std::move(session).value();
  session_->new_game(std::move(game).value(), now);
  session_->set_move_delay(move_delay_);
  session_->set_paused(paused_);
  ++game_number_;
  counted_ = false;
  return std::monostate{};
}

void DemoLoop::update(TimePoint now) {
  if (!failure_.empty()) return;
  session_->update(now);
  const chess::Game& game = session_->game();
  if (!game.is_over()) return;
  if (!counted_) {
    counted_ = true;
    ended_at_ = now;
    const std::optional<chess::Color> winner = game.outcome().winner();
    const bool first_is_white = game_number_ % 2 == 1;
    if (!winner) ++tally_.draws;
    else if ((*winner == chess::WHITE) == first_is_white) ++tally_.first_wins;
    else ++tally_.second_wins;
  }
  if (!paused_ && now - ended_at_ >= NextGamePause) {
    if (auto started = start_game(now); !started) failure_ = started.error();
  }
}

std::chrono::milliseconds DemoLoop::next_game_in(TimePoint now) const {
  if (!session_->game().is_over()) return std::chrono::milliseconds(0);
  const auto left = NextGamePause - std::chrono::duration_cast<std::chrono::milliseconds>(now - ended_at_);
  return std::max(left, std::chrono::milliseconds(0));
}

void DemoLoop::set_move_delay(std::chrono::milliseconds delay) {
  move_delay_ = delay;
  session_->set_move_delay(delay);
}

void DemoLoop::set_paused(bool paused) {
  paused_ = paused;
  session_->set_paused(paused);
}

}  // namespace gambit::match
