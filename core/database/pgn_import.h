// SPDX-License-Identifier: MIT
// import_pgn: a PGN file of any size into a GameDatabase, streamed: read a
// block at a time (never whole in memory), cut into games, each game read and
// checked (PgnReader), kept in batches, each batch committed with how far the
// file was read. A broken game is skipped with its number and why; an import
// stopped (the stop flag, a kill, a full disk) goes on from its last batch
// when started again, so no game is lost or added twice. Compressed files
// (.gz, .bz2, .xz, .zst) are read through Debian's gzip, bzip2, xz and zstd.
//
// Threading: the games of each megabyte are read on up to ImportOptions::threads
// threads while the megabyte before is written to the database on a thread of
// its own (the database's only user until import_pgn returns); progress is
// called on that writing thread after each batch; stop may be set from any thread.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "core/database/game_database.h"
#include "core/util/result.h"

namespace gambit::database {

// Where an import is, after each batch and at its end.
struct ImportProgress {
  std::int64_t games = 0;    // kept so far in this file (also by earlier, stopped runs)
  std::int64_t skipped = 0;  // broken games left out so far
  std::int64_t bytes_read = 0, bytes_total = 0;  // of the file as stored (compressed or not)
  double seconds = 0;        // this run's
  std::int64_t games_this_run = 0;
  // Games a second in this run, and the seconds left at that pace (-1 while unknown).
  double games_per_second() const { return seconds > 0 ? double(games_this_run) / seconds : 0; }
  double seconds_left() const;
};

// What an import did: where it ended, and the broken games it skipped
// ("game 12: line 340: ..."; the first MaxReasonsKept of them).
struct ImportSummary {
  ImportProgress progress;
  bool finished = false;       // the whole file is in (false: stopped; started again it goes on)
  bool already_done = false;   // it had been imported whole before: nothing done
  std::vector<std::string> skipped_reasons;
  static constexpr std::size_t MaxReasonsKept = 100;
};

struct ImportOptions {
  std::size_t batch_games = 10000;  // games per transaction
  std::function<void(const ImportProgress&)> progress{};
  const std::atomic<bool>* stop = nullptr;
  // Threads reading games (the database is written on the caller's): the machine's cores by default.
  unsigned threads = std::max(1u, std::thread::hardware_concurrency());
};

// Imports the file into db. A failure in words when the file cannot be read
// (missing, a decompressor missing or refusing it, changed since an import of
// it began) or the database cannot be written (a full disk): the batches
// committed before stay, and the next run goes on from them.
Result<ImportSummary> import_pgn(GameDatabase& db, const std::filesystem::path& file,
                                 const ImportOptions& options = {});

}  // namespace gambit::database
