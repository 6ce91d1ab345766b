// SPDX-License-Identifier: MIT
// The settings Gambit reads from its TOML configuration: who sits at each side
// of the board, the rules played ([game]), the game window ([ui]), the clock
// ([clock]), the AI-vs-AI demo ([demo] with its two seats), the player that
// gives hints ([hint]), where scores are kept ([store]) and where player plugins
// are found. Unknown keys are refused, so typos never pass silently.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/chess/position.h"
#include "core/chess/types.h"
#include "core/chess/variant.h"
#include "core/players/options.h"
#include "core/players/player_types.h"
#include "core/players/isolation.h"
#include "core/util/translation.h"

namespace gambit::config {


// The player name of a seat played with the mouse; every other name is a plugin id.
inline constexpr std::string_view HumanPlayer = "human";

// Where a setting was read: a file and a 1-based line and column (0 = unknown).
struct SourcePlace {
  std::string file;
  std::uint32_t line = 0;
  std::uint32_t column = 0;

  // "file:line:column: ", "file: " or "" when the setting was not read from a file:
  // the prefix of every message about the setting.
  std::string prefix() const;
};

// One side of the board: a human, or a plugin with an optional difficulty level
// and options. Option values are text as the file wrote them (integers in decimal,
// booleans as true/false), in file order, each name at most once; they are checked
// against the plugin's schema only by resolve_seat (seats.h).
struct SeatConfig {
  std::string player = std::string(HumanPlayer);
  std::string level;  // "" = none
  players::OptionList options;
  std::string isolation = {};  // one of IsolationModes, or "" for [plugins] isolation
  // The permissions its plugin is granted in this seat (PermissionNames), in
  // place of [plugins.permissions]; nullopt: those.
  std::optional<std::vector<std::string>> permissions = std::nullopt;

  bool human() const { return player == HumanPlayer; }
  bool operator==(const SeatConfig&) const = default;
};

// Board colours ([ui] theme) and piece drawings ([ui] piece_set) the window has,
// in the order it lists them.
// "contrast": high contrast, for low vision (game/gui/board_view.h).
inline constexpr std::array<std::string_view, 9> BoardThemes{
    N_("green"), N_("brown"), N_("blue"), N_("grey"), N_("purple"), N_("olive"), N_("ice"), N_("sand"), N_("contrast")};
// The piece sets: two drawn from fonts (DejaVu Sans, FreeSerif), then the SVG
// sets other packages install (game/gui/piece_sets.h says where).
inline constexpr std::array<std::string_view, 12> PieceSets{
    "dejavu", "freeserif", "xboard", "cburnett", "merida", "alpha", "leipzig", "kosal", "maya", "magnetic",
    "freestaunton", "chessicons"};
// Where a plugin's instances run ([plugins] isolation, a seat's isolation): players::isolation_name.
inline constexpr std::array<std::string_view, 2> IsolationModes{"process", "in-process"};
inline constexpr std::array<std::string_view, 3> SandboxModes{"on", "off", "required"};
inline constexpr std::array<std::string_view, 3> PermissionNames{"run-program", "read-paths", "write-file"};
// The window's language ([ui] language): "auto" (the desktop's: LANGUAGE,
// LC_MESSAGES, LANG) or a shipped language's code (core/util/translation.h).
inline constexpr auto LanguageChoices = [] {
  std::array<std::string_view, Languages.size() + 1> choices{"auto"};
  for (std::size_t i = 0; i < Languages.size(); ++i) choices[i + 1] = Languages[i].code;
  return choices;
}();
// What the window says aloud ([ui] speech, game/gui/speech.h): nothing; what
// the player asks for (the board read by the move box's commands); or also
// every move of the opponent, checks and the result.
// The Settings screen shows them in words of their own (settings_screen.cpp).
inline constexpr std::array<std::string_view, 3> SpeechModes{"off", "asked", "always"};
// The piece letters of the moves shown ([ui] piece_letters, game/gui/shown_notation.h):
// the international K Q R B N, or those of the window's language.
inline constexpr std::array<std::string_view, 2> PieceLetterChoices{"international", "language"};
// The variants a game can be played in ([game] variant): chess::VariantNames ids.
inline constexpr std::array<std::string_view, 5> GameVariants{"standard", "threecheck", "chess960", "kingofthehill",
                                                              "racingkings"};

// The ranges of the integer settings (inclusive).
inline constexpr int MaxAnimationMs = 1000;       // ui.animation_ms: 0..1000
inline constexpr int MaxClockMinutes = 180;       // clock.minutes: 0..180 (0 = no clock)
inline constexpr int MaxIncrementSeconds = 60;    // clock.increment_seconds: 0..60
inline constexpr int MaxDemoMoveDelayMs = 10000;  // demo.move_delay_ms: 0..10000
inline constexpr int RandomChess960Start = -1;    // game.chess960_start: -1 (a new one each game) or 0..959
inline constexpr std::size_t MaxProfileLength = 40;  // store.profile, in bytes
inline constexpr int MinMemoryLimitMb = 128;         // plugins.memory_limit_mb: 128..1048576
inline constexpr int MaxMemoryLimitMb = 1 << 20;

// [game]: the rules of the games the window and gambit-match start.
struct GameSettings {
  std::string variant = "standard";  // one of GameVariants
  // In the window, who plays White is drawn at random for each new game (the
  // two seats swap); false: as seated.
  bool random_colours = false;
  // Chess960's start position by its number (0..959, 518 = the standard
  // start), or RandomChess960Start for one drawn for each new game.
  int chess960_start = RandomChess960Start;

