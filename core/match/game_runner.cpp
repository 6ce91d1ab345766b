// SPDX-License-Identifier: MIT
#include "core/match/game_runner.h"

#include <algorithm>
#include <array>

#include "core/match/game_record.h"
#include "core/match/rulebook.h"

namespace gambit::match {

namespace {

using std::chrono::milliseconds;

// Asks the side to move for its move and applies the answer to the game.
void play_one_move(chess::Game& game, players::PluginPlayer& player, const TimeControl& tc,
                   std::array<std::int64_t, 2>& clock) {
  const chess::Color side = game.position().side_to_move();
  players::Limits limits;
  milliseconds deadline;
  if (tc.movetime_ms > 0) {
    limits.movetime_ms = tc.movetime_ms;
    deadline = players::search_deadline(tc.movetime_ms);
  } else {
    limits.time_ms = clock;
    limits.increment_ms = {tc.increment_ms, tc.increment_ms};
    deadline = players::search_deadline(clock[side]);
  }

  const players::MoveAnswer answer = player.choose_move(game.start(), game.moves(), limits, nullptr, deadline);
  if (answer.kind != players::MoveAnswer::Kind::Move) {
    decide_without_move(game, side, answer, player.library().id(), /*draw_offered=*/false);
    return;
  }
  if (tc.movetime_ms == 0) {
    if (flag_fell(clock[side] - answer.elapsed.count())) {
      game.flag(side);
      return;
    }
    clock[side] = std::max<std::int64_t>(0, clock[side] - answer.elapsed.count()) + tc.increment_ms;
  }
  game.play(answer.move);
}

}  // namespace

std::string TimeControl::text() const {
  return movetime_ms > 0 ? "movetime " + std::to_string(movetime_ms) + " ms" : "clock " + pgn_tag();
}

std::string TimeControl::pgn_tag() const {
  if (movetime_ms > 0 || (initial_ms == 0 && increment_ms == 0)) return "-";
  return seconds_text(initial_ms) + "+" + seconds_text(increment_ms);
}

PlayedGame play_game(players::PluginPlayer& white, players::PluginPlayer& black, chess::Game opening,
                     const TimeControl& time_control, const std::vector<std::pair<std::string, std::string>>& tags) {
  chess::Game game = std::move(opening);
  const std::array<players::PluginPlayer*, 2> seats = {&white, &black};
  for (chess::Color side : {chess::WHITE, chess::BLACK})
    if (auto started = seats[side]->new_game(); !started && !game.is_over())
      game.forfeit(side, started.error());

  std::array<std::int64_t, 2> clock = {time_control.initial_ms, time_control.initial_ms};
  while (!game.is_over()) {
    if (claim_for_ai(game)) break;
    play_one_move(game, *seats[game.position().side_to_move()], time_control, clock);
  }

  PlayedGame played{game, {}};
  played.pgn = pgn_record(game, "Gambit match", white.library().id(), black.library().id(), time_control, tags);
  return played;
}

}  // namespace gambit::match
