// SPDX-License-Identifier: MIT
#include "ai_plugins/uci/cecp_engine.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "core/chess/san.h"
#include "core/chess/uci.h"

namespace gambit::plugins {

namespace cecp {

std::vector<std::pair<std::string, std::string>> parse_features(const std::string& line) {
  std::vector<std::pair<std::string, std::string>> features;
  std::size_t i = line.find("feature");
  if (i == std::string::npos) return features;
  i += 7;
  while (i < line.size()) {
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    const std::size_t name_start = i;
    while (i < line.size() && line[i] != '=' && !std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    std::string name = line.substr(name_start, i - name_start);
    if (name.empty()) break;
    std::string value;
    if (i < line.size() && line[i] == '=') {
      ++i;
      if (i < line.size() && line[i] == '"') {
        const std::size_t close = line.find('"', i + 1);
        const std::size_t end = close == std::string::npos ? line.size() : close;
        value = line.substr(i + 1, end - i - 1);
        i = close == std::string::npos ? line.size() : close + 1;
      } else {
        const std::size_t value_start = i;
        while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i]))) ++i;
        value = line.substr(value_start, i - value_start);
      }
    }
    features.emplace_back(std::move(name), std::move(value));
  }
  return features;
}

std::optional<std::string> move_text(const std::string& line) {
  const std::vector<std::string> words = split_words(line);
  if (words.size() >= 2 && words[0] == "move") return words[1];
  // The protocol-1 form: "My move is: e2e4" (some engines put a space before the colon).
  std::string lower;
  for (char c : line) lower += char(std::tolower(static_cast<unsigned char>(c)));
  if (lower.rfind("my move is", 0) == 0) {
    const auto colon = line.find(':');
    if (colon == std::string::npos) return std::nullopt;
    const std::vector<std::string> rest = split_words(line.substr(colon + 1));
    if (!rest.empty()) return rest[0];
  }
  return std::nullopt;
}

Result<chess::Move> parse_engine_move(const chess::Position& position, const std::string& text) {
  std::string plain = text;
  while (!plain.empty() && std::string_view("+#!?").find(plain.back()) != std::string_view::npos) plain.pop_back();
  const auto as_uci = chess::parse_uci_move(position, plain);
  if (as_uci) return as_uci;
  std::string no_equals = plain;  // "e7e8=q"
  no_equals.erase(std::remove(no_equals.begin(), no_equals.end(), '='), no_equals.end());
  if (auto again = chess::parse_uci_move(position, no_equals)) return again;
  const auto as_san = chess::parse_san(position, text);
  if (as_san) return as_san;
  // The more telling of the two messages: coordinates look like "e2e4".
  auto digit = [](char c) { return c >= '1' && c <= '8'; };
  const bool coordinates = plain.size() >= 4 && plain[0] >= 'a' && plain[0] <= 'h' && digit(plain[1]) &&
                           plain[2] >= 'a' && plain[2] <= 'h' && digit(plain[3]);
  return Failure{coordinates ? as_uci.error() : as_san.error()};
}

