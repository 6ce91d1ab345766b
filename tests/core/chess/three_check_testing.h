// SPDX-License-Identifier: MIT
// What the three-check tests share: FENs, parsing that must succeed or fail
// with given words, moves by UCI text, and random play biased toward checks.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/chess/bitboard.h"
#include "core/chess/game.h"
#include "core/chess/movegen.h"
#include "core/chess/pgn.h"
#include "core/chess/position.h"
#include "core/chess/uci.h"
#include "core/chess/variant.h"

namespace gambit::chess::three_check_testing {


inline constexpr Variant THREE = Variant::ThreeCheck;
inline constexpr std::string_view THREE_CHECK_START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1";

// After 1.e4 f6 2.Qh5+ g6: White has given one check.
inline constexpr std::string_view AFTER_ONE_CHECK_PLACEMENT = "rnbqkbnr/ppppp2p/5pp1/7Q/4P3/8/PPPP1PPP/RNB1KBNR w KQkq -";

// A FEN the test knows to be valid in the variant (a refusal fails the test).
inline Position parse(std::string_view fen, Variant variant = THREE) {
  Result<Position> result = Position::from_fen(fen, variant);
  EXPECT_TRUE(result.ok()) << fen << ": " << (result.ok() ? "" : result.error());
  return result.ok() ? result.value() : Position(variant);
}

// Asserts that the FEN is refused in the variant and that the message contains every fragment.
inline void expect_rejected(std::string_view fen, Variant variant, std::initializer_list<std::string_view> fragments) {
  Result<Position> result = Position::from_fen(fen, variant);
  ASSERT_FALSE(result.ok()) << "accepted: " << fen << "\n" << result->pretty();
  for (std::string_view fragment : fragments)
    EXPECT_NE(result.error().find(fragment), std::string::npos)
        << "message for \"" << fen << "\" lacks \"" << fragment << "\": " << result.error();
}

// The position after the UCI move; the move must be legal (else the test fails and pos is returned).
inline Position after(const Position& pos, std::string_view uci) {
  Result<Move> m = parse_uci_move(pos, uci);
  if (!m) {
    ADD_FAILURE() << uci << " is not legal: " << m.error() << "\n" << pos.pretty();
    return pos;
  }
  Position next = pos;
  next.do_move(*m);
  return next;
}

inline Position after(Position pos, std::initializer_list<std::string_view> moves) {
  for (std::string_view uci : moves) pos = after(pos, uci);
  return pos;
}

// Plays the UCI moves in order, failing at the first one the game does not accept.
inline ::testing::AssertionResult play_all(Game& game, std::initializer_list<std::string_view> moves) {
  for (std::string_view text : moves) {
    Result<Move> m = parse_uci_move(game.position(), text);
    if (!m) return ::testing::AssertionFailure() << text << ": " << m.error() << "\n" << game.position().pretty();
    if (!game.play(*m))
      return ::testing::AssertionFailure() << "play(" << text << ") refused (" << game.outcome().description()
                                           << ")\n" << game.position().pretty();
  }
  return ::testing::AssertionSuccess();
}

// The number of space-separated fields of a FEN.
inline std::size_t field_count(const std::string& fen) {
  std::size_t fields = 0;
  for (std::size_t i = 0; i < fen.size(); ++i)
    if (fen[i] != ' ' && (i == 0 || fen[i - 1] == ' ')) ++fields;
  return fields;
}

// Random play, choosing a checking move half the time when there is one, so
// that games reach the third check; returns every position met (start included).
inline std::vector<Position> check_biased_walk(Position pos, std::mt19937_64& rng, int max_plies) {
  std::vector<Position> seen{pos};
  for (int ply = 0; ply < max_plies; ++ply) {
    if (pos.checks_given(~pos.side_to_move()) >= ChecksToWin) break;
    const MoveList moves = legal_moves(pos);
    if (moves.empty()) break;
    std::vector<Position> checking, all;
    for (Move m : moves) {
      Position next = pos;
      next.do_move(m);
      if (next.in_check()) checking.push_back(next);
      all.push_back(next);
    }
    pos = !checking.empty() && rng() % 2 ? checking[rng() % checking.size()] : all[rng() % all.size()];
    seen.push_back(pos);
  }
  return seen;
}

}  // namespace gambit::chess::three_check_testing
