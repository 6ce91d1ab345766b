// SPDX-License-Identifier: MIT
#include "core/review/review_record.h"

#include <sstream>

#include "core/chess/uci.h"
#include "core/review/game_review.h"
#include "core/util/parse_number.h"

namespace gambit::review {

std::string verdicts_text(const std::vector<PositionVerdict>& positions) {
  std::string text;
  for (const PositionVerdict& verdict : positions) {
    if (verdict.by_the_rules) text += "rules ";
    text += verdict.score.kind == Score::Kind::Mate ? "mate " : "cp ";
    text += std::to_string(verdict.score.value);
    for (const chess::Move move : verdict.line) text += " " + chess::to_uci(move);
    text += "\n";
  }
  return text;
}

std::string budget_text(const players::Limits& limits, bool look_deeper) {
  // A review with the deeper second look (game_review.h, "suspects") is not
  // the same review as one without: the budget text tells them apart.
  const std::string deeper = !look_deeper ? ""
                             : limits.depth > 0 && limits.movetime_ms <= 0
                                 ? ", deeper +" + std::to_string(VerifyExtraDepth) + " where it swings"
                                 : ", deeper x" + std::to_string(VerifyFactor) + " where it swings";
  if (limits.movetime_ms > 0) return "movetime " + std::to_string(limits.movetime_ms) + " ms" + deeper;
  if (limits.depth > 0) return "depth " + std::to_string(limits.depth) + deeper;
  return "nodes " + std::to_string(limits.nodes) + deeper;
}

Result<std::vector<PositionVerdict>> parse_verdicts(std::string_view text, const chess::PgnGame& game) {
  std::vector<PositionVerdict> positions;
  chess::Position pos = game.start;
  std::istringstream lines{std::string(text)};
  std::string line;
  while (std::getline(lines, line)) {
    const std::string where = "line " + std::to_string(positions.size() + 1) + " of the stored review";
    if (positions.size() > game.moves.size()) return Failure{where + ": more positions than the game has"};
    std::istringstream words(line);
    std::string word;
    PositionVerdict verdict;
    words >> word;
    if (word == "rules") {
      verdict.by_the_rules = true;
      words >> word;
    }
    if (word != "cp" && word != "mate") return Failure{where + ": expected cp or mate, got '" + word + "'"};
    verdict.score.kind = word == "mate" ? Score::Kind::Mate : Score::Kind::Centipawns;
    words >> word;
    const auto value = parse_int64(word);
    if (!value || *value < -100000 || *value > 100000) return Failure{where + ": '" + word + "' is not a score"};
    verdict.score.value = int(*value);
    chess::Position walk = pos;
    while (words >> word) {
      auto move = chess::parse_uci_move(walk, word);
      if (!move) return Failure{where + ": " + move.error()};
      verdict.line.push_back(*move);
      walk.do_move(*move);
    }
    if (!verdict.line.empty()) verdict.best = verdict.line.front();
    positions.push_back(std::move(verdict));
    if (positions.size() <= game.moves.size()) {
      if (!pos.is_legal(game.moves[positions.size() - 1])) return Failure{"the game's moves are not legal"};
      pos.do_move(game.moves[positions.size() - 1]);
    }
  }
  if (positions.size() != game.moves.size() + 1)
    return Failure{"the stored review has " + std::to_string(positions.size()) + " positions, the game " +
                   std::to_string(game.moves.size() + 1)};
  return positions;
}

}  // namespace gambit::review
