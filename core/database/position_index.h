// SPDX-License-Identifier: MIT
// PositionIndex: which games of a database reached a position, found from an
// index, never by replaying the games. Every position of every game (its
// start and the position after each move; a position met twice in a game
// counted once, at its first time) is an entry: its 64-bit Zobrist key, the
// game's id, and the move the game played from there (move_codec.h's byte;
// NoMove where the game ended), which is what an opening explorer counts.
// Each batch of games added writes its entries as one sorted run, in the
// batch's transaction: its 13-byte entries in (key, game) order, in blocks of
// BlockEntries, each block a row of its own (position_blocks, found by its
// rowid: the run's id and the block's number), and a directory of each
// block's first key (position_runs). A search reads each run's directory once
// (kept in memory), then only the blocks that can hold the key: a row or two
// a run, a page each.
//
// Transpositions are found by construction (the key is the position's, not
// the moves'). Two positions share a 64-bit key with odds of about 1 in 2^64
// per pair: not checked.
//
// The tables position_runs and position_blocks are made with the database's (game_database.cpp).
// Threading: as its GameDatabase (one thread at a time).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "core/chess/pgn.h"
#include "core/util/result.h"

namespace gambit::store {
class Connection;
class Statement;
}

namespace gambit::database {

// The byte of "no move": the game ended in the position.
constexpr std::uint8_t NoMove = 0xFF;

// A position a game reached and the move it played there.
struct GamePosition {
  std::uint64_t key;
  std::uint8_t next;  // move_codec's byte, or NoMove
  auto operator<=>(const GamePosition&) const = default;
};

struct PositionEntry {
  std::uint64_t key;
  std::uint32_t game;
  std::uint8_t next;
  auto operator<=>(const PositionEntry&) const = default;
};

// A game found at a position, and its move there.
struct PositionHit {
  std::int64_t game;
  std::uint8_t next;
  bool operator==(const PositionHit&) const = default;
};

// What the database keeps of a game's moves, made in one replay of it: the moves' bytes (move_codec.h)
// and its distinct positions (its start, then after each move) by ascending key, each with the move played
// at its first time.
struct IndexedGame {
  std::vector<std::uint8_t> code;
  std::vector<GamePosition> positions;
};
IndexedGame index_game(const chess::Position& start, std::span<const chess::Move> moves);

class PositionIndex {
 public:
  // 300 entries (3,900 bytes): a block fills one 4 KiB page of SQLite's, no overflow page.
  static constexpr std::size_t BlockEntries = 300;

  explicit PositionIndex(store::Connection& db);
  ~PositionIndex();

  // Writes the entries (in any order; sorted here, in place) as one run; inside the caller's transaction.
  Result<bool> add_run(std::vector<PositionEntry>& entries);

  // The games that reached the position with this key, by ascending id, with their moves there.
  Result<std::vector<PositionHit>> games_at(std::uint64_t key);

 private:
  struct Run {
    std::int64_t id;
    std::int64_t entries;
    std::vector<std::uint64_t> directory;
  };
  Result<bool> load_runs();

  store::Connection& db_;
  std::vector<Run> runs_;  // in id order; read once, then the runs added since
  std::vector<PositionEntry> scratch_;  // add_run's buffers, kept from batch to batch
  std::vector<std::uint8_t> data_;
  std::unique_ptr<store::Statement> read_block_;  // prepared once
};

}  // namespace gambit::database
