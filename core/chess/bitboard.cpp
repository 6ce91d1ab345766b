// SPDX-License-Identifier: MIT
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

// The multipliers the search below finds from its seed, tried first so that
// start-up does not repeat the search (about 0.25 s); it stays as the fallback.
constexpr Bitboard KnownRookMagics[SQUARE_NB] = {
    0x1080004008801020ULL, 0x0840092002c03000ULL, 0x1900200010400900ULL, 0x0880100008000480ULL,
    0x4200100420080200ULL, 0x8100020100080400ULL, 0x0200040110886200ULL, 0x0200008040220411ULL,
    0x0404800084400220ULL, 0x0000401000402000ULL, 0x0086001081220440ULL, 0x0408800800100280ULL,
    0x000a001201040820ULL, 0x8848800200840080ULL, 0x4001000100040200ULL, 0x0442000102105084ULL,
    0x9080010020804100ULL, 0x0040404000201009ULL, 0x0000808010002009ULL, 0x2200090021d00100ULL,
    0x0008008008040080ULL, 0x0004004002010040ULL, 0x0011040008015042ULL, 0x00000a0001768104ULL,
    0x0000800080204009ULL, 0x2010004140002001ULL, 0x9800200280100080ULL, 0x1000100080080080ULL,
    0x0442000a00049020ULL, 0x2100040080020080ULL, 0x0800120400900148ULL, 0x0010040a00128541ULL,
    0x2800804000800030ULL, 0x1010002000400041ULL, 0x4000200011004100ULL, 0x0610008410800800ULL,
    0x0400802402800800ULL, 0xc100020080800400ULL, 0x0002000802000401ULL, 0x0182085882000401ULL,
    0x0220204000808000ULL, 0x2860100040024022ULL, 0x0001002004110040ULL, 0x99101042000a0020ULL,
    0x0004080004008080ULL, 0x0010040002008080ULL, 0x2012004881020004ULL, 0x8300842444820011ULL,
    0x0088403882010200ULL, 0x0820400080210100ULL, 0x0110910040a00300ULL, 0x0801100280080480ULL,
    0x0242009008200600ULL, 0x1002000489500200ULL, 0x0040800200010080ULL, 0x0091800041000080ULL,
    0x0000209300488001ULL, 0x04c1002414824001ULL, 0x020020000b001041ULL, 0x7000100004200901ULL,
    0x8002002004100802ULL, 0x30010002084c0007ULL, 0x0888221800813004ULL, 0x4000002840840112ULL,
};
constexpr Bitboard KnownBishopMagics[SQUARE_NB] = {
    0x10102002004a1420ULL, 0x8020040400584008ULL, 0x10510800811201c8ULL, 0x5204042080000088ULL,
    0x2204106880000002ULL, 0x1401042004000000ULL, 0x0400880410042004ULL, 0x0028208200a02020ULL,
    0x1500241990010e00ULL, 0x8001200182020a40ULL, 0x40004101030b0000ULL, 0x8002041042000100ULL,
    0x4010011041020038ULL, 0x0000010421044000ULL, 0x1500210808020a00ULL, 0x8000088400880520ULL,
    0x0405004010040100ULL, 0x1005823210040108ULL, 0x2708008102040011ULL, 0x4048200404009100ULL,
    0x0018104101400024ULL, 0x0003000601190101ULL, 0x8004803108491000ULL, 0x8014241200820800ULL,
    0x0006e080100c3040ULL, 0x0501044a11041800ULL, 0x9020300008004045ULL, 0x0894080000220040ULL,
    0x1001010083104000ULL, 0x5004030040900080ULL, 0x000400422c012400ULL, 0x0002128698404812ULL,
    0x1010108404900440ULL, 0x0928021182084100ULL, 0x2006080409020024ULL, 0x1010202020180080ULL,
    0xa010008200202200ULL, 0x2098015100019004ULL, 0x0002041440810811ULL, 0x802a02020000b098ULL,
    0x0009015090004060ULL, 0x4000821082081001ULL, 0x0100210040420800ULL, 0x0800004010488a00ULL,
    0x2000081104004040ULL, 0x4c8e029015000082ULL, 0x0420340322224842ULL, 0x1298260043400210ULL,
    0x0000822802400008ULL, 0x00008a0101600000ULL, 0x3040003412080021ULL, 0x3040290220884800ULL,
    0x4a1500401041004aULL, 0x8010200282020781ULL, 0x0020203142209091ULL, 0x0070300600902110ULL,
    0x0040808800b62048ULL, 0x0000810400c44420ULL, 0x00080400440c0441ULL, 0x8340080020840411ULL,
    0x0000000104208200ULL, 0x0000800810d00080ULL, 0x0400530411080200ULL, 0x4040702400932244ULL,
};
#endif

void init_sliders(const int (&steps)[4][2], SliderEntry* entries, Bitboard* table, [[maybe_unused]] const Bitboard* known_magics) {
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
    // The known multiplier first, then sparse random ones, until one maps every
    // subset to an entry without a harmful collision.
    bool first_try = true;
    for (std::size_t i = 0; i < size;) {
      if (first_try) {
        e.magic = known_magics[sq];
        first_try = false;
      } else {
        do e.magic = prng.sparse();
        while (popcount((e.magic * e.mask) >> 56) < 6);
      }
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
#if defined(__BMI2__)
  init_sliders(RookSteps, RookEntries, RookTable, nullptr);
  init_sliders(BishopSteps, BishopEntries, BishopTable, nullptr);
#else
  init_sliders(RookSteps, RookEntries, RookTable, KnownRookMagics);
  init_sliders(BishopSteps, BishopEntries, BishopTable, KnownBishopMagics);
#endif

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
