// SPDX-License-Identifier: MIT
#include "core/database/position_index.h"

#include <algorithm>
#include <cassert>
#include <cstring>
#include <utility>

#include "core/database/move_codec.h"
#include "core/store/sqlite.h"
#include "core/util/translation.h"

namespace gambit::database {

using store::Statement;

namespace {

constexpr std::size_t EntryBytes = 13;

void put(std::vector<std::uint8_t>& out, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(std::uint8_t(value >> (8 * i)));
}

std::uint64_t get(const std::uint8_t* at, int bytes) {
  std::uint64_t value = 0;
  for (int i = bytes - 1; i >= 0; --i) value = value << 8 | at[i];
  return value;
}

// A block's row: its run's id, then its number in the run (a run has fewer than 2^20 blocks: asserted).
std::int64_t block_id(std::int64_t run, std::size_t block) {
  assert(block < (std::size_t(1) << 20));
  return run << 20 | std::int64_t(block);
}

}  // namespace

IndexedGame index_game(const chess::Position& start, std::span<const chess::Move> moves) {
  IndexedGame indexed;
  std::vector<std::uint8_t>& code = indexed.code;
  code.reserve(moves.size());
  // Each position with its ply, so that a repetition keeps its first time.
  struct AtPly {
    std::uint64_t key;
    std::size_t ply;
  };
  std::vector<AtPly> seen;
  seen.reserve(moves.size() + 1);
  chess::Position pos = start;
  seen.push_back({pos.key(), 0});
  for (std::size_t i = 0; i < moves.size(); ++i) {
    code.push_back(move_code(pos, moves[i]));
    pos.do_move(moves[i]);
    seen.push_back({pos.key(), i + 1});
  }
  std::sort(seen.begin(), seen.end(),
            [](const AtPly& a, const AtPly& b) { return a.key != b.key ? a.key < b.key : a.ply < b.ply; });
  std::vector<GamePosition>& positions = indexed.positions;
  positions.reserve(seen.size());
  for (const AtPly& at : seen) {
    if (!positions.empty() && positions.back().key == at.key) continue;  // met again: one entry
    positions.push_back({at.key, at.ply < code.size() ? code[at.ply] : NoMove});
  }
  return indexed;
}

// Sorts the entries by key, keeping the order of equal keys (a stable LSD radix sort, 16 bits a pass):
// entries given in game order come out in (key, game) order. scratch is reused from call to call.
void sort_by_key(std::vector<PositionEntry>& entries, std::vector<PositionEntry>& scratch) {
  scratch.resize(entries.size());
  std::vector<std::size_t> counts(1 << 16);
  for (int shift = 0; shift < 64; shift += 16) {
    std::fill(counts.begin(), counts.end(), 0);
    for (const PositionEntry& e : entries) ++counts[(e.key >> shift) & 0xFFFF];
    std::size_t at = 0;
    for (std::size_t& c : counts) at += std::exchange(c, at);
    for (const PositionEntry& e : entries) scratch[counts[(e.key >> shift) & 0xFFFF]++] = e;
    entries.swap(scratch);
  }
}

PositionIndex::PositionIndex(store::Connection& db) : db_(db) {}
PositionIndex::~PositionIndex() = default;

Result<bool> PositionIndex::add_run(std::vector<PositionEntry>& entries) {
  if (entries.empty()) return true;
  if (std::is_sorted(entries.begin(), entries.end(), [](auto& a, auto& b) { return a.game < b.game; }))
    sort_by_key(entries, scratch_);
  else
    std::sort(entries.begin(), entries.end());
  assert(std::is_sorted(entries.begin(), entries.end()));
  std::vector<std::uint8_t> directory;
  for (std::size_t i = 0; i < entries.size(); i += BlockEntries) put(directory, entries[i].key, 8);
  auto insert = Statement::prepare(db_, "INSERT INTO position_runs(entries, directory) VALUES(?1, ?2)");
  if (!insert) return Failure{insert.error()};
  insert.value().bind(1, std::int64_t(entries.size())).bind_blob(2, directory);
  if (auto done = insert.value().run(); !done) return done;
  const std::int64_t run = db_.last_insert_id();
  auto block = Statement::prepare(db_, "INSERT INTO position_blocks(id, data) VALUES(?1, ?2)");
  if (!block) return Failure{block.error()};
  std::vector<std::uint8_t>& data = data_;
  for (std::size_t first = 0, number = 0; first < entries.size(); first += BlockEntries, ++number) {
    data.clear();
    for (std::size_t i = first; i < std::min(entries.size(), first + BlockEntries); ++i) {
      put(data, entries[i].key, 8);
      put(data, entries[i].game, 4);
      data.push_back(entries[i].next);
    }
    block.value().reset();
    block.value().bind(1, block_id(run, number)).bind_blob(2, data);
    if (auto done = block.value().run(); !done) return done;
  }
  return true;
}

Result<bool> PositionIndex::load_runs() {
  const std::int64_t after = runs_.empty() ? 0 : runs_.back().id;
  auto query = Statement::prepare(db_, "SELECT id, entries, directory FROM position_runs WHERE id > ?1 ORDER BY id");
  if (!query) return Failure{query.error()};
  query.value().bind(1, after);
  return store::each_row(query.value(), [&](const Statement& row) {
    Run& run = runs_.emplace_back();
    run.id = row.column_int(0);
    run.entries = row.column_int(1);
    const std::vector<std::uint8_t> bytes = row.column_blob(2);
    for (std::size_t at = 0; at + 8 <= bytes.size(); at += 8) run.directory.push_back(get(bytes.data() + at, 8));
  });
}

Result<std::vector<PositionHit>> PositionIndex::games_at(std::uint64_t key) {
  if (auto loaded = load_runs(); !loaded) return Failure{loaded.error()};
  if (!read_block_) {
    auto prepared = Statement::prepare(db_, "SELECT data FROM position_blocks WHERE id = ?1");
    if (!prepared) return Failure{prepared.error()};
    read_block_ = std::make_unique<Statement>(std::move(prepared).value());
  }
  std::vector<PositionHit> games;
  for (const Run& run : runs_) {
    // The blocks that may hold the key: from the last one that begins before it to the last that begins with it.
    const auto after = std::upper_bound(run.directory.begin(), run.directory.end(), key);
    if (after == run.directory.begin()) continue;
    auto from = std::lower_bound(run.directory.begin(), after, key);
    if (from != run.directory.begin()) --from;
    for (auto block = from; block != after; ++block) {
      Statement& read = *read_block_;
      read.reset();
      read.bind(1, block_id(run.id, std::size_t(block - run.directory.begin())));
      auto row = read.step();
      if (!row) return Failure{row.error()};
      // TRANSLATORS: the position index of a game database lacks a part: the file is damaged.
      if (!row.value()) return Failure{tr("the database's position index is damaged: a block is missing")};
      const std::vector<std::uint8_t> data = read.column_blob(0);
      const std::size_t count = data.size() / EntryBytes;
      // The entries of the key, found by bisection in the block.
      std::size_t lo = 0, hi = count;
      while (lo < hi) {
        const std::size_t mid = (lo + hi) / 2;
        if (get(data.data() + mid * EntryBytes, 8) < key) lo = mid + 1;
        else hi = mid;
      }
      for (std::size_t i = lo; i < count && get(data.data() + i * EntryBytes, 8) == key; ++i)
        games.push_back({std::int64_t(get(data.data() + i * EntryBytes + 8, 4)), data[i * EntryBytes + 12]});
    }
  }
  if (read_block_) read_block_->reset();  // no read left open on the file
  // Each run holds later games than the runs before it: the list is in id order.
  assert(std::is_sorted(games.begin(), games.end(), [](auto& a, auto& b) { return a.game < b.game; }));
  return games;
}

}  // namespace gambit::database
