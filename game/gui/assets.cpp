// SPDX-License-Identifier: MIT
#include "game/gui/assets.h"

#include <cmath>
#include <cstdio>
#include <vector>

#include <alc.h>  // OpenAL, as CMake's FindOpenAL points at it
#include <fontconfig/fontconfig.h>

#include "core/config/settings.h"
#include "core/util/install_layout.h"
#include "core/util/translation.h"
#include "game/gui/svg_picture.h"

namespace gambit::gui {

namespace fs = std::filesystem;

namespace {

// The file of an installed font of that family and weight, through fontconfig
// (which knows every font folder of the system and the user); empty when no
// such font is installed. Fontconfig answers every query with its nearest
// font, so the family and weight it found are checked.
fs::path find_font(const char* family, int weight) {
  if (!FcInit()) return {};
  FcPattern* pattern = FcPatternCreate();
  FcPatternAddString(pattern, FC_FAMILY, reinterpret_cast<const FcChar8*>(family));
  FcPatternAddInteger(pattern, FC_WEIGHT, weight);
  FcPatternAddInteger(pattern, FC_SLANT, FC_SLANT_ROMAN);
  FcConfigSubstitute(nullptr, pattern, FcMatchPattern);
  FcDefaultSubstitute(pattern);
  FcResult result = FcResultNoMatch;
  FcPattern* match = FcFontMatch(nullptr, pattern, &result);
  FcPatternDestroy(pattern);
  if (!match) return {};
  fs::path file;
  bool same_family = false;
  FcChar8* text = nullptr;
  for (int i = 0; FcPatternGetString(match, FC_FAMILY, i, &text) == FcResultMatch; ++i)
    same_family = same_family || FcStrCmpIgnoreCase(text, reinterpret_cast<const FcChar8*>(family)) == 0;
  int found_weight = -1;
  FcPatternGetInteger(match, FC_WEIGHT, 0, &found_weight);
  if (same_family && found_weight == weight && FcPatternGetString(match, FC_FILE, 0, &text) == FcResultMatch)
    file = reinterpret_cast<const char*>(text);
  FcPatternDestroy(match);
  return file;
}

// Unicode code point of a piece glyph: U+2654 (white king) .. U+265F (black pawn).
sf::Uint32 glyph(chess::PieceType type, bool filled) {
  static constexpr int order[] = {0, 5, 4, 3, 2, 1, 0};  // index by PieceType: pawn..king -> offset from the king
  return sf::Uint32(0x2654 + (filled ? 6 : 0) + order[type]);
}

}  // namespace

Result<std::unique_ptr<Assets>> Assets::load() {
  auto assets = std::make_unique<Assets>();
  const fs::path regular = find_font("DejaVu Sans", FC_WEIGHT_REGULAR);
  const fs::path bold = find_font("DejaVu Sans", FC_WEIGHT_BOLD);
  if (regular.empty() || bold.empty())
    return Failure{"Gambit draws its text and pieces with the DejaVu Sans font, which is not installed; "
                   "install it with: sudo apt install fonts-dejavu-core"};
  if (!assets->regular_.loadFromFile(regular.string()) || !assets->bold_.loadFromFile(bold.string()))
    return Failure{"cannot read the DejaVu Sans font (" + regular.string() + ", " + bold.string() +
                   "); reinstalling it may help: sudo apt install --reinstall fonts-dejavu-core"};
  // FreeSerif gives the second piece set; without it that set is drawn with DejaVu Sans.
  const fs::path serif = find_font("FreeSerif", FC_WEIGHT_REGULAR);
  assets->serif_loaded_ = !serif.empty() && assets->serif_.loadFromFile(serif.string());
  assets->sounds_folder_ = data_directory() / "sounds";

  return assets;
}

const sf::Font& Assets::piece_font(const std::string& piece_set) const {
  return piece_set == "freeserif" && serif_loaded_ ? serif_ : regular_;
}

// A piece is made from two glyphs of its font with one silhouette: the solid
// one (U+265A..U+265F) gives the body, the outline one (U+2654..U+2659) its
// lines. Both are drawn at the exact size, at one origin. The body is the solid
// glyph with its holes filled (everything the border cannot reach around it),
// so no gap in a thin line can leave a piece hollow at any size. It is filled
// with the piece's colour and the lines are drawn over it: all dark for White;
// for Black dark on the outer contour and light inside, so its details show.
const Result<PieceFiles>& Assets::svg_files(const SvgPieceSet& set) const {
  auto found = svg_sets_.find(set.name);
  if (found == svg_sets_.end()) found = svg_sets_.emplace(set.name, find_piece_files(set, data_folders())).first;
  return found->second;
}

std::string Assets::piece_set_problem(const std::string& piece_set) const {
  const SvgPieceSet* set = find_svg_piece_set(piece_set);
  if (!set) return {};
  const Result<PieceFiles>& files = svg_files(*set);
  return files ? std::string() : files.error();
}

std::optional<std::pair<std::string, std::string>> Assets::take_piece_set_problem() {
  if (piece_problem_.empty() || std::exchange(piece_problem_told_, true)) return std::nullopt;
  return std::pair{piece_problem_set_, piece_problem_};
}

sf::Image Assets::piece_image(chess::Piece piece, unsigned size, const std::string& piece_set) const {
  const SvgPieceSet* set = find_svg_piece_set(piece_set);
  if (!set) return font_piece_image(piece, size, piece_set);
  const Result<PieceFiles>& files = svg_files(*set);
  std::string problem;
  if (files) {
    Result<sf::Image> image = render_svg(files.value()[piece], size);
    if (image) return std::move(image).value();
    problem = image.error();
  } else {
    problem = files.error();
  }
  if (problem != piece_problem_) piece_problem_told_ = false;  // a new problem is told too, once
  piece_problem_ = std::move(problem);
  piece_problem_set_ = piece_set;
  return font_piece_image(piece, size, std::string(config::PieceSets.front()));
}

sf::Image Assets::font_piece_image(chess::Piece piece, unsigned size, const std::string& piece_set) const {
  const sf::Font& font = piece_font(piece_set);
  const bool freeserif = &font == &serif_;
  const chess::PieceType type = chess::type_of(piece);
  const unsigned char_size = unsigned(float(size) * (freeserif ? 0.86f : 0.80f));
  sf::Text outline(sf::String(glyph(type, false)), font, char_size);
  sf::Text solid(sf::String(glyph(type, true)), font, char_size);
  const sf::FloatRect bounds = outline.getLocalBounds();
  const float drop = type == chess::PAWN ? float(size) * 0.04f : 0.0f;  // pawns sit a little lower
  for (sf::Text* text : {&outline, &solid}) {
    text->setOrigin(bounds.left + bounds.width / 2, bounds.top + bounds.height / 2);
    text->setPosition(std::round(float(size) / 2), std::round(float(size) / 2 + drop));
    text->setFillColor(sf::Color::White);
  }
  sf::RenderTexture canvas;
  canvas.create(size, size);
  auto render = [&](const sf::Text& text) {
    canvas.clear(sf::Color::Transparent);
    canvas.draw(text);
    canvas.display();
    return canvas.getTexture().copyToImage();
  };
  const sf::Image lines = render(outline);
  const sf::Image body = render(solid);

  const int n = int(size);
  auto dilate = [n](const std::vector<std::uint8_t>& mask, int r) {
    std::vector<std::uint8_t> rows(mask.size(), 0), out(mask.size(), 0);
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x)
        for (int d = -r; d <= r && !rows[y * n + x]; ++d)
          if (x + d >= 0 && x + d < n && mask[y * n + x + d]) rows[y * n + x] = 1;
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x)
        for (int d = -r; d <= r && !out[y * n + x]; ++d)
          if (y + d >= 0 && y + d < n && rows[(y + d) * n + x]) out[y * n + x] = 1;
    return out;
  };
  // Outside: pixels reachable from the border through neither glyph.
  std::vector<std::uint8_t> outside(std::size_t(n * n), 0);
  std::vector<int> stack;
  auto visit = [&](int x, int y) {
    if (x < 0 || y < 0 || x >= n || y >= n) return;
    const int i = y * n + x;
    if (outside[i] || body.getPixel(unsigned(x), unsigned(y)).a >= 128 ||
        lines.getPixel(unsigned(x), unsigned(y)).a >= 128)
      return;
    outside[i] = 1;
    stack.push_back(i);
  };
  for (int i = 0; i < n; ++i) {
    visit(i, 0), visit(i, n - 1), visit(0, i), visit(n - 1, i);
  }
  while (!stack.empty()) {
    const int i = stack.back();
    stack.pop_back();
    visit(i % n + 1, i / n), visit(i % n - 1, i / n), visit(i % n, i / n + 1), visit(i % n, i / n - 1);
  }
  // The outer contour's lines: within a few pixels of the outside.
  const std::vector<std::uint8_t> near_outside = dilate(outside, std::max(1, int(std::lround(size * 0.035))));

  const bool white = chess::color_of(piece) == chess::WHITE;
  const sf::Color fill = white ? sf::Color(250, 250, 244) : sf::Color(46, 44, 42);
  const sf::Color ink(20, 20, 20), light(220, 218, 210);
  sf::Image image;
  image.create(size, size, sf::Color::Transparent);
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) {
      const float a = lines.getPixel(unsigned(x), unsigned(y)).a / 255.0f;
      // Inside the silhouette the body is opaque; on its edge, the solid glyph's own antialiasing.
      const float cover = outside[y * n + x] ? body.getPixel(unsigned(x), unsigned(y)).a / 255.0f : 1.0f;
      const float alpha = std::max(a, cover);
      if (alpha == 0) continue;
      const sf::Color line = white || near_outside[y * n + x] ? ink : light;
      const float t = a / alpha;  // how much of what shows is line
      auto mix = [&](sf::Uint8 l, sf::Uint8 f) { return sf::Uint8(std::lround(l * t + f * (1 - t))); };
      image.setPixel(unsigned(x), unsigned(y),
                     {mix(line.r, fill.r), mix(line.g, fill.g), mix(line.b, fill.b), sf::Uint8(std::lround(255 * alpha))});
    }
  return image;
}

