// SPDX-License-Identifier: MIT
#include "ai_plugins/alphabeta/tt.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <sys/mman.h>

namespace gambit::alphabeta {

TranspositionTable::TranspositionTable(std::size_t mb) {
  constexpr std::size_t HugePage = 2 * 1024 * 1024;
  cluster_count_ = std::max<std::size_t>(1, mb * 1024 * 1024 / sizeof(Cluster));
  const std::size_t bytes = (cluster_count_ * sizeof(Cluster) + HugePage - 1) / HugePage * HugePage;
  void* memory = std::aligned_alloc(HugePage, bytes);
  if (!memory)
    throw std::runtime_error("not enough memory for a transposition table of " + std::to_string(mb) + " MB");
#ifdef MADV_HUGEPAGE
  madvise(memory, bytes, MADV_HUGEPAGE);  // advice only: without huge pages the table still works
#endif
  table_.reset(static_cast<Cluster*>(memory));
  clear();
}

void TranspositionTable::FreeMemory::operator()(Cluster* clusters) const { std::free(clusters); }

void TranspositionTable::clear() {
  static_assert(std::is_trivially_copyable_v<Cluster>);
  std::memset(static_cast<void*>(table_.get()), 0, cluster_count_ * sizeof(Cluster));
  generation_ = 0;
}

TTEntry* TranspositionTable::probe(chess::Key key, bool& hit) const {
  TTEntry* const entries = table_[index(key)].entry;
  for (int i = 0; i < 4; ++i)
    if (entries[i].key_ == key && entries[i].occupied()) {
      hit = true;
      return &entries[i];
    }
  hit = false;
  // Replace the least valuable entry: shallow, or from an older search.
  auto worth = [this](const TTEntry& e) {
    if (!e.occupied()) return -1000;
    const int age = ((generation_ - e.gen_bound_) & 0xF8) >> 3;
    return int(e.depth_) - 8 * age;
  };
  TTEntry* replace = &entries[0];
  for (int i = 1; i < 4; ++i)
    if (worth(entries[i]) < worth(*replace)) replace = &entries[i];
  return replace;
}

void TranspositionTable::store(TTEntry* e, chess::Key key, ai::Value value, bool pv, Bound bound, int depth,
                               chess::Move move, ai::Value eval) {
  if (move || e->key_ != key) e->move_ = move;
  const std::uint8_t stored_depth = std::uint8_t(depth - DEPTH_NONE + 1);
  if (bound == BOUND_EXACT || e->key_ != key || stored_depth + 4 > e->depth_ ||
      (e->gen_bound_ & 0xF8) != generation_) {
    e->key_ = key;
    e->value_ = std::int16_t(value);
    e->eval_ = std::int16_t(eval);
    e->depth_ = stored_depth;
    e->gen_bound_ = std::uint8_t(generation_ | (pv ? 4 : 0) | bound);
  }
}

int TranspositionTable::hashfull() const {
  const std::size_t sample = std::min<std::size_t>(1000, cluster_count_);
  int used = 0;
  for (std::size_t i = 0; i < sample; ++i)
    for (const TTEntry& e : table_[i].entry) used += e.occupied() && (e.gen_bound_ & 0xF8) == generation_;
  return int(used * 1000 / (sample * 4));
}

}  // namespace gambit::alphabeta
