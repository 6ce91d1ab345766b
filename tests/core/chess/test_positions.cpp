// SPDX-License-Identifier: MIT
#include "tests/core/chess/test_positions.h"

#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <sstream>

#include "core/chess/movegen.h"

namespace gambit::chess::test_support {

namespace {

std::vector<PerftCase> load_perft_suite() {
  std::vector<PerftCase> cases;
  std::ifstream in(GAMBIT_TEST_DATA_DIR "/perft.epd");
  std::string text;
  for (int line = 1; std::getline(in, text); ++line) {
    if (!text.empty() && text.back() == '\r') text.pop_back();
    if (text.empty() || text[0] == '#') continue;
    PerftCase c;
    c.line = line;
    std::istringstream fields(text);
    std::getline(fields, c.fen, ';');
    while (!c.fen.empty() && c.fen.back() == ' ') c.fen.pop_back();
    for (std::string field; std::getline(fields, field, ';');) {
      std::istringstream depth_and_count(field);
      std::string depth;
      std::uint64_t count = 0;
      depth_and_count >> depth >> count;
      c.counts.push_back(count);
    }
    cases.push_back(c);
  }
  return cases;
}

}  // namespace

void PrintTo(const PerftCase& c, std::ostream* os) { *os << "perft.epd line " << c.line << ": " << c.fen; }

const std::vector<PerftCase>& perft_suite() {
  static const std::vector<PerftCase> cases = load_perft_suite();
  return cases;
}

std::vector<std::string> perft_suite_fens() {
  std::vector<std::string> fens;
  for (const PerftCase& c : perft_suite()) fens.push_back(c.fen);
  return fens;
}

Position position_from(std::string_view fen) {
  Result<Position> pos = Position::from_fen(fen);
  EXPECT_TRUE(pos.ok()) << fen << ": " << (pos.ok() ? "" : pos.error());
  return pos.ok() ? *pos : Position();
}

std::string compare_divides(const Divide& ours, const Divide& theirs, std::string_view engine, int depth) {
  const std::string name(engine);
  std::string only_ours, only_theirs, counts;
  for (const auto& [move, count] : ours.moves) {
    auto it = theirs.moves.find(move);
    if (it == theirs.moves.end()) only_ours += " " + move;
    else if (it->second != count)
      counts += "\n  " + move + ": ours " + std::to_string(count) + ", " + name + " " + std::to_string(it->second);
  }
  for (const auto& [move, count] : theirs.moves)
    if (!ours.moves.count(move)) only_theirs += " " + move;
  std::string report;
  if (!only_ours.empty()) report += "\nmoves we generate and " + name + " does not:" + only_ours;
  if (!only_theirs.empty()) report += "\nmoves " + name + " generates and we do not:" + only_theirs;
  if (!counts.empty()) report += "\nperft " + std::to_string(depth - 1) + " below root moves differs:" + counts;
  if (ours.nodes != theirs.nodes)
    report += "\ntotal: ours " + std::to_string(ours.nodes) + ", " + name + " " + std::to_string(theirs.nodes);
  return report;
}

}  // namespace gambit::chess::test_support
