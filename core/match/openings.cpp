// SPDX-License-Identifier: MIT
#include "core/match/openings.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <numeric>
#include <string_view>
#include <unordered_set>

#include "core/chess/epd.h"
#include "core/chess/uci.h"
#include "core/util/fnv1a.h"
#include "core/util/parse_number.h"
#include "core/util/splitmix64.h"
#include "core/util/words.h"

namespace gambit::match {

Result<chess::Game> Opening::game(chess::Variant variant) const {
  chess::Position start(variant);
  if (!fen.empty()) {
    auto parsed = chess::Position::from_fen(fen, variant);
    if (!parsed) return Failure{"the opening " + quote_for_message(name) + " has a bad FEN: " + parsed.error()};
    start = *parsed;
  }
  chess::Game game{start};
  for (const std::string& text : moves) {
    Result<chess::Move> move = chess::parse_uci_move(game.position(), text);
    if (!move) return Failure{"opening move " + quote_for_message(text) + ": " + move.error()};
    game.play(*move);
  }
  if (game.is_over()) return Failure{"the opening " + quote_for_message(name) + " ends the game"};
  return game;
}

const OpeningBook& OpeningBook::built_in() {
  static const OpeningBook book = [] {
    static constexpr std::pair<const char*, const char*> Lines[] = {
      {"Ruy Lopez", "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6"},
      {"Italian Game", "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5"},
      {"Two Knights Defence", "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6"},
      {"Scotch Game", "e2e4 e7e5 g1f3 b8c6 d2d4 e5d4 f3d4"},
      {"Four Knights Game", "e2e4 e7e5 g1f3 b8c6 b1c3 g8f6"},
      {"Petrov Defence", "e2e4 e7e5 g1f3 g8f6 f3e5 d7d6"},
      {"Vienna Game", "e2e4 e7e5 b1c3 g8f6"},
      {"Sicilian, Najdorf", "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6"},
      {"Sicilian, Classical", "e2e4 c7c5 g1f3 b8c6 d2d4 c5d4 f3d4 g8f6"},
      {"Sicilian, Kan", "e2e4 c7c5 g1f3 e7e6 d2d4 c5d4 f3d4 a7a6"},
      {"Sicilian, Moscow", "e2e4 c7c5 g1f3 d7d6 f1b5 c8d7"},
      {"Sicilian, Alapin", "e2e4 c7c5 c2c3 g8f6 e4e5 f6d5"},
      {"Sicilian, Closed", "e2e4 c7c5 b1c3 b8c6 g2g3"},
      {"French, Classical", "e2e4 e7e6 d2d4 d7d5 b1c3 g8f6"},
      {"French, Advance", "e2e4 e7e6 d2d4 d7d5 e4e5 c7c5"},
      {"Caro-Kann, Classical", "e2e4 c7c6 d2d4 d7d5 b1c3 d5e4 c3e4 c8f5"},
      {"Caro-Kann, Advance", "e2e4 c7c6 d2d4 d7d5 e4e5 c8f5"},
      {"Scandinavian Defence", "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5"},
      {"Alekhine Defence", "e2e4 g8f6 e4e5 f6d5 d2d4 d7d6"},
      {"Pirc Defence", "e2e4 d7d6 d2d4 g8f6 b1c3 g7g6"},
      {"Queen's Gambit Declined", "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6"},
      {"Queen's Gambit Declined, Tarrasch", "d2d4 d7d5 c2c4 e7e6 b1c3 c7c5"},
      {"Queen's Gambit Accepted", "d2d4 d7d5 c2c4 d5c4 g1f3 g8f6"},
      {"Slav Defence", "d2d4 d7d5 c2c4 c7c6 g1f3 g8f6"},
      {"London System", "d2d4 d7d5 g1f3 g8f6 c1f4 e7e6"},
      {"Nimzo-Indian Defence", "d2d4 g8f6 c2c4 e7e6 b1c3 f8b4"},
      {"Queen's Indian Defence", "d2d4 g8f6 c2c4 e7e6 g1f3 b7b6"},
      {"Catalan Opening", "d2d4 g8f6 c2c4 e7e6 g2g3 d7d5"},
      {"King's Indian Defence", "d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6"},
      {"Grünfeld Defence", "d2d4 g8f6 c2c4 g7g6 b1c3 d7d5"},
      {"Modern Benoni", "d2d4 g8f6 c2c4 c7c5 d4d5 e7e6"},
      {"Dutch Defence", "d2d4 f7f5 g2g3 g8f6 f1g2 e7e6"},
      {"Torre Attack", "d2d4 g8f6 g1f3 e7e6 c1g5"},
      {"English, Reversed Sicilian", "c2c4 e7e5 b1c3 g8f6 g2g3"},
      {"English, Symmetrical", "c2c4 c7c5 g1f3 g8f6 b1c3 b8c6"},
      {"English, Mikenas", "c2c4 g8f6 b1c3 e7e6 e2e4"},
      {"Réti Opening", "g1f3 d7d5 g2g3 g8f6 f1g2"},
      {"Larsen's Opening", "b2b3 e7e5 c1b2 b8c6"},
    };
    OpeningBook b;
    b.name_ = "built-in";
    for (const auto& [name, moves] : Lines) b.openings_.push_back(Opening{name, "", split_words(moves)});
    return b;
  }();
  return book;
}

const OpeningBook& OpeningBook::chess960_starts() {
  static const OpeningBook book = [] {
    OpeningBook b;
    b.name_ = "Chess960 starts";
    for (int number = 0; number < 960; ++number)
      b.openings_.push_back(Opening{"Chess960 #" + std::to_string(number),
                                    chess::Position::chess960_start(number).fen(), {}});
    return b;
  }();
  return book;
}

const OpeningBook& OpeningBook::of_variant(chess::Variant variant) {
  if (variant == chess::Variant::Chess960) return chess960_starts();
  if (variant != chess::Variant::RacingKings) return built_in();
  static const OpeningBook racing = [] {  // no chess opening fits its start: the start alone
    OpeningBook b;
    b.name_ = "Racing Kings start";
    b.openings_.push_back(Opening{"Racing Kings start", "", {}});
    return b;
  }();
  return racing;
}

Result<OpeningBook> OpeningBook::chosen(const std::filesystem::path& file, chess::Variant variant) {
  if (file.empty()) return of_variant(variant);
  return read_epd(file, variant);
}

Result<OpeningBook> OpeningBook::read_epd(const std::filesystem::path& file, chess::Variant variant) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return Failure{"cannot read the opening book " + quote_for_message(file.string())};
  OpeningBook book;
  book.name_ = file.filename().string();
  std::unordered_set<std::string> positions;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (chess::epd_line_is_blank(line)) continue;
    const std::string where = file.string() + ":" + std::to_string(number) + ": ";
    auto epd = chess::parse_epd_line(line, variant);
    if (!epd) return Failure{where + epd.error()};
    if (chess::Game(epd->position).is_over()) return Failure{where + "the game is already over in this position"};
    std::string name = epd->operand("id");
    if (name.empty()) name = "position " + std::to_string(book.openings_.size() + 1);
    if (!positions.insert(epd->position.fen()).second) continue;  // the same position twice: once is enough
    book.openings_.push_back(Opening{std::move(name), epd->fen, {}});
  }
  if (in.bad()) return Failure{"cannot read the opening book " + quote_for_message(file.string())};
  if (book.openings_.empty()) return Failure{"the opening book " + quote_for_message(file.string()) + " has no positions"};
  return book;
}

std::string OpeningBook::fingerprint() const {
  std::uint64_t hash = Fnv1aStart;
  for (const Opening& opening : openings_) {
    hash = fnv1a(opening.fen, hash);
    for (const std::string& move : opening.moves) hash = fnv1a(" " + move, hash);
    hash = fnv1a("\n", hash);
  }
  char text[24];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
  return std::to_string(openings_.size()) + " openings, " + text;
}

const Opening& OpeningBook::for_game(std::size_t index, std::uint64_t seed) const {
  // Fisher-Yates driven by SplitMix64: the same order from any standard library.
  std::vector<std::size_t> order(openings_.size());
  std::iota(order.begin(), order.end(), 0);
  if (seed) {
    SplitMix64 random{seed};
    for (std::size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[random.next() % i]);
  }
  return openings_[order[(index / 2) % openings_.size()]];
}

}  // namespace gambit::match
