// SPDX-License-Identifier: MIT
#include "core/recording/store_entry.h"

#include "core/config/config_paths.h"
#include "core/match/game_record.h"

namespace gambit::recording {

using match::ending_words;
using match::options_text;
using match::seconds_text;

namespace {

store::Placement placement_of(const players::LevelRating& rating) { return {rating.elo, rating.deviation()}; }

}  // namespace

store::PlayerIdentity seat_identity(const players::Seat& seat, const std::string& profile) {
  if (seat.human()) return store::PlayerIdentity::person(profile);
  std::optional<store::Placement> placement;
  if (const auto rating = seat.plugin->rating_of(seat.level, seat.options)) placement = placement_of(*rating);
  return store::PlayerIdentity::ai(seat.plugin->id(), seat.plugin->version(), options_text(seat.options), seat.label,
                                   placement);
}

std::vector<store::PlayerIdentity> measured_levels(const players::PluginCatalog& catalog) {
  std::vector<store::PlayerIdentity> placed;
  for (const auto& plugin : catalog.plugins())
    for (const players::LevelRating& rating : plugin->ratings()) {
      auto options = players::resolve_options(plugin->descriptor(), rating.level, {});
      if (!options) continue;
      placed.push_back(store::PlayerIdentity::ai(plugin->id(), plugin->version(), options_text(options.value()),
                                                 players::ai_label(plugin->id(), rating.level), placement_of(rating)));
    }
  return placed;
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

Result<store::Store::Opened> open_store(const config::Settings& settings, const std::filesystem::path& path) {
  return store::Store::open(path.empty() ? config::store_path(settings) : path, settings.store.profile);
}

match::MatchPlay::Recorder match_recorder(store::Store& store, const TimeControl& time_control) {
  return [&store, time_control](const match::PlayedGame& played, const players::Seat& white, const players::Seat& black,
                                std::int64_t started_at, std::int64_t ended_at) -> Result<std::monostate> {
    const std::string profile;  // both seats are AIs: no human's profile
    auto recorded = store.games().record_game(store_record(played.game, played.pgn, seat_identity(white, profile),
                                                           seat_identity(black, profile), time_control, started_at,
                                                           ended_at, store::GameSource::Match));
    if (!recorded) return Failure{store.path().string() + ": " + recorded.error()};
    return std::monostate{};
  };
}

}  // namespace gambit::recording
