// SPDX-License-Identifier: MIT
// gambit-engine: any Gambit player plugin as a UCI or XBoard (CECP v2) engine,
// for other chess GUIs and for measuring our players against reference programs.
//
//   gambit-engine [--config PATH] [--plugin ID] [--level NAME] [--option NAME=VALUE ...]
//                 [--cecp-resign-cp N]
//
// The protocol is the first command's: "xboard" starts CECP; "uci" (or any
// other UCI command, as Stockfish allows) starts UCI. Other first lines are
// answered with an error naming both, and the engine keeps waiting.
//
// Threads (both protocols): two. The main thread reads stdin and answers at
// once (isready, ping, "?", force while thinking included); between lines it
// looks after the search (PluginSearch: stop at the soft limit, give up at the
// deadline) and prints its move. The search's own thread runs the plugin and
// prints its thinking. stdout is written under one mutex. In CECP the session
// (cecp_session.h) is shared by both threads under a second mutex, held while
// its lines are printed, so the output follows the order of the session's
// decisions; the main thread never waits for the search while holding it.
//
// Sandbox: the engine runs its plugin in its own process, so unless [plugins]
// sandbox is "off" it enters the plugin's sandbox itself (the one
// gambit-plugin-host gives a plugin: sandbox_grants.h) before it loads the
// plugin, and needs nothing more than its standard input and output. The
// plugins are found without loading them here (each is described by a
// sandboxed gambit-plugin-host), and what the plugin tries is told on
// standard error by threads of its own (sandbox::DeniedCalls).
#include <unistd.h>

#include <cstdio>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/config/config_loader.h"
#include "core/config/config_paths.h"
#include "core/players/options.h"
#include "core/players/permissions.h"
#include "core/players/plugin_catalog.h"
#include "core/players/plugin_notices.h"
#include "core/players/plugin_player.h"
#include "core/players/sandbox_grants.h"
#include "core/sandbox/denied_calls.h"
#include "game/cli/cecp_driver.h"
#include "game/cli/engine_driver.h"
#include "game/cli/uci_driver.h"

// LeakSanitizer (in sanitized builds) checks for leaks at exit by tracing the process, which the sandbox forbids.
namespace {
bool sandboxed = false;
}
extern "C" int __lsan_is_turned_off() { return sandboxed ? 1 : 0; }

namespace gambit {
namespace {

// Enters the sandbox of plugin (described, not loaded) with these options, as isolation asks (not Off), telling
// what is not enforced. Gives the supervisor of its denied calls, or nullptr when the kernel reports none; fails
// when the sandbox is required and the kernel cannot give it.
Result<std::unique_ptr<sandbox::DeniedCalls>> sandbox_plugin(const players::PluginLibrary& plugin,
                                                                   const players::OptionList& options,
                                                                   const players::Isolation& isolation) {
  const std::string refusal = "cannot load plugin '" + plugin.path().string() + "': ";
  auto grants = players::sandbox_grants_for(plugin, options, isolation);
  if (!grants) return Failure{refusal + grants.error()};
  const players::PluginSandboxEntry entry = players::enter_plugin_sandbox(plugin.path(), grants.value(), isolation.sandbox);
  if (entry.entered) sandboxed = true;
  if (!entry.may_load) return Failure{refusal + entry.refusal};
  if (!entry.entered) {
    players::tell_plugin_notice(players::unsandboxed_notice(entry.unsandboxed));
    return std::unique_ptr<sandbox::DeniedCalls>();
  }
  for (const std::string& what : entry.entered->not_enforced) players::tell_plugin_notice(players::not_enforced_notice(what));
  if (entry.entered->listener < 0) return std::unique_ptr<sandbox::DeniedCalls>();
  const auto tell = [id = plugin.id()](const std::string& attempt) {
    players::tell_plugin_notice(players::denied_notice(id, attempt));
  };
  using Place = sandbox::DeniedCalls::Place;
  return std::make_unique<sandbox::DeniedCalls>(entry.entered->listener, tell, Place::ThisProcess);
}

int run(int argc, char** argv) {
  CLI::App app{"Gambit player plugins as a UCI chess engine."};
  app.set_version_flag("--version", std::string("gambit-engine ") + GAMBIT_VERSION);
  std::string config_path, plugin_id = "alphabeta", level;
  std::vector<std::string> option_texts;
  bool list_plugins = false;
  int resign_cp = 0;
  app.add_flag("--list-plugins", list_plugins, "List the player plugins found, their options and levels, and exit");
  app.add_option("--config", config_path, "Read this configuration file instead of the default and user files");
  app.add_option("--plugin", plugin_id, "Player plugin to run (default: alphabeta)");
  app.add_option("--level", level, "Difficulty level of the plugin (easy, medium, hard, max)");
  app.add_option("--option", option_texts, "Plugin option as NAME=VALUE (repeatable)");
  app.add_option("--cecp-resign-cp", resign_cp,
                 "XBoard: resign when the plugin scores below -N centipawns three moves in a row (default 0: never)")
      ->check(CLI::NonNegativeNumber);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }

