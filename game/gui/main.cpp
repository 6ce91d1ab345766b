// SPDX-License-Identifier: MIT
// gambit: the desktop chess game (the SFML window).
#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>

#include "core/study/tree_pgn.h"
#include "core/util/install_layout.h"
#include "core/util/text_file.h"
#include "core/util/translation.h"
#include "game/gui/app.h"
#include "game/gui/display_check.h"

int main(int argc, char** argv) {
  // The desktop's language until the settings are read (App::run); --help too.
  gambit::start_translations(gambit::locale_directory(), "");
  using gambit::tr;
  CLI::App cli{tr("Gambit: a desktop chess game. Play against the computer or a friend, or watch AI players.")};
  cli.set_version_flag("--version", std::string("gambit ") + GAMBIT_VERSION);
  gambit::gui::AppOptions options;
  std::string config;
  std::string state_file;
  cli.add_option("--config", config, tr("Read this configuration file alone (instead of the default and user files)"))
      ->check(CLI::ExistingFile);
  cli.add_flag("--demo", options.demo, tr("Start straight in the demo (AI vs AI)"));
  cli.add_option("--state-file", state_file,
                 tr("Keep a JSON description of what the window shows in this file (for tests)"));
  cli.add_flag("--frame-stats", options.frame_stats, tr("At exit, print frame times and CPU use"));
  std::string game_file;
  cli.add_option("game", game_file,
                 tr("A game to open (PGN, its first game; or a FEN): it goes on from its last position"))
      ->check(CLI::ExistingFile);
  std::string analyse;
  cli.add_option("--analyse,--analyze", analyse,
                 tr("Open the analysis board on a position (a FEN) or a game (a PGN file, its first game, with its "
                    "variations)"));
  try {
    cli.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    const int status = cli.exit(error);
    return status == 0 ? 0 : 2;
  }
  if (!analyse.empty()) {
    // A file's text, or the FEN itself; checked before any window opens.
    std::string text = analyse;
    std::error_code error;
    if (std::filesystem::is_regular_file(analyse, error)) {
      gambit::Result<std::string> read = gambit::read_text_file(analyse);
      if (!read) {
        std::fprintf(stderr, "gambit: --analyse: %s\n", read.error().c_str());
        return 2;
      }
      text = std::move(read).value();
      options.analyse_source = std::filesystem::path(analyse).filename().string();
    }
    if (auto game = gambit::study::tree_game_from_text(text); !game) {
      std::fprintf(stderr, "gambit: --analyse: %s\n", game.error().c_str());
      return 2;
    }
    options.analyse = text;
  }
  auto display = gambit::gui::DisplayHold::open();
  if (const std::string* problem = std::get_if<std::string>(&display)) {
    std::fprintf(stderr, "gambit: %s\n", problem->c_str());
    return 1;
  }
  if (!config.empty()) options.config = config;
  if (!state_file.empty()) options.state_file = state_file;
  if (!game_file.empty()) options.game_file = game_file;
  return gambit::gui::App::run(options);
}
