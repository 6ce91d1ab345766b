// SPDX-License-Identifier: MIT
// Opening names: the ECO code and name of the opening a game has reached, from
// an ECO table in PGN (pgn-extract's eco.pgn, read at run time from Debian's
// pgn-extract package; never copied into this tree), and the PGN tags that say
// it. Games are classified exactly as `pgn-extract -e` classifies them, so a
// PGN file written by Gambit and one passed through pgn-extract agree.
#pragma once

#include <compare>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/chess/pgn.h"
#include "core/chess/position.h"
#include "core/chess/types.h"
#include "core/util/result.h"

namespace gambit::chess {

// An opening as the ECO table names it: the values of its ECO, Opening,
// Variation and SubVariation tags ("" for a tag the line does not have).
struct OpeningName {
  std::string eco;
  std::string opening;
  std::string variation;
  std::string sub_variation;

  // The name for people: "B90 Sicilian: Najdorf", "C20 King's pawn game",
  // "A00 Polish: Tuebingen variation, <sub-variation>".
  std::string text() const;
  bool operator==(const OpeningName&) const = default;
};

// OpeningNames: the named positions of an ECO table, and the classification
// of games against them, which is pgn-extract's (`pgn-extract -e`, version
// 19.04, found by reading its documentation and by experiment):
//
//  - A line of the table (its tags, then moves from the start or from its FEN)
//    names the position its moves end in. It is L plies long, counted as
//    pgn-extract counts them, from the start's move number and side to move
//    (2 x (fullmove - 1), plus 1 when Black is to move).
//  - A position of a game matches a line when its piece placement is the one
//    the line ends in (side to move, castling rights and en passant are not
//    compared: pgn-extract hashes the placement alone) and it stands at ply p
//    with L <= p <= L + 6. So a transposition is found by position, within
//    six plies of the line's own length.
//  - When several lines end on that placement, the one the game followed
//    exactly wins (the same length and the same positions on the way, in
//    any order); otherwise the first of them in the file.
//  - The positions after each of the game's moves are tried in turn (not the
//    start position); the last one that matches names the game. A game that
//    leaves the table and comes back is named by where it came back to.
//  - A line with the same length, end and positions on the way as an earlier
//    one is ignored (pgn-extract says "ECO hash collision"); a line that
//    cannot be read is skipped.
//
// Invariants: immutable once made, so one table can be shared by any number of
// threads; every lookup compares whole piece placements (and the positions on
// the way compare whole placements too), so a hash collision cannot give a
// wrong name.
class OpeningNames {
 public:
  OpeningNames() = default;  // names nothing

  // The table of an ECO file's text (eco.pgn's form: PGN games with the tags
  // ECO, Opening, Variation and SubVariation). Never fails: lines that cannot
  // be read are counted in skipped().
  static OpeningNames from_pgn(std::string_view eco_pgn);
  // The table of the ECO file at `file`; fails when it cannot be read or holds
  // no line, saying so in words ("no opening names: /usr/share/pgn-extract/eco.pgn
  // cannot be read (No such file or directory); it comes with Debian's
  // pgn-extract package").
  static Result<OpeningNames> load(const std::filesystem::path& file);

  // The opening of a game, as described above: `positions` are the start, then
  // the position after each move (Game::positions()). nullptr for none.
  const OpeningName* classify(std::span<const Position> positions) const;
  // The same for a game given as its start and its moves (legal in turn).
  const OpeningName* classify(const Position& start, std::span<const Move> moves) const;

  std::size_t size() const { return lines_.size(); }  // lines kept
  std::size_t ignored() const { return ignored_; }    // lines that repeat an earlier one
  std::size_t skipped() const { return skipped_; }    // lines that could not be read
  // The heap the table holds, in bytes (strings, lines, index), for the figures in docs.
  std::size_t memory_bytes() const;

 private:
  // A piece placement alone, 4 bits a square (the Piece codes): what pgn-extract compares.
  struct Placement {
    std::uint8_t nibbles[32]{};
    bool operator==(const Placement&) const = default;
    auto operator<=>(const Placement&) const = default;
  };
  struct Line {
    OpeningName name;
    Placement end;
    int plies = 0;  // L: the ply count where the line ends
    // The placements after each of its moves, sorted; kept only when another
    // line ends on the same placement (the one case where they decide).
    std::vector<Placement> path;
  };

  std::vector<Line> lines_;  // in the file's order
  // (placement key, line index), sorted: a key's lines in the file's order.
  std::vector<std::pair<Key, std::uint32_t>> index_;
  int max_plies_ = 0;  // the longest line's plies + 6: no match is possible beyond
  std::size_t ignored_ = 0;
  std::size_t skipped_ = 0;

  static Placement placement_of(const Position& pos);
  // The placements after each move of `positions` (the first is the start), sorted.
  static std::vector<Placement> sorted_path(std::span<const Position> positions);
};

// The program's table: OpeningNames::load of the ECO file (eco_file(),
// core/util/install_layout.h), read on the first call and the same for every
// later one. Safe to call from any thread (a second caller waits for the
// first to finish reading); the table is then shared read-only.
const Result<OpeningNames>& shared_opening_names();

// The name for people of the opening reached by `positions` (the start, then
// after each move) with shared_opening_names(): what the windows show; "" for
// none, or when there is no table.
std::string opening_text(std::span<const Position> positions);

// Gives `game` the tags `pgn-extract -e` would: when `names` classify it, its
// ECO, Opening, Variation and SubVariation tags are replaced by the opening's
// (the empty ones left out), placed after the Seven Tag Roster; otherwise the
// game is left as it is. The other tags keep their values and order.
void add_opening_tags(PgnGame& game, const OpeningNames& names);
// The same with shared_opening_names(); without a table the game is left as it is.
void add_opening_tags(PgnGame& game);

}  // namespace gambit::chess
