// SPDX-License-Identifier: MIT
// EPD (Extended Position Description): one position a line, four FEN fields
// (or six, with the move counters), then operations "opcode operand;", as
// opening books ("id"), test suites ("bm") and tuning sets ("c9" the game's
// result, "ce" an evaluation in centipawns) write them.
#pragma once

#include <string>
#include <string_view>

#include "core/chess/position.h"
#include "core/util/result.h"

namespace gambit::chess {

// One position of an EPD file with its operations.
struct EpdLine {
  Position position;
  std::string fen;         // the position as read, with counters from hmvc and fmvn when the fields lack them
  std::string operations;  // everything after the FEN fields

  // The operand of `opcode` ("id \"Najdorf\"" gives Najdorf), unquoted; empty when absent.
  std::string operand(std::string_view opcode) const;
};

// True for a line that holds no position: blank, or a comment starting with '#'.
bool epd_line_is_blank(std::string_view line);

// Reads one line that is not blank: the four FEN fields, a three-check field
// of checks ("3+3", "+0+0") where FEN has it or after the counters (lichess),
// the move counters when the next two words are numbers (else from the
// operations hmvc and fmvn), then the operations. Fails with a sentence.
Result<EpdLine> parse_epd_line(std::string_view line, Variant variant);

}  // namespace gambit::chess