std::optional<players::SearchInfo> parse_thinking(const std::string& line, const chess::Position& position) {
  const std::vector<std::string> words = split_words(line);
  if (words.size() < 4) return std::nullopt;
  auto integer = [](std::string text, bool allow_suffix) -> std::optional<std::int64_t> {
    if (allow_suffix)  // "12." or "12&" (some engines mark the ply)
      while (!text.empty() && !std::isdigit(static_cast<unsigned char>(text.back()))) text.pop_back();
    if (text.empty()) return std::nullopt;
    std::size_t used = 0;
    try {
      const long long value = std::stoll(text, &used);
      if (used != text.size()) return std::nullopt;
      return value;
    } catch (const std::exception&) {
      return std::nullopt;
    }
  };
  const auto ply = integer(words[0], true);
  const auto score = integer(words[1], false);
  const auto centiseconds = integer(words[2], false);
  const auto nodes = integer(words[3], false);
  if (!ply || !score || !centiseconds || !nodes || *ply < 0 || *centiseconds < 0 || *nodes < 0) return std::nullopt;
  players::SearchInfo info;
  info.depth = int(*ply);
  if (std::llabs(*score) >= 100000) {  // the protocol's mate scores: 100000 + N
    info.score_kind = players::ScoreKind::Mate;
    info.score = int(*score > 0 ? *score - 100000 : *score + 100000);
  } else {
    info.score_kind = players::ScoreKind::Centipawns;
    info.score = int(*score);
  }
  info.time_ms = std::uint64_t(*centiseconds) * 10;
  info.nodes = std::uint64_t(*nodes);
  if (info.time_ms > 0) info.nps = info.nodes * 1000 / info.time_ms;
  chess::Position p = position;
  for (std::size_t i = 4; i < words.size(); ++i) {
    std::string word = words[i];
    // Decorations some engines add: "<Nf6>" (Sjeng's hash moves), "(e4)", move numbers "1." and "1...".
    while (!word.empty() && std::string_view("<({[").find(word.front()) != std::string_view::npos) word.erase(0, 1);
    while (!word.empty() && std::string_view(">)}]").find(word.back()) != std::string_view::npos) word.pop_back();
    if (word.empty() || std::isdigit(static_cast<unsigned char>(word[0])) || word[0] == '.') {
      if (word.rfind("0-0", 0) != 0) continue;  // a move number; "0-0" is castling
    }
    auto move = parse_engine_move(p, word);
    if (!move) break;
    info.pv.push_back(*move);
    p.do_move(*move);
  }
  return info;
}

Result<std::vector<std::string>> edit_commands(const chess::Position& start) {
  const std::vector<std::string> fields = split_words(start.fen());
  if (fields.size() < 4) return Failure{"the position has no FEN"};
  std::vector<std::string> pieces[2];  // white, black: "Pa2", ...
  char board[8][8] = {};               // [rank][file], 0 = empty
  int rank = 7, file = 0;
  for (char c : fields[0]) {
    if (c == '/') {
      --rank;
      file = 0;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      file += c - '0';
    } else if (rank >= 0 && file < 8) {
      board[rank][file] = c;
      const bool white = std::isupper(static_cast<unsigned char>(c));
      std::string command(1, char(std::toupper(static_cast<unsigned char>(c))));
      command += char('a' + file);
      command += char('1' + rank);
      pieces[white ? 0 : 1].push_back(command);
      ++file;
    }
  }
  // Edit mode grants castling wherever king and rook stand on their home squares.
  std::string implied;
  if (board[0][4] == 'K' && board[0][7] == 'R') implied += 'K';
  if (board[0][4] == 'K' && board[0][0] == 'R') implied += 'Q';
  if (board[7][4] == 'k' && board[7][7] == 'r') implied += 'k';
  if (board[7][4] == 'k' && board[7][0] == 'r') implied += 'q';
  const std::string rights = fields[2] == "-" ? "" : fields[2];
  if (rights != implied)
    return Failure{"its castling rights ('" + fields[2] + "') are not the ones edit mode implies ('" +
                          (implied.empty() ? "-" : implied) + "')"};
  if (fields[3] != "-") return Failure{"edit mode cannot give an en-passant capture (" + fields[3] + ")"};
  std::vector<std::string> commands{"edit", "#"};
  commands.insert(commands.end(), pieces[0].begin(), pieces[0].end());
  commands.push_back("c");
  commands.insert(commands.end(), pieces[1].begin(), pieces[1].end());
  commands.push_back(".");
  return commands;
}

}  // namespace cecp

namespace {

std::string base_time(std::int64_t ms) {  // "M:SS", at least one second
  const std::int64_t seconds = std::max<std::int64_t>(1, (ms + 999) / 1000);
  char text[32];
  std::snprintf(text, sizeof text, "%lld:%02lld", static_cast<long long>(seconds / 60),
                static_cast<long long>(seconds % 60));
  return text;
}

std::string increment(std::int64_t ms) {  // seconds as xboard writes them (%g): "0", "2", "0.1"
  char text[32];
  std::snprintf(text, sizeof text, "%g", double(ms) / 1000.0);
  return text;
}

const std::set<std::string>& known_features() {
  static const std::set<std::string> names{
      "ping",    "setboard", "playother", "san",   "usermove", "time",   "draw",   "sigint",  "sigterm",
      "reuse",   "analyze",  "myname",    "variants", "colors", "ics",   "name",   "pause",   "nps",
      "debug",   "memory",   "smp",       "egt",   "option",   "exclude", "setscore", "highlight", "done"};
  return names;
}

}  // namespace

