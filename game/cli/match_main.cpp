// SPDX-License-Identifier: MIT
// gambit-match: AI vs AI without a window: N games, alternating colours, from
// an opening book (the built-in lines, or an EPD file's positions), J at a
// time, each recorded in the scores store (unless --no-record), written to a
// PGN file and to a results file as soon as it ends; then the score, the Elo
// difference with its error margin, the game pairs, and an SPRT if asked for.
// "White" and "black" name the two players (A and B); they swap colours every
// game, so game 1 has A white and game 2 has B white, both from one opening.
// The flags: --help, and docs/command-line.md. What it does is in core/match
// (MatchPlay, match_results.h) and core/recording (match_recorder).
#include <array>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/chess/opening_names.h"
#include "core/config/config_loader.h"
#include "core/config/config_paths.h"
#include "core/config/seats.h"
#include "core/match/match_play.h"
#include "core/players/plugin_catalog.h"
#include "core/recording/store_entry.h"
#include "core/store/store.h"

namespace gambit {
namespace {

int fail(const std::string& message) {
  std::fprintf(stderr, "gambit-match: %s\n", message.c_str());
  return 2;
}

int run(int argc, char** argv) {
  CLI::App app{"Plays AI players against each other without a window and reports the score."};
  app.set_version_flag("--version", std::string("gambit-match ") + GAMBIT_VERSION);
  std::string config_path, pgn_path, tc_text, store_path, variant_id, isolation, book_path, shard_text, results_path;
  bool no_record = false;
  std::array<config::SeatRequest, 2> requests;  // the first player's (white in odd games), the second's
  std::array<std::string, 2> names;
  std::vector<std::string> sprt_words, merge_files;
  int games = 2, concurrency = 1;
  std::int64_t movetime = 0;
  std::uint64_t seed = 0;
  for (int i : {0, 1}) {
    const std::string flag = i == 0 ? "--white" : "--black", player = i == 0 ? "first player" : "second player";
    app.add_option(flag, requests[i].player,
                   i == 0 ? "First player (plays white in odd-numbered games); default: the config's [white]"
                          : "Second player; default: the config's [black]");
    app.add_option(flag + "-plugin", requests[i].plugin_file,
                   i == 0 ? "First player from this plugin file (e.g. another build of alphabeta) instead of the plugin folders"
                          : "Second player from this plugin file");
    app.add_option(flag + "-name", names[i],
                   "Name of the " + player + " in the score and the PGN" +
                       (i == 0 ? " (default: its seat's label, e.g. 'alphabeta 1400')" : ""));
    app.add_option(flag + "-option", requests[i].options, "Option NAME=VALUE for the " + player + " (repeatable)");
    app.add_option(flag + "-level", requests[i].level, "Difficulty level of the " + player);
  }
  auto* games_option = app.add_option("--games", games, "Number of games (with --sprt: the most it plays; default 100000)")
                           ->check(CLI::Range(1, 1000000));
  app.add_option("--concurrency", concurrency, "Games played at once")->check(CLI::Range(1, 256));
  auto* movetime_option = app.add_option("--movetime", movetime, "Milliseconds per move")->check(CLI::Range(1, 86400000));
  app.add_option("--tc", tc_text, "Clock per player: SECONDS+INCREMENT, e.g. 10+0.1")->excludes(movetime_option);
  app.add_option("--variant", variant_id,
                 "Rules of the games: " + std::string(chess::variant_id_list()) + "; default: the config's [game] variant")
      ->check([](const std::string& name) {
        return chess::variant_from_name(name) ? std::string()
                                              : "no variant '" + name + "'; the variants are " +
                                                    std::string(chess::variant_id_list());
      });
  app.add_option("--book", book_path,
                 "Openings from this EPD file (one position a line) instead of the built-in book (Chess960: its 960 "
                 "starts)");
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
  if (!merge_files.empty()) {  // adds up results files and prints the sum
    for (const CLI::Option* option : app.get_options())
      if (option->count() > 0 && option->get_name() != "--merge")
        return fail("--merge adds up results files and plays nothing: " + option->get_name() + " has no place beside it");
    const Result<std::string> sum = match::merged_summary(merge_files);
    if (!sum) return fail(sum.error());
    std::fputs(sum->c_str(), stdout);
    return 0;
  }

  const auto terms = match::read_match_terms(movetime, tc_text, shard_text,
                                             sprt_option->count() > 0 ? std::optional(sprt_words) : std::nullopt);
  if (!terms) return fail(terms.error());
  const auto& [tc, shard, sprt] = *terms;
  if (sprt && games_option->count() == 0) games = 100000;
  std::optional<match::MatchResults> earlier;  // what the results file holds already
  if (!results_path.empty()) {
    auto read = match::read_earlier_results(results_path);
    if (!read) return fail("--results: " + read.error());
    earlier = std::move(read).value();
  }
  if (seed == 0) seed = earlier ? earlier->seed : std::random_device()() | 1;

  Result<config::Settings> loaded = config::load_settings(config::ConfigFiles::with_config_flag(config_path));
  if (!loaded) return fail(loaded.error());
  config::Settings* settings = &loaded.value();
  if (!isolation.empty()) settings->isolate_all(isolation);  // the command line wins over the file and its seats
  players::PluginCatalog catalog =
      players::PluginCatalog::scan(config::plugin_search_paths(*settings), settings->isolation_of({}));

  config::MatchSeats chosen = config::match_seats(*settings, catalog, requests);
  if (!chosen.mistakes.empty()) {
    for (const std::string& mistake : chosen.mistakes) fail(mistake);
    return 2;
  }
  const std::array<players::Seat, 2>& competitors = chosen.seats;
  const chess::Variant variant =
      variant_id.empty() ? settings->game.rules() : chess::variant_from_name(variant_id).value_or(chess::Variant::Standard);
  for (const players::Seat& competitor : competitors)
    if (!competitor.plugin->plays(variant))
      return fail("player '" + competitor.plugin->id() + "' does not play " +
                  std::string(chess::names_of(variant).for_people));

  const Result<match::OpeningBook> chosen_book = match::OpeningBook::chosen(book_path, variant);
  if (!chosen_book) return fail("--book: " + chosen_book.error());
  const match::OpeningBook& book = *chosen_book;

  match::MatchResults results = match::match_header(competitors, names, {requests[0].plugin_file, requests[1].plugin_file},
                                                    tc, variant, book, seed, shard, sprt);
  if (const std::string warning = match::same_build_warning(results); !warning.empty()) fail(warning);
  if (earlier)
    if (auto continued = match::continue_results(results, *earlier, results_path); !continued)
      return fail(continued.error());
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
    auto opened = recording::open_store(*settings, store_path);
    if (!opened) return fail(opened.error() + " (use --no-record to play without recording)");
    if (opened->notice) fail(*opened->notice);
    store = std::move(opened).value().store;
  }

