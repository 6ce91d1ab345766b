// App: the window and what every screen shares — assets, the settings, the
// plugins found, the screen stack — and the frame loop: events to the top
// screen, update, draw only when something changed (so an idle window costs
// almost nothing), the state dump and the frame statistics.
#pragma once

#include <SFML/Graphics.hpp>
#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/config/config_loader.h"
#include "core/config/seats.h"
#include "core/config/settings.h"
#include "core/match/game_session.h"
#include "core/players/plugin_catalog.h"
#include "core/store/store.h"
#include "game/gui/assets.h"
#include "game/gui/layout_log.h"
#include "game/gui/screen.h"
#include "game/gui/user_files.h"

namespace gambit::gui {

struct AppOptions {
  std::optional<std::filesystem::path> config;      // --config: read this file alone
  bool demo = false;                                // --demo: start in the demo
  std::optional<std::filesystem::path> state_file;  // --state-file: JSON dump of what is shown
  bool frame_stats = false;                         // --frame-stats: print frame times at exit
};

class App {
 public:
  using TimePoint = std::chrono::steady_clock::time_point;
  // The smallest window every screen lays out in without overlap (the window
  // manager is asked to keep to it, and a smaller size is undone).
  static constexpr unsigned MinWidth = 800, MinHeight = 600;

  // Opens the window and runs until it is closed; returns the exit status.
  static int run(const AppOptions& options);

  sf::RenderWindow& window() { return window_; }
  Assets& assets() { return *assets_; }
  TimePoint now() const { return std::chrono::steady_clock::now(); }

  const config::Settings& settings() const { return settings_; }
  // Replaces the settings for the next game and writes the user's config
  // file; returns the file written or why it could not be.
  Result<std::filesystem::path> save_settings(const config::Settings& settings);
  // The scores store, opened at start; nullptr when none could be opened
  // (problems() says why). Screens record finished games in it.
  store::Store* store() { return store_.get(); }
  // Why there is no store, in words ("" when there is one).
  const std::string& store_problem() const { return store_problem_; }
  // Problems found reading the configuration or the plugins, for the screens to show.
  const std::vector<std::string>& problems() const { return problems_; }
  const players::PluginCatalog& catalog() const { return catalog_; }
  config::PluginList plugin_descriptors() const;

  // Screen stack changes take effect after the current frame.
  void push(std::unique_ptr<Screen> screen);
  void pop();
  void replace(std::unique_ptr<Screen> screen);
  void quit() { quitting_ = true; }

  // A short message for a few seconds, where the screen keeps room for it (Screen::toast_area).
  void toast(const std::string& message);
  // The toast showing now ("" when none).
  const std::string& toast_text() const { return toast_; }
  // The folder of the file the player last saved, loaded or exported (this
  // session), where the next file dialog starts; "" before any (the home folder).
  const std::string& last_folder() const { return last_folder_; }
  void remember_file(const std::string& path) { last_folder_ = folder_of(path); }
  // The next frame is drawn even if nothing else changed.
  void invalidate() { dirty_ = true; }

 private:
  explicit App(const AppOptions& options);
  int loop();
  void load_configuration();
  void open_store();
  void apply_stack_changes();
  void handle_resize(unsigned width, unsigned height);
  void draw_frame();
  void write_state();
  void print_frame_stats() const;

  AppOptions options_;
  sf::RenderWindow window_;
  std::unique_ptr<Assets> assets_;
  config::Settings settings_;
  config::ConfigFiles config_files_;
  players::PluginCatalog catalog_;
  std::vector<std::string> problems_;
  std::unique_ptr<store::Store> store_;
  std::string store_problem_;

  std::vector<std::unique_ptr<Screen>> stack_;
  struct StackChange {
    enum class Kind { Push, Pop, Replace } kind;
    std::unique_ptr<Screen> screen;
  };
  std::vector<StackChange> changes_;
  bool quitting_ = false;
  bool dirty_ = true;

  std::string toast_;
  TimePoint toast_until_{};
  std::string last_state_;
  std::string last_folder_;
  LayoutLog layout_;  // the last frame's texts and controls, for the state dump

  // --frame-stats: how long each drawn frame took to prepare and present,
  // split by whether an AI was thinking meanwhile.
  std::vector<double> frame_ms_idle_, frame_ms_thinking_;
  TimePoint started_{};
};

}  // namespace gambit::gui
