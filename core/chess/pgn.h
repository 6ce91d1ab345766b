// SPDX-License-Identifier: MIT
// PGN (Portable Game Notation) export and import, independent of Game: a game
// is its tags, start position, moves, result and the comments after its moves.
// The one PGN tokenizer and tag reader live here. PgnReader reads the main line
// (PgnGame); given a MovetextListener it also reads the variations, so that
// richer game records are built from the same parser: core/study's TreeGame
// (a MoveTree with every variation, comment and NAG) is read and written in
// core/study/tree_pgn.h with PgnReader, PgnMovetextWriter and write_pgn_tags.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/chess/position.h"
#include "core/util/result.h"
#include "core/chess/types.h"

namespace gambit::chess {

// One game as PGN records it. moves are legal in turn from start. result is one
// of "1-0", "0-1", "1/2-1/2", "*". comments_after[i] is the comment after
// moves[i] ("" for none); it may be left empty when no move has a comment,
// otherwise it has one entry per move. Games read by PgnReader always have one
// entry per move and keep every tag as read (SetUp and FEN included).
struct PgnGame {
  std::vector<std::pair<std::string, std::string>> tags;
  Position start;
  std::vector<Move> moves;
  std::string result = "*";
  std::vector<std::string> comments_after;
  // nags_after[i] is the Numeric Annotation Glyph after moves[i] (2 for "?",
  // 4 for "??", 6 for "?!"; 0 for none), written as "$2"; may be left empty.
  // PgnReader skips NAGs: games it reads have none.
  std::vector<int> nags_after;
  // Why the moves stop before the record does, e.g. "line 7: at white's move
  // 5, 'Ke3' is not a legal move ..." (read by a PgnReader in Moves::UpToError mode);
  // "" for a game read whole. Such a game's result is "*".
  std::string cut_short;

  // The value of the first tag with that name, or "" if there is none.
  std::string tag(std::string_view name) const;
};

// The game in PGN export format: the Seven Tag Roster in its standard order
// (missing ones as "?" and "????.??.??"; Result from game.result, whatever the
// tags say), the other tags in their order, [Variant "Three-check"] for a
// three-check game, SetUp and FEN when start is not the variant's start (SetUp,
// FEN and Variant in game.tags are ignored), then the moves in SAN
// with move numbers and comments in braces (a '}' inside one is written as ')'),
// lines at most 80 columns long (a longer single word gets its own line), and
// the result token followed by a blank line. An illegal move ends the movetext
// early, with a comment saying so; an unknown result is written as "*".
std::string write_pgn(const PgnGame& game);

// The tag section of write_pgn (roster, other tags, Variant, SetUp and FEN from
// start; Result from result, "*" unless it is a result token), with the blank
// line after it.
std::string write_pgn_tags(std::span<const std::pair<std::string, std::string>> tags, const Position& start,
                           std::string_view result);

// Movetext in PGN export format, token by token, as write_pgn writes it: white's
// moves numbered "N.", black's "N..." when they open the movetext or a variation
// or follow a comment or a variation; comments in braces with whitespace runs
// collapsed, a '}' inside written as ')', a "[%command ...]" kept on one line;
// variations in parentheses joined to their first and last tokens, "(12... Qd7
// 13. O-O)"; lines of at most 80 columns (a longer word gets a line of its own).
class PgnMovetextWriter {
 public:
  // The move whose SAN is san, played in before.
  void move(const Position& before, std::string_view san);
  // "$n" for 1 <= nag <= 255; nothing otherwise.
  void nag(int nag);
  // "{text}"; nothing when text is only whitespace.
  void comment(std::string_view text);
  void begin_variation();
  void end_variation();
  // The movetext followed by the result token ("*" unless result is one), in
  // lines each ending with '\n'.
  std::string finish(std::string_view result) const;

 private:
  void add(std::string token);

