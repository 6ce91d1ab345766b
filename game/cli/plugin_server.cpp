// SPDX-License-Identifier: MIT
#include "game/cli/plugin_server.h"

#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <mutex>
#include <new>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/chess/variant.h"
#include "core/players/loaded_instance.h"
#include "core/players/plugin_library.h"
#include "core/players/plugin_wire.h"
#include "core/sandbox/descriptor_passing.h"
#include "core/util/line_reader.h"

namespace gambit::players {

namespace {

// The channel to the host: whole lines in (the main thread), whole lines out
// (from two threads).
class Channel {
 public:
  explicit Channel(int fd) : fd_(fd), input_(fd) {}

  // The next line, or nullopt when the host has gone (end of input or an error).
  std::optional<std::string> read_line() {
    std::string line;
    if (input_.next(&line) != LineReader::Status::Line) return std::nullopt;
    return line;
  }

  void write_line(const std::string& line) {
    const std::string text = line + "\n";
    std::lock_guard lock(mutex_);
    std::size_t sent = 0;
    while (sent < text.size()) {
      const ssize_t n = ::send(fd_, text.data() + sent, text.size() - sent, MSG_NOSIGNAL);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) ::_exit(0);  // the host has gone: nobody is left to answer
      sent += std::size_t(n);
    }
  }

 private:
  int fd_;
  LineReader input_;
  std::mutex mutex_;
};

wire::Description description_of(const PluginLibrary& library) {
  const gambit_plugin_descriptor& d = library.descriptor();
  wire::Description out;
  out.abi_major = d.abi_major;
  out.abi_minor = d.abi_minor;
  out.id = library.id();
  out.name = library.name();
  out.version = library.version();
  out.description = library.description();
  out.considers_draws = library.considers_draws();
  for (const gambit_option_spec& spec : library.options()) {
    wire::Description::Option o{spec.name, spec.help ? spec.help : "", spec.type, spec.min, spec.max,
                                spec.default_value, {}};
    if (spec.type == GAMBIT_OPTION_CHOICE) o.choices.assign(spec.choices, spec.choices + spec.choice_count);
    out.options.push_back(std::move(o));
  }
  for (const gambit_level& level : library.levels()) {
    wire::Description::Level l{level.name, level.description ? level.description : "", {}};
    for (std::uint32_t i = 0; i < level.setting_count; ++i)
      l.settings.emplace_back(level.settings[i].name, level.settings[i].value);
    out.levels.push_back(std::move(l));
  }
  for (chess::Variant v : library.variants()) out.variants.emplace_back(chess::names_of(v).id);
  out.permissions = library.permissions();
  return out;
}

// The line answering a request: the plugin's error, an exception out of it, or what ok() makes of the answer.
template <class Ok>
std::string reply(const InstanceAnswer& answer, Ok ok) {
  if (answer.kind == InstanceAnswer::Kind::PluginError) return wire::message({"failed", answer.text});
  if (answer.kind == InstanceAnswer::Kind::Failed) return wire::message({"threw", answer.text});
  return ok(answer);
}

class Server {
 public:
  Server(std::shared_ptr<const PluginLibrary> library, int fd) : library_(std::move(library)), channel_(fd) {}

  int run() {
    for (const std::string& line : wire::description_lines(description_of(*library_))) channel_.write_line(line);
    while (std::optional<std::string> line = channel_.read_line()) {
      auto words = wire::words_of(*line);
      if (!words) {
        channel_.write_line(wire::message({"failed", "a malformed request: " + words.error()}));
        continue;
      }
      const std::vector<std::string>& w = words.value();
      if (w[0] == "stop") {
        if (instance_ && searching()) instance_->stop();
      } else if (w[0] == "quit") {
        break;
      } else if (searching()) {
        channel_.write_line(wire::message({"failed", "'" + w[0] + "' while a search runs"}));
      } else if (w[0] == "create") {
        create(w);
      } else if (w[0] == "new_game") {
        new_game();
      } else if (w[0] == "choose" || w[0] == "draw") {
        search(w);
      } else {
        channel_.write_line(wire::message({"failed", "an unknown request " + quote_for_message(w[0])}));
      }
    }
    // The host quit or went away: never wait for a plugin still thinking.
    if (searching()) ::_exit(0);
    if (worker_.joinable()) worker_.join();
    instance_.reset();
    return 0;
  }

