// uci: an external UCI engine (Stockfish, or any other) as a Gambit player.
// The engine runs as a child process (EngineProcess) for the life of the
// player; each move is "position fen ... moves ..." and "go" with the host's
// limits, and its "info" lines are passed on as progress. An engine that
// cannot be started, dies, stops answering or answers nonsense makes the call
// fail with the reason in words (the host then forfeits the seat); an illegal
// move is caught by the host's check.
#include <array>
#include <chrono>
#include <sstream>
#include <stdexcept>

#include "ai_plugins/sdk/player_sdk.h"
#include "ai_plugins/uci/engine_process.h"

namespace gambit::plugins {

namespace {

using Clock = EngineProcess::Clock;
using std::chrono::milliseconds;

// How long an engine may take to answer "uci" and "isready".
constexpr milliseconds HandshakeTime{5000};
// Beyond a search's own time, before the engine counts as hung.
constexpr milliseconds AnswerGrace{5000};
// After "stop", before the engine counts as hung: well inside the hosts' own
// grace (500 ms), so the seat loses with this reason and the engine is killed
// at once rather than left to a host that gave up waiting.
constexpr milliseconds StopGrace{300};

std::vector<std::string> split_words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

// "Skill Level=5; UCI_LimitStrength=true" -> {{"Skill Level", "5"}, {"UCI_LimitStrength", "true"}}.
std::vector<std::pair<std::string, std::string>> engine_settings(const std::string& text) {
  auto trim = [](std::string s) {
    const auto first = s.find_first_not_of(" \t");
    const auto last = s.find_last_not_of(" \t");
    return first == std::string::npos ? std::string() : s.substr(first, last - first + 1);
  };
  std::vector<std::pair<std::string, std::string>> settings;
  std::istringstream in(text);
  for (std::string item; std::getline(in, item, ';');) {
    item = trim(item);
    if (item.empty()) continue;
    const auto equals = item.find('=');
    if (equals == std::string::npos)
      throw std::invalid_argument("engine_options: '" + item + "' is not NAME=VALUE (separate settings with ';')");
    settings.emplace_back(trim(item.substr(0, equals)), trim(item.substr(equals + 1)));
  }
  return settings;
}

// The moves that lead through the game's positions (the SDK gives positions).
std::vector<chess::Move> moves_of(const std::vector<chess::Position>& game) {
  std::vector<chess::Move> moves;
  for (std::size_t i = 1; i < game.size(); ++i) {
    for (chess::Move m : chess::legal_moves(game[i - 1])) {
      chess::Position next = game[i - 1];
      next.do_move(m);
      if (next.key() == game[i].key()) {
        moves.push_back(m);
        break;
      }
    }
  }
  return moves;
}

// An "info ..." line as progress (only the fields Gambit shows).
std::optional<sdk::SearchInfo> parse_info(const std::string& line, const chess::Position& position) {
  std::istringstream in(line);
  std::string word;
  in >> word;
  if (word != "info") return std::nullopt;
  sdk::SearchInfo info;
  bool any = false;
  while (in >> word) {
    if (word == "depth") in >> info.depth, any = true;
    else if (word == "seldepth") in >> info.seldepth;
    else if (word == "nodes") in >> info.nodes;
    else if (word == "nps") in >> info.nps;
    else if (word == "time") in >> info.time_ms;
    else if (word == "score") {
      std::string kind;
      in >> kind >> info.score;
      info.score_kind = kind == "mate" ? GAMBIT_SCORE_MATE : GAMBIT_SCORE_CP;
    } else if (word == "pv") {
      chess::Position p = position;
      while (in >> word) {
        auto move = chess::parse_uci_move(p, word);
        if (!move) break;
        info.pv.push_back(*move);
        p.do_move(*move);
      }
    } else if (word == "string") {
      return std::nullopt;
    }
  }
  if (!any) return std::nullopt;
  return info;
}

}  // namespace

class UciPlayer final : public sdk::Player {
 public:
  static constexpr const char* Id = "uci";
  static constexpr const char* Name = "UCI engine";
  static constexpr const char* Version = "1.0.0";
  static constexpr const char* Description =
      "Any UCI chess engine installed on this computer (Stockfish by default), run as a separate program.";

  static std::span<const gambit_option_spec> option_specs() {
    static constexpr std::array<gambit_option_spec, 4> specs{{
        {"command", "The engine program: a path, or a name found on PATH or in /usr/games", GAMBIT_OPTION_STRING,
         0, 0, "stockfish", nullptr, 0},
        {"args", "Arguments for the engine program, separated by spaces", GAMBIT_OPTION_STRING, 0, 0, "", nullptr,
         0},
        {"engine_options", "Engine settings as NAME=VALUE; NAME=VALUE (sent with setoption)", GAMBIT_OPTION_STRING,
         0, 0, "", nullptr, 0},
        {"movetime_ms", "Milliseconds per move; 0 = use the game's clock", GAMBIT_OPTION_INT, 0, 3600000, "1000",
         nullptr, 0},
    }};
    return specs;
  }
  // Strength limits as Stockfish reads them (UCI_LimitStrength, UCI_Elo).
  static std::span<const gambit_level> levels() {
    static constexpr gambit_option_value Easy[] = {{"engine_options", "UCI_LimitStrength=true; UCI_Elo=1400"}};
    static constexpr gambit_option_value Medium[] = {{"engine_options", "UCI_LimitStrength=true; UCI_Elo=1800"}};
    static constexpr gambit_option_value Hard[] = {{"engine_options", "UCI_LimitStrength=true; UCI_Elo=2200"}};
    static constexpr gambit_option_value Max[] = {{"engine_options", ""}};
    static constexpr std::array<gambit_level, 4> table{{
        {"easy", "Stockfish limited to about 1400 Elo", Easy, 1},
        {"medium", "Stockfish limited to about 1800 Elo", Medium, 1},
        {"hard", "Stockfish limited to about 2200 Elo", Hard, 1},
        {"max", "The engine at full strength", Max, 1},
    }};
    return table;
  }

