// SPDX-License-Identifier: MIT
// uci: an external chess engine (Stockfish, or any other) as a Gambit player,
// speaking UCI (uci_engine.h) or XBoard/CECP (cecp_engine.h), as the option
// "protocol" says. The engine runs as a child process (ChildProcess) for the
// life of the player. An engine that cannot be started, dies, stops answering
// or answers nonsense makes the call fail with the reason in words (the host
// then forfeits the seat); an illegal move is caught by the host's check.
#include <array>
#include <stdexcept>
#include <memory>

#include "gambit/player_sdk.h"
#include "ai_plugins/uci/cecp_engine.h"
#include "ai_plugins/uci/uci_engine.h"
#include "core/util/translation.h"

namespace gambit::plugins {

class UciPlayer final : public sdk::Player {
 public:
  static constexpr const char* Id = "uci";
  static constexpr const char* Name = N_("UCI engine");
  static constexpr const char* Version = "1.1.0";
  static constexpr const char* Description =
      N_("Any chess engine installed on this computer (Stockfish by default), run as a separate program: UCI "
      "engines, or XBoard (CECP) engines such as Fairy-Max, Phalanx or Sjeng with protocol=xboard.");

  static std::span<const gambit_option_spec> option_specs() {
    static constexpr const char* Protocols[] = {"uci", "xboard"};
    static constexpr std::array<gambit_option_spec, 6> specs{{
        {.name = "command", .help = N_("The engine program: a path, or a name found on PATH or in /usr/games"),
         .type = GAMBIT_OPTION_STRING, .min = 0, .max = 0, .default_value = "stockfish", .choices = nullptr,
         .choice_count = 0},
        {.name = "args", .help = N_("Arguments for the engine program, separated by spaces"),
         .type = GAMBIT_OPTION_STRING, .min = 0, .max = 0, .default_value = "", .choices = nullptr,
         .choice_count = 0},
        {.name = "protocol",
         .help = N_("The engine's protocol: uci, or xboard (CECP version 2, as Fairy-Max, Phalanx, Sjeng and GNU Chess "
                 "speak it)"),
         .type = GAMBIT_OPTION_CHOICE, .min = 0, .max = 0, .default_value = "uci", .choices = Protocols,
         .choice_count = 2},
        {.name = "engine_options",
         .help = N_("Engine settings as NAME=VALUE; NAME=VALUE. UCI: each is sent with setoption. XBoard: sent as "
                 "option NAME=VALUE only when the engine announced that name with feature option, else ignored (so "
                 "the levels, which are Stockfish's UCI settings, change nothing for XBoard engines)"),
         .type = GAMBIT_OPTION_STRING, .min = 0, .max = 0, .default_value = "", .choices = nullptr,
         .choice_count = 0},
        {.name = "movetime_ms",
         .help = N_("Milliseconds per move; 0 = use the game's clock. XBoard engines get whole seconds (st), rounded up"),
         .type = GAMBIT_OPTION_INT, .min = 0, .max = 3600000, .default_value = "1000", .choices = nullptr,
         .choice_count = 0},
        {.name = "log_file",
         .help = N_("Append the dialogue with the engine to this file (for debugging); empty = no log"),
         .type = GAMBIT_OPTION_STRING, .min = 0, .max = 0, .default_value = "", .choices = nullptr,
         .choice_count = 0},
    }};
    return specs;
  }
  // Beyond the sandbox: the engine program, and the log when one is asked for.
  static std::span<const gambit_permission> permissions() {
    static constexpr gambit_permission List[] = {
        {GAMBIT_PERMISSION_RUN_PROGRAM, "command", "It runs the chess engine you configure, inside the same sandbox"},
        {GAMBIT_PERMISSION_WRITE_FILE, "log_file", "It appends its dialogue with the engine to the log you name"},
    };
    return List;
  }
  // Strength limits as Stockfish reads them (UCI_LimitStrength, UCI_Elo).
  // A variant needs an engine that has it: UCI_Variant (3check, kingofthehill, racingkings) or CECP "variants"
  // listing it; Chess960 UCI_Chess960 (Stockfish, Fairy-Stockfish) or CECP's fischerandom.
  static std::span<const char* const> variants() {
    static constexpr const char* Ids[] = {"standard", "threecheck", "chess960", "kingofthehill", "racingkings"};
    return Ids;
  }
  static std::span<const gambit_level> levels() {
    static constexpr gambit_option_value Easy[] = {{"engine_options", "UCI_LimitStrength=true; UCI_Elo=1400"}};
    static constexpr gambit_option_value Medium[] = {{"engine_options", "UCI_LimitStrength=true; UCI_Elo=1800"}};
    static constexpr gambit_option_value Hard[] = {{"engine_options", "UCI_LimitStrength=true; UCI_Elo=2200"}};
    static constexpr gambit_option_value Max[] = {{"engine_options", ""}};
    static constexpr std::array<gambit_level, 4> table{{
        {.name = "easy", .description = N_("Stockfish limited to about 1400 Elo (UCI engines only)"), .settings = Easy,
         .setting_count = 1},
        {.name = "medium", .description = N_("Stockfish limited to about 1800 Elo (UCI engines only)"),
         .settings = Medium, .setting_count = 1},
        {.name = "hard", .description = N_("Stockfish limited to about 2200 Elo (UCI engines only)"), .settings = Hard,
         .setting_count = 1},
        {.name = "max", .description = N_("The engine at full strength"), .settings = Max, .setting_count = 1},
    }};
    return table;
  }

  explicit UciPlayer(const sdk::Options& options) {
    EngineConfig config;
    config.command = options.text("command");
    if (config.command.empty()) throw std::invalid_argument("no engine command given (option 'command')");
    config.args = split_words(options.text("args"));
    config.settings = engine_settings(options.text("engine_options"));
    config.movetime_ms = options.integer("movetime_ms");
    config.log_file = options.text("log_file");
    if (options.text("protocol") == "xboard") engine_ = std::make_unique<CecpEngine>(std::move(config));
    else engine_ = std::make_unique<UciEngine>(config);
  }

  void new_game() override { engine_->new_game(); }
  chess::Move choose_move(const sdk::SearchRequest& request) override { return engine_->choose_move(request); }

 private:
  std::unique_ptr<EngineDialogue> engine_;
};

}  // namespace gambit::plugins

GAMBIT_EXPORT_PLAYER(gambit::plugins::UciPlayer)
