// SPDX-License-Identifier: MIT
#include "core/players/plugin_player.h"

#include <algorithm>

#include "core/players/child_instance.h"
#include "core/players/loaded_instance.h"
#include "core/players/options.h"
#include "core/players/plugin_notices.h"
#include "core/players/sandbox_grants.h"

namespace gambit::players {

Result<std::unique_ptr<PluginPlayer>> PluginPlayer::create(
    std::shared_ptr<const PluginLibrary> library, std::vector<std::pair<std::string, std::string>> options) {
  return create(std::move(library), std::move(options),
                Isolation{.mode = Isolation::Mode::InProcess, .sandbox = Isolation::Sandbox::Off});
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

  std::shared_ptr<PlayerInstance> instance;
  if (isolation.in_process()) {
    if (isolation.sandbox == Isolation::Sandbox::Required)
      return Failure{refusal + "it is set to run inside this program (isolation = \"in-process\"), where no sandbox "
                               "can be, and [plugins] sandbox is \"required\""};
    if (isolation.sandbox == Isolation::Sandbox::On) tell_plugin_notice(in_process_notice());
    if (auto own = library->own_functions(); !own) return Failure{own.error()};  // load's sentence names the file
    auto loaded = LoadedInstance::create(library, options);
    if (!loaded) return Failure{refusal + loaded.error()};
    instance = std::move(loaded).value();
  } else {
    auto grants = sandbox_grants_for(*library, options, isolation);
    if (!grants) return Failure{refusal + grants.error()};
    auto child = ChildInstance::create(library->path(), options, isolation, grants.value());
    if (!child) return Failure{refusal + child.error()};
    instance = std::move(child).value();
  }
  return std::unique_ptr<PluginPlayer>(new PluginPlayer(std::move(library), std::move(instance), std::move(options)));
}

PluginPlayer::PluginPlayer(std::shared_ptr<const PluginLibrary> library, std::shared_ptr<PlayerInstance> instance,
                           std::vector<std::pair<std::string, std::string>> options)
    : library_(std::move(library)), instance_(std::move(instance)), isolated_(instance_->isolated()),
      options_(std::move(options)) {}

PluginPlayer::~PluginPlayer() = default;

std::string PluginPlayer::who() const { return "player '" + library_->id() + "'"; }

Result<std::monostate> PluginPlayer::new_game() {
  if (!instance_) return Failure{who() + " was abandoned after it did not answer in time"};
  auto started = instance_->new_game();
  if (!started) return Failure{who() + " " + started.error()};
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
