// SPDX-License-Identifier: MIT
#include "tests/core/chess/test_positions.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
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

namespace gambit::chess::test_support {

std::vector<Divide> engine_divides(const std::string& engine, const std::string& setup,
                                   const std::vector<std::string>& fens, int depth, std::string& error) {
  const auto dir = std::filesystem::temp_directory_path();
  const std::string stem = "gambit_engine_divides_" + std::to_string(::getpid());
  const auto commands_path = dir / (stem + "_in.txt"), output_path = dir / (stem + "_out.txt");
  {
    std::ofstream commands(commands_path);
    commands << setup;
    for (const std::string& fen : fens) commands << "position fen " << fen << "\ngo perft " << depth << "\n";
    commands << "quit\n";
  }
  const std::string command = engine + " < '" + commands_path.string() + "' > '" + output_path.string() + "' 2>&1";
  const int status = std::system(command.c_str());
  std::vector<Divide> divides;
  std::ifstream output(output_path);
  Divide current;
  for (std::string line; std::getline(output, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const std::size_t colon = line.find(": ");
    if (colon == std::string::npos) continue;
    const std::string head = line.substr(0, colon);
    std::uint64_t count = 0;
    std::istringstream(line.substr(colon + 2)) >> count;
    if (head == "Nodes searched") {
      current.nodes = count;
      divides.push_back(std::move(current));
      current = Divide();
    } else if (head.size() >= 4 && head.size() <= 5 && head.find(' ') == std::string::npos) {
      current.moves[head] = count;
    }
  }
  std::filesystem::remove(commands_path);
  std::filesystem::remove(output_path);
  if (status != 0 || divides.size() != fens.size())
    error = "'" + command + "' exited with status " + std::to_string(status) + " and reported " +
            std::to_string(divides.size()) + " perft results for " + std::to_string(fens.size()) + " positions";
  return divides;
}

int report_divide_mismatches(const std::vector<Position>& positions, const std::vector<Divide>& ours,
                             const std::vector<Divide>& theirs, std::string_view engine, int depth) {
  int mismatches = 0;
  for (std::size_t i = 0; i < positions.size() && i < ours.size() && i < theirs.size(); ++i) {
    const std::string report = compare_divides(ours[i], theirs[i], engine, depth);
    if (report.empty()) continue;
    ++mismatches;
    ADD_FAILURE() << "position " << i << ": " << positions[i].fen() << "\n" << positions[i].pretty() << report;
  }
  return mismatches;
}

}  // namespace gambit::chess::test_support
