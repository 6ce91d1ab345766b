// SPDX-License-Identifier: MIT
// gambit-match: AI vs AI without a window: N games, alternating colours, from
// an opening book (the built-in lines, or an EPD file's positions), J at a
// time, each recorded in the scores store (unless --no-record), written to a
// PGN file and to a results file as soon as it ends; then the score, the Elo
// difference with its error margin, the game pairs, and an SPRT if asked for.
//
//   gambit-match --white ID|--white-plugin FILE --black ID|--black-plugin FILE
//                [--white-option k=v ...] [--black-option k=v ...] [--white-level L] [--black-level L]
//                [--white-name NAME] [--black-name NAME] [--games N] [--concurrency J]
//                [--movetime MS | --tc SECONDS+INC] [--variant standard|threecheck] [--book FILE.epd]
//                [--sprt [elo0=E0] [elo1=E1] [alpha=A] [beta=B]] [--shard I/N] [--results FILE]
//                [--pgn FILE] [--seed S] [--config PATH] [--store PATH | --no-record]
//   gambit-match --merge RESULTS...
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
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/chess/opening_names.h"
#include "core/chess/pgn.h"
#include "core/config/config_loader.h"
#include "core/config/config_paths.h"
#include "core/config/seats.h"
#include "core/match/elo.h"
#include "core/match/game_record.h"
#include "core/match/game_runner.h"
#include "core/match/match_results.h"
#include "core/match/openings.h"
#include "core/match/sprt.h"
#include "core/players/options.h"
#include "core/players/plugin_catalog.h"
#include "core/recording/store_entry.h"
#include "core/store/store.h"
#include "core/util/fnv1a.h"
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

// "Score of A vs B: 3 - 1 - 2 [0.667] 6", as Cute Chess prints it.
void print_score_line(const std::array<std::string, 2>& names, const match::MatchScore& score) {
  std::printf("Score of %s vs %s: %d - %d - %d [%.3f] %d\n", names[0].c_str(), names[1].c_str(), score.wins,
              score.losses, score.draws, score.fraction(), score.games());
}

// The score, the Elo difference and the pairs of `results`, and the SPRT's
// state when it has one: what a finished match, a stopped one and --merge print.
void print_summary(const match::MatchResults& results) {
  const match::ResultsTally tally = results.tally();
  const match::MatchScore& score = tally.score();
  const match::Pentanomial& pairs = tally.pairs();
  print_score_line(results.names, score);
  std::printf("Elo difference: %s\n", match::estimate_elo(score).text().c_str());
  std::printf("Pairs (0, 1/2, 1, 3/2, 2 points): %s, Elo %s\n", pairs.text().c_str(),
              match::estimate_elo(pairs).text().c_str());
  if (results.sprt)
    std::printf("SPRT (%s): %s\n", results.sprt->text().c_str(),
                match::sprt_state(pairs, *results.sprt).text(*results.sprt).c_str());
}

// The games of one match (or of its shard) played by `concurrency` threads, in
// order of their numbers; a finished game goes to the PGN file, the results
// file and the store at once. With an SPRT on a whole match, no game starts
// once it has decided (those under way finish).
class Match {
 public:
  // What every game of the match shares.
  struct Setup {
    std::array<players::Seat, 2> competitors;
    std::array<std::string, 2> names;  // given by --white-name/--black-name, or empty
    const match::OpeningBook* book = nullptr;
    match::TimeControl tc;
    chess::Variant variant = chess::Variant::Standard;
    std::ofstream* pgn = nullptr;
    store::Store* store = nullptr;
  };

  Match(Setup setup, match::MatchResults results, match::ResultsWriter* writer)
      : setup_(std::move(setup)), results_(std::move(results)), tally_(results_.tally()), writer_(writer) {}

