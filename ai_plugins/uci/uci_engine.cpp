// SPDX-License-Identifier: MIT
#include "ai_plugins/uci/uci_engine.h"

#include <algorithm>
#include <atomic>
#include <optional>
#include <sstream>
#include <stdexcept>

namespace gambit::plugins {

namespace {

// An "info ..." line as progress (only the fields Gambit shows).
std::optional<players::SearchInfo> parse_info(const std::string& line, const chess::Position& position) {
  std::istringstream in(line);
  std::string word;
  in >> word;
  if (word != "info") return std::nullopt;
  players::SearchInfo info;
  bool any = false;
  while (in >> word) {
    if (word == "depth") in >> info.depth, any = true;
    else if (word == "seldepth") in >> info.seldepth;
    else if (word == "nodes") in >> info.nodes;
    else if (word == "nps") in >> info.nps;
    else if (word == "time") in >> info.time_ms;
    else if (word == "multipv") in >> info.multipv;
    else if (word == "score") {
      std::string kind;
      in >> kind >> info.score;
      info.score_kind = kind == "mate" ? players::ScoreKind::Mate : players::ScoreKind::Centipawns;
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
  if (!any || !in.eof() || info.multipv < 1) return std::nullopt;  // a number that would not read: not progress
  return info;
}

}  // namespace

UciEngine::UciEngine(const EngineConfig& config)
    : engine_(config.command, config.args), movetime_ms_(config.movetime_ms) {
  if (!config.log_file.empty()) engine_.log_to(config.log_file);
  engine_.send("uci");
  expect("uciok", Clock::now() + HandshakeTime, "uci");
  for (const auto& [name, value] : config.settings) engine_.send("setoption name " + name + " value " + value);
  ready();
}

void UciEngine::new_game() {
  engine_.send("ucinewgame");
  ready();
}

chess::Move UciEngine::choose_move(const sdk::SearchRequest& request) {
  const chess::Position& position = request.position();
  if (chess::legal_moves(position).empty()) return chess::Move::none();
  use_variant(position.variant());
  std::string command = "position fen " + request.game().front().fen();
  const std::vector<chess::Move> moves = moves_of(request.game());
  if (!moves.empty()) {
    command += " moves";
    for (chess::Move m : moves) command += " " + chess::to_uci(m);
  }
  const players::Limits& limits = request.limits();
  use_lines(limits.multipv);
  engine_.send(command);

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
  if (limits.infinite) {
    go = "go infinite";  // until the host stops it: no deadline but the one after the stop
  } else if (go == "go") {
    go += " movetime 1000";
    budget_ms = 1000;
  }
  engine_.send(go);

  // Read until bestmove; pass info on; on stop, ask the engine to stop too.
  std::atomic<bool> never{false};
  const auto give_up =
      limits.infinite ? Clock::time_point::max() : Clock::now() + milliseconds(budget_ms) + AnswerGrace;
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

void UciEngine::ready() {
  engine_.send("isready");
  expect("readyok", Clock::now() + HandshakeTime, "isready");
}

void UciEngine::expect(const std::string& answer, Clock::time_point deadline, const std::string& asked) {
  for (;;) {
    auto line = engine_.read_line(deadline);
    if (!line)
      throw std::runtime_error("the engine '" + engine_.name() + "' did not answer '" + asked + "' with '" + answer +
                               "' within " + std::to_string(HandshakeTime.count() / 1000) +
                               " s: is it a UCI engine?");
    const std::vector<std::string> words = split_words(*line);
    if (words == std::vector<std::string>{answer}) return;
    if (words.size() > 2 && words[0] == "option" && words[1] == "name" && words[2] == "MultiPV") has_multipv_ = true;
    if (words.size() > 2 && words[0] == "option" && words[1] == "name" && words[2] == "UCI_Chess960") has_chess960_ = true;
    // "option name UCI_Variant type combo default chess var 3check var ...": remember the choices.
    if (words.size() > 3 && words[0] == "option" && words[1] == "name" && words[2] == "UCI_Variant")
      for (std::size_t i = 3; i + 1 < words.size(); ++i)
        if (words[i] == "var") uci_variants_.push_back(words[i + 1]);
  }
}

void UciEngine::use_lines(int lines) {
  if (!has_multipv_ || lines == lines_) return;
  engine_.send("setoption name MultiPV value " + std::to_string(lines));
  ready();
  lines_ = lines;
}

void UciEngine::use_variant(chess::Variant variant) {
  if (variant == variant_) return;
  const bool chess960 = variant == chess::Variant::Chess960;
  if (chess960 && !has_chess960_)
    throw std::runtime_error("the engine '" + engine_.name() + "' does not play Chess960 (it has no UCI_Chess960)");
  // Chess960 is standard chess's variant with another start and castling; in the engine's UCI_Variant, "chess".
  const std::string name(chess::names_of(chess960 ? chess::Variant::Standard : variant).uci);
  const bool standard_alone = uci_variants_.empty() && name == chess::names_of(chess::Variant::Standard).uci;
  if (!standard_alone && std::find(uci_variants_.begin(), uci_variants_.end(), name) == uci_variants_.end())
    throw std::runtime_error("the engine '" + engine_.name() + "' does not play " +
                             std::string(chess::names_of(variant).for_people) + " (it has no UCI_Variant '" + name +
                             "')");
  // Checked first, so that a refusal leaves the engine as it was.
  if (chess960 != (variant_ == chess::Variant::Chess960)) {
    engine_.send(std::string("setoption name UCI_Chess960 value ") + (chess960 ? "true" : "false"));
    ready();
  }
  if (!standard_alone) {
    engine_.send("setoption name UCI_Variant value " + name);
    ready();
  }
  variant_ = variant;
}

}  // namespace gambit::plugins
