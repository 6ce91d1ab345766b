// SPDX-License-Identifier: MIT
// svg_picture: an SVG file drawn as a picture of a given size, through librsvg
// (Debian's librsvg2, the SVG renderer of GNOME and of most desktop programs:
// complete, kept up and memory-safe, where a renderer of our own would draw
// only the SVG we tried). Used for the piece sets other packages install.
#pragma once

#include <SFML/Graphics/Image.hpp>
#include <filesystem>

#include "core/util/result.h"

namespace gambit::gui {

// The largest SVG file drawn: a piece's drawing is a few kilobytes.
inline constexpr std::uintmax_t MaxSvgBytes = 1 << 20;

// The drawing in `file`, scaled to fit size x size pixels with its proportions
// kept and centred, transparent around it; or, in words, why it cannot be drawn
// (no such file, too large, not SVG). Needs no display.
Result<sf::Image> render_svg(const std::filesystem::path& file, unsigned size);

}  // namespace gambit::gui