  void run(const std::vector<std::size_t>& numbers, int concurrency) {
    numbers_ = numbers;
    update_sprt();
    if (decided_) return;
    std::vector<std::thread> workers;
    for (int i = 0; i < std::min<int>(concurrency, int(numbers.size())); ++i)
      workers.emplace_back([this] {
        for (std::size_t at = next_++; at < numbers_.size() && !decided_; at = next_++) play(numbers_[at]);
      });
    for (std::thread& worker : workers) worker.join();
  }

  const match::MatchResults& results() const { return results_; }
  int failures() const { return failures_; }  // games not played, not recorded or not written
  int recorded() const { return recorded_; }  // games the store took
  bool decided() const { return decided_; }
  // The SPRT's state when it decided (games under way then still finish and count).
  const std::optional<match::SprtState>& decision() const { return decision_; }
  int decision_pairs() const { return decision_pairs_; }

 private:
  void update_sprt() {
    if (!results_.sprt || results_.shard.count > 1) return;
    const match::SprtState state = match::sprt_state(tally_.pairs(), *results_.sprt);
    if (state.verdict != match::SprtVerdict::Continue && !decided_) {
      decision_ = state;
      decision_pairs_ = tally_.pairs().pairs();
      decided_ = true;
    }
  }

  void play(std::size_t number) {
    const std::size_t index = number - 1;
    // Competitor 0 has white in odd-numbered games.
    const int white_index = index % 2 == 0 ? 0 : 1;
    const players::Seat& white = setup_.competitors[white_index];
    const players::Seat& black = setup_.competitors[1 - white_index];
    const match::Opening& opening = setup_.book->for_game(index, results_.seed);

    const std::int64_t started_at = std::int64_t(std::time(nullptr));
    std::string failure;
    auto white_player = players::PluginPlayer::create(white.plugin, options_for_game(white, results_.seed, index, 0),
                                                      white.isolation);
    auto black_player = players::PluginPlayer::create(black.plugin, options_for_game(black, results_.seed, index, 1),
                                                      black.isolation);
    auto start = opening.game(setup_.variant);
    std::optional<match::PlayedGame> played;
    if (!white_player) failure = white.plugin->id() + ": " + white_player.error();
    else if (!black_player) failure = black.plugin->id() + ": " + black_player.error();
    else if (!start) failure = start.error();
    else {
      match::PgnTags tags = {{"Round", std::to_string(number)}};
      for (const auto& [side, name] : {std::pair{"White", setup_.names[white_index]},
                                       std::pair{"Black", setup_.names[1 - white_index]}})
        if (!name.empty()) tags.emplace_back(side, name);
      for (const auto& [side, competitor, player] :
           {std::tuple{"White", &white, white_player->get()}, std::tuple{"Black", &black, black_player->get()}}) {
        for (const match::PgnTags& seat : {match::rating_tags(side, *competitor),
                                           match::plugin_tags(side, competitor->plugin->id(),
                                                              competitor->plugin->version(), player->options())})
          tags.insert(tags.end(), seat.begin(), seat.end());
      }
      tags.insert(tags.end(), {{"Seed", std::to_string(results_.seed)}, {"Opening", opening.name}});
      played = match::play_game(**white_player, **black_player, *start, setup_.tc, tags);
    }

    std::lock_guard lock(mutex_);
    if (!failure.empty()) {
      ++failures_;
      std::printf("Game %zu not played: %s\n", number, failure.c_str());
      std::fflush(stdout);
      return;
    }
    const chess::Outcome& outcome = played->game.outcome();
    // The results file first: it is what a rerun trusts, so a game it holds is
    // never played twice (a run killed just after may lack that game's PGN).
    const match::FinishedGame finished{number, outcome.pgn_result(), match::ending_words(outcome)};
    results_.games.push_back(finished);
    const bool pair_done = tally_.add(finished);
    if (writer_) {
      if (auto written = writer_->add(finished); !written) {
        ++failures_;
        std::fprintf(stderr, "gambit-match: %s\n", written.error().c_str());
      }
    }
    if (setup_.pgn) {
      *setup_.pgn << chess::write_pgn(played->pgn);
      setup_.pgn->flush();
    }
    if (setup_.store) {
      const std::string profile;  // both seats are AIs: no human's profile
      auto recorded = setup_.store->record_game(
          recording::store_record(played->game, played->pgn, recording::seat_identity(white, profile),
                                  recording::seat_identity(black, profile), setup_.tc, started_at,
                                  std::int64_t(std::time(nullptr)), store::GameSource::Match));
      if (recorded) {
        ++recorded_;
      } else {
        ++failures_;
        std::fprintf(stderr, "gambit-match: game %zu not recorded in %s: %s\n", number,
                     setup_.store->path().c_str(), recorded.error().c_str());
      }
    }

    std::printf("Finished game %zu (%s vs %s, %s): %s {%s}\n", number, white.plugin->id().c_str(),
                black.plugin->id().c_str(), opening.name.c_str(), outcome.pgn_result().c_str(),
                outcome.description().c_str());
    const match::MatchScore& score = tally_.score();
    print_score_line(results_.names, score);
    if (results_.sprt && pair_done) {
      const match::SprtState state = match::sprt_state(tally_.pairs(), *results_.sprt);
      std::printf("SPRT: %s\n", state.text(*results_.sprt).c_str());
      update_sprt();
    }
    std::fflush(stdout);
  }

