// SPDX-License-Identifier: MIT
#include "core/players/child_instance.h"

#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <cstring>
#include <mutex>
#include <optional>
#include <stdexcept>

#include "core/players/plugin_notices.h"
#include "core/players/plugin_search.h"
#include "core/sandbox/denied_calls.h"
#include "core/sandbox/descriptor_passing.h"
#include "core/util/child_process.h"
#include "core/util/install_layout.h"
#include "core/util/translation.h"

namespace gambit::players {

namespace {

using Clock = ChildProcess::Clock;

// How long a child may take to load its plugin and describe it, to create an instance, and to start a new game.
constexpr std::chrono::seconds StartTime{30};

// The child failed as a process, in words ("crashed (segmentation fault) while choosing a move"); timed_out: it did
// not answer in time and was killed. Thrown inside this file only, and caught by every public function.
struct Ended {
  std::string what;
  bool timed_out = false;
};

std::string lowercase_first(std::string text) {
  if (!text.empty()) text[0] = char(std::tolower(static_cast<unsigned char>(text[0])));
  return text;
}

// What became of a child, as a phrase: "crashed (segmentation fault)", "exited (status 0)".
std::string fate_of(ChildProcess& child, const Isolation& isolation) {
  const std::string fate = child.fate();  // reaps it when it has ended
  const std::optional<int> status = child.status();
  if (!status) return "stopped answering";
  if (WIFEXITED(*status) && WEXITSTATUS(*status) == wire::OutOfMemoryStatus)
    return isolation.memory_limit_mb ? "ran out of memory (its limit is " + std::to_string(isolation.memory_limit_mb) +
                                           " MB: [plugins] memory_limit_mb)"
                                     : "ran out of memory";
  if (WIFEXITED(*status)) return "exited (status " + std::to_string(WEXITSTATUS(*status)) + ")";
  if (WIFSIGNALED(*status)) {
    const int signal = WTERMSIG(*status);
    if (signal == SIGKILL) return "was killed (signal 9)";
    return "crashed (" + lowercase_first(::strsignal(signal)) + ")";
  }
  return fate;
}

// The search thread's nice value, which the child's search thread takes too.
int current_niceness() {
  errno = 0;
  const int nice = getpriority(PRIO_PROCESS, static_cast<id_t>(gettid()));
  return errno == 0 ? nice : 0;
}

// gambit-plugin-host's arguments for file in the sandbox asked for.
std::vector<std::string> host_arguments(const std::filesystem::path& file, const Isolation& isolation,
                                        const SandboxGrants& grants) {
  std::vector<std::string> args;
  if (isolation.sandbox != Isolation::Sandbox::Off) {
    args = {"--sandbox", sandbox_name(isolation.sandbox)};
    for (const auto& [flag, paths] : {std::pair{"--read", &grants.readable}, std::pair{"--run", &grants.runnable},
                                      std::pair{"--write", &grants.writable}, std::pair{"--own", &grants.own_folders}})
      for (const std::filesystem::path& path : *paths) {
        args.push_back(flag);
        args.push_back(path.string());
      }
  }
  args.push_back(file.string());
  return args;
}

}  // namespace

// One isolated instance's child, and how to start another like it.
struct ChildInstance::Child {
  std::filesystem::path file;
  OptionList options;
  Isolation isolation;
  SandboxGrants grants;

  std::mutex name_mutex;  // guards name, read by the denied calls' thread
  std::string name;       // the plugin's id once described, else its file's name
  std::unique_ptr<sandbox::DeniedCalls> denied;  // the sandbox's reports of the child below; outlives it
  std::mutex mutex;  // guards process against stop() and end() from another thread while it is replaced
  std::unique_ptr<ChildProcess> process;
  bool dead = false;  // the child failed: the next request starts a fresh one
  std::atomic<bool> stop_wanted{false};
  std::atomic<Clock::rep> stop_at{0};  // when the first stop of the current request came

  // Ends the child at once (one already gone: nothing happens); the next request starts another.
  void end() {
    std::lock_guard lock(mutex);
    if (process) process->kill();
    dead = true;
  }

