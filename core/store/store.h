// SPDX-License-Identifier: MIT
// Store: scores and finished games kept between sessions, in one SQLite file
// (its default place: config::store_path), and what the player practises.
// The Store is the file: it opens it (migrating it, or setting it aside) and
// hands out one object per concern, all over its one connection:
//   games()     GameRecords (game_records.h): who played (players), every
//               finished game with its PGN (games), the game the window was
//               playing when it closed (interrupted_game);
//   ratings()   Ratings (ratings.h): standings, each person's rating after
//               each rated game (ratings), the AIs' placements, the reset;
//   reviews()   Reviews (reviews.h): the reviews of games (reviews);
//   practice()  Practice (practice.h): the profile's own mistake and blunder
//               positions in Leitner boxes (practice);
//   puzzles()   Puzzles (puzzles.h): the rated puzzles they tried with their
//               puzzle rating after each (puzzle_attempts), and each puzzle's
//               rating as refined by those attempts (puzzle_ratings).
//
// Ratings: an AI opponent is placed by calibration (PlayerIdentity::placement,
// kept with the player and never moved by results); a person has one Glicko-2
// rating (core/rating) per pool (rating::RatingPool: variant and speed), one
// rating period per game. A game is rated when it was announced rated before
// it began (FinishedGame::rated: the front end decided, and said so) and is a
// person against a placed AI from the start; the flag is kept with the game,
// so no later placement makes an unrated game rated. Other games (an AI not
// placed, two people, two AIs) are kept and counted in the standings. The
// ratings are a function of the games in order and the placements: when a
// placement changes, every counted rating is computed again.
//
// Durability: every write is one transaction, committed before the call
// returns, in WAL mode with a busy timeout, so a process killed at any instant
// loses at most the write in progress, and several processes (the window,
// gambit-match) may record at once. A file that is not a Gambit database, is
// corrupt, or has a newer schema is moved aside (with its -wal and -shm files,
// never written into nor deleted) and a fresh store is made in its place
// (Opened::notice says so in words). Opening is serialised between processes
// by a lock on the folder, so two programs never set aside each other's store.
//
// Ownership: the concern objects are the Store's members and live as long as
// it does; hold a reference, never past the Store.
//
// Threading: a Store, with its concern objects, is used from one thread at a
// time; two Store objects (threads or processes) may share a file.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "core/store/game_records.h"
#include "core/store/player_identity.h"
#include "core/store/practice.h"
#include "core/store/puzzles.h"
#include "core/store/ratings.h"
#include "core/store/reviews.h"
#include "core/util/result.h"

namespace gambit::store {

class Connection;

// The schema this build writes (PRAGMA user_version). Files of every earlier
// version are migrated forward when opened.
inline constexpr int SchemaVersion = 7;
// The profile name of the human at this computer when the config names none.
inline constexpr const char* DefaultProfile = "Player";

class Store {
 public:
  // A store ready to use, and a sentence for the user when the file found at
  // the path had to be set aside (moved to "<path>.broken-<YYYYmmdd-HHMMSS>").
  struct Opened {
    std::unique_ptr<Store> store;
    std::optional<std::string> notice;
  };

  // Opens (creating folders and file as needed) and migrates the store at
  // path. Fails only when no store can be made there at all (e.g. the folder
  // cannot be written), with the reason in words.
  static Result<Opened> open(const std::filesystem::path& path, const std::string& profile = DefaultProfile);
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  const std::filesystem::path& path() const { return path_; }
  // The human profile whose scores and rating this store reports.
  const std::string& profile() const { return profile_; }

  // The store's concerns, over its one connection (the header of each says what it keeps).
  GameRecords& games() { return games_; }
  Ratings& ratings() { return ratings_; }
  Reviews& reviews() { return reviews_; }
  Practice& practice() { return practice_; }
  Puzzles& puzzles() { return puzzles_; }

 private:
  Store(std::filesystem::path path, std::string profile, std::unique_ptr<Connection> db);

  std::filesystem::path path_;
  std::string profile_;
  std::unique_ptr<Connection> db_;
  // Made after path_, profile_ and db_, which they refer to, and gone before them.
  GameRecords games_;
  Ratings ratings_;
  Reviews reviews_;
  Practice practice_;
  Puzzles puzzles_;
};

}  // namespace gambit::store
