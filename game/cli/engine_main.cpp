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
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/chess/movegen.h"
#include "core/chess/uci.h"
#include "core/config/config_loader.h"
#include "core/config/config_paths.h"
#include "core/players/options.h"
#include "core/players/permissions.h"
#include "core/players/plugin_catalog.h"
#include "core/players/plugin_notices.h"
#include "core/players/plugin_player.h"
#include "core/players/sandbox_grants.h"
#include "core/sandbox/denied_calls.h"
#include "game/cli/cecp_protocol.h"
#include "game/cli/cecp_session.h"
#include "game/cli/uci_protocol.h"

// LeakSanitizer (in sanitized builds) checks for leaks at exit by tracing the process, which the sandbox forbids.
namespace {
bool sandboxed = false;
}
extern "C" int __lsan_is_turned_off() { return sandboxed ? 1 : 0; }

namespace gambit {
namespace {

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

// Lines from a file descriptor, read without waiting past a deadline, so that
// one thread reads commands and looks after a search in the same loop.
class LineInput {
 public:
  using Clock = std::chrono::steady_clock;
  enum class Status { Line, Woken, End };

  explicit LineInput(int fd) : fd_(fd) {}

  // The next line, without its newline, into *line (Line). Woken when `until`
  // passes or `wake_fd` (if >= 0) turns readable first; End at the end of input.
  Status next(std::string* line, std::optional<Clock::time_point> until = std::nullopt, int wake_fd = -1) {
    for (;;) {
      if (const std::size_t end = buffer_.find('\n'); end != std::string::npos) {
        line->assign(buffer_, 0, end);
        buffer_.erase(0, end + 1);
        return Status::Line;
      }
      if (ended_) {
        if (buffer_.empty()) return Status::End;
        *line = std::exchange(buffer_, {});
        return Status::Line;
      }
      int timeout_ms = -1;
      if (until) {
        const auto left = std::chrono::ceil<std::chrono::milliseconds>(*until - Clock::now()).count();
        timeout_ms = int(std::clamp<std::int64_t>(left, 0, 24 * 3600 * 1000));
      }
      pollfd fds[2] = {{fd_, POLLIN, 0}, {wake_fd, POLLIN, 0}};
      const int ready = ::poll(fds, wake_fd >= 0 ? 2 : 1, timeout_ms);
      if (ready < 0 && errno == EINTR) continue;
      if (ready < 0) {
        ended_ = true;
        continue;
      }
      if (fds[0].revents != 0) {
        char chunk[4096];
        const ssize_t got = ::read(fd_, chunk, sizeof(chunk));
        if (got > 0)
          buffer_.append(chunk, std::size_t(got));
        else if (got == 0 || (errno != EINTR && errno != EAGAIN))
          ended_ = true;
        continue;
      }
      return Status::Woken;
    }
  }

 private:
  int fd_;
  std::string buffer_;
  bool ended_ = false;
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
  void run(const std::string& first, LineInput& input) {
    bool going = handle_line(first);
    while (going) {
      std::string line;
      const LineInput::Status status = input.next(&line, search_.next_check(), search_.answered_fd());
      if (search_.running())
        if (std::optional<players::MoveAnswer> answer = search_.poll()) deliver(*answer);
      if (status == LineInput::Status::End) break;
      if (status == LineInput::Status::Line) going = handle_line(line);
    }
    finish_search();
  }

 protected:
  // One line of input; false when the engine should exit.
  virtual bool handle_line(const std::string& line) = 0;
  // The answer of the search, on the main thread.
  virtual void deliver(const players::MoveAnswer& answer) = 0;

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
  void finish_search() {
    if (!search_.running()) return;
    search_.stop();
    std::optional<players::MoveAnswer> answer =
        search_.wait_until(LineInput::Clock::now() + players::Grace);
    if (!answer) {
      search_.cancel(std::chrono::milliseconds(0));
      answer = players::MoveAnswer{players::MoveAnswer::Kind::TimedOut, chess::Move::none(),
                                   "player '" + library_->id() + "' did not stop within " +
                                       std::to_string(players::Grace.count()) + " ms of being asked to",
                                   players::Grace};
    }
    deliver(*answer);
  }

  const std::shared_ptr<const players::PluginLibrary> library_;
  players::OptionList options_;
  Output& out_;
  std::unique_ptr<players::PluginPlayer> player_;