  // The channel failed while `doing`: what became of the child.
  [[noreturn]] void fail(const std::string& doing) {
    const std::string fate = fate_of(*process, isolation);
    end();  // one that closed its channel but runs on
    throw Ended{fate + " while " + doing};
  }

  [[noreturn]] void protocol_violation(const std::string& line, const std::string& why, const std::string& doing) {
    end();
    throw Ended{"sent " + quote_for_message(line) + " (" + why + ") while " + doing};
  }

  [[noreturn]] void too_slow(const std::string& within, const std::string& doing) {
    end();
    throw Ended{"did not answer within " + within + " while " + doing, true};
  }

  // The next line, or nullopt when deadline passes first.
  std::optional<std::string> line_by(Clock::time_point deadline, const std::string& doing) {
    try {
      return process->read_line(deadline);
    } catch (const std::length_error&) {
      protocol_violation("...", "a line longer than " + std::to_string(ChildProcess::MaxLineLength) + " bytes", doing);
    } catch (const std::runtime_error&) {
      fail(doing);
    }
  }

  // The next line; none by deadline ends the child.
  std::string next_line(Clock::time_point deadline, const std::string& doing) {
    std::optional<std::string> line = line_by(deadline, doing);
    if (!line) too_slow(std::to_string(StartTime.count()) + " s", doing);
    return *line;
  }

  // The words of a line the child sent.
  std::vector<std::string> words_of(const std::string& line, const std::string& doing) {
    auto words = wire::words_of(line);
    if (!words) protocol_violation(line, words.error(), doing);
    return std::move(words).value();
  }

  void send(const std::string& line, const std::string& doing) {
    try {
      process->send(line);
    } catch (const std::runtime_error&) {
      fail(doing);
    }
  }

  std::string plugin_name() {
    std::lock_guard lock(name_mutex);
    return name;
  }

  // The sandbox's first word: the denied calls' listener, then a line saying how sandboxed the child is, told as
  // notices. Returns the line when it is the child's refusal (of a sandbox required and impossible).
  std::optional<std::string> hear_sandbox(Clock::time_point deadline, const std::string& doing) {
    {
      std::lock_guard lock(name_mutex);
      name = file.stem().string();
    }
    auto listener = sandbox::receive_descriptor(process->channel(), StartTime);
    if (!listener) {
      const std::string fate = fate_of(*process, isolation);
      end();
      throw Ended{fate + " before it reported its sandbox (" + listener.error() + ") while " + doing};
    }
    if (listener.value())
      denied = std::make_unique<sandbox::DeniedCalls>(*listener.value(), [this](const std::string& attempt) {
        tell_plugin_notice(denied_notice(plugin_name(), attempt));
      });
    const std::string line = next_line(deadline, doing);
    const std::vector<std::string> w = words_of(line, doing);
    if (w[0] == "refused") return line;
    // The child words these in English (core/sandbox marks the fixed ones): shown translated when a catalogue has
    // them ("" stays "": gettext would answer it with the catalogue's header).
    const auto translated = [](const std::string& english) { return english.empty() ? english : tr(english.c_str()); };
    if (w[0] == "unsandboxed" && w.size() == 2) {
      tell_plugin_notice(unsandboxed_notice(translated(w[1])));
    } else if (w[0] == "sandboxed" && w.size() >= 2) {
      for (std::size_t i = 2; i < w.size(); ++i)
        tell_plugin_notice(not_enforced_notice(translated(w[i])));
    } else {
      protocol_violation(line, "not the sandbox's report", doing);
    }
    return std::nullopt;
  }

  // Starts a child for file and reads its description; a failure is a sentence ("cannot load plugin ...").
  Result<wire::Description> start() {
    const std::string refusal = "cannot load plugin '" + file.string() + "': ";
    try {
      auto started = std::make_unique<ChildProcess>(plugin_host_program().string(),
                                                    host_arguments(file, isolation, grants),
                                                    isolation.memory_limit_mb * 1024 * 1024);
      std::lock_guard lock(mutex);
      process = std::move(started);
      dead = false;
    } catch (const std::runtime_error& e) {
      return Failure{refusal + "cannot start its process: " + e.what()};
    }
    wire::Description description;
    const Clock::time_point deadline = Clock::now() + StartTime;
    const std::string doing = "loading the plugin";
    try {
      std::optional<std::string> refused;
      if (isolation.sandbox != Isolation::Sandbox::Off) refused = hear_sandbox(deadline, doing);
      for (;;) {
        const std::string line = refused ? *std::exchange(refused, std::nullopt) : next_line(deadline, doing);
        auto done = wire::read_description_line(description, line);
        if (!done) {
          const auto words = wire::words_of(line);
          if (words && words.value()[0] == "refused") return Failure{done.error()};
          end();
          return Failure{refusal + "its process described it wrongly: " + done.error()};
        }
        if (done.value()) {
          std::lock_guard lock(name_mutex);
          name = description.id;
          return description;
        }
      }
    } catch (const Ended& e) {
      return Failure{refusal + "its process " + e.what};
    }
  }