  chess::Variant rules() const { return chess::variant_from_name(variant).value_or(chess::Variant::Standard); }
  // The position a new game starts from: the variant's start; in Chess960 the
  // chosen start, or the one `draw` picks (any number; taken modulo 960).
  chess::Position start_position(std::uint64_t draw) const;
  bool operator==(const GameSettings&) const = default;
};

// [ui]: how the game window shows the board.
struct UiSettings {
  bool show_legal_moves = true;  // dots and rings on the legal target squares
  bool show_ai_arrow = true;     // an arrow for an AI's current best move while it thinks
  bool sounds = true;
  std::string theme = "green";       // one of BoardThemes
  std::string piece_set = "dejavu";  // one of PieceSets
  int animation_ms = 150;            // 0..MaxAnimationMs; 0 = no animation
  std::string language = "auto";     // one of LanguageChoices
  std::string speech = "off";        // one of SpeechModes
  std::string piece_letters = "international";  // one of PieceLetterChoices
  bool instant_ai_moves = false;  // the measured levels move at once instead of at a person's pace on the clock

  bool operator==(const UiSettings&) const = default;
};

// Levels a plugin has renamed, as older configuration files may name them: a
// level read as `old` of plugin `player` is taken as `now` (alphabeta's levels
// are named by their rating; these are the ratings the old levels measured,
// docs/levels.md).
struct RenamedLevel {
  std::string_view player, old, now;
};
inline constexpr std::array<RenamedLevel, 3> RenamedLevels{{
    {"alphabeta", "easy", "1000"},
    {"alphabeta", "medium", "1400"},
    {"alphabeta", "hard", "2200"},
}};
// `level` of `player`, renamed when RenamedLevels says so.
inline std::string renamed_level(std::string_view player, std::string level) {
  for (const RenamedLevel& r : RenamedLevels)
    if (r.player == player && r.old == level) return std::string(r.now);
  return level;
}

// [clock]: the time control of a game in the window. Without a clock
// (minutes = 0) the increment is 0 too.
struct ClockSettings {
  int minutes = 0;            // each side's initial time, 1..MaxClockMinutes; 0 = no clock
  int increment_seconds = 0;  // added after each move, 0..MaxIncrementSeconds

  bool enabled() const { return minutes > 0; }
  bool operator==(const ClockSettings&) const = default;
};

// [demo]: the AI-vs-AI demonstration. Both seats must be plugins (seats.h checks).
struct DemoSettings {
  int move_delay_ms = 600;  // pause between moves, 0..MaxDemoMoveDelayMs
  SeatConfig white{"alphabeta", "1400", {}};
  SeatConfig black{"minimax", "hard", {}};

  SeatConfig& seat(chess::Color side) { return side == chess::WHITE ? white : black; }
  const SeatConfig& seat(chess::Color side) const { return side == chess::WHITE ? white : black; }
  bool operator==(const DemoSettings&) const = default;
};

// [review]: the player that reviews finished games (gambit-review and the
// window's Review) and its budget per position. A node budget gives the same
// review on any machine; a time budget (movetime_ms > 0) does not.
inline constexpr int DefaultReviewNodes = 400000;
inline constexpr int MaxReviewNodes = 1000000000;
inline constexpr int MaxReviewMovetimeMs = 60000;
inline constexpr int MaxReviewJobs = 16;
struct ReviewSettings {
  SeatConfig analyser{"alphabeta", "", {}};  // must be a plugin (seats.h checks)
  int nodes = DefaultReviewNodes;            // per position, 1..MaxReviewNodes
  int movetime_ms = 0;                       // > 0: milliseconds per position instead of nodes
  int jobs = 2;                              // positions searched at once, 1..MaxReviewJobs

  // The budget of one position as a search's limits.
  players::Limits limits() const {
    players::Limits limits;
    if (movetime_ms > 0) limits.movetime_ms = movetime_ms;
    else limits.nodes = nodes;
    return limits;
  }
  bool operator==(const ReviewSettings&) const = default;
};

// [store]: where scores and finished games are kept, and whose they are.
struct StoreSettings {
  std::filesystem::path path;  // empty = the default ($XDG_DATA_HOME/gambit/gambit.db); relative to the file naming it
  std::string profile = "Player";  // the human at this computer, 1..MaxProfileLength bytes

