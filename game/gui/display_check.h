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

// The top-left corner of the window's drawing area on the screen, whatever
// the window manager's frame around it; nullopt when X cannot say.
std::optional<std::pair<int, int>> window_origin(unsigned long window);

// Tells the window manager (WM_NORMAL_HINTS) not to let the window become
// smaller than width x height, so it never lays out below the size it was
// designed for, and to take a position it is moved to as that of the drawing
// area (static gravity), so a window_origin() given back to
// sf::Window::setPosition puts it where it was, without drifting by the frame.
// window is the X window (sf::WindowHandle).
void set_window_hints(unsigned long window, unsigned min_width, unsigned min_height);

}  // namespace gambit::gui