CecpEngine::CecpEngine(EngineConfig config) : config_(std::move(config)) { start(); }

void CecpEngine::start() {
  engine_.reset();  // the old process (if any) is asked to quit and reaped first
  engine_ = std::make_unique<ChildProcess>(config_.command, config_.args);
  if (!config_.log_file.empty()) engine_->log_to(config_.log_file);
  features_ = Features{};
  known_.clear();
  time_control_.clear();
  handshake();
  send_options();
  synchronise();
  searched_ = false;
}

void CecpEngine::handshake() {
  engine_->send("xboard");
  engine_->send("protover 2");
  const auto begun = Clock::now();
  bool done = false, waiting = false;  // waiting: the engine said done=0
  while (!done) {
    auto line = engine_->read_line(begun + (waiting ? HandshakeTime : FeatureGrace));
    if (!line) {
      if (waiting)
        fail("sent 'feature done=0' but not 'feature done=1' within " +
             std::to_string(HandshakeTime.count() / 1000) + " s");
      engine_->note("no 'feature done=1': going on with the features so far, as xboard does");
      return;
    }
    if (split_words(*line).empty() || split_words(*line)[0] != "feature") continue;
    answer_features(*line, done, waiting);
  }
}

void CecpEngine::answer_features(const std::string& line, bool& done, bool& waiting) {
  for (const auto& [name, value] : cecp::parse_features(line)) {
    const bool known = known_features().count(name) > 0;
    engine_->send((known ? "accepted " : "rejected ") + name);
    if (!known) continue;
    const bool on = value == "1";
    if (name == "ping") features_.ping = on;
    else if (name == "setboard") features_.setboard = on;
    else if (name == "usermove") features_.usermove = on;
    else if (name == "san") features_.san = on;
    else if (name == "time") features_.time = on;
    else if (name == "reuse") features_.reuse = on;
    else if (name == "myname") features_.myname = value;
    else if (name == "variants") {
      features_.variants.clear();
      for (std::size_t begin = 0; begin <= value.size();) {
        const std::size_t comma = std::min(value.find(',', begin), value.size());
        if (comma > begin) features_.variants.insert(value.substr(begin, comma - begin));
        begin = comma + 1;
      }
    } else if (name == "option") {
      // "NAME -type ...": the name is everything before the type.
      static const std::vector<std::string> types{" -check", " -spin", " -combo", " -slider", " -string",
                                                  " -file",  " -path", " -button", " -save",  " -reset"};
      std::size_t cut = std::string::npos;
      for (const std::string& type : types) cut = std::min(cut, value.find(type));
      if (cut != std::string::npos) features_.options.insert(value.substr(0, cut));
    } else if (name == "done") {
      if (on) done = true;
      else waiting = true;
    }
  }
}

void CecpEngine::send_options() {
  for (const auto& [name, value] : config_.settings) {
    if (features_.options.count(name)) engine_->send("option " + name + "=" + value);
    else engine_->note("engine_options: '" + name + "' not sent: the engine announced no such option");
  }
}

void CecpEngine::new_game() {
  if (!features_.reuse && searched_) start();  // reuse=0: a fresh process for every game
  known_.clear();                              // the next search begins with "new"
}

void CecpEngine::synchronise() {
  if (!features_.ping) return;
  const std::string tag = std::to_string(++pings_);
  engine_->send("ping " + tag);
  const auto deadline = Clock::now() + HandshakeTime;
  for (;;) {
    auto line = engine_->read_line(deadline);
    if (!line)
      fail("did not answer 'ping " + tag + "' with 'pong " + tag + "' within " +
           std::to_string(HandshakeTime.count() / 1000) + " s");
    const std::vector<std::string> words = split_words(*line);
    if (words.size() >= 2 && words[0] == "pong" && words[1] == tag) return;
    check_refusal(*line);
  }
}

