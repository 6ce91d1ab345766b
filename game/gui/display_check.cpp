#include "game/gui/display_check.h"

#include <cstdlib>

#include <X11/Xlib.h>  // kept out of every other file: its macros clash with SFML and our names

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

}  // namespace gambit::gui