  Setup setup_;
  match::MatchResults results_;    // under mutex_
  match::ResultsTally tally_;      // of results_.games, under mutex_
  match::ResultsWriter* writer_;   // under mutex_; may be null
  std::vector<std::size_t> numbers_;
  std::atomic<std::size_t> next_{0};
  std::atomic<bool> decided_{false};
  std::mutex mutex_;
  int failures_ = 0;
  int recorded_ = 0;
  std::optional<match::SprtState> decision_;
  int decision_pairs_ = 0;
};

// A plugin file named on the command line (--white-plugin), described or
// loaded as the plugins found in the folders are.
Result<std::shared_ptr<const players::PluginLibrary>> plugin_from_file(const std::string& path,
                                                                       const players::Isolation& isolation) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error)) return Failure{"no plugin file " + quote_for_message(path)};
  return isolation.in_process() ? players::PluginLibrary::load(path) : players::PluginLibrary::describe(path, isolation);
}

// Adds up result files (--merge) and prints the sum.
int merge(const std::vector<std::string>& files) {
  std::vector<match::MatchResults> parts;
  for (const std::string& file : files) {
    auto read = match::read_results(file);
    if (!read) {
      std::fprintf(stderr, "gambit-match: %s\n", read.error().c_str());
      return 2;
    }
    parts.push_back(std::move(read).value());
  }
  auto sum = match::merge_results(parts);
  if (!sum) {
    std::fprintf(stderr, "gambit-match: %s\n", sum.error().c_str());
    return 2;
  }
  std::string shards;
  for (const match::MatchResults& part : parts) shards += (shards.empty() ? "" : ", ") + part.shard.text();
  std::printf("Merged %zu results files (shards %s): %zu games, %s vs %s, %s, seed %llu\n", parts.size(),
              shards.c_str(), sum->games.size(), sum->names[0].c_str(), sum->names[1].c_str(),
              sum->conditions.c_str(), static_cast<unsigned long long>(sum->seed));
  if (int(parts.size()) < parts[0].shard.count) {
    std::string missing;
    for (int i = 1; i <= parts[0].shard.count; ++i)
      if (std::none_of(parts.begin(), parts.end(), [i](const match::MatchResults& p) { return p.shard.index == i; }))
        missing += (missing.empty() ? "" : ", ") + match::Shard{i, parts[0].shard.count}.text();
    std::printf("Missing: %d of %d shards (%s)\n", parts[0].shard.count - int(parts.size()), parts[0].shard.count,
                missing.c_str());
  }
  print_summary(*sum);
  return 0;
}

