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
// Threads (both protocols): the main thread reads stdin and answers at once
// (isready, ping, "?", force while thinking included); a search thread runs the
// plugin through PluginPlayer and prints its thinking and its move. stdout is
// written under one mutex. In CECP the session (cecp_session.h) is shared by
// both threads under a second mutex, held while its lines are printed, so the
// output follows the order of the session's decisions; the main thread never
// waits for the search while holding it.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <variant>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/chess/movegen.h"
#include "core/chess/uci.h"
#include "core/config/config_loader.h"
#include "core/config/config_paths.h"
#include "core/players/options.h"
#include "core/players/plugin_catalog.h"
#include "core/players/plugin_player.h"
#include "game/cli/cecp_protocol.h"
#include "game/cli/cecp_session.h"
#include "game/cli/uci_protocol.h"

namespace gambit {
namespace {

using namespace std::chrono_literals;

class Output {
 public:
  void line(const std::string& text) {
    std::lock_guard lock(mutex_);
    std::fputs(text.c_str(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
  }
  // A remark for the person reading the log: "info string ..." in UCI, "# ..." in CECP.
  void note(const std::string& text) { line(note_prefix_ + text); }
  void set_note_prefix(std::string prefix) { note_prefix_ = std::move(prefix); }

 private:
  std::mutex mutex_;
  std::string note_prefix_ = "info string ";
};

// Stops the search running on thread `search` (stop() is repeated: one sent
// before the plugin started thinking would be ignored) and joins it.
void stop_and_join(std::thread& search, const std::atomic<bool>& searching, players::PluginPlayer* player) {
  if (!search.joinable()) return;
  while (searching) {
    if (player) player->stop();
    std::this_thread::sleep_for(2ms);
  }
  search.join();
}

// Makes player usable again when it is missing or was abandoned (a timeout, new
// options); false, with a note to the GUI, when the plugin cannot create one.
bool ensure_usable(std::unique_ptr<players::PluginPlayer>& player,
                   const std::shared_ptr<const players::PluginLibrary>& library, const players::OptionList& options,
                   Output& out) {
  if (player && player->usable()) return true;
  auto created = players::PluginPlayer::create(library, options);
  if (!created) {
    out.note("cannot start player '" + library->id() + "': " + created.error());
    player.reset();
    return false;
  }
  player = std::move(created).value();
  return true;
}

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

  bool ensure_player() { return ensure_usable(player_, library_, options_, out_); }
  // The variant positions are read in (UCI_Variant).
  chess::Variant variant() const { return variant_; }

 private:
  bool on(const uci::Uci&) {
    out_.line("id name Gambit " + library_->name() + " " + library_->version());
    out_.line("id author the Gambit developers");
    for (const gambit_option_spec& spec : library_->options()) out_.line(uci::option_line(spec));
    if (library_->variants().size() > 1) out_.line(uci::variant_option_line(library_->variants()));
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
    if (option.name == "UCI_Variant") return set_variant(option.value);
    const gambit_option_spec* spec = players::find_option(library_->descriptor(), option.name);
    if (!spec) {
      out_.note("unknown option '" + option.name + "'; options: " + players::option_names(library_->descriptor()));
      return true;
    }
    Result<std::string> value = players::validate_option(*spec, option.value);
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
    start_ = *chess::Position::from_fen(position.start_fen, variant_);
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
    if (!limits.infinite && limits.movetime_ms > 0)
      deadline = players::search_deadline(limits.movetime_ms);
    else if (!limits.infinite && clock >= 0)
      deadline = players::search_deadline(clock);

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

  // Stops a running search and waits for its bestmove.
  void finish_search() { stop_and_join(search_, searching_, player_.get()); }

  // "setoption name UCI_Variant value 3check": later positions are read in that
  // variant, and the position goes back to its start.
  bool set_variant(const std::string& name) {
    for (chess::Variant v : library_->variants())
      if (chess::names_of(v).uci == name) {
        variant_ = v;
        start_ = current_ = chess::Position(v);
        moves_.clear();
        return true;
      }
    std::string choices;
    for (chess::Variant v : library_->variants())
      choices += (choices.empty() ? "" : ", ") + std::string(chess::names_of(v).uci);
    out_.note("UCI_Variant '" + name + "' is not played by " + library_->id() + "; it plays " + choices);
    return true;
  }

  std::string fallback_move() const {
    chess::MoveList moves = chess::legal_moves(current_);
    return moves.empty() ? "(none)" : chess::to_uci(moves[0]);
  }

  std::shared_ptr<const players::PluginLibrary> library_;
  players::OptionList options_;
  Output& out_;
  std::unique_ptr<players::PluginPlayer> player_;
  chess::Variant variant_ = chess::Variant::Standard;
  chess::Position start_, current_;
  std::vector<chess::Move> moves_;
  std::thread search_;
  std::atomic<bool> searching_{false};
  bool infinite_ = false;
};


// The CECP side: reads commands into the session and carries out its replies
// (stop, new game, search) with the player and the search thread.
class CecpEngine {
 public:
  CecpEngine(std::shared_ptr<const players::PluginLibrary> library, players::OptionList options,
             std::unique_ptr<players::PluginPlayer> player, Output& out, cecp::SessionSettings settings)
      : library_(std::move(library)),
        options_(std::move(options)),
        out_(out),
        player_(std::move(player)),
        session_(std::move(settings)) {}
  // At the end of input a running search is stopped and its move still printed.
  ~CecpEngine() { finish_search(); }

  // Returns false when the engine should exit.
  bool handle_line(const std::string& line) {
    std::optional<Result<cecp::Command>> command = cecp::parse_command(line);
    if (!command) return true;
    if (!*command) {
      out_.line(cecp::error_line(command->error(), line));
      return true;
    }
    cecp::Reply reply;
    {
      std::lock_guard lock(session_mutex_);
      reply = session_.handle(command->value(), line);
      for (const std::string& text : reply.lines) out_.line(text);
    }
    if (reply.stop != cecp::StopSearch::No) finish_search();
    if (reply.new_game && ensure_player())
      if (auto started = player_->new_game(); !started) out_.note("new game: " + started.error());
    if (reply.search) start_search(std::move(*reply.search));
    return !reply.quit;
  }

 private:
  bool ensure_player() { return ensure_usable(player_, library_, options_, out_); }

  void deliver(std::uint64_t id, const players::MoveAnswer& answer) {
    std::lock_guard lock(session_mutex_);
    for (const std::string& text : session_.on_search_done(id, answer)) out_.line(text);
  }

  void start_search(cecp::SearchRequest request) {
    if (search_.joinable()) search_.join();  // a finished search (it printed its move)
    if (!ensure_player()) {
      players::MoveAnswer failed;
      failed.reason = "the player could not be started";
      deliver(request.id, failed);
      return;
    }
    searching_ = true;
    search_ = std::thread([this, request = std::move(request)] {
      const std::uint64_t id = request.id;
      players::MoveAnswer answer = player_->choose_move(
          request.start, request.moves, request.limits,
          [this, id](const players::SearchInfo& info) {
            std::lock_guard lock(session_mutex_);
            if (std::optional<std::string> text = session_.on_info(id, info)) out_.line(*text);
          },
          request.hard_deadline, request.draw_offered);
      deliver(id, answer);
      searching_ = false;
    });
  }

  // Stops a running search and waits for it to end. Whether its move is
  // printed is the session's decision ("?" yes, "force" no).
  void finish_search() { stop_and_join(search_, searching_, player_.get()); }

  std::shared_ptr<const players::PluginLibrary> library_;
  players::OptionList options_;
  Output& out_;
  std::unique_ptr<players::PluginPlayer> player_;
  std::mutex session_mutex_;  // guards session_; held while printing its lines
  cecp::Session session_;
  std::thread search_;
  std::atomic<bool> searching_{false};
};

enum class Protocol { Uci, Cecp };

// Reads up to the first line that chooses the protocol: "xboard" for CECP; any
// UCI command ("uci", but also "isready", "position ...", even with bad
// arguments, as Stockfish allows) for UCI. Other lines are answered with an error naming both. nullopt at the
// end of input.
std::optional<std::pair<Protocol, std::string>> read_protocol_line(Output& out) {
  for (std::string line; std::getline(std::cin, line);) {
    std::optional<Result<cecp::Command>> cecp_command = cecp::parse_command(line);
    if (!cecp_command) continue;  // empty line
    if (*cecp_command && std::holds_alternative<cecp::XBoard>(cecp_command->value()))
      return std::pair{Protocol::Cecp, line};
    std::optional<Result<uci::Command>> uci_command = uci::parse_command(line);
    // A UCI command with bad arguments is still UCI: the UCI side explains it.
    if (!uci_command || *uci_command || !uci_command->error().starts_with("unknown command"))
      return std::pair{Protocol::Uci, line};
    out.line(cecp::error_line("unknown command; send 'uci' or 'xboard' first", line));
  }
  return std::nullopt;
}

int run(int argc, char** argv) {
  CLI::App app{"Gambit player plugins as a UCI chess engine."};
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

  config::ConfigFiles files;
  if (!config_path.empty()) files.replacement = config_path;
  Result<config::Settings> settings = config::load_settings(files);
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

  Result<std::unique_ptr<players::PluginPlayer>> player = players::PluginPlayer::create(*library, *options);
  if (!player) {
    std::fprintf(stderr, "gambit-engine: %s\n", player.error().c_str());
    return 2;
  }
  Output out;
  std::optional<std::pair<Protocol, std::string>> first = read_protocol_line(out);
  if (!first) return 0;
  if (first->first == Protocol::Cecp) {
    out.set_note_prefix("# ");
    cecp::SessionSettings session_settings;
    session_settings.engine_name = (*library)->name() + " " + (*library)->version();
    session_settings.resign_cp = resign_cp;
    session_settings.variants.assign((*library)->variants().begin(), (*library)->variants().end());
    CecpEngine engine(*library, *options, std::move(player).value(), out, session_settings);
    if (!engine.handle_line(first->second)) return 0;
    for (std::string line; std::getline(std::cin, line);)
      if (!engine.handle_line(line)) break;
    return 0;
  }
  Engine engine(*library, *options, std::move(player).value(), out);
  // Returns false when the engine should exit.
  const auto handle_uci = [&](const std::string& line) {
    std::optional<Result<uci::Command>> command = uci::parse_command(line, engine.variant());
    if (!command) return true;
    if (!*command) {
      out.note(command->error());
      return true;
    }
    return engine.handle(command->value());
  };
  if (!handle_uci(first->second)) return 0;
  for (std::string line; std::getline(std::cin, line);)
    if (!handle_uci(line)) break;
  return 0;
}

}  // namespace
}  // namespace gambit

int main(int argc, char** argv) { return gambit::run(argc, argv); }
