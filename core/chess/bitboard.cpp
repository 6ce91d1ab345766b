#include "core/chess/bitboard.h"

#include <array>
#include <vector>

namespace gambit::chess::detail {

SliderEntry BishopEntries[SQUARE_NB];
SliderEntry RookEntries[SQUARE_NB];
Bitboard PawnAttacks[COLOR_NB][SQUARE_NB];
Bitboard KnightAttacks[SQUARE_NB];
Bitboard KingAttacks[SQUARE_NB];
Bitboard BetweenBB[SQUARE_NB][SQUARE_NB];
Bitboard LineBB[SQUARE_NB][SQUARE_NB];

namespace {

Bitboard RookTable[0x19000];   // 102,400 entries: sum over squares of 2^(relevant bits)
Bitboard BishopTable[0x1480];  // 5,248 entries

constexpr int RookSteps[4][2] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}};
constexpr int BishopSteps[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

bool on_board(int file, int rank) { return file >= 0 && file < 8 && rank >= 0 && rank < 8; }

// Slow ray walk used only to fill the tables.
Bitboard sliding_attacks(const int (&steps)[4][2], Square s, Bitboard occupied) {
  Bitboard result = 0;
  for (const auto& step : steps) {
    int f = file_of(s) + step[0], r = rank_of(s) + step[1];
    for (; on_board(f, r); f += step[0], r += step[1]) {
      Bitboard b = square_bb(make_square(f, r));
      result |= b;
      if (occupied & b) break;
    }
  }
  return result;
}

Bitboard step_attacks(Square s, std::initializer_list<std::array<int, 2>> steps) {
  Bitboard result = 0;
  for (auto [df, dr] : steps)
    if (on_board(file_of(s) + df, rank_of(s) + dr)) result |= square_bb(make_square(file_of(s) + df, rank_of(s) + dr));
  return result;
}

#if !defined(__BMI2__)
// xorshift64*: deterministic, so magic search gives the same numbers every run.
struct Prng {
  std::uint64_t state;
  std::uint64_t next() {
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return state * 2685821657736338717ULL;
  }
  std::uint64_t sparse() { return next() & next() & next(); }
};
#endif

void init_sliders(const int (&steps)[4][2], SliderEntry* entries, Bitboard* table) {
  std::vector<Bitboard> occupancies, references;
  Bitboard* next_slice = table;
#if !defined(__BMI2__)
  Prng prng{0x9E3779B97F4A7C15ULL};
  std::vector<int> epoch(4096, 0);
  int attempt = 0;
#endif
  for (int sq = 0; sq < SQUARE_NB; ++sq) {
    Square s = Square(sq);
    // Edge squares never block further, so they are left out of the mask
    // (except the edge the slider itself stands on).
    Bitboard edges = ((RANK_1_BB | RANK_8_BB) & ~rank_bb(rank_of(s))) | ((FILE_A_BB | FILE_H_BB) & ~file_bb(file_of(s)));
    SliderEntry& e = entries[sq];
    e.mask = sliding_attacks(steps, s, 0) & ~edges;
    e.shift = unsigned(64 - popcount(e.mask));
    e.attacks = next_slice;

    // Enumerate every subset of the mask (Carry-Rippler) with its true attacks.
    occupancies.clear();
    references.clear();
    Bitboard b = 0;
    do {
      occupancies.push_back(b);
      references.push_back(sliding_attacks(steps, s, b));
      b = (b - e.mask) & e.mask;
    } while (b);
    const std::size_t size = occupancies.size();

#if defined(__BMI2__)
    e.magic = 0;
    for (std::size_t i = 0; i < size; ++i) next_slice[e.index(occupancies[i])] = references[i];
#else
    // Try sparse random multipliers until one maps every subset without a harmful collision.
    for (std::size_t i = 0; i < size;) {
      do e.magic = prng.sparse();
      while (popcount((e.magic * e.mask) >> 56) < 6);
      ++attempt;
      for (i = 0; i < size; ++i) {
        unsigned idx = e.index(occupancies[i]);
        if (epoch[idx] < attempt) {
          epoch[idx] = attempt;
          next_slice[idx] = references[i];
        } else if (next_slice[idx] != references[i]) {
          break;
        }
      }
    }
#endif
    next_slice += size;
  }
}

void init_tables() {
  for (int sq = 0; sq < SQUARE_NB; ++sq) {
    Square s = Square(sq);
    PawnAttacks[WHITE][sq] = step_attacks(s, {{-1, 1}, {1, 1}});
    PawnAttacks[BLACK][sq] = step_attacks(s, {{-1, -1}, {1, -1}});
    KnightAttacks[sq] = step_attacks(s, {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}});
    KingAttacks[sq] = step_attacks(s, {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}});
  }
  init_sliders(RookSteps, RookEntries, RookTable);
  init_sliders(BishopSteps, BishopEntries, BishopTable);

  for (int a = 0; a < SQUARE_NB; ++a)
    for (int b = 0; b < SQUARE_NB; ++b) {
      Square sa = Square(a), sb = Square(b);
      BetweenBB[a][b] = LineBB[a][b] = 0;
      if (a == b) continue;
      for (auto* steps : {&BishopSteps, &RookSteps})
        if (sliding_attacks(*steps, sa, 0) & square_bb(sb)) {
          LineBB[a][b] = (sliding_attacks(*steps, sa, 0) & sliding_attacks(*steps, sb, 0)) | square_bb(sa) | square_bb(sb);
          BetweenBB[a][b] = sliding_attacks(*steps, sa, square_bb(sb)) & sliding_attacks(*steps, sb, square_bb(sa));
        }
    }
}

struct TablesInitialiser {
  TablesInitialiser() { init_tables(); }
};

}  // namespace

// Runs before ordinary static initialisers of any translation unit (GCC/Clang).
__attribute__((init_priority(101))) TablesInitialiser tables_initialiser;

}  // namespace gambit::chess::detail
