// SPDX-License-Identifier: MIT
#include "core/chess/variant.h"

#include <array>
#include <string>

#include "core/util/translation.h"

namespace gambit::chess {

namespace {

constexpr std::array<VariantNames, 2> Table{{
    {Variant::Standard, "standard", "Standard", "normal", "chess", N_("standard chess")},
    {Variant::ThreeCheck, "threecheck", "Three-check", "3check", "3check", N_("three-check")},
}};

// Other spellings met in PGN files and engine dialogues.
struct Alias {
  std::string_view name;
  Variant variant;
};
constexpr std::array<Alias, 6> Aliases{{
    {"chess", Variant::Standard},
    {"from position", Variant::Standard},
    {"three check", Variant::ThreeCheck},
    {"3-check", Variant::ThreeCheck},
    {"three-check", Variant::ThreeCheck},
    {"threecheck", Variant::ThreeCheck},
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

std::string_view variant_id_list() { return "standard, threecheck"; }

}  // namespace gambit::chess
