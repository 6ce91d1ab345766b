#include "core/config/seats.h"

namespace gambit::config {

std::string available_players(const PluginList& plugins) {
  std::string names(HumanPlayer);
  for (const gambit_plugin_descriptor* plugin : plugins)
    if (plugin && plugin->id) names += ", " + key_text(plugin->id);
  return names;
}

Result<ResolvedSeat> resolve_seat(const Settings& settings, chess::Color side, const PluginList& plugins) {
  const SeatConfig& seat = settings.seat(side);
  const std::string key = seat_key(side);

  if (seat.human()) {
    if (!seat.level.empty())
      return Failure{settings.about(key + ".level") + "a human player has no level; remove it or set " + key +
                     ".player to a plugin"};
    if (!seat.options.empty())
      return Failure{settings.about(option_key(side, seat.options.front().first)) +
                     "a human player has no options; remove them or set " + key + ".player to a plugin"};
    return ResolvedSeat{seat.player, nullptr, "", {}};
  }

  const gambit_plugin_descriptor* plugin = nullptr;
  for (const gambit_plugin_descriptor* candidate : plugins)
    if (!plugin && candidate && candidate->id && seat.player == candidate->id) plugin = candidate;
  if (!plugin)
    return Failure{settings.about(key + ".player") + "no player called " + chess::quote_for_message(seat.player) +
                   "; expected one of " + available_players(plugins)};

  if (!seat.level.empty() && !players::find_level(*plugin, seat.level))
    return Failure{settings.about(key + ".level") + "plugin " + key_text(seat.player) + " has no level " +
                   chess::quote_for_message(seat.level) + "; its levels are " + players::level_names(*plugin)};
  for (std::size_t i = 0; i < seat.options.size(); ++i) {
    const auto& [name, value] = seat.options[i];
    const std::string about = settings.about(option_key(side, name));
    const gambit_option_spec* spec = players::find_option(*plugin, name);
    if (!spec)
      return Failure{about + "plugin " + key_text(seat.player) + " has no option " + chess::quote_for_message(name) +
                     "; its options are " + players::option_names(*plugin)};
    for (std::size_t k = 0; k < i; ++k)
      if (seat.options[k].first == name)
        return Failure{about + "option " + chess::quote_for_message(name) + " is given twice"};
    if (Result<std::string> valid = players::validate_option(*spec, value); !valid)
      return Failure{about + valid.error()};
  }

  Result<players::OptionList> options = players::resolve_options(*plugin, seat.level, seat.options);
  if (!options) return Failure{settings.about(key + (seat.level.empty() ? ".player" : ".level")) + options.error()};
  return ResolvedSeat{seat.player, plugin, seat.level, std::move(options).value()};
}

Result<std::array<ResolvedSeat, chess::COLOR_NB>> resolve_seats(const Settings& settings, const PluginList& plugins) {
  Result<ResolvedSeat> white = resolve_seat(settings, chess::WHITE, plugins);
  if (!white) return Failure{white.error()};
  Result<ResolvedSeat> black = resolve_seat(settings, chess::BLACK, plugins);
  if (!black) return Failure{black.error()};
  return std::array<ResolvedSeat, chess::COLOR_NB>{std::move(white).value(), std::move(black).value()};
}

}  // namespace gambit::config
