// SPDX-License-Identifier: MIT
#include "game/gui/analysis_lines_view.h"

#include <algorithm>
#include <cmath>

#include "core/chess/san.h"
#include "core/review/game_review.h"
#include "game/gui/widgets.h"

namespace gambit::gui {

namespace {
constexpr unsigned MoveSize = 14;
constexpr float RowHeight = 22;
constexpr float ScoreBox = 56;
}  // namespace

void AnalysisLinesView::set_lines(const chess::Position& position, std::vector<study::AnalysisLine> lines,
                                  std::uint64_t sequence) {
  if (sequence == sequence_ && position == position_) return;
  sequence_ = sequence;
  position_ = position;
  lines_ = std::move(lines);
  words_.assign(lines_.size(), {});
  word_moves_.assign(lines_.size(), {});
  for (std::size_t i = 0; i < lines_.size(); ++i) {
    chess::Position walk = position;
    for (std::size_t m = 0; m < lines_[i].pv.size(); ++m) {
      const bool white = walk.side_to_move() == chess::WHITE;
      if (white || m == 0) {
        words_[i].push_back(std::to_string(walk.fullmove_number()) + (white ? "." : "..."));
        word_moves_[i].push_back(0);
      }
      words_[i].push_back(chess::to_san(walk, lines_[i].pv[m]));
      word_moves_[i].push_back(m + 1);
      walk.do_move(lines_[i].pv[m]);
    }
  }
}

void AnalysisLinesView::clear() {
  lines_.clear();
  words_.clear();
  word_moves_.clear();
  cells_.clear();
  sequence_ = std::uint64_t(-1);
}

float AnalysisLinesView::draw(sf::RenderTarget& target, const Assets& assets, const sf::FloatRect& rect,
                              const std::string& header) {
  cells_.clear();
  float y = rect.top;
  draw_text(target, assets.font(), fit_text(assets.font(), header, 13, rect.width), 13, {rect.left, y},
            colors::TextDim);
  y += 20;
  for (std::size_t i = 0; i < lines_.size() && y + RowHeight <= rect.top + rect.height; ++i) {
    const sf::FloatRect score_rect{rect.left, y, ScoreBox, RowHeight - 3};
    fill_rect(target, score_rect, colors::PanelLight);
    draw_text_centred(target, assets.bold(), review::white_view_text(lines_[i], position_.side_to_move()), 13,
                      score_rect);
    cells_.push_back({score_rect, i, 1});
    // The line's words as one text, as many as fit (one draw: a software renderer pays per draw);
    // the moves' boxes from where the text puts each word.
    const float left = rect.left + ScoreBox + 6, right = rect.left + rect.width;
    std::string text;
    std::vector<std::pair<std::size_t, std::size_t>> starts;  // byte offset of each word, its word index
    for (std::size_t w = 0; w < words_[i].size(); ++w) {
      const std::string longer = text + (text.empty() ? "" : " ") + words_[i][w];
      if (text_width(assets.bold(), longer, MoveSize) > right - left) break;
      starts.push_back({text.empty() ? 0 : text.size() + 1, w});
      text = longer;
    }
    if (!starts.empty() && word_moves_[i][starts.back().second] == 0) {  // no move number left hanging at the end
      text.resize(starts.back().first == 0 ? 0 : starts.back().first - 1);
      starts.pop_back();
    }
    sf::Text drawn(sf::String::fromUtf8(text.begin(), text.end()), assets.bold(), MoveSize);
    drawn.setPosition(std::round(left), std::round(y + 1));
    drawn.setFillColor(colors::Text);
    for (std::size_t k = 0; k < starts.size(); ++k) {
      const auto [offset, w] = starts[k];
      if (word_moves_[i][w] == 0) continue;  // a move number
      const float x0 = drawn.findCharacterPos(offset).x;
      const float x1 = k + 1 < starts.size() ? drawn.findCharacterPos(starts[k + 1].first - 1).x
                                             : drawn.findCharacterPos(text.size()).x;
      cells_.push_back({{x0 - 2, y, x1 - x0 + 4, RowHeight - 3}, i, word_moves_[i][w]});
    }
    draw_text(target, assets.bold(), text, MoveSize, {left, y + 1});
    y += RowHeight;
  }
  return y - rect.top;
}

std::optional<std::vector<chess::Move>> AnalysisLinesView::moves_at(sf::Vector2f point) const {
  for (const Cell& cell : cells_)
    if (cell.rect.contains(point)) {
      const std::vector<chess::Move>& pv = lines_[cell.line].pv;
      return std::vector<chess::Move>(pv.begin(), pv.begin() + std::ptrdiff_t(std::min(cell.moves, pv.size())));
    }
  return std::nullopt;
}

double evaluation_share(double pawns) { return 1.0 / (1.0 + std::exp(-0.55 * pawns)); }

void draw_evaluation_bar(sf::RenderTarget& target, const Assets& assets, const sf::FloatRect& rect,
                         const std::optional<study::AnalysisLine>& best, chess::Color side_to_move, bool flipped) {
  const double share = best ? evaluation_share(study::white_view_pawns(*best, side_to_move)) : 0.5;
  const float white_height = float(share) * rect.height;
  fill_rect(target, rect, sf::Color(64, 62, 60));
  const sf::FloatRect white{rect.left, flipped ? rect.top : rect.top + rect.height - white_height, rect.width,
                            white_height};
  fill_rect(target, white, sf::Color(236, 234, 230));
  fill_rect(target, {rect.left, rect.top + rect.height / 2 - 1, rect.width, 2}, sf::Color(200, 60, 50, 160));
  if (!best) return;
  const std::optional<review::Score> score = review::white_view(*best, side_to_move);
  if (!score) return;
  const std::string text = review::bar_eval_text(*score);
  const bool white_ahead = share >= 0.5;
  // At the winning side's end of the bar, in the other colour.
  const bool at_bottom = white_ahead != flipped;
  const sf::FloatRect label{rect.left, at_bottom ? rect.top + rect.height - 18 : rect.top + 2, rect.width, 16};
  draw_text_centred(target, assets.bold(), text, 11, label,
                    white_ahead ? sf::Color(40, 40, 40) : sf::Color(230, 228, 224));
}

}  // namespace gambit::gui
