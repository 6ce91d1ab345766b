// SPDX-License-Identifier: MIT
// The starting positions of AI-vs-AI games. The built-in book is a small set
// of balanced lines of well-known theory, each a few plies from the start, so
// that games start varied but fair; an EPD file gives a larger book of
// positions (assets/books/gambit-balanced.epd, or any engine tester's book).
// Matches play each opening twice with colours reversed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "core/chess/game.h"
#include "core/util/result.h"

namespace gambit::match {

// One opening: a start position (empty fen: the variant's own) and moves
// played from it in UCI notation.
struct Opening {
  std::string name;
  std::string fen;
  std::vector<std::string> moves;

  // The game a match starts from: the start position with the moves played.
  // Fails with a sentence when the FEN or a move is not valid in `variant`.
  Result<chess::Game> game(chess::Variant variant) const;
};

// A book: a list of openings, read once, immutable (safe from any thread).
class OpeningBook {
 public:
  // The 38 built-in lines, from the standard start.
  static const OpeningBook& built_in();
  // Chess960's 960 starting positions, each an opening without moves, named
  // "Chess960 #518" (as cutechess and fastchess play 960 from a book of its starts).
  static const OpeningBook& chess960_starts();
  // The book a variant's games start from when no file is given: the 960
  // starts for Chess960, the start alone for Racing Kings (whose start no
  // chess opening fits), the built-in lines otherwise.
  static const OpeningBook& of_variant(chess::Variant variant);
  // An EPD file: one position a line (4 FEN fields, or 6 with the move
  // counters; three-check's checks field where FEN has it), then optional
  // operations `opcode operand;`, of which `id "..."` names the opening and
  // `hmvc`, `fmvn` give the move counters; blank lines and lines starting
  // with '#' are skipped.
  // Every position is checked in `variant` (for three-check, standard FENs
  // start with no checks given); a bad line is refused as "FILE:LINE: why".
  static Result<OpeningBook> read_epd(const std::filesystem::path& file, chess::Variant variant);

  // A command line's book: the EPD file's (read_epd), or of_variant(variant) when file is empty.
  static Result<OpeningBook> chosen(const std::filesystem::path& file, chess::Variant variant);

  const std::vector<Opening>& openings() const { return openings_; }
  // "built-in" or the file's name, for people.
  const std::string& name() const { return name_; }
  // Identifies the contents whatever the file is called or wherever it lies:
  // its size and a hash of its openings ("4000 openings, 5c1e..."), so that
  // results from several machines are known to come from one book.
  std::string fingerprint() const;

  // The entry for game `index` of a match (games 2k and 2k+1 share one), taken
  // in an order shuffled by `seed` (0 = book order); the whole book is used
  // before an opening repeats.
  const Opening& for_game(std::size_t index, std::uint64_t seed) const;

 private:
  std::string name_;
  std::vector<Opening> openings_;
};

}  // namespace gambit::match
