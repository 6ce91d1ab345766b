// SPDX-License-Identifier: MIT
// gambit-match: AI vs AI without a window — N games, alternating colours, from
// the built-in opening book, J at a time, each recorded in the scores store
// (unless --no-record) and written to a PGN file as soon as it ends; then the
// score and the Elo difference with its error margin.
//
//   gambit-match --white ID --black ID [--white-option k=v ...] [--black-option k=v ...]
//                [--white-level L] [--black-level L] [--games N] [--concurrency J]
//                [--movetime MS | --tc SECONDS+INC] [--variant standard|threecheck] [--pgn FILE]
//                [--seed S] [--config PATH]
//                [--store PATH | --no-record]
//
// "White" and "black" name the two players (A and B); they swap colours every
// game, so game 1 has A white and game 2 has B white, both from one opening.
#include <atomic>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/chess/pgn.h"
#include "core/config/config_loader.h"
#include "core/config/config_paths.h"
#include "core/config/seats.h"
#include "core/match/elo.h"
#include "core/match/game_record.h"
#include "core/match/game_runner.h"
#include "core/match/openings.h"
#include "core/players/options.h"
#include "core/players/plugin_catalog.h"
#include "core/recording/store_entry.h"
#include "core/store/store.h"
#include "core/util/splitmix64.h"

namespace gambit {
namespace {


// "SECONDS+INC" with decimals allowed, e.g. "10+0.1".
Result<match::TimeControl> parse_tc(const std::string& text) {
  const std::size_t plus = text.find('+');
  auto seconds = [](std::string_view s) -> std::optional<std::int64_t> {
    double value = 0;
    auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (error != std::errc() || end != s.data() + s.size() || value < 0 || value > 1e7) return std::nullopt;
    return std::int64_t(value * 1000 + 0.5);
  };
  const auto initial = seconds(std::string_view(text).substr(0, plus));
  const auto increment = plus == std::string::npos ? std::optional<std::int64_t>(0)
                                                   : seconds(std::string_view(text).substr(plus + 1));
  if (!initial || !increment || *initial == 0)
    return Failure{"--tc " + quote_for_message(text) + " is not SECONDS+INCREMENT (e.g. 10+0.1)"};
  return match::TimeControl{0, *initial, *increment};
}

// Per-game options: a plugin with a "seed" option the user did not set gets
// one derived from the match seed, the game and the seat (SplitMix64, kept in
// 1..2^63-1), so the whole match can be replayed.
players::OptionList options_for_game(const players::Seat& c, std::uint64_t match_seed, std::size_t game, int seat) {
  players::OptionList options = c.options;
  const bool has_seed = players::find_option(c.plugin->descriptor(), "seed") != nullptr;
  const bool seed_set = std::any_of(options.begin(), options.end(), [](const auto& o) { return o.first == "seed"; });
  if (has_seed && !seed_set) {
    const std::uint64_t z =
        splitmix64_mix(match_seed + SplitMix64::Increment * (2 * game + std::uint64_t(seat) + 1)) &
        0x7FFFFFFFFFFFFFFFULL;
    options.emplace_back("seed", std::to_string(z ? z : 1));
  }
  return options;
}

class Match {
 public:
  Match(std::array<players::Seat, 2> competitors, int games, match::TimeControl tc, chess::Variant variant,
        std::uint64_t seed, std::ofstream* pgn, store::Store* store)
      : competitors_(std::move(competitors)), games_(games), tc_(tc), variant_(variant), seed_(seed), pgn_(pgn),
        store_(store) {}

  void run(int concurrency) {
    std::vector<std::thread> workers;
    for (int i = 0; i < concurrency; ++i)
      workers.emplace_back([this] {
        for (std::size_t game = next_++; game < std::size_t(games_); game = next_++) play(game);
      });
    for (std::thread& worker : workers) worker.join();
  }

  const match::MatchScore& score() const { return score_; }  // from the first competitor's view
  int unrecorded() const { return unrecorded_; }              // finished games the store refused

