#include "core/recording/store_entry.h"

#include "core/match/game_record.h"

namespace gambit::recording {

using match::ending_words;
using match::options_text;
using match::seconds_text;

store::PlayerIdentity seat_identity(const players::Seat& seat, const std::string& profile) {
  if (seat.human()) return store::PlayerIdentity::person(profile);
  return store::PlayerIdentity::ai(seat.plugin->id(), seat.plugin->version(), options_text(seat.options), seat.label);
}

store::FinishedGame store_record(const chess::Game& game, const chess::PgnGame& pgn, store::PlayerIdentity white,
                                 store::PlayerIdentity black, const TimeControl& time_control, std::int64_t started_at,
                                 std::int64_t ended_at, store::GameSource source) {
  store::FinishedGame record;
  record.white = std::move(white);
  record.black = std::move(black);
  record.result = game.outcome().pgn_result();
  record.reason = ending_words(game.outcome());
  record.variant = std::string(chess::names_of(game.start().variant()).id);
  record.time_control = time_control.movetime_ms > 0 ? seconds_text(time_control.movetime_ms) + " s/move"
                                                     : time_control.pgn_tag();
  record.started_at = started_at;
  record.ended_at = ended_at;
  record.plies = int(game.moves().size());
  record.pgn = chess::write_pgn(pgn);
  record.source = source;
  record.from_start = game.start().is_start();
  return record;
}

}  // namespace gambit::recording
