// SPDX-License-Identifier: MIT
// The whole text of a file, or why it cannot be had in words: what every
// "open a PGN file or type a FEN" in the programs reads with.
#pragma once

#include <string>

#include "core/util/result.h"

namespace gambit {

// The bytes of the file at path; a failure "cannot open '...': there is no
// such file, or it cannot be read" or "cannot read '...'".
Result<std::string> read_text_file(const std::string& path);

}  // namespace gambit
