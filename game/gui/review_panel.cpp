// SPDX-License-Identifier: MIT
#include "game/gui/review_panel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <span>

#include "core/chess/san.h"
#include "core/config/seats.h"
#include "core/match/game_record.h"
#include "core/recording/practice_entry.h"
#include "core/review/review_record.h"
#include "core/util/local_time.h"
#include "core/util/translation.h"
#include "game/gui/app.h"

namespace gambit::gui {

namespace {

constexpr float GraphHeight = 64;
constexpr float ButtonHeight = 28;
constexpr unsigned TextSize = 13;
constexpr float LineHeight = 17;
constexpr int MaxMoveLines = 4;
constexpr std::size_t ShownPlies = 6;  // of the better line
// The review's searches yield to the window's thread, as the game's AIs do.
constexpr int ReviewNiceness = 5;

sf::Color judgement_color(review::Judgement judgement) {
  switch (judgement) {
    case review::Judgement::Inaccuracy: return colors::Inaccuracy;
    case review::Judgement::Mistake: return colors::Mistake;
    case review::Judgement::Blunder: return colors::Blunder;
    case review::Judgement::Good: break;
  }
  return colors::Text;
}

}  // namespace

ReviewPanel::ReviewPanel(App& app, std::int64_t game_id, chess::PgnGame game, std::optional<chess::Color> own_side)
    : app_(app), game_id_(game_id), game_(std::move(game)), own_side_(own_side) {
  positions_.push_back(game_.start);
  for (const chess::Move move : game_.moves) {
    positions_.push_back(positions_.back());
    positions_.back().do_move(move);
  }
  forget();
  const config::Settings& settings = app_.setup().settings();
  if (auto resolved = config::resolve_review(settings, app_.setup().plugin_descriptors())) {
    if (auto seat = config::seat_to_play(*resolved, app_.setup().catalog())) {
      analyser_ = seat->plugin->id() + " " + seat->plugin->version() + " " + match::options_text(seat->options);
      // Its scores are kept on Stockfish's scale: a review made at another scale is made again.
      if (const double scale = seat->plugin->score_scale(); scale != 1.0) {
        char text[32];
        std::snprintf(text, sizeof text, " score_scale=%.3g", scale);
        analyser_ += text;
      }
    }
  }
  budget_ = review::budget_text(settings.review.limits());
  store::Store* store = app_.setup().store();
  if (!store || analyser_.empty() || game_id_ == 0) return;  // 0: a game from a file, not in the store
  auto kept = store->reviews().review(game_id_, analyser_, budget_);
  if (!kept || !kept.value()) return;
  auto verdicts = review::parse_verdicts(kept.value()->verdicts, game_);
  if (!verdicts) return;  // a review that no longer fits is made again when asked
  verdicts_.assign(verdicts.value().begin(), verdicts.value().end());
  done_ = verdicts_.size();
  finish(review::judge_game(game_, std::move(verdicts).value()));
}

void ReviewPanel::forget() {
  verdicts_.assign(positions_.size(), std::nullopt);
  judgements_.assign(game_.moves.size(), review::Judgement::Good);
  marks_.assign(game_.moves.size(), {});
  done_ = 0;
  deeper_ = 0;
  review_.reset();
}

void ReviewPanel::set_judgement(std::size_t move, review::Judgement judgement) {
  judgements_[move] = judgement;
  marks_[move] = {review::mark_of(judgement), judgement_color(judgement)};
}

void ReviewPanel::start() {
  if (state_ == State::Running || state_ == State::Done) return;
  const config::Settings& settings = app_.setup().settings();
  failure_.clear();
  auto analysers = app_.setup().review_analysers(game_.start.variant());
  if (!analysers) {
    failure_ = analysers.error();
    state_ = State::Failed;
    return;
  }
  forget();
  task_ = std::make_unique<review::ReviewTask>(std::move(analysers).value(), game_, settings.review.limits(),
                                               ReviewNiceness);
  state_ = State::Running;
}

void ReviewPanel::cancel() {
  if (state_ == State::Running && task_) task_->cancel();
}

void ReviewPanel::update() {
  if (state_ != State::Running || !task_) return;
  const review::ReviewTask::Progress progress = task_->take_verdicts(verdicts_);
  if (progress.done != done_ || progress.deeper != deeper_) {
    done_ = progress.done;
    deeper_ = progress.deeper;
    judge_partly();
    app_.invalidate();
  }
  if (!progress.finished) return;
  std::optional<review::GameReview> review = task_->take_review();
  task_.reset();
  app_.invalidate();
  if (!review) {
    forget();
    if (progress.failure == "cancelled") {
      state_ = State::None;
      app_.toast(tr("Review cancelled."));
    } else {
      state_ = State::Failed;
      failure_ = fill(tr("The review failed: {reason}"), {{"reason", progress.failure}});
    }
    return;
  }
  if (store::Store* store = app_.setup().store()) {
    const std::int64_t now = unix_now();
    if (game_id_ != 0) {  // 0: a game from a file, whose review is not kept
      const store::StoredReview record{analyser_, budget_, review::verdicts_text(review->positions), now};
      if (auto saved = store->reviews().save_review(game_id_, record); !saved)
        app_.toast(fill(tr("The review could not be kept: {reason}"), {{"reason", saved.error()}}));
    }
    // The person's own mistakes and blunders, to practise, from a stored game
    // or a file of theirs (a position kept already is not added twice).
    if (own_side_) {
      const std::optional<std::int64_t> from = game_id_ != 0 ? std::optional(game_id_) : std::nullopt;
      auto added = store->practice().add_practice_positions(
          recording::practice_positions(game_, *review, *own_side_, from), now);
      if (!added)
        app_.toast(fill(tr("Your mistakes could not be kept to practise: {reason}"), {{"reason", added.error()}}));
    }
  }
  finish(std::move(review).value());
}

void ReviewPanel::finish(review::GameReview review) {
  verdicts_.assign(review.positions.begin(), review.positions.end());
  done_ = verdicts_.size();
  for (std::size_t i = 0; i < review.moves.size(); ++i) set_judgement(i, review.moves[i].judgement);
  review_ = std::move(review);
  state_ = State::Done;
}

void ReviewPanel::judge_partly() {
  for (std::size_t i = 0; i < game_.moves.size(); ++i)
    if (verdicts_[i] && verdicts_[i + 1])
      set_judgement(i, review::judge(verdicts_[i]->score, verdicts_[i + 1]->score, positions_[i].side_to_move()));
}

std::optional<BoardScene::Arrow> ReviewPanel::arrow(std::size_t ply) const {
  if (ply == 0 || ply > game_.moves.size() || judgements_[ply - 1] == review::Judgement::Good) return std::nullopt;
  const auto& before = verdicts_[ply - 1];
  if (!before || !before->best || before->best == game_.moves[ply - 1]) return std::nullopt;
  return BoardScene::Arrow{before->best.from(), before->best.to(), sf::Color(60, 140, 220, 200)};
}

std::optional<double> ReviewPanel::accuracy(chess::Color side) const {
  if (!review_) return std::nullopt;
  return side == chess::WHITE ? review_->accuracy.white : review_->accuracy.black;
}

std::optional<chess::PgnGame> ReviewPanel::annotated() const {
  if (!review_) return std::nullopt;
  return review::annotate(game_, *review_);
}

// "12... Nf6?? Blunder. Allows mate in 1: 13. Qxf7#. Better: 12... g6 13. Qf3"
std::string ReviewPanel::move_text(std::size_t ply) const {
  const auto eval = [&](std::size_t at) {
    return verdicts_[at] ? " (" + review::eval_text(verdicts_[at]->score) + ")" : std::string();
  };
  if (ply == 0) {
    if (!verdicts_[0]) return tr("Start position.");
    // TRANSLATORS: {eval}: the evaluation of the start position, in pawns from White's side ("+0.35") or a mate ("#3").
    return fill(tr("Start position ({eval})."), {{"eval", review::eval_text(verdicts_[0]->score)}});
  }
  const chess::Position& before = positions_[ply - 1];
  const chess::Move move = game_.moves[ply - 1];
  const review::Judgement judgement = judgements_[ply - 1];
  // "12... Nf6?? (-5.20)": the move with its number, its mark and the evaluation after it.
  const std::string played = chess::to_san_line(before, std::span(&move, 1)) + review::mark_of(judgement) + eval(ply);
  std::string text;
  switch (judgement) {
    case review::Judgement::Good:
      if (!verdicts_[ply] || !verdicts_[ply - 1]) return played + ".";
      // TRANSLATORS: {move}: a move with its number and the evaluation after it, "12... Nf6 (+0.35)".
      return fill(tr("{move}: good move."), {{"move", played}});
    // TRANSLATORS: {move}: a move with its number, its mark and the evaluation after it, "12... Nf6?! (+0.35)".
    case review::Judgement::Inaccuracy: text = fill(tr("{move}: Inaccuracy."), {{"move", played}}); break;
    // TRANSLATORS: {move}: a move with its number, its mark and the evaluation after it, "12... Nf6? (-1.35)".
    case review::Judgement::Mistake: text = fill(tr("{move}: Mistake."), {{"move", played}}); break;
    // TRANSLATORS: {move}: a move with its number, its mark and the evaluation after it, "12... Nf6?? (-5.20)".
    case review::Judgement::Blunder: text = fill(tr("{move}: Blunder."), {{"move", played}}); break;
  }
  if (review_) {
    // A review made now has its reason in the player's language; one read back from the store, in English.
    const review::MoveVerdict& verdict = review_->moves[ply - 1];
    const std::string& why = verdict.shown_reason.empty() ? verdict.reason : verdict.shown_reason;
    if (!why.empty()) text += " " + why;
  }
  const auto& best = verdicts_[ply - 1];
  if (best && best->best && best->best != move)
    // TRANSLATORS: after a mistake: the better line, in moves ("12... g6 13. Qf3").
    text += " " + fill(tr("Better: {line}"), {{"line", chess::to_san_line(before, best->line, ShownPlies)}});
  return text;
}

float ReviewPanel::draw(sf::RenderTarget& target, sf::FloatRect area, std::size_t ply) {
  const Assets& assets = app_.assets();
  float y = area.top;
  if (state_ == State::None) return 0;
  if (state_ == State::Failed) {
    for (const std::string& line : wrap_text(assets.font(), failure_, TextSize, area.width)) {
      draw_text(target, assets.font(), line, TextSize, {area.left, y}, colors::Warning);
      y += LineHeight;
    }
    return y - area.top + 6;
  }

  // Each side's accuracy, once the review is complete.
  if (review_) {
    const auto percent = [](const std::optional<double>& accuracy) {
      if (!accuracy) return std::string("-");
      char text[16];
      std::snprintf(text, sizeof text, "%.0f%%", *accuracy);
      return std::string(text);
    };
    // TRANSLATORS: each side's accuracy in a reviewed game, in percent ("87%").
    const std::string accuracy = fill(tr("Accuracy: White {white}, Black {black}"),
                                      {{"white", percent(review_->accuracy.white)}, {"black", percent(review_->accuracy.black)}});
    draw_text(target, assets.bold(), fit_text(assets.bold(), accuracy, TextSize, area.width), TextSize, {area.left, y});
    y += LineHeight + 2;
  }
  // The graph: White's win percent over the game, White's share light.
  graph_ = {area.left, y, area.width, GraphHeight};
  fill_rect(target, graph_, sf::Color(30, 29, 27));
  const std::size_t n = positions_.size();
  const auto x_of = [&](std::size_t i) { return graph_.left + (n > 1 ? float(i) * graph_.width / float(n - 1) : 0); };
  const auto y_of = [&](std::size_t i) {
    return graph_.top + graph_.height * float(1 - review::win_percent(verdicts_[i]->score) / 100);
  };
  sf::VertexArray area_fill(sf::Triangles);
  const sf::Color light(215, 212, 205);
  for (std::size_t i = 0; i + 1 < n; ++i) {
    if (!verdicts_[i] || !verdicts_[i + 1]) continue;
    const sf::Vector2f a(x_of(i), y_of(i)), b(x_of(i + 1), y_of(i + 1));
    const float bottom = graph_.top + graph_.height;
    for (const sf::Vector2f v : {a, b, sf::Vector2f(b.x, bottom), a, sf::Vector2f(b.x, bottom), sf::Vector2f(a.x, bottom)})
      area_fill.append(sf::Vertex(v, light));
  }
  target.draw(area_fill);
  fill_rect(target, {graph_.left, graph_.top + graph_.height / 2, graph_.width, 1}, sf::Color(120, 118, 112));
  fill_rect(target, {std::round(x_of(std::min(ply, n - 1))) - 1, graph_.top, 2, graph_.height}, colors::Accent);
  for (std::size_t i = 0; i < game_.moves.size(); ++i) {
    if (judgements_[i] == review::Judgement::Good || !verdicts_[i + 1]) continue;
    sf::CircleShape dot(3.5f);
    dot.setOrigin(3.5f, 3.5f);
    dot.setPosition(x_of(i + 1), y_of(i + 1));
    dot.setFillColor(marks_[i].color);
    dot.setOutlineColor(sf::Color(20, 20, 20));
    dot.setOutlineThickness(1);
    target.draw(dot);
  }
  if (LayoutLog* log = LayoutLog::active()) log->add_box("review graph", graph_);
  y += GraphHeight + 6;

  if (state_ == State::Running) {
    const float share = float(done_) / float(std::max<std::size_t>(n, 1));
    fill_rect(target, {area.left, y, area.width, 8}, colors::PanelLight);
    fill_rect(target, {area.left, y, std::round(area.width * share), 8}, colors::Accent);
    y += 12;
    // TRANSLATORS: the review's progress: the positions searched so far of the game's positions.
    const std::string progress =
        done_ < n || deeper_ == 0
            ? fill(trn("Reviewing: {done} of {n} position", "Reviewing: {done} of {n} positions", n),
                   {{"done", std::to_string(done_)}, {"n", std::to_string(n)}})
            // TRANSLATORS: the review's second look at the positions where the evaluation changes much. The
            // English says "positions" even for one.
            : fill(trn("Looking deeper where the evaluation swings: {n} positions",
                       "Looking deeper where the evaluation swings: {n} positions", deeper_),
                   {{"n", std::to_string(deeper_)}});
    draw_text(target, assets.font(), fit_text(assets.font(), progress, TextSize, area.width), TextSize, {area.left, y},
              colors::TextDim);
    return y + LineHeight + 4 - area.top;
  }

  // The current move in words.
  const std::vector<std::string> lines = wrap_lines(assets.font(), move_text(ply), TextSize, area.width, MaxMoveLines);
  const sf::Color color = ply > 0 ? judgement_color(judgements_[ply - 1]) : colors::Text;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    draw_text(target, assets.font(), lines[i], TextSize, {area.left, y}, i == 0 ? color : colors::Text);
    y += LineHeight;
  }
  y += 4;
  const float gap = 8, w = std::floor((area.width - gap) / 2);
  previous_.rect = {area.left, y, w, ButtonHeight};
  next_.rect = {area.left + w + gap, y, w, ButtonHeight};
  const chess::Color first_mover = game_.start.side_to_move();
  previous_.enabled = review::find_mistake(*review_, first_mover, ply, false, own_side_).has_value();
  next_.enabled = review::find_mistake(*review_, first_mover, ply, true, own_side_).has_value();
  previous_.draw(target, assets);
  next_.draw(target, assets);
  return y + ButtonHeight + 8 - area.top;
}