  std::vector<std::string> tokens_;
  std::string opening_;    // the '(' of variations begun, waiting for their first token
  bool number_due_ = true;  // black's next move gets "N..."
};

// Receives the movetext of one game as PgnReader::next(MovetextListener&) reads
// it, in the order written. Moves arrive checked: legal where their line stands.
class MovetextListener {
 public:
  virtual ~MovetextListener() = default;
  // First, once per game: the start position the tags give.
  virtual void start(const Position& start) = 0;
  // The next move of the current line.
  virtual void move(Move m) = 0;
  // A NAG, 1..255: "$n", or a suffix annotation "!" 1, "?" 2, "!!" 3, "??" 4, "!?" 5, "?!" 6.
  virtual void nag(int nag) = 0;
  // A comment's text with its whitespace runs collapsed, never empty. The
  // comments between the tags and the first move come right after start().
  virtual void comment(std::string_view text) = 0;
  // '(': a variation that replaces the last move of the current line (there
  // always is one), and its end ')'.
  virtual void begin_variation() = 0;
  virtual void end_variation() = 0;
};

// Reads the games of a PGN file one at a time. next() skips variations, NAGs,
// suffix annotations, move numbers and "%" escape lines; keeps the comments after
// main-line moves (whitespace runs collapsed; comments before the first move are
// dropped); tolerates a missing result token (the Result tag, else "*", is taken).
// Games without tags and a FEN tag without SetUp are accepted; a Variant tag
// names a variant we play by any of its names (variant_from_name: "Standard",
// "Three-check", "Chess960", "King of the Hill", ...); other variants are
// refused, saying which variants we know. A game that cannot be read gives a Failure naming the
// game number, the line and the offending text, e.g.
//   "game 2, line 17: at black's move 12, 'Nf9' is not a move in SAN (...)"
// and reading goes on with the next game: the next line starting with '[' after
// a blank line, or the next line starting with "[Event". Any bytes are safe.
// In Moves::UpToError mode a move that cannot be played (not SAN, illegal,
// ambiguous, a null move, after the third check) ends the game there instead:
// the game comes back with the moves before it and PgnGame::cut_short saying
// why, as players expect of a file with one bad move (a tag that cannot be
// read is still a Failure, and so is text with no tags whose first move cannot
// be played: a file that is not PGN is no game).
class PgnReader {
 public:
  enum class Moves { Whole, UpToError };
  // text must outlive the reader.
  explicit PgnReader(std::string_view text, Moves moves = Moves::Whole) : text_(text), moves_(moves) {}

  // When text is a part of a larger file: the games before it and the line it
  // begins on, so that failures number games and lines as in the whole file.
  void continue_from(int games_before, std::size_t first_line) {
    game_number_ = games_before;
    line_ = first_line;
  }

  // How deeply next(MovetextListener&) lets variations nest.
  static constexpr std::size_t MAX_VARIATION_DEPTH = 100;

  // The next game, a Failure for a game that could not be read, or nullopt
  // once the text is exhausted.
  std::optional<Result<PgnGame>> next();
  // The same game, its variations read as well: every move, NAG, comment and
  // variation of the movetext goes to listener (the PgnGame returned is still
  // the main line). Moves in variations are checked as main-line moves are
  // (Moves::UpToError ends the game at the first one that cannot be played,
  // wherever it stands); variations nested deeper than MAX_VARIATION_DEPTH, and
  // a '(' before any move of its line, make the game a Failure. A result token
  // inside a variation is ignored. After a Failure, what the listener received
  // of that game is to be dropped.
  std::optional<Result<PgnGame>> next(MovetextListener& listener);

 private:
  std::optional<Result<PgnGame>> read_game(MovetextListener* listener);

  // Skips ahead to where the next game presumably starts, after an error in
  // the text at byte offset error_offset, which lies on line error_line.
  void resynchronise(std::size_t error_offset, std::size_t error_line);

  std::string_view text_;
  Moves moves_ = Moves::Whole;
  std::size_t pos_ = 0;   // byte offset of the next unread character
  std::size_t line_ = 1;  // line of pos_
  int game_number_ = 0;
};

}  // namespace gambit::chess
