// SPDX-License-Identifier: MIT
// display_check: whether the window can be opened at all, asked before SFML
// is, because SFML aborts the process when it cannot open the display.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace gambit::gui {

// A connection to the X display, held while the game runs: when the checking
// connection was the server's only client, closing it would make a bare X
// server (Xvfb) reset, and SFML's own connection could fail in that moment.
class DisplayHold {
 public:
  // Opens the display named by $DISPLAY, or says in words why it cannot.
  static std::variant<std::unique_ptr<DisplayHold>, std::string> open();
  ~DisplayHold();
  DisplayHold(const DisplayHold&) = delete;
  DisplayHold& operator=(const DisplayHold&) = delete;

 private:
  explicit DisplayHold(void* display) : display_(display) {}
  void* display_;  // Display*, kept out of this header (Xlib's macros clash with SFML)
};

// The top-left corner of the window's frame on the screen (the window
// manager's decoration around it, or the window itself without one): where
// sf::Window::setPosition puts the frame back. nullopt when X cannot say.
std::optional<std::pair<int, int>> frame_position(unsigned long window);

// Asks the window manager not to let the window become smaller than width x
// height (WM_NORMAL_HINTS), so it never lays out below the size it was
// designed for. window is the X window (sf::WindowHandle).
void set_minimum_window_size(unsigned long window, unsigned width, unsigned height);

}  // namespace gambit::gui
