// SPDX-License-Identifier: MIT
// LevelRatings: what a plugin's levels measured, read from the data file that
// ships beside the plugin (gambit_<id>.ratings beside gambit_<id>.so), written
// by a calibration (tests/bench/calibrate_levels.py for alphabeta).
//
// The file is text: '#' starts a comment line; one line "version<TAB>1.4.0"
// names the plugin version measured (a file for another version is not used:
// a level that plays differently is another opponent); every other non-empty
// line is one level, tab-separated: level name ("-" for the player without a
// level, at its default options), Elo, 95% margin, games, time control, date
// measured. A level's rating is only used for a seat that plays exactly the
// level (no option of its own), so a rating always means the thing measured.
// An optional line "score_scale<TAB>1.33" says how many of Stockfish's
// centipawns one of the plugin's is worth (fitted by
// tests/bench/review_agreement.py); the review judges moves on Stockfish's
// scale (core/review/move_judgement.h), so it multiplies the plugin's scores
// by it. It needs the version line too: another version may score otherwise.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/util/result.h"

namespace gambit::players {

struct LevelRating {
  std::string level;         // the plugin's level name; "" for the player without a level
  double elo = 0;            // measured rating
  double margin = 0;         // 95% margin, Elo (> 0)
  int games = 0;             // games the measurement rests on (> 0)
  std::string time_control;  // "10+0.1"
  std::string measured;      // date, "2026-11-24"

  // The standard error of the measurement (margin / 1.96).
  double deviation() const { return margin / 1.959963984540054; }
};

using LevelRatings = std::vector<LevelRating>;

struct RatingsFile {
  std::string plugin_version;  // the version of the plugin measured
  LevelRatings levels;
  std::optional<double> score_scale;  // Stockfish's centipawns per one of the plugin's, 0.2..5
};

// Parses a ratings file's text; a failure names the line and what is wrong
// ("line 3: the margin 'abc' is not a number").
Result<RatingsFile> parse_ratings_file(std::string_view text);

// The ratings file of a plugin file: "x/gambit_alphabeta.so" -> "x/gambit_alphabeta.ratings".
std::filesystem::path ratings_file_of(const std::filesystem::path& plugin_file);

// The rating of a level in the list ("": the player without a level), if measured.
const LevelRating* find_rating(const LevelRatings& ratings, std::string_view level);

// The measured level nearest a rating (the weaker of two as near), or null when none is.
const LevelRating* nearest_rating(const LevelRatings& ratings, double elo);

// The measured level next stronger (direction > 0) or weaker (< 0) than
// `level` by measured rating, or null (none, or `level` is not measured).
const LevelRating* next_rating(const LevelRatings& ratings, std::string_view level, int direction);

}  // namespace gambit::players
