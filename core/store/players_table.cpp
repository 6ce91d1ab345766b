// SPDX-License-Identifier: MIT
#include "core/store/players_table.h"

#include <cstdio>

#include "core/util/fnv1a.h"
#include "core/util/translation.h"

namespace gambit::store {

namespace {

// FNV-1a, 64 bits, as 16 hex digits: the options part of an AI identity.
std::string digest(const std::string& text) {
  char out[17];
  std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(fnv1a(text)));
  return out;
}

// The options part of an AI identity as the players table keys it.
std::string options_key(const PlayerIdentity& who) { return who.human ? "" : digest(who.options); }

}  // namespace

Result<bool> place(Connection& db, std::int64_t player, const Placement& placement) {
  auto update = Statement::prepare(db,
                                   "UPDATE players SET rating = ?2, rating_deviation = ?3 WHERE id = ?1 AND kind = 'ai' "
                                   "AND (rating IS NULL OR rating_deviation IS NULL OR rating != ?2 OR "
                                   "rating_deviation != ?3)");
  if (!update) return Failure{update.error()};
  update.value().bind(1, player).bind(2, placement.rating).bind(3, placement.deviation);
  if (auto ran = update.value().run(); !ran) return Failure{ran.error()};
  auto changed = db.query_int("SELECT changes()");
  if (!changed) return Failure{changed.error()};
  return changed.value() > 0;
}

Result<std::int64_t> player_id(Connection& db, const PlayerIdentity& who, bool* placed) {
  const std::string kind = who.human ? "human" : "ai";
  const std::string options_digest = options_key(who);
  auto upsert = Statement::prepare(
      db,
      "INSERT INTO players (kind, name, version, options, options_digest, label) VALUES (?1, ?2, ?3, ?4, ?5, ?6) "
      "ON CONFLICT (kind, name, version, options_digest) DO UPDATE SET label = excluded.label");
  if (!upsert) return Failure{upsert.error()};
  upsert.value().bind(1, kind).bind(2, who.name).bind(3, who.human ? std::string() : who.version);
  upsert.value().bind(4, who.human ? std::string() : who.options).bind(5, options_digest).bind(6, who.label);
  if (auto ran = upsert.value().run(); !ran) return Failure{ran.error()};
  auto find = Statement::prepare(
      db, "SELECT id FROM players WHERE kind = ?1 AND name = ?2 AND version = ?3 AND options_digest = ?4");
  if (!find) return Failure{find.error()};
  find.value().bind(1, kind).bind(2, who.name).bind(3, who.human ? std::string() : who.version).bind(4, options_digest);
  auto row = find.value().step();
  if (!row) return Failure{row.error()};
  if (!row.value()) return Failure{tr("the player just written is missing")};
  const std::int64_t id = find.value().column_int(0);
  if (!who.human && who.placement) {
    auto changed = place(db, id, *who.placement);
    if (!changed) return Failure{changed.error()};
    if (placed) *placed = changed.value();
  }
  return id;
}

Result<std::optional<std::int64_t>> profile_id(Connection& db, const std::string& profile) {
  auto find = Statement::prepare(db, "SELECT id FROM players WHERE kind = 'human' AND name = ?1 AND version = ''");
  if (!find) return Failure{find.error()};
  find.value().bind(1, profile);
  auto row = find.value().step();
  if (!row) return Failure{row.error()};
  if (!row.value()) return std::optional<std::int64_t>();
  return std::optional<std::int64_t>(find.value().column_int(0));
}

}  // namespace gambit::store
