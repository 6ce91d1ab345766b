// SPDX-License-Identifier: MIT
#include "core/players/plugin_process.h"

#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <cstddef>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>

#include "core/players/plugin_host.h"
#include "core/players/plugin_library.h"
#include "core/players/plugin_search.h"
#include "core/util/child_process.h"
#include "core/util/install_layout.h"

namespace gambit::players {

namespace {

using Clock = ChildProcess::Clock;

// How long a child may take to load its plugin and describe it, and to create an instance.
constexpr std::chrono::seconds StartTime{30};

std::string lowercase_first(std::string text) {
  if (!text.empty()) text[0] = char(std::tolower(static_cast<unsigned char>(text[0])));
  return text;
}

// What became of a child, as a phrase: "crashed (segmentation fault)", "exited (status 0)".
std::string fate_of(ChildProcess& child, const Isolation& isolation) {
  const std::string fate = child.fate();  // reaps it when it has ended
  const std::optional<int> status = child.status();
  if (!status) return "stopped answering";
  if (WIFEXITED(*status) && WEXITSTATUS(*status) == OutOfMemoryStatus)
    return isolation.memory_limit_mb ? "ran out of memory (its limit is " + std::to_string(isolation.memory_limit_mb) +
                                           " MB: [plugins] memory_limit_mb)"
                                     : "ran out of memory";
  if (WIFEXITED(*status)) return "exited (status " + std::to_string(WEXITSTATUS(*status)) + ")";
  if (WIFSIGNALED(*status)) {
    const int signal = WTERMSIG(*status);
    const std::string name = lowercase_first(::strsignal(signal));
    if (signal == SIGKILL) return "was killed (signal 9)";
    return "crashed (" + name + ")";
  }
  return fate;
}

// One isolated instance: its child, and how to start another like it.
struct ChildInstance {
  std::filesystem::path file;
  OptionList options;
  Isolation isolation;

