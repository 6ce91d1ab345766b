// SPDX-License-Identifier: MIT
// Widgets: the few controls the screens are made of — buttons, checkboxes,
// number fields, choices and a one-line text field — drawn in one look
// (colours here) and hit-tested in window pixels. Each is a plain value the
// screen lays out every frame (set rect) and asks what a mouse event did.
#pragma once

#include <SFML/Graphics.hpp>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/util/translation.h"
#include "game/gui/assets.h"

namespace gambit::gui {

// The window's colours: these, or the high-contrast ones while the board
// theme is "contrast" (use_high_contrast). Set on the window's thread between frames.
namespace colors {
inline sf::Color Background(38, 36, 33);
inline sf::Color Panel(48, 46, 43);
inline sf::Color PanelLight(62, 60, 57);
inline sf::Color Text(230, 228, 224);
inline sf::Color TextDim(160, 158, 152);
inline sf::Color Accent(98, 153, 36);
inline sf::Color AccentHover(120, 180, 52);
inline sf::Color Warning(224, 110, 80);
// A reviewed move's marks: ?! inaccuracy, ? mistake, ?? blunder.
inline const sf::Color Inaccuracy(230, 200, 70);
inline const sf::Color Mistake(235, 140, 50);
inline const sf::Color Blunder(225, 70, 60);
}  // namespace colors
// The high-contrast colours (true) or the usual ones: black behind white
// text, dimmed text still bright, the accent a blue that white text stands on.
void use_high_contrast(bool on);

// Draws text with its top-left at pos; returns its width.
float draw_text(sf::RenderTarget& target, const sf::Font& font, const std::string& text, unsigned size,
                sf::Vector2f pos, sf::Color color = colors::Text);
// A control's label centred in rect: smaller when it must be, on two lines when it has a space and still
// does not fit, cut with "..." only when nothing else can show it whole.
void draw_label(sf::RenderTarget& target, const sf::Font& font, const std::string& label, const sf::FloatRect& rect,
                sf::Color color = colors::Text);
// The largest size from `size` down to `smallest` at which text fits width (`smallest` when none does).
unsigned fitted_size(const sf::Font& font, const std::string& text, unsigned size, unsigned smallest, float width);
// A panel's help line (its keys, two spaces apart) at `at`: 12 pixels, smaller down to 10 when a translation is
// long, then as many of its keys as fit whole.
void draw_help_line(sf::RenderTarget& target, const sf::Font& font, const std::string& help, sf::Vector2f at,
                    float width);
// A tooltip: text wrapped in a small box under `anchor` (over it when the window's bottom is near), kept
// inside the window; drawn last, over what is there.
void draw_tooltip(sf::RenderTarget& target, const sf::Font& font, const std::string& text, const sf::FloatRect& anchor,
                  sf::Vector2f window);
// Text centred in rect.
void draw_text_centred(sf::RenderTarget& target, const sf::Font& font, const std::string& text, unsigned size,
                       const sf::FloatRect& rect, sf::Color color = colors::Text);
// The width of text's ink (what a box around it must hold).
float text_width(const sf::Font& font, const std::string& text, unsigned size);
// How far the pen moves over text: where text drawn just after it begins (texts laid side by side and
// then drawn as one run must be measured so, their ink being narrower than their advance).
float text_advance(const sf::Font& font, const std::string& text, unsigned size);
// text cut with "..." to fit width.
std::string fit_text(const sf::Font& font, const std::string& text, unsigned size, float width);
// A count at a glance, in a narrow column: "950", "12.3k", "1.2M" (an engine's nodes, the explorer's games).
std::string count_text(std::uint64_t n);
// The same, cut after a whole word (a description, a sentence): no word is cut in half.
std::string fit_words(const sf::Font& font, const std::string& text, unsigned size, float width);
// Lines of text no wider than width (words wrapped; a long word is cut). Words
// joined by a no-break space (U+00A0) stay on one line, where it shows as a space;
// so do a value and its margin ("1500 ± 686").
std::vector<std::string> wrap_text(const sf::Font& font, const std::string& text, unsigned size, float width);
// wrap_text's first most lines; the last cut with "..." when the text goes on beyond them.
std::vector<std::string> wrap_lines(const sf::Font& font, const std::string& text, unsigned size, float width,
                                    std::size_t most);
void fill_rect(sf::RenderTarget& target, const sf::FloatRect& rect, sf::Color color);
// Three-check: "checks" and three marks (filled: given) on one line 14 px
// high, ending at right_top; returns the width it took.
float draw_check_marks(sf::RenderTarget& target, const Assets& assets, int given, sf::Vector2f right_top);
// A page saying something cannot be shown: a title and the reason, wrapped, centred.
void draw_failure_page(sf::RenderTarget& target, const Assets& assets, const std::string& title,
                       const std::string& reason);
// Adds rect as two triangles to a sf::Triangles array (draw many in one call).
void append_quad(sf::VertexArray& vertices, const sf::FloatRect& rect, sf::Color color);

struct Button {
  std::string label;
  std::string tooltip;  // shown while hovered, e.g. "Undo (Ctrl+Z)"
  sf::FloatRect rect;
  bool enabled = true;
  bool primary = false;  // drawn in the accent colour
  bool hovered = false;

