// SPDX-License-Identifier: MIT
#include "game/gui/piece_sets.h"

#include <cstdlib>
#include <system_error>

#include "core/config/settings.h"
#include "core/util/translation.h"

namespace gambit::gui {

namespace fs = std::filesystem;

namespace {

using enum PieceFileNames;

// pychess's sets of the standard pieces that read well on a board (its other
// folders hold one-file sprites or the pieces of other games).
constexpr std::array<SvgPieceSet, 10> Sets{{
    {"xboard", "games/xboard/themes/default", Words, "xboard"},
    {"cburnett", "pychess/pieces/cburnett", Letters, "pychess"},
    {"merida", "pychess/pieces/merida", Letters, "pychess"},
    {"alpha", "pychess/pieces/alpha", Letters, "pychess"},
    {"leipzig", "pychess/pieces/leipzig", Letters, "pychess"},
    {"kosal", "pychess/pieces/kosal", Letters, "pychess"},
    {"maya", "pychess/pieces/maya", Letters, "pychess"},
    {"magnetic", "pychess/pieces/magnetic", Letters, "pychess"},
    {"freestaunton", "pychess/pieces/freestaunton", Letters, "pychess"},
    {"chessicons", "pychess/pieces/chessicons", Letters, "pychess"},
}};

// Each SVG set is a choice of [ui] piece_set, after the two font sets.
constexpr bool sets_are_choices() {
  if (config::PieceSets.size() != Sets.size() + 2) return false;
  for (std::size_t i = 0; i < Sets.size(); ++i)
    if (config::PieceSets[i + 2] != Sets[i].name) return false;
  return true;
}
static_assert(sets_are_choices(), "config::PieceSets lists the font sets, then these in this order");

bool is_file(const fs::path& file) {
  std::error_code error;
  return fs::is_regular_file(file, error);
}

}  // namespace

std::span<const SvgPieceSet> svg_piece_sets() { return Sets; }

const SvgPieceSet* find_svg_piece_set(std::string_view name) {
  for (const SvgPieceSet& set : Sets)
    if (set.name == name) return &set;
  return nullptr;
}

std::vector<fs::path> data_folders() {
  std::vector<fs::path> folders;
  if (const char* dirs = std::getenv("XDG_DATA_DIRS"); dirs && *dirs) {
    std::string_view rest = dirs;
    while (!rest.empty()) {
      const std::size_t colon = rest.find(':');
      const fs::path folder(rest.substr(0, colon));
      if (folder.is_absolute()) folders.push_back(folder);  // the specification ignores relative ones
      rest = colon == std::string_view::npos ? std::string_view() : rest.substr(colon + 1);
    }
  }
  if (folders.empty()) folders = {"/usr/local/share", "/usr/share"};
  return folders;
}

fs::path piece_file(const fs::path& folder, PieceFileNames names, chess::Piece piece) {
  static constexpr std::string_view Words[] = {"", "Pawn", "Knight", "Bishop", "Rook", "Queen", "King"};
  static constexpr char Letters[] = " pnbrqk";
  const chess::PieceType type = chess::type_of(piece);
  const bool white = chess::color_of(piece) == chess::WHITE;
  if (names == PieceFileNames::Words)
    return folder / (std::string(white ? "White" : "Black") + std::string(Words[type]) + ".svg");
  return folder / (std::string(1, white ? 'w' : 'b') + Letters[type] + ".svg");
}

Result<PieceFiles> find_piece_files(const SvgPieceSet& set, std::span<const fs::path> folders) {
  std::string missing;
  for (const fs::path& data : folders) {
    const fs::path folder = data / set.folder;
    std::error_code error;
    if (!fs::is_directory(folder, error)) continue;
    PieceFiles files{};
    missing.clear();
    for (chess::Color color : {chess::WHITE, chess::BLACK})
      for (int type = chess::PAWN; type <= chess::KING; ++type) {
        const chess::Piece piece = chess::make_piece(color, chess::PieceType(type));
        fs::path file = piece_file(folder, set.names, piece);
        if (!is_file(file) && set.names == PieceFileNames::Letters) {  // lichess's sets write wK.svg
          std::string name = file.filename().string();
          name[1] = char(name[1] - 'a' + 'A');
          file = folder / name;
        }
        if (is_file(file)) {
          files[piece] = file;
        } else if (missing.empty()) {
          missing = piece_file(folder, set.names, piece).string();
        }
      }
    if (missing.empty()) return files;
  }
  if (!missing.empty())
    // TRANSLATORS: {set} is a piece set's name ("cburnett"); {file} the first of its drawings not found.
    return Failure{fill(tr("The piece set {set} is incomplete: {file} is missing."),
                        {{"set", std::string(set.name)}, {"file", missing}})};
  // TRANSLATORS: {set} is a piece set's name ("cburnett"); {package} the Debian package that installs it ("pychess").
  return Failure{fill(tr("The piece set {set} comes with {package}, which is not installed "
                         "(sudo apt install {package})."),
                      {{"set", std::string(set.name)}, {"package", std::string(set.package)}})};
}

}  // namespace gambit::gui
