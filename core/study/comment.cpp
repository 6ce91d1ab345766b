// SPDX-License-Identifier: MIT
#include "core/study/comment.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <type_traits>

#include "core/chess/uci.h"
#include "core/review/game_review.h"
#include "core/util/words.h"

namespace gambit::study {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_name_char(char c) {
  return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

// Runs of whitespace become one space, none at either end; '}' becomes ')'.
std::string normalised_text(std::string_view text) {
  std::string out = collapse_whitespace(text);
  std::replace(out.begin(), out.end(), '}', ')');
  return out;
}

// The value of a run of 1 to max_digits decimal digits, or nullopt.
std::optional<int> digits_value(std::string_view text, std::size_t max_digits) {
  if (text.empty() || text.size() > max_digits) return std::nullopt;
  int value = 0;
  for (char c : text) {
    if (!is_digit(c)) return std::nullopt;
    value = value * 10 + (c - '0');
  }
  return value;
}

// A leading '+' or '-' taken off text: -1 for '-', else 1.
int take_sign(std::string_view& text) {
  if (text.starts_with('-') || text.starts_with('+')) {
    const int sign = text.front() == '-' ? -1 : 1;
    text.remove_prefix(1);
    return sign;
  }
  return 1;
}

// "0.32", "-1.5", "+3", "#-3", "#3", each with an optional ",depth".
std::optional<Eval> parse_eval(std::string_view text) {
  Eval eval;
  if (const std::size_t comma = text.find(','); comma != std::string_view::npos) {
    eval.depth = digits_value(text.substr(comma + 1), 3);
    if (!eval.depth) return std::nullopt;
    text = text.substr(0, comma);
  }
  if (text.starts_with('#')) {
    text.remove_prefix(1);
    const int sign = take_sign(text);
    const std::optional<int> moves = digits_value(text, 3);
    if (!moves) return std::nullopt;
    eval.kind = Eval::Kind::Mate;
    eval.value = sign * *moves;
    return eval;
  }
  const int sign = take_sign(text);
  const std::size_t point = text.find('.');
  const std::optional<int> pawns = digits_value(text.substr(0, point), 6);
  std::optional<int> hundredths = 0;
  if (point != std::string_view::npos) {
    const std::string_view fraction = text.substr(point + 1);
    hundredths = digits_value(fraction, 2);
    if (hundredths && fraction.size() == 1) *hundredths *= 10;
  }
  if (!pawns || !hundredths) return std::nullopt;
  const int centipawns = *pawns * 100 + *hundredths;
  if (centipawns > Eval::MAX_CENTIPAWNS) return std::nullopt;
  eval.value = sign * centipawns;
  return eval;
}

// "H:MM:SS" with an optional fraction of a second of 1 to 3 digits.
std::optional<std::chrono::milliseconds> parse_clock(std::string_view text) {
  const std::size_t first = text.find(':');
  if (first == std::string_view::npos || text.size() < first + 6 || text[first + 3] != ':') return std::nullopt;
  const std::optional<int> hours = digits_value(text.substr(0, first), 5);
  const std::optional<int> minutes = digits_value(text.substr(first + 1, 2), 2);
  const std::optional<int> seconds = digits_value(text.substr(first + 4, 2), 2);
  if (!hours || !minutes || !seconds || *minutes > 59 || *seconds > 59) return std::nullopt;
  std::int64_t millis = ((std::int64_t(*hours) * 60 + *minutes) * 60 + *seconds) * 1000;
  const std::string_view rest = text.substr(first + 6);
  if (!rest.empty()) {
    const std::optional<int> fraction = digits_value(rest.substr(1), 3);
    if (rest.front() != '.' || !fraction) return std::nullopt;
    int scaled = *fraction;
    for (std::size_t digits = rest.size() - 1; digits < 3; ++digits) scaled *= 10;
    millis += scaled;
  }
  return std::chrono::milliseconds(millis);
}

std::optional<ShapeColor> parse_color(char c) {
  for (ShapeColor color : {ShapeColor::Green, ShapeColor::Red, ShapeColor::Yellow, ShapeColor::Blue})
    if (c == char(color)) return color;
  return std::nullopt;
}

// "Ge2e4,Rd1d8" (arrows) or "Gd5,Ye4" (circles): a list of items, each a colour
// letter and squares_per_item squares; nullopt unless every item reads.
template <class Shape>
std::optional<std::vector<Shape>> parse_shapes(std::string_view text) {
  constexpr std::size_t squares_per_item = std::is_same_v<Shape, Arrow> ? 2 : 1;
  std::vector<Shape> shapes;
  for (;;) {
    const std::size_t comma = text.find(',');
    const std::string_view item = text.substr(0, comma);
    if (item.size() != 1 + 2 * squares_per_item) return std::nullopt;
    const std::optional<ShapeColor> color = parse_color(item[0]);
    const std::optional<chess::Square> first = chess::parse_square(item.substr(1, 2));
    if (!color || !first) return std::nullopt;
    if constexpr (squares_per_item == 2) {
      const std::optional<chess::Square> second = chess::parse_square(item.substr(3, 2));
      if (!second || *second == *first) return std::nullopt;
      shapes.push_back(Arrow{*color, *first, *second});
    } else {
      shapes.push_back(Circle{*color, *first});
    }
    if (comma == std::string_view::npos) return shapes;
    text.remove_prefix(comma + 1);
  }
}

// The end of the command that starts at body[at] ("[%name ...]" with no '['
// before its ']'), or 0 when none starts there.
std::size_t command_end(std::string_view body, std::size_t at) {
  if (!body.substr(at).starts_with("[%") || at + 2 >= body.size() || !is_name_char(body[at + 2])) return 0;
  const std::size_t close = body.find_first_of("[]", at + 2);
  return close != std::string_view::npos && body[close] == ']' ? close + 1 : 0;
}

// Adds the command (as in the comment, brackets included) to comment.
void add_command(Comment& comment, std::string_view command) {
  std::size_t name_end = 2;
  while (is_name_char(command[name_end])) ++name_end;
  const std::string_view name = command.substr(2, name_end - 2);
  std::string_view args = command.substr(name_end, command.size() - 1 - name_end);
  while (!args.empty() && args.front() == ' ') args.remove_prefix(1);
  while (!args.empty() && args.back() == ' ') args.remove_suffix(1);
  if (name == "eval" && !comment.eval) {
    if ((comment.eval = parse_eval(args))) return;
  } else if (name == "clk" && !comment.clock) {
    if ((comment.clock = parse_clock(args))) return;
  } else if (name == "cal") {
    if (auto arrows = parse_shapes<Arrow>(args)) {
      comment.arrows.insert(comment.arrows.end(), arrows->begin(), arrows->end());
      return;
    }
  } else if (name == "csl") {
    if (auto circles = parse_shapes<Circle>(args)) {
      comment.circles.insert(comment.circles.end(), circles->begin(), circles->end());
      return;
    }
  }
  comment.other_commands.emplace_back(command);
}

template <class Shape>
std::string shapes_command(std::string_view name, const std::vector<Shape>& shapes) {
  std::string out = "[%" + std::string(name) + ' ';
  for (const Shape& shape : shapes) {
    if (&shape != &shapes.front()) out += ',';
    out += char(shape.color);
    if constexpr (std::is_same_v<Shape, Arrow>) out += chess::square_name(shape.from) + chess::square_name(shape.to);
    else out += chess::square_name(shape.square);
  }
  return out + ']';
}

}  // namespace

bool Comment::empty() const {
  return text.empty() && !eval && !clock && arrows.empty() && circles.empty() && other_commands.empty();
}

Comment parse_comment(std::string_view raw) {
  const std::string body = normalised_text(raw);
  Comment comment;
  std::string text;
  std::size_t text_from = 0;
  for (std::size_t at = 0; at < body.size();) {
    const std::size_t end = command_end(body, at);
    if (end == 0) {
      ++at;
      continue;
    }
    text.append(body, text_from, at - text_from);
    text += ' ';
    add_command(comment, std::string_view(body).substr(at, end - at));
    at = text_from = end;
  }
  text.append(body, text_from);
  comment.text = normalised_text(text);
  for (std::size_t at = comment.text.find("[%"); at != std::string::npos; at = comment.text.find("[%", at))
    comment.text.insert(at + 1, " ");
  return comment;
}

std::string comment_body(const Comment& comment) {
  std::vector<std::string> parts;
  if (comment.eval) parts.push_back("[%eval " + eval_text(*comment.eval) + ']');
  if (comment.clock) parts.push_back("[%clk " + clock_text(*comment.clock) + ']');
  if (!comment.arrows.empty()) parts.push_back(shapes_command("cal", comment.arrows));
  if (!comment.circles.empty()) parts.push_back(shapes_command("csl", comment.circles));
  parts.insert(parts.end(), comment.other_commands.begin(), comment.other_commands.end());
  if (!comment.text.empty()) parts.push_back(comment.text);
  std::string out;
  for (const std::string& part : parts) out += (out.empty() ? "" : " ") + part;
  return out;
}

Comment joined(const Comment& first, const Comment& second) {
  return parse_comment(comment_body(first) + ' ' + comment_body(second));
}

std::string eval_text(const Eval& eval) {
  std::string out = review::eval_text(
      {eval.kind == Eval::Kind::Mate ? review::Score::Kind::Mate : review::Score::Kind::Centipawns, eval.value});
  if (eval.depth) out += ',' + std::to_string(*eval.depth);
  return out;
}

std::string clock_text(std::chrono::milliseconds clock) {
  const std::int64_t total = clock.count();
  std::int64_t millis = total < 0 ? -total : total;
  const auto two_digits = [](std::int64_t n) { return std::string{char('0' + n / 10), char('0' + n % 10)}; };
  std::string out = (total < 0 ? "-" : "") + std::to_string(millis / 3'600'000) + ':' +
                    two_digits(millis / 60'000 % 60) + ':' + two_digits(millis / 1000 % 60);
  if (millis % 1000 != 0) {
    std::string fraction = std::to_string(1000 + millis % 1000).substr(1);
    while (fraction.back() == '0') fraction.pop_back();
    out += '.' + fraction;
  }
  return out;
}

namespace {

// Adds shape, removes it when already there, recolours it when there in another colour.
template <class Shape, class SameSquares>
void toggle_shape(std::vector<Shape>& shapes, const Shape& shape, SameSquares same_squares) {
  const auto there = std::find_if(shapes.begin(), shapes.end(), [&](const Shape& s) { return same_squares(s, shape); });
  if (there == shapes.end()) shapes.push_back(shape);
  else if (there->color == shape.color) shapes.erase(there);
  else there->color = shape.color;
}

}  // namespace

void toggle_arrow(std::vector<Arrow>& arrows, const Arrow& arrow) {
  toggle_shape(arrows, arrow, [](const Arrow& a, const Arrow& b) { return a.from == b.from && a.to == b.to; });
}

void toggle_circle(std::vector<Circle>& circles, const Circle& circle) {
  toggle_shape(circles, circle, [](const Circle& a, const Circle& b) { return a.square == b.square; });
}

}  // namespace gambit::study
