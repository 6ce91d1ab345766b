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
