// SPDX-License-Identifier: MIT
// gambit-db: game databases from the command line, on the code the window uses.
//
//   gambit-db import DB FILE...     PGN files (also .gz .bz2 .xz .zst) into DB (made when missing)
//   gambit-db search DB [--fen FEN] [--player NAME] [--white NAME] [--black NAME] [--event NAME] [--result R]
//                       [--from DATE] [--to DATE] [--min-elo N] [--max-elo N] [--site NAME] [--eco CODE]
//                       [--time-control TC] [--speed S] [--variant NAME] [--limit N] [--count]
//   gambit-db explore DB [--fen FEN] [the search's header options] [--top N]
//
// import: progress on stderr (a line that rewrites itself on a terminal);
// a summary per file on stdout; Ctrl+C stops after the batch in hand, and the
// same command goes on from there. search: the games found as PGN (each as
// its file had it when it had comments or variations), or with --count only
// their number on a line. explore: the opening explorer's table for the
// position (the start by default): each move played there, its games, how
// they ended, the average rating and the mover's performance; then the
// best-rated games that reached it. Exit status: 0 done, 1 a file or the database could
// not be read or written, 2 bad arguments, 130 stopped by Ctrl+C.
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/chess/pgn.h"
#include "core/database/game_database.h"
#include "core/database/pgn_import.h"
#include "core/database/report_text.h"

namespace db = gambit::database;

