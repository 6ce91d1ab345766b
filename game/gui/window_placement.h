// SPDX-License-Identifier: MIT
// WindowPlacement: where the window was on the screen and how large, kept
// between runs in one line of text (config::window_placement_path()) so the
// game opens where the player left it, like any desktop application. A
// placement read back is fitted to the screen it opens on, so a window saved
// on a larger monitor still opens whole and at least the minimum size.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace gambit::gui {

struct WindowPlacement {
  int x = 0, y = 0;                  // the drawing area's top-left on the screen
  unsigned width = 0, height = 0;    // the drawing area

  bool operator==(const WindowPlacement&) const = default;
};

// The placement in the file, or nullopt when there is none or it is not four
// numbers (a damaged file is ignored: the window opens at its default size).
std::optional<WindowPlacement> read_window_placement(const std::filesystem::path& file);
// Writes it, making the folder; the reason in words when it cannot.
std::optional<std::string> write_window_placement(const std::filesystem::path& file, const WindowPlacement& placement);

// The placement made to fit a screen of screen_width x screen_height: the size
// at least the minimum and at most the screen's, the window moved so it is
// wholly on the screen.
WindowPlacement fit_to_screen(WindowPlacement placement, unsigned screen_width, unsigned screen_height,
                              unsigned min_width, unsigned min_height);

// Where the window opens the first time (no placement kept): 1120x780, or
// less on a small screen (90% of its width, 80% of its height, never below the
// minimum), centred, so the whole window and its frame are on the screen (on a
// 1600x1000 screen: 1120x780 at 240,110).
WindowPlacement first_placement(unsigned screen_width, unsigned screen_height, unsigned min_width,
                                unsigned min_height);

}  // namespace gambit::gui
