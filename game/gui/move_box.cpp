// SPDX-License-Identifier: MIT
#include "game/gui/move_box.h"

#include <algorithm>

#include "core/chess/san.h"
#include "core/chess/typed_move.h"
#include "core/util/translation.h"
#include "core/util/words.h"
#include "game/gui/assets.h"

namespace gambit::gui {

MoveBox::Input MoveBox::handle(const sf::Event& event) {
  const bool typing = !text().empty();
  if (event.type == sf::Event::KeyPressed) {
    const sf::Keyboard::Key key = event.key.code;
    if (key == sf::Keyboard::Escape && typing) {
      clear();
      return Input::Edited;
    }
    if (key == sf::Keyboard::Enter && typing) return Input::Submitted;
    // Editing keys go to the box while it holds text; otherwise they are the screen's.
    const bool paste = event.key.control && key == sf::Keyboard::V;
    const bool editing = key == sf::Keyboard::BackSpace || key == sf::Keyboard::Delete || key == sf::Keyboard::Left ||
                         key == sf::Keyboard::Right || key == sf::Keyboard::Home || key == sf::Keyboard::End ||
                         (event.key.control && key == sf::Keyboard::A) || paste;
    if (!editing || (!typing && !paste)) return Input::Ignored;
  } else if (event.type != sf::Event::TextEntered) {
    return Input::Ignored;
  }
  if (field_.handle(event) == TextField::Input::Ignored) return Input::Ignored;
  error_.clear();
  return Input::Edited;
}

std::optional<chess::Move> MoveBox::take_move(const chess::Position& pos) {
  auto move = chess::parse_typed_move(pos, text());
  if (!move) {
    const std::vector<std::string> completions = chess::typed_move_completions(pos, text());
    if (completions.size() == 1) move = chess::parse_typed_move(pos, completions.front());
  }
  if (!move) {
    error_ = capitalized(move.error());
    return std::nullopt;
  }
  clear();
  return *move;
}

void MoveBox::clear() {
  field_.set_text("");
  error_.clear();
}

float MoveBox::draw(sf::RenderTarget& target, const Assets& assets, const chess::Position& pos, float x, float top,
                    float width, const std::string& otherwise) {
  field_.rect = {x, top, width, 28};
  // TRANSLATORS: the move box's prompt; e4, Nf3 and O-O are moves as they are typed (SAN): keep them.
  field_.prompt = tr("Type a move: e4, Nf3, O-O, then Enter");
  field_.draw(target, assets);
  // Under the box: why a typed move was not played, the completions of what is typed, or `otherwise`.
  std::string line = otherwise;
  sf::Color color = colors::TextDim;
  if (!error_.empty()) {
    line = error_;
    color = colors::Warning;
  } else if (!text().empty()) {
    const auto completions = chess::typed_move_completions(pos, text());
    line.clear();
    for (const std::string& san : completions) line += (line.empty() ? "" : "  ") + san;
    if (completions.empty()) {
      // Nothing begins so: say why the text is not a move ("'Nd7' is ambiguous here: ..."), not only that.
      auto parsed = chess::parse_typed_move(pos, text());
      line = parsed ? fill(tr("Enter plays {move}"), {{"move", chess::to_san(pos, *parsed)}}) : parsed.error();
      if (!parsed) {
        line = capitalized(line);
        color = colors::Warning;
      }
    }
  }
  std::replace(line.begin(), line.end(), '\n', ' ');
  const auto lines = wrap_lines(assets.font(), line, 12, width, 2);
  for (std::size_t i = 0; i < lines.size(); ++i)
    draw_text(target, assets.font(), lines[i], 12, {x, top + 32 + 15 * float(i)}, color);
  return top + 32 + 2 * 15 + 6;
}

}  // namespace gambit::gui
