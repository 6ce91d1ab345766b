// SPDX-License-Identifier: MIT
#include "core/learn/puzzle_themes.h"

#include <array>
#include <iterator>
#include <span>

#include "core/chess/bitboard.h"
#include "core/chess/movegen.h"
#include "core/review/tactics.h"
#include "core/util/translation.h"

namespace gambit::learn {

namespace {

using namespace chess;

// The mated king stands on its first rank and cannot step forward because its
// own pieces stand on every square ahead of it.
bool back_rank_mate(const Position& mated) {
  const Color side = mated.side_to_move();
  const Square king = mated.king_square(side);
  const int first_rank = side == WHITE ? 0 : 7, forward = side == WHITE ? 1 : -1;
  if (rank_of(king) != first_rank) return false;
  for (int df = -1; df <= 1; ++df) {
    const int file = file_of(king) + df;
    if (file < 0 || file > 7) continue;
    const Square ahead = make_square(file, first_rank + forward);
    if (!(mated.pieces(side) & square_bb(ahead))) return false;
  }
  return true;
}

// The theme as puzzle files name it, and its title in English (each a whole
// literal, marked for the catalogue: shown translated).
struct ThemeName {
  std::string_view theme, title;
};
constexpr ThemeName Themes[] = {
    // TRANSLATORS: a puzzle's themes, as lichess names them (a player may choose puzzles of one theme).
    {"mate", N_("Mate")},
    {"mateIn1", N_("Mate in 1")},
    {"mateIn2", N_("Mate in 2")},
    {"mateIn3", N_("Mate in 3")},
    {"mateIn4", N_("Mate in 4")},
    {"mateIn5", N_("Mate in 5")},
    {"backRankMate", N_("Back-rank mate")},
    {"fork", N_("Fork")},
    {"pin", N_("Pin")},
    {"skewer", N_("Skewer")},
    {"hangingPiece", N_("Hanging piece")},
    {"trappedPiece", N_("Trapped piece")},
    {"promotion", N_("Promotion")},
    {"advantage", N_("Advantage")},
    {"crushing", N_("Crushing")},
    // TRANSLATORS: a puzzle's theme: its solution is one move of the solver.
    {"oneMove", N_("One move")},
    // TRANSLATORS: a puzzle's theme: its solution is two moves of the solver long.
    {"short", N_("Short")},
    // TRANSLATORS: a puzzle's theme: its solution is three moves of the solver long.
    {"long", N_("Long")},
    // TRANSLATORS: a puzzle's theme: its solution is four or more moves of the solver long.
    {"veryLong", N_("Very long")},
};

constexpr auto theme_names() {
  std::array<std::string_view, std::size(Themes)> names{};
  for (std::size_t i = 0; i < names.size(); ++i) names[i] = Themes[i].theme;
  return names;
}
constexpr auto ThemeNames = theme_names();

}  // namespace

std::span<const std::string_view> puzzle_theme_names() { return ThemeNames; }

std::string theme_title(std::string_view theme) {
  for (const ThemeName& name : Themes)
    if (name.theme == theme) return tr(name.title.data());
  return std::string(theme);
}

std::vector<std::string> puzzle_themes(const Position& start, const FoundSolution& solution) {
  std::vector<std::string> themes;
  const std::span<const Move> moves = solution.moves;
  const std::size_t solver_moves = (moves.size() + 1) / 2;
  if (solution.kind == PuzzleKind::Mate) {
    themes.push_back("mate");
    if (solver_moves <= 5) themes.push_back("mateIn" + std::to_string(solver_moves));
    if (const auto end = review::played(start, moves, moves.size()); end && back_rank_mate(*end))
      themes.push_back("backRankMate");
  }
  bool fork = false, pin = false, skewer = false, trapped = false, promotion = false;
  Position pos = start;
  for (std::size_t i = 0; i < moves.size(); i += 2) {
    const std::span<const Move> rest = moves.subspan(i);
    if (review::find_fork(pos, rest)) fork = true;
    if (const auto found = review::find_pin_or_skewer(pos, rest)) (found->pin ? pin : skewer) = true;
    if (moves[i].kind() == Move::PROMOTION) promotion = true;
    pos.do_move(moves[i]);
    // After the solver's move the opponent is to move: is one of its pieces trapped?
    if (review::trapped_piece(pos, rest.subspan(1))) trapped = true;
    if (i + 1 < moves.size()) pos.do_move(moves[i + 1]);
  }
  if (fork) themes.push_back("fork");
  if (pin) themes.push_back("pin");
  if (skewer) themes.push_back("skewer");
  const PieceType victim = start.captured_type(moves.front());
  if (solution.kind != PuzzleKind::Mate && victim != NO_PIECE_TYPE && victim != PAWN &&
      review::capture_gain(start, moves.front()) == review::PawnValues[victim])
    themes.push_back("hangingPiece");
  if (trapped) themes.push_back("trappedPiece");
  if (promotion) themes.push_back("promotion");
  if (solution.kind != PuzzleKind::Mate)
    themes.push_back(review::winning_chances(solution.final_score) >= 0.8 ? "crushing" : "advantage");
  themes.push_back(solver_moves == 1 ? "oneMove" : solver_moves == 2 ? "short" : solver_moves == 3 ? "long" : "veryLong");
  return themes;
}

}  // namespace gambit::learn