void CecpEngine::check_refusal(const std::string& line) {
  if (line.rfind("Illegal move", 0) == 0) fail("refused a move we sent: '" + line + "'");
  if (line.rfind("Error", 0) == 0) {
    // "Error (REASON): COMMAND": fatal only for a command the search needs.
    const auto colon = line.find("): ");
    const std::string command = colon == std::string::npos ? "" : line.substr(colon + 3);
    if (critical_.count(command)) fail("refused '" + command + "': '" + line + "'");
    engine_->note("ignored (not needed for the search): " + line);
  }
}

void CecpEngine::send_move(const chess::Position& before, chess::Move move) {
  // Chess960's castling goes as the king taking its rook: Fairy-Stockfish reads that and refuses xboard's
  // own "O-O" (tried with Debian's 11.1; the moves it sends are read either way, by parse_engine_move).
  std::string text = features_.san ? chess::to_san(before, move) : chess::to_uci(move);
  if (features_.usermove) text = "usermove " + text;
  critical_.insert(text);
  engine_->send(text);
}

void CecpEngine::set_up(const chess::Position& start) {
  engine_->send("new");
  engine_->send("force");
  engine_->send("post");  // thinking output, for progress
  engine_->send("easy");  // no pondering: the engine thinks only on its own time
  time_control_.clear();  // "new" resets the time control
  if (start.variant() != chess::Variant::Standard) {
    const std::string name(chess::names_of(start.variant()).cecp);
    if (!features_.variants.count(name))
      fail("does not play " + std::string(chess::names_of(start.variant()).for_people) +
           " (its feature variants does not list " + name + ")");
    critical_.insert("variant " + name);
    engine_->send("variant " + name);
  }
  // Chess960's start is always set, in Shredder-FEN (the rooks' files), as xboard sends it.
  const bool chess960 = start.variant() == chess::Variant::Chess960;
  if (start == chess::Position(start.variant()) && !chess960) return;
  if (chess960 && !features_.setboard) fail("cannot be given a Chess960 start: it has no setboard");
  if (features_.setboard) {
    const std::string command =
        "setboard " + start.fen(chess960 ? chess::CastlingLetters::Shredder : chess::CastlingLetters::XFen);
    critical_.insert(command);
    engine_->send(command);
    return;
  }
  if (start.checks_given(chess::WHITE) + start.checks_given(chess::BLACK) > 0)
    fail("cannot be given the position " + start.fen() + ": it has no setboard, and edit cannot set the checks given");
  const auto commands = cecp::edit_commands(start);
  if (!commands)
    fail("cannot be given the position " + start.fen() + ": it has no setboard, and " + commands.error());
  if (start.side_to_move() == chess::BLACK) {  // the protocol's way to black on move: a2a3, then edit
    const chess::Position standard = *chess::Position::from_fen(chess::START_FEN);
    send_move(standard, *chess::parse_uci_move(standard, "a2a3"));
  }
  for (const std::string& command : *commands) {
    critical_.insert(command);
    engine_->send(command);
  }
}

void CecpEngine::bring_to(const std::vector<chess::Position>& game) {
  critical_.clear();
  if (!features_.ping) {  // without ping, drop what is left from before (a claim after its last move)
    while (engine_->read_line(Clock::now() + milliseconds(2))) {
    }
  }
  std::vector<chess::Key> keys;
  for (const chess::Position& p : game) keys.push_back(p.key());
  const std::string start_fen = game.front().fen();
  const bool extends = !known_.empty() && start_fen == known_start_fen_ && keys.size() >= known_.size() &&
                       std::equal(known_.begin(), known_.end(), keys.begin());
  std::size_t from = 0;
  if (extends) {
    engine_->send("force");  // it is playing a side: a move now must not start its search
    from = known_.size() - 1;
  } else {
    known_.clear();
    set_up(game.front());
    known_start_fen_ = start_fen;
  }
  const std::vector<chess::Move> moves = moves_of(game);
  for (std::size_t i = from; i < moves.size(); ++i) send_move(game[i], moves[i]);
  known_ = std::move(keys);
}

