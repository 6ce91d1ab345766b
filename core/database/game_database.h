// SPDX-License-Identifier: MIT
// GameDatabase: everyone's games in one SQLite file, as Scid and ChessX keep a
// database: each game's header in columns one can sort and search by (players,
// ratings, result, date, event, site, round, ECO, opening, time control,
// variant, length), its main line in one byte a move (move_codec.h), and,
// only for the games that have them, its other tags and its movetext whole
// (comments, NAGs, variations, clocks) as the file wrote it. A game read back
// is a chess::PgnGame with every tag and its moves.
//
// A database is the user's file: one that is not a Gambit database (another
// program's, damaged, a newer version) is never written into; opening it
// fails, saying so. Imports (pgn_import.h) are remembered per file, with how
// far they got, in the same transaction as the games they added: a process
// killed at any instant leaves the games of the last batch committed and the
// place to go on from.
//
// Threading: one object is used from one thread at a time; two objects (or
// processes) may share a file (WAL, a busy timeout).
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/chess/pgn.h"
#include "core/database/opening_explorer.h"
#include "core/database/position_index.h"
#include "core/rating/rating_pool.h"
#include "core/util/result.h"

namespace gambit::store {
class Connection;
}

namespace gambit::database {

// A game's row in the games table: the header's columns, as prepare() makes them for add().
struct GameRow {
  std::vector<std::string> texts;  // White, Black, Date, Event, Site, Round, ECO, Opening, TimeControl, Variant
  std::int64_t white_elo = 0, black_elo = 0;  // 0: unknown
  std::int64_t speed = 0;                     // 0: unknown, else 1 + rating::Speed
  std::string fen;                            // "" at the variant's start
  std::string others;                         // the other tags, "Name\tValue\n" each
};

// One game as it is to be stored: the game as read, and its text when it has
// more than its main line and the header's columns (else empty).
struct GameToAdd {
  chess::PgnGame game;
  std::string pgn;
  // What the database keeps of its moves, made by prepare() (or by add() when not made yet): the
  // moves in one byte each, and its distinct positions with their moves (position_index.h).
  std::vector<std::uint8_t> code{};
  std::vector<GamePosition> positions{};
  GameRow row{};
  bool prepared = false;
  // Makes code, positions and row: the work of adding a game that needs no database, so that any thread may do it.
  void prepare();
};

// A game's header, as a list of games shows it. Ratings are 0 when unknown.
struct GameHeader {
  std::int64_t id = 0;
  std::string white, black;
  int white_elo = 0, black_elo = 0;
  std::string result;  // "1-0", "0-1", "1/2-1/2", "*"
  std::string date, event, site, round, eco, opening, time_control, variant;
  int plies = 0;
  bool operator==(const GameHeader&) const = default;
};

// Which games a search wants; empty fields match every game.
struct GameFilter {
  enum class Side { Either, White, Black };
  std::string player{};  // the start of a player's name, case not minded (ASCII): "carlsen" finds "Carlsen, Magnus"
  Side side = Side::Either;
  std::string event{};   // the start of the event's name, as for player
  std::string result{};  // "1-0", "0-1", "1/2-1/2"
  std::string date_from{}, date_to{};  // "2024.01.01": PGN dates compare as text
  int min_elo = 0;     // both players rated at least this (0: any)
  int max_elo = 0;     // both players rated at most this (0: any)
  std::string site{};  // the start of the site, as for player
  std::string eco{};   // the start of the ECO code: "B2" finds B20..B29
  std::string time_control{};  // as the TimeControl tag writes it: "180+2"
  std::string variant{};       // as the Variant tag writes it: "Standard", "Three-check"
  std::optional<rating::Speed> speed{};  // the time control's speed, as lichess classes it
  std::optional<std::uint64_t> position{};  // games that reached the position of this key (Position::key)
  bool by_header() const {
    return !player.empty() || !event.empty() || !result.empty() || !date_from.empty() || !date_to.empty() ||
           min_elo > 0 || max_elo > 0 || !site.empty() || !eco.empty() || !time_control.empty() || !variant.empty() ||
           speed.has_value();
  }
};

// The speed of a PGN TimeControl tag ("180+2", "600", "-" for none; "?" or "" unknown: nullopt).
std::optional<rating::Speed> speed_of_time_control(std::string_view tag);

// The order of a list of games: by a column, ties in the order added.
struct GameOrder {
  enum class By { Added, White, Black, WhiteElo, BlackElo, Result, Date, Event, Eco, Plies };
  By by = By::Added;
  bool descending = false;
};

// How far the import of one file got: its size and time of change when it began
// (a file that changed since is imported again from its start), the bytes of it
// read into committed games, the games kept and skipped so far, and whether it is done.
struct ImportState {
  std::string file;  // the path as given, made absolute
  std::int64_t size = 0, modified = 0;
  std::int64_t offset = 0;
  std::int64_t games = 0, skipped = 0;
  bool finished = false;
  bool operator==(const ImportState&) const = default;
};

class GameDatabase {
 public:
  // Opens the database file, making a new one where there is none.
  static Result<std::unique_ptr<GameDatabase>> open(const std::filesystem::path& path);
  ~GameDatabase();
  GameDatabase(const GameDatabase&) = delete;
  GameDatabase& operator=(const GameDatabase&) = delete;

  // Adds the games and, in the same transaction, records the import's state.
  Result<bool> add(std::span<const GameToAdd> games, const ImportState& state);

  // The import of that file so far, or nullopt when it never began.
  Result<std::optional<ImportState>> import_state(const std::string& file);

  Result<std::int64_t> count(const GameFilter& filter);
  // The headers of the games the filter matches, in the order asked (as added by default), from offset.
  Result<std::vector<GameHeader>> find(const GameFilter& filter, std::int64_t limit, std::int64_t offset = 0,
                                       GameOrder order = {});
  // The headers of these games, in the order given (ids of no game left out).
  Result<std::vector<GameHeader>> headers(std::span<const std::int64_t> ids);
  // The opening explorer's answer for pos over the games the filter's header fields choose
  // (its position is not used), with up to top_games best-rated games.
  Result<Exploration> explore(const chess::Position& pos, const GameFilter& filter, std::size_t top_games = 8);
  // The whole game: its tags (every one it had), start, moves; and its stored text when it had more.
  Result<GameToAdd> game(std::int64_t id);

 private:
  explicit GameDatabase(std::unique_ptr<store::Connection> db);
  // The SQL condition of the filter's header fields and its values; with a
  // position, the games found by the index are put in the temporary table found first.
  Result<std::string> where(const GameFilter& filter, std::vector<std::string>& values);

  std::unique_ptr<store::Connection> db_;
  std::unique_ptr<PositionIndex> positions_;
  std::optional<std::uint64_t> found_position_;  // the position whose games the table temp.found holds
  // What the explorer needs of each game, by id (0: none), read once and then the games added since.
  Result<bool> load_facts();
  std::vector<GameFacts> facts_;
  std::vector<bool> chosen_;  // explore(): the games its last header filter chose, by id
  std::string chosen_key_;    // that filter (its SQL and values) and the games there were ("": none)
  std::vector<PositionEntry> entries_;  // add()'s, kept from batch to batch
};

}  // namespace gambit::database
