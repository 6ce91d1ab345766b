// SPDX-License-Identifier: MIT
#include "core/config/seats.h"

#include <cassert>
#include <filesystem>

#include "core/util/translation.h"

namespace gambit::config {

namespace {

// "random, minimax, alphabeta": the plugins a seat that must be a plugin may take ("" when none was found).
std::string plugin_names(const PluginList& plugins) {
  std::string names;
  for (const gambit_plugin_descriptor* plugin : plugins)
    if (plugin && plugin->id) names += (names.empty() ? "" : ", ") + key_text(plugin->id);
  return names;
}

// seat, the one at dotted key (white, demo.black, hint), checked against
// plugins. human_refused says why "human" may not sit there ("" = it may).
Result<ResolvedSeat> resolve(const Settings& settings, const SeatConfig& seat, const std::string& key,
                             const PluginList& plugins, std::string_view human_refused) {
  if (seat.human()) {
    if (!human_refused.empty()) {
      const std::string names = plugin_names(plugins);
      if (names.empty())
        return Failure{settings.about(sub_key(key, PlayerKey)) +
                       // TRANSLATORS: {refusal} says why a human may not take this seat ("hints come from a player
                       // plugin, not a human").
                       fill(tr("{refusal}; expected a player plugin, but none was found"),
                            {{"refusal", std::string(human_refused)}})};
      return Failure{settings.about(sub_key(key, PlayerKey)) +
                     // TRANSLATORS: {refusal} says why a human may not take this seat ("hints come from a player
                     // plugin, not a human"); {plugins} lists the plugins found ("random, minimax, alphabeta").
                     fill(tr("{refusal}; expected one of {plugins}"),
                          {{"refusal", std::string(human_refused)}, {"plugins", names}})};
    }
    if (!seat.level.empty())
      return Failure{settings.about(sub_key(key, LevelKey)) +
                     // TRANSLATORS: {key} is a key of the configuration file (white.player); a plugin is a player
                     // plugin.
                     fill(tr("a human player has no level; remove it or set {key} to a plugin"),
                          {{"key", sub_key(key, PlayerKey)}})};
    if (!seat.options.empty())
      return Failure{settings.about(option_key(key, seat.options.front().first)) +
                     fill(tr("a human player has no options; remove them or set {key} to a plugin"),
                          {{"key", sub_key(key, PlayerKey)}})};
    return ResolvedSeat{seat.player, nullptr, "", {}};
  }

  const gambit_plugin_descriptor* plugin = nullptr;
  for (const gambit_plugin_descriptor* candidate : plugins)
    if (!plugin && candidate && candidate->id && seat.player == candidate->id) plugin = candidate;
  if (!plugin) {
    const std::string names = human_refused.empty() ? available_players(plugins) : plugin_names(plugins);
    if (names.empty())
      return Failure{settings.about(sub_key(key, PlayerKey)) +
                     // TRANSLATORS: {name} is the player the configuration names, quoted.
                     fill(tr("no player called {name}; expected a player plugin, but none was found"),
                          {{"name", quote_for_message(seat.player)}})};
    return Failure{settings.about(sub_key(key, PlayerKey)) +
                   // TRANSLATORS: {name} is the player the configuration names, quoted; {players} lists the players
                   // that exist ("human, random, alphabeta"): names in the configuration file, not translated.
                   fill(tr("no player called {name}; expected one of {players}"),
                        {{"name", quote_for_message(seat.player)}, {"players", names}})};
  }

  if (!seat.level.empty() && !players::find_level(*plugin, seat.level))
    return Failure{settings.about(sub_key(key, LevelKey)) +
                   // TRANSLATORS: {plugin} is a player plugin's id ("alphabeta"); {level} a level's name, quoted;
                   // {levels} the plugin's levels ("easy, medium, hard"), or "none".
                   fill(tr("plugin {plugin} has no level {level}; its levels are {levels}"),
                        {{"plugin", key_text(seat.player)},
                         {"level", quote_for_message(seat.level)},
                         {"levels", players::level_names(*plugin)}})};
  for (std::size_t i = 0; i < seat.options.size(); ++i) {
    const auto& [name, value] = seat.options[i];
    const std::string about = settings.about(option_key(key, name));
    const gambit_option_spec* spec = players::find_option(*plugin, name);
    if (!spec)
      // TRANSLATORS: {plugin} is a player plugin's id ("alphabeta"); {option} an option's name, quoted; {options}
      // the plugin's options ("depth, movetime_ms"), or "none".
      return Failure{about + fill(tr("plugin {plugin} has no option {option}; its options are {options}"),
                                  {{"plugin", key_text(seat.player)},
                                   {"option", quote_for_message(name)},
                                   {"options", players::option_names(*plugin)}})};
    for (std::size_t k = 0; k < i; ++k)
      if (seat.options[k].first == name)
        return Failure{about + fill(tr("option {option} is given twice"), {{"option", quote_for_message(name)}})};
    if (Result<std::string> valid = players::validate_option(*spec, value); !valid)
      return Failure{about + valid.error()};
  }

  Result<players::OptionList> options = players::resolve_options(*plugin, seat.level, seat.options);
  if (!options) return Failure{settings.about(sub_key(key, seat.level.empty() ? PlayerKey : LevelKey)) + options.error()};
  return ResolvedSeat{seat.player, plugin, seat.level, std::move(options).value(), settings.isolation_of(seat)};
}

}  // namespace

std::string available_players(const PluginList& plugins) {
  std::string names(HumanPlayer);
  for (const gambit_plugin_descriptor* plugin : plugins)
    if (plugin && plugin->id) names += ", " + key_text(plugin->id);
  return names;
}

Result<ResolvedSeat> resolve_seat(const Settings& settings, chess::Color side, const PluginList& plugins) {
  return resolve(settings, settings.seat(side), seat_key(side), plugins, "");
}

Result<ResolvedSeat> resolve_ai_seat(const Settings& settings, chess::Color side, const PluginList& plugins,
                                     std::string_view human_refused) {
  return resolve(settings, settings.seat(side), seat_key(side), plugins, human_refused);
}

Result<ResolvedSeat> resolve_demo_seat(const Settings& settings, chess::Color side, const PluginList& plugins) {
  return resolve(settings, settings.demo.seat(side), demo_seat_key(side), plugins,
                 tr("the demo is AI against AI: a human cannot play in it"));
}

Result<ResolvedSeat> resolve_hint(const Settings& settings, const PluginList& plugins) {
  return resolve(settings, settings.hint, std::string(HintKey), plugins,
                 tr("hints come from a player plugin, not a human"));
}

Result<ResolvedSeat> resolve_review(const Settings& settings, const PluginList& plugins) {
  return resolve(settings, settings.review.analyser, std::string(ReviewKey), plugins,
                 tr("games are reviewed by a player plugin, not a human"));
}

Result<std::array<ResolvedSeat, chess::COLOR_NB>> resolve_seats(const Settings& settings, const PluginList& plugins) {
  Result<ResolvedSeat> white = resolve_seat(settings, chess::WHITE, plugins);
  if (!white) return Failure{white.error()};
  Result<ResolvedSeat> black = resolve_seat(settings, chess::BLACK, plugins);
  if (!black) return Failure{black.error()};
  return std::array<ResolvedSeat, chess::COLOR_NB>{std::move(white).value(), std::move(black).value()};
}

std::vector<std::string> fall_back_to_defaults(Settings& settings, const PluginList& plugins) {
  std::vector<std::string> problems;
  const Settings defaults;
  if (auto seats = resolve_seats(settings, plugins); !seats) {
    // TRANSLATORS: {problem} is what is wrong with a setting (white.player: no player called 'foo'; expected ...).
    problems.push_back(fill(tr("Configuration: {problem} - the default players sit at the board."),
                            {{"problem", seats.error()}}));
    settings.white = defaults.white;
    settings.black = defaults.black;
  }
  for (chess::Color side : {chess::WHITE, chess::BLACK}) {
    if (auto seat = resolve_demo_seat(settings, side, plugins); !seat) {
      problems.push_back(
          fill(tr("Configuration: {problem} - the demo uses its default player."), {{"problem", seat.error()}}));
      (side == chess::WHITE ? settings.demo.white : settings.demo.black) =
          side == chess::WHITE ? defaults.demo.white : defaults.demo.black;
    }
  }
  if (auto hint = resolve_hint(settings, plugins); !hint) {
    problems.push_back(
        fill(tr("Configuration: {problem} - hints use the default player."), {{"problem", hint.error()}}));
    settings.hint = defaults.hint;
  }
  if (auto review = resolve_review(settings, plugins); !review) {
    problems.push_back(fill(tr("Configuration: {problem} - games are reviewed by the default player."),
                            {{"problem", review.error()}}));
    settings.review.analyser = defaults.review.analyser;
  }
  return problems;
}

PluginList plugin_list(const players::PluginCatalog& catalog) {
  PluginList list;
  for (const auto& plugin : catalog.plugins()) list.push_back(&plugin->descriptor());
  return list;
}

Result<players::Seat> seat_to_play(const ResolvedSeat& seat, const players::PluginCatalog& catalog) {
  // The label is written to PGN files and the store in English: translated where it is shown.
  // TRANSLATORS: the name a person playing at this computer is shown under, as a player of a game.
  if (seat.human()) return players::Seat{.label = N_("Human"), .plugin = nullptr, .options = {}, .level = {}};
  std::shared_ptr<const players::PluginLibrary> plugin = catalog.find(seat.player);
  if (!plugin)
    return Failure{fill(tr("the player plugin '{plugin}' is no longer available"), {{"plugin", seat.player}})};
  // Options that make the seat play exactly as a measured level make it that level, named so everywhere.
  std::string level = seat.level;
  if (auto same = plugin->measured_level_playing(seat.options)) level = same->level;
  return players::Seat{.label = players::ai_label(seat.player, level),
                       .plugin = std::move(plugin),
                       .options = seat.options,
                       .level = level,
                       .isolation = seat.isolation};
}

std::optional<std::string> apply_seat_flags(Settings& settings, const std::string& key, const std::string& player,
                                            const std::string& level, const std::vector<std::string>& options,
                                            const SeatFlags& flags) {
  SeatConfig* found = settings.seat_at(key);
  assert(found && "apply_seat_flags: not a seat's key");
  SeatConfig& seat = *found;
  if (!player.empty()) {
    seat = SeatConfig{player, "", {}};
    std::erase_if(settings.sources, [&](const auto& s) { return s.first.starts_with(key + "."); });
    settings.sources[sub_key(key, PlayerKey)] = SourcePlace{flags.player, 0, 0};
  }
  if (!level.empty()) {
    seat.level = level;
    settings.sources[sub_key(key, LevelKey)] = SourcePlace{flags.level, 0, 0};
  }
  for (const std::string& text : options) {
    auto assignment = players::parse_option_assignment(text);
    if (!assignment) return flags.option + " " + quote_for_message(text) + ": " + assignment.error();
    std::erase_if(seat.options, [&](const auto& o) { return o.first == assignment->first; });
    seat.options.push_back(*assignment);
    settings.sources[option_key(key, assignment->first)] = SourcePlace{flags.option, 0, 0};
  }
  return std::nullopt;
}

namespace {

// A plugin file named on the command line (--white-plugin), described or
// loaded as the plugins found in the folders are.
Result<std::shared_ptr<const players::PluginLibrary>> plugin_from_file(const std::string& path,
                                                                       const players::Isolation& isolation) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error)) return Failure{"no plugin file " + quote_for_message(path)};
  return isolation.in_process() ? players::PluginLibrary::load(path) : players::PluginLibrary::describe(path, isolation);
}

}  // namespace

