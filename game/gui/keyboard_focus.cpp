// SPDX-License-Identifier: MIT
#include "game/gui/keyboard_focus.h"

#include <tuple>

namespace gambit::gui {

namespace {

KeyboardFocus* active_chain = nullptr;

sf::Vector2f centre(const sf::FloatRect& rect) { return {rect.left + rect.width / 2, rect.top + rect.height / 2}; }

// A left click at point, as the mouse would make it: a move there, a press and a release.
std::vector<sf::Event> click_at(sf::Vector2f point) {
  const int x = int(point.x), y = int(point.y);
  sf::Event moved{};
  moved.type = sf::Event::MouseMoved;
  moved.mouseMove = {x, y};
  sf::Event pressed{};
  pressed.type = sf::Event::MouseButtonPressed;
  pressed.mouseButton = {sf::Mouse::Left, x, y};
  sf::Event released = pressed;
  released.type = sf::Event::MouseButtonReleased;
  return {moved, pressed, released};
}

bool contains(const sf::FloatRect& outer, const sf::FloatRect& inner) {
  return inner.left >= outer.left && inner.top >= outer.top && inner.left + inner.width <= outer.left + outer.width &&
         inner.top + inner.height <= outer.top + outer.height;
}

}  // namespace

KeyboardFocus* KeyboardFocus::active() { return active_chain; }

void KeyboardFocus::begin_frame() {
  drawing_.clear();
  tab_kept_now_ = false;
  active_chain = this;
}

void KeyboardFocus::end_frame() {
  controls_.swap(drawing_);
  tab_kept_ = tab_kept_now_;
  if (!name_.empty() && !focused_index()) name_.clear();  // the focused control went away
  active_chain = nullptr;
}

void KeyboardFocus::add(Control control) { drawing_.push_back(std::move(control)); }

void KeyboardFocus::cover(const sf::FloatRect& rect) {
  std::erase_if(drawing_, [&](const Control& c) { return c.rect.intersects(rect) || contains(rect, c.rect); });
}

std::optional<std::size_t> KeyboardFocus::focused_index() const {
  if (name_.empty()) return std::nullopt;
  std::size_t seen = 0;
  for (std::size_t i = 0; i < controls_.size(); ++i)
    if (controls_[i].name == name_ && seen++ == occurrence_) return i;
  return std::nullopt;
}

const KeyboardFocus::Control* KeyboardFocus::focused() const {
  const auto index = focused_index();
  return index ? &controls_[*index] : nullptr;
}

std::string KeyboardFocus::focused_name() const { return focused() ? name_ : std::string(); }

void KeyboardFocus::clear() { name_.clear(); }

void KeyboardFocus::focus(std::size_t index) {
  name_ = controls_[index].name;
  occurrence_ = 0;
  for (std::size_t i = 0; i < index; ++i)
    if (controls_[i].name == name_) ++occurrence_;
}

std::optional<std::vector<sf::Event>> KeyboardFocus::handle(const sf::Event& event) {
  if (event.type == sf::Event::MouseButtonPressed) {
    clear();  // the mouse is in use: the ring would only be in the way
    return std::nullopt;
  }
  if (event.type == sf::Event::TextEntered && event.text.unicode > ' ' && event.text.unicode != 127) {
    clear();  // typing (a move, a number): Enter and Space are the text's again
    return std::nullopt;
  }
  if (event.type != sf::Event::KeyPressed) return std::nullopt;
  const auto key = event.key.code;
  if (key == sf::Keyboard::Tab && !event.key.control && !event.key.alt && !tab_kept_ && !controls_.empty()) {
    const auto now = focused_index();
    const std::size_t count = controls_.size();
    const std::size_t next = !now ? (event.key.shift ? count - 1 : 0)
                                  : (event.key.shift ? (*now + count - 1) % count : (*now + 1) % count);
    focus(next);
    // The pointer's place, as if the mouse were over it: the screen shows its help.
    std::vector<sf::Event> over = click_at(centre(controls_[next].rect));
    over.resize(1);
    return over;
  }
  const Control* control = focused();
  if (!control || event.key.control || event.key.alt) return std::nullopt;
  const bool steps = control->kind == Kind::Number || control->kind == Kind::Choice;
  if (steps && (key == sf::Keyboard::Left || key == sf::Keyboard::Right))
    return click_at(centre(key == sf::Keyboard::Left ? control->less : control->more));
  if (key == sf::Keyboard::Enter || key == sf::Keyboard::Space)
    return click_at(centre(steps ? control->more : control->rect));
  return std::nullopt;
}

void KeyboardFocus::draw(sf::RenderTarget& target) const {
  const Control* control = focused();
  if (!control) return;
  // Two rings, dark inside light, so the focus shows on any colour behind it
  // (and not by its colour alone: by its shape).
  for (const auto& [grow, thickness, colour] :
       {std::tuple{4.0f, 3.0f, sf::Color(255, 214, 10)}, std::tuple{1.0f, 1.0f, sf::Color(0, 0, 0)}}) {
    sf::RectangleShape ring({control->rect.width + 2 * grow, control->rect.height + 2 * grow});
    ring.setPosition(control->rect.left - grow, control->rect.top - grow);
    ring.setFillColor(sf::Color::Transparent);
    ring.setOutlineColor(colour);
    ring.setOutlineThickness(thickness);
    target.draw(ring);
  }
}

}  // namespace gambit::gui
