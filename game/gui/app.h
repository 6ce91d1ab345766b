// SPDX-License-Identifier: MIT
// App: the window and its screen stack, and the frame loop: events to the top
// screen, update, draw only when something changed (so an idle window costs
// almost nothing), the toast over the screen, the state dump (--state-file)
// and the frame statistics (--frame-stats). What the screens share besides
// the window (settings, plugins, store) is the Setup.
#pragma once

#include <SFML/Graphics.hpp>
#include <chrono>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "game/gui/assets.h"
#include "game/gui/frame_stats.h"
#include "game/gui/keyboard_focus.h"
#include "game/gui/layout_log.h"
#include "game/gui/navigation.h"
#include "game/gui/screen.h"
#include "game/gui/setup.h"
#include "game/gui/speech.h"
#include "game/gui/widgets.h"

namespace gambit::gui {

struct AppOptions {
  std::optional<std::filesystem::path> config;      // --config: read this file alone
  bool demo = false;                                // --demo: start in the demo
  std::optional<std::filesystem::path> state_file;  // --state-file: JSON dump of what is shown
  bool frame_stats = false;                         // --frame-stats: print frame times at exit
  std::optional<std::filesystem::path> game_file;   // a PGN (or FEN) file to open on the Play screen
  std::optional<std::string> analyse;  // --analyse: a FEN or a PGN's text to open on the analysis board
  std::string analyse_source;          // where it came from (the file's name), for people
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

  // The settings, the plugins found, the store, and the problems met opening them.
  Setup& setup() { return setup_; }
  const Setup& setup() const { return setup_; }

  // Where the screens go (navigation.h: a Page says which screen, on what).
  // The page's screen is made at once; the stack changes after the current
  // frame. open: over this screen (back returns to it); open_instead: in its
  // place; pop: back to the screen below (none left: the window closes);
  // to_menu: back to the menu, whatever led here (a game's Menu).
  void open(Page page);
  void open_instead(Page page);
  void pop();
  void to_menu();
  // Quits (Ctrl+Q anywhere, the window's close button, the menu's Quit), first asking when a screen holds
  // work that would be lost (Screen::unsaved_work).
  void quit();

  // A short message for a few seconds, where the screen keeps room for it (Screen::toast_area).
  void toast(const std::string& message);
  // Shows every text from now on in language: a [ui] language choice ("auto", "de", ...).
  void use_language(const std::string& language);
  // Says text aloud as [ui] speech allows: an answer the player asked for
  // unless speech is off, an announcement (a move, the result) only when always.
  // When speech fails the first time: an announcement toasts why; for an
  // answer, why is returned, for the screen to show with the answer.
  enum class Spoken { Answer, Announcement };
  std::optional<std::string> speak(const std::string& text, Spoken kind);
  // The toast showing now ("" when none).
  const std::string& toast_text() const { return toast_; }
  // The next frame is drawn even if nothing else changed.
  void invalidate() { dirty_ = true; }

 private:
  explicit App(const AppOptions& options);
  int loop();
  void apply_stack_changes();
  void handle_resize(unsigned width, unsigned height);
  void draw_frame();
  void write_state();
  // Keeps the window's size and position for the next run (config::window_placement_path()).
  void remember_placement();
  // The plugins' notices told since the last call, added to the problems; told in a toast too with toast.
  void take_plugin_notices(bool toast);

  AppOptions options_;
  sf::RenderWindow window_;
  std::unique_ptr<Assets> assets_;
  Setup setup_;

  std::vector<std::unique_ptr<Screen>> stack_;
  struct StackChange {
    enum class Kind { Push, Pop, Replace, ToMenu } kind;
    std::unique_ptr<Screen> screen;
  };
  std::vector<StackChange> changes_;
  bool quitting_ = false;
  ModalDialog quit_question_;  // "Quit Gambit?", while quit_asked_
  bool quit_asked_ = false;
  bool dirty_ = true;
  bool key_changed_page_ = false;  // the last event, a key, opened or closed a dialog or a screen

  // The plugins' notices (plugin_notices.h), told on any thread, waiting for the window's: shared with the
  // handler, which may outlive the App.
  struct NoticeInbox {
    std::mutex mutex;
    std::vector<std::string> waiting;
  };
  std::shared_ptr<NoticeInbox> notices_ = std::make_shared<NoticeInbox>();

  std::string toast_;
  TimePoint toast_until_{};
  std::string last_state_;
  LayoutLog layout_;  // the last frame's texts and controls, for the state dump
  KeyboardFocus focus_;  // the control Tab has reached, if any
  Speech speech_;
  std::string spoken_;  // the last sentence given to speech, for the state dump
  FrameStats frame_stats_;
};

}  // namespace gambit::gui
