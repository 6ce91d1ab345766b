// SPDX-License-Identifier: MIT
#include "game/cli/uci_driver.h"

#include <variant>

#include "core/chess/movegen.h"
#include "core/chess/uci.h"
#include "core/players/options.h"

namespace gambit::engine {

bool UciDriver::handle_line(const std::string& line) {
  std::optional<Result<uci::Command>> command = uci::parse_command(line, variant_);
  if (!command) return true;
  if (!*command) {
    out_.note(command->error());
    return true;
  }
  return std::visit([this](const auto& c) { return on(c); }, command->value());
}

void UciDriver::deliver(const players::MoveAnswer& answer) {
  switch (answer.kind) {
    case players::MoveAnswer::Kind::Move: out_.line("bestmove " + chess::to_uci(answer.move)); break;
    case players::MoveAnswer::Kind::NoLegalMove: out_.line("bestmove (none)"); break;
    default:
      out_.note("the player failed (" + answer.reason + "); answering its first legal move instead");
      out_.line("bestmove " + fallback_move());
  }
}

bool UciDriver::on(const uci::Uci&) {
  out_.line("id name Gambit " + library_->name() + " " + library_->version());
  out_.line("id author the Gambit developers");
  for (const gambit_option_spec& spec : library_->options()) out_.line(uci::option_line(spec));
  if (library_->variants().size() > 1) out_.line(uci::variant_option_line(library_->variants()));
  if (library_->plays(chess::Variant::Chess960)) out_.line(uci::chess960_option_line());
  out_.line(uci::multipv_option_line());
  out_.line("uciok");
  return true;
}
bool UciDriver::on(const uci::IsReady&) {
  if (!searching()) ensure_player();
  out_.line("readyok");
  return true;
}
bool UciDriver::on(const uci::UciNewGame&) {
  finish_search();
  if (ensure_player())
    if (auto started = player_->new_game(); !started) out_.note("new game: " + started.error());
  return true;
}
bool UciDriver::on(const uci::Stop&) {
  finish_search();
  return true;
}
bool UciDriver::on(const uci::Quit&) {
  finish_search();
  return false;
}
bool UciDriver::on(const uci::PonderHit&) {
  out_.note("pondering is not supported; ponderhit ignored");
  return true;
}
bool UciDriver::on(const uci::SetOption& option) {
  if (busy()) {
    out_.note("option '" + option.name + "' not changed: cannot change options while thinking");
    return true;
  }
  if (option.name == "UCI_Variant") return set_variant(option.value);
  if (option.name == "UCI_Chess960") return set_chess960(option.value);
  if (option.name == "MultiPV") {
    Result<int> lines = uci::parse_multipv(option.value);
    if (lines) multipv_ = *lines;
    else out_.note(lines.error());
    return true;
  }
  const gambit_option_spec* spec = players::find_option(library_->descriptor(), option.name);
  if (!spec) {
    out_.note("unknown option '" + option.name + "'; options: " + players::option_names(library_->descriptor()));
    return true;
  }
  Result<std::string> value = players::validate_option(*spec, option.value);
  if (!value) {
    out_.note(value.error());
    return true;
  }
  std::erase_if(options_, [&](const auto& o) { return o.first == spec->name; });
  options_.emplace_back(spec->name, *value);
  player_.reset();  // made again with the new options before the next search
  return true;
}
bool UciDriver::on(const uci::SetPosition& position) {
  if (busy()) {
    out_.note("position ignored while thinking; send stop first");
    return true;
  }
  start_ = *chess::Position::from_fen(position.start_fen, variant_);
  moves_.clear();
  chess::Position pos = start_;
  for (const std::string& text : position.moves) {
    chess::Move m = *chess::parse_uci_move(pos, text);
    moves_.push_back(m);
    pos.do_move(m);
  }
  current_ = pos;
  return true;
}
bool UciDriver::on(const uci::Go& go) {
  for (const std::string& note : go.notes) out_.note(note);
  if (busy()) {
    out_.note("go ignored: already thinking");
    return true;
  }
  if (!ensure_player()) {
    out_.line("bestmove " + fallback_move());
    return true;
  }
  players::MoveRequest request;
  request.start = start_;
  request.moves = moves_;
  players::Limits& limits = request.limits;
  limits.movetime_ms = go.movetime_ms;
  limits.depth = go.depth;
  limits.nodes = go.nodes;
  limits.time_ms = {go.time_ms[0], go.time_ms[1]};
  limits.increment_ms = {go.increment_ms[0], go.increment_ms[1]};
  limits.moves_to_go = go.moves_to_go;
  limits.infinite = go.infinite || go.ponder;
  limits.multipv = multipv_;
  // The hard deadline: the movetime, or the whole remaining clock, plus grace.
  const std::int64_t clock = limits.time_ms[current_.side_to_move()];
  if (!limits.infinite && limits.movetime_ms > 0)
    request.hard_deadline = players::search_deadline(limits.movetime_ms);
  else if (!limits.infinite && clock >= 0)
    request.hard_deadline = players::search_deadline(clock);
  request.on_info = [this](const players::SearchInfo& info) { out_.line(uci::info_line(info, multipv_ > 1)); };
  infinite_ = limits.infinite;
  start_search(std::move(request));
  return true;
}

bool UciDriver::busy() {
  if (searching() && infinite_) return true;
  wait_search();
  return false;
}

bool UciDriver::set_variant(const std::string& name) {
  for (chess::Variant v : library_->variants())
    if (chess::names_of(v).uci == name) {
      uci_variant_ = v;
      variant_changed();
      return true;
    }
  std::string choices;
  for (chess::Variant v : library_->variants())
    choices += (choices.empty() ? "" : ", ") + std::string(chess::names_of(v).uci);
  out_.note("UCI_Variant '" + name + "' is not played by " + library_->id() + "; it plays " + choices);
  return true;
}

bool UciDriver::set_chess960(const std::string& value) {
  if (value != "true" && value != "false") {
    out_.note("UCI_Chess960 '" + value + "' is neither true nor false");
    return true;
  }
  if (!library_->plays(chess::Variant::Chess960)) {
    out_.note("UCI_Chess960 is not played by " + library_->id());
    return true;
  }
  chess960_ = value == "true";
  variant_changed();
  return true;
}

chess::Variant UciDriver::played_variant() const {
  return chess960_ && uci_variant_ == chess::Variant::Standard ? chess::Variant::Chess960 : uci_variant_;
}

void UciDriver::variant_changed() {
  if (chess960_ && uci_variant_ != chess::Variant::Standard && uci_variant_ != chess::Variant::Chess960)
    out_.note("UCI_Chess960 is played with UCI_Variant chess; " + std::string(chess::names_of(uci_variant_).uci) +
              " is played from its own start");
  variant_ = played_variant();
  start_ = current_ = chess::Position(variant_);
  moves_.clear();
}

std::string UciDriver::fallback_move() const {
  chess::MoveList moves = chess::legal_moves(current_);
  return moves.empty() ? "(none)" : chess::to_uci(moves[0]);
}

}  // namespace gambit::engine