 private:
  void play(std::size_t index) {
    // Competitor 0 has white in even games.
    const int white_index = index % 2 == 0 ? 0 : 1;
    const players::Seat& white = competitors_[white_index];
    const players::Seat& black = competitors_[1 - white_index];
    const match::Opening& opening = match::opening_for_game(index, seed_);

    const std::int64_t started_at = std::int64_t(std::time(nullptr));
    std::string failure;
    auto white_player =
        players::PluginPlayer::create(white.plugin, options_for_game(white, seed_, index, 0), white.isolation);
    auto black_player =
        players::PluginPlayer::create(black.plugin, options_for_game(black, seed_, index, 1), black.isolation);
    Result<match::PlayedGame> played = Failure{"not played"};
    if (!white_player) failure = white.plugin->id() + ": " + white_player.error();
    else if (!black_player) failure = black.plugin->id() + ": " + black_player.error();
    else {
      match::PgnTags tags = {{"Round", std::to_string(index + 1)}};
      for (const auto& [side, competitor, player] :
           {std::tuple{"White", &white, white_player->get()}, std::tuple{"Black", &black, black_player->get()}}) {
        for (const match::PgnTags& seat : {match::rating_tags(side, *competitor),
                                           match::plugin_tags(side, competitor->plugin->id(),
                                                              competitor->plugin->version(), player->options())})
          tags.insert(tags.end(), seat.begin(), seat.end());
      }
      tags.insert(tags.end(), {{"Seed", std::to_string(seed_)}, {"Opening", std::string(opening.name)}});
      played = match::play_game(**white_player, **black_player, match::opening_moves(opening), tc_, tags, variant_);
    }
    if (!played && failure.empty()) failure = played.error();

    std::lock_guard lock(mutex_);
    ++finished_;
    if (!failure.empty()) {
      std::printf("Game %zu not played: %s\n", index + 1, failure.c_str());
      std::fflush(stdout);
      return;
    }
    const chess::Outcome& outcome = played->game.outcome();
    if (pgn_) {
      *pgn_ << chess::write_pgn(played->pgn);
      pgn_->flush();
    }
    if (store_) {
      const std::string profile;  // both seats are AIs: no human's profile
      auto recorded = store_->record_game(recording::store_record(played->game, played->pgn,
                                                              recording::seat_identity(white, profile),
                                                              recording::seat_identity(black, profile), tc_, started_at,
                                                              std::int64_t(std::time(nullptr)), store::GameSource::Match));
      if (!recorded) {
        ++unrecorded_;
        std::fprintf(stderr, "gambit-match: game %zu not recorded in %s: %s\n", index + 1,
                     store_->path().c_str(), recorded.error().c_str());
      }
    }
    const std::optional<chess::Color> winner = outcome.winner();
    if (!winner) ++score_.draws;
    else if ((*winner == chess::WHITE) == (white_index == 0)) ++score_.wins;
    else ++score_.losses;

    std::printf("Finished game %zu (%s vs %s, %s): %s {%s}\n", index + 1, white.plugin->id().c_str(),
                black.plugin->id().c_str(), std::string(opening.name).c_str(), outcome.pgn_result().c_str(),
                outcome.description().c_str());
    std::printf("Score of %s vs %s: %d - %d - %d [%.3f] %d\n", competitors_[0].plugin->id().c_str(),
                competitors_[1].plugin->id().c_str(), score_.wins, score_.losses, score_.draws, score_.fraction(),
                score_.games());
    std::fflush(stdout);
  }

  std::array<players::Seat, 2> competitors_;
  int games_;
  match::TimeControl tc_;
  chess::Variant variant_;
  std::uint64_t seed_;
  std::ofstream* pgn_;
  store::Store* store_;  // used under mutex_
  int unrecorded_ = 0;
  std::atomic<std::size_t> next_{0};
  std::mutex mutex_;
  match::MatchScore score_;
  int finished_ = 0;
};

int run(int argc, char** argv) {
  CLI::App app{"Plays AI players against each other without a window and reports the score."};
  app.set_version_flag("--version", std::string("gambit-match ") + GAMBIT_VERSION);
  std::string config_path, pgn_path, tc_text, store_path, variant_id, isolation;
  bool no_record = false;
  std::string white_id, black_id, white_level, black_level;
  std::vector<std::string> white_option_texts, black_option_texts;
  int games = 2, concurrency = 1;
  std::int64_t movetime = 0;
  std::uint64_t seed = 0;
  app.add_option("--white", white_id, "First player (plays white in odd-numbered games); default: the config's [white]");
  app.add_option("--black", black_id, "Second player; default: the config's [black]");
  app.add_option("--white-option", white_option_texts, "Option NAME=VALUE for the first player (repeatable)");
  app.add_option("--black-option", black_option_texts, "Option NAME=VALUE for the second player (repeatable)");
  app.add_option("--white-level", white_level, "Difficulty level of the first player");
  app.add_option("--black-level", black_level, "Difficulty level of the second player");
  app.add_option("--games", games, "Number of games")->check(CLI::Range(1, 1000000));
  app.add_option("--concurrency", concurrency, "Games played at once")->check(CLI::Range(1, 256));
  auto* movetime_option = app.add_option("--movetime", movetime, "Milliseconds per move")->check(CLI::Range(1, 86400000));
  app.add_option("--tc", tc_text, "Clock per player: SECONDS+INCREMENT, e.g. 10+0.1")->excludes(movetime_option);
  app.add_option("--variant", variant_id, "Rules of the games: standard or threecheck; default: the config's [game] variant")
      ->check(CLI::IsMember({"standard", "threecheck"}));
  app.add_option("--isolation", isolation,
                 "Where the players run: process (each in a child process of its own: a crash loses the game, not "
                 "the match) or in-process; default: the config's [plugins] isolation")
      ->check(CLI::IsMember({"process", "in-process"}));
  app.add_option("--pgn", pgn_path, "Write every finished game to this PGN file");
  app.add_option("--seed", seed, "Seed for the opening order and players' random choices (default: from the clock)");
  app.add_option("--config", config_path, "Read this configuration file instead of the default and user files");
  auto* store_option = app.add_option("--store", store_path, "Record the games in this scores file (default: the config's [store] path)");
  app.add_flag("--no-record", no_record, "Do not record the games in the scores store")->excludes(store_option);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }
  auto fail = [](const std::string& message) {
    std::fprintf(stderr, "gambit-match: %s\n", message.c_str());
    return 2;
  };