  const std::vector<std::size_t> numbers = match::games_to_play(results, std::size_t(games));  // in order

  // Read once here; the games' threads share the table (their PGN's ECO and Opening tags).
  if (const Result<chess::OpeningNames>& table = chess::shared_opening_names(); !table) fail(table.error());
  std::fputs(match::match_banner(results, competitors, variant, std::size_t(games), tc, book).c_str(), stdout);
  if (earlier) std::printf("Resuming: %zu games in %s already, %zu to play\n", results.games.size(),
                           results_path.c_str(), numbers.size());
  std::fflush(stdout);

  match::MatchPlay match({.competitors = competitors,
                          .names = names,
                          .book = &book,
                          .tc = tc,
                          .variant = variant,
                          .pgn = pgn_path.empty() ? nullptr : &pgn,
                          .record = store ? recording::match_recorder(*store, tc) : match::MatchPlay::Recorder{},
                          .out = &std::cout,
                          .err = &std::cerr},
                         std::move(results), writer ? &*writer : nullptr);
  match.run(numbers, concurrency);

  std::fputs(match::match_summary(match.results()).c_str(), stdout);
  if (match.decision() && sprt)
    std::printf("SPRT decided after %d pairs: %s\n", match.decision_pairs(), match.decision()->text(*sprt).c_str());
  if (store) std::printf("Recorded %d games in %s\n", match.recorded(), store->path().c_str());
  const bool complete = match::games_to_play(match.results(), std::size_t(games)).empty();
  return (complete || match.decided()) && match.failures() == 0 ? 0 : 1;
}

}  // namespace
}  // namespace gambit

int main(int argc, char** argv) { return gambit::run(argc, argv); }
