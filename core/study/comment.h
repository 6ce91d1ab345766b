// SPDX-License-Identifier: MIT
// Comment: what a PGN comment says, with the commands lichess and ChessBase
// write into it parsed out: [%eval 0.32] (or [%eval #-3], with a depth as
// [%eval 0.32,18]), [%clk 0:03:12] (sub-seconds kept: [%clk 0:00:09.5]),
// arrows [%cal Ge2e4,Rd1d8] and circles [%csl Gd5,Ye4]. Any other command, or a
// known one that does not read as its kind (a second [%eval], [%eval 0.325]),
// is kept verbatim, so a comment read and written again says what it said.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/chess/types.h"

namespace gambit::study {

// The colours of lichess's and ChessBase's arrows and circles, as their
// commands spell them.
enum class ShapeColor : char { Green = 'G', Red = 'R', Yellow = 'Y', Blue = 'B' };

// An arrow from one square to another (never to itself).
struct Arrow {
  ShapeColor color = ShapeColor::Green;
  chess::Square from = chess::SQ_A1;
  chess::Square to = chess::SQ_A1;
  bool operator==(const Arrow&) const = default;
};

// A circled square.
struct Circle {
  ShapeColor color = ShapeColor::Green;
  chess::Square square = chess::SQ_A1;
  bool operator==(const Circle&) const = default;
};

// An evaluation as [%eval] writes it, from White's point of view: pawns
// (kept in centipawns, "0.32" is 32) or moves to mate ("#-3": Black mates in 3).
struct Eval {
  enum class Kind { Centipawns, Mate };
  Kind kind = Kind::Centipawns;
  int value = 0;  // |value| <= MAX_CENTIPAWNS or MAX_MATE
  std::optional<int> depth;  // the search depth written after a comma, 0..MAX_DEPTH

  static constexpr int MAX_CENTIPAWNS = 10'000'000;  // 100000 pawns
  static constexpr int MAX_MATE = 999;
  static constexpr int MAX_DEPTH = 999;
  bool operator==(const Eval&) const = default;
};

// One comment: its free text and its commands, each as structured data.
// Normalised (what parse_comment gives, and all MoveTree keeps): text has its
// whitespace runs collapsed to single spaces, none at the ends, no '}' (written
// ')') and no "[%" (written "[ %", so it never reads as a command);
// other_commands are "[%name ...]" with no '[' or ']' inside; then
// parse_comment(comment_body(c)) == c.
struct Comment {
  std::string text;
  std::optional<Eval> eval;
  std::optional<std::chrono::milliseconds> clock;  // the mover's clock after the move
  std::vector<Arrow> arrows;
  std::vector<Circle> circles;
  std::vector<std::string> other_commands;  // verbatim, in the order read, e.g. "[%emt 0:00:05]"

  bool empty() const;
  bool operator==(const Comment&) const = default;
};

// What drawing a shape again does, as on lichess: a new one is added, one
// already there in the same colour taken away, in another colour recoloured.
void toggle_arrow(std::vector<Arrow>& arrows, const Arrow& arrow);
void toggle_circle(std::vector<Circle>& circles, const Circle& circle);

// The comment whose body (the text between the braces) is body: commands are
// "[%name args]" with a name of letters, digits and '_' and no '[' before the
// closing ']'; several [%cal] or [%csl] add up; the rest is the text. Any
// bytes are safe.
Comment parse_comment(std::string_view body);

// The body PGN writes for a comment: the commands in the order [%eval],
// [%clk], [%cal], [%csl], the others as read, then the text, separated by
// spaces ("[%eval 0.32,18] [%clk 0:03:12] Good move"). "" for an empty comment.
std::string comment_body(const Comment& comment);

// Both comments as one, first then second: the texts joined by a space, the
// shapes added up; when both have an eval (or a clock), second's is kept among
// the other commands, so nothing is lost.
Comment joined(const Comment& first, const Comment& second);

// "0.32", "-1.50", "#3", "#-2" (with ",18" for a depth): the value of [%eval].
std::string eval_text(const Eval& eval);
// "0:03:12", "1:00:00.25": the value of [%clk] (hours unpadded, sub-seconds only when there are some).
std::string clock_text(std::chrono::milliseconds clock);

}  // namespace gambit::study
