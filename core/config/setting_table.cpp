// SPDX-License-Identifier: MIT
#include "core/config/setting_table.h"

#include <algorithm>

#include "core/util/translation.h"

namespace gambit::config {

namespace {

using enum SettingType;
using W = SettingWidget;
using G = SettingGroup;

// The table. Adding a setting: a member in settings.h (with its default), an
// entry here, and its lines in config/gambit.toml (a test checks them).
constexpr std::array Table{
    SettingSpec{.key = "white", .type = Seat, .value = [](Settings& s) -> SettingValue { return &s.white; },
                .meaning = N_("The player of the white pieces: human, or a player plugin with its level and options")},
    SettingSpec{.key = "black", .type = Seat, .value = [](Settings& s) -> SettingValue { return &s.black; },
                .meaning = N_("The player of the black pieces, as for white")},

    SettingSpec{.key = "game.variant", .type = Choice,
                .value = [](Settings& s) -> SettingValue { return &s.game.variant; },
                .meaning = N_("standard: chess. threecheck: chess in which giving check a third time wins at once. "
                              "chess960: Fischer random chess, from one of 960 starting positions. "
                              "kingofthehill: a king that reaches the centre wins. "
                              "racingkings: no checks, the first king on the eighth rank wins"),
                .choices = GameVariants, .widget = W::Choice, .group = G::Rules, .label = N_("Variant")},
    SettingSpec{.key = "game.chess960_start", .type = Integer,
                .value = [](Settings& s) -> SettingValue { return &s.game.chess960_start; },
                .meaning = N_("Chess960's starting position by its number (518 is the standard start); "
                              "-1: a new one drawn for each game"),
                .min = RandomChess960Start, .max = 959},
    SettingSpec{.key = "game.random_colours", .type = Boolean,
                .value = [](Settings& s) -> SettingValue { return &s.game.random_colours; },
                .meaning = N_("In the window, who plays White is drawn at random for each new game")},

    SettingSpec{.key = "ui.show_legal_moves", .type = Boolean,
                .value = [](Settings& s) -> SettingValue { return &s.ui.show_legal_moves; },
                .meaning = N_("Dots and rings on the squares the piece you pick up can go to"),
                .widget = W::Checkbox, .group = G::DuringGame, .label = N_("Show legal moves")},
    SettingSpec{.key = "ui.show_ai_arrow", .type = Boolean,
                .value = [](Settings& s) -> SettingValue { return &s.ui.show_ai_arrow; },
                .meaning = N_("While an AI thinks, an arrow shows the move it finds best so far"),
                .widget = W::Checkbox, .group = G::DuringGame, .label = N_("Show the AI's best move as an arrow")},
    SettingSpec{.key = "ui.instant_ai_moves", .type = Boolean,
                .value = [](Settings& s) -> SettingValue { return &s.ui.instant_ai_moves; },
                .meaning = N_("On a clock, the computer's levels move at once instead of taking a person's time "
                              "(quick in the opening and over obvious moves, longer when it is sharp)"),
                .widget = W::Checkbox, .group = G::DuringGame, .label = N_("The computer moves at once")},
    SettingSpec{.key = SoundsKey, .type = Boolean, .value = [](Settings& s) -> SettingValue { return &s.ui.sounds; },
                .meaning = N_("Sounds for moves, captures, checks and the end of the game"),
                .widget = W::Checkbox, .group = G::DuringGame, .label = N_("Sounds")},
    SettingSpec{.key = "ui.theme", .type = Choice, .value = [](Settings& s) -> SettingValue { return &s.ui.theme; },
                .meaning = N_("The colours of the board's squares"),
                .choices = BoardThemes, .widget = W::Choice, .group = G::Look, .label = N_("Board colours")},
    SettingSpec{.key = "ui.piece_set", .type = Choice,
                .value = [](Settings& s) -> SettingValue { return &s.ui.piece_set; },
                .meaning = N_("The drawings of the pieces"),
                .choices = PieceSets, .widget = W::Choice, .group = G::Look, .label = N_("Pieces")},
    SettingSpec{.key = "ui.animation_ms", .type = Integer,
                .value = [](Settings& s) -> SettingValue { return &s.ui.animation_ms; },
                .meaning = N_("How long a move glides across the board; 0 = no animation"),
                .min = 0, .max = MaxAnimationMs, .widget = W::Number, .group = G::DuringGame,
                .label = N_("Move animation (ms)"), .step = 50},
    SettingSpec{.key = "ui.language", .type = Choice,
                .value = [](Settings& s) -> SettingValue { return &s.ui.language; },
                .meaning = N_("The language of the window's words; auto: the desktop's"),
                .choices = LanguageChoices, .widget = W::Choice, .group = G::Look, .label = N_("Language")},
    SettingSpec{.key = "ui.speech", .type = Choice,
                .value = [](Settings& s) -> SettingValue { return &s.ui.speech; },
                .meaning = N_("Said aloud (speech-dispatcher): nothing; what you ask with the move box's commands; "
                              "or also the opponent's moves, checks and the result"),
                .choices = SpeechModes, .widget = W::Choice, .group = G::DuringGame, .label = N_("Speech")},
    SettingSpec{.key = "ui.piece_letters", .type = Choice,
                .value = [](Settings& s) -> SettingValue { return &s.ui.piece_letters; },
                .meaning = N_("The letters of the pieces in the moves shown: the international K Q R B N, or those of "
                              "your language"),
                .choices = PieceLetterChoices, .widget = W::Choice, .group = G::Look, .label = N_("Piece letters")},

    SettingSpec{.key = ClockMinutesKey, .type = Integer,
                .value = [](Settings& s) -> SettingValue { return &s.clock.minutes; },
                .meaning = N_("Each side's time at the start of the game (1..180 minutes)"),
                .min = 0, .max = MaxClockMinutes, .widget = W::Number, .group = G::Clock,
                .label = N_("Minutes per side"), .switch_label = N_("Play with a clock"),
                .switch_meaning = N_("Each side has a time limit; running out of time loses the game"),
                .value_when_switched_on = 10},
    SettingSpec{.key = ClockIncrementKey, .type = Integer,
                .value = [](Settings& s) -> SettingValue { return &s.clock.increment_seconds; },
                .meaning = N_("Seconds added to a side's clock after each of its moves (0..60)"),
                .min = 0, .max = MaxIncrementSeconds, .widget = W::Number, .group = G::Clock,
                .label = N_("Increment (s)")},

    SettingSpec{.key = "demo.move_delay_ms", .type = Integer,
                .value = [](Settings& s) -> SettingValue { return &s.demo.move_delay_ms; },
                .meaning = N_("How long the demo waits after each move, so it can be followed"),
                .min = 0, .max = MaxDemoMoveDelayMs, .widget = W::Number, .group = G::Demo,
                .label = N_("Move delay (ms)"), .step = 100},
    SettingSpec{.key = "demo.white", .type = Seat, .value = [](Settings& s) -> SettingValue { return &s.demo.white; },
                .meaning = N_("The demo's white player: a player plugin")},
    SettingSpec{.key = "demo.black", .type = Seat, .value = [](Settings& s) -> SettingValue { return &s.demo.black; },
                .meaning = N_("The demo's black player: a player plugin")},

    SettingSpec{.key = HintKey, .type = Seat, .value = [](Settings& s) -> SettingValue { return &s.hint; },
                .meaning = N_("The player plugin that suggests a move when you ask for a hint")},

    SettingSpec{.key = ReviewKey, .type = Seat,
                .value = [](Settings& s) -> SettingValue { return &s.review.analyser; },
                .meaning = N_("The player plugin that reviews finished games")},
    SettingSpec{.key = "review.nodes", .type = Integer,
                .value = [](Settings& s) -> SettingValue { return &s.review.nodes; },
                .meaning = N_("Nodes searched per position: the same review on any machine"),
                .min = 1, .max = MaxReviewNodes},
    SettingSpec{.key = "review.movetime_ms", .type = Integer,
                .value = [](Settings& s) -> SettingValue { return &s.review.movetime_ms; },
                .meaning = N_("Milliseconds per position instead of nodes (0 = use nodes)"),
                .min = 0, .max = MaxReviewMovetimeMs},
    SettingSpec{.key = "review.jobs", .type = Integer,
                .value = [](Settings& s) -> SettingValue { return &s.review.jobs; },
                .meaning = N_("Positions searched at once, each by its own instance of the player"),
                .min = 1, .max = MaxReviewJobs},

    SettingSpec{.key = "store.path", .type = Path, .value = [](Settings& s) -> SettingValue { return &s.store.path; },
                .meaning = N_("The file scores and games are kept in (default: in $XDG_DATA_HOME/gambit)")},
    SettingSpec{.key = "store.profile", .type = Text,
                .value = [](Settings& s) -> SettingValue { return &s.store.profile; },
                .meaning = N_("The name of the human at this computer: scores and the rating are theirs"),
                .max_length = MaxProfileLength},

    SettingSpec{.key = "plugins.paths", .type = PathList,
                .value = [](Settings& s) -> SettingValue { return &s.plugin_paths; },
                .meaning = N_("Folders searched for player plugins before the game's own and yours")},
    SettingSpec{.key = "plugins.isolation", .type = Choice,
                .value = [](Settings& s) -> SettingValue { return &s.isolation; },
                .meaning = N_("Where a player plugin runs: a process of its own, or inside Gambit"),
                .choices = IsolationModes},
    SettingSpec{.key = "plugins.memory_limit_mb", .type = Integer,
                .value = [](Settings& s) -> SettingValue { return &s.memory_limit_mb; },
                .meaning = N_("Each plugin process's address space, in MiB"),
                .min = MinMemoryLimitMb, .max = MaxMemoryLimitMb},
    SettingSpec{.key = "plugins.sandbox", .type = Choice,
                .value = [](Settings& s) -> SettingValue { return &s.sandbox; },
                .meaning = N_("Whether plugin processes are sandboxed: on, off, or required"),
                .choices = SandboxModes},
    SettingSpec{.key = "plugins.permissions", .type = Permissions,
                .value = [](Settings& s) -> SettingValue { return &s.plugin_permissions; },
                .meaning = N_("By plugin id, the permissions granted of those it declares")},
};

// The widget that edits a type, or None.
constexpr W widget_for(SettingType type) {
  return type == Boolean ? W::Checkbox : type == Integer ? W::Number : type == Choice ? W::Choice : W::None;
}

constexpr std::string_view section_of(std::string_view key) {
  const std::size_t dot = key.rfind('.');
  return dot == std::string_view::npos ? std::string_view() : key.substr(0, dot);
}

constexpr bool valid_table() {
  for (std::size_t i = 0; i < Table.size(); ++i) {
    const SettingSpec& spec = Table[i];
    for (std::size_t j = i + 1; j < Table.size(); ++j) {
      if (spec.key == Table[j].key) return false;
      // A section's entries are contiguous (the writer opens each [section] once).
      if (j > i + 1 && !section_of(spec.key).empty() && section_of(Table[j].key) == section_of(spec.key) &&
          section_of(Table[j - 1].key) != section_of(spec.key))
        return false;
    }
    if (spec.type == Integer && spec.min > spec.max) return false;
    if (spec.type == Choice && spec.choices.empty()) return false;
    if (spec.widget != W::None && (spec.widget != widget_for(spec.type) || spec.label.empty() || spec.group == G::None))
      return false;
    if (!spec.switch_label.empty() && spec.widget != W::Number) return false;
    // The permissions are written as a table of their own: last in their section.
    if (spec.type == Permissions && i + 1 < Table.size() && section_of(Table[i + 1].key) == section_of(spec.key))
      return false;
  }
  return true;
}
static_assert(valid_table(),
              "setting keys are unique, sections contiguous, ranges and choices set, each widget fits its type and "
              "has a label and a group, a switch is on a number, the permissions last in their section");

}  // namespace

std::string_view SettingSpec::section() const { return section_of(key); }

std::string_view SettingSpec::name() const {
  const std::size_t dot = key.rfind('.');
  return dot == std::string_view::npos ? key : key.substr(dot + 1);
}

std::string SettingSpec::range_text() const {
  if (type == Integer) return std::to_string(min) + ".." + std::to_string(max);
  if (type != Choice) return {};
  std::string text;
  for (std::string_view choice : choices) text += (text.empty() ? "" : ", ") + std::string(choice);
  return text;
}

std::span<const SettingSpec> setting_table() { return Table; }

const SettingSpec* find_setting(std::string_view key) {
  auto found = std::ranges::find(Table, key, &SettingSpec::key);
  return found == Table.end() ? nullptr : &*found;
}

std::vector<std::string_view> keys_under(std::string_view section) {
  std::vector<std::string_view> names;
  for (const SettingSpec& spec : Table) {
    std::string_view name;
    if (section.empty()) {
      name = spec.key.substr(0, spec.key.find('.'));
    } else if (spec.section() == section) {
      name = spec.name();
    } else {
      continue;
    }
    if (std::ranges::find(names, name) == names.end()) names.push_back(name);
  }
  return names;
}

std::string listed(std::span<const std::string_view> names) {
  if (names.size() < 2) return names.empty() ? std::string() : std::string(names.front());
  std::string text;
  for (std::size_t i = 0; i + 1 < names.size(); ++i) text += (i ? ", " : "") + std::string(names[i]);
  // TRANSLATORS: the end of a list of the configuration file's keys: {list} is "white, black, game", {last} "ui".
  return fill(tr("{list} or {last}"), {{"list", text}, {"last", std::string(names.back())}});
}

SettingConstValue read_only(const SettingSpec& spec, const Settings& settings) {
  // The one cast: the accessor only points into the Settings, and the pointer it gives is made const.
  return std::visit([](auto* place) -> SettingConstValue { return place; }, spec.value(const_cast<Settings&>(settings)));
}

std::string setting_text(const SettingSpec& spec, const Settings& settings) {
  const SettingConstValue value = read_only(spec, settings);
  if (const auto* flag = std::get_if<const bool*>(&value)) return **flag ? "true" : "false";
  if (const auto* number = std::get_if<const int*>(&value)) return std::to_string(**number);
  if (const auto* text = std::get_if<const std::string*>(&value)) return **text;
  return {};
}

}  // namespace gambit::config
