#include "core/review/game_review.h"

#include <cctype>
#include <cstdio>

#include "core/chess/movegen.h"
#include "core/chess/san.h"

namespace gambit::review {

namespace {

// The verdict of a position the rules have already decided, if they have.
std::optional<PositionVerdict> by_the_rules(const chess::Position& pos) {
  const bool white = pos.side_to_move() == chess::WHITE;
  const Score mated = Score::mate(white ? -1 : 1);  // the side to move has lost
  if (pos.lost_by_checks()) return PositionVerdict{mated, true, chess::Move::none(), {}};
  if (chess::legal_moves(pos).size() != 0) return std::nullopt;
  return PositionVerdict{pos.in_check() ? mated : Score::centipawns(0), true, chess::Move::none(), {}};
}

// The plies of the better line a comment shows.
constexpr std::size_t ShownPlies = 8;

// "12. Nf3 Qd7 13. O-O": the start of a line in SAN with move numbers, from pos.
std::string line_text(chess::Position pos, const std::vector<chess::Move>& line) {
  std::string out;
  for (std::size_t i = 0; i < line.size() && i < ShownPlies && pos.is_legal(line[i]); ++i) {
    if (!out.empty()) out += ' ';
    if (pos.side_to_move() == chess::WHITE) out += std::to_string(pos.fullmove_number()) + ". ";
    else if (i == 0) out += std::to_string(pos.fullmove_number()) + "... ";
    out += chess::to_san(pos, line[i]);
    pos.do_move(line[i]);
  }
  return out;
}

std::string percent_text(double value) {
  char text[16];
  std::snprintf(text, sizeof text, "%.1f", value);
  return text;
}

}  // namespace

std::string eval_text(Score white_view) {
  if (white_view.kind == Score::Kind::Mate) return "#" + std::to_string(white_view.value);
  char text[16];
  std::snprintf(text, sizeof text, "%.2f", white_view.value / 100.0);
  return text;
}

Result<GameReview> review_game(players::PluginPlayer& analyser, const chess::PgnGame& game,
                               const players::Limits& limits, const ReviewProgress& progress) {
  GameReview review;
  const std::size_t total = game.moves.size() + 1;
  chess::Position pos = game.start;
  if (auto started = analyser.new_game(); !started) return Failure{started.error()};
  for (std::size_t i = 0; i < total; ++i) {
    if (i > 0) {
      if (!pos.is_legal(game.moves[i - 1])) return Failure{"move " + std::to_string(i) + " is not legal"};
      pos.do_move(game.moves[i - 1]);
    }
    if (auto decided = by_the_rules(pos)) {
      review.positions.push_back(*decided);
    } else {
      std::optional<players::SearchInfo> last;
      const std::vector<chess::Move> moves(game.moves.begin(), game.moves.begin() + long(i));
      const players::MoveAnswer answer = analyser.choose_move(
          game.start, moves, limits, [&](const players::SearchInfo& info) {
            if (info.score_kind != players::ScoreKind::None) last = info;
          },
          players::MoveRequest::NoDeadline);
      if (answer.kind != players::MoveAnswer::Kind::Move) return Failure{answer.reason};
      if (!last)
        return Failure{"player '" + analyser.library().id() + "' reported no score, so it cannot review games"};
      const int sign = pos.side_to_move() == chess::WHITE ? 1 : -1;
      PositionVerdict verdict;
      verdict.score = last->score_kind == players::ScoreKind::Mate ? Score::mate(sign * last->score)
                                                                    : Score::centipawns(sign * last->score);
      verdict.best = answer.move;
      verdict.line = last->pv;
      if (verdict.line.empty() || verdict.line.front() != answer.move) verdict.line = {answer.move};
      review.positions.push_back(std::move(verdict));
    }
    if (progress) progress(i + 1, total);
  }
  std::vector<Score> scores;
  for (const PositionVerdict& p : review.positions) scores.push_back(p.score);
  const chess::Color first_mover = game.start.side_to_move();
  review.accuracy = game_accuracy(scores, first_mover);
  for (std::size_t i = 0; i < game.moves.size(); ++i) {
    const chess::Color mover = i % 2 == 0 ? first_mover : ~first_mover;
    MoveVerdict verdict;
    verdict.judgement = judge(scores[i], scores[i + 1], mover);
    verdict.accuracy = move_accuracy(scores[i], scores[i + 1], mover);
    if (verdict.judgement != Judgement::Good) ++review.counts[mover][int(verdict.judgement) - 1];
    review.moves.push_back(verdict);
  }
  return review;
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
      std::string name = name_of(judgement);
      name[0] = char(std::toupper(static_cast<unsigned char>(name[0])));
      comment += " " + name + ".";
      if (before.best && before.best != game.moves[i])
        comment += " " + chess::to_san(pos, before.best) + " was best: " + line_text(pos, before.line) + ".";
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
