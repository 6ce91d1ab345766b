// SPDX-License-Identifier: MIT
// Spaced repetition of the player's own mistake positions: Leitner boxes.
//
// A position lives in one of five boxes; each box has an interval. Solved, it
// moves up one box (the fifth is the last) and comes back after that box's
// interval; missed, it goes back to the first box and comes back after the
// first box's interval (one day). A position just taken from a game review is
// in the first box and due at once: it is practised in the review itself.
//
// The intervals, 1, 3, 7, 16 and 35 days, roughly double and a half each time,
// as in the Leitner schedules that Chessable-like trainers use: a position
// solved five times in a row is seen again about two months after it was first
// missed, and a position missed once more starts again from a day. They are
// spaced the way forgetting slows once a thing has been recalled a few times.
//
// Why Leitner and not SM-2 (SuperMemo, Anki): SM-2 wants a grade of recall,
// 0..5, for every answer, and keeps an ease factor per card from those grades.
// A chess answer is right or wrong: the move found is the best one or it is
// not, and asking the player to grade how hard it felt adds a question after
// every position for little gain. Leitner needs only right or wrong.
//
// Pure functions of the time `now` (Unix seconds) given by the caller, so the
// store and the tests decide the clock.
//
// Invariants: 1 <= box <= LeitnerBoxes in every Leitner these functions
// return; due is now plus the interval of the box the position lands in.
#pragma once

#include <array>
#include <cstdint>

namespace gambit::learn {

inline constexpr int LeitnerBoxes = 5;
inline constexpr std::int64_t SecondsPerDay = 24 * 60 * 60;
// The interval of box b (1-based) is BoxIntervalDays[b - 1] days.
inline constexpr std::array<int, LeitnerBoxes> BoxIntervalDays = {1, 3, 7, 16, 35};

// Where a position stands in the boxes: its box and when it is next due.
struct Leitner {
  int box = 1;
  std::int64_t due_at = 0;  // Unix seconds
  bool operator==(const Leitner&) const = default;
};

// The interval of a box in seconds; a box outside 1..5 counts as the nearest one.
std::int64_t box_interval(int box);

// A position just added (from a game review at `now`): box 1, due at once.
Leitner first_box(std::int64_t now);

// The schedule after an attempt at `now`: solved, one box up (at most the
// last) and due after that box's interval; missed, box 1 and due after box 1's
// interval. A box outside 1..5 (a damaged record) is taken as the nearest one.
Leitner after_attempt(const Leitner& schedule, bool solved, std::int64_t now);

// Whether the position is to be practised at `now` (its due time has come).
inline bool is_due(const Leitner& schedule, std::int64_t now) { return schedule.due_at <= now; }

}  // namespace gambit::learn