std::optional<std::size_t> ReviewPanel::handle(const sf::Event& event, std::size_t ply) {
  if (state_ == State::None || state_ == State::Failed) return std::nullopt;
  if (event.type == sf::Event::MouseButtonReleased && event.mouseButton.button == sf::Mouse::Left &&
      graph_.contains(float(event.mouseButton.x), float(event.mouseButton.y)) && positions_.size() > 1) {
    const float share = (float(event.mouseButton.x) - graph_.left) / graph_.width;
    return std::size_t(std::lround(share * float(positions_.size() - 1)));
  }
  if (previous_.clicked(event)) return mistake(ply, false);
  if (next_.clicked(event)) return mistake(ply, true);
  return std::nullopt;
}

std::optional<std::size_t> ReviewPanel::mistake(std::size_t ply, bool forward) const {
  if (state_ != State::Done || !review_) return std::nullopt;
  return review::find_mistake(*review_, game_.start.side_to_move(), ply, forward, own_side_);
}

void ReviewPanel::describe(StateDump& dump) const {
  const char* states[] = {"none", "running", "done", "failed"};
  dump.add("review", states[int(state_)]);
  dump.add("review_done", int(done_));
  dump.add("review_failure", failure_);
  std::vector<std::string> marks;
  for (const MoveListView::Mark& mark : marks_) marks.push_back(mark.text);
  dump.add("review_marks", marks);
  for (const chess::Color side : {chess::WHITE, chess::BLACK}) {
    const std::string who = side == chess::WHITE ? "white" : "black";
    dump.add("review_accuracy_" + who, accuracy(side).value_or(-1.0));
    dump.add("review_blunders_" + who, review_ ? review_->counts[side][2] : 0);
  }
}

}  // namespace gambit::gui
