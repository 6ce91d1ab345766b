// SPDX-License-Identifier: MIT
// PluginPlayer: one instance of a player plugin sitting at the board (a seat).
//
// It owns the instance (player_instance.h: one in this program, or isolated in
// a child process of its own; both are driven alike) and the library it came
// from. start() begins a search on a thread of its own (PluginSearch);
// choose_move is start() and wait() for callers that can block. The plugin is never trusted: see PluginSearch for how its answers are
// checked and how a plugin that does not answer is abandoned.
//
// Threading: create, new_game, start, choose_move and the destructor are
// called from one thread at a time (any thread, but never two at once), and
// one search at a time: the PluginSearch of the previous one has given its
// answer or been cancelled. new_game and create run the plugin on the calling
// thread (they are expected to be quick) and have no deadline. A PluginSearch
// never outlives its player.
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "core/chess/position.h"
#include "core/chess/types.h"
#include "core/players/isolation.h"
#include "core/players/player_instance.h"
#include "core/players/player_types.h"
#include "core/players/plugin_library.h"
#include "core/players/plugin_search.h"
#include "core/util/result.h"

namespace gambit::players {

class PluginPlayer {
 public:
  // "No hard deadline": wait as long as the plugin takes (e.g. UCI "go infinite").
  static constexpr std::chrono::milliseconds NoDeadline = MoveRequest::NoDeadline;

  // Creates an instance with the given options (name, value); options not
  // given take their defaults. A level is not applied here: resolve it first
  // (options.h resolve_options). Refused, naming the plugin and its file, when
  // an option is unknown, given twice or invalid (options.h validate_option), or
  // when the plugin's create() fails (with the plugin's message).
  // This form puts the instance where `isolation` says: in this program it is
  // not sandboxed, which is told once (plugin_notices.h) when the sandbox is
  // on and refused when it is required. The one without puts it in this
  // program by the caller's own choice, and tells nothing.
  static Result<std::unique_ptr<PluginPlayer>> create(std::shared_ptr<const PluginLibrary> library,
                                                      std::vector<std::pair<std::string, std::string>> options,
                                                      const Isolation& isolation);
  static Result<std::unique_ptr<PluginPlayer>> create(std::shared_ptr<const PluginLibrary> library,
                                                      std::vector<std::pair<std::string, std::string>> options);

  // Destroys the instance (unless abandoned). No search may be running.
  ~PluginPlayer();
  PluginPlayer(const PluginPlayer&) = delete;
  PluginPlayer& operator=(const PluginPlayer&) = delete;

  const PluginLibrary& library() const { return *library_; }
  // The options the instance was created with, in canonical form ("007" -> "7").
  const std::vector<std::pair<std::string, std::string>>& options() const { return options_; }
  // False once a search was abandoned (it timed out, or a cancel gave up on it).
  bool usable() const { return instance_ != nullptr; }
  // The instance runs in a child process.
  bool isolated() const { return isolated_; }

  // Tells the plugin a new game begins. Fails with the plugin's message.
  Result<std::monostate> new_game();

  // Starts thinking about request (see PluginSearch). A request that is not
  // valid (a move not legal in turn, a variant the plugin does not play), a
  // position without legal moves and an abandoned player are answered at once,
  // without asking the plugin.
  PluginSearch start(MoveRequest request);

  // start() and wait(): the move in the position reached from `start` by
  // `moves`, blocking the calling thread until the answer (MoveRequest says
  // what each argument means).
  MoveAnswer choose_move(const chess::Position& start, const std::vector<chess::Move>& moves, const Limits& limits,
                         InfoHandler on_info, std::chrono::milliseconds hard_deadline, bool draw_offered = false);

 private:
  friend class PluginSearch;

  PluginPlayer(std::shared_ptr<const PluginLibrary> library, std::shared_ptr<PlayerInstance> instance,
               std::vector<std::pair<std::string, std::string>> options);
  std::string who() const;  // "player 'random'"

  std::shared_ptr<const PluginLibrary> library_;
  // nullptr once abandoned (set by PluginSearch). Shared with the search thread, which may outlive this
  // player when it was abandoned: the instance is destroyed by whichever lets go of it last.
  std::shared_ptr<PlayerInstance> instance_;
  bool isolated_;
  std::vector<std::pair<std::string, std::string>> options_;
};

}  // namespace gambit::players