int run(int argc, char** argv) {
  CLI::App app{"Plays AI players against each other without a window and reports the score."};
  app.set_version_flag("--version", std::string("gambit-match ") + GAMBIT_VERSION);
  std::string config_path, pgn_path, tc_text, store_path, variant_id, isolation, book_path, shard_text, results_path;
  bool no_record = false;
  std::string white_id, black_id, white_level, black_level, white_file, black_file, white_name, black_name;
  std::vector<std::string> white_option_texts, black_option_texts, sprt_words, merge_files;
  int games = 2, concurrency = 1;
  std::int64_t movetime = 0;
  std::uint64_t seed = 0;
  app.add_option("--white", white_id, "First player (plays white in odd-numbered games); default: the config's [white]");
  app.add_option("--black", black_id, "Second player; default: the config's [black]");
  app.add_option("--white-plugin", white_file,
                 "First player from this plugin file (e.g. another build of alphabeta) instead of the plugin folders");
  app.add_option("--black-plugin", black_file, "Second player from this plugin file");
  app.add_option("--white-name", white_name, "Name of the first player in the score and the PGN (default: its seat's label, e.g. 'alphabeta 1400')");
  app.add_option("--black-name", black_name, "Name of the second player in the score and the PGN");
  app.add_option("--white-option", white_option_texts, "Option NAME=VALUE for the first player (repeatable)");
  app.add_option("--black-option", black_option_texts, "Option NAME=VALUE for the second player (repeatable)");
  app.add_option("--white-level", white_level, "Difficulty level of the first player");
  app.add_option("--black-level", black_level, "Difficulty level of the second player");
  auto* games_option = app.add_option("--games", games, "Number of games (with --sprt: the most it plays; default 100000)")
                           ->check(CLI::Range(1, 1000000));
  app.add_option("--concurrency", concurrency, "Games played at once")->check(CLI::Range(1, 256));
  auto* movetime_option = app.add_option("--movetime", movetime, "Milliseconds per move")->check(CLI::Range(1, 86400000));
  app.add_option("--tc", tc_text, "Clock per player: SECONDS+INCREMENT, e.g. 10+0.1")->excludes(movetime_option);
  app.add_option("--variant", variant_id, "Rules of the games: standard or threecheck; default: the config's [game] variant")
      ->check(CLI::IsMember({"standard", "threecheck"}));
  app.add_option("--book", book_path, "Openings from this EPD file (one position a line) instead of the built-in book");
  auto* sprt_option = app.add_option("--sprt", sprt_words,
                                     "Sequential test: stop once the log-likelihood ratio decides between elo0 and elo1 "
                                     "(defaults elo0=0 elo1=5 alpha=0.05 beta=0.05)")
                          ->expected(0, 4);
  app.add_option("--shard", shard_text, "Play only slice I of N of the match's game pairs (e.g. 2/4), for many machines");
  app.add_option("--results", results_path,
                 "Append each game's result to this file; a rerun with the same file plays only the games missing");
  app.add_option("--merge", merge_files, "Add up the results files of a match's shards and print the sum")->expected(1, -1);
  app.add_option("--isolation", isolation,
                 "Where the players run: process (each in a child process of its own: a crash loses the game, not "
                 "the match) or in-process; default: the config's [plugins] isolation")
      ->check(CLI::IsMember({"process", "in-process"}));
  app.add_option("--pgn", pgn_path, "Write every finished game to this PGN file (appended to when resuming)");
  app.add_option("--seed", seed, "Seed for the opening order and players' random choices (default: from the clock, "
                                 "or the results file's when resuming)");
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
  if (!merge_files.empty()) {
    for (const CLI::Option* option : app.get_options())
      if (option->count() > 0 && option->get_name() != "--merge")
        return fail("--merge adds up results files and plays nothing: " + option->get_name() + " has no place beside it");
    return merge(merge_files);
  }

  match::TimeControl tc{movetime > 0 ? movetime : 100, 0, 0};
  if (!tc_text.empty()) {
    auto parsed = parse_tc(tc_text);
    if (!parsed) return fail(parsed.error());
    tc = *parsed;
  }
  std::optional<match::SprtSettings> sprt;
  if (sprt_option->count() > 0) {
    std::erase(sprt_words, "");  // CLI11's value for a bare --sprt
    auto parsed = match::parse_sprt(sprt_words);
    if (!parsed) return fail("--sprt: " + parsed.error());
    sprt = *parsed;
    if (games_option->count() == 0) games = 100000;
  }
  match::Shard shard;
  if (!shard_text.empty()) {
    auto parsed = match::parse_shard(shard_text);
    if (!parsed) return fail("--shard: " + parsed.error());
    shard = *parsed;
  }
  std::optional<match::MatchResults> earlier;  // what the results file holds already
  if (!results_path.empty()) {
    std::error_code error;
    const auto status = std::filesystem::status(results_path, error);
    if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status))
      return fail("--results: " + quote_for_message(results_path) + " is not a file");
  }
  std::error_code size_error;
  if (!results_path.empty() && std::filesystem::file_size(results_path, size_error) > 0 && !size_error) {
    auto read = match::read_results(results_path);
    if (!read) return fail(read.error());
    earlier = std::move(read).value();
    if (seed == 0) seed = earlier->seed;
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
  for (chess::Color side : {chess::WHITE, chess::BLACK}) {
    const bool white = side == chess::WHITE;
    const std::string flag = "--" + config::seat_key(side);
    std::string id = white ? white_id : black_id;
    // A plugin from a file stands in for the catalog's plugin of its id.
    std::shared_ptr<const players::PluginLibrary> from_file;
    config::PluginList plugins = config::plugin_list(catalog);
    if (const std::string& file = white ? white_file : black_file; !file.empty()) {
      auto library = plugin_from_file(file, settings->isolation_of(settings->seat(side)));
      if (!library) {
        mistakes.push_back(flag + "-plugin: " + library.error());
        continue;
      }
      from_file = *library;
      if (!id.empty() && id != from_file->id()) {
        mistakes.push_back(flag + "-plugin: the file's player is '" + from_file->id() + "', not '" + id + "'");
        continue;
      }
      id = from_file->id();
      std::erase_if(plugins, [&](const gambit_plugin_descriptor* d) { return d && d->id == id; });
      plugins.push_back(&from_file->descriptor());
    }
    if (auto mistake = config::apply_seat_flags(*settings, config::seat_key(side), id,
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
    } else if (from_file) {
      competitors[side] = players::Seat{.label = players::ai_label(resolved->player, resolved->level),
                                        .plugin = from_file,
                                        .options = resolved->options,
                                        .level = resolved->level,
                                        .isolation = resolved->isolation};
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

  std::optional<match::OpeningBook> epd_book;
  if (!book_path.empty()) {
    auto read = match::OpeningBook::read_epd(book_path, variant);
    if (!read) return fail("--book: " + read.error());
    epd_book = std::move(read).value();
  }
  const match::OpeningBook& book = epd_book ? *epd_book : match::OpeningBook::built_in();

  match::MatchResults results;
  results.names = {white_name.empty() ? first->label : white_name, black_name.empty() ? second->label : black_name};
  for (int i : {0, 1}) {
    const players::Seat& seat = i == 0 ? *first : *second;
    results.players[i] = seat.plugin->id() + " " + seat.plugin->version() + ": " + match::options_text(seat.options);
    // A plugin named by its file is told apart from another build of the same version by its contents.
    if (const std::string& file = i == 0 ? white_file : black_file; !file.empty()) {
      std::ifstream in(file, std::ios::binary);
      std::stringstream bytes;
      bytes << in.rdbuf();
      char hash[24];
      std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(fnv1a(bytes.str())));
      results.players[i] += ", file " + std::string(hash);
    }
  }
  // Two copies of one file with the same options: a test between them measures nothing.
  if (sprt && !white_file.empty() && !black_file.empty() && results.players[0] == results.players[1])
    std::fprintf(stderr,
                 "gambit-match: both players are the same build with the same options (%s): this SPRT can only "
                 "accept H0 or run on\n",
                 results.players[0].c_str());
  results.conditions = (tc.movetime_ms > 0 ? "movetime " + std::to_string(tc.movetime_ms) + " ms" : "clock " + tc.pgn_tag()) +
                       ", " + std::string(chess::names_of(variant).for_people) + ", book " + book.fingerprint();
  results.seed = seed;
  results.shard = shard;
  results.sprt = sprt;
  if (earlier) {
    std::string difference = results.difference(*earlier);
    if (difference.empty() && earlier->shard != shard) difference = "shard " + earlier->shard.text();
    if (!difference.empty())
      return fail("the results file " + quote_for_message(results_path) + " holds another match (" + difference +
                  "): name another file to start this one");
    results.games = earlier->games;
  }
  std::optional<match::ResultsWriter> writer;
  if (!results_path.empty()) {
    auto opened = match::ResultsWriter::open(results_path, results);
    if (!opened) return fail(opened.error());
    writer.emplace(std::move(opened).value());
  }

  std::ofstream pgn;
  if (!pgn_path.empty()) {
    pgn.open(pgn_path, std::ios::out | (earlier ? std::ios::app : std::ios::trunc));
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

  // The games of this shard still to play, in order.
  std::vector<std::size_t> numbers;
  std::set<std::size_t> done;
  for (const match::FinishedGame& game : results.games) done.insert(game.number);
  for (std::size_t number = 1; number <= std::size_t(games); ++number)
    if (shard.has_game(number) && !done.count(number)) numbers.push_back(number);

  // Read once here; the games' threads share the table (their PGN's ECO and Opening tags).
  if (const Result<chess::OpeningNames>& names = chess::shared_opening_names(); !names)
    std::fprintf(stderr, "gambit-match: %s\n", names.error().c_str());
  std::printf("Match: %s (%s) vs %s (%s), %s, %d games, %s, book %s, seed %llu%s%s\n", results.names[0].c_str(),
              match::options_text(first->options).c_str(), results.names[1].c_str(),
              match::options_text(second->options).c_str(), std::string(chess::names_of(variant).for_people).c_str(),
              games,
              tc.movetime_ms > 0 ? ("movetime " + std::to_string(tc.movetime_ms) + " ms").c_str()
                                 : ("clock " + tc.pgn_tag()).c_str(),
              (book.name() + " (" + book.fingerprint() + ")").c_str(), static_cast<unsigned long long>(seed),
              shard.count > 1 ? (", shard " + shard.text()).c_str() : "",
              sprt ? (", SPRT " + sprt->text()).c_str() : "");
  if (earlier) std::printf("Resuming: %zu games in %s already, %zu to play\n", results.games.size(),
                           results_path.c_str(), numbers.size());
  std::fflush(stdout);

  Match match({.competitors = {*first, *second},
               .names = {white_name, black_name},
               .book = &book,
               .tc = tc,
               .variant = variant,
               .pgn = pgn_path.empty() ? nullptr : &pgn,
               .store = store.get()},
              std::move(results), writer ? &*writer : nullptr);
  match.run(numbers, concurrency);

  print_summary(match.results());
  if (match.decision() && sprt)
    std::printf("SPRT decided after %d pairs: %s\n", match.decision_pairs(), match.decision()->text(*sprt).c_str());
  if (store) std::printf("Recorded %d games in %s\n", match.recorded(), store->path().c_str());
  std::set<std::size_t> finished;
  for (const match::FinishedGame& game : match.results().games) finished.insert(game.number);
  const bool complete = std::all_of(numbers.begin(), numbers.end(), [&](std::size_t n) { return finished.count(n) > 0; });
  return (complete || match.decided()) && match.failures() == 0 ? 0 : 1;
}

}  // namespace
}  // namespace gambit

int main(int argc, char** argv) { return gambit::run(argc, argv); }