  // A fresh child with the instance in it: the failure is the plugin's message or the child's fate, with the
  // permissions withheld named.
  Result<std::monostate> create() {
    auto created = create_child();
    if (!created) return Failure{created.error() + withheld_note(grants.withheld)};
    return created;
  }

  Result<std::monostate> create_child() {
    auto description = start();
    if (!description) return Failure{description.error()};
    std::vector<std::string> words{"create"};
    for (const auto& [name, value] : options) {
      words.push_back(name);
      words.push_back(value);
    }
    const std::string doing = "being created";
    try {
      send(wire::message(words), doing);
      const std::string line = next_line(Clock::now() + StartTime, doing);
      const std::vector<std::string> w = words_of(line, doing);
      if (w[0] == "created") return std::monostate{};
      if (w[0] == "failed" && w.size() == 2) return Failure{w[1]};
      protocol_violation(line, "not an answer to create", doing);
    } catch (const Ended& e) {
      return Failure{"its process " + e.what};
    }
  }

  // Sends a request (to a fresh child when the last one failed) and reads its answer: the words of the line that
  // is not progress. Progress goes to on_progress. The child is killed when it does not answer within Grace of a
  // stop, or by give_up.
  std::vector<std::string> ask(const std::string& doing, const std::vector<std::string>& request,
                               const ProgressHandler* on_progress, Clock::time_point give_up) {
    bool revive;
    {
      std::lock_guard lock(mutex);
      revive = dead;
    }
    if (revive)
      if (auto created = create_child(); !created)
        throw Ended{"could not be started again after it failed, " + doing + ": " + created.error()};
    stop_wanted = false;
    stop_at = 0;
    send(wire::message(request), doing);
    for (;;) {
      if (Clock::now() >= give_up) too_slow(std::to_string(StartTime.count()) + " s", doing);
      Clock::time_point deadline = std::min(give_up, Clock::now() + std::chrono::milliseconds(50));
      if (stop_wanted.load()) {
        deadline = Clock::time_point{Clock::duration(stop_at.load())} + Grace;
        if (Clock::now() >= deadline)
          too_slow(std::to_string(Grace.count()) + " ms of being stopped", doing + ", and was ended");
      }
      const std::optional<std::string> line = line_by(deadline, doing);
      if (!line) continue;
      std::vector<std::string> w = words_of(*line, doing);
      if (w[0] != "info") return w;
      auto progress = wire::parse_info(w, 1);
      if (!progress) protocol_violation(*line, progress.error(), doing);
      if (on_progress && *on_progress) (*on_progress)(progress.value());
    }
  }

