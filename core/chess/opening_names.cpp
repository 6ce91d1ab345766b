// SPDX-License-Identifier: MIT
#include "core/chess/opening_names.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>
#include <unordered_map>

#include "core/chess/bitboard.h"
#include "core/chess/zobrist.h"
#include "core/util/install_layout.h"
#include "core/util/translation.h"

namespace gambit::chess {

namespace {

// pgn-extract's allowance: a position matches a line up to this many plies after the line's own length.
constexpr int PliesPastLine = 6;
constexpr std::string_view OpeningTags[] = {"ECO", "Opening", "Variation", "SubVariation"};
constexpr std::string_view Roster[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};

// The plies played before `pos` as pgn-extract counts them, from its move number and side to move.
int plies_of(const Position& pos) {
  return 2 * (pos.fullmove_number() - 1) + (pos.side_to_move() == BLACK ? 1 : 0);
}

// The Zobrist key of the piece placement alone (no side to move, castling or en passant).
Key placement_key(const Position& pos) {
  Key key = 0;
  for (Bitboard occupied = pos.pieces(); occupied;) {
    const Square s = pop_lsb(occupied);
    key ^= zobrist::piece_square(pos.piece_on(s), s);
  }
  return key;
}

bool is_opening_tag(std::string_view name) { return std::ranges::find(OpeningTags, name) != std::end(OpeningTags); }
bool is_roster_tag(std::string_view name) { return std::ranges::find(Roster, name) != std::end(Roster); }

}  // namespace

std::string OpeningName::text() const {
  std::string out = eco;
  if (!opening.empty()) out += (out.empty() ? "" : " ") + opening;
  if (!variation.empty()) out += (out.empty() ? "" : ": ") + variation;
  if (!sub_variation.empty()) out += (out.empty() ? "" : ", ") + sub_variation;
  return out;
}

OpeningNames::Placement OpeningNames::placement_of(const Position& pos) {
  Placement placement;
  for (int s = 0; s < SQUARE_NB; ++s)
    placement.nibbles[s / 2] |= std::uint8_t(pos.piece_on(Square(s)) << (s % 2 ? 4 : 0));
  return placement;
}

std::vector<OpeningNames::Placement> OpeningNames::sorted_path(std::span<const Position> positions) {
  std::vector<Placement> path;
  path.reserve(positions.size());
  for (std::size_t i = 1; i < positions.size(); ++i) path.push_back(placement_of(positions[i]));
  std::ranges::sort(path);
  return path;
}

OpeningNames OpeningNames::from_pgn(std::string_view eco_pgn) {
  OpeningNames table;
  std::vector<Key> keys;                                       // of each kept line's end
  std::unordered_map<Key, std::vector<std::uint32_t>> by_key;  // kept lines by the key of their end
  PgnReader reader(eco_pgn);
  std::vector<Position> positions;
  while (std::optional<Result<PgnGame>> game = reader.next()) {
    if (!*game) {
      ++table.skipped_;
      continue;
    }
    const PgnGame& pgn = game->value();
    positions.assign(1, pgn.start);
    for (Move move : pgn.moves) {
      positions.push_back(positions.back());
      positions.back().do_move(move);
    }
    Line line{{pgn.tag("ECO"), pgn.tag("Opening"), pgn.tag("Variation"), pgn.tag("SubVariation")},
              placement_of(positions.back()), plies_of(positions.back()), sorted_path(positions)};
    const Key key = placement_key(positions.back());
    std::vector<std::uint32_t>& same_key = by_key[key];
    const bool repeated = std::ranges::any_of(same_key, [&](std::uint32_t i) {
      const Line& kept = table.lines_[i];
      return kept.end == line.end && kept.plies == line.plies && kept.path == line.path;
    });
    if (repeated) {
      ++table.ignored_;
      continue;
    }
    same_key.push_back(std::uint32_t(table.lines_.size()));
    table.max_plies_ = std::max(table.max_plies_, line.plies + PliesPastLine);
    table.lines_.push_back(std::move(line));
    keys.push_back(key);
  }

  table.index_.reserve(table.lines_.size());
  for (std::uint32_t i = 0; i < table.lines_.size(); ++i) table.index_.emplace_back(keys[i], i);
  std::ranges::sort(table.index_);
  // The way to a line's end decides only between lines that end on the same placement.
  for (const auto& [key, lines] : by_key)
    for (std::uint32_t i : lines) {
      Line& line = table.lines_[i];
      const bool shared =
          std::ranges::any_of(lines, [&](std::uint32_t j) { return j != i && table.lines_[j].end == line.end; });
      if (!shared) std::vector<Placement>().swap(line.path);
    }
  return table;
}

Result<OpeningNames> OpeningNames::load(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    const int error = errno;
    // TRANSLATORS: {path} is the file of opening names (eco.pgn); {error} the system's reason, e.g. "No such file or
    // directory". pgn-extract is the name of a Debian package.
    return Failure{
        fill(tr("no opening names: {path} cannot be read ({error}); it comes with Debian's pgn-extract package"),
             {{"path", file.string()}, {"error", std::strerror(error)}})};
  }
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad())
    // TRANSLATORS: {path} is the file of opening names (eco.pgn).
    return Failure{fill(tr("no opening names: {path} cannot be read to its end"), {{"path", file.string()}})};
  OpeningNames table = from_pgn(text.str());
  if (table.size() == 0)
    // TRANSLATORS: {path} is the file of opening names (eco.pgn).
    return Failure{fill(tr("no opening names: {path} holds no opening line in PGN"), {{"path", file.string()}})};
  return table;
}

