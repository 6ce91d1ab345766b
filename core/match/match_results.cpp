// SPDX-License-Identifier: MIT
#include "core/match/match_results.h"

#include <charconv>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "core/util/parse_number.h"

namespace gambit::match {

namespace {

constexpr std::string_view Magic = "gambit-match results 1";

// The first player's points in game `number` with White's result `result`.
double first_player_points(std::size_t number, const std::string& result) {
  const double white = result == "1-0" ? 1 : result == "0-1" ? 0 : 0.5;
  return number % 2 == 1 ? white : 1 - white;
}

std::string header_text(const MatchResults& r) {
  std::string text = std::string(Magic) + "\n";
  text += "first: " + r.names[0] + "\nfirst player: " + r.players[0] + "\n";
  text += "second: " + r.names[1] + "\nsecond player: " + r.players[1] + "\n";
  text += "conditions: " + r.conditions + "\nseed: " + std::to_string(r.seed) + "\n";
  text += "shard: " + r.shard.text() + "\n";
  if (r.sprt) text += "sprt: " + r.sprt->text() + "\n";
  return text;
}

std::string game_line(const FinishedGame& game) {
  std::string ending = game.ending;
  for (char& c : ending)
    if (c == '\n' || c == '\r') c = ' ';
  return "game " + std::to_string(game.number) + ": " + game.result + " " + ending + "\n";
}

}  // namespace

Result<Shard> parse_shard(std::string_view text) {
  const std::size_t slash = text.find('/');
  const auto index = parse_int64(text.substr(0, slash));
  const auto count = slash == std::string_view::npos ? std::nullopt : parse_int64(text.substr(slash + 1));
  if (!index || !count) return Failure{quote_for_message(text) + " is not a shard I/N, e.g. 2/4"};
  if (*count < 1 || *count > 100000 || *index < 1 || *index > *count)
    return Failure{"shard " + quote_for_message(text) + ": I must be 1..N and N at most 100000"};
  return Shard{int(*index), int(*count)};
}

std::string MatchResults::difference(const MatchResults& other) const {
  const auto pairing = [](const MatchResults& r) {
    return r.names[0] + " (" + r.players[0] + ") against " + r.names[1] + " (" + r.players[1] + ")";
  };
  if (names != other.names || players != other.players) return "other players: " + pairing(other);
  if (conditions != other.conditions) return "other conditions: " + other.conditions;
  if (seed != other.seed) return "another seed: " + std::to_string(other.seed);
  if (sprt != other.sprt) return "another SPRT: " + (other.sprt ? other.sprt->text() : std::string("none"));
  return "";
}

bool ResultsTally::add(const FinishedGame& game) {
  const double points = first_player_points(game.number, game.result);
  ++(points == 1 ? score_.wins : points == 0 ? score_.losses : score_.draws);
  const std::size_t pair = (game.number - 1) / 2;
  const auto other = waiting_.find(pair);
  if (other == waiting_.end()) {
    waiting_.emplace(pair, points);
    return false;
  }
  pairs_.add_pair(other->second, points);
  waiting_.erase(other);
  return true;
}

ResultsTally MatchResults::tally() const {
  ResultsTally tally;
  for (const FinishedGame& game : games) tally.add(game);
  return tally;
}

Result<MatchResults> read_results(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return Failure{"cannot read the results file " + quote_for_message(file.string())};
  std::stringstream buffer;
  buffer << in.rdbuf();
  std::string text = buffer.str();
  if (in.bad()) return Failure{"cannot read the results file " + quote_for_message(file.string())};
  text.erase(text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1);  // a line cut short

  MatchResults results;
  std::set<std::size_t> numbers;
  std::set<std::string> keys;  // header lines seen
  bool shard_seen = false;
  std::istringstream lines(text);
  std::string line;
  const std::string place = file.string() + ":";
  int number = 0;
  auto fail = [&](const std::string& why) { return Failure{place + std::to_string(number) + ": " + why}; };
  while (std::getline(lines, line)) {
    ++number;
    if (number == 1) {
      if (line != Magic) return fail("not a gambit-match results file (it must begin '" + std::string(Magic) + "')");
      continue;
    }
    const std::size_t colon = line.find(": ");
    const std::string key = line.substr(0, colon), value = colon == std::string::npos ? "" : line.substr(colon + 2);
    if (colon == std::string::npos) return fail("not a line of a results file: " + quote_for_message(line));
    if (!key.starts_with("game ")) {
      if (!results.games.empty()) return fail("the line " + quote_for_message(key) + " comes after the games");
      if (!keys.insert(key).second) return fail("the line " + quote_for_message(key) + " comes twice");
    }
    if (key == "first") results.names[0] = value;
    else if (key == "first player") results.players[0] = value;
    else if (key == "second") results.names[1] = value;
    else if (key == "second player") results.players[1] = value;
    else if (key == "conditions") results.conditions = value;
    else if (key == "seed") {
      auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), results.seed);
      if (value.empty() || error != std::errc() || end != value.data() + value.size())
        return fail("the seed " + quote_for_message(value) + " is not a whole number");
    }
    else if (key == "shard") {
      auto shard = parse_shard(value);
      if (!shard) return fail(shard.error());
      results.shard = *shard;
      shard_seen = true;
    } else if (key == "sprt") {
      std::vector<std::string> words;
      std::istringstream in_words(value);
      for (std::string word; in_words >> word;) words.push_back(word);
      auto sprt = parse_sprt(words);
      if (!sprt) return fail(sprt.error());
      results.sprt = *sprt;
    } else if (key.starts_with("game ")) {
      const auto game_number = parse_int64(std::string_view(key).substr(5));
      const std::size_t space = value.find(' ');
      FinishedGame game{game_number ? std::size_t(*game_number) : 0, value.substr(0, space),
                        space == std::string::npos ? "" : value.substr(space + 1)};
      if (!game_number || *game_number < 1) return fail(quote_for_message(key) + " does not number a game");
      if (game.result != "1-0" && game.result != "0-1" && game.result != "1/2-1/2")
        return fail("game " + std::to_string(game.number) + " has no result (1-0, 0-1 or 1/2-1/2): " +
                    quote_for_message(value));
      if (!shard_seen) return fail("a game comes before the shard line");
      if (!results.shard.has_game(game.number))
        return fail("game " + std::to_string(game.number) + " is not in shard " + results.shard.text());
      if (!numbers.insert(game.number).second) return fail("game " + std::to_string(game.number) + " is there twice");
      results.games.push_back(std::move(game));
    } else {
      return fail("unknown line " + quote_for_message(line));
    }
  }
  if (number == 0) return Failure{quote_for_message(file.string()) + " is empty: not a gambit-match results file"};
  for (const auto& [field, name] : {std::pair{&results.names[0], "first"}, std::pair{&results.names[1], "second"},
                                    std::pair{&results.players[0], "first player"},
                                    std::pair{&results.players[1], "second player"},
                                    std::pair{&results.conditions, "conditions"}})
    if (field->empty()) return Failure{place + " the line '" + name + ": ...' is missing"};
  if (!keys.count("seed")) return Failure{place + " the line 'seed: ...' is missing"};
  if (!shard_seen) return Failure{place + " the line 'shard: ...' is missing"};
  return results;
}

