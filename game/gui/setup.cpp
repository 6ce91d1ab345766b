// SPDX-License-Identifier: MIT
#include "game/gui/setup.h"

#include "core/chess/opening_names.h"
#include "core/config/config_paths.h"
#include "core/config/config_writer.h"
#include "core/recording/store_entry.h"
#include <cstdio>
#include <ctime>

#include "core/match/game_record.h"
#include "core/review/game_review.h"
#include "core/util/local_time.h"
#include "core/util/translation.h"
#include "game/gui/database_shelf.h"
#include "game/gui/file_listing.h"
#include "game/gui/user_files.h"

namespace gambit::gui {

Setup Setup::open(const std::optional<std::filesystem::path>& config_file) {
  Setup setup;
  if (config_file) setup.config_files_ = config::ConfigFiles{{}, std::nullopt, config_file};
  auto loaded = config::load_settings(setup.config_files_);
  if (loaded) {
    setup.settings_ = *loaded;
  } else {
    setup.problems_.push_back(
        // TRANSLATORS: a problem on the menu's list; {problem} says what is wrong with the configuration file.
        fill(tr("Configuration: {problem} - playing with the default settings."), {{"problem", loaded.error()}}));
    setup.settings_ = config::Settings();
  }
  setup.catalog_ =
      players::PluginCatalog::scan(config::plugin_search_paths(setup.settings_), setup.settings_.isolation_of({}));
  for (const std::string& problem : setup.catalog_.problems())
    // TRANSLATORS: a problem on the menu's list; {notice} is what is wrong with a plugin.
    setup.problems_.push_back(fill(tr("Plugins: {notice}"), {{"notice", problem}}));
  for (std::string& problem : config::fall_back_to_defaults(setup.settings_, setup.plugin_descriptors()))
    setup.problems_.push_back(std::move(problem));

  auto opened = recording::open_store(setup.settings_);
  if (!opened) {
    // TRANSLATORS: {problem} says why the scores file cannot be opened.
    setup.store_problem_ = fill(tr("{problem} - games are not recorded this time."), {{"problem", opened.error()}});
    // TRANSLATORS: a problem on the menu's list, about the scores file (the store of games and ratings).
    setup.problems_.push_back(fill(tr("Scores: {problem}"), {{"problem", setup.store_problem_}}));
  } else {
    if (opened->notice) setup.problems_.push_back(fill(tr("Scores: {problem}"), {{"problem", *opened->notice}}));
    setup.store_ = std::move(opened).value().store;
    if (auto placed = setup.store_->ratings().place_players(recording::measured_levels(setup.catalog_)); !placed)
      setup.problems_.push_back(
          fill(tr("Scores: the levels' measured ratings could not be stored: {reason}"), {{"reason", placed.error()}}));
  }
  // Read here, once, so that the first move played does not wait for the table.
  // (Its words begin "no opening names: ...", made a sentence; translated words are kept as they are.)
  if (const Result<chess::OpeningNames>& names = chess::shared_opening_names(); !names) {
    std::string problem = names.error();
    if (problem.starts_with("no ")) problem[0] = 'N';
    setup.problems_.push_back(problem + ".");
  }
  return setup;
}

config::PluginList Setup::plugin_descriptors() const { return config::plugin_list(catalog_); }

std::string variant_problem(const players::Seat& seat, chess::Variant variant) {
  if (seat.human() || seat.plugin->plays(variant)) return "";
  return fill(
      // TRANSLATORS: {player} is a player's name, {variant} a variant's name ("three-check");
      // "Board & clock" is the name of a tab of the Settings screen.
      tr("{player} does not play {variant}: choose another player, or standard chess in Settings (Board & clock)"),
      {{"player", seat.label}, {"variant", tr(chess::names_of(variant).for_people.data())}});
}

Result<std::array<players::Seat, chess::COLOR_NB>> Setup::seats_to_play(const config::Settings& seated,
                                                                        chess::Variant variant) const {
  auto resolved = config::resolve_seats(seated, plugin_descriptors());
  if (!resolved) return Failure{resolved.error()};
  std::array<players::Seat, chess::COLOR_NB> seats;
  for (chess::Color side : {chess::WHITE, chess::BLACK}) {
    auto seat = config::seat_to_play((*resolved)[side], catalog_);
    if (!seat) return Failure{seat.error()};
    if (std::string problem = variant_problem(*seat, variant); !problem.empty()) return Failure{problem};
    seats[side] = *std::move(seat);
  }
  // The person is named as the store knows them (the profile) wherever a name shows: the panel, the
  // PGN, Scores; two people at one board are White and Black.
  const bool two_people = seats[chess::WHITE].human() && seats[chess::BLACK].human();
  for (chess::Color side : {chess::WHITE, chess::BLACK})
    if (seats[side].human()) seats[side].label = two_people ? chess::color_name(side) : seated.store.profile;
  return seats;
}

Result<std::filesystem::path> Setup::save_settings(const config::Settings& settings) {
  settings_ = settings;
  const std::optional<std::filesystem::path> file = config::user_config_path();
  if (!file) return Failure{tr("there is no home folder to save the settings in (HOME and XDG_CONFIG_HOME unset)")};
  return config::save_user_config(settings, *file);
}

struct Setup::LeavingKept {
  recording::Recorder::KeptGame kept;
  std::array<players::Seat, chess::COLOR_NB> seats;
  KeptGameFate fate;
};

std::optional<Setup::LeavingKept> Setup::leaving_kept() {
  if (!store_) return std::nullopt;
  auto kept = recording::Recorder::read_kept(store_.get(), "");
  if (!kept) return std::nullopt;  // none kept (or unreadable: the menu's Resume says why)
  config::Settings seated = settings_;
  seated.white = settings_.with_isolation_kept(kept->seats[chess::WHITE], chess::WHITE);
  seated.black = settings_.with_isolation_kept(kept->seats[chess::BLACK], chess::BLACK);
  LeavingKept leaving{*std::move(kept), {}, {KeptGameFate::Kind::GivenUp, ""}};
  auto seats = seats_to_play(seated, leaving.kept.game.start().variant());
  if (seats) {
    leaving.seats = *seats;
    const bool rated = recording::Recorder::rated_decision(leaving.kept, leaving.seats, true).rated;
    const chess::Color person = leaving.seats[chess::WHITE].human() ? chess::WHITE : chess::BLACK;
    if (rated && match::side_has_moved(leaving.kept.game, person)) leaving.fate.kind = KeptGameFate::Kind::Resigned;
  }
  leaving.fate.words = leaving.fate.kind == KeptGameFate::Kind::Resigned
                           ? tr("A rated game is waiting (Resume game on the menu): Start resigns it, as a loss.")
                           : tr("An unfinished game is waiting (Resume game on the menu): Start gives it up.");
  return leaving;
}

Result<std::vector<std::unique_ptr<players::PluginPlayer>>> Setup::review_analysers(chess::Variant variant) const {
  auto resolved = config::resolve_review(settings_, plugin_descriptors());
  if (!resolved) return Failure{fill(tr("The review player cannot be used: {reason}"), {{"reason", resolved.error()}})};
  auto seat = config::seat_to_play(*resolved, catalog_);
  if (!seat) return Failure{fill(tr("The review player cannot be used: {reason}"), {{"reason", seat.error()}})};
  if (!seat->plugin->plays(variant))
    return Failure{
        fill(tr("The review player '{player}' does not play this variant."), {{"player", seat->plugin->id()}})};
  auto analysers = review::make_analysers(*seat, settings_.review.jobs);
  if (!analysers)
    return Failure{fill(tr("The review player could not start: {reason}"), {{"reason", analysers.error()}})};
  return analysers;
}

Setup::KeptGameFate Setup::kept_game_fate() {
  auto leaving = leaving_kept();
  return leaving ? leaving->fate : KeptGameFate{};
}

std::optional<std::string> Setup::leave_kept_game() {
  auto leaving = leaving_kept();
  if (!leaving) return std::nullopt;
  if (leaving->fate.kind == KeptGameFate::Kind::Resigned)
    return recording::Recorder::resign_kept(*store_, store_->profile(), std::move(leaving->kept), leaving->seats, true,
                                            unix_now());
  if (auto cleared = store_->games().clear_interrupted(); !cleared)
    return fill(tr("The unfinished game could not be given up: {reason}"), {{"reason", cleared.error()}});
  return std::nullopt;
}

std::filesystem::path Setup::database_folder() const {
  return gui::database_folder(store_ ? store_->path() : config::store_path(settings_));
}

std::filesystem::path Setup::current_database() const {
  return current_database_.empty() ? my_games_path(database_folder()) : current_database_;
}

void Setup::remember_file(const std::string& path) {
  last_folder_ = folder_of(path);
  if (const auto file = config::recent_files_path())
    if (auto problem = add_recent_file(*file, path)) std::fprintf(stderr, "gambit: %s\n", problem->c_str());
}

std::vector<std::string> Setup::recent_files() const {
  const auto file = config::recent_files_path();
  return file ? read_recent_files(*file) : std::vector<std::string>();
}

}  // namespace gambit::gui
