// SPDX-License-Identifier: MIT
// What gambit-engine's two protocols share: the output (one line at a time,
// under a mutex, so the search's thread and the main thread never mix their
// lines), the input (lines read without waiting past a deadline), and the
// Driver: a plugin's player, its one search, and the loop that reads
// commands while that search runs. UciDriver (uci_driver.h) and CecpDriver
// (cecp_driver.h) are its two protocols; read_protocol_line picks one.
//
// Threads: run() on one thread (the main one); the search's thread only
// prints through Output.
#pragma once

#include <chrono>
#include <cstdio>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

#include "core/players/options.h"
#include "core/players/plugin_library.h"
#include "core/players/plugin_player.h"
#include "core/util/line_reader.h"

namespace gambit::engine {

// Lines to a stream (standard output by default), each flushed at once.
class Output {
 public:
  explicit Output(std::FILE* file = stdout) : file_(file) {}
  void line(const std::string& text);
  // A remark for the person reading the log: "info string ..." in UCI, "# ..." in CECP.
  void note(const std::string& text) { line(note_prefix_ + text); }
  void set_note_prefix(std::string prefix) { note_prefix_ = std::move(prefix); }

 private:
  std::FILE* file_;
  std::mutex mutex_;
  std::string note_prefix_ = "info string ";
};

// What the UCI and CECP drivers share: the plugin, its options, the player
// (made again when it was abandoned or its options changed), the one search,
// and the loop that reads commands while that search runs.
class Driver {
 public:
  Driver(std::shared_ptr<const players::PluginLibrary> library, players::OptionList options,
         std::unique_ptr<players::PluginPlayer> player, Output& out)
      : library_(std::move(library)), options_(std::move(options)), out_(out), player_(std::move(player)) {}
  virtual ~Driver() = default;

  // Handles `first` and then every line of input until the end or a quit. A
  // search still running at the end is stopped and its move still printed.
  void run(const std::string& first, LineReader& input);

 protected:
  // One line of input; false when the engine should exit.
  virtual bool handle_line(const std::string& line) = 0;
  // The answer of the search, on the main thread.
  virtual void deliver(const players::MoveAnswer& answer) = 0;

  // The player, made again if it was dropped or abandoned; false (and a note) when it cannot be.
  bool ensure_player();
  // Precondition: !searching() and ensure_player().
  void start_search(players::MoveRequest request) { search_ = player_->start(std::move(request)); }
  bool searching() const { return search_.running(); }
  // Waits for the running search (if any) to answer by itself, and delivers.
  void wait_search() {
    if (search_.running()) deliver(search_.wait());
  }
  // Stops the running search (if any) and delivers its answer. A plugin that
  // does not answer within the grace of a stop is abandoned, and its answer
  // is the failure saying so.
  void finish_search();

  const std::shared_ptr<const players::PluginLibrary> library_;
  players::OptionList options_;
  Output& out_;
  std::unique_ptr<players::PluginPlayer> player_;

 private:
  players::PluginSearch search_;  // after player_: never outlives it
};

enum class Protocol { Uci, Cecp };

// Reads up to the first line that chooses the protocol: "xboard" for CECP; any
// UCI command ("uci", but also "isready", "position ...", even with bad
// arguments, as Stockfish allows) for UCI. Other lines are answered with an
// error naming both. nullopt at the end of input.
std::optional<std::pair<Protocol, std::string>> read_protocol_line(LineReader& input, Output& out);

}  // namespace gambit::engine