chess::Move CecpEngine::choose_move(const sdk::SearchRequest& request) {
  const chess::Position& position = request.position();
  if (chess::legal_moves(position).empty()) return chess::Move::none();
  searched_ = true;
  try {
    bring_to(request.game());

    const players::Limits& limits = request.limits();
    const chess::Color us = position.side_to_move();
    const std::int64_t movetime = limits.movetime_ms > 0 ? limits.movetime_ms : config_.movetime_ms;
    const bool clock = movetime == 0 && limits.has_clock(chess::WHITE) && limits.has_clock(chess::BLACK);
    std::int64_t budget_ms = 0;  // how long the engine may think, for the hang deadline
    if (clock) {
      // The whole game in the time left at its first search (the engine is told the real clocks below).
      if (time_control_.rfind("level ", 0) != 0) {
        time_control_ = "level 0 " + base_time(limits.time_ms[us]) + " " + increment(limits.increment_ms[us]);
        engine_->send(time_control_);
      }
      budget_ms = limits.time_ms[us];
    } else {
      // st takes whole seconds in old engines: round up, and wait that long.
      std::int64_t seconds = movetime > 0 ? (movetime + 999) / 1000 : 1;
      if (movetime == 0 && limits.infinite) seconds = 24 * 3600;  // until the host's stop
      const std::string command = "st " + std::to_string(seconds);
      if (command != time_control_) {
        time_control_ = command;
        engine_->send(command);
      }
      budget_ms = seconds * 1000;
    }
    if (limits.depth > 0) engine_->send("sd " + std::to_string(limits.depth));

    synchronise();
    if (clock && features_.time) {
      engine_->send("time " + std::to_string(std::max<std::int64_t>(0, limits.time_ms[us]) / 10));
      const chess::Color them = us == chess::WHITE ? chess::BLACK : chess::WHITE;
      engine_->send("otim " + std::to_string(std::max<std::int64_t>(0, limits.time_ms[them]) / 10));
    }
    critical_.insert("go");
    engine_->send("go");
    const chess::Move move = read_move(request, budget_ms);
    chess::Position after = position;
    after.do_move(move);
    known_.push_back(after.key());
    return move;
  } catch (...) {
    known_.clear();  // whatever state the engine is in, the next search starts with "new"
    throw;
  }
}

chess::Move CecpEngine::read_move(const sdk::SearchRequest& request, std::int64_t budget_ms) {
  const chess::Position& position = request.position();
  std::atomic<bool> never{false};
  const auto give_up = Clock::now() + milliseconds(budget_ms) + AnswerGrace;
  bool stop_sent = false;
  auto stop_deadline = give_up;
  for (;;) {
    if (request.stop_requested() && !stop_sent) {
      engine_->send("?");  // move now
      stop_sent = true;
      stop_deadline = std::min(give_up, Clock::now() + StopGrace);
    }
    auto line = engine_->read_line(stop_sent ? stop_deadline : give_up, stop_sent ? &never : &request.stop_flag());
    if (!line) {
      if (!stop_sent && request.stop_requested()) continue;  // woken to send "?"
      fail(stop_sent ? "did not move within " + std::to_string(StopGrace.count()) + " ms of '?' (move now)"
                     : "did not answer with a move in time");
    }
    const std::vector<std::string> words = split_words(*line);
    if (words.empty()) continue;
    if (auto text = cecp::move_text(*line)) {
      auto move = cecp::parse_engine_move(position, *text);
      if (!move) fail("played " + *text + " in " + position.fen() + ": " + move.error());
      return *move;
    }
    check_refusal(*line);
    if (words[0] == "resign") fail("resigned");
    if (words[0] == "1-0" || words[0] == "0-1" || words[0] == "1/2-1/2")
      fail("claimed the result '" + *line + "' instead of moving, in " + position.fen());
    if (auto info = cecp::parse_thinking(*line, position)) request.report(*info);
  }
}

void CecpEngine::fail(const std::string& what) { throw std::runtime_error("the engine '" + engine_->name() + "' " + what); }

}  // namespace gambit::plugins
