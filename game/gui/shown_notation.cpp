// SPDX-License-Identifier: MIT
#include "game/gui/shown_notation.h"

#include "core/util/translation.h"
#include "core/util/words.h"

namespace gambit::gui {

namespace {

bool own_letters = false;

}  // namespace

void use_own_piece_letters(bool on) { own_letters = on; }

std::string shown_san(std::string_view san) {
  if (!own_letters) return std::string(san);
  // TRANSLATORS: the letters of king, queen, rook, bishop and knight in your language's chess notation, in this
  // order, separated by spaces (German: K D T L S). Shown in moves only when the player asks for them.
  const std::vector<std::string> letters = split_words(trc("piece letters", "K Q R B N"));
  if (letters.size() != 5) return std::string(san);  // a catalogue's slip: the international letters
  constexpr std::string_view International = "KQRBN";
  std::string out;
  for (std::size_t i = 0; i < san.size(); ++i) {
    const std::size_t at = International.find(san[i]);
    // A piece letter starts the move or follows "=" (a promotion); "O-O" and files stay.
    const bool piece = at != std::string_view::npos && (i == 0 || san[i - 1] == '=');
    out += piece ? letters[at] : std::string(1, san[i]);
  }
  return out;
}

}  // namespace gambit::gui