Result<std::optional<MatchResults>> read_earlier_results(const std::filesystem::path& file) {
  std::error_code error;
  const auto status = std::filesystem::status(file, error);
  if (!std::filesystem::exists(status)) return std::optional<MatchResults>();
  if (!std::filesystem::is_regular_file(status)) return Failure{quote_for_message(file.string()) + " is not a file"};
  if (std::filesystem::file_size(file, error) == 0 || error) return std::optional<MatchResults>();
  Result<MatchResults> read = read_results(file);
  if (!read) return Failure{read.error()};
  return std::optional<MatchResults>(std::move(read).value());
}

Result<std::monostate> continue_results(MatchResults& results, const MatchResults& earlier,
                                        const std::filesystem::path& file) {
  std::string difference = results.difference(earlier);
  if (difference.empty() && earlier.shard != results.shard) difference = "shard " + earlier.shard.text();
  if (!difference.empty())
    return Failure{"the results file " + quote_for_message(file.string()) + " holds another match (" + difference +
                   "): name another file to start this one"};
  results.games = earlier.games;
  return std::monostate{};
}

std::vector<std::size_t> games_to_play(const MatchResults& results, std::size_t games) {
  std::set<std::size_t> done;
  for (const FinishedGame& game : results.games) done.insert(game.number);
  std::vector<std::size_t> numbers;
  for (std::size_t number = 1; number <= games; ++number)
    if (results.shard.has_game(number) && !done.count(number)) numbers.push_back(number);
  return numbers;
}

