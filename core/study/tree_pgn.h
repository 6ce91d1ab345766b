// SPDX-License-Identifier: MIT
// PGN with recursive variations: a game as a MoveTree with its tags and result
// (TreeGame), read and written with every variation, comment (evals, clocks,
// arrows, circles, other commands) and NAG. The text itself is read by
// core/chess's PgnReader (the one tokenizer and tag reader, which hands the
// movetext to a MovetextListener here) and written with core/chess's
// write_pgn_tags and PgnMovetextWriter, so a TreeGame's PGN is laid out
// exactly as write_pgn lays out a PgnGame. A PGN read and written again keeps
// everything in it (commands in their canonical spelling: [%eval 0.3] is
// written [%eval 0.30]); for any TreeGame, reading what it writes gives the
// same tree and result (and the same tags when they are in write_pgn_tags's
// order, the Seven Tag Roster first), and writing that again the same text.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/chess/pgn.h"
#include "core/study/move_tree.h"
#include "core/util/result.h"

namespace gambit::study {

// A game with all its variations. tags as in chess::PgnGame (read: every tag
// as written, SetUp and FEN included; written: by write_pgn_tags, from the
// tree's start). result is "1-0", "0-1", "1/2-1/2" or "*"; cut_short as in
// chess::PgnGame: why the moves stop before the text does (a TreePgnReader in
// Moves::UpToError mode), "" for a game read whole.
struct TreeGame {
  std::vector<std::pair<std::string, std::string>> tags;
  MoveTree tree;
  std::string result = "*";
  std::string cut_short;

  bool operator==(const TreeGame&) const = default;
};

// Reads the games of a PGN file with their variations, one at a time, as
// chess::PgnReader reads them (the same tolerance, and Failures naming the game,
// the line and the text, e.g. "game 1, line 9: in a variation, at black's move
// 9, 'Qb9' is not ..."), except that variations, NAGs and suffix annotations
// are read too and comments are kept everywhere: before the first move (the
// root's comment), at the start of a variation (its first move's comment
// before) and after any move. Several comments in a row make one; a comment
// after a variation's ')' joins the comment after the move that variation
// replaces, where PGN readers put it.
class TreePgnReader {
 public:
  // text must outlive the reader.
  explicit TreePgnReader(std::string_view text, chess::PgnReader::Moves moves = chess::PgnReader::Moves::Whole)
      : reader_(text, moves) {}

  // The next game, a Failure for a game that could not be read, or nullopt
  // once the text is exhausted.
  std::optional<Result<TreeGame>> next();

 private:
  chess::PgnReader reader_;
};

// The game in PGN export format: write_pgn's tag section and layout; the
// root's comment first; after each move its NAGs ("$n") and comment; a node's
// variations in parentheses after its first child's move (each with its comment
// before after the '('), then the main continuation.
std::string write_tree_pgn(const TreeGame& game);

// A PgnGame's moves as a tree's main line, their comments parsed (a review's
// [%eval] becomes an Eval) and NAGs kept; tags, result and cut_short copied.
// The moves stop at the first that is not legal.
TreeGame from_pgn_game(const chess::PgnGame& game);

// The main line as a PgnGame: tags, start, result and cut_short, each move with
// its comment after (its PGN body) and one NAG (its move assessment, else its
// first, else 0). The variations, the other NAGs and the comments before a
// move (the root's included) have no place there and are left out.
chess::PgnGame to_pgn_game(const TreeGame& game);

// The game of a PGN text whose tags and main line are `game`'s (its start and
// moves), with its variations and comments: a game a main-line reader
// (chess::PgnReader) found, read whole again. None when no game of the text is it.
std::optional<TreeGame> find_tree_game(std::string_view text, const chess::PgnGame& game);

// What a person gives the analysis board (a file's text, the clipboard, --analyse):
// a FEN (standard, else three-check) as a game of no moves, or the first PGN game
// of the text, read up to its first move that cannot be played (cut_short says
// which). A failure says in words why neither could be read.
Result<TreeGame> tree_game_from_text(std::string_view text);

}  // namespace gambit::study