const OpeningName* OpeningNames::classify(std::span<const Position> positions) const {
  const OpeningName* found = nullptr;
  for (std::size_t i = 1; i < positions.size(); ++i) {
    const Position& pos = positions[i];
    const int plies = plies_of(pos);
    if (plies > max_plies_) break;  // too far from every line (and plies only grow)
    const Key key = placement_key(pos);
    auto lower = std::ranges::lower_bound(index_, std::pair<Key, std::uint32_t>(key, 0));
    if (lower == index_.end() || lower->first != key) continue;
    const Placement here = placement_of(pos);
    const Line* first = nullptr;  // the first line in the file ending here, within its allowance
    const Line* exact = nullptr;  // the line the game followed exactly
    std::vector<Placement> game_path;
    for (auto it = lower; it != index_.end() && it->first == key && !exact; ++it) {
      const Line& line = lines_[it->second];
      if (line.end != here) continue;
      if (line.plies == plies && !line.path.empty()) {
        if (game_path.empty()) game_path = sorted_path(positions.first(i + 1));
        if (game_path == line.path) exact = &line;
      }
      if (!first && line.plies <= plies && plies <= line.plies + PliesPastLine) first = &line;
    }
    if (const Line* line = exact ? exact : first) found = &line->name;
  }
  return found;
}

const OpeningName* OpeningNames::classify(const Position& start, std::span<const Move> moves) const {
  std::vector<Position> positions{start};
  positions.reserve(std::min<std::size_t>(moves.size(), std::size_t(max_plies_)) + 1);
  for (Move move : moves) {
    if (plies_of(positions.back()) >= max_plies_) break;  // the later positions cannot match
    positions.push_back(positions.back());
    positions.back().do_move(move);
  }
  return classify(positions);
}

std::size_t OpeningNames::memory_bytes() const {
  const auto heap = [](const std::string& s) { return s.capacity() > 15 ? s.capacity() + 1 : 0; };
  std::size_t bytes = lines_.capacity() * sizeof(Line) + index_.capacity() * sizeof(index_.front());
  for (const Line& line : lines_)
    bytes += heap(line.name.eco) + heap(line.name.opening) + heap(line.name.variation) +
             heap(line.name.sub_variation) + line.path.capacity() * sizeof(Placement);
  return bytes;
}

const Result<OpeningNames>& shared_opening_names() {
  static const Result<OpeningNames> table = OpeningNames::load(eco_file());
  return table;
}

std::string opening_text(std::span<const Position> positions) {
  const Result<OpeningNames>& names = shared_opening_names();
  const OpeningName* name = names ? names->classify(positions) : nullptr;
  return name ? name->text() : "";
}

void add_opening_tags(PgnGame& game, const OpeningNames& names) {
  const OpeningName* name = names.classify(game.start, game.moves);
  if (!name) return;
  std::erase_if(game.tags, [](const auto& tag) { return is_opening_tag(tag.first); });
  auto at = std::ranges::find_if(game.tags, [](const auto& tag) { return !is_roster_tag(tag.first); });
  for (const auto& [tag, value] : {std::pair<std::string_view, const std::string&>{"ECO", name->eco},
                                   {"Opening", name->opening},
                                   {"Variation", name->variation},
                                   {"SubVariation", name->sub_variation}})
    if (!value.empty()) at = std::next(game.tags.emplace(at, std::string(tag), value));
}

void add_opening_tags(PgnGame& game) {
  if (const Result<OpeningNames>& names = shared_opening_names()) add_opening_tags(game, *names);
}

}  // namespace gambit::chess
