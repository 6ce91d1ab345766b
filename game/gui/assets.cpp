#include "game/gui/assets.h"

#include <cmath>
#include <cstdlib>
#include <vector>

#include "core/players/plugin_catalog.h"

#ifndef GAMBIT_SOURCE_ASSETS_DIR
#define GAMBIT_SOURCE_ASSETS_DIR ""
#endif

namespace gambit::gui {

namespace fs = std::filesystem;

namespace {

std::vector<fs::path> candidate_folders() {
  std::vector<fs::path> folders;
  if (const char* env = std::getenv("GAMBIT_ASSETS_DIR"); env && *env) folders.emplace_back(env);
  const fs::path exe = players::executable_directory();
  if (!exe.empty()) {
    folders.push_back(exe / ".." / "share" / "gambit" / "assets");
    folders.push_back(exe / ".." / ".." / "assets");
  }
  if (*GAMBIT_SOURCE_ASSETS_DIR) folders.emplace_back(GAMBIT_SOURCE_ASSETS_DIR);
  return folders;
}

// Unicode code point of a piece glyph: U+2654 (white king) .. U+265F (black pawn).
sf::Uint32 glyph(chess::PieceType type, bool filled) {
  static constexpr int order[] = {0, 5, 4, 3, 2, 1, 0};  // index by PieceType: pawn..king -> offset from the king
  return sf::Uint32(0x2654 + (filled ? 6 : 0) + order[type]);
}

}  // namespace

chess::Result<std::unique_ptr<Assets>> Assets::load() {
  auto assets = std::make_unique<Assets>();
  std::string tried;
  for (const fs::path& folder : candidate_folders()) {
    std::error_code error;
    if (!fs::is_regular_file(folder / "fonts" / "DejaVuSans.ttf", error)) {
      tried += (tried.empty() ? "" : ", ") + folder.lexically_normal().string();
      continue;
    }
    assets->folder_ = fs::weakly_canonical(folder, error);
    break;
  }
  if (assets->folder_.empty())
    return chess::Failure{"cannot find Gambit's assets (fonts/DejaVuSans.ttf) in: " + tried +
                          "; set GAMBIT_ASSETS_DIR to the assets folder"};
  const fs::path fonts = assets->folder_ / "fonts";
  if (!assets->regular_.loadFromFile((fonts / "DejaVuSans.ttf").string()) ||
      !assets->bold_.loadFromFile((fonts / "DejaVuSans-Bold.ttf").string()))
    return chess::Failure{"cannot read the fonts in " + fonts.string()};
  assets->serif_loaded_ = assets->serif_.loadFromFile((fonts / "FreeSerif.ttf").string());

  const std::pair<Sound, const char*> sounds[] = {{Sound::Move, "move.wav"},
                                                  {Sound::Capture, "capture.wav"},
                                                  {Sound::Check, "check.wav"},
                                                  {Sound::GameEnd, "game_end.wav"},
                                                  {Sound::Notify, "notify.wav"}};
  for (const auto& [sound, file] : sounds) {
    sf::SoundBuffer buffer;
    if (buffer.loadFromFile((assets->folder_ / "sounds" / file).string())) assets->buffers_[sound] = buffer;
  }
  return assets;
}

const sf::Font& Assets::piece_font(const std::string& piece_set) const {
  return piece_set == "freeserif" && serif_loaded_ ? serif_ : regular_;
}

void Assets::draw_piece(sf::RenderTarget& target, chess::Piece piece, sf::Vector2f top_left, float size,
                        const std::string& piece_set, sf::Uint8 alpha) const {
  if (piece == chess::NO_PIECE) return;
  const sf::Font& font = piece_font(piece_set);
  const bool freeserif = &font == &serif_;
  const auto character_size = static_cast<unsigned>(size * (freeserif ? 0.86f : 0.80f));
  const float stroke = std::max(1.0f, size * 0.022f);
  const chess::PieceType type = chess::type_of(piece);

  auto text_for = [&](bool filled) {
    sf::Text text(sf::String(glyph(type, filled)), font, character_size);
    const sf::FloatRect bounds = text.getLocalBounds();
    text.setOrigin(bounds.left + bounds.width / 2, bounds.top + bounds.height / 2);
    // Pawns sit a little lower, as they do on a real board.
    const float drop = type == chess::PAWN ? size * 0.04f : 0.0f;
    text.setPosition(std::round(top_left.x + size / 2), std::round(top_left.y + size / 2 + drop));
    return text;
  };
  const sf::Color ink(24, 24, 24, alpha), paper(250, 250, 245, alpha);
  // The body: the filled glyph grown by the stroke, so the cut-out detail lines are filled in.
  sf::Text body = text_for(true);
  body.setFillColor(paper);
  body.setOutlineColor(paper);
  body.setOutlineThickness(stroke);
  target.draw(body);
  if (chess::color_of(piece) == chess::WHITE) {
    sf::Text outline = text_for(false);
    outline.setFillColor(ink);
    outline.setOutlineColor(ink);
    outline.setOutlineThickness(stroke * 0.5f);
    target.draw(outline);
  } else {
    sf::Text filled = text_for(true);
    filled.setFillColor(ink);
    target.draw(filled);
  }
}

void Assets::play(Sound sound) {
  if (!sounds_enabled_) return;
  auto found = buffers_.find(sound);
  if (found == buffers_.end()) return;
  sf::Sound& voice = voices_[next_voice_++ % voices_.size()];
  voice.setBuffer(found->second);
  voice.play();
}

}  // namespace gambit::gui
