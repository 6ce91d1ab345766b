// SPDX-License-Identifier: MIT
// KeyboardFocus: the control the keyboard works, for a player who does not
// use the mouse, and the order Tab goes through the controls.
//
// The controls report themselves as they are drawn (Button, Checkbox,
// NumberField, Choice: add), in drawing order, so every screen's controls are
// in the chain without a list of their own. An opaque layer drawn over them
// (a dialog, the file chooser: cover) leaves only what is drawn on it. The
// window (App) gives each event to handle() before the screen: Tab and
// Shift+Tab move the focus (and the screen gets the mouse moved over it, so it
// shows the control's help); Enter and Space press the focused button or box
// as a click at its centre would (the screen gets the mouse events); Left and
// Right step a focused choice or number. A mouse button pressed, or a
// character typed (into the move box, a field), hides the focus again: Enter
// is then the text's. draw() rings the focused control.
//
// Invariants: the focus is a control of the last frame drawn, or none; it is
// found again by its name and its place among controls of that name, so a
// control that goes away takes the focus with it. One chain, used on the
// window's thread between begin_frame and end_frame (reports) or between frames.
#pragma once

#include <SFML/Graphics.hpp>
#include <optional>
#include <string>
#include <vector>

namespace gambit::gui {

class KeyboardFocus {
 public:
  enum class Kind { Button, Checkbox, Number, Choice };
  struct Control {
    Kind kind = Kind::Button;
    std::string name;         // "button Play", "checkbox Sounds": as the layout log names it
    sf::FloatRect rect;
    sf::FloatRect less, more;  // Number, Choice: where a click steps it down or up
  };

  // The chain recording this frame, or nullptr.
  static KeyboardFocus* active();
  void begin_frame();  // it becomes the active chain; this frame's controls start empty
  void end_frame();    // this frame's controls replace the last ones; no chain is active after

  void add(Control control);
  // An opaque layer is drawn over rect: the controls reported under it are out of reach.
  void cover(const sf::FloatRect& rect);
  // A control drawn this frame completes its text with Tab (a path field): Tab goes to the screen.
  void keep_tab() { tab_kept_now_ = true; }

  // What the event does to the focus: nullopt when it is not the focus's (give
  // it to the screen as it is); else the events the screen gets in its place
  // (the mouse moved over it: the focus moved; a click's mouse events: a control pressed).
  std::optional<std::vector<sf::Event>> handle(const sf::Event& event);

  const Control* focused() const;
  std::string focused_name() const;  // "" when no control has the focus
  void clear();                      // no control has the focus (a new screen)
  void draw(sf::RenderTarget& target) const;

 private:
  void focus(std::size_t index);
  std::optional<std::size_t> focused_index() const;

  std::vector<Control> controls_, drawing_;
  bool tab_kept_ = false, tab_kept_now_ = false;
  std::string name_;          // the focused control's name, "" for none
  std::size_t occurrence_ = 0;  // among the controls of that name, in drawing order
};

}  // namespace gambit::gui