  // Updates hover from a MouseMoved; true when a left click released over it.
  bool clicked(const sf::Event& event);
  void draw(sf::RenderTarget& target, const Assets& assets) const;
};

struct Checkbox {
  std::string label;
  sf::FloatRect rect;
  bool value = false;
  bool available = true;  // false: drawn dimmed (what it stands for cannot be had now; a click may still tick it)

  bool clicked(const sf::Event& event);  // toggles value when clicked
  void draw(sf::RenderTarget& target, const Assets& assets) const;
};

// An integer with a range: [-] value [+]; the wheel and the buttons change it by step.
struct NumberField {
  std::string label;
  sf::FloatRect rect;
  long long value = 0, min = 0, max = 100, step = 1;

  bool handle(const sf::Event& event);  // true when value changed
  void draw(sf::RenderTarget& target, const Assets& assets) const;
};

// One of several texts: < text >; clicking the left or right half steps through them.
struct Choice {
  std::string label;
  sf::FloatRect rect;
  std::vector<std::string> items;
  std::size_t index = 0;
  float label_share = 0.45f;  // the part of the width the label takes; the control has the rest
  std::vector<std::string> shown{};  // what is drawn for each item (its words); empty: the items themselves
  mutable sf::FloatRect drawn_control{};  // where the last draw put the arrows' box (a long label widens its part)

  bool handle(const sf::Event& event);  // true when index changed
  const std::string& current() const { return items.at(index); }
  const std::string& current_shown() const { return shown.size() == items.size() ? shown.at(index) : current(); }
  void select(const std::string& item);
  void draw(sf::RenderTarget& target, const Assets& assets) const;
};

// One line of text typed by the player (a path, a FEN, a move), edited as
// text fields are: a cursor moved with Left/Right/Home/End, Backspace and
// Delete, Ctrl+Backspace deleting the word before the cursor, Ctrl+A
// selecting everything (what is typed next replaces it, Backspace clears it),
// Ctrl+V pasting the clipboard's first line.
class TextField {
 public:
  enum class Input { Ignored, Edited, Enter };

  sf::FloatRect rect;
  std::string prompt;  // shown dimmed while the field is empty

  const std::string& text() const { return text_; }
  // Replaces the text; the cursor goes to its end, nothing is selected.
  void set_text(std::string text);
  // What an event did to the field: Edited also for a cursor move.
  Input handle(const sf::Event& event);
  void draw(sf::RenderTarget& target, const Assets& assets) const;

 private:
  void erase(std::size_t from, std::size_t to);

  std::string text_;         // UTF-8
  std::size_t cursor_ = 0;   // a byte offset at a character boundary, <= text_.size()
  bool all_selected_ = false;
};

// A modal box over a screen: a title, a sentence, an optional one-line path
// field (Tab completes it), and OK / Cancel (Enter / Esc; Y / N when there is no field).
struct ModalDialog {
  enum class Answer { None, Ok, Cancel };

  std::string title;
  std::string text;
  bool with_field = false;
  bool path_field = true;  // the field holds a path: Tab completes it (open() sets it true)
  TextField field;
  // TRANSLATORS: a dialog's buttons, 130 pixels wide.
  Button ok{tr("OK"), "", {}, true, true};
  Button cancel{tr("Cancel"), "", {}};  // an empty label: a message, with OK alone

  // Sets the texts; a path makes a field holding it. (The letter of a key
  // that opened the dialog is never typed into it: App drops it.)
  void open(const std::string& dialog_title, const std::string& dialog_text, std::optional<std::string> path);
  Answer handle(const sf::Event& event, sf::Vector2f size, const Assets& assets);
  void draw(sf::RenderTarget& target, const Assets& assets);
  sf::FloatRect area() const { return box_; }  // as last laid out

 private:
  void layout(sf::Vector2f size, const Assets& assets);
  sf::FloatRect box_;
  std::vector<std::string> lines_;
};

}  // namespace gambit::gui