  match::TimeControl tc{movetime > 0 ? movetime : 100, 0, 0};
  if (!tc_text.empty()) {
    auto parsed = parse_tc(tc_text);
    if (!parsed) return fail(parsed.error());
    tc = *parsed;
  }
  if (seed == 0) seed = std::random_device()() | 1;

  config::ConfigFiles files;
  if (!config_path.empty()) files.replacement = config_path;
  Result<config::Settings> loaded = config::load_settings(files);
  if (!loaded) return fail(loaded.error());
  config::Settings* settings = &loaded.value();
  if (!isolation.empty()) {  // the command line wins over the file and its seats
    settings->isolation = isolation;
    for (config::SeatConfig* seat : {&settings->white, &settings->black}) seat->isolation.clear();
  }
  players::PluginCatalog catalog =
      players::PluginCatalog::scan(config::plugin_search_paths(*settings), settings->isolation_of({}));

  std::vector<std::string> mistakes, humans;  // the seats' mistakes first, then the human seats
  std::array<std::optional<players::Seat>, 2> competitors;
  const config::PluginList plugins = config::plugin_list(catalog);
  for (chess::Color side : {chess::WHITE, chess::BLACK}) {
    const bool white = side == chess::WHITE;
    const std::string flag = "--" + config::seat_key(side);
    if (auto mistake = config::apply_seat_flags(*settings, config::seat_key(side), white ? white_id : black_id,
                                                white ? white_level : black_level,
                                                white ? white_option_texts : black_option_texts,
                                                {flag, flag + "-level", flag + "-option"})) {
      mistakes.push_back(*mistake);
      continue;
    }
    const std::string refusal = "gambit-match plays AI players only: name one with --" + config::seat_key(side);
    auto resolved = config::resolve_ai_seat(*settings, side, plugins, refusal);
    if (!resolved) {
      (settings->seat(side).human() ? humans : mistakes).push_back(resolved.error());
    } else if (auto seat = config::seat_to_play(*resolved, catalog)) {
      competitors[side] = *seat;
    } else {
      mistakes.push_back(seat.error());
    }
  }
  mistakes.insert(mistakes.end(), humans.begin(), humans.end());
  if (!mistakes.empty()) {
    for (const std::string& mistake : mistakes) fail(mistake);
    return 2;
  }
  auto first = competitors[chess::WHITE], second = competitors[chess::BLACK];
  const chess::Variant variant =
      variant_id.empty() ? settings->game.rules() : chess::variant_from_name(variant_id).value_or(chess::Variant::Standard);
  for (const players::Seat* competitor : {&*first, &*second})
    if (!competitor->plugin->plays(variant))
      return fail("player '" + competitor->plugin->id() + "' does not play " +
                  std::string(chess::names_of(variant).for_people));

  std::ofstream pgn;
  if (!pgn_path.empty()) {
    pgn.open(pgn_path, std::ios::out | std::ios::trunc);
    if (!pgn) return fail("cannot write the PGN file " + quote_for_message(pgn_path));
  }

  std::unique_ptr<store::Store> store;
  if (!no_record) {
    const std::filesystem::path path = !store_path.empty() ? std::filesystem::path(store_path)
                                                           : config::store_path(*settings);
    auto opened = store::Store::open(path, settings->store.profile);
    if (!opened) return fail(opened.error() + " (use --no-record to play without recording)");
    if (opened->notice) std::fprintf(stderr, "gambit-match: %s\n", opened->notice->c_str());
    store = std::move(opened).value().store;
  }

  std::printf("Match: %s (%s) vs %s (%s), %s, %d games, %s, seed %llu\n", first->plugin->id().c_str(),
              match::options_text(first->options).c_str(), second->plugin->id().c_str(),
              match::options_text(second->options).c_str(), std::string(chess::names_of(variant).for_people).c_str(),
              games,
              tc.movetime_ms > 0 ? ("movetime " + std::to_string(tc.movetime_ms) + " ms").c_str()
                                 : ("clock " + tc.pgn_tag()).c_str(),
              static_cast<unsigned long long>(seed));
  std::fflush(stdout);

  Match match({*first, *second}, games, tc, variant, seed, pgn_path.empty() ? nullptr : &pgn, store.get());
  match.run(std::min(concurrency, games));

  const match::MatchScore& score = match.score();
  std::printf("Score of %s vs %s: %d - %d - %d [%.3f] %d\n", first->plugin->id().c_str(),
              second->plugin->id().c_str(), score.wins, score.losses, score.draws, score.fraction(), score.games());
  std::printf("Elo difference: %s\n", match::estimate_elo(score).text().c_str());
  if (store) std::printf("Recorded %d games in %s\n", score.games() - match.unrecorded(), store->path().c_str());
  return score.games() == games && match.unrecorded() == 0 ? 0 : 1;
}

}  // namespace
}  // namespace gambit

int main(int argc, char** argv) { return gambit::run(argc, argv); }