 private:
  players::PluginSearch search_;  // after player_: never outlives it
};

class UciDriver final : public Driver {
 public:
  using Driver::Driver;

 private:
  bool handle_line(const std::string& line) override {
    std::optional<Result<uci::Command>> command = uci::parse_command(line, variant_);
    if (!command) return true;
    if (!*command) {
      out_.note(command->error());
      return true;
    }
    return std::visit([this](const auto& c) { return on(c); }, command->value());
  }

  void deliver(const players::MoveAnswer& answer) override {
    switch (answer.kind) {
      case players::MoveAnswer::Kind::Move: out_.line("bestmove " + chess::to_uci(answer.move)); break;
      case players::MoveAnswer::Kind::NoLegalMove: out_.line("bestmove (none)"); break;
      default:
        out_.note("the player failed (" + answer.reason + "); answering its first legal move instead");
        out_.line("bestmove " + fallback_move());
    }
  }

  bool on(const uci::Uci&) {
    out_.line("id name Gambit " + library_->name() + " " + library_->version());
    out_.line("id author the Gambit developers");
    for (const gambit_option_spec& spec : library_->options()) out_.line(uci::option_line(spec));
    if (library_->variants().size() > 1) out_.line(uci::variant_option_line(library_->variants()));
    out_.line(uci::multipv_option_line());
    out_.line("uciok");
    return true;
  }
  bool on(const uci::IsReady&) {
    if (!searching()) ensure_player();
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
    if (option.name == "MultiPV") {
      Result<int> lines = uci::parse_multipv(option.value);
      if (lines) multipv_ = *lines;
      else out_.note(lines.error());
      return true;
    }
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
    player_.reset();  // made again with the new options before the next search
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
    if (!ensure_player()) {
      out_.line("bestmove " + fallback_move());
      return true;
    }
    players::MoveRequest request;
    request.start = start_;
    request.moves = moves_;
    players::Limits& limits = request.limits;
    limits.movetime_ms = go.movetime_ms;
    limits.depth = go.depth;
    limits.nodes = go.nodes;
    limits.time_ms = {go.time_ms[0], go.time_ms[1]};
    limits.increment_ms = {go.increment_ms[0], go.increment_ms[1]};
    limits.moves_to_go = go.moves_to_go;
    limits.infinite = go.infinite || go.ponder;
    limits.multipv = multipv_;
    // The hard deadline: the movetime, or the whole remaining clock, plus grace.
    const std::int64_t clock = limits.time_ms[current_.side_to_move()];
    if (!limits.infinite && limits.movetime_ms > 0)
      request.hard_deadline = players::search_deadline(limits.movetime_ms);
    else if (!limits.infinite && clock >= 0)
      request.hard_deadline = players::search_deadline(clock);
    request.on_info = [this](const players::SearchInfo& info) { out_.line(uci::info_line(info, multipv_ > 1)); };
    infinite_ = limits.infinite;
    start_search(std::move(request));
    return true;
  }

  // True while an infinite search runs. A finite one is waited for, so a
  // command sent before its bestmove (as scripts do) still takes effect.
  bool busy() {
    if (searching() && infinite_) return true;
    wait_search();
    return false;
  }

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

  chess::Variant variant_ = chess::Variant::Standard;
  chess::Position start_, current_;
  std::vector<chess::Move> moves_;
  bool infinite_ = false;
  int multipv_ = 1;  // the MultiPV option: the lines each search reports
};

// The CECP side: reads commands into the session and carries out its replies
// (stop, new game, search) with the player and the search.
class CecpDriver final : public Driver {
 public:
  CecpDriver(std::shared_ptr<const players::PluginLibrary> library, players::OptionList options,
             std::unique_ptr<players::PluginPlayer> player, Output& out, cecp::SessionSettings settings)
      : Driver(std::move(library), std::move(options), std::move(player), out), session_(std::move(settings)) {}

 private:
  bool handle_line(const std::string& line) override {
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
    // Whether a stopped search's move is printed is the session's decision ("?" yes, "force" no).
    if (reply.stop != cecp::StopSearch::No) finish_search();
    if (reply.new_game && ensure_player())
      if (auto started = player_->new_game(); !started) out_.note("new game: " + started.error());
    if (reply.search) start_request(std::move(*reply.search));
    return !reply.quit;
  }

