// SPDX-License-Identifier: MIT
// LayoutLog: where the last frame put each piece of text and each control,
// and the region each was meant to stay inside, so that a test can check at
// any window size that no text overlaps another or a control, and that none
// leaves its region (the window, a panel, its button). Written to the state
// dump (--state-file) as "layout"; nothing is recorded without a state file.
//
// The drawing helpers (draw_text & co., Button) report to the active log;
// screens name their regions with Region scopes and call cover() when they
// draw an opaque layer (a dialog, the end-of-game box) over what is below,
// which then no longer shows. One log is active at a time, on the window's
// thread, between begin_frame and end_frame.
#pragma once

#include <SFML/Graphics/Rect.hpp>
#include <string>
#include <utility>
#include <vector>

namespace gambit::gui {

class LayoutLog {
 public:
  struct Item {
    enum class Kind { Text, Box };
    Kind kind = Kind::Text;
    std::string name;            // the text itself, or what the box is ("button New game", "clock White")
    sf::FloatRect bounds;        // in window pixels
    std::string region;          // the innermost region it was drawn in
    sf::FloatRect region_rect;
    std::string whole;           // a text cut short to fit (fit_text): the text it was cut from; else empty
  };

  // The log recording this frame, or nullptr.
  static LayoutLog* active();

  void begin_frame(sf::FloatRect window);  // clears it and makes it the active log
  void end_frame();                        // no log is active after this

  void add_text(const std::string& text, const sf::FloatRect& bounds);
  void add_box(const std::string& name, const sf::FloatRect& bounds);
  // fit_text cut whole to shown: a text drawn as shown in this frame was cut short.
  void cut(const std::string& shown, const std::string& whole);
  // An opaque layer is drawn over rect: what was recorded under it is hidden.
  void cover(const sf::FloatRect& rect);

  const std::vector<Item>& items() const { return items_; }
  // The items as a JSON array of {"kind", "name", "x", "y", "w", "h", "region", "rx", "ry", "rw", "rh"}, and
  // "whole" for a text cut short.
  std::string json() const;

  // While it lives, what is drawn belongs to a named region that it must fit
  // inside (when a log is active; otherwise it does nothing). A clipping
  // region (a scrolled list drawn through a view) shows only what is inside
  // it: what lies beyond is cut off or not recorded at all.
  class Region {
   public:
    enum class Edge { Contains, Clips };
    Region(const std::string& name, const sf::FloatRect& rect, Edge edge = Edge::Contains);
    ~Region();
    Region(const Region&) = delete;
    Region& operator=(const Region&) = delete;

   private:
    LayoutLog* log_;
  };

 private:
  struct Open {
    std::string name;
    sf::FloatRect rect;
    bool clips = false;
  };
  // The part of bounds that shows through the clipping regions (false: none).
  bool visible(sf::FloatRect& bounds) const;
  void add(Item::Kind kind, const std::string& name, sf::FloatRect bounds);

  std::vector<Item> items_;
  std::vector<Open> regions_;  // innermost last; the window first
  std::vector<std::pair<std::string, std::string>> cuts_;  // this frame's texts cut short: shown, whole
};

}  // namespace gambit::gui
