// display_check: whether the window can be opened at all, asked before SFML
// is, because SFML aborts the process when it cannot open the display.
#pragma once

#include <optional>
#include <string>

namespace gambit::gui {

// Why no window can be opened here, in words; nullopt when the display opens.
std::optional<std::string> display_problem();

}  // namespace gambit::gui
