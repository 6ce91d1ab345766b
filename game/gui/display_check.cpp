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

std::optional<std::pair<int, int>> frame_position(unsigned long window) {
  Display* display = XOpenDisplay(nullptr);
  if (!display) return std::nullopt;
  // Climb to the child of the root that holds the window: the frame.
  Window top = Window(window), root = 0, parent = 0, *children = nullptr;
  unsigned count = 0;
  std::optional<std::pair<int, int>> position;
  while (XQueryTree(display, top, &root, &parent, &children, &count)) {
    if (children) XFree(children);
    if (parent == root || parent == 0) break;
    top = parent;
  }
  XWindowAttributes attributes;
  if (XGetWindowAttributes(display, top, &attributes)) position = std::make_pair(attributes.x, attributes.y);
  XCloseDisplay(display);
  return position;
}

void set_minimum_window_size(unsigned long window, unsigned width, unsigned height) {
  Display* display = XOpenDisplay(nullptr);
  if (!display) return;  // the window opened, so this does not happen; the resize handler still enforces it
  XSizeHints* hints = XAllocSizeHints();
  if (hints) {
    long supplied = 0;
    XGetWMNormalHints(display, Window(window), hints, &supplied);
    hints->flags |= PMinSize;
    hints->min_width = int(width);
    hints->min_height = int(height);
    XSetWMNormalHints(display, Window(window), hints);
    XFree(hints);
  }
  XCloseDisplay(display);
}

}  // namespace gambit::gui
