// SPDX-License-Identifier: MIT
#include "core/players/loaded_instance.h"

#include <algorithm>
#include <exception>

namespace gambit::players {

namespace {

// A request in the C form the plugin is given: the structs and the arrays they point into.
struct CRequest {
  explicit CRequest(const PlayRequest& r) : request(r) {
    for (const std::string& m : request.moves) moves.push_back(m.c_str());
    position = {sizeof(gambit_position), request.start_fen.c_str(), moves.data(), std::uint32_t(moves.size()),
                request.variant.c_str()};
    limits = to_c(request.limits);
  }
  const PlayRequest& request;
  std::vector<const char*> moves;
  gambit_position position{};
  gambit_limits limits{};
};

// What a plugin's function threw, as a Failed answer: "threw an exception from choose_move: ...".
InstanceAnswer thrown_from(const char* function, const std::string& what) {
  return {InstanceAnswer::Kind::Failed, std::string("threw an exception from ") + function + ": " + what};
}

// Calls f, turning an exception out of the plugin into a Failed answer.
template <class F>
InstanceAnswer guarded(const char* function, F&& f) {
  try {
    return f();
  } catch (const std::exception& e) {
    return thrown_from(function, e.what());
  } catch (...) {
    return thrown_from(function, "an exception that is not a std::exception");
  }
}

// The plugin's progress report, passed on in C++ (on the plugin's thread).
void report(void* user_data, const gambit_search_info* info) {
  const auto* on_progress = static_cast<const ProgressHandler*>(user_data);
  if (!on_progress || !*on_progress || !info || info->struct_size < SearchInfoSize_1_0) return;
  constexpr std::size_t MaxPvText = 4096;  // far beyond the PV the host keeps
  try {
    (*on_progress)(Progress{from_c(*info), info->pv ? std::string(info->pv).substr(0, MaxPvText) : ""});
  } catch (...) {
  }
}

}  // namespace

Result<std::unique_ptr<LoadedInstance>> LoadedInstance::create(std::shared_ptr<const PluginLibrary> library,
                                                               const OptionList& options) {
  auto functions = library->own_functions();
  if (!functions) return Failure{functions.error()};
  std::vector<gambit_option_value> values;
  for (const auto& [name, value] : options) values.push_back({name.c_str(), value.c_str()});
  char error[GAMBIT_ERROR_BUFFER_SIZE] = {};
  gambit_player* instance = nullptr;
  try {
    instance = (*functions)->create(values.data(), std::uint32_t(values.size()), error, sizeof error);
  } catch (const std::exception& e) {
    return Failure{std::string("its create() threw an exception: ") + e.what()};
  } catch (...) {
    return Failure{"its create() threw an exception"};
  }
  if (!instance) return Failure{plugin_message(error, sizeof error)};
  return std::unique_ptr<LoadedInstance>(new LoadedInstance(std::move(library), *functions, instance));
}

LoadedInstance::LoadedInstance(std::shared_ptr<const PluginLibrary> library, const gambit_plugin_descriptor* functions,
                               gambit_player* instance)
    : library_(std::move(library)), functions_(functions), instance_(instance) {}

LoadedInstance::~LoadedInstance() {
  try {
    functions_->destroy(instance_);
  } catch (...) {
  }
}

Result<std::monostate> LoadedInstance::new_game() {
  char error[GAMBIT_ERROR_BUFFER_SIZE] = {};
  gambit_status status = GAMBIT_ERROR;
  try {
    status = functions_->new_game(instance_, error, sizeof error);
  } catch (const std::exception& e) {
    return Failure{thrown_from("new_game", e.what()).text};
  } catch (...) {
    return Failure{thrown_from("new_game", "an exception that is not a std::exception").text};
  }
  if (status != GAMBIT_OK) return Failure{"could not start a new game: " + plugin_message(error, sizeof error)};
  return std::monostate{};
}

InstanceAnswer LoadedInstance::choose_move(const PlayRequest& request, const ProgressHandler& on_progress) {
  CRequest c(request);
  char move[GAMBIT_MOVE_BUFFER_SIZE] = {};
  char error[GAMBIT_ERROR_BUFFER_SIZE] = {};
  return guarded("choose_move", [&] {
    const gambit_status status =
        functions_->choose_move(instance_, &c.position, &c.limits, &report,
                                const_cast<ProgressHandler*>(&on_progress), move, error, sizeof error);
    if (status != GAMBIT_OK) return InstanceAnswer{InstanceAnswer::Kind::PluginError, plugin_message(error, sizeof error)};
    return InstanceAnswer{InstanceAnswer::Kind::Move, std::string(move, std::find(move, move + sizeof move, '\0'))};
  });
}

InstanceAnswer LoadedInstance::consider_draw(const PlayRequest& request) {
  const auto consider = consider_draw_function(*functions_);
  if (!consider) return {InstanceAnswer::Kind::DrawAnswer, {}, false};
  CRequest c(request);
  char error[GAMBIT_ERROR_BUFFER_SIZE] = {};
  return guarded("consider_draw", [&] {
    std::int32_t accept = 0;
    const gambit_status status = consider(instance_, &c.position, &accept, error, sizeof error);
    if (status != GAMBIT_OK) return InstanceAnswer{InstanceAnswer::Kind::PluginError, plugin_message(error, sizeof error)};
    return InstanceAnswer{InstanceAnswer::Kind::DrawAnswer, {}, accept != 0};
  });
}

void LoadedInstance::stop() {
  try {
    functions_->stop(instance_);
  } catch (...) {
  }
}

}  // namespace gambit::players
