// SPDX-License-Identifier: MIT
// piece_sets: where the piece sets drawn from SVG files are. Gambit ships no
// drawings of its own beyond its two font sets; it draws the sets other Debian
// packages install (xboard's, and pychess's when it is installed), read where
// those packages put them under the XDG data folders ($XDG_DATA_DIRS, by
// default /usr/local/share and /usr/share). No window in it: unit-tested.
#pragma once

#include <array>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/chess/types.h"
#include "core/util/result.h"

namespace gambit::gui {

// How a set names its twelve files.
enum class PieceFileNames {
  Words,    // xboard: WhiteKing.svg, BlackPawn.svg
  Letters,  // pychess, lichess: wk.svg, bp.svg (either case)
};

// One SVG piece set: its name in [ui] piece_set (one of config::PieceSets),
// the folder under a data folder that holds it, and the package that installs it.
struct SvgPieceSet {
  std::string_view name;
  std::string_view folder;  // relative to a data folder: "games/xboard/themes/default"
  PieceFileNames names;
  std::string_view package;  // Debian's package: "xboard"
};

// Every SVG set Gambit knows, in the order the Settings list them.
std::span<const SvgPieceSet> svg_piece_sets();
// The SVG set of that name, or nullptr for a font set ("dejavu", "freeserif") or a name unknown.
const SvgPieceSet* find_svg_piece_set(std::string_view name);

// The data folders searched, in order: $XDG_DATA_DIRS's (absolute ones only),
// or /usr/local/share and /usr/share when it is unset or empty.
std::vector<std::filesystem::path> data_folders();

// The file of one piece in a set's folder (no check that it exists).
std::filesystem::path piece_file(const std::filesystem::path& folder, PieceFileNames names, chess::Piece piece);

// The set's twelve files, indexed by chess::Piece (the empty ones unused), from
// the first data folder that holds all twelve; or, in words, why there is none
// (its package not installed, or files missing).
using PieceFiles = std::array<std::filesystem::path, chess::PIECE_NB>;
Result<PieceFiles> find_piece_files(const SvgPieceSet& set, std::span<const std::filesystem::path> folders);

}  // namespace gambit::gui
