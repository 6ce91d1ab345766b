// SPDX-License-Identifier: MIT
#include "core/players/level_ratings.h"

#include <charconv>
#include <cmath>

#include "core/util/translation.h"
#include "core/util/words.h"

namespace gambit::players {

namespace {

std::optional<double> number(std::string_view text) {
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value)) return std::nullopt;
  return value;
}

}  // namespace

Result<RatingsFile> parse_ratings_file(std::string_view text) {
  RatingsFile file;
  LevelRatings& ratings = file.levels;
  int number_of_line = 0;
  for (std::string_view line : split_fields(text, '\n')) {
    ++number_of_line;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty() || line.front() == '#') continue;
    // TRANSLATORS: where a message's line is, before the message: "line 3: the version is given twice".
    const std::string where = fill(tr("line {line}: "), {{"line", std::to_string(number_of_line)}});
    const std::vector<std::string_view> fields = split_fields(line, '\t');
    if (fields[0] == "version") {
      if (fields.size() != 2 || fields[1].empty())
        // TRANSLATORS: 'version' is a word of the ratings file, not translated.
        return Failure{where + tr("expected 'version', a tab and the plugin version measured")};
      if (!file.plugin_version.empty()) return Failure{where + tr("the version is given twice")};
      file.plugin_version = std::string(fields[1]);
      continue;
    }
    if (fields[0] == "score_scale") {
      const auto scale = fields.size() == 2 ? number(fields[1]) : std::nullopt;
      if (!scale || *scale < 0.2 || *scale > 5)
        // TRANSLATORS: 'score_scale' is a word of the ratings file, not translated.
        return Failure{where + tr("expected 'score_scale', a tab and a number from 0.2 to 5")};
      if (file.score_scale) return Failure{where + tr("the score scale is given twice")};
      file.score_scale = scale;
      continue;
    }
    if (fields.size() != 6)
      // TRANSLATORS: {n} is the number of fields the line has.
      return Failure{where + fill(tr("expected 6 fields separated by tabs (level, Elo, margin, games, time control, "
                                     "date), found {n}"),
                                  {{"n", std::to_string(fields.size())}})};
    LevelRating rating;
    if (fields[0].empty()) return Failure{where + tr("the level name is empty (a player without levels is '-')")};
    rating.level = fields[0] == "-" ? "" : std::string(fields[0]);
    if (find_rating(ratings, rating.level))
      return Failure{where + fill(tr("the level {level} is given twice"), {{"level", quote_for_message(fields[0])}})};
    const auto elo = number(fields[1]), margin = number(fields[2]), games = number(fields[3]);
    if (!elo || *elo < -1000 || *elo > 4000)
      return Failure{where + fill(tr("the rating {rating} is not a number from -1000 to 4000"),
                                  {{"rating", quote_for_message(fields[1])}})};
    if (!margin || *margin <= 0 || *margin > 1000)
      return Failure{where + fill(tr("the margin {margin} is not a number above 0 and up to 1000"),
                                  {{"margin", quote_for_message(fields[2])}})};
    if (!games || *games < 1 || *games != std::floor(*games) || *games > 1e9)
      return Failure{where + fill(tr("the number of games {games} is not a whole number above 0"),
                                  {{"games", quote_for_message(fields[3])}})};
    rating.elo = *elo;
    rating.margin = *margin;
    rating.games = int(*games);
    rating.time_control = std::string(fields[4]);
    rating.measured = std::string(fields[5]);
    ratings.push_back(std::move(rating));
  }
  if (file.plugin_version.empty() && (!ratings.empty() || file.score_scale))
    return Failure{
        tr("it does not say which version of the plugin it measured (a line 'version', a tab, the version)")};
  return file;
}

std::filesystem::path ratings_file_of(const std::filesystem::path& plugin_file) {
  std::filesystem::path file = plugin_file;
  return file.replace_extension(".ratings");
}

const LevelRating* find_rating(const LevelRatings& ratings, std::string_view level) {
  for (const LevelRating& rating : ratings)
    if (rating.level == level) return &rating;
  return nullptr;
}

const LevelRating* nearest_rating(const LevelRatings& ratings, double elo) {
  const LevelRating* nearest = nullptr;
  for (const LevelRating& rating : ratings) {
    const double distance = std::abs(rating.elo - elo);
    if (!nearest || distance < std::abs(nearest->elo - elo) ||
        (distance == std::abs(nearest->elo - elo) && rating.elo < nearest->elo))
      nearest = &rating;
  }
  return nearest;
}

const LevelRating* next_rating(const LevelRatings& ratings, std::string_view level, int direction) {
  const LevelRating* from = find_rating(ratings, level);
  if (!from || direction == 0) return nullptr;
  const LevelRating* next = nullptr;
  for (const LevelRating& rating : ratings) {
    const bool beyond = direction > 0 ? rating.elo > from->elo : rating.elo < from->elo;
    if (beyond && (!next || std::abs(rating.elo - from->elo) < std::abs(next->elo - from->elo))) next = &rating;
  }
  return next;
}

}  // namespace gambit::players
