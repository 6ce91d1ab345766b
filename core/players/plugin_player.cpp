// SPDX-License-Identifier: MIT
#include "core/players/plugin_player.h"

#include <exception>

#include "core/players/options.h"

namespace gambit::players {

Result<std::unique_ptr<PluginPlayer>> PluginPlayer::create(
    std::shared_ptr<const PluginLibrary> library, std::vector<std::pair<std::string, std::string>> options) {
  return create(std::move(library), std::move(options), Isolation{.mode = Isolation::Mode::InProcess});
}

Result<std::unique_ptr<PluginPlayer>> PluginPlayer::create(std::shared_ptr<const PluginLibrary> library,
                                                           std::vector<std::pair<std::string, std::string>> options,
                                                           const Isolation& isolation) {
  if (!library) return Failure{"cannot create a player: no plugin given"};
  const gambit_plugin_descriptor& d = library->descriptor();
  const std::string refusal = "cannot create player '" + library->id() + "' from '" + library->path().string() + "': ";

  for (std::size_t i = 0; i < options.size(); ++i) {
    auto& [name, value] = options[i];
    const gambit_option_spec* spec = find_option(d, name);
    if (!spec)
      return Failure{refusal + "it has no option " + quote_for_message(name) + "; its options are " +
                            option_names(d)};
    for (std::size_t k = 0; k < i; ++k)
      if (options[k].first == name) return Failure{refusal + "option '" + name + "' is given twice"};
    Result<std::string> valid = validate_option(*spec, value);
    if (!valid) return Failure{refusal + valid.error()};
    value = *valid;
  }

  if (!isolation.in_process()) {
    auto instance = create_in_child(library->path(), options, isolation);
    if (!instance) return Failure{refusal + instance.error()};
    return std::unique_ptr<PluginPlayer>(new PluginPlayer(std::move(library), &child_calls(), *instance,
                                                          std::move(options)));
  }
  auto own = library->own_functions();
  if (!own) return Failure{own.error()};
  std::vector<gambit_option_value> values;
  for (const auto& [name, value] : options) values.push_back({name.c_str(), value.c_str()});
  char error[GAMBIT_ERROR_BUFFER_SIZE] = {};
  gambit_player* instance = nullptr;
  try {
    instance = (*own)->create(values.data(), std::uint32_t(values.size()), error, sizeof(error));
  } catch (const std::exception& e) {
    return Failure{refusal + "its create() threw an exception: " + e.what()};
  } catch (...) {
    return Failure{refusal + "its create() threw an exception"};
  }
  if (!instance) return Failure{refusal + plugin_message(error, sizeof(error))};
  return std::unique_ptr<PluginPlayer>(new PluginPlayer(std::move(library), *own, instance, std::move(options)));
}

PluginPlayer::PluginPlayer(std::shared_ptr<const PluginLibrary> library, const gambit_plugin_descriptor* calls,
                           gambit_player* instance, std::vector<std::pair<std::string, std::string>> options)
    : library_(std::move(library)), calls_(calls), instance_(instance), options_(std::move(options)) {}

PluginPlayer::~PluginPlayer() {
  if (!instance_) return;
  try {
    calls_->destroy(instance_);
  } catch (...) {
  }
}

std::string PluginPlayer::who() const { return "player '" + library_->id() + "'"; }

Result<std::monostate> PluginPlayer::new_game() {
  if (!instance_) return Failure{who() + " was abandoned after it did not answer in time"};
  char error[GAMBIT_ERROR_BUFFER_SIZE] = {};
  gambit_status status = GAMBIT_ERROR;
  try {
    status = calls_->new_game(instance_, error, sizeof(error));
  } catch (const ChildFailure& e) {
    return Failure{who() + " " + e.what()};
  } catch (const std::exception& e) {
    return Failure{who() + " threw an exception from new_game: " + e.what()};
  } catch (...) {
    return Failure{who() + " threw an exception from new_game"};
  }
  if (status != GAMBIT_OK)
    return Failure{who() + " could not start a new game: " + plugin_message(error, sizeof(error))};
  return std::monostate{};
}

PluginSearch PluginPlayer::start(MoveRequest request) { return PluginSearch(*this, std::move(request)); }

MoveAnswer PluginPlayer::choose_move(const chess::Position& start, const std::vector<chess::Move>& moves,
                                     const Limits& limits, InfoHandler on_info,
                                     std::chrono::milliseconds hard_deadline, bool draw_offered) {
  MoveRequest request;
  request.start = start;
  request.moves = moves;
  request.limits = limits;
  request.hard_deadline = hard_deadline;
  request.draw_offered = draw_offered;
  request.on_info = std::move(on_info);
  return this->start(std::move(request)).wait();
}

}  // namespace gambit::players
