// SPDX-License-Identifier: MIT
#include "game/gui/board_view.h"

#include <algorithm>
#include <cmath>

#include "game/gui/widgets.h"

namespace gambit::gui {

namespace {

// A premove's squares: a dark red, as lichess tints them, apart from every theme's last-move and selection colours.
const sf::Color PremoveTint(140, 40, 40);
const sf::Color HillTint(214, 170, 60);  // King of the Hill's centre squares

constexpr chess::PieceType PromotionPieces[] = {chess::QUEEN, chess::KNIGHT, chess::ROOK, chess::BISHOP};

sf::Color blend(sf::Color base, sf::Color over, float amount) {
  auto mix = [&](sf::Uint8 a, sf::Uint8 b) { return sf::Uint8(std::lround(a + (b - a) * amount)); };
  return {mix(base.r, over.r), mix(base.g, over.g), mix(base.b, over.b)};
}

void draw_arrow(sf::RenderTarget& target, sf::Vector2f from, sf::Vector2f to, float width, sf::Color color) {
  const sf::Vector2f d = to - from;
  const float length = std::sqrt(d.x * d.x + d.y * d.y);
  if (length < 1) return;
  const sf::Vector2f unit = d / length, normal(-unit.y, unit.x);
  const float head = width * 2.4f;
  const sf::Vector2f shaft_end = to - unit * head;
  sf::VertexArray shape(sf::Triangles, 9);
  const sf::Vector2f a = from + normal * (width / 2), b = from - normal * (width / 2);
  const sf::Vector2f c = shaft_end + normal * (width / 2), e = shaft_end - normal * (width / 2);
  const sf::Vector2f points[] = {a, b, c, b, e, c, shaft_end + normal * head * 0.55f,
                                 shaft_end - normal * head * 0.55f, to};
  for (int i = 0; i < 9; ++i) shape[i] = sf::Vertex(points[i], color);
  target.draw(shape);
}

}  // namespace

BoardPalette board_palette(const std::string& theme) {
  if (theme == "brown") return {{240, 217, 181}, {181, 136, 99}};
  if (theme == "blue") return {{222, 227, 230}, {140, 162, 173}};
  if (theme == "grey") return {{220, 220, 220}, {150, 150, 150}};
  if (theme == "purple") return {{232, 222, 240}, {148, 118, 176}};
  if (theme == "olive") return {{236, 234, 204}, {148, 146, 92}};
  if (theme == "ice") return {{232, 242, 247}, {124, 168, 196}};
  if (theme == "sand") return {{244, 232, 204}, {204, 170, 118}};
  // High contrast: near white and mid grey (each piece set's black and white
  // stand out on both), highlights in yellow, blue and magenta (told apart
  // without red and green).
  if (theme == "contrast") return {{240, 240, 240}, {110, 110, 110}, {255, 204, 0}, {0, 80, 220}, {210, 0, 140}};
  return {{238, 238, 210}, {118, 150, 86}};
}

void BoardView::layout(const sf::FloatRect& area) {
  const float margin = std::clamp(std::min(area.width, area.height) * 0.035f, 14.0f, 26.0f);
  const float side = std::floor(std::max(8.0f, std::min(area.width, area.height) - 2 * margin) / 8) * 8;
  rect_ = {std::round(area.left + (area.width - side) / 2), std::round(area.top + (area.height - side) / 2), side,
           side};
}

sf::Vector2f BoardView::square_origin(chess::Square s) const {
  int file = chess::file_of(s), rank = chess::rank_of(s);
  if (flipped_) file = 7 - file;
  else rank = 7 - rank;
  return {rect_.left + file * square_size(), rect_.top + rank * square_size()};
}

sf::Vector2f BoardView::square_centre(chess::Square s) const {
  return square_origin(s) + sf::Vector2f(square_size() / 2, square_size() / 2);
}

std::optional<chess::Square> BoardView::square_at(sf::Vector2f point) const {
  if (!rect_.contains(point)) return std::nullopt;
  int file = std::clamp(int((point.x - rect_.left) / square_size()), 0, 7);
  int row = std::clamp(int((point.y - rect_.top) / square_size()), 0, 7);
  const int rank = flipped_ ? row : 7 - row;
  if (flipped_) file = 7 - file;
  return chess::make_square(file, rank);
}

sf::FloatRect BoardView::picker_cell(chess::Square to, chess::Color side, int index) const {
  // The picker hangs from the promotion square towards the middle of the board.
  const sf::Vector2f origin = square_origin(to);
  const bool downwards = (side == chess::WHITE) != flipped_;
  const float y = origin.y + (downwards ? index : -index) * square_size();
  return {origin.x, y, square_size(), square_size()};
}

std::optional<chess::PieceType> BoardView::promotion_choice_at(chess::Square to, chess::Color side,
                                                               sf::Vector2f point) const {
  for (int i = 0; i < 4; ++i)
    if (picker_cell(to, side, i).contains(point)) return PromotionPieces[i];
  return std::nullopt;
}

void BoardView::draw(sf::RenderTarget& target, const Assets& assets, const std::string& theme,
                     const std::string& piece_set, const BoardScene& scene) const {
  const BoardPalette palette = board_palette(theme);
  const float sq = square_size();
  const auto piece_at = [&scene](chess::Square s) {
    return scene.pieces ? (*scene.pieces)[s] : scene.position->piece_on(s);
  };

  // Squares, with the last move tinted yellow and the checked king red.
  const bool hill = !scene.pieces && scene.position->variant() == chess::Variant::KingOfTheHill;
  std::optional<chess::Square> checked;
  if (!scene.pieces && scene.position->in_check()) checked = scene.position->king_square(scene.position->side_to_move());
  // One opaque vertex array, drawn without blending: the software rasterisers
  // the game often runs on (Mesa llvmpipe) pay per blended pixel.
  sf::VertexArray cells(sf::Triangles);
  for (int s = 0; s < 64; ++s) {
    const auto square = chess::Square(s);
    const bool light = (chess::file_of(square) + chess::rank_of(square)) % 2 == 1;
    sf::Color color = light ? palette.light : palette.dark;
    if (scene.last_move && (scene.last_move->from() == square || scene.last_move->to() == square))
      color = blend(color, palette.last_move, 0.45f);
    if (scene.selected == square) color = blend(color, palette.selected, 0.45f);
    if (scene.premove && (scene.premove->first == square || scene.premove->second == square))
      color = blend(color, PremoveTint, 0.55f);
    if (hill && (chess::CENTRE_BB & chess::square_bb(square))) color = blend(color, HillTint, 0.3f);
    append_quad(cells, {square_origin(square), {sq, sq}}, color);
  }
  target.draw(cells, sf::RenderStates(sf::BlendNone));
  if (hill) {  // King of the Hill: the four centre squares framed, the goal of both kings
    const sf::Vector2f a = square_origin(chess::SQ_D4), b = square_origin(chess::SQ_E5);
    const float thickness = std::max(2.0f, sq * 0.04f);
    sf::RectangleShape box({2 * sq - 2 * thickness, 2 * sq - 2 * thickness});
    box.setPosition(sf::Vector2f(std::min(a.x, b.x), std::min(a.y, b.y)) + sf::Vector2f(thickness, thickness));
    box.setFillColor(sf::Color::Transparent);
    box.setOutlineColor(blend(HillTint, sf::Color::Black, 0.2f));
    box.setOutlineThickness(thickness);
    target.draw(box);
  }
  // The frames: the last move's squares thin, the selected one thick.
  const auto frame = [&](chess::Square square, sf::Color color, float thickness) {
    sf::RectangleShape box({sq - 2 * thickness, sq - 2 * thickness});
    box.setPosition(square_origin(square) + sf::Vector2f(thickness, thickness));
    box.setFillColor(sf::Color::Transparent);
    box.setOutlineColor(color);
    box.setOutlineThickness(thickness);
    target.draw(box);
  };
  if (scene.last_move) {
    const sf::Color edge = blend(palette.last_move, sf::Color::Black, 0.35f);
    frame(scene.last_move->from(), edge, std::max(2.0f, sq * 0.035f));
    frame(scene.last_move->to(), edge, std::max(2.0f, sq * 0.035f));
  }
  if (scene.selected) frame(*scene.selected, palette.selected, std::max(3.0f, sq * 0.07f));
  if (checked) {
    sf::CircleShape glow(sq * 0.5f);
    glow.setPosition(square_origin(*checked));
    glow.setFillColor(sf::Color(palette.check.r, palette.check.g, palette.check.b, 150));
    target.draw(glow);
    sf::CircleShape ring(sq * 0.47f);
    ring.setPosition(square_origin(*checked) + sf::Vector2f(sq * 0.03f, sq * 0.03f));
    ring.setFillColor(sf::Color::Transparent);
    ring.setOutlineColor(blend(palette.check, sf::Color::Black, 0.3f));
    ring.setOutlineThickness(-std::max(2.0f, sq * 0.05f));
    target.draw(ring);
  }

  // Coordinates outside the board.
  const unsigned coord_size = unsigned(std::clamp(sq * 0.2f, 10.0f, 16.0f));
  for (int i = 0; i < 8; ++i) {
    const std::string file(1, char('a' + (flipped_ ? 7 - i : i)));
    const std::string rank(1, char('1' + (flipped_ ? i : 7 - i)));
    draw_text_centred(target, assets.font(), file, coord_size,
                      {rect_.left + i * sq, rect_.top + rect_.height + 1, sq, float(coord_size) + 6}, colors::TextDim);
    draw_text_centred(target, assets.font(), rank, coord_size,
                      {rect_.left - coord_size - 8, rect_.top + i * sq, float(coord_size) + 4, sq}, colors::TextDim);
  }

  // Legal targets: a dot on an empty square, a ring around a piece to capture.
  if (scene.show_targets && !scene.pieces) {
    for (chess::Square t : scene.targets) {
      const sf::Vector2f c = square_centre(t);
      if (piece_at(t) == chess::NO_PIECE) {
        sf::CircleShape dot(sq * 0.16f);
        dot.setOrigin(dot.getRadius(), dot.getRadius());
        dot.setPosition(c);
        dot.setFillColor(sf::Color(20, 85, 30, 110));
        target.draw(dot);
      } else {
        sf::CircleShape ring(sq * 0.44f);
        ring.setOrigin(ring.getRadius(), ring.getRadius());
        ring.setPosition(c);
        ring.setFillColor(sf::Color::Transparent);
        ring.setOutlineColor(sf::Color(20, 85, 30, 110));
        ring.setOutlineThickness(-sq * 0.07f);
        target.draw(ring);
      }
    }
  }

  for (const BoardScene::Circle& circle : scene.circles) {
    sf::CircleShape ring(sq * 0.46f);
    ring.setOrigin(ring.getRadius(), ring.getRadius());
    ring.setPosition(square_centre(circle.square));
    ring.setFillColor(sf::Color::Transparent);
    ring.setOutlineColor(circle.color);
    ring.setOutlineThickness(-sq * 0.06f);
    target.draw(ring);
  }

  // Pieces: skipped where one is dragged or gliding, drawn last on top.
  for (int s = 0; s < 64; ++s) {
    const auto square = chess::Square(s);
    if (scene.dragged == square || (scene.glide && scene.glide->to == square)) continue;
    assets.draw_piece(target, piece_at(square), square_origin(square), sq, piece_set);
  }
  for (const BoardScene::Arrow& arrow : scene.arrows)
    draw_arrow(target, square_centre(arrow.from), square_centre(arrow.to), sq * 0.16f, arrow.color);
  if (scene.glide) {
    const float t = std::clamp(scene.glide->progress, 0.0f, 1.0f);
    const float eased = 1 - (1 - t) * (1 - t);
    const sf::Vector2f a = square_origin(scene.glide->from), b = square_origin(scene.glide->to);
    assets.draw_piece(target, scene.glide->piece, a + (b - a) * eased, sq, piece_set);
  }
  if (scene.dragged)
    assets.draw_piece(target, piece_at(*scene.dragged), scene.drag_point - sf::Vector2f(sq / 2, sq / 2), sq,
                      piece_set);

  if (scene.promotion) {
    const auto [to, side] = *scene.promotion;
    fill_rect(target, rect_, sf::Color(0, 0, 0, 110));
    for (int i = 0; i < 4; ++i) {
      const sf::FloatRect box = picker_cell(to, side, i);
      sf::CircleShape disc(sq * 0.48f);
      disc.setPosition(box.left + sq * 0.02f, box.top + sq * 0.02f);
      disc.setFillColor(sf::Color(235, 235, 230));
      disc.setOutlineColor(sf::Color(30, 30, 30));
      disc.setOutlineThickness(1);
      target.draw(disc);
      assets.draw_piece(target, chess::make_piece(side, PromotionPieces[i]), {box.left, box.top}, sq, piece_set);
    }
  }
}

}  // namespace gambit::gui
