// SPDX-License-Identifier: MIT
#include "game/gui/widgets.h"

#include <algorithm>
#include <cstdio>
#include <ctime>

#include "game/gui/file_listing.h"
#include "game/gui/keyboard_focus.h"
#include "game/gui/layout_log.h"

namespace gambit::gui {

void use_high_contrast(bool on) {
  colors::Background = on ? sf::Color(0, 0, 0) : sf::Color(38, 36, 33);
  colors::Panel = on ? sf::Color(24, 24, 24) : sf::Color(48, 46, 43);
  colors::PanelLight = on ? sf::Color(58, 58, 58) : sf::Color(62, 60, 57);
  colors::Text = on ? sf::Color(255, 255, 255) : sf::Color(230, 228, 224);
  colors::TextDim = on ? sf::Color(220, 220, 220) : sf::Color(160, 158, 152);
  colors::Accent = on ? sf::Color(0, 90, 200) : sf::Color(98, 153, 36);
  colors::AccentHover = on ? sf::Color(30, 120, 235) : sf::Color(120, 180, 52);
  colors::Warning = on ? sf::Color(255, 150, 100) : sf::Color(224, 110, 80);
}

namespace {

bool key_pressed(const sf::Event& event, sf::Keyboard::Key key) {
  return event.type == sf::Event::KeyPressed && event.key.code == key;
}

bool left_release_in(const sf::Event& event, const sf::FloatRect& rect) {
  return event.type == sf::Event::MouseButtonReleased && event.mouseButton.button == sf::Mouse::Left &&
         rect.contains(float(event.mouseButton.x), float(event.mouseButton.y));
}

void draw_box(sf::RenderTarget& target, const sf::FloatRect& rect, sf::Color fill, sf::Color border) {
  sf::RectangleShape box({rect.width, rect.height});
  box.setPosition(rect.left, rect.top);
  box.setFillColor(fill);
  box.setOutlineColor(border);
  box.setOutlineThickness(-1);
  target.draw(box);
}

unsigned text_size_for(const sf::FloatRect& rect) {
  return static_cast<unsigned>(std::clamp(rect.height * 0.45f, 11.0f, 22.0f));
}

}  // namespace

float text_width(const sf::Font& font, const std::string& text, unsigned size) {
  sf::Text t(sf::String::fromUtf8(text.begin(), text.end()), font, size);
  return t.getLocalBounds().width;
}

float text_advance(const sf::Font& font, const std::string& text, unsigned size) {
  const sf::String shown = sf::String::fromUtf8(text.begin(), text.end());
  return sf::Text(shown, font, size).findCharacterPos(shown.getSize()).x;
}

float draw_text(sf::RenderTarget& target, const sf::Font& font, const std::string& text, unsigned size,
                sf::Vector2f pos, sf::Color color) {
  sf::Text t(sf::String::fromUtf8(text.begin(), text.end()), font, size);
  t.setFillColor(color);
  t.setPosition(std::round(pos.x), std::round(pos.y));
  target.draw(t);
  if (LayoutLog* log = LayoutLog::active()) log->add_text(text, t.getGlobalBounds());
  return t.getLocalBounds().width;
}

void draw_text_centred(sf::RenderTarget& target, const sf::Font& font, const std::string& text, unsigned size,
                       const sf::FloatRect& rect, sf::Color color) {
  sf::Text t(sf::String::fromUtf8(text.begin(), text.end()), font, size);
  t.setFillColor(color);
  const sf::FloatRect bounds = t.getLocalBounds();
  // Centre on the font's line height, not the glyphs', so labels line up.
  const float line = font.getLineSpacing(size);
  t.setPosition(std::round(rect.left + (rect.width - bounds.width) / 2 - bounds.left),
                std::round(rect.top + (rect.height - line) / 2 + size * 0.1f));
  target.draw(t);
  if (LayoutLog* log = LayoutLog::active()) log->add_text(text, t.getGlobalBounds());
}

std::vector<std::string> wrap_text(const sf::Font& font, const std::string& given, unsigned size, float width) {
  // A value and its margin ("1500 ± 686") stay on one line: the spaces round ± do not break.
  std::string text = given;
  for (std::size_t at; (at = text.find(" \xC2\xB1 ")) != std::string::npos;)
    text.replace(at, 4, "\xC2\xA0\xC2\xB1\xC2\xA0");
  std::vector<std::string> lines;
  std::string line, word;
  auto flush_word = [&] {
    if (word.empty()) return;
    std::string candidate = line.empty() ? word : line + " " + word;
    if (!line.empty() && text_width(font, candidate, size) > width) {
      lines.push_back(line);
      candidate = word;
    }
    while (text_width(font, candidate, size) > width && candidate.size() > 1) {
      std::size_t cut = candidate.size() - 1;
      while (cut > 1 && text_width(font, candidate.substr(0, cut), size) > width) --cut;
      lines.push_back(candidate.substr(0, cut));
      candidate = candidate.substr(cut);
    }
    line = candidate;
    word.clear();
  };
  for (char c : text) {
    if (c == ' ') flush_word();
    else if (c == '\n') {
      flush_word();
      lines.push_back(line);
      line.clear();
    } else word += c;
  }
  flush_word();
  if (!line.empty()) lines.push_back(line);
  for (std::string& l : lines)  // no-break spaces held their words together; they show as spaces
    for (std::size_t at; (at = l.find("\xC2\xA0")) != std::string::npos;) l.replace(at, 2, " ");
  return lines;
}

std::vector<std::string> wrap_lines(const sf::Font& font, const std::string& text, unsigned size, float width,
                                    std::size_t most) {
  std::vector<std::string> lines = wrap_text(font, text, size, width);
  if (lines.size() <= most || most == 0) return lines;
  std::string last = fit_text(font, lines[most - 1] + " " + lines[most], size, width);
  if (LayoutLog* log = LayoutLog::active()) log->cut(last, text);
  lines.resize(most);
  lines.back() = std::move(last);
  return lines;
}

void draw_failure_page(sf::RenderTarget& target, const Assets& assets, const std::string& title,
                       const std::string& reason) {
  const sf::Vector2f size = target.getView().getSize();
  draw_text_centred(target, assets.bold(), title, 28, {0, size.y / 2 - 120, size.x, 40});
  float y = size.y / 2 - 60;
  for (const std::string& line : wrap_text(assets.font(), reason, 16, size.x - 120)) {
    draw_text_centred(target, assets.font(), line, 16, {0, y, size.x, 22}, colors::Warning);
    y += 22;
  }
}

void append_quad(sf::VertexArray& vertices, const sf::FloatRect& rect, sf::Color color) {
  const sf::Vector2f a(rect.left, rect.top), b(rect.left + rect.width, rect.top),
      c(rect.left + rect.width, rect.top + rect.height), d(rect.left, rect.top + rect.height);
  for (sf::Vector2f corner : {a, b, c, a, c, d}) vertices.append(sf::Vertex(corner, color));
}

float draw_check_marks(sf::RenderTarget& target, const Assets& assets, int given, sf::Vector2f right_top) {
  constexpr int Marks = 3;
  constexpr float Radius = 6, Step = 16, Height = 2 * Radius + 2;
  const float marks_left = right_top.x - Step * Marks;
  for (int i = 0; i < Marks; ++i) {
    sf::CircleShape mark(Radius);
    mark.setPosition(marks_left + Step * float(i) + (Step - 2 * Radius) / 2, right_top.y + 1);
    mark.setOutlineThickness(-2);
    mark.setOutlineColor(colors::Warning);
    mark.setFillColor(i < given ? colors::Warning : sf::Color::Transparent);
    target.draw(mark);
  }
  // TRANSLATORS: three-check: the word before three marks, filled for each check a side has given.
  const std::string checks = tr("checks");
  const float label = text_width(assets.font(), checks, 11);
  const float left = marks_left - label - 5;
  if (LayoutLog* log = LayoutLog::active()) log->add_box("check marks", {marks_left, right_top.y, Step * Marks, Height});
  draw_text(target, assets.font(), checks, 11, {left, right_top.y + 1}, colors::TextDim);
  return right_top.x - left;
}

void fill_rect(sf::RenderTarget& target, const sf::FloatRect& rect, sf::Color color) {
  sf::VertexArray quad(sf::Triangles);
  append_quad(quad, rect, color);
  // Opaque fills skip blending, which software rasterisers pay for per pixel.
  target.draw(quad, color.a == 255 ? sf::RenderStates(sf::BlendNone) : sf::RenderStates::Default);
}

bool Button::clicked(const sf::Event& event) {
  if (event.type == sf::Event::MouseMoved) hovered = rect.contains(float(event.mouseMove.x), float(event.mouseMove.y));
  return enabled && left_release_in(event, rect);
}

void Button::draw(sf::RenderTarget& target, const Assets& assets) const {
  sf::Color fill = primary ? colors::Accent : colors::PanelLight;
  if (hovered && enabled) fill = primary ? colors::AccentHover : sf::Color(80, 78, 74);
  draw_box(target, rect, fill, sf::Color(20, 20, 20));
  if (LayoutLog* log = LayoutLog::active()) log->add_box("button " + label, rect);
  if (KeyboardFocus* focus = KeyboardFocus::active(); focus && enabled)
    focus->add({KeyboardFocus::Kind::Button, "button " + label, rect, {}, {}});
  const LayoutLog::Region region("button " + label, rect);
  draw_label(target, assets.font(), label, rect, enabled ? colors::Text : sf::Color(120, 118, 114));
}

std::string count_text(std::uint64_t n) {
  char buffer[32];
  if (n >= 1000000) std::snprintf(buffer, sizeof buffer, "%.1fM", double(n) / 1e6);
  else if (n >= 1000) std::snprintf(buffer, sizeof buffer, "%.1fk", double(n) / 1e3);
  else std::snprintf(buffer, sizeof buffer, "%llu", static_cast<unsigned long long>(n));
  return buffer;
}

unsigned fitted_size(const sf::Font& font, const std::string& text, unsigned size, unsigned smallest, float width) {
  while (size > smallest && text_width(font, text, size) > width) --size;
  return size;
}

void draw_help_line(sf::RenderTarget& target, const sf::Font& font, const std::string& help, sf::Vector2f at,
                    float width) {
  // Its items ("L engine", two spaces apart) from the first: as many as fit whole, the last ones left out
  // (each is a button's key too, said in its tooltip); cut only when the first alone does not fit.
  std::string shown = help;
  unsigned size = fitted_size(font, shown, 12, 10, width);
  while (text_width(font, shown, size) > width) {
    const std::size_t last = shown.rfind("  ");
    if (last == std::string::npos || last == 0) break;
    shown.erase(last);
  }
  draw_text(target, font, fit_text(font, shown, size, width), size, {at.x, at.y + float(12 - size)}, colors::TextDim);
}

void draw_tooltip(sf::RenderTarget& target, const sf::Font& font, const std::string& text, const sf::FloatRect& anchor,
                  sf::Vector2f window) {
  constexpr unsigned Size = 13;
  constexpr float Pad = 8, Line = 17;
  const float width = std::min(380.0f, window.x - 2 * Pad);
  const std::vector<std::string> lines = wrap_text(font, text, Size, width - 2 * Pad);
  float widest = 0;
  for (const std::string& line : lines) widest = std::max(widest, text_width(font, line, Size));
  const sf::Vector2f box_size{std::ceil(widest) + 2 * Pad + 2, Line * float(lines.size()) + 2 * Pad};
  sf::Vector2f at{anchor.left, anchor.top + anchor.height + 4};
  if (at.y + box_size.y > window.y) at.y = anchor.top - 4 - box_size.y;
  at.x = std::clamp(at.x, 0.0f, std::max(0.0f, window.x - box_size.x));
  at.y = std::max(0.0f, at.y);
  const sf::FloatRect box{std::round(at.x), std::round(at.y), box_size.x, box_size.y};
  if (LayoutLog* log = LayoutLog::active()) log->cover(box);
  draw_box(target, box, sf::Color(24, 24, 22), colors::TextDim);
  const LayoutLog::Region region("tooltip", box);
  for (std::size_t i = 0; i < lines.size(); ++i)
    draw_text(target, font, lines[i], Size, {box.left + Pad, box.top + Pad + Line * float(i)});
}

void draw_label(sf::RenderTarget& target, const sf::Font& font, const std::string& label, const sf::FloatRect& rect,
                sf::Color color) {
  // The size for the button's height, smaller when a narrow button needs it; then two lines (broken at the
  // space that balances them best); then smaller still, down to what can be read; cut only past that.
  const float room = rect.width - 10;
  unsigned size = fitted_size(font, label, text_size_for(rect), 11, room);
  if (text_width(font, label, size) <= room) return draw_text_centred(target, font, label, size, rect, color);
  std::size_t best = std::string::npos;
  float best_width = room + 1;
  for (std::size_t space = label.find(' '); space != std::string::npos; space = label.find(' ', space + 1)) {
    const float wider = std::max(text_width(font, label.substr(0, space), 11), text_width(font, label.substr(space + 1), 11));
    if (wider < best_width) best = space, best_width = wider;
  }
  const float line = 13;
  if (best != std::string::npos && best_width <= room && 2 * line + 2 <= rect.height) {
    const float middle = rect.top + rect.height / 2;
    draw_text_centred(target, font, label.substr(0, best), 11, {rect.left, middle - line, rect.width, line}, color);
    draw_text_centred(target, font, label.substr(best + 1), 11, {rect.left, middle, rect.width, line}, color);
    return;
  }
  size = fitted_size(font, label, size, 9, room);
  draw_text_centred(target, font, fit_text(font, label, size, room), size, rect, color);
}

bool Checkbox::clicked(const sf::Event& event) {
  if (!left_release_in(event, rect)) return false;
  value = !value;
  return true;
}

void Checkbox::draw(sf::RenderTarget& target, const Assets& assets) const {
  const float box = std::min(rect.height, 22.0f);
  const sf::FloatRect square(rect.left, rect.top + (rect.height - box) / 2, box, box);
  draw_box(target, square, value ? colors::Accent : colors::PanelLight, sf::Color(20, 20, 20));
  if (value) draw_text_centred(target, assets.bold(), "\xE2\x9C\x93", unsigned(box * 0.8f), square);  // check mark
  if (KeyboardFocus* focus = KeyboardFocus::active())
    focus->add({KeyboardFocus::Kind::Checkbox, "checkbox " + label, rect, {}, {}});
  // The label beside it, smaller when it must be to fit (a long translation), cut only past that.
  const float room = rect.width - box - 10;
  const unsigned size = fitted_size(assets.font(), label, text_size_for(rect), 11, room);
  draw_text(target, assets.font(), fit_text(assets.font(), label, size, room), size,
            {rect.left + box + 10, rect.top + rect.height * 0.2f + float(text_size_for(rect) - size) / 2},
            available ? colors::Text : colors::TextDim);
}

bool NumberField::handle(const sf::Event& event) {
  const long long before = value;
  const float button = rect.height;
  const sf::FloatRect minus(rect.left + rect.width - 3 * button - 70, rect.top, button, rect.height);
  const sf::FloatRect plus(rect.left + rect.width - button, rect.top, button, rect.height);
  if (left_release_in(event, minus)) value -= step;
  if (left_release_in(event, plus)) value += step;
  if (event.type == sf::Event::MouseWheelScrolled &&
      rect.contains(float(event.mouseWheelScroll.x), float(event.mouseWheelScroll.y)))
    value += event.mouseWheelScroll.delta > 0 ? step : -step;
  value = std::clamp(value, min, max);
  return value != before;
}

void NumberField::draw(sf::RenderTarget& target, const Assets& assets) const {
  const unsigned size = text_size_for(rect);
  const float button = rect.height;
  const sf::FloatRect minus(rect.left + rect.width - 3 * button - 70, rect.top, button, rect.height);
  const unsigned label_size = fitted_size(assets.font(), label, size, 11, minus.left - rect.left - 8);
  draw_text(target, assets.font(), fit_text(assets.font(), label, label_size, minus.left - rect.left - 8), label_size,
            {rect.left, rect.top + rect.height * 0.2f});
  const sf::FloatRect shown(minus.left + button, rect.top, button + 70, rect.height);
  const sf::FloatRect plus(rect.left + rect.width - button, rect.top, button, rect.height);
  draw_box(target, minus, colors::PanelLight, sf::Color(20, 20, 20));
  draw_box(target, plus, colors::PanelLight, sf::Color(20, 20, 20));
  draw_box(target, shown, colors::Panel, sf::Color(20, 20, 20));
  draw_text_centred(target, assets.bold(), "-", size, minus, value > min ? colors::Text : colors::TextDim);
  draw_text_centred(target, assets.bold(), "+", size, plus, value < max ? colors::Text : colors::TextDim);
  draw_text_centred(target, assets.font(), std::to_string(value), size, shown);
  if (KeyboardFocus* focus = KeyboardFocus::active())
    focus->add({KeyboardFocus::Kind::Number, "number " + label, {minus.left, rect.top, plus.left + plus.width - minus.left,
                                                                  rect.height}, minus, plus});
}

bool Choice::handle(const sf::Event& event) {
  if (items.empty()) return false;
  const sf::FloatRect control =
      drawn_control.width > 0 && drawn_control.top == rect.top && drawn_control.left >= rect.left
          ? drawn_control
          : sf::FloatRect(rect.left + rect.width * label_share, rect.top, rect.width * (1 - label_share), rect.height);
  const sf::FloatRect left(control.left, control.top, control.width / 2, control.height);
  const sf::FloatRect right(control.left + control.width / 2, control.top, control.width / 2, control.height);
  const std::size_t before = index;
  if (left_release_in(event, left)) index = (index + items.size() - 1) % items.size();
  if (left_release_in(event, right)) index = (index + 1) % items.size();
  return index != before;
}

void Choice::select(const std::string& item) {
  auto found = std::find(items.begin(), items.end(), item);
  if (found != items.end()) index = std::size_t(found - items.begin());
}

void Choice::draw(sf::RenderTarget& target, const Assets& assets) const {
  const unsigned size = text_size_for(rect);
  // The label takes its share, more when a translation needs it (up to 45%), in a smaller size if it must.
  const float label_width = std::clamp(text_width(assets.font(), label, size) + 8, rect.width * label_share,
                                       std::max(rect.width * label_share, rect.width * 0.45f));
  const unsigned label_size = fitted_size(assets.font(), label, size, 11, label_width - 8);
  draw_text(target, assets.font(), fit_text(assets.font(), label, label_size, label_width - 8), label_size,
            {rect.left, rect.top + rect.height * 0.2f});
  const sf::FloatRect control(rect.left + label_width, rect.top, rect.width - label_width, rect.height);
  drawn_control = control;
  draw_box(target, control, colors::PanelLight, sf::Color(20, 20, 20));
  const sf::FloatRect arrow_left(control.left, control.top, control.height, control.height);
  const sf::FloatRect arrow_right(control.left + control.width - control.height, control.top, control.height,
                                  control.height);
  draw_text_centred(target, assets.font(), "\xE2\x97\x80", size, arrow_left, colors::TextDim);   // ◀
  draw_text_centred(target, assets.font(), "\xE2\x96\xB6", size, arrow_right, colors::TextDim);  // ▶
  if (!items.empty())  // between the arrows, smaller or on two lines when it must
    draw_label(target, assets.font(), current_shown(),
               {control.left + control.height - 5, control.top, control.width - 2 * control.height + 10, control.height});
  if (KeyboardFocus* focus = KeyboardFocus::active(); focus && !items.empty()) {
    const sf::FloatRect less(control.left, control.top, control.width / 2, control.height);
    const sf::FloatRect more(control.left + control.width / 2, control.top, control.width / 2, control.height);
    focus->add({KeyboardFocus::Kind::Choice, "choice " + label, control, less, more});
  }
}

namespace {

bool continuation_byte(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

std::size_t previous_character(const std::string& text, std::size_t at) {
  if (at == 0) return 0;
  do --at;
  while (at > 0 && continuation_byte(text[at]));
  return at;
}

std::size_t next_character(const std::string& text, std::size_t at) {
  if (at >= text.size()) return text.size();
  do ++at;
  while (at < text.size() && continuation_byte(text[at]));
  return at;
}

}  // namespace

void TextField::set_text(std::string text) {
  text_ = std::move(text);
  cursor_ = text_.size();
  all_selected_ = false;
}

void TextField::erase(std::size_t from, std::size_t to) {
  text_.erase(from, to - from);
  cursor_ = from;
}

TextField::Input TextField::handle(const sf::Event& event) {
  if (event.type == sf::Event::TextEntered) {
    const sf::Uint32 c = event.text.unicode;
    if (c < 32 || c == 127) return Input::Ignored;  // control characters: the keys below handle them
    std::string utf8;
    sf::Utf8::encode(c, std::back_inserter(utf8));
    if (all_selected_) set_text("");
    text_.insert(cursor_, utf8);
    cursor_ += utf8.size();
    return Input::Edited;
  }
  if (event.type != sf::Event::KeyPressed) return Input::Ignored;
  const bool ctrl = event.key.control;
  const bool selected = std::exchange(all_selected_, false);
  switch (event.key.code) {
    case sf::Keyboard::Enter: return Input::Enter;
    case sf::Keyboard::BackSpace:
      if (selected) set_text("");
      else if (ctrl) {  // the word before the cursor, and the spaces after it
        std::size_t from = cursor_;
        while (from > 0 && text_[from - 1] == ' ') --from;
        while (from > 0 && text_[from - 1] != ' ' && text_[from - 1] != '/') --from;
        if (from == cursor_ && from > 0) --from;  // a lone separator
        erase(from, cursor_);
      } else erase(previous_character(text_, cursor_), cursor_);
      return Input::Edited;
    case sf::Keyboard::Delete:
      if (selected) set_text("");
      else erase(cursor_, next_character(text_, cursor_));
      return Input::Edited;
    case sf::Keyboard::Left: cursor_ = selected ? 0 : previous_character(text_, cursor_); return Input::Edited;
    case sf::Keyboard::Right: cursor_ = selected ? text_.size() : next_character(text_, cursor_); return Input::Edited;
    case sf::Keyboard::Home: cursor_ = 0; return Input::Edited;
    case sf::Keyboard::End: cursor_ = text_.size(); return Input::Edited;
    case sf::Keyboard::A:
      if (!ctrl) break;
      all_selected_ = !text_.empty();
      return Input::Edited;
    case sf::Keyboard::V: {
      if (!ctrl) break;
      const std::basic_string<sf::Uint8> pasted = sf::Clipboard::getString().toUtf8();
      std::string line(pasted.begin(), pasted.end());
      line = line.substr(0, line.find_first_of("\r\n"));
      if (selected) set_text("");
      text_.insert(cursor_, line);
      cursor_ += line.size();
      return Input::Edited;
    }
    default: break;
  }
  all_selected_ = selected;
  return Input::Ignored;
}

void TextField::draw(sf::RenderTarget& target, const Assets& assets) const {
  draw_box(target, rect, sf::Color(28, 27, 25), colors::Accent);
  if (LayoutLog* log = LayoutLog::active()) log->add_box("text field", rect);
  const LayoutLog::Region region("text field", rect);
  const unsigned size = text_size_for(rect);
  const float room = rect.width - 16;
  const sf::Vector2f at(rect.left + 8, rect.top + rect.height * 0.2f);
  if (text_.empty()) {
    if (!prompt.empty()) {  // smaller when a translation is long
      const unsigned prompt_size = fitted_size(assets.font(), prompt, size, 10, room);
      draw_text(target, assets.font(), fit_text(assets.font(), prompt, prompt_size, room), prompt_size,
                {at.x, at.y + float(size - prompt_size) / 2}, sf::Color(110, 108, 104));
    }
    fill_rect(target, {at.x, rect.top + 6, 2, rect.height - 12}, colors::Text);
    return;
  }
  // The part of the text around the cursor that fits.
  std::size_t first = 0;
  while (first < cursor_ && text_width(assets.font(), text_.substr(first, cursor_ - first), size) > room - 4)
    first = next_character(text_, first);
  std::size_t last = text_.size();
  while (last > cursor_ && text_width(assets.font(), text_.substr(first, last - first), size) > room)
    last = previous_character(text_, last);
  const std::string shown = text_.substr(first, last - first);
  if (all_selected_)
    fill_rect(target, {at.x - 2, rect.top + 5, text_width(assets.font(), shown, size) + 4, rect.height - 10},
              sf::Color(60, 90, 140));
  draw_text(target, assets.font(), shown, size, at);
  const float cursor_x = at.x + text_width(assets.font(), text_.substr(first, cursor_ - first), size) + 1;
  fill_rect(target, {std::round(cursor_x), rect.top + 6, 2, rect.height - 12}, colors::Text);
}

std::string fit_text(const sf::Font& font, const std::string& text, unsigned size, float width) {
  if (text_width(font, text, size) <= width) return text;
  std::string cut = text;
  while (!cut.empty() && text_width(font, cut + "...", size) > width) {
    unsigned char last = 0;
    do {  // one whole UTF-8 character: its continuation bytes, then its first
      last = static_cast<unsigned char>(cut.back());
      cut.pop_back();
    } while (!cut.empty() && (last & 0xC0) == 0x80);
  }
  cut += "...";
  if (LayoutLog* log = LayoutLog::active()) log->cut(cut, text);
  return cut;
}

std::string fit_words(const sf::Font& font, const std::string& text, unsigned size, float width) {
  const std::string cut = fit_text(font, text, size, width);
  if (cut == text) return text;
  std::size_t space = cut.rfind(' ', cut.size() - 3);
  if (space == std::string::npos || space == 0) return cut;  // one long word: cut as fit_text does
  while (space > 0 && (cut[space - 1] == ',' || cut[space - 1] == ';' || cut[space - 1] == ' ')) --space;
  const std::string shown = cut.substr(0, space) + "...";
  if (LayoutLog* log = LayoutLog::active()) log->cut(shown, text);
  return shown;
}

void ModalDialog::open(const std::string& dialog_title, const std::string& dialog_text,
                       std::optional<std::string> path) {
  title = dialog_title;
  text = dialog_text;
  with_field = path.has_value();
  path_field = true;
  field.set_text(path.value_or(""));
  ok.hovered = cancel.hovered = false;
}

void ModalDialog::layout(sf::Vector2f size, const Assets& assets) {
  const float width = std::min(600.0f, size.x - 40);
  lines_ = wrap_text(assets.font(), text, 16, width - 48);
  const float height = 62 + 22 * float(lines_.size()) + (with_field ? 50 : 0) + 78;
  box_ = {std::round((size.x - width) / 2), std::round((size.y - height) / 2), width, height};
  if (with_field) field.rect = {box_.left + 24, box_.top + 62 + 22 * float(lines_.size()) + 8, width - 48, 38};
  ok.rect = {box_.left + width - 300, box_.top + height - 64, 130, 42};
  cancel.rect = {box_.left + width - 154, box_.top + height - 64, 130, 42};
  if (cancel.label.empty()) {  // a message: OK alone, where Cancel would be
    ok.rect = cancel.rect;
    cancel.rect = {};
  }
}

ModalDialog::Answer ModalDialog::handle(const sf::Event& event, sf::Vector2f size, const Assets& assets) {
  layout(size, assets);
  if (with_field && path_field && key_pressed(event, sf::Keyboard::Tab)) {  // a path completes as in a shell (file_listing.h)
    field.set_text(complete_path(field.text(), {}));
    return Answer::None;
  }
  bool yes = ok.clicked(event);
  const bool no = cancel.clicked(event) || key_pressed(event, sf::Keyboard::Escape) ||
                  (!with_field && key_pressed(event, sf::Keyboard::N));
  if (with_field) yes = field.handle(event) == TextField::Input::Enter || yes;
  else yes = yes || key_pressed(event, sf::Keyboard::Enter) || key_pressed(event, sf::Keyboard::Y);
  return no ? Answer::Cancel : yes ? Answer::Ok : Answer::None;
}

void ModalDialog::draw(sf::RenderTarget& target, const Assets& assets) {
  const sf::Vector2f size = target.getView().getSize();
  layout(size, assets);
  fill_rect(target, {0, 0, size.x, size.y}, sf::Color(0, 0, 0, 140));
  fill_rect(target, box_, colors::Panel);
  if (LayoutLog* log = LayoutLog::active()) log->cover({0, 0, size.x, size.y});  // the dialog is all that counts
  if (KeyboardFocus* focus = KeyboardFocus::active()) {
    focus->cover({0, 0, size.x, size.y});
    if (with_field && path_field) focus->keep_tab();  // Tab completes the path
  }
  const LayoutLog::Region region("dialog", box_);
  draw_text(target, assets.bold(), title, 22, {box_.left + 24, box_.top + 20});
  float y = box_.top + 62;
  for (const std::string& line : lines_) {
    draw_text(target, assets.font(), line, 16, {box_.left + 24, y}, colors::TextDim);
    y += 22;
  }
  if (with_field) field.draw(target, assets);
  ok.draw(target, assets);
  if (!cancel.label.empty()) cancel.draw(target, assets);
}

}  // namespace gambit::gui
