// SPDX-License-Identifier: MIT
// gambit-make-book: a developer's program that makes a book of balanced
// opening positions (EPD) with the alphabeta plugin, reproducibly: the file
// depends only on the flags that shape it (not on --jobs, the machine or
// earlier interrupted runs). Not installed; assets/books/README.md says how
// the shipped book was made, core/match/book_maker.h how it is made.
//
// Exit status: 0 when the book holds --count positions, 1 when the player
// failed, 2 on bad flags or a file that cannot be read or written.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/match/book_maker.h"
#include "core/players/plugin_library.h"
#include "core/players/plugin_player.h"
#include "core/util/install_layout.h"

namespace gambit {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view Program = "gambit-make-book";

void say(const std::string& message) { std::fprintf(stderr, "%.*s: %s\n", int(Program.size()), Program.data(), message.c_str()); }

int fail(const std::string& message) {
  say(message);
  return 2;
}

using namespace book_maker;

int run(int argc, char** argv) {
  CLI::App app{"Makes a book of balanced opening positions (EPD) with the alphabeta player, reproducibly: the "
               "same flags give the same file, and a rerun continues it."};
  app.set_version_flag("--version", std::string(Program) + " " + GAMBIT_VERSION);
  Shape shape;
  std::string output, plugin_file;
  int count = 0, jobs = 1;
  app.add_option("-o,--output", output, "The book (EPD); continued when it exists; its flags go to FILE.args")
      ->required();
  app.add_option("--count", count, "Positions the book is to hold")->required()->check(CLI::Range(1, 1000000));
  app.add_option("--seed", shape.seed, "Seed of the random choices")->capture_default_str();
  app.add_option("--plies", shape.plies, "Plies played from the start")
      ->check(CLI::Range(1, 40))
      ->capture_default_str();
  app.add_option("--choice-nodes", shape.choice_nodes, "Nodes searched for each candidate move")
      ->check(CLI::Range(std::int64_t(1), std::int64_t(1) << 40))
      ->capture_default_str();
  app.add_option("--choice-margin", shape.choice_margin,
                 "A move is drawn among those within this many centipawns of the best")
      ->check(CLI::Range(0, 10000))
      ->capture_default_str();
  app.add_option("--check-nodes", shape.check_nodes, "Nodes searched for the position reached")
      ->check(CLI::Range(std::int64_t(1), std::int64_t(1) << 40))
      ->capture_default_str();
  app.add_option("--max-cp", shape.max_cp, "Kept when that search scores it within this many centipawns of equal")
      ->check(CLI::Range(0, 10000))
      ->capture_default_str();
  app.add_option("--jobs", jobs, "Candidates played at once, each by its own player (the file is the same)")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  app.add_option("--plugin-file", plugin_file, "The alphabeta plugin (default: gambit_alphabeta.so beside the program)");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }

  const fs::path file = plugin_file.empty() ? plugin_directory() / "gambit_alphabeta.so" : fs::path(plugin_file);
  auto library = players::PluginLibrary::load(file);
  if (!library) return fail(library.error());
  if (!library.value()->plays(chess::Variant::Standard))
    return fail("player '" + library.value()->id() + "' does not play standard chess");
  {
    auto player = players::PluginPlayer::create(library.value(), {});
    if (!player) return fail(player.error());
    auto signature = search_signature(*player.value());
    if (!signature) {
      say(signature.error());
      return 1;
    }
    shape.player = library.value()->id() + " " + library.value()->version() + ", search signature " + *signature;
  }

  const fs::path book_path = output, args_path = output + ".args";
  auto read = read_book(book_path);
  if (!read) return fail(read.error());
  Book& book = read.value();
  std::FILE* out = std::fopen(output.c_str(), "a");  // O_APPEND: every line goes to the end, even after a cut
  if (!out) return fail(output + ": cannot be written");
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> closing(out, std::fclose);
  if (auto mismatch = settle_shape(book_path, args_path, book, shape)) return fail(*mismatch);
  if (auto cut = cut_unfinished_line(book_path, book); !cut) return fail(cut.error());
  else if (*cut) say(output + ": its unfinished last line (from a run stopped while writing) was cut off");
  std::size_t kept = book.lines;
  if (kept >= std::size_t(count)) {
    say(output + " already holds " + std::to_string(kept) + " positions");
    return 0;
  }
  if (kept > 0)
    say("continuing " + output + ": " + std::to_string(kept) + " positions, from candidate " +
        std::to_string(book.next_candidate));

  std::vector<std::unique_ptr<players::PluginPlayer>> players;
  for (int k = 0; k < jobs; ++k) {
    auto player = players::PluginPlayer::create(library.value(), {});
    if (!player) return fail(player.error());
    players.push_back(std::move(player).value());
  }

  const auto began = std::chrono::steady_clock::now();
  const auto seconds = [&] {
    return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - began).count();
  };
  std::uint64_t candidate = book.next_candidate;
  // This run's candidates left out: scored beyond --max-cp (or a mate), already in the book, ended before a score.
  std::uint64_t unbalanced = 0, repeated = 0, ended = 0;
  const auto progress = [&] {
    char rate[32];
    std::snprintf(rate, sizeof rate, "%.1f", candidate ? 100.0 * double(kept) / double(candidate) : 0.0);
    say(output + ": " + std::to_string(kept) + "/" + std::to_string(count) + " positions from " +
        std::to_string(candidate) + " candidates (" + rate + "% kept; this run left out " + std::to_string(unbalanced) +
        " unbalanced, " + std::to_string(repeated) + " already in the book, " + std::to_string(ended) +
        " without a score), " + std::to_string(seconds()) + " s");
  };
  Candidates candidates(std::move(players), shape, candidate);
  while (kept < std::size_t(count)) {
    auto played = candidates.next();
    ++candidate;
    if (!played) {
      say(played.error());
      return 1;
    }
    const Candidate& c = *played.value();
    if (!c.score) {
      ++ended;
      continue;
    }
    if (c.score->kind == players::ScoreKind::Mate || std::abs(c.score->value) > shape.max_cp) {
      ++unbalanced;
      continue;
    }
    if (!book.positions.insert(epd_fields(c.position)).second) {
      ++repeated;
      continue;
    }
    const std::string line = book_line(c, ++kept) + "\n";
    if (std::fputs(line.c_str(), out) < 0 || std::fflush(out) != 0) return fail(output + ": could not be written");
    if (kept % 100 == 0) progress();
  }
  if (kept % 100 != 0) progress();
  return 0;
}

}  // namespace
}  // namespace gambit

int main(int argc, char** argv) { return gambit::run(argc, argv); }
