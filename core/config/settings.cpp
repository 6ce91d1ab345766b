// SPDX-License-Identifier: MIT
#include "core/config/settings.h"

#include <algorithm>

#include "core/util/translation.h"

namespace gambit::config {

chess::Position GameSettings::start_position(std::uint64_t draw) const {
  const chess::Variant variant = rules();
  if (variant != chess::Variant::Chess960) return chess::Position(variant);
  return chess::Position::chess960_start(chess960_start == RandomChess960Start ? int(draw % 960) : chess960_start);
}

void Settings::isolate_all(const std::string& mode) {
  isolation = mode;
  for (SeatConfig* seat : {&white, &black, &hint, &demo.white, &demo.black}) seat->isolation.clear();
}

SeatConfig Settings::with_isolation_kept(SeatConfig seat, chess::Color side) const {
  if (seat.human()) return seat;
  for (const SeatConfig* set : {&this->seat(side), &this->seat(~side)})
    if (set->player == seat.player) {
      seat.isolation = set->isolation;
      seat.permissions = set->permissions;
      break;
    }
  return seat;
}

players::Isolation Settings::isolation_of(const SeatConfig& seat) const {
  const std::optional<players::Isolation::Mode> mode =
      players::isolation_from_name(seat.isolation.empty() ? isolation : seat.isolation);
  players::Isolation out{.mode = mode.value_or(players::Isolation::Mode::Process),
                         .memory_limit_mb = std::uint64_t(memory_limit_mb),
                         .sandbox = players::sandbox_from_name(sandbox).value_or(players::Isolation::Sandbox::On)};
  const std::vector<std::string>* granted = seat.permissions ? &*seat.permissions : nullptr;
  if (auto named = plugin_permissions.find(seat.player); !granted && named != plugin_permissions.end())
    granted = &named->second;
  if (granted) {
    out.granted.emplace();
    for (const std::string& name : *granted)
      if (auto kind = players::permission_from_name(name)) out.granted->push_back(*kind);
  }
  return out;
}

std::string SourcePlace::prefix() const {
  // TRANSLATORS: where a message's setting comes from, before the message: "line 3: clock.minutes must be ...".
  if (file.empty()) return line ? fill(tr("line {line}: "), {{"line", std::to_string(line)}}) : "";
  if (!line) return file + ": ";
  return file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": ";
}

std::string Settings::about(std::string_view key) const {
  auto place = sources.find(key);
  return (place == sources.end() ? std::string() : place->second.prefix()) + std::string(key) + ": ";
}

std::string key_text(std::string_view key) {
  const bool bare = !key.empty() && std::all_of(key.begin(), key.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
  });
  return bare ? std::string(key) : quote_for_message(key);
}

SeatConfig* Settings::seat_at(std::string_view key) {
  for (const chess::Color side : {chess::WHITE, chess::BLACK}) {
    if (key == seat_key(side)) return &seat(side);
    if (key == demo_seat_key(side)) return &demo.seat(side);
  }
  if (key == HintKey) return &hint;
  if (key == ReviewKey) return &review.analyser;
  return nullptr;
}

}  // namespace gambit::config
