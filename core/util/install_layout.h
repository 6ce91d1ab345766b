// SPDX-License-Identifier: MIT
// InstallLayout: where Gambit's own files are (and the one file of another
// package it reads), found from the running program
// alone. The build folder has the same shape as an installed prefix (bin/,
// lib/gambit/plugins/, share/gambit/), so one rule serves both and no path to
// the source tree is compiled in. The relative paths come from the install
// directories chosen at configure time (GNUInstallDirs), so a prefix moved
// as a whole keeps working.
#pragma once

#include <filesystem>

namespace gambit {

// The directory holding the running program (from /proc/self/exe), or an empty
// path if it cannot be found out.
std::filesystem::path executable_directory();

// The files shipped with the game, all empty when executable_directory() is:
//   data_directory()    <prefix>/share/gambit: the default gambit.toml, sounds/
//   helper_directory()  <prefix>/lib/gambit: gambit-plugin-host
//   plugin_directory()  <prefix>/lib/gambit/plugins: gambit_<id>.so and their .ratings
//   locale_directory()  <prefix>/share/locale: <language>/LC_MESSAGES/gambit.mo
std::filesystem::path data_directory();
std::filesystem::path helper_directory();
std::filesystem::path plugin_directory();
std::filesystem::path locale_directory();

// A file of another Debian package the game reads, at the absolute path that
// package installs it (chosen at configure time, GAMBIT_ECO_FILE):
//   eco_file()  pgn-extract's ECO table, /usr/share/pgn-extract/eco.pgn: the
//               opening names (core/chess/opening_names.h)
std::filesystem::path eco_file();

}  // namespace gambit
