// gambit-engine: any Gambit player plugin as a UCI engine, for other chess GUIs
// and for measuring our players against reference programs.
//
//   gambit-engine [--config PATH] [--plugin ID] [--level NAME] [--option NAME=VALUE ...]
//
// Threads: the main thread reads stdin and answers at once (isready while
// thinking included); a search thread runs the plugin through PluginPlayer and
// prints its info lines and the bestmove. stdout is written under one mutex.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/chess/movegen.h"
#include "core/chess/uci.h"
#include "core/config/config_loader.h"
#include "core/config/config_paths.h"
#include "core/players/options.h"
#include "core/players/plugin_catalog.h"
#include "core/players/plugin_player.h"
#include "game/cli/uci_protocol.h"

namespace gambit {
namespace {

using namespace std::chrono_literals;

// Time a plugin gets beyond its limit before it loses the move.
constexpr std::chrono::milliseconds Grace = 1000ms;

class Output {
 public:
  void line(const std::string& text) {
    std::lock_guard lock(mutex_);
    std::fputs(text.c_str(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
  }
  void note(const std::string& text) { line("info string " + text); }

 private:
  std::mutex mutex_;
};

class Engine {
 public:
  Engine(std::shared_ptr<const players::PluginLibrary> library, players::OptionList options,
         std::unique_ptr<players::PluginPlayer> player, Output& out)
      : library_(std::move(library)), options_(std::move(options)), out_(out), player_(std::move(player)) {}
  ~Engine() { finish_search(); }

  // Returns false when the engine should exit.
  bool handle(const uci::Command& command) {
    return std::visit([this](const auto& c) { return on(c); }, command);
  }

  bool ensure_player() {
    if (player_ && player_->usable()) return true;
    auto created = players::PluginPlayer::create(library_, options_);
    if (!created) {
      out_.note("cannot start player '" + library_->id() + "': " + created.error());
      player_.reset();
      return false;
    }
    player_ = std::move(created).value();
    return true;
  }

 private:
  bool on(const uci::Uci&) {
    out_.line("id name Gambit " + library_->name() + " " + library_->version());
    out_.line("id author the Gambit developers");
    for (const gambit_option_spec& spec : library_->options()) out_.line(uci::option_line(spec));
    out_.line("uciok");
    return true;
  }
  bool on(const uci::IsReady&) {
    if (!searching_) ensure_player();
    out_.line("readyok");
    return true;
  }
  bool on(const uci::UciNewGame&) {
    finish_search();
    if (ensure_player())
      if (auto started = player_->new_game(); !started) out_.note("new game: " + started.error());
    return true;
  }
  bool on(const uci::Stop&) {
    finish_search();
    return true;
  }
  bool on(const uci::Quit&) {
    finish_search();
    return false;
  }
  bool on(const uci::PonderHit&) {
    out_.note("pondering is not supported; ponderhit ignored");
    return true;
  }
  bool on(const uci::SetOption& option) {
    if (busy()) {
      out_.note("option '" + option.name + "' not changed: cannot change options while thinking");
      return true;
    }
    const gambit_option_spec* spec = players::find_option(library_->descriptor(), option.name);
    if (!spec) {
      out_.note("unknown option '" + option.name + "'; options: " + players::option_names(library_->descriptor()));
      return true;
    }
    chess::Result<std::string> value = players::validate_option(*spec, option.value);
    if (!value) {
      out_.note(value.error());
      return true;
    }
    std::erase_if(options_, [&](const auto& o) { return o.first == spec->name; });
    options_.emplace_back(spec->name, *value);
    player_.reset();  // recreated with the new options before the next search
    return true;
  }
  bool on(const uci::SetPosition& position) {
    if (busy()) {
      out_.note("position ignored while thinking; send stop first");
      return true;
    }
    start_ = *chess::Position::from_fen(position.start_fen);
    moves_.clear();
    chess::Position pos = start_;
    for (const std::string& text : position.moves) {
      chess::Move m = *chess::parse_uci_move(pos, text);
      moves_.push_back(m);
      pos.do_move(m);
    }
    current_ = pos;
    return true;
  }
  bool on(const uci::Go& go) {
    for (const std::string& note : go.notes) out_.note(note);
    if (busy()) {
      out_.note("go ignored: already thinking");
      return true;
    }
    if (search_.joinable()) search_.join();
    if (!ensure_player()) {
      out_.line("bestmove " + fallback_move());
      return true;
    }
    players::Limits limits;
    limits.movetime_ms = go.movetime_ms;
    limits.depth = go.depth;
    limits.nodes = go.nodes;
    limits.time_ms = {go.time_ms[0], go.time_ms[1]};
    limits.increment_ms = {go.increment_ms[0], go.increment_ms[1]};
    limits.moves_to_go = go.moves_to_go;
    limits.infinite = go.infinite || go.ponder;

    // The hard deadline: the movetime, or the whole remaining clock, plus grace.
    std::chrono::milliseconds deadline = players::PluginPlayer::NoDeadline;
    const std::int64_t clock = limits.time_ms[current_.side_to_move()];
    if (!limits.infinite && limits.movetime_ms > 0) deadline = std::chrono::milliseconds(limits.movetime_ms) + Grace;
    else if (!limits.infinite && clock >= 0) deadline = std::chrono::milliseconds(clock) + Grace;

    searching_ = true;
    infinite_ = limits.infinite;
    search_ = std::thread([this, limits, deadline] {
      players::MoveAnswer answer = player_->choose_move(
          start_, moves_, limits, [this](const players::SearchInfo& info) { out_.line(uci::info_line(info)); },
          deadline);
      switch (answer.kind) {
        case players::MoveAnswer::Kind::Move: out_.line("bestmove " + chess::to_uci(answer.move)); break;
        case players::MoveAnswer::Kind::NoLegalMove: out_.line("bestmove (none)"); break;
        default:
          out_.note("the player failed (" + answer.reason + "); answering its first legal move instead");
          out_.line("bestmove " + fallback_move());
      }
      searching_ = false;
    });
    return true;
  }

  // True while an infinite search runs. A finite one is waited for, so a
  // command sent before its bestmove (as scripts do) still takes effect.
  bool busy() {
    if (searching_ && infinite_) return true;
    if (search_.joinable()) search_.join();
    return false;
  }

  // Stops a running search (stop() is repeated: one sent before the plugin
  // started thinking would be ignored) and waits for its bestmove.
  void finish_search() {
    if (!search_.joinable()) return;
    while (searching_) {
      player_->stop();
      std::this_thread::sleep_for(2ms);
    }
    search_.join();
  }

  std::string fallback_move() const {
    chess::MoveList moves = chess::legal_moves(current_);
    return moves.empty() ? "(none)" : chess::to_uci(moves[0]);
  }

  std::shared_ptr<const players::PluginLibrary> library_;
  players::OptionList options_;
  Output& out_;
  std::unique_ptr<players::PluginPlayer> player_;
  chess::Position start_, current_;
  std::vector<chess::Move> moves_;
  std::thread search_;
  std::atomic<bool> searching_{false};
  bool infinite_ = false;
};

int run(int argc, char** argv) {
  CLI::App app{"Gambit player plugins as a UCI chess engine."};
  std::string config_path, plugin_id = "alphabeta", level;
  std::vector<std::string> option_texts;
  bool list_plugins = false;
  app.add_flag("--list-plugins", list_plugins, "List the player plugins found, their options and levels, and exit");
  app.add_option("--config", config_path, "Read this configuration file instead of the default and user files");
  app.add_option("--plugin", plugin_id, "Player plugin to run (default: alphabeta)");
  app.add_option("--level", level, "Difficulty level of the plugin (easy, medium, hard, max)");
  app.add_option("--option", option_texts, "Plugin option as NAME=VALUE (repeatable)");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }

  config::ConfigFiles files;
  if (!config_path.empty()) files.replacement = config_path;
  chess::Result<config::Settings> settings = config::load_settings(files);
  if (!settings) {
    std::fprintf(stderr, "gambit-engine: %s\n", settings.error().c_str());
    return 2;
  }
  players::PluginCatalog catalog = players::PluginCatalog::scan(config::plugin_search_paths(*settings));
  if (list_plugins) {
    for (const auto& plugin : catalog.plugins())
      std::printf("%s %s: %s (%s)\n  %s\n%s\n", plugin->id().c_str(), plugin->version().c_str(),
                  plugin->name().c_str(), plugin->path().c_str(), plugin->description().c_str(),
                  players::describe_options(plugin->descriptor()).c_str());
    for (const std::string& problem : catalog.problems()) std::printf("not loaded: %s\n", problem.c_str());
    return 0;
  }
  chess::Result<std::shared_ptr<const players::PluginLibrary>> library = catalog.lookup(plugin_id);
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
  chess::Result<players::OptionList> options = players::resolve_options((*library)->descriptor(), level, user_options);
  if (!options) {
    std::fprintf(stderr, "gambit-engine: %s\n", options.error().c_str());
    return 2;
  }

  chess::Result<std::unique_ptr<players::PluginPlayer>> player = players::PluginPlayer::create(*library, *options);
  if (!player) {
    std::fprintf(stderr, "gambit-engine: %s\n", player.error().c_str());
    return 2;
  }
  Output out;
  Engine engine(*library, *options, std::move(player).value(), out);
  for (std::string line; std::getline(std::cin, line);) {
    std::optional<chess::Result<uci::Command>> command = uci::parse_command(line);
    if (!command) continue;
    if (!*command) {
      out.note(command->error());
      continue;
    }
    if (!engine.handle(command->value())) break;
  }
  return 0;
}

}  // namespace
}  // namespace gambit

int main(int argc, char** argv) { return gambit::run(argc, argv); }
