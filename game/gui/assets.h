// SPDX-License-Identifier: MIT
// Assets: the fonts and sounds the window uses, found once at start-up, and the
// drawing of chess pieces as font glyphs. The fonts are the system's (Debian's
// fonts-dejavu-core and fonts-freefont-ttf, found through fontconfig); the
// sounds are shipped in data_directory()/sounds. A missing DejaVu Sans is an
// error told in words; a missing FreeSerif falls back to DejaVu Sans; a missing
// sound or no audio device only makes the game silent.
#pragma once

#include <SFML/Audio.hpp>
#include <SFML/Graphics.hpp>
#include <array>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "core/chess/types.h"
#include "core/util/result.h"
#include "game/gui/piece_sets.h"

namespace gambit::gui {

enum class Sound { Move, Capture, Check, GameEnd, Notify };

class Assets {
 public:
  // Loads the fonts (sounds are loaded on first use).
  static Result<std::unique_ptr<Assets>> load();

  const sf::Font& font() const { return regular_; }
  const sf::Font& bold() const { return bold_; }

  // Draws the piece centred in the square box (top-left, size) with the given piece set.
  void draw_piece(sf::RenderTarget& target, chess::Piece piece, sf::Vector2f top_left, float size,
                  const std::string& piece_set, sf::Uint8 alpha = 255) const;

  // The picture draw_piece draws: size x size pixels, the piece in its colour
  // with its lines, transparent around it. Needs an OpenGL context (a display).
  // An SVG set that cannot be drawn (its package not installed, a file missing
  // or broken) is drawn with the first font set, and its problem kept to be told.
  sf::Image piece_image(chess::Piece piece, unsigned size, const std::string& piece_set) const;

  // Why the piece set cannot be drawn, in words, or "" when it can (the font
  // sets always can: a missing FreeSerif falls back to DejaVu Sans).
  std::string piece_set_problem(const std::string& piece_set) const;
  // A problem met while drawing pieces (the set's name, and why), the first time it is asked for
  // (each different problem once).
  std::optional<std::pair<std::string, std::string>> take_piece_set_problem();

  void set_sounds_enabled(bool enabled) { sounds_enabled_ = enabled; }
  void play(Sound sound);
  // Why sounds cannot play ("" while they can, or before the first sound tried
  // to open the audio device): for the Settings screen and, once, a toast.
  const std::string& audio_problem() const { return audio_problem_; }
  // The audio problem, the first time it is asked for after it arose.
  std::optional<std::string> take_audio_problem();

 private:
  const sf::Font& piece_font(const std::string& piece_set) const;
  // The font sets' drawing of the piece (see piece_image).
  sf::Image font_piece_image(chess::Piece piece, unsigned size, const std::string& piece_set) const;
  // The SVG set's files, looked for once per set.
  const Result<PieceFiles>& svg_files(const SvgPieceSet& set) const;
  // The piece as a texture of size x size pixels, made on first use (see draw_piece).
  const sf::Texture& piece_texture(chess::Piece piece, unsigned size, const std::string& piece_set) const;

  std::filesystem::path sounds_folder_;
  sf::Font regular_, bold_, serif_;
  bool serif_loaded_ = false;
  mutable std::map<std::tuple<std::string, int, unsigned>, sf::Texture> piece_cache_;
  mutable std::map<std::string_view, Result<PieceFiles>> svg_sets_;
  mutable std::string piece_problem_, piece_problem_set_;  // the last problem met drawing an SVG set, and the set
  mutable bool piece_problem_told_ = false;
  std::map<Sound, sf::SoundBuffer> buffers_;
  std::vector<sf::Sound> voices_;  // a few sounds may overlap; made on first use (they open the audio device)
  std::size_t next_voice_ = 0;
  bool sounds_enabled_ = true;
  std::string audio_problem_;
  bool audio_problem_told_ = false;
  bool sounds_loaded_ = false;
};

}  // namespace gambit::gui
