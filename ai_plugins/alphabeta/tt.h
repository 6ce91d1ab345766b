// SPDX-License-Identifier: MIT
// The transposition table: what earlier searches learned about a position (a
// score with its bound and depth, the best move, the static evaluation), found
// by Zobrist key. Clusters of four 16-byte entries fill one cache line; an entry
// keeps the full key, so a hit is never another position. When a cluster is
// full, the entry with the least depth, older searches counting less, goes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "ai_plugins/common/score.h"
#include "core/chess/types.h"

namespace gambit::alphabeta {

enum Bound : std::uint8_t { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

// Depths stored for quiescence results (with quiet checks on its first ply, and
// captures only further on) and for entries holding only an evaluation.
inline constexpr int DEPTH_QS_CHECKS = 0;
inline constexpr int DEPTH_QS_NO_CHECKS = -1;
inline constexpr int DEPTH_NONE = -2;

// Scores in the table are relative to the node where they were found: mate
// scores count from that node, not from the root.
constexpr ai::Value value_to_tt(ai::Value v, int ply) {
  return v >= ai::VALUE_MATE_IN_MAX_PLY ? v + ply : v <= ai::VALUE_MATED_IN_MAX_PLY ? v - ply : v;
}
constexpr ai::Value value_from_tt(ai::Value v, int ply) {
  return v == ai::VALUE_NONE               ? v
         : v >= ai::VALUE_MATE_IN_MAX_PLY  ? v - ply
         : v <= ai::VALUE_MATED_IN_MAX_PLY ? v + ply
                                           : v;
}

class TTEntry {
 public:
  chess::Move move() const { return move_; }
  ai::Value value() const { return value_; }
  ai::Value eval() const { return eval_; }
  int depth() const { return int(depth_) + DEPTH_NONE - 1; }
  Bound bound() const { return Bound(gen_bound_ & 3); }
  bool was_pv() const { return gen_bound_ & 4; }
  bool occupied() const { return depth_ != 0; }

 private:
  friend class TranspositionTable;
  chess::Key key_ = 0;
  chess::Move move_;
  std::int16_t value_ = 0;
  std::int16_t eval_ = 0;
  std::uint8_t depth_ = 0;      // depth - DEPTH_NONE + 1, so 0 marks an empty entry
  std::uint8_t gen_bound_ = 0;  // generation (5 bits) | was-PV (1 bit) | bound (2 bits)
};
static_assert(sizeof(TTEntry) == 16);

class TranspositionTable {
 public:
  // Allocates mb megabytes (at least one cluster); throws std::runtime_error
  // saying so when the memory is not there.
  explicit TranspositionTable(std::size_t mb);

  void clear();
  // Marks the start of a new search, so older entries age.
  void new_search() { generation_ = std::uint8_t((generation_ + 8) & 0xF8); }

  // The entry holding key (hit = true), or the one a store for key should replace.
  TTEntry* probe(chess::Key key, bool& hit) const;
  // Writes into an entry probe() returned. A shallower result for the same
  // position does not overwrite a deeper one unless it is exact; a missing move
  // keeps the one already stored.
  void store(TTEntry* entry, chess::Key key, ai::Value value, bool pv, Bound bound, int depth, chess::Move move,
             ai::Value eval);

  // Starts loading key's cluster into the cache, ahead of a probe.
  void prefetch(chess::Key key) const { __builtin_prefetch(&table_[index(key)]); }

  // Entries used by the current search per thousand, sampled (UCI "hashfull").
  int hashfull() const;

 private:
  struct alignas(64) Cluster {
    TTEntry entry[4];
  };

  // The high bits of key * count spread keys evenly over any number of clusters.
  std::size_t index(chess::Key key) const {
    __extension__ using Wide = unsigned __int128;
    return std::size_t(Wide(key) * cluster_count_ >> 64);
  }

  // The clusters sit in memory aligned to 2 MB that the kernel is asked to back
  // with huge pages: a probe is a random access into megabytes, and with 4 kB
  // pages most probes would also miss the TLB.
  struct FreeMemory {
    void operator()(Cluster* clusters) const;
  };
  std::unique_ptr<Cluster[], FreeMemory> table_;
  std::size_t cluster_count_ = 0;
  std::uint8_t generation_ = 0;
};

}  // namespace gambit::alphabeta