  Result<config::Settings> settings = config::load_settings(config::ConfigFiles::with_config_flag(config_path));
  if (!settings) {
    std::fprintf(stderr, "gambit-engine: %s\n", settings.error().c_str());
    return 2;
  }
  const players::Isolation isolation =
      settings->isolation_of(config::SeatConfig{.player = plugin_id, .level = {}, .options = {}});
  const bool sandboxing = isolation.sandbox != players::Isolation::Sandbox::Off;
  players::Isolation describing = isolation;
  describing.mode = players::Isolation::Mode::Process;
  players::PluginCatalog catalog =
      sandboxing ? players::PluginCatalog::scan(config::plugin_search_paths(*settings), describing)
                 : players::PluginCatalog::scan(config::plugin_search_paths(*settings));
  if (list_plugins) {
    for (const auto& plugin : catalog.plugins()) {
      const auto granted = players::granted_permissions(
          *plugin, settings->isolation_of(config::SeatConfig{.player = plugin->id(), .level = {}, .options = {}}));
      std::printf("%s %s: %s (%s)\n  %s\n%s%s\n", plugin->id().c_str(), plugin->version().c_str(),
                  plugin->name().c_str(), plugin->path().c_str(), plugin->description().c_str(),
                  players::describe_options(plugin->descriptor()).c_str(),
                  players::describe_permissions(plugin->permissions(), granted).c_str());
    }
    for (const std::string& problem : catalog.problems()) std::printf("not loaded: %s\n", problem.c_str());
    return 0;
  }
  Result<std::shared_ptr<const players::PluginLibrary>> library = catalog.lookup(plugin_id);
  if (!library) {
    std::fprintf(stderr, "gambit-engine: %s\n", library.error().c_str());
    return 2;
  }
  players::OptionList user_options;
  for (const std::string& text : option_texts) {
    auto assignment = players::parse_option_assignment(text);
    if (!assignment) {
      std::fprintf(stderr, "gambit-engine: --option %s: %s\n", text.c_str(), assignment.error().c_str());
      return 2;
    }
    user_options.push_back(*assignment);
  }
  Result<players::OptionList> options = players::resolve_options((*library)->descriptor(), level, user_options);
  if (!options) {
    std::fprintf(stderr, "gambit-engine: %s\n", options.error().c_str());
    return 2;
  }
  std::unique_ptr<sandbox::DeniedCalls> denied_calls;
  if (sandboxing) {
    auto entered = sandbox_plugin(**library, *options, isolation);
    if (!entered) {
      std::fprintf(stderr, "gambit-engine: %s\n", entered.error().c_str());
      return 2;
    }
    denied_calls = std::move(entered).value();
    library = players::PluginLibrary::load((*library)->path());  // described until now: its code runs from here on
    if (!library) {
      std::fprintf(stderr, "gambit-engine: %s\n", library.error().c_str());
      return 2;
    }
  }

  Result<std::unique_ptr<players::PluginPlayer>> player = players::PluginPlayer::create(*library, *options);
  if (!player) {
    std::fprintf(stderr, "gambit-engine: %s\n", player.error().c_str());
    return 2;
  }
  engine::Output out;
  LineReader input(STDIN_FILENO);
  std::optional<std::pair<engine::Protocol, std::string>> first = engine::read_protocol_line(input, out);
  if (!first) return 0;
  if (first->first == engine::Protocol::Cecp) {
    out.set_note_prefix("# ");
    cecp::SessionSettings session_settings;
    session_settings.engine_name = (*library)->name() + " " + (*library)->version();
    session_settings.resign_cp = resign_cp;
    session_settings.variants.assign((*library)->variants().begin(), (*library)->variants().end());
    engine::CecpDriver(*library, *options, std::move(player).value(), out, session_settings).run(first->second, input);
  } else {
    engine::UciDriver(*library, *options, std::move(player).value(), out).run(first->second, input);
  }
  return 0;
}

}  // namespace
}  // namespace gambit

int main(int argc, char** argv) { return gambit::run(argc, argv); }
