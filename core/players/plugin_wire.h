// SPDX-License-Identifier: MIT
// The line protocol between the host and a plugin instance isolated in a child
// process (gambit-plugin-host: game/cli/plugin_server.h serves it,
// child_instance.h speaks to it). Each message is one line of words separated by single spaces;
// every word is escaped (escape_word), so names, help texts and FENs travel
// unchanged whatever they contain.
//
// The child, on start:   plugin <abi_major> <abi_minor> <id> <name> <version> <description> <draws 0|1>
//                        option <name> <help> <type> <min> <max> <default> <choice>...   (one per option)
//                        level <name> <description> <option> <value>...                (one per level)
//                        variant <id>...
//                        permission <kind> <option> <reason>                    (one per permission)
//                        ready                  (or: refused <why>, and it exits)
// Host -> child:         create <option> <value>...        -> created | failed <why>
//                        new_game                          -> ok | failed <what>
//                        choose <PlayRequest words>        -> info <Progress words>*, then move <uci> | failed | threw
//                        draw <PlayRequest words>          -> draw <0|1> | failed <why> | threw <what>
//                        stop                              (any time; ignored when nothing runs)
//                        quit, or the end of input          (the child destroys the instance and exits)
// "failed <why>" after choose or draw is the plugin's own error message; every
// other <why> and <what> reads after the player's name ("threw an exception
// from choose_move: ...", "could not start a new game: ...").
//
// Every parser here returns a Result: the host reads what an untrusted child
// writes, and the child what the host sends.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/chess/position.h"
#include "core/chess/types.h"
#include "core/players/permissions.h"
#include "core/players/player_instance.h"
#include "core/players/player_types.h"
#include "core/util/result.h"

namespace gambit::players::wire {

// A word with the bytes that would break a line or a word (controls, space,
// '%', DEL) as %XX; the empty word as a lone "%".
std::string escape_word(std::string_view word);
// The message of words: each escaped, joined by spaces.
std::string message(const std::vector<std::string>& words);
// The words of a message, unescaped; a failure on a malformed escape.
Result<std::vector<std::string>> words_of(std::string_view line);

// What a plugin's descriptor says, apart from its functions: all the host
// needs to show, check and resolve options without loading the file itself.
struct Description {
  struct Option {
    std::string name, help;
    std::uint32_t type = 0;
    std::int64_t min = 0, max = 0;
    std::string default_value;
    std::vector<std::string> choices;
  };
  struct Level {
    std::string name, description;
    std::vector<std::pair<std::string, std::string>> settings;
  };
  std::uint32_t abi_major = 0, abi_minor = 0;
  std::string id, name, version, description;
  bool considers_draws = false;
  std::vector<Option> options;
  std::vector<Level> levels;
  std::vector<std::string> variants;
  std::vector<Permission> permissions;
};

// The lines announcing a description, "ready" last.
std::vector<std::string> description_lines(const Description& d);
// Adds one announced line to d: true once "ready" is read; a failure for a
// line that is no part of a description ("refused" gives its reason).
Result<bool> read_description_line(Description& d, std::string_view line);

// A move to choose, or a draw offer to consider (player_instance.h).
std::vector<std::string> request_words(const PlayRequest& r);  // after "choose" or "draw"
Result<PlayRequest> parse_request(const std::vector<std::string>& words, std::size_t first);

// A progress report: the numbers of SearchInfo (its line number included) and the PV as UCI text.
std::vector<std::string> info_words(const Progress& progress);  // after "info"
Result<Progress> parse_info(const std::vector<std::string>& words, std::size_t first);

// The child's exit status when an allocation failed (its memory limit, or the
// machine's, was reached): the host says "ran out of memory".
inline constexpr int OutOfMemoryStatus = 86;

// A decimal integer word in [min, max], or a failure naming what.
Result<std::int64_t> parse_integer(std::string_view word, std::int64_t min, std::int64_t max, std::string_view what);

}  // namespace gambit::players::wire
