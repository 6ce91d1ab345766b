#include "core/match/game_runner.h"

#include <algorithm>
#include <array>
#include <ctime>

#include "core/chess/uci.h"

namespace gambit::match {

namespace {

using std::chrono::milliseconds;

std::string seconds_text(std::int64_t ms) {
  std::string text = std::to_string(ms / 1000);
  if (ms % 1000) {
    std::string fraction = std::to_string(1000 + ms % 1000).substr(1);
    while (fraction.back() == '0') fraction.pop_back();
    text += "." + fraction;
  }
  return text;
}

std::string today() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char buffer[16];
  std::strftime(buffer, sizeof buffer, "%Y.%m.%d", &local);
  return buffer;
}

// The PGN Termination tag (PGN standard values).
std::string termination_tag(chess::Termination t) {
  switch (t) {
    case chess::Termination::TimeForfeit: return "time forfeit";
    case chess::Termination::Forfeit: return "rules infraction";
    case chess::Termination::None: return "unterminated";
    default: return "normal";
  }
}

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
  }
}

}  // namespace

std::string TimeControl::pgn_tag() const {
  if (movetime_ms > 0) return "-";
  return seconds_text(initial_ms) + "+" + seconds_text(increment_ms);
}

chess::Result<PlayedGame> play_game(const Seat& white, const Seat& black, const std::vector<std::string>& opening,
                                    const TimeControl& time_control,
                                    const std::vector<std::pair<std::string, std::string>>& tags) {
  chess::Game game;
  for (const std::string& text : opening) {
    chess::Result<chess::Move> move = chess::parse_uci_move(game.position(), text);
    if (!move) return chess::Failure{"opening move " + chess::quote_for_message(text) + ": " + move.error()};
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
  chess::PgnGame& pgn = played.pgn;
  const chess::Outcome& outcome = game.outcome();
  pgn.tags = {{"Event", "Gambit match"}, {"Site", "?"},          {"Date", today()},
              {"Round", "?"},            {"White", white.name}, {"Black", black.name},
              {"Result", outcome.pgn_result()}};
  for (const auto& tag : tags) {
    auto existing = std::find_if(pgn.tags.begin(), pgn.tags.end(), [&](const auto& t) { return t.first == tag.first; });
    if (existing != pgn.tags.end()) existing->second = tag.second;
    else pgn.tags.push_back(tag);
  }
  pgn.tags.emplace_back("TimeControl", time_control.pgn_tag());
  if (time_control.movetime_ms > 0) pgn.tags.emplace_back("MoveTime", seconds_text(time_control.movetime_ms));
  pgn.tags.emplace_back("Termination", termination_tag(outcome.termination));
  pgn.start = game.start();
  pgn.moves = game.moves();
  pgn.result = outcome.pgn_result();
  if (!pgn.moves.empty()) {
    pgn.comments_after.assign(pgn.moves.size(), "");
    pgn.comments_after.back() = outcome.description();
  }
  return played;
}

}  // namespace gambit::match
