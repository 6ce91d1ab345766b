// SPDX-License-Identifier: MIT
// The game databases the window knows: the files in one folder beside the
// store (XDG_DATA_HOME/gambit/databases), the player's own games first. "My
// games" is a database made from the store's games (every game kept there,
// the demo's too), made again whenever the store holds a different number of
// games than it does, so it is always one of the databases and never edited
// by hand. A PGN file opened in the window is imported into a database of its
// own in that folder, named after the file (and its folder's hash, so two
// files of one name never share a database); opening it again goes on with
// that database (an import stopped goes on where it stopped).
//
// Threading: the functions are called on the window's thread; none keeps state.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "core/database/game_database.h"
#include "core/study/tree_pgn.h"
#include "core/util/result.h"

namespace gambit::store {
class Store;
}

namespace gambit::gui {

struct ShelvedDatabase {
  std::filesystem::path path;
  std::string name;  // for people: "My games", or the file's name without ".gdb"
  bool mine = false;
};

// The folder of the databases, beside the store file.
std::filesystem::path database_folder(const std::filesystem::path& store_file);
// "My games" in that folder.
std::filesystem::path my_games_path(const std::filesystem::path& folder);
// The database a PGN file is imported into.
std::filesystem::path database_for_pgn(const std::filesystem::path& folder, const std::filesystem::path& pgn);
// The name people see: the file's, without ".gdb" and the hash database_for_pgn adds.
std::string name_of(const std::filesystem::path& database);
// A database file (.gdb) rather than a PGN file.
bool is_database_file(const std::filesystem::path& path);

// My games first (also when its file is not there yet), then the other databases by name.
std::vector<ShelvedDatabase> shelved_databases(const std::filesystem::path& folder);

// Makes My games again from the store when the numbers of games differ; the
// number of games it holds, or why it could not.
Result<std::int64_t> refresh_my_games(store::Store& store, const std::filesystem::path& folder);

// A stored game as the analysis board opens it (variations, comments and clocks when its text was kept), and
// the ply of its main line where it first reached the position of key (0 when never: its start).
struct OpenedGame {
  study::TreeGame game;
  std::size_t ply = 0;
};
Result<OpenedGame> open_stored_game(database::GameDatabase& db, std::int64_t id,
                                    std::optional<std::uint64_t> key = std::nullopt);

}  // namespace gambit::gui
