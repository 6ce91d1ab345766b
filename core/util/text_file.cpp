// SPDX-License-Identifier: MIT
#include "core/util/text_file.h"

#include <fstream>
#include <sstream>

#include "core/util/translation.h"

namespace gambit {

Result<std::string> read_text_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  // TRANSLATORS: {path} is a file's path, quoted.
  if (!in) return Failure{fill(tr("cannot open {path}: there is no such file, or it cannot be read"),
                               {{"path", quote_for_message(path)}})};
  std::stringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) return Failure{fill(tr("cannot read {path}"), {{"path", quote_for_message(path)}})};
  return buffer.str();
}

}  // namespace gambit
