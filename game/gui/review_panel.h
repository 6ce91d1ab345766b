// SPDX-License-Identifier: MIT
// ReviewPanel: a game's review on the analysis board (its main line as the
// review began). It reopens the review kept in the store for the configured
// analyser and budget, or runs one in the background (core/review/ReviewTask)
// with a progress bar, showing the verdicts as they arrive; then each side's
// accuracy, the evaluation graph (a click goes to that move), the verdict on
// the current move in words with the better line, and Previous/Next mistake
// through the person's own mistakes (both sides' when the person played
// neither). The screen asks it for the better-move arrow. Plies count moves
// of the reviewed game from its start.
#pragma once

#include <SFML/Graphics.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/chess/pgn.h"
#include "core/review/game_review.h"
#include "core/review/review_task.h"
#include "core/util/translation.h"
#include "game/gui/board_view.h"
#include "game/gui/move_list_view.h"
#include "game/gui/state_dump.h"
#include "game/gui/widgets.h"

namespace gambit::gui {

class App;

class ReviewPanel {
 public:
  enum class State { None, Running, Done, Failed };

  // own_side: the side the person played, whose mistakes Previous/Next walk
  // (nullopt: both) and, once reviewed, are kept to practise. Looks in the
  // store for a kept review at once; game_id 0: a game from a file, whose
  // review is not kept (its mistakes are).
  ReviewPanel(App& app, std::int64_t game_id, chess::PgnGame game, std::optional<chess::Color> own_side);

  State state() const { return state_; }
  // Starts a review (None or Failed only); cancel() stops a running one.
  void start();
  void cancel();
  // Takes the verdicts that arrived; keeps a completed review in the store.
  void update();

  // Draws the review into area (from its top) for the current ply; returns the height it took.
  float draw(sf::RenderTarget& target, sf::FloatRect area, std::size_t ply);
  // A click on the graph or a button: the ply to go to.
  std::optional<std::size_t> handle(const sf::Event& event, std::size_t ply);
  // The ply of the person's previous or next mistake from ply (the screen's keys), once the review is complete.
  std::optional<std::size_t> mistake(std::size_t ply, bool forward) const;
  // The game reviewed, as it was given.
  const chess::PgnGame& game() const { return game_; }
  // The evaluation of the position after ply moves (White's view), once searched.
  std::optional<review::Score> score_at(std::size_t ply) const {
    return ply < verdicts_.size() && verdicts_[ply] ? std::optional(verdicts_[ply]->score) : std::nullopt;
  }
  // Its review is kept in the store (a game of the store).
  bool kept_in_store() const { return game_id_ != 0; }

  // Each move's mark for the move list.
  const std::vector<MoveListView::Mark>& marks() const { return marks_; }
  // The better move where the move to `ply` was a mistake, as an arrow.
  std::optional<BoardScene::Arrow> arrow(std::size_t ply) const;
  std::optional<double> accuracy(chess::Color side) const;
  // The game with the review written in (Export PGN), when it is complete.
  std::optional<chess::PgnGame> annotated() const;
  // The review, when it is complete.
  const std::optional<review::GameReview>& review() const { return review_; }
  void describe(StateDump& dump) const;

 private:
  void finish(review::GameReview review);  // complete: show it all
  void judge_partly();                      // the moves whose two verdicts are there
  void set_judgement(std::size_t move, review::Judgement judgement);
  void forget();                            // back to no review
  std::string move_text(std::size_t ply) const;

  App& app_;
  std::int64_t game_id_;
  chess::PgnGame game_;
  std::vector<chess::Position> positions_;
  std::optional<chess::Color> own_side_;
  std::string analyser_, budget_;  // what makes the review, as the store keys it

  State state_ = State::None;
  std::string failure_;
  std::unique_ptr<review::ReviewTask> task_;
  std::vector<std::optional<review::PositionVerdict>> verdicts_;
  std::size_t done_ = 0;
  std::size_t deeper_ = 0;  // positions searched again, deeper
  std::optional<review::GameReview> review_;  // once complete
  std::vector<review::Judgement> judgements_;  // per move, as far as judged
  std::vector<MoveListView::Mark> marks_;

  sf::FloatRect graph_;
  // TRANSLATORS: short button labels: go to the previous (<) or the next (>) mistake of the game reviewed.
  Button previous_{tr("< Mistake"), tr("Your previous mistake (Shift+Left)"), {}};
  Button next_{tr("Mistake >"), tr("Your next mistake (Shift+Right)"), {}};
};

}  // namespace gambit::gui
