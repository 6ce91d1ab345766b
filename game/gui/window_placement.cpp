// SPDX-License-Identifier: MIT
#include "game/gui/window_placement.h"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <system_error>

namespace gambit::gui {

namespace fs = std::filesystem;

std::optional<WindowPlacement> read_window_placement(const fs::path& file) {
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    long long x, y, width, height;
    std::string rest;
    if (!(fields >> x >> y >> width >> height) || (fields >> rest)) return std::nullopt;
    constexpr long long limit = 1 << 16;
    if (x <= -limit || x >= limit || y <= -limit || y >= limit || width <= 0 || width >= limit || height <= 0 ||
        height >= limit)
      return std::nullopt;
    return WindowPlacement{int(x), int(y), unsigned(width), unsigned(height)};
  }
  return std::nullopt;
}

std::optional<std::string> write_window_placement(const fs::path& file, const WindowPlacement& placement) {
  std::error_code error;
  fs::create_directories(file.parent_path(), error);
  std::ofstream out(file, std::ios::trunc);
  out << "# Gambit's window when it was last closed: x y width height\n"
      << placement.x << ' ' << placement.y << ' ' << placement.width << ' ' << placement.height << '\n';
  out.close();
  if (!out) return "cannot write " + file.string();
  return std::nullopt;
}

WindowPlacement fit_to_screen(WindowPlacement placement, unsigned screen_width, unsigned screen_height,
                              unsigned min_width, unsigned min_height) {
  placement.width = std::clamp(placement.width, min_width, std::max(min_width, screen_width));
  placement.height = std::clamp(placement.height, min_height, std::max(min_height, screen_height));
  const int room_x = std::max(0, int(screen_width) - int(placement.width));
  const int room_y = std::max(0, int(screen_height) - int(placement.height));
  placement.x = std::clamp(placement.x, 0, room_x);
  placement.y = std::clamp(placement.y, 0, room_y);
  return placement;
}

WindowPlacement first_placement(unsigned screen_width, unsigned screen_height, unsigned min_width,
                                unsigned min_height) {
  constexpr unsigned Width = 1120, Height = 780;
  WindowPlacement placement;
  placement.width = std::max(min_width, std::min(Width, screen_width * 9 / 10));
  placement.height = std::max(min_height, std::min(Height, screen_height * 8 / 10));
  placement.x = std::max(0, (int(screen_width) - int(placement.width)) / 2);
  placement.y = std::max(0, (int(screen_height) - int(placement.height)) / 2);
  return placement;
}

}  // namespace gambit::gui
