// SPDX-License-Identifier: MIT
// The PGN record of a finished (or interrupted) game, shared by everything that
// plays games: gambit-match, the game window and the demo.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/chess/game.h"
#include "core/chess/pgn.h"
#include "core/players/seat.h"
#include "core/rating/rating_pool.h"

namespace gambit::match {

struct TimeControl;

using PgnTags = std::vector<std::pair<std::string, std::string>>;

// The game as PGN: the Seven Tag Roster (Event, Site "?", Date today, Round "?",
// White, Black, Result), the opening's ECO, Opening and Variation when it has
// a name (chess::add_opening_tags), then `extra` (an extra tag of a roster name
// replaces it, the others follow in order), then TimeControl (plus MoveTime
// for a fixed time per move) and Termination. The outcome's description is the
// comment after the last move.
chess::PgnGame pgn_record(const chess::Game& game, const std::string& event, const std::string& white,
                          const std::string& black, const TimeControl& time_control, const PgnTags& extra);

// "depth=4 seed=7", or "(defaults)" for none: options as PGN tags record them.
std::string options_text(const std::vector<std::pair<std::string, std::string>>& options);

// The tags recording the plugin of a seat: {"<Side>Plugin", "alphabeta 1.0"},
// {"<Side>Options", options_text(options)}; side_name is "White" or "Black".
PgnTags plugin_tags(const std::string& side_name, const std::string& id, const std::string& version,
                    const std::vector<std::pair<std::string, std::string>>& options);

// {"<Side>Elo", "1469"} for a seat playing exactly a level whose rating its
// plugin ships (PluginLibrary::rating_of); nothing for any other seat.
PgnTags rating_tags(const std::string& side_name, const players::Seat& seat);

// The tags of both seats' plugins and ratings (plugin_tags, rating_tags; none for a human).
PgnTags seat_tags(const std::array<players::Seat, chess::COLOR_NB>& seats);

// The game a PGN record holds, replayed from its start (its moves are legal:
// PgnReader checked them).
chess::Game game_from_pgn(const chess::PgnGame& pgn);

// What a player gave Load: a position in FEN, or the path of a file holding
// PGN games or a FEN line. Each game of a PGN file is read up to its first
// move that cannot be played (PgnGame::cut_short says which and why); games
// that cannot be read at all are left out and said in words. A FEN is one game
// without moves. Fails with a sentence that names the real problem when there
// is no game at all: the FEN parser's own message for text that is a FEN and
// not a valid one, the PGN reader's for a file that is not a game, or that no
// such file can be read.
struct LoadedGames {
  std::vector<chess::PgnGame> games;    // at least one
  std::vector<std::string> unreadable;  // why each game left out could not be read ("game 3, line 40: ...")
  bool from_file = false;               // read from a file, not typed as a FEN
};
Result<LoadedGames> read_games(const std::string& fen_or_path, chess::Variant variant);

// A game of a file as a list shows it: "Foo - Bar, 1-0, Casual game, 2024.05.01 (34 moves)".
std::string game_line(const chess::PgnGame& game);

// The game is over as its record says: a result other than "*" (a
// resignation, a loss on time, an agreement) or an end by the rules.
bool finished_game(const chess::PgnGame& game);

// Whether `side` has made a move in the game's record (as lichess counts it
// for Abort and for the clock: each side's first move).
bool side_has_moved(const chess::Game& game, chess::Color side);

// The rating pool of a game in `variant` at this time control (no clock, or a
// fixed time a move: Untimed).
rating::RatingPool pool_of_game(chess::Variant variant, const TimeControl& time_control);

// A game's length as people count it: "1 move", "9 moves" (a move is one of
// White's with Black's answer; a ply alone counts as a move).
std::string moves_text(std::size_t plies);
// The moves (a move: White's and Black's) that plies make, the last maybe half: 3 for 5 plies.
inline std::size_t moves_of(std::size_t plies) { return (plies + 1) / 2; }

// The PGN Termination tag value of an ending ("normal", "time forfeit", ...).
std::string termination_tag(chess::Termination termination);

// Milliseconds as PGN writes seconds: 1500 -> "1.5", 60000 -> "60".
std::string seconds_text(std::int64_t ms);

// Today's date as PGN writes it: "2026.11.21".
std::string pgn_date_today();

// How a finished game ended, in the words the store and the Scores screen use:
// "checkmate", "stalemate", "resignation", "time forfeit", "threefold
// repetition", ...; a forfeit gives its reason ("forfeit: <reason>").
std::string ending_words(const chess::Outcome& outcome);

}  // namespace gambit::match
