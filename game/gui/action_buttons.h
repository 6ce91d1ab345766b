// SPDX-License-Identifier: MIT
// ActionButtons: a screen's buttons, each bound to one value of the screen's
// own `enum class Action`, so that a click comes back as that action and a
// button is found by its action, never by its place. The screen adds them
// once (in the order they are laid out), places them each frame (a grid, or
// rows with shares of the width), sets what changes (enabled, label, primary)
// through operator[], and asks which one a mouse event clicked.
//
// Invariant: each action is added at most once; operator[] asserts it was added.
#pragma once

#include <SFML/Graphics.hpp>
#include <algorithm>
#include <cassert>
#include <cmath>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "game/gui/state_dump.h"
#include "game/gui/widgets.h"

namespace gambit::gui {

template <typename Action>
class ActionButtons {
 public:
  struct Entry {
    Action action;
    Button button;
  };

  void add(Action action, const char* label, const char* tooltip) {
    assert(std::none_of(entries_.begin(), entries_.end(), [&](const Entry& e) { return e.action == action; }));
    entries_.push_back({action, Button{label, tooltip, {}}});
  }

  Button& operator[](Action action) { return entries_[index_of(action)].button; }
  const Button& operator[](Action action) const { return entries_[index_of(action)].button; }

  std::size_t size() const { return entries_.size(); }
  auto begin() { return entries_.begin(); }
  auto end() { return entries_.end(); }
  auto begin() const { return entries_.begin(); }
  auto end() const { return entries_.end(); }
  const Button& front() const { return entries_.front().button; }

  // Updates the hover of every button from a mouse move; the action of the
  // enabled button a left click was released over, if any.
  std::optional<Action> clicked(const sf::Event& event) {
    std::optional<Action> hit;
    for (Entry& entry : entries_)
      if (entry.button.clicked(event) && !hit) hit = entry.action;
    return hit;
  }

  void draw(sf::RenderTarget& target, const Assets& assets) const {
    for (const Entry& entry : entries_) entry.button.draw(target, assets);
  }

  // The tooltip of the button under the mouse, else `otherwise` (the help line under the buttons).
  std::string help(std::string otherwise) const {
    for (const Entry& entry : entries_)
      if (entry.button.hovered) return entry.button.tooltip;
    return otherwise;
  }

  // All the buttons in a grid of `columns` equal columns across `width` from
  // (left, top), rows `height` high, `gap` apart both ways.
  void place_grid(float left, float top, float width, std::size_t columns, float height, float gap) {
    const float column_width = (width - gap * float(columns - 1)) / float(columns);
    for (std::size_t i = 0; i < entries_.size(); ++i)
      entries_[i].button.rect = {std::round(left + float(i % columns) * (column_width + gap)),
                                 std::round(top + float(i / columns) * (height + gap)), std::round(column_width),
                                 height};
  }

  // The buttons of `actions` side by side across `width` from (left, top),
  // each taking its share of the width (shares as many as actions) less the gaps.
  void place_row(std::initializer_list<Action> actions, std::span<const float> shares, float left, float top,
                 float width, float height, float gap) {
    assert(shares.size() == actions.size());
    const float room = width - gap * float(actions.size() - 1);
    float x = left;
    std::size_t i = 0;
    for (Action action : actions) {
      const float w = std::round(room * shares[i++]);
      (*this)[action].rect = {std::round(x), top, w, height};
      x += w + gap;
    }
  }

  // The same, each button as wide as its label asks (at font's size 13) and the room left shared out evenly;
  // when the labels ask for more than there is, each gets room in proportion to what it asks.
  void place_row(std::initializer_list<Action> actions, const sf::Font& font, float left, float top, float width,
                 float height, float gap) {
    std::vector<float> asked;
    float total = 0;
    for (Action action : actions) total += asked.emplace_back(text_width(font, (*this)[action].label, 13) + 18);
    const float room = width - gap * float(actions.size() - 1);
    const float spare = std::max(0.0f, room - total) / float(actions.size());
    std::vector<float> shares;
    for (float wanted : asked) shares.push_back((total > room ? wanted * room / total : wanted + spare) / room);
    place_row(actions, shares, left, top, width, height, gap);
  }

  // "buttons": their labels as shown, in order; "buttons_enabled": those of the enabled ones.
  void describe(StateDump& dump) const {
    std::vector<std::string> labels, enabled;
    for (const Entry& entry : entries_) {
      labels.push_back(entry.button.label);
      if (entry.button.enabled) enabled.push_back(entry.button.label);
    }
    dump.add("buttons", labels);
    dump.add("buttons_enabled", enabled);
  }

  // Rows needed to place all the buttons in `columns` columns.
  std::size_t rows(std::size_t columns) const { return (entries_.size() + columns - 1) / columns; }

 private:
  // Where `action`'s button is; asserts it was added.
  std::size_t index_of(Action action) const {
    const auto it = std::find_if(entries_.begin(), entries_.end(), [&](const Entry& e) { return e.action == action; });
    assert(it != entries_.end());
    return std::size_t(it - entries_.begin());
  }

  std::vector<Entry> entries_;
};

}  // namespace gambit::gui
