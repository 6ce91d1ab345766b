// SPDX-License-Identifier: MIT
// Translation: the words a person reads, in their language. GNU gettext with
// the text domain "gambit": the English text is the key, each language's
// catalogue (po/<language>.po, built to share/locale/<language>/LC_MESSAGES/
// gambit.mo) gives its words, and a text missing from a catalogue shows in
// English. Until start_translations() runs (the command-line programs never
// call it) every text is its English self.
//
// Marking text for the catalogue (xgettext finds these names, po/CMakeLists.txt):
//   tr("Play")                        a text, translated where it is used
//   trn("{n} game", "{n} games", n)   the form for n (each language has its plural rules)
//   trc("piece", "Knight")            a short word whose meaning needs its context
//   N_("Quit")                        a literal in a table, marked only: tr() it where it is shown
// Words that change inside a sentence are named placeholders that a
// translator may move: fill(tr("{player} wins"), {{"player", name}}). The
// template marks each text holding one python-brace-format, so msgfmt --check
// and po/catalogue.py check that a translation keeps them.
//
// Threads: tr and friends may be called from any thread; use_language only
// from the window's thread while no other thread translates.
#pragma once

#include <array>
#include <filesystem>
#include <initializer_list>
#include <string>
#include <string_view>

#define N_(english) english

namespace gambit {

const char* tr(const char* english);
const char* trn(const char* singular, const char* plural, unsigned long n);
const char* trc(const char* context, const char* english);

// One named placeholder's value: {"player", "Magnus"} fills "{player}".
struct Placeholder {
  std::string_view name;
  std::string value;
};
// pattern with each "{name}" replaced by its value ("{{" and "}}" are one
// brace). A placeholder without a value stays as it is, so a catalogue's slip
// shows as "{name}", never as a crash or a wrong word.
std::string fill(std::string_view pattern, std::initializer_list<Placeholder> values);

// text with its first letter made a capital, in any language ("échecs":
// "Échecs", "ход": "Ход"); text not starting with a letter as it is.
std::string capitalized(std::string_view text);

// A language Gambit has a catalogue for, with its name in that language.
struct Language {
  std::string_view code;         // "de", "pt_BR": as po/LINGUAS names it
  std::string_view native_name;  // "Deutsch", "Português (Brasil)"
};
// The shipped languages, English first (it needs no catalogue); the others are
// po/LINGUAS's (a test checks the two agree).
inline constexpr std::array<Language, 7> Languages{{
    {"en", "English"},
    {"de", "Deutsch"},
    {"fr", "Français"},
    {"es", "Español"},
    {"pt_BR", "Português (Brasil)"},
    {"ro", "Română"},
    {"ru", "Русский"},
}};

// Reads the catalogues from locale_directory (<prefix>/share/locale) and
// chooses the language: code ("de"), or the environment's when code is empty
// (LANGUAGE, else LC_ALL, LC_MESSAGES, LANG, as gettext reads them). Works
// without the system's locale for that language installed.
void start_translations(const std::filesystem::path& locale_directory, std::string_view code);
// Changes the language of every text translated from now on (see start_translations).
void use_language(std::string_view code);
// The language texts are shown in: the first of the chosen list that has a
// catalogue ("de"), or "en".
std::string current_language();

}  // namespace gambit