  // The answer to a choose or draw request: the child's failure, or the plugin's error, or what read() makes of
  // the words of its answer.
  template <class Read>
  InstanceAnswer think(const char* kind, const std::string& doing, const PlayRequest& request,
                       const ProgressHandler* on_progress, Read read) {
    try {
      std::vector<std::string> words{kind};
      PlayRequest r = request;
      r.niceness = current_niceness();
      for (std::string& word : wire::request_words(r)) words.push_back(std::move(word));
      const std::vector<std::string> w = ask(doing, words, on_progress, Clock::time_point::max());
      const std::string note = withheld_note(grants.withheld);
      if (w[0] == "failed" && w.size() == 2) return {InstanceAnswer::Kind::PluginError, w[1] + note};
      if (w[0] == "threw" && w.size() == 2) return {InstanceAnswer::Kind::Failed, w[1] + note};
      std::optional<InstanceAnswer> answer = read(w);
      if (!answer) protocol_violation(wire::message(w), std::string("not an answer to ") + kind, doing);
      return *answer;
    } catch (const Ended& e) {
      return {InstanceAnswer::Kind::Failed, e.what + withheld_note(grants.withheld), false, e.timed_out};
    }
  }
};

ChildInstance::ChildInstance(std::unique_ptr<Child> child) : child_(std::move(child)) {}

// The child's destructor (ChildProcess's) sends quit and reaps it (TERM, then KILL to its group, if it lingers).
ChildInstance::~ChildInstance() = default;

Result<std::unique_ptr<ChildInstance>> ChildInstance::create(const std::filesystem::path& file,
                                                             const OptionList& options, const Isolation& isolation,
                                                             const SandboxGrants& grants) {
  auto child = std::make_unique<Child>();
  child->file = file;
  child->options = options;
  child->isolation = isolation;
  child->grants = grants;
  if (auto created = child->create(); !created) return Failure{created.error()};
  return std::unique_ptr<ChildInstance>(new ChildInstance(std::move(child)));
}

Result<std::monostate> ChildInstance::new_game() {
  const std::string doing = "starting a new game";
  try {
    const auto w = child_->ask(doing, {"new_game"}, nullptr, Clock::now() + StartTime);
    if (w[0] == "failed" && w.size() == 2) return Failure{w[1]};
    if (!(w.size() == 1 && w[0] == "ok")) child_->protocol_violation(wire::message(w), "not an answer to new_game", doing);
    return std::monostate{};
  } catch (const Ended& e) {
    return Failure{e.what};
  }
}

InstanceAnswer ChildInstance::choose_move(const PlayRequest& request, const ProgressHandler& on_progress) {
  return child_->think("choose", "choosing a move", request, &on_progress,
                       [](const std::vector<std::string>& w) -> std::optional<InstanceAnswer> {
                         if (w.size() != 2 || w[0] != "move") return std::nullopt;
                         return InstanceAnswer{InstanceAnswer::Kind::Move, w[1]};
                       });
}

InstanceAnswer ChildInstance::consider_draw(const PlayRequest& request) {
  return child_->think("draw", "considering a draw offer", request, nullptr,
                       [](const std::vector<std::string>& w) -> std::optional<InstanceAnswer> {
                         if (w.size() != 2 || w[0] != "draw" || (w[1] != "0" && w[1] != "1")) return std::nullopt;
                         return InstanceAnswer{InstanceAnswer::Kind::DrawAnswer, {}, w[1] == "1"};
                       });
}

void ChildInstance::stop() {
  Child& c = *child_;
  if (!c.stop_wanted.exchange(true)) c.stop_at = Clock::now().time_since_epoch().count();
  std::lock_guard lock(c.mutex);
  if (c.process && !c.dead) c.process->try_send("stop");
}

void ChildInstance::end() { child_->end(); }

const char* isolation_name(Isolation::Mode mode) { return mode == Isolation::Mode::Process ? "process" : "in-process"; }

std::optional<Isolation::Mode> isolation_from_name(std::string_view name) {
  if (name == "process") return Isolation::Mode::Process;
  if (name == "in-process") return Isolation::Mode::InProcess;
  return std::nullopt;
}

const char* sandbox_name(Isolation::Sandbox sandbox) {
  return sandbox == Isolation::Sandbox::Off ? "off" : sandbox == Isolation::Sandbox::On ? "on" : "required";
}

std::optional<Isolation::Sandbox> sandbox_from_name(std::string_view name) {
  for (const Isolation::Sandbox s : {Isolation::Sandbox::Off, Isolation::Sandbox::On, Isolation::Sandbox::Required})
    if (name == sandbox_name(s)) return s;
  return std::nullopt;
}

std::filesystem::path plugin_host_program() { return helper_directory() / "gambit-plugin-host"; }

Result<wire::Description> describe_in_child(const std::filesystem::path& file, const Isolation& isolation) {
  ChildInstance::Child c;
  c.file = file;
  c.isolation = isolation;
  auto description = c.start();
  if (c.process && !c.dead) c.process->try_send("quit");
  return description;
}

}  // namespace gambit::players