MatchSeats match_seats(Settings& settings, const players::PluginCatalog& catalog,
                       const std::array<SeatRequest, chess::COLOR_NB>& requests) {
  MatchSeats chosen;
  std::vector<std::string> humans;  // after the seats' mistakes
  for (chess::Color side : {chess::WHITE, chess::BLACK}) {
    const SeatRequest& request = requests[side];
    const std::string flag = "--" + seat_key(side);
    std::string id = request.player;
    // A plugin from a file stands in for the catalog's plugin of its id.
    std::shared_ptr<const players::PluginLibrary> from_file;
    PluginList plugins = plugin_list(catalog);
    if (!request.plugin_file.empty()) {
      auto library = plugin_from_file(request.plugin_file, settings.isolation_of(settings.seat(side)));
      if (!library) {
        chosen.mistakes.push_back(flag + "-plugin: " + library.error());
        continue;
      }
      from_file = *library;
      if (!id.empty() && id != from_file->id()) {
        chosen.mistakes.push_back(flag + "-plugin: the file's player is '" + from_file->id() + "', not '" + id + "'");
        continue;
      }
      id = from_file->id();
      std::erase_if(plugins, [&](const gambit_plugin_descriptor* d) { return d && d->id == id; });
      plugins.push_back(&from_file->descriptor());
    }
    if (auto mistake = apply_seat_flags(settings, seat_key(side), id, request.level, request.options,
                                        {flag, flag + "-level", flag + "-option"})) {
      chosen.mistakes.push_back(*mistake);
      continue;
    }
    const std::string refusal = "gambit-match plays AI players only: name one with --" + seat_key(side);
    auto resolved = resolve_ai_seat(settings, side, plugins, refusal);
    if (!resolved) {
      (settings.seat(side).human() ? humans : chosen.mistakes).push_back(resolved.error());
    } else if (from_file) {
      chosen.seats[side] = players::Seat{.label = players::ai_label(resolved->player, resolved->level),
                                         .plugin = from_file,
                                         .options = resolved->options,
                                         .level = resolved->level,
                                         .isolation = resolved->isolation};
    } else if (auto seat = seat_to_play(*resolved, catalog)) {
      chosen.seats[side] = *seat;
    } else {
      chosen.mistakes.push_back(seat.error());
    }
  }
  chosen.mistakes.insert(chosen.mistakes.end(), humans.begin(), humans.end());
  return chosen;
}

}  // namespace gambit::config