 private:
  bool searching() {
    std::lock_guard lock(mutex_);
    return running_;
  }

  void create(const std::vector<std::string>& w) {
    if (instance_) return channel_.write_line(wire::message({"failed", "the instance exists already"}));
    if (w.size() % 2 != 1) return channel_.write_line(wire::message({"failed", "an option without a value"}));
    OptionList options;
    for (std::size_t i = 1; i < w.size(); i += 2) options.emplace_back(w[i], w[i + 1]);
    auto created = LoadedInstance::create(library_, options);
    if (!created) return channel_.write_line(wire::message({"failed", created.error()}));
    instance_ = std::move(created).value();
    channel_.write_line("created");
  }

  void new_game() {
    if (!instance_) return channel_.write_line(wire::message({"failed", "no instance was created"}));
    auto started = instance_->new_game();
    channel_.write_line(started ? "ok" : wire::message({"failed", started.error()}));
  }

  void search(const std::vector<std::string>& w) {
    if (!instance_) return channel_.write_line(wire::message({"failed", "no instance was created"}));
    auto request = wire::parse_request(w, 1);
    if (!request) return channel_.write_line(wire::message({"failed", "a malformed request: " + request.error()}));
    if (worker_.joinable()) worker_.join();
    {
      std::lock_guard lock(mutex_);
      running_ = true;
    }
    worker_ = std::thread([this, draw = w[0] == "draw", r = std::move(request).value()] {
      if (r.niceness != 0) setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), r.niceness);
      const std::string answer = draw ? consider_draw(r) : choose_move(r);
      {
        std::lock_guard lock(mutex_);
        running_ = false;
      }
      channel_.write_line(answer);
    });
  }

  std::string choose_move(const PlayRequest& r) {
    const auto progress = [this](const Progress& p) {
      std::vector<std::string> words{"info"};
      for (std::string& word : wire::info_words(p)) words.push_back(std::move(word));
      channel_.write_line(wire::message(words));
    };
    return reply(instance_->choose_move(r, progress),
                 [](const InstanceAnswer& a) { return wire::message({"move", a.text}); });
  }

  std::string consider_draw(const PlayRequest& r) {
    return reply(instance_->consider_draw(r),
                 [](const InstanceAnswer& a) { return wire::message({"draw", a.accepts_draw ? "1" : "0"}); });
  }

  std::shared_ptr<const PluginLibrary> library_;
  Channel channel_;
  std::unique_ptr<LoadedInstance> instance_;
  std::thread worker_;
  std::mutex mutex_;
  bool running_ = false;  // a choose or draw is under way on worker_
};

// Enters the sandbox asked for and tells the host how it went: first the denied calls' listener (or the message that
// there is none), then a line (wire.h). False when the plugin must not be loaded (it was required and failed).
bool sandbox_for_host(const std::filesystem::path& file, int channel, const HostSandbox& request) {
  if (request.mode == Isolation::Sandbox::Off) return true;
  const PluginSandboxEntry entry = enter_plugin_sandbox(file, request.grants, request.mode);
  const int listener = entry.entered ? entry.entered->listener : -1;
  if (!sandbox::send_descriptor(channel, listener)) ::_exit(0);  // the host has gone
  if (listener >= 0) ::close(listener);
  Channel out(channel);
  if (!entry.may_load) {
    out.write_line(wire::message({"refused", "cannot load plugin '" + file.string() + "': " + entry.refusal}));
    return false;
  }
  if (!entry.entered) {
    out.write_line(wire::message({"unsandboxed", entry.unsandboxed}));
    return true;
  }
  std::vector<std::string> words{"sandboxed", std::to_string(entry.entered->landlock_abi)};
  for (const std::string& line : entry.entered->not_enforced) words.push_back(line);
  out.write_line(wire::message(words));
  return true;
}

}  // namespace

int serve_plugin(const std::filesystem::path& file, int channel, const HostSandbox& sandbox) {
  std::set_new_handler([] { ::_exit(wire::OutOfMemoryStatus); });
  if (!sandbox_for_host(file, channel, sandbox)) return 1;
  auto library = PluginLibrary::load(file);
  if (!library) {
    Channel(channel).write_line(wire::message({"refused", library.error()}));
    return 1;
  }
  return Server(std::move(library).value(), channel).run();
}

}  // namespace gambit::players
