// Reviewing a game: every position searched by an analysing player (any
// plugin that reports scores), each move judged (move_judgement.h), and the
// game written back as PGN annotated the way lichess exports an analysed game.
#pragma once

#include <array>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/chess/pgn.h"
#include "core/players/plugin_player.h"
#include "core/review/move_judgement.h"
#include "core/util/result.h"

namespace gambit::review {

// What the analyser said of one position: its score (White's view), its best
// move and the line it expects. A position without legal moves is scored by
// the rules (mated: the ceiling against the side to move; stalemate: 0) and
// has no best move.
struct PositionVerdict {
  Score score;
  bool by_the_rules = false;  // checkmate or stalemate: not searched
  chess::Move best = chess::Move::none();
  std::vector<chess::Move> line;  // starts with best
};

// One move of the game, judged.
struct MoveVerdict {
  Judgement judgement = Judgement::Good;
  double accuracy = 100.0;  // move_accuracy of its mover
};

// A reviewed game: verdicts[i] for the position before moves[i] (and one more,
// the final position); moves[i] for moves[i].
struct GameReview {
  std::vector<PositionVerdict> positions;
  std::vector<MoveVerdict> moves;
  GameAccuracy accuracy;
  std::array<std::array<int, 3>, 2> counts{};  // [side][inaccuracies, mistakes, blunders]
};

// Called after each position with (positions done, positions in all).
using ReviewProgress = std::function<void(std::size_t, std::size_t)>;

// Searches every position of `game` with `analyser` within `limits` (a node
// budget keeps the review the same on any machine) and judges each move.
// Fails, in words, when the analyser fails or reports no score.
Result<GameReview> review_game(players::PluginPlayer& analyser, const chess::PgnGame& game,
                               const players::Limits& limits, const ReviewProgress& progress = {});

// `game` annotated with `review`: after each move a comment "[%eval 0.35]"
// (pawns, White's view; "[%eval #-3]" for a mate) and, for a mistake, its NAG
// and a comment naming the better move and its line ("Blunder. Nf3 was best:
// 12. Nf3 Qd7 13. O-O"); tags WhiteAccuracy, BlackAccuracy (percent, one
// decimal) and WhiteInaccuracies/Mistakes/Blunders, Black... added (or
// replaced). Comments the game had are kept, before the review's, but those
// of an earlier review (holding "[%eval ") are replaced.
chess::PgnGame annotate(const chess::PgnGame& game, const GameReview& review);

// "0.35", "-1.20", "#3", "#-2": a score as PGN's [%eval] writes it.
std::string eval_text(Score white_view);

}  // namespace gambit::review