  bool operator==(const StoreSettings&) const = default;
};

// Everything the configuration says. A default-constructed Settings equals the
// shipped config/gambit.toml (a test keeps them in step), so a --config file may
// set only what it changes.
struct Settings {
  SeatConfig white;
  SeatConfig black{"alphabeta", "1200", {}};
  // Folders searched for plugins before the game's own and the user's; absolute,
  // or relative to the working directory (a file's relative paths are made
  // relative to that file's folder when it is read).
  std::vector<std::filesystem::path> plugin_paths;
  // [plugins] isolation: where plugin instances run unless a seat says
  // otherwise, "process" (each in a child process of its own) or "in-process";
  // memory_limit_mb: each child's address space.
  std::string isolation = "process";
  int memory_limit_mb = int(players::DefaultMemoryLimitMb);
  // [plugins] sandbox: "on" (as far as the kernel can), "off", or "required"
  // (a plugin the kernel cannot sandbox is refused); players::Isolation.
  std::string sandbox = "on";
  // [plugins.permissions]: by plugin id, the permissions granted of those it
  // declares (PermissionNames); a plugin not named gets the default
  // (players::grants_declared_by_default).
  std::map<std::string, std::vector<std::string>, std::less<>> plugin_permissions;
  GameSettings game;
  UiSettings ui;
  ClockSettings clock;
  DemoSettings demo;
  // The player asked for a hint; must be a plugin (seats.h checks).
  SeatConfig hint{"alphabeta", "max", {}};
  ReviewSettings review;
  StoreSettings store;

  // The isolation of a seat: its own mode, else [plugins] isolation; the permissions its plugin is granted: its
  // own, else [plugins.permissions]'s; the memory limit and the sandbox of [plugins].
  players::Isolation isolation_of(const SeatConfig& seat) const;

  // `seat` with the isolation and permissions this settings' white or black
  // seat (`side`'s first) gives the same player: where and with what a plugin
  // runs belongs to the player it was set for, also when a game is resumed or
  // a level is chosen for the person. Unchanged when neither seat has its player.
  SeatConfig with_isolation_kept(SeatConfig seat, chess::Color side) const;
  // Every plugin runs as `mode` says ("process" or "in-process"; a command
  // line's --isolation), whatever [plugins] and the seats said.
  void isolate_all(const std::string& mode);

  // Where each value was read, by dotted key: "white.player", "white.level",
  // "white.options.depth", "plugins.paths", "game.variant", "ui.theme", "clock.minutes",
  // "demo.move_delay_ms", "demo.white.player", "demo.white.options.depth",
  // "hint.level". Not part of equality.
  std::map<std::string, SourcePlace, std::less<>> sources;

  SeatConfig& seat(chess::Color side) { return side == chess::WHITE ? white : black; }
  const SeatConfig& seat(chess::Color side) const { return side == chess::WHITE ? white : black; }
  // The seat at a dotted seat key ("white", "demo.black", "hint", "review"), or null.
  SeatConfig* seat_at(std::string_view key);

  // The message prefix naming where key was set, then the key: "file:3:1: white.level: ".
  std::string about(std::string_view key) const;

  bool operator==(const Settings& other) const {
    return white == other.white && black == other.black && plugin_paths == other.plugin_paths &&
           isolation == other.isolation && memory_limit_mb == other.memory_limit_mb && sandbox == other.sandbox &&
           plugin_permissions == other.plugin_permissions &&
           game == other.game && ui == other.ui &&
           clock == other.clock && demo == other.demo && hint == other.hint && review == other.review &&
           store == other.store;
  }
};

// A TOML key as it is shown in a dotted path: bare when it is made of letters,
// digits, '_' and '-', otherwise quoted with odd bytes escaped.
std::string key_text(std::string_view key);

// Dotted keys of a seat ("white", "black", "demo.white", "demo.black", "hint", "review")
// and of one of its options ("white.options.depth", "hint.options.depth").
inline std::string seat_key(chess::Color side) { return side == chess::WHITE ? "white" : "black"; }
inline std::string demo_seat_key(chess::Color side) { return "demo." + seat_key(side); }
inline constexpr std::string_view HintKey = "hint";
// A seat's own keys, in the order messages list them.
inline constexpr std::string_view PlayerKey = "player", LevelKey = "level", OptionsKey = "options",
                                  IsolationKey = "isolation", PermissionsKey = "permissions";
inline constexpr std::array<std::string_view, 5> SeatKeys{PlayerKey, LevelKey, OptionsKey, IsolationKey,
                                                          PermissionsKey};
inline constexpr std::string_view ReviewKey = "review";
// A key under another: sub_key("hint", PlayerKey) is "hint.player".
inline std::string sub_key(std::string_view parent, std::string_view name) {
  return std::string(parent) + "." + std::string(name);
}
inline std::string option_key(std::string_view seat, std::string_view name) {
  return std::string(seat) + "." + std::string(OptionsKey) + "." + key_text(name);
}
inline std::string option_key(chess::Color side, std::string_view name) { return option_key(seat_key(side), name); }

}  // namespace gambit::config
