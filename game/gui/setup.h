// SPDX-License-Identifier: MIT
// Setup: the game's setup on this computer, opened once when the window
// starts: the settings (and where the Settings screen saves them), the player
// plugins found, the scores store, the opening names (chess::shared_opening_names,
// read here), and the problems met opening them, which
// the menu shows in words. Also what this run remembers for file dialogs.
//
// Invariants: settings() always seat players the plugins found can give (the
// parts that could not fall back to their defaults: config::fall_back_to_defaults);
// store() is nullptr exactly when store_problem() is not empty.
#pragma once

#include <array>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/config/config_loader.h"
#include "core/config/seats.h"
#include "core/config/settings.h"
#include "core/players/plugin_catalog.h"
#include "core/players/plugin_player.h"
#include "core/recording/recorder.h"
#include "core/store/store.h"

namespace gambit::gui {

// Why a seat cannot play a game in `variant`, in words with what to do, or "" when it can.
std::string variant_problem(const players::Seat& seat, chess::Variant variant);

class Setup {
 public:
  // Reads the configuration (`config_file`: that file alone; otherwise the
  // default and the user's), scans the plugin folders it names and opens the
  // store. Never fails: each part that cannot be had is replaced by its
  // default, or left out, and said in problems().
  static Setup open(const std::optional<std::filesystem::path>& config_file);

  const config::Settings& settings() const { return settings_; }
  // Replaces the settings for the next game and writes the user's config
  // file; returns the file written or why it could not be.
  Result<std::filesystem::path> save_settings(const config::Settings& settings);

  const players::PluginCatalog& catalog() const { return catalog_; }
  // The catalog's descriptors, for checking seats (core/config/seats.h).
  config::PluginList plugin_descriptors() const;

  // The seats of `seated` (its white and black) ready to play: checked
  // against the plugins found, each able to play `variant`; or why not, in words.
  Result<std::array<players::Seat, chess::COLOR_NB>> seats_to_play(const config::Settings& seated,
                                                                   chess::Variant variant) const;
  // The review's analysers (Settings, review: its player, settings.review.jobs
  // of them), started and able to search positions of `variant`; or why they
  // cannot be had, in a sentence a player reads.
  Result<std::vector<std::unique_ptr<players::PluginPlayer>>> review_analysers(chess::Variant variant) const;
  // What beginning another game does to the game the store keeps (Resume
  // game): none is kept; it is given up (a casual game, or one the person has
  // not moved in yet, as Abort); or it is resigned (a rated game the person has
  // moved in: recorded as their loss). words: what the New Game screen says.
  struct KeptGameFate {
    enum class Kind { None, GivenUp, Resigned };
    Kind kind = Kind::None;
    std::string words;
  };
  KeptGameFate kept_game_fate();
  // Does what kept_game_fate() says, before another game begins; a problem in words (the game stays kept).
  std::optional<std::string> leave_kept_game();
  // The scores store; nullptr when none could be opened (store_problem() says why).
  store::Store* store() { return store_.get(); }
  const std::string& store_problem() const { return store_problem_; }

  // Problems found reading the configuration, the plugins or the store, and
  // the plugins' notices since (plugin_notices.h), one sentence each.
  const std::vector<std::string>& problems() const { return problems_; }
  void add_problem(std::string problem) { problems_.push_back(std::move(problem)); }

  // The folder of the file the player last saved, loaded or exported (this
  // run), where the next file dialog starts; "" before any (the home folder).
  const std::string& last_folder() const { return last_folder_; }
  void remember_file(const std::string& path);
  // The files the player last loaded or saved (kept between runs), newest first.
  std::vector<std::string> recent_files() const;

  // The folder of the game databases (database_shelf.h), beside the store.
  std::filesystem::path database_folder() const;
  // The database the Games screen showed last (this run), which the opening explorer counts in; My games at first.
  std::filesystem::path current_database() const;
  void set_current_database(std::filesystem::path path) { current_database_ = std::move(path); }

 private:
  config::Settings settings_;
  config::ConfigFiles config_files_;
  players::PluginCatalog catalog_;
  std::unique_ptr<store::Store> store_;
  std::string store_problem_;
  std::vector<std::string> problems_;
  std::string last_folder_;
  std::filesystem::path current_database_;

  struct LeavingKept;  // the kept game, its seats and what leaving it does
  std::optional<LeavingKept> leaving_kept();
};

}  // namespace gambit::gui
