// SPDX-License-Identifier: MIT
// PlayerInstance: one instance of a player plugin as its owner drives it,
// wherever it runs. There are two kinds, and nothing else talks to a plugin:
//   - LoadedInstance (loaded_instance.h): the plugin's C table in this
//     program, wrapped once; gambit-plugin-host serves one too.
//   - ChildInstance (child_instance.h): an instance in a gambit-plugin-host
//     child process, spoken to over the wire (plugin_wire.h) in these types.
// PluginPlayer owns one and PluginSearch drives it.
//
// Every failure is a value in words, never an exception: an error the plugin
// reported (PluginError, its own message) apart from a failure of the player
// (Failed: an exception out of the plugin, a child that crashed or stopped
// answering), which reads as a phrase after the player's name.
//
// Threading: new_game, choose_move and consider_draw are called from one
// thread at a time, never two at once; stop() and end() from any thread at any
// time, and they return at once. on_progress runs on the thread calling
// choose_move. The destructor runs when no call is under way.
#pragma once

#include <functional>
#include <string>
#include <variant>
#include <vector>

#include "core/players/player_types.h"
#include "core/util/result.h"

namespace gambit::players {

// A position to think about, in the plugin's own terms (what gambit_position
// and gambit_limits carry), and the nice value of the thread that thinks.
struct PlayRequest {
  std::string variant = "standard";  // "standard", "threecheck"
  std::string start_fen;
  std::vector<std::string> moves;  // UCI
  Limits limits;
  int niceness = 0;
};

// A progress report as a plugin gives it: the numbers (numbers.pv unused) and
// its principal variation as UCI text, not yet checked against the position.
struct Progress {
  SearchInfo numbers;
  std::string pv;
};
using ProgressHandler = std::function<void(const Progress&)>;

// What a call to think came back with.
struct InstanceAnswer {
  enum class Kind {
    Move,        // text: the move as the plugin wrote it (PluginSearch checks it)
    DrawAnswer,  // accepts_draw: the plugin's answer to a draw offer
    PluginError, // text: the plugin's own message (it returned GAMBIT_ERROR)
    Failed       // text: what happened, after the player's name ("crashed (segmentation fault) while ...")
  };
  Kind kind = Kind::Failed;
  std::string text;
  bool accepts_draw = false;
  bool timed_out = false;  // Failed: it was ended for not answering (a loss on time)
};

class PlayerInstance {
 public:
  virtual ~PlayerInstance() = default;

  // A new game begins. The failure is a phrase after the player's name
  // ("could not start a new game: <the plugin's message>").
  virtual Result<std::monostate> new_game() = 0;
  // The plugin's choose_move: blocks until it answers (or fails).
  virtual InstanceAnswer choose_move(const PlayRequest& request, const ProgressHandler& on_progress) = 0;
  // The plugin's consider_draw (asked only of a plugin that considers draws).
  virtual InstanceAnswer consider_draw(const PlayRequest& request) = 0;
  // Asks a running choose_move or consider_draw to answer now; ignored when none runs.
  virtual void stop() = 0;
  // The owner gives up on the instance: a child is killed at once (the call
  // under way returns Failed); a plugin in this program cannot be, and this
  // does nothing.
  virtual void end() = 0;
  // The instance runs in a child process.
  virtual bool isolated() const = 0;
};

}  // namespace gambit::players
