// SPDX-License-Identifier: MIT
#include "game/gui/move_list_view.h"

#include <algorithm>

#include "game/gui/shown_notation.h"
#include "game/gui/widgets.h"

namespace gambit::gui {

namespace {
constexpr float RowHeight = 22;
constexpr unsigned TextSize = 14;
}  // namespace

void MoveListView::draw(sf::RenderTarget& target, const Assets& assets, const sf::FloatRect& rect,
                        const Moves& moves, Follow follow, const std::string& empty_text) {
  rect_ = rect;
  fill_rect(target, rect, sf::Color(40, 38, 35));
  const std::vector<std::string>& san = *moves.san;
  const std::size_t visible = std::size_t(std::max(1.0f, (rect.height - 8) / RowHeight));
  const std::size_t offset = moves.black_first ? 1 : 0;
  rows_ = san.empty() ? 0 : (san.size() + offset + 1) / 2;  // no "1." row over the empty text
  if (follow == Follow::LastMove) {
    first_row_ = rows_ > visible ? rows_ - visible : 0;
  } else if (follow == Follow::CurrentMove) {
    const std::size_t row = moves.current > 0 ? (moves.current - 1 + offset) / 2 : 0;
    if (row < first_row_) first_row_ = row;
    if (row >= first_row_ + visible) first_row_ = row + 1 - visible;
  }
  first_row_ = std::min(first_row_, rows_ > visible ? rows_ - visible : 0);

  cells_.clear();
  const float cell_width = (rect.width - 60) / 2;
  for (std::size_t row = first_row_; row < rows_ && row < first_row_ + visible; ++row) {
    const float y = rect.top + 4 + float(row - first_row_) * RowHeight;
    draw_text(target, assets.font(), std::to_string(moves.first_number + int(row)) + ".", TextSize,
              {rect.left + 8, y + 2}, colors::TextDim);
    for (std::size_t column = 0; column < 2; ++column) {
      const std::size_t cell = row * 2 + column;
      if (cell < offset || cell - offset >= san.size()) continue;
      const std::size_t index = cell - offset;
      const sf::FloatRect box(rect.left + 52 + float(column) * cell_width, y, cell_width - 4, RowHeight);
      if (index + 1 == moves.current) fill_rect(target, box, sf::Color(70, 90, 50));
      const float width = draw_text(target, assets.font(), shown_san(san[index]), TextSize, {box.left + 6, y + 2});
      if (moves.marks && index < moves.marks->size() && !(*moves.marks)[index].text.empty()) {
        const Mark& mark = (*moves.marks)[index];
        draw_text(target, assets.bold(), mark.text, TextSize, {box.left + 7 + width, y + 2}, mark.color);
      }
      cells_.push_back({box, index + 1});
    }
  }
  if (san.empty()) draw_text(target, assets.font(), empty_text, TextSize, {rect.left + 8, rect.top + 6}, colors::TextDim);
}

bool MoveListView::scroll(const sf::Event& event) {
  if (event.type != sf::Event::MouseWheelScrolled ||
      !rect_.contains({float(event.mouseWheelScroll.x), float(event.mouseWheelScroll.y)}))
    return false;
  if (event.mouseWheelScroll.delta > 0 && first_row_ > 0) --first_row_;
  else if (event.mouseWheelScroll.delta < 0 && first_row_ + 1 < rows_) ++first_row_;
  return true;
}

std::optional<std::size_t> MoveListView::ply_at(sf::Vector2f point) const {
  for (const auto& [box, ply] : cells_)
    if (box.contains(point)) return ply;
  return std::nullopt;
}

}  // namespace gambit::gui