  std::mutex mutex;  // guards process against stop() from another thread while it is replaced
  std::unique_ptr<ChildProcess> process;
  bool dead = false;  // the child failed: the next request starts a fresh one
  std::atomic<bool> stop_wanted{false};
  std::atomic<Clock::rep> stop_at{0};  // when the first stop of the current request came
};

// Ends the child at once (one already gone: nothing happens) and marks it dead: the next request starts another.
void end(ChildInstance& c) {
  c.process->kill();
  std::lock_guard lock(c.mutex);
  c.dead = true;
}

// The child's channel failed while `doing`: what became of it, as a ChildFailure.
[[noreturn]] void fail(ChildInstance& c, const std::string& doing) {
  const std::string fate = fate_of(*c.process, c.isolation);
  end(c);  // one that closed its channel but runs on
  throw ChildFailure(fate + " while " + doing, false);
}

[[noreturn]] void protocol_violation(ChildInstance& c, const std::string& line, const std::string& why,
                                     const std::string& doing) {
  end(c);
  throw ChildFailure("sent " + quote_for_message(line) + " (" + why + ") while " + doing, false);
}

// The next line from the child, or nullopt when deadline passes first; a child gone or writing a line beyond
// the limit is ended, and a ChildFailure says what happened while `doing`.
std::optional<std::string> line_by(ChildInstance& c, Clock::time_point deadline, const std::string& doing) {
  try {
    return c.process->read_line(deadline);
  } catch (const std::length_error&) {
    protocol_violation(c, "...", "a line longer than " + std::to_string(ChildProcess::MaxLineLength) + " bytes",
                       doing);
  } catch (const std::runtime_error&) {
    fail(c, doing);
  }
}

// The next line from the child; no line by deadline ends the child (a ChildFailure).
std::string next_line(ChildInstance& c, Clock::time_point deadline, const std::string& doing) {
  std::optional<std::string> line = line_by(c, deadline, doing);
  if (!line) {
    end(c);
    throw ChildFailure("did not answer within " + std::to_string(StartTime.count()) + " s while " + doing, true);
  }
  return *line;
}

std::uint64_t memory_bytes(const Isolation& isolation) { return isolation.memory_limit_mb * 1024 * 1024; }

// Starts a child for c.file and reads its description; a failure is a sentence ("cannot load plugin ...").
Result<wire::Description> start_child(ChildInstance& c) {
  const std::string refusal = "cannot load plugin '" + c.file.string() + "': ";
  try {
    auto process = std::make_unique<ChildProcess>(plugin_host_program().string(),
                                                  std::vector<std::string>{c.file.string()}, memory_bytes(c.isolation));
    std::lock_guard lock(c.mutex);
    c.process = std::move(process);
    c.dead = false;
  } catch (const std::runtime_error& e) {
    return Failure{refusal + "cannot start its process: " + e.what()};
  }
  wire::Description description;
  const Clock::time_point deadline = Clock::now() + StartTime;
  try {
    for (;;) {
      const std::string line = next_line(c, deadline, "loading the plugin");
      auto done = wire::read_description_line(description, line);
      if (!done) {
        const auto words = wire::words_of(line);
        if (words && words.value()[0] == "refused") return Failure{done.error()};
        end(c);
        return Failure{refusal + "its process described it wrongly: " + done.error()};
      }
      if (done.value()) return description;
    }
  } catch (const ChildFailure& f) {
    return Failure{refusal + "its process " + f.what()};
  }
}

gambit_player* as_player(ChildInstance* c) { return reinterpret_cast<gambit_player*>(c); }
ChildInstance& instance_of(gambit_player* p) { return *reinterpret_cast<ChildInstance*>(p); }

// Sends a request; a child gone is a ChildFailure.
void send(ChildInstance& c, const std::string& line, const std::string& doing) {
  try {
    c.process->send(line);
  } catch (const std::runtime_error&) {
    fail(c, doing);
  }
}

// Creates the instance in a fresh child: "created", or the reason.
Result<bool> create_instance(ChildInstance& c) {
  auto description = start_child(c);
  if (!description) return Failure{description.error()};
  std::vector<std::string> words{"create"};
  for (const auto& [name, value] : c.options) {
    words.push_back(name);
    words.push_back(value);
  }
  const std::string doing = "being created";
  try {
    send(c, wire::message(words), doing);
    const std::string line = next_line(c, Clock::now() + StartTime, doing);
    auto reply = wire::words_of(line);
    if (!reply) protocol_violation(c, line, reply.error(), doing);
    const std::vector<std::string>& w = reply.value();
    if (w[0] == "created") return true;
    if (w[0] == "failed" && w.size() == 2) return Failure{w[1]};
    if (w[0] == "threw" && w.size() == 2) return Failure{"its create() threw an exception: " + w[1]};
    protocol_violation(c, line, "not an answer to create", doing);
  } catch (const ChildFailure& f) {
    return Failure{std::string("its process ") + f.what()};
  }
}

// A fresh child with the instance when the last one failed; a failure of that is a ChildFailure.
void revive(ChildInstance& c, const std::string& doing) {
  bool dead;
  {
    std::lock_guard lock(c.mutex);
    dead = c.dead;
  }
  if (!dead) return;
  auto created = create_instance(c);
  if (!created) throw ChildFailure("could not be started again after it failed, " + doing + ": " + created.error(), false);
}

// Reads the answer to a request (its words; "failed" sets *status and error), passing info on, and killing
// the child when it does not answer within Grace of a stop, or by give_up.
std::vector<std::string> answer(ChildInstance& c, const std::string& doing, gambit_info_callback info,
                                void* user_data, char* error, std::size_t size, gambit_status* status,
                                Clock::time_point give_up = Clock::time_point::max()) {
  for (;;) {
    if (Clock::now() >= give_up) {
      end(c);
      throw ChildFailure("did not answer within " + std::to_string(StartTime.count()) + " s while " + doing, true);
    }
    Clock::time_point deadline = std::min(give_up, Clock::now() + std::chrono::milliseconds(50));
    if (c.stop_wanted.load()) {
      const Clock::time_point stopped{Clock::duration(c.stop_at.load())};
      deadline = stopped + Grace;
      if (Clock::now() >= deadline) {
        end(c);
        throw ChildFailure("did not answer within " + std::to_string(Grace.count()) + " ms of being stopped while " +
                               doing + ", and was ended",
                           true);
      }
    }
    const std::optional<std::string> line = line_by(c, deadline, doing);
    if (!line) continue;
    auto words = wire::words_of(*line);
    if (!words) protocol_violation(c, *line, words.error(), doing);
    std::vector<std::string>& w = words.value();
    if (w[0] == "info") {
      auto parsed = wire::parse_info(w, 1);
      if (!parsed) protocol_violation(c, *line, parsed.error(), doing);
      if (info) {
        const wire::Info& i = parsed.value();
        const std::string pv = i.pv;
        gambit_search_info c_info = to_c(i.numbers, pv);
        info(user_data, &c_info);
      }
      continue;
    }
    if (w[0] == "failed" && w.size() == 2) {
      std::strncpy(error, w[1].c_str(), size - 1);
      error[size - 1] = '\0';
      *status = GAMBIT_ERROR;
      return w;
    }
    if (w[0] == "threw" && w.size() == 2) throw std::runtime_error(w[1]);
    *status = GAMBIT_OK;
    return w;
  }
}

void begin_request(ChildInstance& c) {
  c.stop_wanted = false;
  c.stop_at = 0;
}

// The search thread's nice value, which the child's search thread takes too.
int current_niceness() {
  errno = 0;
  const int nice = getpriority(PRIO_PROCESS, static_cast<id_t>(gettid()));
  return errno == 0 ? nice : 0;
}

wire::Request request_of(const gambit_position& position, const gambit_limits* limits) {
  wire::Request r;
  r.variant = position.struct_size >= offsetof(gambit_position, variant) + sizeof(position.variant) && position.variant
                  ? position.variant
                  : "standard";
  r.start_fen = position.start_fen;
  for (std::uint32_t i = 0; i < position.move_count; ++i) r.moves.emplace_back(position.moves[i]);
  if (limits) r.limits = from_c(*limits);
  r.niceness = current_niceness();
  return r;
}

gambit_player* create_unused(const gambit_option_value*, std::uint32_t, char* error, std::size_t size) {
  std::strncpy(error, "an isolated instance is made by create_in_child", size - 1);
  error[size - 1] = '\0';
  return nullptr;
}

void destroy(gambit_player* player) {
  std::unique_ptr<ChildInstance> c(&instance_of(player));
  // ChildProcess's destructor sends quit and reaps the child (TERM, then KILL to its group, if it lingers).
}

// Sends a request (a fresh child first if the last one failed) and reads its answer (answer()).
std::vector<std::string> ask(ChildInstance& c, const std::string& doing, const std::vector<std::string>& request,
                             gambit_info_callback info, void* user_data, char* error, std::size_t size,
                             gambit_status* status, Clock::time_point give_up = Clock::time_point::max()) {
  revive(c, doing);
  begin_request(c);
  send(c, wire::message(request), doing);
  return answer(c, doing, info, user_data, error, size, status, give_up);
}

// "choose" or "draw" and the words of the position and limits.
std::vector<std::string> search_request(const char* kind, const gambit_position& position,
                                        const gambit_limits* limits) {
  std::vector<std::string> words{kind};
  for (std::string& word : wire::request_words(request_of(position, limits))) words.push_back(std::move(word));
  return words;
}

gambit_status new_game(gambit_player* player, char* error, std::size_t size) {
  ChildInstance& c = instance_of(player);
  const std::string doing = "starting a new game";
  gambit_status status = GAMBIT_ERROR;
  const auto w = ask(c, doing, {"new_game"}, nullptr, nullptr, error, size, &status, Clock::now() + StartTime);
  if (status == GAMBIT_OK && !(w.size() == 1 && w[0] == "ok"))
    protocol_violation(c, wire::message(w), "not an answer to new_game", doing);
  return status;
}

gambit_status choose_move(gambit_player* player, const gambit_position* position, const gambit_limits* limits,
                          gambit_info_callback info, void* user_data, char* move, char* error, std::size_t size) {
  ChildInstance& c = instance_of(player);
  const std::string doing = "choosing a move";
  gambit_status status = GAMBIT_ERROR;
  const auto w = ask(c, doing, search_request("choose", *position, limits), info, user_data, error, size, &status);
  if (status != GAMBIT_OK) return status;
  if (w.size() != 2 || w[0] != "move") protocol_violation(c, wire::message(w), "not an answer to choose", doing);
  // As the plugin wrote it, up to the buffer's size (PluginSearch reads it so, NUL or not).
  std::memcpy(move, w[1].data(), std::min<std::size_t>(w[1].size(), GAMBIT_MOVE_BUFFER_SIZE));
  if (w[1].size() < GAMBIT_MOVE_BUFFER_SIZE) move[w[1].size()] = '\0';
  return GAMBIT_OK;
}

gambit_status consider_draw(gambit_player* player, const gambit_position* position, std::int32_t* accept, char* error,
                            std::size_t size) {
  ChildInstance& c = instance_of(player);
  const std::string doing = "considering a draw offer";
  gambit_status status = GAMBIT_ERROR;
  const auto w = ask(c, doing, search_request("draw", *position, nullptr), nullptr, nullptr, error, size, &status);
  if (status != GAMBIT_OK) return status;
  if (w.size() != 2 || w[0] != "draw" || (w[1] != "0" && w[1] != "1"))
    protocol_violation(c, wire::message(w), "not an answer to draw", doing);
  *accept = w[1] == "1" ? 1 : 0;
  return GAMBIT_OK;
}

void stop(gambit_player* player) {
  ChildInstance& c = instance_of(player);
  if (!c.stop_wanted.exchange(true)) c.stop_at = Clock::now().time_since_epoch().count();
  std::lock_guard lock(c.mutex);
  if (c.process && !c.dead) c.process->try_send("stop");
}

}  // namespace

void end_child(gambit_player* player) {
  ChildInstance& c = instance_of(player);
  std::lock_guard lock(c.mutex);
  if (c.process) c.process->kill();
}

const char* isolation_name(Isolation::Mode mode) { return mode == Isolation::Mode::Process ? "process" : "in-process"; }

std::optional<Isolation::Mode> isolation_from_name(std::string_view name) {
  if (name == "process") return Isolation::Mode::Process;
  if (name == "in-process") return Isolation::Mode::InProcess;
  return std::nullopt;
}

std::filesystem::path plugin_host_program() { return helper_directory() / "gambit-plugin-host"; }

Result<wire::Description> describe_in_child(const std::filesystem::path& file, const Isolation& isolation) {
  ChildInstance c;
  c.file = file;
  c.isolation = isolation;
  auto description = start_child(c);
  if (c.process && !c.dead) c.process->try_send("quit");
  return description;
}

Result<gambit_player*> create_in_child(const std::filesystem::path& file, const OptionList& options,
                                       const Isolation& isolation) {
  auto c = std::make_unique<ChildInstance>();
  c->file = file;
  c->options = options;
  c->isolation = isolation;
  auto created = create_instance(*c);
  if (!created) return Failure{created.error()};
  return as_player(c.release());
}

const gambit_plugin_descriptor& child_calls() {
  static const gambit_plugin_descriptor calls = [] {
    gambit_plugin_descriptor d{};
    d.abi_major = GAMBIT_PLAYER_ABI_MAJOR;
    d.abi_minor = GAMBIT_PLAYER_ABI_MINOR;
    d.struct_size = sizeof(gambit_plugin_descriptor);
    d.create = &create_unused;
    d.destroy = &destroy;
    d.new_game = &new_game;
    d.choose_move = &choose_move;
    d.stop = &stop;
    d.consider_draw = &consider_draw;
    return d;
  }();
  return calls;
}

}  // namespace gambit::players
