// SPDX-License-Identifier: MIT
#include "core/review/game_review.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <thread>

#include "core/chess/movegen.h"
#include "core/chess/san.h"
#include "core/review/move_reason.h"
#include "core/util/translation.h"

namespace gambit::review {

std::optional<PositionVerdict> decided_by_the_rules(const chess::Position& pos) {
  const bool white = pos.side_to_move() == chess::WHITE;
  const Score mated = Score::mate(white ? -1 : 1);  // the side to move has lost
  switch (pos.goal()) {  // a variant's goal reached: a third check, the king on the hill, the race
    case chess::Position::Goal::Lost: return PositionVerdict{mated, true, chess::Move::none(), {}};
    case chess::Position::Goal::Won: return PositionVerdict{Score::mate(white ? 1 : -1), true, chess::Move::none(), {}};
    case chess::Position::Goal::Drawn: return PositionVerdict{Score::centipawns(0), true, chess::Move::none(), {}};
    case chess::Position::Goal::None: break;
  }
  if (chess::legal_moves(pos).size() != 0) return std::nullopt;
  return PositionVerdict{pos.in_check() ? mated : Score::centipawns(0), true, chess::Move::none(), {}};
}

namespace {

// The plies of the better line a comment shows.
constexpr std::size_t ShownPlies = 8;

std::string percent_text(double value) {
  char text[16];
  std::snprintf(text, sizeof text, "%.1f", value);
  return text;
}

// A plugin's score is trusted only within these bounds (a mate beyond 1000
// moves or a score beyond 300 pawns means nothing more).
constexpr int MaxCentipawns = 30000, MaxMateMoves = 1000;

// One position's verdict: by the rules, or from a search by `analyser`.
Result<PositionVerdict> search_position(players::PluginPlayer& analyser, const chess::PgnGame& game,
                                        std::size_t index, const chess::Position& pos, const players::Limits& limits,
                                        std::stop_token stop, int niceness) {
  if (auto decided = decided_by_the_rules(pos)) return *decided;
  std::optional<players::SearchInfo> last;
  players::MoveRequest request;
  request.start = game.start;
  request.moves.assign(game.moves.begin(), game.moves.begin() + long(index));
  request.limits = limits;
  request.niceness = niceness;
  request.on_info = [&](const players::SearchInfo& info) {
    if (info.score_kind != players::ScoreKind::None) last = info;
  };
  players::PluginSearch search = analyser.start(std::move(request));
  std::optional<players::MoveAnswer> waited;
  while (!(waited = search.wait_until(players::PluginSearch::Clock::now() + std::chrono::milliseconds(50))))
    if (stop.stop_requested()) {
      search.cancel();
      return Failure{"cancelled"};
    }
  const players::MoveAnswer& answer = *waited;
  if (answer.kind != players::MoveAnswer::Kind::Move) return Failure{answer.reason};
  if (!last)
    // TRANSLATORS: {player} is the id of an analysing plugin, e.g. "stockfish".
    return Failure{fill(tr("player '{player}' reported no score, so it cannot review games"),
                        {{"player", analyser.library().id()}})};
  PositionVerdict verdict;
  // Judged on Stockfish's scale, the one winning_chances was fitted to.
  verdict.score = on_stockfish_scale(*white_view(*last, pos.side_to_move()), analyser.library().score_scale());
  verdict.best = answer.move;
  verdict.line = last->pv;
  if (verdict.line.empty() || verdict.line.front() != answer.move) verdict.line = {answer.move};
  return verdict;
}

}  // namespace

std::string eval_text(Score white_view, bool plus_sign) {
  if (white_view.kind == Score::Kind::Mate) return "#" + std::to_string(white_view.value);
  const std::int64_t magnitude = std::abs(std::int64_t(white_view.value));
  const std::int64_t hundredths = magnitude % 100;
  const char* sign = white_view.value < 0 ? "-" : plus_sign && white_view.value > 0 ? "+" : "";
  return sign + std::to_string(magnitude / 100) + '.' + char('0' + hundredths / 10) + char('0' + hundredths % 10);
}

std::string bar_eval_text(Score white_view) {
  const std::int64_t magnitude = std::abs(std::int64_t(white_view.value));
  if (white_view.kind == Score::Kind::Mate) return "#" + std::to_string(magnitude);
  const std::int64_t tenths = (magnitude + 5) / 10;  // rounded to the nearest tenth of a pawn
  if (tenths >= 100) return std::to_string(tenths / 10);
  return std::to_string(tenths / 10) + '.' + char('0' + tenths % 10);
}

std::string white_view_text(const players::SearchInfo& info, chess::Color side_to_move) {
  const std::optional<Score> score = white_view(info, side_to_move);
  return score ? eval_text(*score, true) : "";
}

std::optional<Score> white_view(const players::SearchInfo& info, chess::Color side_to_move) {
  const int sign = side_to_move == chess::WHITE ? 1 : -1;
  switch (info.score_kind) {
    case players::ScoreKind::Mate: return Score::mate(sign * std::clamp(info.score, -MaxMateMoves, MaxMateMoves));
    case players::ScoreKind::Centipawns:
      return Score::centipawns(sign * std::clamp(info.score, -MaxCentipawns, MaxCentipawns));
    case players::ScoreKind::None: break;
  }
  return std::nullopt;
}

players::Limits verify_limits(const players::Limits& limits) {
  players::Limits deeper = limits;
  if (deeper.movetime_ms > 0) deeper.movetime_ms *= VerifyFactor;
  else if (deeper.depth > 0) deeper.depth += VerifyExtraDepth;
  else deeper.nodes *= VerifyFactor;
  return deeper;
}

std::vector<std::size_t> suspects(const std::vector<PositionVerdict>& verdicts, chess::Color first_mover) {
  std::vector<bool> chosen(verdicts.size());
  for (std::size_t i = 0; i + 1 < verdicts.size(); ++i) {
    const double sign = (i % 2 == 0) == (first_mover == chess::WHITE) ? 1 : -1;  // the mover's view
    const auto chances = [&](std::size_t k) { return sign * winning_chances(verdicts[k].score); };
    const bool dropped = chances(i) - chances(i + 1) >= SuspectDrop;
    const bool fell_after = i + 2 < verdicts.size() && chances(i + 1) - chances(i + 2) >= SuspectSwing;
    if (dropped || fell_after) chosen[i] = chosen[i + 1] = true;
  }
  std::vector<std::size_t> indexes;
  for (std::size_t k = 0; k < chosen.size(); ++k)
    if (chosen[k] && !verdicts[k].by_the_rules) indexes.push_back(k);
  return indexes;
}

std::vector<std::size_t> suspects_to_verify(const std::vector<PositionVerdict>& verdicts, chess::Color first_mover,
                                            std::vector<bool>& verified) {
  verified.resize(verdicts.size());
  std::vector<std::size_t> again;
  for (const std::size_t k : suspects(verdicts, first_mover))
    if (!verified[k]) {
      verified[k] = true;
      again.push_back(k);
    }
  return again;
}

Result<GameReview> review_game(std::span<players::PluginPlayer* const> analysers, const chess::PgnGame& game,
                               const players::Limits& limits, const PositionDone& done, std::stop_token stop,
                               int niceness, bool look_deeper) {
  if (analysers.empty()) return Failure{tr("a review needs an analysing player")};
  std::vector<chess::Position> positions{game.start};
  for (std::size_t i = 0; i < game.moves.size(); ++i) {
    if (!positions.back().is_legal(game.moves[i]))
      // TRANSLATORS: {n} counts the moves of a game one by one, both sides' (a ply).
      return Failure{fill(tr("move {n} is not legal"), {{"n", std::to_string(i + 1)}})};
    positions.push_back(positions.back());
    positions.back().do_move(game.moves[i]);
  }
  const std::size_t total = positions.size();
  std::vector<PositionVerdict> verdicts(total);
  // Stopped from outside (stop), or from inside when a search fails or done
  // cancels: either way every search under way is stopped at once.
  std::stop_source stopping;
  const std::stop_callback forward(stop, [&] { stopping.request_stop(); });
  std::mutex mutex;  // guards failure, verdicts and the calls of done
  std::optional<std::string> failure;
  // Searches each group of positions from a fresh analyser game (new_game),
  // the groups handed out in order to the analysers, one thread each.
  const auto search_groups = [&](const std::vector<std::vector<std::size_t>>& groups, const players::Limits& budget,
                                 bool deeper) {
    std::atomic<std::size_t> next_group{0};
    const auto work = [&](players::PluginPlayer& analyser) {
      const std::stop_token token = stopping.get_token();
      const auto fail = [&](std::string why) {
        if (!failure) failure = std::move(why);
        stopping.request_stop();
      };
      for (std::size_t g = next_group++; g < groups.size() && !token.stop_requested(); g = next_group++) {
        if (auto started = analyser.new_game(); !started) {
          const std::lock_guard lock(mutex);
          return fail(started.error());
        }
        for (const std::size_t i : groups[g]) {
          if (token.stop_requested()) break;
          Result<PositionVerdict> verdict = search_position(analyser, game, i, positions[i], budget, token, niceness);
          const std::lock_guard lock(mutex);
          if (!verdict) return fail(token.stop_requested() && !failure ? std::string("cancelled") : verdict.error());
          verdicts[i] = std::move(verdict.value());
          if (done && !done(i, verdicts[i], deeper)) return fail("cancelled");
        }
      }
    };
    std::vector<std::jthread> helpers;
    for (std::size_t k = 1; k < analysers.size(); ++k) helpers.emplace_back(work, std::ref(*analysers[k]));
    work(*analysers[0]);
  };  // the helpers are joined on return

  // Every position at the budget, in runs of ReviewRun.
  std::vector<std::vector<std::size_t>> runs;
  for (std::size_t i = 0; i < total; ++i) {
    if (i % ReviewRun == 0) runs.emplace_back();
    runs.back().push_back(i);
  }
  search_groups(runs, limits, false);
  // Then deeper where the evaluation swings, each position once, each search
  // from a fresh game (the same verdict whatever else the analyser searched).
  std::vector<bool> verified(total);
  for (int round = 0; look_deeper && round < VerifyRounds && !failure && !stop.stop_requested(); ++round) {
    std::vector<std::vector<std::size_t>> again;
    for (const std::size_t k : suspects_to_verify(verdicts, game.start.side_to_move(), verified)) again.push_back({k});
    if (again.empty()) break;
    search_groups(again, verify_limits(limits), true);
  }
  if (failure) return Failure{*failure};
  if (stop.stop_requested()) return Failure{"cancelled"};
  return judge_game(game, std::move(verdicts));
}

Result<std::vector<std::unique_ptr<players::PluginPlayer>>> make_analysers(const players::Seat& seat, int jobs) {
  std::vector<std::unique_ptr<players::PluginPlayer>> analysers;
  for (int k = 0; k < jobs; ++k) {
    auto analyser = players::PluginPlayer::create(seat.plugin, seat.options, seat.isolation);
    if (!analyser) return Failure{analyser.error()};
    analysers.push_back(std::move(analyser).value());
  }
  return analysers;
}

GameReview judge_game(const chess::PgnGame& game, std::vector<PositionVerdict> positions) {
  GameReview review;
  review.positions = std::move(positions);
  std::vector<Score> scores;
  for (const PositionVerdict& p : review.positions) scores.push_back(p.score);
  review.accuracy = game_accuracy(scores, game.start.side_to_move());
  chess::Position before = game.start;
  for (std::size_t i = 0; i < game.moves.size() && i + 1 < scores.size(); ++i) {
    const chess::Color mover = before.side_to_move();
    MoveVerdict verdict;
    verdict.judgement = judge(scores[i], scores[i + 1], mover);
    verdict.accuracy = move_accuracy(scores[i], scores[i + 1], mover);
    if (verdict.judgement != Judgement::Good) {
      ++review.counts[mover][int(verdict.judgement) - 1];
      verdict.reason = mistake_reason(before, game.moves[i], review.positions[i], review.positions[i + 1]);
      verdict.shown_reason =
          mistake_reason(before, game.moves[i], review.positions[i], review.positions[i + 1], chess::Shown);
    }
    review.moves.push_back(std::move(verdict));
    before.do_move(game.moves[i]);
  }
  return review;
}

std::optional<std::size_t> find_mistake(const GameReview& review, chess::Color first_mover, std::size_t ply,
                                        bool forward, std::optional<chess::Color> side) {
  const auto fits = [&](std::size_t move) {
    const chess::Color mover = move % 2 == 0 ? first_mover : ~first_mover;
    return review.moves[move].judgement != Judgement::Good && (!side || *side == mover);
  };
  if (forward) {
    for (std::size_t move = ply; move < review.moves.size(); ++move)
      if (fits(move)) return move + 1;
  } else {
    for (std::size_t move = std::min(ply, review.moves.size() + 1); move-- > 1;)
      if (fits(move - 1)) return move;
  }
  return std::nullopt;
}

chess::PgnGame annotate(const chess::PgnGame& game, const GameReview& review) {
  chess::PgnGame out = game;
  out.comments_after.resize(game.moves.size());
  out.nags_after.assign(game.moves.size(), 0);
  chess::Position pos = game.start;
  for (std::size_t i = 0; i < game.moves.size() && i < review.moves.size(); ++i) {
    const PositionVerdict& before = review.positions[i];
    const PositionVerdict& after = review.positions[i + 1];
    std::string comment;
    if (!after.by_the_rules) comment = "[%eval " + eval_text(after.score) + "]";
    const Judgement judgement = review.moves[i].judgement;
    if (judgement != Judgement::Good) {
      out.nags_after[i] = nag_of(judgement);
      comment += std::string(" ") + title_of(judgement) + ".";
      if (!review.moves[i].reason.empty()) comment += " " + review.moves[i].reason;
      if (before.best && before.best != game.moves[i])
        comment += " " + chess::to_san(pos, before.best) + " was best: " + chess::to_san_line(pos, before.line, ShownPlies) + ".";
    }
    std::string& kept = out.comments_after[i];
    if (kept.find("[%eval ") != std::string::npos) kept.clear();  // an earlier review's: replaced
    if (!comment.empty()) kept = kept.empty() ? comment : kept + " " + comment;
    pos.do_move(game.moves[i]);
  }
  const auto add_tag = [&](const std::string& name, const std::string& value) {
    std::erase_if(out.tags, [&](const auto& tag) { return tag.first == name; });
    out.tags.emplace_back(name, value);
  };
  for (const chess::Color side : {chess::WHITE, chess::BLACK}) {
    const std::string who = side == chess::WHITE ? "White" : "Black";
    if (const auto& accuracy = side == chess::WHITE ? review.accuracy.white : review.accuracy.black)
      add_tag(who + "Accuracy", percent_text(*accuracy));
    add_tag(who + "Inaccuracies", std::to_string(review.counts[side][0]));
    add_tag(who + "Mistakes", std::to_string(review.counts[side][1]));
    add_tag(who + "Blunders", std::to_string(review.counts[side][2]));
  }
  return out;
}

}  // namespace gambit::review
