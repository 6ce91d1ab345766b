// SPDX-License-Identifier: MIT
#include "core/chess/variant.h"

#include <array>
#include <string>

#include "core/util/translation.h"

namespace gambit::chess {

namespace {

// Chess960's UCI_Variant is "chess" with the option UCI_Chess960 on (Fairy-Stockfish also knows "fischerandom").
constexpr std::array<VariantNames, 5> Table{{
    {Variant::Standard, "standard", "Standard", "normal", "chess", N_("standard chess")},
    {Variant::ThreeCheck, "threecheck", "Three-check", "3check", "3check", N_("three-check")},
    {Variant::Chess960, "chess960", "Chess960", "fischerandom", "fischerandom", N_("Chess960")},
    {Variant::KingOfTheHill, "kingofthehill", "King of the Hill", "kingofthehill", "kingofthehill",
     N_("King of the Hill")},
    {Variant::RacingKings, "racingkings", "Racing Kings", "racingkings", "racingkings", N_("Racing Kings")},
}};

// Other spellings met in PGN files and engine dialogues.
struct Alias {
  std::string_view name;
  Variant variant;
};
constexpr std::array<Alias, 13> Aliases{{
    {"chess", Variant::Standard},
    {"from position", Variant::Standard},
    {"three check", Variant::ThreeCheck},
    {"3-check", Variant::ThreeCheck},
    {"three-check", Variant::ThreeCheck},
    {"threecheck", Variant::ThreeCheck},
    {"fischer random", Variant::Chess960},
    {"fischerrandom", Variant::Chess960},
    {"chess 960", Variant::Chess960},
    {"960", Variant::Chess960},
    {"king of the hill", Variant::KingOfTheHill},
    {"koth", Variant::KingOfTheHill},
    {"racing kings", Variant::RacingKings},
}};

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return out;
}

}  // namespace

const VariantNames& names_of(Variant v) { return Table[std::size_t(v)]; }

std::optional<Variant> variant_from_name(std::string_view name) {
  const std::string wanted = lower(name);
  for (const VariantNames& names : Table)
    if (wanted == lower(names.id) || wanted == lower(names.pgn) || wanted == names.cecp || wanted == names.uci)
      return names.variant;
  for (const Alias& alias : Aliases)
    if (wanted == alias.name) return alias.variant;
  return std::nullopt;
}

std::span<const VariantNames> all_variants() { return Table; }

std::string variant_id_list() {
  std::string list;
  for (const VariantNames& names : Table) list += (list.empty() ? "" : ", ") + std::string(names.id);
  return list;
}

std::string variant_pgn_list() {
  std::string list;
  for (const VariantNames& names : Table) list += (list.empty() ? "" : ", ") + std::string(names.pgn);
  return list;
}

}  // namespace gambit::chess
