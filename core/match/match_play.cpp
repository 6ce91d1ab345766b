// SPDX-License-Identifier: MIT
#include "core/match/match_play.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <sstream>
#include <thread>
#include <tuple>

#include "core/chess/pgn.h"
#include "core/match/elo.h"
#include "core/match/game_record.h"
#include "core/players/options.h"
#include "core/util/fnv1a.h"
#include "core/util/local_time.h"
#include "core/util/splitmix64.h"

namespace gambit::match {

namespace {

// printf into a string, for lines that keep gambit-match's formats.
template <typename... Args>
std::string formatted(const char* format, Args... args) {
  const int length = std::snprintf(nullptr, 0, format, args...);
  std::string text(std::size_t(std::max(length, 0)), '\0');
  std::snprintf(text.data(), text.size() + 1, format, args...);
  return text;
}

}  // namespace

Result<TimeControl> parse_time_control(std::string_view text) {
  const std::size_t plus = text.find('+');
  auto seconds = [](std::string_view s) -> std::optional<std::int64_t> {
    double value = 0;
    auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (error != std::errc() || end != s.data() + s.size() || value < 0 || value > 1e7) return std::nullopt;
    return std::int64_t(value * 1000 + 0.5);
  };
  const auto initial = seconds(text.substr(0, plus));
  const auto increment =
      plus == std::string_view::npos ? std::optional<std::int64_t>(0) : seconds(text.substr(plus + 1));
  if (!initial || !increment || *initial == 0)
    return Failure{quote_for_message(std::string(text)) + " is not SECONDS+INCREMENT (e.g. 10+0.1)"};
  return TimeControl{0, *initial, *increment};
}

players::OptionList options_for_game(const players::Seat& seat, std::uint64_t match_seed, std::size_t game,
                                     int seat_index) {
  players::OptionList options = seat.options;
  const bool has_seed = players::find_option(seat.plugin->descriptor(), "seed") != nullptr;
  const bool seed_set = std::any_of(options.begin(), options.end(), [](const auto& o) { return o.first == "seed"; });
  if (has_seed && !seed_set) {
    const std::uint64_t z =
        splitmix64_mix(match_seed + SplitMix64::Increment * (2 * game + std::uint64_t(seat_index) + 1)) &
        0x7FFFFFFFFFFFFFFFULL;
    options.emplace_back("seed", std::to_string(z ? z : 1));
  }
  return options;
}

std::string score_line(const std::array<std::string, 2>& names, const MatchScore& score) {
  return formatted("Score of %s vs %s: %d - %d - %d [%.3f] %d\n", names[0].c_str(), names[1].c_str(), score.wins,
                   score.losses, score.draws, score.fraction(), score.games());
}

std::string match_summary(const MatchResults& results) {
  const ResultsTally tally = results.tally();
  const MatchScore& score = tally.score();
  const Pentanomial& pairs = tally.pairs();
  std::string text = score_line(results.names, score);
  text += "Elo difference: " + estimate_elo(score).text() + "\n";
  text += "Pairs (0, 1/2, 1, 3/2, 2 points): " + pairs.text() + ", Elo " + estimate_elo(pairs).text() + "\n";
  if (results.sprt)
    text += "SPRT (" + results.sprt->text() + "): " + sprt_state(pairs, *results.sprt).text(*results.sprt) + "\n";
  return text;
}

Result<std::string> merged_summary(const std::vector<std::string>& files) {
  std::vector<MatchResults> parts;
  for (const std::string& file : files) {
    auto read = read_results(file);
    if (!read) return Failure{read.error()};
    parts.push_back(std::move(read).value());
  }
  auto sum = merge_results(parts);
  if (!sum) return Failure{sum.error()};
  std::string shards;
  for (const MatchResults& part : parts) shards += (shards.empty() ? "" : ", ") + part.shard.text();
  std::string text = formatted("Merged %zu results files (shards %s): %zu games, %s vs %s, %s, seed %llu\n",
                               parts.size(), shards.c_str(), sum->games.size(), sum->names[0].c_str(),
                               sum->names[1].c_str(), sum->conditions.c_str(),
                               static_cast<unsigned long long>(sum->seed));
  if (int(parts.size()) < parts[0].shard.count) {
    std::string missing;
    for (int i = 1; i <= parts[0].shard.count; ++i)
      if (std::none_of(parts.begin(), parts.end(), [i](const MatchResults& p) { return p.shard.index == i; }))
        missing += (missing.empty() ? "" : ", ") + Shard{i, parts[0].shard.count}.text();
    text += formatted("Missing: %d of %d shards (%s)\n", parts[0].shard.count - int(parts.size()),
                      parts[0].shard.count, missing.c_str());
  }
  return text + match_summary(*sum);
}

MatchPlay::MatchPlay(Setup setup, MatchResults results, ResultsWriter* writer)
    : setup_(std::move(setup)), results_(std::move(results)), tally_(results_.tally()), writer_(writer) {}

void MatchPlay::run(const std::vector<std::size_t>& numbers, int concurrency) {
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

void MatchPlay::say(std::ostream* stream, const std::string& line) {
  if (!stream) return;
  *stream << line;
  stream->flush();
}

void MatchPlay::update_sprt() {
  if (!results_.sprt || results_.shard.count > 1) return;
  const SprtState state = sprt_state(tally_.pairs(), *results_.sprt);
  if (state.verdict != SprtVerdict::Continue && !decided_) {
    decision_ = state;
    decision_pairs_ = tally_.pairs().pairs();
    decided_ = true;
  }
}

void MatchPlay::play(std::size_t number) {
  const std::size_t index = number - 1;
  // Competitor 0 has white in odd-numbered games.
  const int white_index = index % 2 == 0 ? 0 : 1;
  const players::Seat& white = setup_.competitors[white_index];
  const players::Seat& black = setup_.competitors[1 - white_index];
  const Opening& opening = setup_.book->for_game(index, results_.seed);

  const std::int64_t started_at = unix_now();
  std::string failure;
  auto white_player =
      players::PluginPlayer::create(white.plugin, options_for_game(white, results_.seed, index, 0), white.isolation);
  auto black_player =
      players::PluginPlayer::create(black.plugin, options_for_game(black, results_.seed, index, 1), black.isolation);
  auto start = opening.game(setup_.variant);
  std::optional<PlayedGame> played;
  if (!white_player) failure = white.plugin->id() + ": " + white_player.error();
  else if (!black_player) failure = black.plugin->id() + ": " + black_player.error();
  else if (!start) failure = start.error();
  else {
    PgnTags tags = {{"Round", std::to_string(number)}};
    for (const auto& [side, name] :
         {std::pair{"White", setup_.names[white_index]}, std::pair{"Black", setup_.names[1 - white_index]}})
      if (!name.empty()) tags.emplace_back(side, name);
    for (const auto& [side, competitor, player] :
         {std::tuple{"White", &white, white_player->get()}, std::tuple{"Black", &black, black_player->get()}}) {
      for (const PgnTags& seat : {rating_tags(side, *competitor),
                                  plugin_tags(side, competitor->plugin->id(), competitor->plugin->version(),
                                              player->options())})
        tags.insert(tags.end(), seat.begin(), seat.end());
    }
    tags.insert(tags.end(), {{"Seed", std::to_string(results_.seed)}, {"Opening", opening.name}});
    played = play_game(**white_player, **black_player, *start, setup_.tc, tags);
  }

  std::lock_guard lock(mutex_);
  if (!failure.empty()) {
    ++failures_;
    say(setup_.out, formatted("Game %zu not played: %s\n", number, failure.c_str()));
    return;
  }
  const chess::Outcome& outcome = played->game.outcome();
  // The results file first: it is what a rerun trusts, so a game it holds is
  // never played twice (a run killed just after may lack that game's PGN).
  const FinishedGame finished{number, outcome.pgn_result(), ending_words(outcome)};
  results_.games.push_back(finished);
  const bool pair_done = tally_.add(finished);
  if (writer_) {
    if (auto written = writer_->add(finished); !written) {
      ++failures_;
      say(setup_.err, "gambit-match: " + written.error() + "\n");
    }
  }
  if (setup_.pgn) {
    *setup_.pgn << chess::write_pgn(played->pgn);
    setup_.pgn->flush();
  }
  if (setup_.record) {
    if (auto recorded = setup_.record(*played, white, black, started_at, unix_now())) {
      ++recorded_;
    } else {
      ++failures_;
      say(setup_.err, formatted("gambit-match: game %zu not recorded in %s\n", number, recorded.error().c_str()));
    }
  }

  std::string lines = formatted("Finished game %zu (%s vs %s, %s): %s {%s}\n", number, white.plugin->id().c_str(),
                                black.plugin->id().c_str(), opening.name.c_str(), outcome.pgn_result().c_str(),
                                outcome.description().c_str());
  lines += score_line(results_.names, tally_.score());
  if (results_.sprt && pair_done) {
    lines += "SPRT: " + sprt_state(tally_.pairs(), *results_.sprt).text(*results_.sprt) + "\n";
    update_sprt();
  }
  say(setup_.out, lines);
}

Result<MatchTerms> read_match_terms(std::int64_t movetime_ms, const std::string& tc_text, const std::string& shard_text,
                                    std::optional<std::vector<std::string>> sprt_words) {
  MatchTerms terms;
  terms.tc = TimeControl{movetime_ms > 0 ? movetime_ms : 100, 0, 0};
  if (!tc_text.empty()) {
    auto parsed = parse_time_control(tc_text);
    if (!parsed) return Failure{"--tc " + parsed.error()};
    terms.tc = *parsed;
  }
  if (!shard_text.empty()) {
    auto parsed = parse_shard(shard_text);
    if (!parsed) return Failure{"--shard: " + parsed.error()};
    terms.shard = *parsed;
  }
  if (sprt_words) {
    std::erase(*sprt_words, "");  // a bare --sprt
    auto parsed = parse_sprt(*sprt_words);
    if (!parsed) return Failure{"--sprt: " + parsed.error()};
    terms.sprt = *parsed;
  }
  return terms;
}

std::string player_identity(const players::Seat& seat, const std::string& file) {
  std::string identity = seat.plugin->id() + " " + seat.plugin->version() + ": " + options_text(seat.options);
  if (file.empty()) return identity;
  std::ifstream in(file, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  char hash[24];
  std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(fnv1a(bytes.str())));
  return identity + ", file " + hash;
}

MatchResults match_header(const std::array<players::Seat, 2>& competitors, const std::array<std::string, 2>& names,
                          const std::array<std::string, 2>& files, const TimeControl& tc, chess::Variant variant,
                          const OpeningBook& book, std::uint64_t seed, Shard shard, std::optional<SprtSettings> sprt) {
  MatchResults results;
  for (int i : {0, 1}) {
    results.names[i] = names[i].empty() ? competitors[i].label : names[i];
    results.players[i] = player_identity(competitors[i], files[i]);
  }
  results.conditions = tc.text() + ", " + std::string(chess::names_of(variant).for_people) + ", book " + book.fingerprint();
  results.seed = seed;
  results.shard = shard;
  results.sprt = sprt;
  return results;
}

std::string same_build_warning(const MatchResults& header) {
  const bool by_file = header.players[0].find(", file ") != std::string::npos;
  if (!header.sprt || !by_file || header.players[0] != header.players[1]) return "";
  return "both players are the same build with the same options (" + header.players[0] +
         "): this SPRT can only accept H0 or run on";
}

std::string match_banner(const MatchResults& results, const std::array<players::Seat, 2>& competitors,
                         chess::Variant variant, std::size_t games, const TimeControl& tc, const OpeningBook& book) {
  std::string banner = "Match: " + results.names[0] + " (" + options_text(competitors[0].options) + ") vs " +
                       results.names[1] + " (" + options_text(competitors[1].options) + "), " +
                       std::string(chess::names_of(variant).for_people) + ", " + std::to_string(games) + " games, " +
                       tc.text() + ", book " + book.name() + " (" + book.fingerprint() + "), seed " +
                       std::to_string(results.seed);
  if (results.shard.count > 1) banner += ", shard " + results.shard.text();
  if (results.sprt) banner += ", SPRT " + results.sprt->text();
  return banner + "\n";
}

}  // namespace gambit::match