  void deliver(const players::MoveAnswer& answer) override {
    std::lock_guard lock(session_mutex_);
    for (const std::string& text : session_.on_search_done(search_id_, answer)) out_.line(text);
  }

  void start_request(cecp::SearchRequest search) {
    wait_search();  // one that answered meanwhile (its move is printed)
    search_id_ = search.id;
    if (!ensure_player()) {
      players::MoveAnswer failed;
      failed.reason = "the player could not be started";
      deliver(failed);
      return;
    }
    search.request.on_info = [this, id = search.id](const players::SearchInfo& info) {
      std::lock_guard lock(session_mutex_);
      if (std::optional<std::string> text = session_.on_info(id, info)) out_.line(*text);
    };
    start_search(std::move(search.request));
  }

  std::mutex session_mutex_;  // guards session_; held while printing its lines
  cecp::Session session_;
  std::uint64_t search_id_ = 0;  // the id of the search started last
};

enum class Protocol { Uci, Cecp };

// Reads up to the first line that chooses the protocol: "xboard" for CECP; any
// UCI command ("uci", but also "isready", "position ...", even with bad
// arguments, as Stockfish allows) for UCI. Other lines are answered with an error naming both. nullopt at the
// end of input.
std::optional<std::pair<Protocol, std::string>> read_protocol_line(LineInput& input, Output& out) {
  for (std::string line; input.next(&line) == LineInput::Status::Line;) {
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

// Enters the sandbox of plugin (described, not loaded) with these options, as isolation asks (not Off). Gives the
// supervisor of its denied calls, or nullptr when the kernel reports none; fails when the sandbox is required and
// the kernel cannot give it.
Result<std::unique_ptr<sandbox::DeniedCalls>> enter_plugin_sandbox(const players::PluginLibrary& plugin,
                                                                   const players::OptionList& options,
                                                                   const players::Isolation& isolation) {
  const std::string refusal = "cannot load plugin '" + plugin.path().string() + "': ";
  auto grants = players::sandbox_grants_for(plugin, options, isolation);
  if (!grants) return Failure{refusal + grants.error()};
  auto entered = sandbox::enter_sandbox(players::plugin_sandbox_policy(plugin.path(), grants.value()));
  if (entered) sandboxed = true;
  if (const std::string missing = players::required_sandbox_missing(isolation.sandbox, entered); !missing.empty())
    return Failure{refusal + missing};
  if (!entered) {
    players::tell_plugin_notice(players::unsandboxed_notice(entered.error()));
    return std::unique_ptr<sandbox::DeniedCalls>();
  }
  for (const std::string& what : entered.value().not_enforced)
    players::tell_plugin_notice(players::not_enforced_notice(what));
  if (entered.value().listener < 0) return std::unique_ptr<sandbox::DeniedCalls>();
  const auto tell = [id = plugin.id()](const std::string& attempt) {
    players::tell_plugin_notice(players::denied_notice(id, attempt));
  };
  using Place = sandbox::DeniedCalls::Place;
  return std::make_unique<sandbox::DeniedCalls>(entered.value().listener, tell, Place::ThisProcess);
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

  config::ConfigFiles files;
  if (!config_path.empty()) files.replacement = config_path;
  Result<config::Settings> settings = config::load_settings(files);
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
    auto entered = enter_plugin_sandbox(**library, *options, isolation);
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
  Output out;
  LineInput input(STDIN_FILENO);
  std::optional<std::pair<Protocol, std::string>> first = read_protocol_line(input, out);
  if (!first) return 0;
  if (first->first == Protocol::Cecp) {
    out.set_note_prefix("# ");
    cecp::SessionSettings session_settings;
    session_settings.engine_name = (*library)->name() + " " + (*library)->version();
    session_settings.resign_cp = resign_cp;
    session_settings.variants.assign((*library)->variants().begin(), (*library)->variants().end());
    CecpDriver(*library, *options, std::move(player).value(), out, session_settings).run(first->second, input);
  } else {
    UciDriver(*library, *options, std::move(player).value(), out).run(first->second, input);
  }
  return 0;
}

}  // namespace
}  // namespace gambit

int main(int argc, char** argv) { return gambit::run(argc, argv); }