Result<MatchResults> merge_results(const std::vector<MatchResults>& parts) {
  if (parts.empty()) return Failure{"no results to merge"};
  MatchResults sum = parts[0];
  sum.shard = Shard{};
  sum.games.clear();
  std::set<int> shards;
  std::map<std::size_t, std::size_t> part_of_game;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const MatchResults& part = parts[i];
    const std::string which = "results " + std::to_string(i + 1) + " (shard " + part.shard.text() + ")";
    if (const std::string difference = parts[0].difference(part); !difference.empty())
      return Failure{which + " are of another match than results 1: " + difference};
    if (part.shard.count != parts[0].shard.count)
      return Failure{which + " cut the match into " + std::to_string(part.shard.count) + " shards, results 1 into " +
                     std::to_string(parts[0].shard.count)};
    if (!shards.insert(part.shard.index).second) return Failure{which + ": shard " + part.shard.text() + " comes twice"};
    for (const FinishedGame& game : part.games) {
      if (auto [it, inserted] = part_of_game.emplace(game.number, i); !inserted)
        return Failure{"game " + std::to_string(game.number) + " is in results " + std::to_string(it->second + 1) +
                       " and " + std::to_string(i + 1)};
      sum.games.push_back(game);
    }
  }
  return sum;
}

Result<ResultsWriter> ResultsWriter::open(const std::filesystem::path& file, const MatchResults& results) {
  std::error_code error;
  const bool fresh = !std::filesystem::exists(file, error) || std::filesystem::file_size(file, error) == 0;
  if (!fresh) {
    // Cut a last line short of its newline away, so the next line starts clean.
    std::ifstream in(file, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    const std::string text = buffer.str();
    const std::size_t keep = text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1;
    if (keep != text.size()) std::filesystem::resize_file(file, keep, error);
    if (error)
      return Failure{"cannot mend the results file " + quote_for_message(file.string()) + ": " + error.message()};
  }
  std::FILE* out = std::fopen(file.c_str(), "ab");
  if (!out) return Failure{"cannot write the results file " + quote_for_message(file.string())};
  ResultsWriter writer(out, file);
  if (fresh) {
    const std::string header = header_text(results);
    if (std::fputs(header.c_str(), out) < 0 || std::fflush(out) != 0)
      return Failure{"cannot write the results file " + quote_for_message(file.string())};
  }
  return writer;
}

ResultsWriter::~ResultsWriter() {
  if (file_) std::fclose(file_);
}

Result<std::monostate> ResultsWriter::add(const FinishedGame& game) {
  const std::string line = game_line(game);
  if (std::fputs(line.c_str(), file_) < 0 || std::fflush(file_) != 0)
    return Failure{"cannot add game " + std::to_string(game.number) + " to " + quote_for_message(path_.string())};
  return std::monostate{};
}

}  // namespace gambit::match
