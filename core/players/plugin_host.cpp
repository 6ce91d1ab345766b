// SPDX-License-Identifier: MIT
#include "core/players/plugin_host.h"

#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <exception>
#include <mutex>
#include <new>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/chess/variant.h"
#include "core/players/plugin_library.h"
#include "core/players/plugin_wire.h"

namespace gambit::players {

namespace {

// The channel to the host: whole lines in, whole lines out (from two threads).
class Channel {
 public:
  explicit Channel(int fd) : fd_(fd) {}

  // The next line, or nullopt when the host has gone (end of input or an error).
  std::optional<std::string> read_line() {
    for (;;) {
      if (const std::size_t newline = buffer_.find('\n'); newline != std::string::npos) {
        std::string line = buffer_.substr(0, newline);
        buffer_.erase(0, newline + 1);
        return line;
      }
      char chunk[4096];
      const ssize_t n = ::read(fd_, chunk, sizeof chunk);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return std::nullopt;
      buffer_.append(chunk, std::size_t(n));
    }
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
  std::string buffer_;
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
  out.considers_draws = library.consider_draw() != nullptr;
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
  return out;
}

// "failed <message>" from an error buffer, or "threw <what>".
std::string failed(const char* error, std::size_t size) {
  return wire::message({"failed", plugin_message(error, size)});
}

// A choose or draw request in the C form the plugin is given.
struct CRequest {
  explicit CRequest(wire::Request r) : request(std::move(r)) {
    for (const std::string& m : request.moves) moves.push_back(m.c_str());
    position = {sizeof(gambit_position), request.start_fen.c_str(), moves.data(), std::uint32_t(moves.size()),
                request.variant.c_str()};
    limits = to_c(request.limits);
  }
  wire::Request request;
  std::vector<const char*> moves;
  gambit_position position{};
  gambit_limits limits{};
};

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
        if (instance_ && searching()) library_->descriptor().stop(instance_);
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
    if (instance_) library_->descriptor().destroy(instance_);
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
    std::vector<gambit_option_value> values;
    for (std::size_t i = 1; i < w.size(); i += 2) values.push_back({w[i].c_str(), w[i + 1].c_str()});
    char error[GAMBIT_ERROR_BUFFER_SIZE] = {};
    try {
      instance_ = library_->descriptor().create(values.data(), std::uint32_t(values.size()), error, sizeof error);
    } catch (const std::exception& e) {
      return channel_.write_line(wire::message({"threw", e.what()}));
    } catch (...) {
      return channel_.write_line(wire::message({"threw", "an exception that is not a std::exception"}));
    }
    channel_.write_line(instance_ ? "created" : failed(error, sizeof error));
  }

  void new_game() {
    if (!instance_) return channel_.write_line(wire::message({"failed", "no instance was created"}));
    char error[GAMBIT_ERROR_BUFFER_SIZE] = {};
    gambit_status status = GAMBIT_ERROR;
    try {
      status = library_->descriptor().new_game(instance_, error, sizeof error);
    } catch (const std::exception& e) {
      return channel_.write_line(wire::message({"threw", e.what()}));
    } catch (...) {
      return channel_.write_line(wire::message({"threw", "an exception that is not a std::exception"}));
    }
    channel_.write_line(status == GAMBIT_OK ? "ok" : failed(error, sizeof error));
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
    worker_ = std::thread([this, draw = w[0] == "draw", c = std::make_shared<CRequest>(std::move(request).value())] {
      if (c->request.niceness != 0) setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), c->request.niceness);
      const std::string answer = draw ? consider_draw(*c) : choose_move(*c);
      {
        std::lock_guard lock(mutex_);
        running_ = false;
      }
      channel_.write_line(answer);
    });
  }

  std::string choose_move(CRequest& c) {
    char move[GAMBIT_MOVE_BUFFER_SIZE] = {};
    char error[GAMBIT_ERROR_BUFFER_SIZE] = {};
    gambit_status status = GAMBIT_ERROR;
    try {
      status = library_->descriptor().choose_move(instance_, &c.position, &c.limits, &Server::report, this, move,
                                                  error, sizeof error);
    } catch (const std::exception& e) {
      return wire::message({"threw", e.what()});
    } catch (...) {
      return wire::message({"threw", "an exception that is not a std::exception"});
    }
    if (status != GAMBIT_OK) return failed(error, sizeof error);
    return wire::message({"move", std::string(move, std::find(move, move + sizeof move, '\0'))});
  }

  std::string consider_draw(CRequest& c) {
    const auto consider = library_->consider_draw();
    if (!consider) return wire::message({"draw", "0"});
    std::int32_t accept = 0;
    char error[GAMBIT_ERROR_BUFFER_SIZE] = {};
    gambit_status status = GAMBIT_ERROR;
    try {
      status = consider(instance_, &c.position, &accept, error, sizeof error);
    } catch (const std::exception& e) {
      return wire::message({"threw", e.what()});
    } catch (...) {
      return wire::message({"threw", "an exception that is not a std::exception"});
    }
    if (status != GAMBIT_OK) return failed(error, sizeof error);
    return wire::message({"draw", accept != 0 ? "1" : "0"});
  }

  static void report(void* user_data, const gambit_search_info* info) {
    auto* self = static_cast<Server*>(user_data);
    if (!self || !info || info->struct_size < SearchInfoSize_1_0) return;
    constexpr std::size_t MaxPvText = 4096;  // far beyond the PV the host keeps; the line stays short
    wire::Info out{from_c(*info), info->pv ? std::string(info->pv).substr(0, MaxPvText) : ""};
    std::vector<std::string> words{"info"};
    for (std::string& word : wire::info_words(out)) words.push_back(std::move(word));
    self->channel_.write_line(wire::message(words));
  }

  std::shared_ptr<const PluginLibrary> library_;
  Channel channel_;
  gambit_player* instance_ = nullptr;
  std::thread worker_;
  std::mutex mutex_;
  bool running_ = false;  // a choose or draw is under way on worker_
};

}  // namespace

int serve_plugin(const std::filesystem::path& file, int channel) {
  std::set_new_handler([] { ::_exit(OutOfMemoryStatus); });
  auto library = PluginLibrary::load(file);
  if (!library) {
    Channel(channel).write_line(wire::message({"refused", library.error()}));
    return 1;
  }
  return Server(std::move(library).value(), channel).run();
}

}  // namespace gambit::players