  explicit UciPlayer(const sdk::Options& options)
      : engine_(options.text("command"), split_words(options.text("args"))),
        movetime_ms_(options.integer("movetime_ms")) {
    const auto settings = engine_settings(options.text("engine_options"));
    engine_.send("uci");
    expect("uciok", Clock::now() + HandshakeTime, "uci");
    for (const auto& [name, value] : settings) engine_.send("setoption name " + name + " value " + value);
    ready();
  }

  void new_game() override {
    engine_.send("ucinewgame");
    ready();
  }

  chess::Move choose_move(const sdk::SearchRequest& request) override {
    const chess::Position& position = request.position();
    if (chess::legal_moves(position).empty()) return chess::Move::none();
    std::string command = "position fen " + request.game().front().fen();
    const std::vector<chess::Move> moves = moves_of(request.game());
    if (!moves.empty()) {
      command += " moves";
      for (chess::Move m : moves) command += " " + chess::to_uci(m);
    }
    engine_.send(command);

    const sdk::Limits& limits = request.limits();
    std::string go = "go";
    std::int64_t budget_ms = 0;  // how long the engine may think, for the hang deadline
    if (movetime_ms_ > 0 || limits.movetime_ms > 0) {
      const std::int64_t ms = limits.movetime_ms > 0 ? limits.movetime_ms : movetime_ms_;
      go += " movetime " + std::to_string(ms);
      budget_ms = ms;
    }
    if (limits.has_clock(chess::WHITE) && limits.has_clock(chess::BLACK) && movetime_ms_ == 0 &&
        limits.movetime_ms == 0) {
      go += " wtime " + std::to_string(limits.time_ms[chess::WHITE]) + " btime " +
            std::to_string(limits.time_ms[chess::BLACK]) + " winc " + std::to_string(limits.increment_ms[chess::WHITE]) +
            " binc " + std::to_string(limits.increment_ms[chess::BLACK]);
      if (limits.moves_to_go > 0) go += " movestogo " + std::to_string(limits.moves_to_go);
      budget_ms = limits.time_ms[position.side_to_move()];
    }
    if (limits.depth > 0) go += " depth " + std::to_string(limits.depth);
    if (limits.nodes > 0) go += " nodes " + std::to_string(limits.nodes);
    if (go == "go") {
      go += " movetime 1000";
      budget_ms = 1000;
    }
    engine_.send(go);

    // Read until bestmove; pass info on; on stop, ask the engine to stop too.
    std::atomic<bool> never{false};
    const auto give_up = Clock::now() + milliseconds(budget_ms) + AnswerGrace;
    bool stop_sent = false;
    auto stop_deadline = give_up;
    for (;;) {
      const bool stopping = request.stop_requested();
      if (stopping && !stop_sent) {
        engine_.send("stop");
        stop_sent = true;
        stop_deadline = std::min(give_up, Clock::now() + StopGrace);
      }
      auto line = engine_.read_line(stop_sent ? stop_deadline : give_up, stop_sent ? &never : &request.stop_flag());
      if (!line) {
        if (!stop_sent && request.stop_requested()) continue;  // woken to send stop
        throw std::runtime_error("the engine '" + engine_.name() + "' did not answer with a move in time");
      }
      const auto words = split_words(*line);
      if (words.empty()) continue;
      if (words[0] == "bestmove") {
        if (words.size() < 2 || words[1] == "(none)" || words[1] == "0000")
          throw std::runtime_error("the engine '" + engine_.name() + "' gave no move ('" + *line + "')");
        auto move = chess::parse_uci_move(position, words[1]);
        if (!move) throw std::runtime_error("the engine '" + engine_.name() + "' played " + words[1] + ": " + move.error());
        return *move;
      }
      if (auto info = parse_info(*line, position)) request.report(*info);
    }
  }

 private:
  void ready() {
    engine_.send("isready");
    expect("readyok", Clock::now() + HandshakeTime, "isready");
  }

  void expect(const std::string& answer, Clock::time_point deadline, const std::string& asked) {
    for (;;) {
      auto line = engine_.read_line(deadline);
      if (!line)
        throw std::runtime_error("the engine '" + engine_.name() + "' did not answer '" + asked + "' with '" + answer +
                                 "' within " + std::to_string(HandshakeTime.count() / 1000) +
                                 " s: is it a UCI engine?");
      if (split_words(*line) == std::vector<std::string>{answer}) return;
    }
  }

  EngineProcess engine_;
  std::int64_t movetime_ms_;
};

}  // namespace gambit::plugins

GAMBIT_EXPORT_PLAYER(gambit::plugins::UciPlayer)
