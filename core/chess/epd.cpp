// SPDX-License-Identifier: MIT
#include "core/chess/epd.h"

#include <vector>

#include "core/util/parse_number.h"
#include "core/util/words.h"

namespace gambit::chess {

namespace {

std::string operand_of(std::string_view operations, std::string_view opcode) {
  std::size_t at = 0;
  while (at < operations.size()) {
    const std::size_t semicolon = operations.find(';', at);
    std::string_view op = operations.substr(at, semicolon == std::string_view::npos ? operations.npos : semicolon - at);
    while (!op.empty() && (op.front() == ' ' || op.front() == '\t')) op.remove_prefix(1);
    if (op.starts_with(opcode) && op.size() > opcode.size() && op[opcode.size()] == ' ') {
      std::string_view operand = op.substr(opcode.size() + 1);
      while (!operand.empty() && (operand.back() == ' ' || operand.back() == '\t')) operand.remove_suffix(1);
      if (operand.size() >= 2 && operand.front() == '"' && operand.back() == '"')
        operand = operand.substr(1, operand.size() - 2);
      return std::string(operand);
    }
    if (semicolon == std::string_view::npos) break;
    at = semicolon + 1;
  }
  return {};
}

}  // namespace

std::string EpdLine::operand(std::string_view opcode) const { return operand_of(operations, opcode); }

bool epd_line_is_blank(std::string_view line) {
  const std::size_t first = line.find_first_not_of(" \t\r");
  return first == std::string_view::npos || line[first] == '#';
}

Result<EpdLine> parse_epd_line(std::string_view line, Variant variant) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  const std::vector<std::string> words = split_words(line);
  if (words.size() < 4) return Failure{"not a position: an EPD line starts with four FEN fields"};
  const auto number_word = [](const std::string& w) { return parse_int64(w) && w[0] != '-'; };
  const auto checks_word = [](const std::string& w) {
    return w.find('+') != std::string::npos && w.find_first_not_of("0123456789+") == std::string::npos;
  };
  std::size_t fields = 4;
  if (words.size() > fields && checks_word(words[fields])) ++fields;
  const bool counters = words.size() >= fields + 2 && number_word(words[fields]) && number_word(words[fields + 1]);
  if (counters) fields += 2;
  if (words.size() > fields && checks_word(words[fields])) ++fields;  // lichess's "+W+B" after the counters
  EpdLine epd{Position(variant), {}, {}};
  for (std::size_t i = 0; i < fields; ++i) epd.fen += (i ? " " : "") + words[i];
  std::size_t at = 0;
  for (std::size_t i = 0; i < fields && at != std::string_view::npos; ++i)
    at = line.find_first_of(" \t", line.find_first_not_of(" \t", at));
  if (at != std::string_view::npos) epd.operations = std::string(line.substr(at));
  if (!counters) {
    const std::string halfmove = epd.operand("hmvc"), fullmove = epd.operand("fmvn");
    if (!halfmove.empty() || !fullmove.empty())
      epd.fen += " " + (halfmove.empty() ? std::string("0") : halfmove) + " " +
                 (fullmove.empty() ? std::string("1") : fullmove);
  }
  auto position = Position::from_fen(epd.fen, variant);
  if (!position) return Failure{position.error()};
  epd.position = *position;
  return epd;
}

}  // namespace gambit::chess
