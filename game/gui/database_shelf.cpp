// SPDX-License-Identifier: MIT
#include "game/gui/database_shelf.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <system_error>

#include "core/chess/pgn.h"
#include "core/database/game_database.h"
#include "core/database/pgn_import.h"
#include "core/store/store.h"
#include "core/util/fnv1a.h"
#include "core/util/translation.h"

namespace gambit::gui {

namespace fs = std::filesystem;

namespace {
constexpr const char* MyGamesFile = "my-games.gdb";
constexpr const char* Extension = ".gdb";
}  // namespace

std::string name_of(const fs::path& database) {
  // TRANSLATORS: the database of the player's own games (every game Gambit kept).
  if (database.filename() == MyGamesFile) return tr("My games");
  std::string name = database.stem().string();
  // A PGN file's database: its name without the folder's hash (database_for_pgn).
  if (name.size() > 9 && name[name.size() - 9] == '-' &&
      name.find_first_not_of("0123456789abcdef", name.size() - 8) == std::string::npos)
    name.resize(name.size() - 9);
  return name;
}

fs::path database_folder(const fs::path& store_file) { return store_file.parent_path() / "databases"; }

fs::path my_games_path(const fs::path& folder) { return folder / MyGamesFile; }

fs::path database_for_pgn(const fs::path& folder, const fs::path& pgn) {
  std::error_code error;
  fs::path absolute = fs::absolute(pgn, error);
  if (error) absolute = pgn;
  std::string stem = pgn.filename().string();
  for (const char* compressed : {".gz", ".bz2", ".xz", ".zst"})
    if (stem.size() > std::string(compressed).size() && stem.ends_with(compressed))
      stem.resize(stem.size() - std::string(compressed).size());
  if (stem.ends_with(".pgn")) stem.resize(stem.size() - 4);
  char hash[10];
  std::snprintf(hash, sizeof hash, "-%08x", unsigned(fnv1a(absolute.parent_path().string()) & 0xFFFFFFFFu));
  return folder / (stem + hash + Extension);
}

bool is_database_file(const fs::path& path) { return path.extension() == Extension; }

std::vector<ShelvedDatabase> shelved_databases(const fs::path& folder) {
  std::vector<ShelvedDatabase> found;
  std::error_code error;
  for (const fs::directory_entry& entry : fs::directory_iterator(folder, error)) {
    const fs::path& path = entry.path();
    if (!is_database_file(path) || path.filename() == MyGamesFile) continue;
    found.push_back({path, name_of(path), false});
  }
  std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
  found.insert(found.begin(), {my_games_path(folder), name_of(my_games_path(folder)), true});
  return found;
}

Result<std::int64_t> refresh_my_games(store::Store& store, const fs::path& folder) {
  auto count = store.games().kept_game_count();  // the games are read only when My games is made again
  if (!count) return Failure{count.error()};
  const fs::path path = my_games_path(folder);
  std::error_code error;
  fs::create_directories(folder, error);
  if (error) return Failure{folder.string() + ": " + error.message()};
  // Made again whole, beside, then put in place: a reader never sees half of it.
  const fs::path pgn = fs::absolute(folder / "my-games.pgn.tmp", error), made = folder / "my-games.gdb.tmp";
  if (fs::exists(path)) {  // the same number of games read (kept or skipped) as the store has: as it is
    auto db = database::GameDatabase::open(path);
    if (db)
      if (auto state = db.value()->import_state(pgn.string()); state && state.value() &&
                                                                 state.value()->games + state.value()->skipped ==
                                                                     std::int64_t(count.value()))
        return state.value()->games;
  }
  auto games = store.games().export_all_pgn();
  if (!games) return Failure{games.error()};
  for (const fs::path& old : {made, fs::path(made.string() + "-wal"), fs::path(made.string() + "-shm")})
    fs::remove(old, error);
  {
    std::ofstream out(pgn, std::ios::binary | std::ios::trunc);
    out << games->text;
    if (!out.flush()) return Failure{pgn.string() + ": " + tr("could not be written")};
  }
  std::int64_t kept = 0;
  {
    auto db = database::GameDatabase::open(made);
    if (!db) return Failure{db.error()};
    auto imported = database::import_pgn(*db.value(), pgn, {.threads = 1});
    if (!imported) return Failure{imported.error()};
    kept = imported->progress.games;
  }
  fs::remove(pgn, error);
  for (const char* suffix : {"-wal", "-shm"}) fs::remove(path.string() + suffix, error);
  fs::rename(made, path, error);
  if (error) return Failure{path.string() + ": " + error.message()};
  return kept;
}

Result<OpenedGame> open_stored_game(database::GameDatabase& db, std::int64_t id, std::optional<std::uint64_t> key) {
  auto stored = db.game(id);
  if (!stored) return Failure{stored.error()};
  const std::string text = stored->pgn.empty() ? chess::write_pgn(stored->game) : stored->pgn;
  auto game = study::tree_game_from_text(text);
  if (!game) return Failure{game.error()};
  OpenedGame opened{std::move(game).value(), 0};
  if (key) {
    chess::Position pos = stored->game.start;
    for (std::size_t i = 0; i < stored->game.moves.size() && pos.key() != *key; ++i) {
      pos.do_move(stored->game.moves[i]);
      if (pos.key() == *key) opened.ply = i + 1;
    }
  }
  return opened;
}

}  // namespace gambit::gui
