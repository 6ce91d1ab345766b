// SPDX-License-Identifier: MIT
// ShownNotation: moves as the window shows them. SAN with the international
// piece letters (K Q R B N), or, when [ui] piece_letters asks for them (as
// lichess offers), with the letters of the player's language: German K D T L
// S, French R D T F C, Russian Кр Ф Л С К. Only what is shown changes: files,
// the store and the state dump keep the international letters, and a typed
// move uses them.
//
// Threads: the window's thread (use_own_piece_letters between frames).
#pragma once

#include <string>
#include <string_view>

namespace gambit::gui {

void use_own_piece_letters(bool on);
// san ("Nxf3+", "e8=Q#", "O-O") as shown: its piece letters those in use.
std::string shown_san(std::string_view san);

}  // namespace gambit::gui