namespace {

std::atomic<bool> stop_requested{false};

void on_interrupt(int) { stop_requested = true; }

int import_files(db::GameDatabase& database, const std::vector<std::string>& files) {
  const bool terminal = ::isatty(2);
  std::signal(SIGINT, on_interrupt);
  std::signal(SIGTERM, on_interrupt);
  int status = 0;
  for (const std::string& file : files) {
    db::ImportOptions options;
    options.stop = &stop_requested;
    options.progress = [&](const db::ImportProgress& p) {  // a line that rewrites itself on a terminal
      std::fprintf(stderr, "%s%s%s", terminal ? "\r" : "", db::progress_line(file, p).c_str(), terminal ? "   " : "\n");
    };
    auto summary = db::import_pgn(database, file, options);
    if (terminal) std::fputc('\n', stderr);
    if (!summary) {
      std::fprintf(stderr, "gambit-db: %s\n", summary.error().c_str());
      status = 1;
      continue;
    }
    for (const std::string& line : db::summary_lines(file, summary.value())) std::printf("%s\n", line.c_str());
    std::fflush(stdout);
    if (!summary->finished) return 130;
  }
  return status;
}

int search(db::GameDatabase& database, const db::GameFilter& filter, std::int64_t limit, bool count_only) {
  if (count_only) {
    auto count = database.count(filter);
    if (!count) {
      std::fprintf(stderr, "gambit-db: %s\n", count.error().c_str());
      return 1;
    }
    std::printf("%lld\n", static_cast<long long>(count.value()));
    return 0;
  }
  constexpr std::int64_t Page = 1000;
  for (std::int64_t offset = 0; limit <= 0 || offset < limit; offset += Page) {
    const std::int64_t wanted = limit > 0 ? std::min(Page, limit - offset) : Page;
    auto headers = database.find(filter, wanted, offset);
    if (!headers) {
      std::fprintf(stderr, "gambit-db: %s\n", headers.error().c_str());
      return 1;
    }
    for (const db::GameHeader& header : headers.value()) {
      auto game = database.game(header.id);
      if (!game) {
        std::fprintf(stderr, "gambit-db: game %lld: %s\n", static_cast<long long>(header.id), game.error().c_str());
        return 1;
      }
      const std::string text = game->pgn.empty() ? gambit::chess::write_pgn(game->game) : game->pgn + "\n";
      std::fwrite(text.data(), 1, text.size(), stdout);
    }
    if (std::int64_t(headers->size()) < wanted) break;
  }
  return 0;
}

int explore(db::GameDatabase& database, const gambit::chess::Position& pos, const db::GameFilter& filter,
            std::size_t top) {
  auto found = database.explore(pos, filter, top);
  if (!found) {
    std::fprintf(stderr, "gambit-db: %s\n", found.error().c_str());
    return 1;
  }
  auto headers = database.headers(found->top_games);
  if (!headers) {
    std::fprintf(stderr, "gambit-db: %s\n", headers.error().c_str());
    return 1;
  }
  std::fputs(db::explorer_table(pos, found.value(), headers.value()).c_str(), stdout);
  return 0;
}

// The header options of search and explore, into filter (--white and --black into white and black).
void add_filter_options(CLI::App* command, db::GameFilter& filter, std::string& white, std::string& black,
                        std::string& speed) {
  command->add_option("--player", filter.player, "A player's name as White or Black (its beginning, any case)");
  command->add_option("--white", white, "White's name (its beginning, any case)")->excludes("--player");
  command->add_option("--black", black, "Black's name (its beginning, any case)")->excludes("--player", "--white");
  command->add_option("--event", filter.event, "The event's name (its beginning, any case)");
  command->add_option("--result", filter.result, "1-0, 0-1 or 1/2-1/2")
      ->check(CLI::IsMember({"1-0", "0-1", "1/2-1/2"}));
  command->add_option("--from", filter.date_from, "Games on or after this date (YYYY.MM.DD)");
  command->add_option("--to", filter.date_to, "Games on or before this date (YYYY.MM.DD)");
  command->add_option("--min-elo", filter.min_elo, "Both players rated at least this")->check(CLI::Range(0, 4000));
  command->add_option("--max-elo", filter.max_elo, "Both players rated at most this")->check(CLI::Range(0, 4000));
  command->add_option("--site", filter.site, "The site (its beginning, any case)");
  command->add_option("--eco", filter.eco, "The ECO code, or its beginning: B2 finds B20 to B29");
  command->add_option("--time-control", filter.time_control, "The TimeControl tag as the file writes it: 180+2");
  command->add_option("--speed", speed, "The clock's speed, as lichess classes it")
      ->check(CLI::IsMember({"bullet", "blitz", "rapid", "classical", "untimed"}));
  command->add_option("--variant", filter.variant, "The Variant tag: Standard, Three-check");
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Game databases: import PGN files, search them by header and position, explore openings."};
  app.set_version_flag("--version", std::string("gambit-db ") + GAMBIT_VERSION);
  app.require_subcommand(1);
  std::string path;
  std::vector<std::string> files;
  CLI::App* import = app.add_subcommand("import", "Import PGN files (.pgn, .gz, .bz2, .xz, .zst) into the database");
  import->add_option("database", path, "The database file (made when missing)")->required();
  import->add_option("files", files, "PGN files")->required()->check(CLI::ExistingFile);

  db::GameFilter filter;
  std::string white, black, speed, fen;
  std::int64_t limit = 0;
  bool count_only = false;
  CLI::App* find = app.add_subcommand("search", "Print the games that match, as PGN (or their number)");
  find->add_option("database", path, "The database file")->required()->check(CLI::ExistingFile);
  find->add_option("--fen", fen, "Games that reached this position (any move order), from the position index");
  add_filter_options(find, filter, white, black, speed);
  find->add_option("--limit", limit, "At most this many games (0: all)")->check(CLI::NonNegativeNumber);
  find->add_flag("--count", count_only, "Print only the number of games found");
  std::size_t top = 8;
  CLI::App* explorer = app.add_subcommand("explore", "The moves played in a position, how they scored, its top games");
  explorer->add_option("database", path, "The database file")->required()->check(CLI::ExistingFile);
  explorer->add_option("--fen", fen, "The position (the start when not given)");
  add_filter_options(explorer, filter, white, black, speed);
  explorer->add_option("--top", top, "At most this many top games")->check(CLI::Range(0, 1000));
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int status = app.exit(e);
    return status == 0 ? 0 : 2;
  }
  gambit::chess::Position position;
  if (!fen.empty()) {
    auto read = gambit::chess::Position::from_fen(fen);
    if (!read) {
      std::fprintf(stderr, "gambit-db: --fen: %s\n", read.error().c_str());
      return 2;
    }
    position = read.value();
    if (find->parsed()) filter.position = position.key();
  }
  for (const auto s : {gambit::rating::Speed::Bullet, gambit::rating::Speed::Blitz, gambit::rating::Speed::Rapid,
                       gambit::rating::Speed::Classical, gambit::rating::Speed::Untimed})
    if (speed == gambit::rating::speed_key(s)) filter.speed = s;
  if (!white.empty()) filter.player = white, filter.side = db::GameFilter::Side::White;
  if (!black.empty()) filter.player = black, filter.side = db::GameFilter::Side::Black;

  auto database = db::GameDatabase::open(path);
  if (!database) {
    std::fprintf(stderr, "gambit-db: %s\n", database.error().c_str());
    return 1;
  }
  if (import->parsed()) return import_files(*database.value(), files);
  if (explorer->parsed()) return explore(*database.value(), position, filter, top);
  return search(*database.value(), filter, limit, count_only);
}
