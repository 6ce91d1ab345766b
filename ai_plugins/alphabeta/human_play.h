// SPDX-License-Identifier: MIT
// Playing at a target Elo the way a person of that rating plays: how the
// alphabeta player chooses its move below full strength (docs/levels.md).
//
// The model: a person looks at the position, considers the moves that catch
// the eye, thinks a little about each, and mostly plays the one that looks
// best, sometimes one that looks nearly as good, and rarely one that is
// clearly worse. So, below full strength:
//  1. every legal move is scored by a small search of its own (the same number
//     of nodes on any machine), and the best few ("candidates") are scored
//     again with the rest of the level's node budget;
//  2. moves people tend to miss (quiet moves back toward their own side) may
//     not be considered at all (`overlook`); what people see (mate in one, a
//     piece won outright) is always played from the third level up;
//  3. among the moves considered, a move that loses `loss` centipawns against
//     the best is chosen with weight exp(-loss / temperature), and never when
//     it loses more than `max_loss` (so a lost side keeps trying instead of
//     giving its pieces away);
//  4. with a lone enemy king on the board the level plays its best move, so
//     every level mates with king and queen or king and rook.
// No move is ever chosen uniformly at random, and the same seed gives the
// same moves anywhere.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "ai_plugins/common/score.h"
#include "core/chess/position.h"

namespace gambit::alphabeta {

class Engine;

// What playing at a target Elo means. Interpolated between measured anchors
// (human_play.cpp); elo 0 means full strength, where none of this applies.
struct Strength {
  int elo = 0;
  std::int64_t nodes = 0;         // search budget for one move, all candidates together
  int candidates = 0;             // how many of the best-looking moves are thought about again
  int temperature_cp = 0;         // a move losing this much is e times less likely than the best
  double overlook = 0;            // chance that a hard-to-see move is not considered
  int max_loss_cp = 0;            // moves losing more than this against the best are never chosen
  bool sees_the_obvious = false;  // mate in one and a piece won outright are always played
};

// Raised whenever a change alters how a level plays: calibration results are
// kept per version (tests/bench/calibrate_levels.py), since older games no
// longer measure the levels as they are.
inline constexpr int ModelVersion = 6;

inline constexpr int MinElo = 400;   // the weakest target the model plays
inline constexpr int MaxElo = 2600;  // the strongest target below full strength

// The Strength of a target Elo, MinElo..MaxElo (values outside are clamped).
Strength strength_for(int elo);

// One move considered, scored from the side to move's view.
struct Candidate {
  chess::Move move;
  ai::Value score = 0;
  bool hard_to_see = false;  // hard_to_see(position, move)
  bool obvious = false;      // mate in one, or wins a piece outright (obvious(position, move, score))
};

// A quiet move (no capture, check or promotion) of a piece back toward its own
// side: two ranks or more, or one rank by a piece that was not attacked (a
// defensive move nothing forces).
bool hard_to_see(const chess::Position& pos, chess::Move move);

// Gives mate at once (score is mate in one), or captures a piece worth at least
// a minor piece that the exchange on its square does not win back.
bool obvious(const chess::Position& pos, chess::Move move, ai::Value score);

// The move a player of strength s chooses among the candidates (not empty),
// as the model above says; `random` is a uniformly drawn 64-bit number.
chess::Move choose(std::span<const Candidate> candidates, const Strength& s, std::uint64_t random);

// Steps 1-4 with the engine: the move for game.back() (which has a legal move).
// `random` seeds the choice; stop_requested is polled by the searches.
chess::Move play_at_strength(Engine& engine, const std::vector<chess::Position>& game, const Strength& s,
                             std::uint64_t random, const std::function<bool()>& stop_requested);

}  // namespace gambit::alphabeta
