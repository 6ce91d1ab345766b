// SPDX-License-Identifier: MIT
#include "game/gui/move_tree_view.h"

#include <algorithm>
#include <cmath>

#include "core/util/translation.h"
#include "game/gui/layout_log.h"
#include "game/gui/shown_notation.h"
#include "game/gui/widgets.h"

namespace gambit::gui {

namespace {
constexpr unsigned TextSize = 14;
constexpr float LineHeight = 20;
constexpr float IndentWidth = 14;
constexpr float Pad = 6;

// The words of a comment as tokens of their own, so that they wrap.
std::vector<std::string> words_of(const std::string& text) {
  std::vector<std::string> words;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    if (end > start) words.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return words;
}
}  // namespace

std::string nag_symbol(int nag) {
  switch (nag) {
    case 1: return "!";
    case 2: return "?";
    case 3: return "!!";
    case 4: return "??";
    case 5: return "!?";
    case 6: return "?!";
    case 10: return "=";
    case 14: return "+=";
    case 15: return "=+";
    case 16: return "+/-";
    case 17: return "-/+";
    case 18: return "+-";
    case 19: return "-+";
    default: return "$" + std::to_string(nag);
  }
}

void MoveTreeView::add_comment(const study::Comment& comment) {
  if (comment.text.empty()) return;
  Paragraph& p = paragraphs_.back();
  for (std::string& word : words_of(comment.text)) p.tokens.push_back({std::move(word), {}, 3});
}

void MoveTreeView::emit_line(const study::MoveTree& tree, study::NodeId first, int indent) {
  bool need_number = true;
  const int move_style = indent == 0 ? 0 : 1;
  for (study::NodeId id = first; !id.is_none(); id = tree.main_child(id)) {
    const study::MoveTree::Node& node = tree.node(id);
    const chess::Position& before = tree.node(node.parent).position;
    add_comment(node.comment_before);
    if (!node.comment_before.text.empty()) need_number = true;
    const bool white = before.side_to_move() == chess::WHITE;
    std::string text = white || need_number ? std::to_string(before.fullmove_number()) + (white ? ". " : "... ") : "";
    text += shown_san(node.san);
    for (int nag : node.nags) text += (nag <= 6 ? "" : " ") + nag_symbol(nag);
    paragraphs_.back().tokens.push_back({text, id, move_style});
    need_number = false;
    add_comment(node.comment_after);
    if (!node.comment_after.text.empty()) need_number = true;
    // The alternatives to this move, each a paragraph of its own, then the line goes on in a new one.
    const std::span<const study::NodeId> siblings = tree.siblings(id);
    if (!siblings.empty() && siblings.front() == id && siblings.size() > 1) {
      for (std::size_t i = 1; i < siblings.size(); ++i) {
        paragraphs_.push_back({indent + 1, {}});
        emit_line(tree, siblings[i], indent + 1);
      }
      paragraphs_.push_back({indent, {}});
      need_number = true;
    }
  }
}

void MoveTreeView::draw(sf::RenderTarget& target, const Assets& assets, const sf::FloatRect& rect,
                        const study::MoveTree& tree, study::NodeId current, bool follow) {
  rect_ = rect;
  paragraphs_.assign(1, {0, {}});
  add_comment(tree.node(tree.root()).comment_after);
  const study::NodeId first = tree.main_child(tree.root());
  if (!first.is_none()) emit_line(tree, first, 0);

  // Lay the tokens out: each paragraph from the left edge of its indent, wrapped to the width, a
  // space's advance between tokens, so that a run of tokens of one style is drawn as one text.
  struct Laid {
    sf::FloatRect box;  // relative to the content's top-left
    const Token* token;
  };
  std::vector<Laid> laid;
  float y = Pad;
  const float right = rect.width - Pad;
  // A space's advance in each font, measured once a frame: each token is measured once, the space after it
  // added (a run drawn as one text puts its tokens just there).
  const float bold_space = text_advance(assets.bold(), " ", TextSize), space = text_advance(assets.font(), " ", TextSize);
  for (const Paragraph& p : paragraphs_) {
    if (p.tokens.empty()) continue;
    const float left = Pad + IndentWidth * float(std::min(p.indent, 8));
    float x = left;
    for (const Token& token : p.tokens) {
      const sf::Font& font = token.style == 0 ? assets.bold() : assets.font();
      const float width = text_advance(font, token.text, TextSize);
      if (x > left && x + width > right) {
        x = left;
        y += LineHeight;
      }
      laid.push_back({{x, y, width, LineHeight}, &token});
      x += width + (token.style == 0 ? bold_space : space);
    }
    y += LineHeight + (p.indent == 0 ? 4.0f : 0.0f);
  }
  content_ = y + Pad;

  // Keep the current move in view.
  if (follow)
    for (const Laid& l : laid)
      if (l.token->node == current) {
        if (l.box.top < scroll_) scroll_ = l.box.top - Pad;
        if (l.box.top + l.box.height > scroll_ + rect.height) scroll_ = l.box.top + l.box.height + Pad - rect.height;
      }
  scroll_ = std::clamp(scroll_, 0.0f, std::max(0.0f, content_ - rect.height));

  fill_rect(target, rect, sf::Color(40, 38, 35));
  const LayoutLog::Region region("move tree", rect);
  cells_.clear();
  if (laid.empty()) {
    draw_text(target, assets.font(), tr("No moves yet: play one on the board"), TextSize, {rect.left + 8, rect.top + 6},
              colors::TextDim);
    return;
  }
  // The current move's mark and the moves' boxes, then each run of one style on one line as one text.
  auto on_screen = [&](const Laid& l) {
    const float top = rect.top + l.box.top - scroll_;
    return top >= rect.top && top + l.box.height <= rect.top + rect.height;
  };
  for (const Laid& l : laid) {
    if (!on_screen(l) || l.token->node.is_none()) continue;
    const sf::FloatRect box{rect.left + l.box.left, rect.top + l.box.top - scroll_, l.box.width, l.box.height};
    if (l.token->node == current) fill_rect(target, {box.left - 3, box.top, box.width + 6, box.height}, sf::Color(70, 90, 50));
    cells_.push_back({box, l.token->node});
  }
  for (std::size_t i = 0; i < laid.size();) {
    std::size_t end = i + 1;
    std::string text = laid[i].token->text;
    // The current move stands alone (over its mark); otherwise a run goes on while style and line stay.
    const auto alone = [&](std::size_t k) { return !laid[k].token->node.is_none() && laid[k].token->node == current; };
    while (end < laid.size() && !alone(i) && !alone(end) && laid[end].token->style == laid[i].token->style &&
           laid[end].box.top == laid[i].box.top)
      text += " " + laid[end++].token->text;
    if (on_screen(laid[i])) {
      const int style = laid[i].token->style;
      const sf::Font& font = style == 0 ? assets.bold() : assets.font();
      const sf::Color color = style == 0 ? colors::Text : style == 1 ? sf::Color(190, 200, 215) : colors::TextDim;
      draw_text(target, font, text, TextSize, {rect.left + laid[i].box.left, rect.top + laid[i].box.top - scroll_ + 1},
                color);
    }
    i = end;
  }
}

bool MoveTreeView::scroll(const sf::Event& event) {
  if (event.type != sf::Event::MouseWheelScrolled ||
      !rect_.contains({float(event.mouseWheelScroll.x), float(event.mouseWheelScroll.y)}))
    return false;
  scroll_ -= event.mouseWheelScroll.delta * LineHeight * 2;
  scroll_ = std::clamp(scroll_, 0.0f, std::max(0.0f, content_ - rect_.height));
  return true;
}

std::optional<study::NodeId> MoveTreeView::node_at(sf::Vector2f point) const {
  for (const auto& [box, node] : cells_)
    if (box.contains(point)) return node;
  return std::nullopt;
}

}  // namespace gambit::gui
