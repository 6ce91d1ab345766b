// SPDX-License-Identifier: MIT
// Reviewing a game: every position searched by an analysing player (any
// plugin that reports scores), each move judged (move_judgement.h), and the
// game written back as PGN annotated the way lichess exports an analysed game.
#pragma once

#include <array>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <stop_token>
#include <string>
#include <vector>

#include "core/chess/pgn.h"
#include "core/players/plugin_player.h"
#include "core/players/seat.h"
#include "core/review/move_judgement.h"
#include "core/review/position_verdict.h"
#include "core/util/result.h"

namespace gambit::review {

// One move of the game, judged.
struct MoveVerdict {
  Judgement judgement = Judgement::Good;
  double accuracy = 100.0;  // move_accuracy of its mover
  std::string reason;        // why a mistake was one (move_reason.h), or empty; English, as files and the store keep it
  std::string shown_reason{};  // the same in the player's language (tr), for the window
};

// A reviewed game: verdicts[i] for the position before moves[i] (and one more,
// the final position); moves[i] for moves[i].
struct GameReview {
  std::vector<PositionVerdict> positions;
  std::vector<MoveVerdict> moves;
  GameAccuracy accuracy;
  std::array<std::array<int, 3>, 2> counts{};  // [side][inaccuracies, mistakes, blunders]
};

// Called after each position is searched, with its index (0 = the start), its
// verdict and whether this was a deeper search of a position already reported
// (whose verdict it replaces); calls never overlap, but come from the thread
// that searched the position. Returning false cancels the review.
using PositionDone = std::function<bool(std::size_t index, const PositionVerdict& verdict, bool deeper)>;

// Positions are searched in runs of this many, each run from a fresh analyser
// (new_game), so a review is the same whatever the number of analysers.
inline constexpr std::size_t ReviewRun = 8;

// Where the evaluation swings, a review looks again, deeper: both positions
// of a move that cost its mover at least SuspectDrop of winning chances
// (half an inaccuracy's), or after which the reply's position fell by at least
// SuspectSwing more for the mover (the reply found what the search after the
// move had not seen). Each such position is searched once more, from a fresh
// game, at VerifyFactor times the budget (nodes or time; a depth budget gets
// VerifyExtraDepth plies more), and the deeper verdict replaces the first;
// the suspects of the new verdicts get the same, VerifyRounds times in all.
// Measured (tests/bench/review/README.md): with alphabeta's scores on
// Stockfish's scale it searches again some 44% of the positions, and a
// uniform budget of as many nodes a game finds as many of Stockfish's
// blunders, so it stays a choice (--deeper), off by default.
inline constexpr double SuspectDrop = 0.05, SuspectSwing = 0.1;
inline constexpr int VerifyFactor = 4, VerifyExtraDepth = 2, VerifyRounds = 2;

// The budget of a deeper search.
players::Limits verify_limits(const players::Limits& limits);
// The positions (indexes into verdicts, one per position of a game whose
// first move was first_mover's) a review searches again, deeper; none decided
// by the rules.
std::vector<std::size_t> suspects(const std::vector<PositionVerdict>& verdicts, chess::Color first_mover);
// The positions one round of the deeper look searches: the suspects not yet
// searched deeper, each now marked in `verified` (sized to the verdicts).
std::vector<std::size_t> suspects_to_verify(const std::vector<PositionVerdict>& verdicts, chess::Color first_mover,
                                            std::vector<bool>& verified);

// The verdict of a position the rules have already decided (checkmate,
// stalemate, a third check), if they have.
std::optional<PositionVerdict> decided_by_the_rules(const chess::Position& pos);

// Searches every position of `game` within `limits` (a node budget keeps the
// review the same on any machine), one thread per analyser, runs handed out in
// order, then, when look_deeper, the suspects deeper (above), and judges each
// move. Each score is put on Stockfish's scale by the analyser's score_scale
// (level_ratings.h) before it is judged. Fails, in words, when an analyser fails or
// reports no score, when a move of the game is not legal, or when it is
// cancelled ("cancelled": `done` returned false, or `stop` was requested, in
// which case the searches under way are stopped at once). The searches run at
// `niceness` (a window keeps its frame rate).
Result<GameReview> review_game(std::span<players::PluginPlayer* const> analysers, const chess::PgnGame& game,
                               const players::Limits& limits, const PositionDone& done = {},
                               std::stop_token stop = {}, int niceness = 0, bool look_deeper = false);

// `jobs` instances of the seat's player, the analysers of review_game. Fails
// with the plugin's words when one cannot be made.
Result<std::vector<std::unique_ptr<players::PluginPlayer>>> make_analysers(const players::Seat& seat, int jobs);

// The judgement of every move of `game` from the verdicts of its positions
// (one more than its moves): classes, accuracies, counts and reasons.
GameReview judge_game(const chess::PgnGame& game, std::vector<PositionVerdict> positions);

// The ply after the nearest move past `ply` (forward: a later move; else an
// earlier one) judged an inaccuracy or worse and made by `side` (nullopt:
// either side), where moves[i] leads to ply i + 1 and the game's first move
// was `first_mover`'s. None when there is no such move.
std::optional<std::size_t> find_mistake(const GameReview& review, chess::Color first_mover, std::size_t ply,
                                        bool forward, std::optional<chess::Color> side);

// `game` annotated with `review`: after each move a comment "[%eval 0.35]"
// (pawns, White's view; "[%eval #-3]" for a mate) and, for a mistake, its NAG
// and a comment giving the reason when one is known and naming the better move
// and its line ("Blunder. Hangs the knight on f6: 12. Bxf6 takes it for
// nothing. Nf3 was best: 12. Nf3 Qd7 13. O-O"); tags WhiteAccuracy, BlackAccuracy (percent, one
// decimal) and WhiteInaccuracies/Mistakes/Blunders, Black... added (or
// replaced). Comments the game had are kept, before the review's, but those
// of an earlier review (holding "[%eval ") are replaced.
chess::PgnGame annotate(const chess::PgnGame& game, const GameReview& review);

// "0.35", "-1.20", "#3", "#-2": a score as PGN's [%eval] writes it (the
// centipawns exactly, in hundredths of a pawn); with plus_sign, "+0.35" (as
// the window shows a search's score), but "0.00" for a level game.
std::string eval_text(Score white_view, bool plus_sign = false);
// The same without its sign, short enough for the evaluation bar (whose colours
// say who is ahead): "0.4", "2.3", "12" (ten pawns and more: whole pawns), "#14".
std::string bar_eval_text(Score white_view);

// A search's score (the side to move's view) from White's view, within the
// bounds a plugin is trusted to (300 pawns, mate in 1000); none without a score.
std::optional<Score> white_view(const players::SearchInfo& info, chess::Color side_to_move);
// That score as the window shows it, as lichess does: "+0.35", "-1.20",
// "0.00", "#3", "#-2" ("" without a score). The analysis board's lines and
// evaluation bar, and the AI's thinking in a game.
std::string white_view_text(const players::SearchInfo& info, chess::Color side_to_move);

}  // namespace gambit::review