const sf::Texture& Assets::piece_texture(chess::Piece piece, unsigned size, const std::string& piece_set) const {
  const auto key = std::make_tuple(piece_set, int(piece), size);
  if (auto found = piece_cache_.find(key); found != piece_cache_.end()) return found->second;
  if (piece_cache_.size() > 240) piece_cache_.clear();  // the window was resized many times
  sf::Texture& texture = piece_cache_[key];
  texture.loadFromImage(piece_image(piece, size, piece_set));
  texture.setSmooth(false);
  return texture;
}

void Assets::draw_piece(sf::RenderTarget& target, chess::Piece piece, sf::Vector2f top_left, float size,
                        const std::string& piece_set, sf::Uint8 alpha) const {
  if (piece == chess::NO_PIECE || size < 4) return;
  const auto pixels = unsigned(std::lround(size));
  sf::Sprite sprite(piece_texture(piece, pixels, piece_set));
  sprite.setPosition(std::round(top_left.x), std::round(top_left.y));
  sprite.setColor(sf::Color(255, 255, 255, alpha));
  target.draw(sprite);
}

std::optional<std::string> Assets::take_audio_problem() {
  if (audio_problem_.empty() || std::exchange(audio_problem_told_, true)) return std::nullopt;
  return audio_problem_;
}

