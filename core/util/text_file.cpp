// SPDX-License-Identifier: MIT
#include "core/util/text_file.h"

#include <fstream>
#include <sstream>

namespace gambit {

Result<std::string> read_text_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Failure{"cannot open " + quote_for_message(path) + ": there is no such file, or it cannot be read"};
  std::stringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) return Failure{"cannot read " + quote_for_message(path)};
  return buffer.str();
}

}  // namespace gambit
