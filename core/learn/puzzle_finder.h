// SPDX-License-Identifier: MIT
// The puzzle generator's run over games (gambit-make-puzzles): each game's
// positions scanned, its candidates (candidate_plies) searched for a solution
// (find_solution, a quick search first, then the deep one), each puzzle found
// with its id, themes and source game. The run is resumable: its output holds
// the puzzles found and a "# done GAME" line after each game, from which a
// rerun knows what to skip (read_finder_progress).
#pragma once

#include <cstddef>
#include <set>
#include <string>
#include <vector>

#include "core/chess/pgn.h"
#include "core/learn/puzzle.h"
#include "core/learn/puzzle_maker.h"
#include "core/review/move_judgement.h"
#include "core/util/result.h"

namespace gambit::learn {

// The engines of a run: a scan of every position (shallow), a quick search
// that turns most candidates down, and the deep search that builds and checks
// each solution.
struct FinderAnalysers {
  Analyser scan, quick, deep;
};

// What an earlier run wrote: the games marked done ("games.pgn#17") and the
// positions (FEN) of the puzzles it found.
struct FinderProgress {
  std::set<std::string> done;
  std::set<std::string> fens;
};
FinderProgress read_finder_progress(const std::string& output_text);
// The line that marks a game done in the output: "# done games.pgn#17".
std::string done_line(const std::string& game_key);

// Every position's score from White's view, the start and after each move
// (one more than the moves): the scan's, or mate and stalemate without a
// search. Fails when the analyser does.
Result<std::vector<review::Score>> scan_game(const chess::PgnGame& game, const Analyser& scan);

// The puzzles of one game, `game_key` naming it in their source. Positions in
// `known_fens` are skipped, and those found are added to it; `searched` counts
// the candidates searched. Fails when an analyser does.
Result<std::vector<Puzzle>> puzzles_in_game(const chess::PgnGame& game, const std::string& game_key,
                                            const FinderAnalysers& analysers, std::set<std::string>& known_fens,
                                            std::size_t& searched);

// Where a puzzle comes from, for people: "games.pgn#17: alphabeta 1200 (1214) -
// alphabeta 1400 (1380), after 23... Qxb2" (a player's rating after the name
// when the game gives one); `ply` is the position after the mistake, 1..moves.
std::string source_text(const std::string& game_key, const chess::PgnGame& game, std::size_t ply);

}  // namespace gambit::learn
