// SPDX-License-Identifier: MIT
// Wording: the language a text is made in, for a text that is shown to the
// player and also written to a file or the store, which keep it in English (a
// game's ending in its PGN comment, a mistake's reason in an annotated game or
// a practice position). Its tr and trn are those of core/util/translation.h
// when Shown, and give the English back InEnglish (trn: the singular for 1,
// as gettext does without a catalogue), so one piece of code makes both texts
// and xgettext finds the texts it marks (words.tr("...") is a tr call to it).
#pragma once

#include "core/util/translation.h"

namespace gambit::chess {

struct Wording {
  bool shown = false;  // in the player's language (tr), else English

  const char* tr(const char* english) const { return shown ? gambit::tr(english) : english; }
  const char* trn(const char* singular, const char* plural, unsigned long n) const {
    if (shown) return gambit::trn(singular, plural, n);
    return n == 1 ? singular : plural;
  }
};

inline constexpr Wording InEnglish{false};
inline constexpr Wording Shown{true};

}  // namespace gambit::chess
