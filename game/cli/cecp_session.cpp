// SPDX-License-Identifier: MIT
#include "game/cli/cecp_session.h"

#include <algorithm>
#include <utility>

#include "core/chess/movegen.h"
#include "core/chess/san.h"
#include "core/chess/uci.h"

namespace gambit::cecp {

namespace {

using namespace std::chrono_literals;

// Time a plugin gets beyond st's time per move before its move is given up
// (players::Grace); with a clock, what clock_deadline() keeps back at most and
// gives at least.
constexpr std::chrono::milliseconds MaxGrace = players::Grace;
constexpr std::chrono::milliseconds MinGrace = 100ms;

// The protocol's result line for a game that ended on the board, or nothing.
std::optional<std::string> result_line(const chess::Outcome& outcome) {
  using chess::Termination;
  switch (outcome.termination) {
    case Termination::Checkmate:
      return outcome.result == chess::GameResult::WhiteWins ? "1-0 {White mates}" : "0-1 {Black mates}";
    case Termination::Stalemate: return "1/2-1/2 {Stalemate}";
    case Termination::ThirdCheck:
      return outcome.result == chess::GameResult::WhiteWins ? "1-0 {White gives a third check}"
                                                            : "0-1 {Black gives a third check}";
    case Termination::KingOfTheHill:
      return outcome.result == chess::GameResult::WhiteWins ? "1-0 {White king reached the hill}"
                                                            : "0-1 {Black king reached the hill}";
    case Termination::EighthRank:
      if (outcome.result == chess::GameResult::Draw) return "1/2-1/2 {Both kings reached the eighth rank}";
      return outcome.result == chess::GameResult::WhiteWins ? "1-0 {White king reached the eighth rank}"
                                                            : "0-1 {Black king reached the eighth rank}";
    case Termination::InsufficientMaterial: return "1/2-1/2 {Draw by insufficient material}";
    case Termination::ThreefoldRepetition:
    case Termination::FivefoldRepetition: return "1/2-1/2 {Draw by repetition}";
    case Termination::FiftyMoveRule:
    case Termination::SeventyFiveMoveRule: return "1/2-1/2 {Draw by fifty move rule}";
    default: return std::nullopt;
  }
}

// A move as the GUI sends it: coordinates ("e2e4", "e7e8q"), or SAN for
// castling ("O-O", also "o-o" and "0-0") and from GUIs that ignore san=0.
Result<chess::Move> parse_user_move(const chess::Position& pos, std::string_view text) {
  Result<chess::Move> move = chess::parse_uci_move(pos, text);
  if (move) return move;
  std::string san(text);
  if (san == "o-o" || san == "o-o-o") std::transform(san.begin(), san.end(), san.begin(), [](char c) { return c == 'o' ? 'O' : c; });
  Result<chess::Move> by_san = chess::parse_san(pos, san);
  return by_san ? by_san : move;
}

}  // namespace

std::chrono::milliseconds clock_deadline(std::int64_t clock_ms) {
  const std::chrono::milliseconds clock{std::max<std::int64_t>(clock_ms, 0)};
  return std::max(MinGrace, clock - std::min(clock / 10, MaxGrace));
}

Session::Session(SessionSettings settings) : settings_(std::move(settings)) {}

Reply Session::handle(const Command& command, std::string_view line) {
  line_ = line;
  Reply reply = std::visit([this](const auto& c) { return on(c); }, command);
  line_ = {};
  return reply;
}

players::Limits Session::limits() const {
  players::Limits limits;
  limits.depth = depth_;
  if (seconds_per_move_ms_ > 0) {
    limits.movetime_ms = seconds_per_move_ms_;
  } else if (engine_clock_ms_ >= 0) {
    // The clocks go to the player as they are, so that its own time management
    // spends them (as UCI's go wtime/btime does and gambit-match does).
    limits.time_ms[engine_color_] = engine_clock_ms_;
    limits.time_ms[~engine_color_] = opponent_clock_ms_;
    limits.increment_ms = {increment_ms_, increment_ms_};
    if (moves_per_session_ > 0) {
      // The engine's moves so far in this game, counted from the start position.
      const bool started_on_move = game_.start().side_to_move() == game_.position().side_to_move();
      const int made = int((game_.moves().size() - (started_on_move ? 0 : 1)) / 2);
      limits.moves_to_go = moves_per_session_ - made % moves_per_session_;
    }
  }
  return limits;
}

std::optional<std::string> Session::on_info(std::uint64_t id, const players::SearchInfo& info) {
  if (!thinking_ || id != search_id_) return std::nullopt;
  if (info.score_kind == players::ScoreKind::Centipawns) last_score_cp_ = info.score;
  if (info.score_kind == players::ScoreKind::Mate) last_score_cp_ = info.score >= 0 ? 100000 : -100000;
  if (!post_) return std::nullopt;
  return thinking_line(info, search_root_);
}

std::vector<std::string> Session::on_search_done(std::uint64_t id, const players::MoveAnswer& answer) {
  std::vector<std::string> lines;
  if (!thinking_ || id != search_id_) return lines;
  thinking_ = false;

  if (settings_.resign_cp > 0 && answer.kind == players::MoveAnswer::Kind::Move) {
    const bool low = last_score_cp_ && *last_score_cp_ < -settings_.resign_cp;
    low_score_moves_ = low ? low_score_moves_ + 1 : 0;
    if (low_score_moves_ >= 3) {
      lines.push_back("resign");
      game_.resign(engine_color_);
      announced_ = true;
      force_ = true;
    }
  }
  if (!game_.is_over()) {
    switch (answer.kind) {
      case players::MoveAnswer::Kind::Move:
        lines.push_back(move_line(game_.position(), answer.move));
        play(answer.move, lines);
        break;
      case players::MoveAnswer::Kind::NoLegalMove: announce_end(lines); break;
      case players::MoveAnswer::Kind::AcceptsDraw:
        lines.push_back("offer draw");  // accepts the opponent's offer
        game_.agree_draw();
        announced_ = true;  // the GUI ends the game
        break;
      default: {
        const chess::MoveList moves = chess::legal_moves(game_.position());
        lines.push_back("# the player failed (" + answer.reason + "); playing its first legal move instead");
        if (moves.empty()) break;
        lines.push_back(move_line(game_.position(), moves[0]));
        play(moves[0], lines);
      }
    }
  }
  for (std::string& pong : pending_pongs_) lines.push_back(std::move(pong));
  pending_pongs_.clear();
  return lines;
}

void Session::abandon_search(Reply& reply) {
  if (!thinking_) return;
  thinking_ = false;
  ++search_id_;  // any answer still coming is for an older id
  reply.stop = StopSearch::Abandon;
  for (std::string& pong : pending_pongs_) reply.lines.push_back(std::move(pong));
  pending_pongs_.clear();
}

void Session::play(chess::Move m, std::vector<std::string>& lines) {
  game_.play(m);
  announce_end(lines);
}

void Session::announce_end(std::vector<std::string>& lines) {
  if (game_.claimable_draw()) game_.claim_draw();
  if (!game_.is_over() || announced_) return;
  if (std::optional<std::string> line = result_line(game_.outcome())) lines.push_back(*line);
  announced_ = true;
}

void Session::maybe_think(Reply& reply) {
  if (force_ || thinking_ || game_.is_over() || game_.position().side_to_move() != engine_color_) return;
  SearchRequest search;
  search.id = ++search_id_;
  players::MoveRequest& request = search.request;
  request.start = game_.start();
  request.moves = game_.moves();
  request.limits = limits();
  const std::size_t ply = game_.moves().size();
  request.draw_offered = draw_offer_ply_ && (ply == *draw_offer_ply_ || ply == *draw_offer_ply_ + 1);
  draw_offer_ply_.reset();
  if (request.limits.movetime_ms > 0)
    request.hard_deadline = std::chrono::milliseconds(request.limits.movetime_ms) + MaxGrace;
  else if (request.limits.has_clock(engine_color_))
    request.hard_deadline = clock_deadline(engine_clock_ms_);
  thinking_ = true;
  search_root_ = game_.position();
  last_score_cp_.reset();
  reply.search = std::move(search);
}

void Session::reset_game(chess::Game game) {
  game_ = std::move(game);
  announced_ = false;
  low_score_moves_ = 0;
  draw_offer_ply_.reset();
}

Reply Session::on(const XBoard&) { return {}; }

Reply Session::on(const ProtoVer& protover) {
  Reply reply;
  if (protover.version >= 2) reply.lines = feature_lines(settings_.engine_name, settings_.variants);
  return reply;
}

Reply Session::on(const New&) {
  Reply reply;
  abandon_search(reply);
  variant_ = chess::Variant::Standard;
  reset_game(chess::Game());
  force_ = false;
  engine_color_ = chess::BLACK;
  depth_ = 0;
  engine_clock_ms_ = opponent_clock_ms_ = base_ms_;
  reply.new_game = true;
  return reply;
}

// "variant" follows "new": the game starts again from the variant's start position.
Reply Session::on(const Variant& variant) {
  Reply reply;
  std::optional<chess::Variant> named;
  for (chess::Variant v : settings_.variants)
    if (chess::names_of(v).cecp == variant.name) named = v;
  if (!named) {
    reply.lines.push_back(error_line("unsupported variant", variant.name));
    return reply;
  }
  abandon_search(reply);
  variant_ = *named;
  reset_game(chess::Game(chess::Position(variant_)));
  return reply;
}

Reply Session::on(const Force&) {
  Reply reply;
  abandon_search(reply);
  force_ = true;
  return reply;
}

Reply Session::on(const Go&) {
  Reply reply;
  if (thinking_) return reply;
  force_ = false;
  engine_color_ = game_.position().side_to_move();
  announce_end(reply.lines);  // a set-up position may already be over
  maybe_think(reply);
  return reply;
}

Reply Session::on(const PlayOther&) {
  Reply reply;
  if (thinking_) return reply;
  force_ = false;
  engine_color_ = ~game_.position().side_to_move();
  return reply;
}

Reply Session::on(const UserMove& user_move) {
  Reply reply;
  if (thinking_) {
    reply.lines.push_back(error_line("command not legal now", line_));
    return reply;
  }
  if (game_.is_over()) {
    reply.lines.push_back("Illegal move (the game is over): " + user_move.text);
    return reply;
  }
  Result<chess::Move> move = parse_user_move(game_.position(), user_move.text);
  if (!move) {
    reply.lines.push_back("Illegal move: " + user_move.text);
    return reply;
  }
  play(*move, reply.lines);
  maybe_think(reply);
  return reply;
}

Reply Session::on(const SetBoard& setboard) {
  Reply reply;
  abandon_search(reply);
  Result<chess::Position> position = chess::Position::from_fen(setboard.fen, variant_);
  if (!position) {
    reply.lines.push_back("tellusererror Illegal position");
    reply.lines.push_back("# setboard: " + position.error());
    force_ = true;
    return reply;
  }
  reset_game(chess::Game(*position));
  return reply;
}

Reply Session::on(const Level& level) {
  moves_per_session_ = level.moves_per_session;
  base_ms_ = level.base_ms;
  increment_ms_ = level.increment_ms;
  seconds_per_move_ms_ = 0;
  engine_clock_ms_ = opponent_clock_ms_ = base_ms_;
  return {};
}

Reply Session::on(const SecondsPerMove& st) {
  seconds_per_move_ms_ = st.ms;
  moves_per_session_ = 0;
  base_ms_ = -1;
  increment_ms_ = 0;
  return {};
}

Reply Session::on(const Depth& sd) {
  depth_ = sd.plies;
  return {};
}

Reply Session::on(const Time& time) {
  engine_clock_ms_ = time.ms;
  return {};
}

Reply Session::on(const OpponentTime& otim) {
  opponent_clock_ms_ = otim.ms;
  return {};
}

Reply Session::on(const MoveNow&) {
  Reply reply;
  if (thinking_) reply.stop = StopSearch::MoveNow;
  return reply;
}

Reply Session::on(const Ping& ping) {
  Reply reply;
  if (thinking_) pending_pongs_.push_back("pong " + ping.tag);
  else reply.lines.push_back("pong " + ping.tag);
  return reply;
}

Reply Session::on(const Draw&) {
  // A draw the rules give is claimed; any other offer goes to the plugin with
  // its next search (a running one starts again with it). A declined offer is
  // ignored, as the protocol asks.
  Reply reply;
  if (game_.is_over()) return reply;
  if (!thinking_ && game_.claimable_draw()) {
    announce_end(reply.lines);
    return reply;
  }
  draw_offer_ply_ = game_.moves().size();
  if (thinking_) {
    abandon_search(reply);
    maybe_think(reply);
  }
  return reply;
}

Reply Session::on(const GameEnd&) {
  Reply reply;
  abandon_search(reply);
  force_ = true;
  announced_ = true;
  return reply;
}

Reply Session::on(const Undo&) {
  Reply reply;
  abandon_search(reply);
  if (!game_.undo()) reply.lines.push_back(error_line("command not legal now", line_));
  else announced_ = false;
  draw_offer_ply_.reset();
  return reply;
}

Reply Session::on(const Remove&) {
  Reply reply;
  abandon_search(reply);
  if (game_.moves().size() < 2) {
    reply.lines.push_back(error_line("command not legal now", line_));
    return reply;
  }
  game_.undo();
  game_.undo();
  draw_offer_ply_.reset();
  announced_ = false;
  return reply;
}

Reply Session::on(const Post& post) {
  post_ = post.on;
  return {};
}

Reply Session::on(const Accepted&) { return {}; }

Reply Session::on(const Quit&) {
  Reply reply;
  abandon_search(reply);
  reply.quit = true;
  return reply;
}

}  // namespace gambit::cecp
