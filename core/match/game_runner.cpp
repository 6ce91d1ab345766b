#include "core/match/game_runner.h"

#include <algorithm>
#include <array>

#include "core/chess/uci.h"
#include "core/match/game_record.h"

namespace gambit::match {

namespace {

using std::chrono::milliseconds;

// Asks the side to move for its move and applies the answer to the game.
void play_one_move(chess::Game& game, const Seat& seat, const TimeControl& tc, std::array<std::int64_t, 2>& clock) {
  const chess::Color side = game.position().side_to_move();
  players::Limits limits;
  milliseconds deadline;
  if (tc.movetime_ms > 0) {
    limits.movetime_ms = tc.movetime_ms;
    deadline = milliseconds(tc.movetime_ms) + Grace;
  } else {
    limits.time_ms = clock;
    limits.increment_ms = {tc.increment_ms, tc.increment_ms};
    deadline = milliseconds(clock[side]) + Grace;
  }

  const players::MoveAnswer answer = seat.player->choose_move(game.start(), game.moves(), limits, nullptr, deadline);
  switch (answer.kind) {
    case players::MoveAnswer::Kind::Move:
      if (tc.movetime_ms == 0) {
        if (answer.elapsed.count() > clock[side] + Grace.count()) {
          game.flag(side);
          return;
        }
        clock[side] = std::max<std::int64_t>(0, clock[side] - answer.elapsed.count()) + tc.increment_ms;
      }
      game.play(answer.move);
      return;
    case players::MoveAnswer::Kind::TimedOut: game.flag(side); return;
    case players::MoveAnswer::Kind::Failed: game.forfeit(side, answer.reason); return;
    case players::MoveAnswer::Kind::NoLegalMove:
      // The game would already be over; a player claiming otherwise has failed.
      game.forfeit(side, "answered that it had no legal move");
      return;
    case players::MoveAnswer::Kind::AcceptsDraw:  // never asked here: headless games have no draw offers
      game.forfeit(side, "accepted a draw that was not offered");
      return;
  }
}

}  // namespace

std::string TimeControl::pgn_tag() const {
  if (movetime_ms > 0 || (initial_ms == 0 && increment_ms == 0)) return "-";
  return seconds_text(initial_ms) + "+" + seconds_text(increment_ms);
}

Result<PlayedGame> play_game(const Seat& white, const Seat& black, const std::vector<std::string>& opening,
                                    const TimeControl& time_control,
                                    const std::vector<std::pair<std::string, std::string>>& tags,
                                    chess::Variant variant) {
  chess::Game game{chess::Position(variant)};
  for (const std::string& text : opening) {
    Result<chess::Move> move = chess::parse_uci_move(game.position(), text);
    if (!move) return Failure{"opening move " + quote_for_message(text) + ": " + move.error()};
    game.play(*move);
  }
  const std::array<const Seat*, 2> seats = {&white, &black};
  for (chess::Color side : {chess::WHITE, chess::BLACK})
    if (auto started = seats[side]->player->new_game(); !started && !game.is_over())
      game.forfeit(side, started.error());

  std::array<std::int64_t, 2> clock = {time_control.initial_ms, time_control.initial_ms};
  while (!game.is_over()) {
    if (game.claimable_draw()) {
      game.claim_draw();
      break;
    }
    play_one_move(game, *seats[game.position().side_to_move()], time_control, clock);
  }

  PlayedGame played{game, {}};
  played.pgn = pgn_record(game, "Gambit match", white.name, black.name, time_control, tags);
  return played;
}

}  // namespace gambit::match
