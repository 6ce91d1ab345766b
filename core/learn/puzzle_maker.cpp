// SPDX-License-Identifier: MIT
#include "core/learn/puzzle_maker.h"

#include <algorithm>
#include <cstdint>

#include "core/chess/movegen.h"
#include "core/chess/uci.h"
#include "core/review/game_review.h"
#include "core/review/tactics.h"

namespace gambit::learn {

namespace {

using review::Score;

// The moves of a mate the side to move has in `score` (its own view), or 0.
int own_mate(Score score) { return score.kind == Score::Kind::Mate && score.value > 0 ? score.value : 0; }

// A search's score from the side to move's view, within the bounds the review
// trusts a plugin to (review::white_view, as if White were to move).
Score own_score(const players::SearchInfo& info) { return *review::white_view(info, chess::WHITE); }

bool checkmated(const chess::Position& pos) { return pos.in_check() && chess::legal_moves(pos).size() == 0; }

// Is the best line's move the one clear move of the position?
bool clear_step(const std::vector<EngineLine>& lines, bool only_move) {
  const EngineLine& best = lines.front();
  if (only_move || lines.size() < 2) return review::winning_chances(best.score) >= Decisive;
  const Score second = lines[1].score;
  const auto second_below = [&](int cp) { return second.kind == Score::Kind::Centipawns && second.value < cp; };
  switch (own_mate(best.score)) {
    case 1: return true;  // the last step of a mate: any mate will do
    case 2: return second_below(MateIn2SecondBelow);
    case 3: return second_below(MateIn3SecondBelow);
    default: break;
  }
  const double chances = review::winning_chances(best.score);
  return chances >= Decisive && chances - review::winning_chances(second) >= Margin;
}

}  // namespace

Analyser plugin_analyser(players::PluginPlayer& player, players::Limits limits) {
  return [&player, limits](const chess::Position& pos, int lines) -> Result<std::vector<EngineLine>> {
    if (auto started = player.new_game(); !started) return Failure{started.error()};
    std::vector<std::optional<players::SearchInfo>> last(std::size_t(std::max(lines, 1)));
    players::MoveRequest request;
    request.start = pos;
    request.limits = limits;
    request.limits.multipv = int(last.size());
    request.on_info = [&last](const players::SearchInfo& info) {
      if (info.score_kind != players::ScoreKind::None && !info.pv.empty() && info.multipv >= 1 &&
          std::size_t(info.multipv) <= last.size())
        last[std::size_t(info.multipv - 1)] = info;
    };
    const players::MoveAnswer answer = player.start(std::move(request)).wait();
    if (answer.kind != players::MoveAnswer::Kind::Move) return Failure{answer.reason};
    std::vector<EngineLine> found;
    for (const auto& info : last)
      if (info) found.push_back({own_score(*info), info->pv});
    if (found.empty()) return Failure{"player '" + player.library().id() + "' reported no score"};
    if (found.front().moves.front() != answer.move) found.front().moves = {answer.move};
    return found;
  };
}

std::vector<std::size_t> candidate_plies(const chess::PgnGame& game, const std::vector<Score>& white_scores) {
  std::vector<std::size_t> plies;
  chess::Position pos = game.start;
  for (std::size_t ply = 1; ply <= game.moves.size() && ply < white_scores.size(); ++ply) {
    const chess::Color mover = pos.side_to_move();
    pos.do_move(game.moves[ply - 1]);
    const double sign = mover == chess::WHITE ? -1 : 1;  // the solver's view
    const double before = sign * review::winning_chances(white_scores[ply - 1]);
    const double after = sign * review::winning_chances(white_scores[ply]);
    const auto solver_mates = [sign](const Score& white_view) {
      return white_view.kind == Score::Kind::Mate && sign * white_view.value > 0;
    };
    const bool turned = after - before >= MistakeDrop && before < NotYetWinning && after >= Decisive;
    const bool mate_appeared = solver_mates(white_scores[ply]) && !solver_mates(white_scores[ply - 1]);
    if ((turned || mate_appeared) && chess::legal_moves(pos).size() > 0) plies.push_back(ply);
  }
  return plies;
}

Result<std::optional<FoundSolution>> find_solution(const chess::Position& start, const Analyser& deep) {
  const chess::Color solver = start.side_to_move();
  const int start_balance = review::balance(start, solver);
  chess::Position pos = start;
  FoundSolution found;
  for (int step = 0; step < MaxSolverMoves; ++step) {
    auto lines = deep(pos, 2);
    if (!lines) return Failure{lines.error()};
    if (lines->empty() || lines->front().moves.empty()) break;
    const bool only_move = chess::legal_moves(pos).size() == 1;
    if ((step == 0 && only_move) || !clear_step(*lines, only_move)) break;
    const chess::Move move = lines->front().moves.front();
    if (!pos.is_legal(move)) return Failure{"the analyser's move " + chess::to_uci(move) + " is not legal in " + pos.fen()};
    found.moves.push_back(move);
    found.final_score = lines->front().score;
    pos.do_move(move);
    if (checkmated(pos)) {
      found.kind = PuzzleKind::Mate;
      return std::optional(found);
    }
    if (chess::legal_moves(pos).size() == 0) return std::optional<FoundSolution>();  // stalemate: no win
    const bool mating = own_mate(found.final_score) > 0;
    if (!mating && review::balance(pos, solver) - start_balance - review::best_capture_gain(pos) >= 2) {
      found.kind = PuzzleKind::Material;
      return std::optional(found);
    }
    auto reply = deep(pos, 1);
    if (!reply) return Failure{reply.error()};
    if (reply->empty() || reply->front().moves.empty() || !pos.is_legal(reply->front().moves.front())) break;
    found.moves.push_back(reply->front().moves.front());
    pos.do_move(found.moves.back());
  }
  if (found.moves.size() % 2 == 0 && !found.moves.empty()) found.moves.pop_back();  // end on the solver's move
  // A mate not carried to its end (the next step had two ways) is no puzzle;
  // nor is a win that is not decisive.
  if (found.moves.empty() || own_mate(found.final_score) > 0 || review::winning_chances(found.final_score) < Decisive)
    return std::optional<FoundSolution>();
  found.kind = PuzzleKind::Advantage;
  return std::optional(found);
}

Result<bool> solves(players::PluginPlayer& player, const Puzzle& puzzle, const players::Limits& limits) {
  auto start = chess::Position::from_fen(puzzle.fen);
  if (!start) return Failure{"puzzle " + puzzle.id + ": " + start.error()};
  if (auto started = player.new_game(); !started) return Failure{started.error()};
  chess::Position pos = start.value();
  for (std::size_t step = 0; step < puzzle.solution.size(); step += 2) {
    players::MoveRequest request;
    request.start = start.value();
    request.moves.assign(puzzle.solution.begin(), puzzle.solution.begin() + long(step));
    request.limits = limits;
    const players::MoveAnswer answer = player.start(std::move(request)).wait();
    if (answer.kind != players::MoveAnswer::Kind::Move) return Failure{answer.reason};
    if (!accepts_move(pos, puzzle.solution[step], answer.move)) return false;
    if (answer.move != puzzle.solution[step]) return true;  // another mate: solved at once
    pos.do_move(puzzle.solution[step]);
    if (step + 1 < puzzle.solution.size()) pos.do_move(puzzle.solution[step + 1]);
  }
  return true;
}

rating::Glicko2 rating_from_attempts(std::span<const Attempt> attempts) {
  std::vector<rating::GameResult> games;
  for (const Attempt& a : attempts) games.push_back({a.rating, a.deviation, a.solved ? 0.0 : 1.0});
  return rating::update(rating::Glicko2{}, games);
}

std::string puzzle_id(const std::string& fen, const std::vector<chess::Move>& solution) {
  std::uint64_t hash = 14695981039346656037ull;  // FNV-1a, 64 bits
  const auto add = [&hash](const std::string& text) {
    for (const unsigned char c : text) hash = (hash ^ c) * 1099511628211ull;
  };
  add(fen);
  for (const chess::Move m : solution) add(" " + chess::to_uci(m));
  constexpr const char* Digits = "0123456789abcdefghijklmnopqrstuvwxyz";
  std::string id;
  for (int i = 0; i < 5; ++i, hash /= 36) id += Digits[hash % 36];
  return id;
}

}  // namespace gambit::learn