void Assets::play(Sound sound) {
  if (!sounds_enabled_) return;
  // Loaded on first use, so a game with sounds off never opens the audio device.
  if (!sounds_loaded_) {
    sounds_loaded_ = true;
    // SFML, finding no audio device, writes dozens of OpenAL errors for every
    // sound: ask first, once, and say it in one line.
    if (ALCdevice* device = alcOpenDevice(nullptr)) {
      alcCloseDevice(device);
    } else {
      audio_problem_ = tr("No audio device could be opened: Gambit plays without sounds.");
      std::fprintf(stderr, "gambit: %s\n", audio_problem_.c_str());
      sounds_enabled_ = false;
      return;
    }
    voices_.resize(4);
    const std::pair<Sound, const char*> sounds[] = {{Sound::Move, "move.wav"},
                                                    {Sound::Capture, "capture.wav"},
                                                    {Sound::Check, "check.wav"},
                                                    {Sound::GameEnd, "game_end.wav"},
                                                    {Sound::Notify, "notify.wav"}};
    for (const auto& [sound, file] : sounds) {
      sf::SoundBuffer buffer;
      if (buffer.loadFromFile((sounds_folder_ / file).string())) buffers_[sound] = buffer;
    }
  }
  auto found = buffers_.find(sound);
  if (found == buffers_.end()) return;
  sf::Sound& voice = voices_[next_voice_++ % voices_.size()];
  voice.setBuffer(found->second);
  voice.play();
}

}  // namespace gambit::gui
