// SPDX-License-Identifier: MIT
#include "game/gui/display_check.h"

#include <cstdlib>

#include <X11/Xlib.h>  // kept out of every other file: its macros clash with SFML and our names
#include <X11/Xutil.h>

namespace gambit::gui {

std::variant<std::unique_ptr<DisplayHold>, std::string> DisplayHold::open() {
  const char* name = std::getenv("DISPLAY");
  if (!name || !*name)
    return std::string("no display to open the window on (DISPLAY is not set); start it from a desktop session");
  Display* display = XOpenDisplay(nullptr);
  if (!display)
    return "cannot open the display \"" + std::string(name) + "\" (is the X server running, and may this user use it?)";
  return std::unique_ptr<DisplayHold>(new DisplayHold(display));
}

DisplayHold::~DisplayHold() { XCloseDisplay(static_cast<Display*>(display_)); }

std::optional<std::pair<int, int>> window_origin(unsigned long window) {
  Display* display = XOpenDisplay(nullptr);
  if (!display) return std::nullopt;
  int x = 0, y = 0;
  Window child = 0;
  const bool found = XTranslateCoordinates(display, Window(window), DefaultRootWindow(display), 0, 0, &x, &y, &child);
  XCloseDisplay(display);
  if (!found) return std::nullopt;
  return std::make_pair(x, y);
}

void set_window_hints(unsigned long window, unsigned min_width, unsigned min_height) {
  Display* display = XOpenDisplay(nullptr);
  if (!display) return;  // the window opened, so this does not happen; the resize handler still enforces it
  XSizeHints* hints = XAllocSizeHints();
  if (hints) {
    long supplied = 0;
    XGetWMNormalHints(display, Window(window), hints, &supplied);
    hints->flags |= PMinSize | PWinGravity;
    hints->min_width = int(min_width);
    hints->min_height = int(min_height);
    hints->win_gravity = StaticGravity;
    XSetWMNormalHints(display, Window(window), hints);
    XFree(hints);
  }
  XCloseDisplay(display);
}

}  // namespace gambit::gui
