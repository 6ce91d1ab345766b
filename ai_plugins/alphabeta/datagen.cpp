// SPDX-License-Identifier: MIT
// gambit-datagen: positions for training alphabeta's network, from games of
// full-strength alphabeta against itself at a fixed number of nodes a move.
//   gambit-datagen --out FILE --games N [--nodes 5000] [--random-plies 8] [--book FILE.epd]
//                  [--seed S] [--shard I/N] [--hash MB] [--max-opening-cp 400] [--network FILE]
// Each game starts from the start position (or a book position) and a few
// random moves; each position after them that is quiet (not in check, best
// move neither a capture nor a promotion, no mate score) is written with the
// search's score and the game's result, in the text format of
// docs/network.md:
//   <FEN> | <score: centipawns, White's view> | <result: 1.0, 0.5 or 0.0, White's view>
// and after each game's positions a line "# game <number> <result> <plies>
// <positions> position fen <FEN> moves <UCI moves>": the game itself, as a
// UCI "position" command from where it started, from which gambit-datapack
// makes the positions' lines again (selfplay_data.h). The file's first line
// names what makes its games ("# gambit-datagen nodes=... seed=...
// shard=..."). The file is appended to game by game: a rerun of the same
// command drops an unfinished last game and goes on from the next one, so a
// stopped run loses at most one game; a rerun with other settings, or onto a
// file that is not such data, is refused and the file left as it is.
// --shard I/N plays only that slice of the games (as gambit-match shards),
// each slice into a file of its own.
// --network plays with that network (ai_plugins/nnue) instead of the
// hand-written evaluation: the next generation's data.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>

#include "ai_plugins/alphabeta/search.h"
#include "ai_plugins/alphabeta/selfplay_data.h"
#include "ai_plugins/common/move_order.h"
#include "core/chess/game.h"
#include "core/chess/movegen.h"
#include "core/match/match_results.h"
#include "core/match/openings.h"
#include "core/util/fnv1a.h"
#include "core/util/splitmix64.h"

namespace {

using namespace gambit;

struct Arguments {
  std::filesystem::path out;
  std::size_t games = 0;
  std::int64_t nodes = 5000;
  int random_plies = 8;
  std::filesystem::path book;
  std::uint64_t seed = 1;
  match::Shard shard;
  std::size_t hash_mb = 16;
  int max_opening_cp = 400;
  std::filesystem::path network;
};

[[noreturn]] void usage(const std::string& problem) {
  std::cerr << "gambit-datagen: " << problem << "\n"
            << "usage: gambit-datagen --out FILE --games N [--nodes N] [--random-plies N] [--book FILE.epd] "
               "[--seed S] [--shard I/N] [--hash MB] [--max-opening-cp CP] [--network FILE]\n";
  std::exit(2);
}

long long number(std::string_view text, std::string_view name, long long low, long long high) {
  const std::string s(text);
  char* end = nullptr;
  const long long v = std::strtoll(s.c_str(), &end, 10);
  if (s.empty() || *end || v < low || v > high)
    usage("--" + std::string(name) + " needs a whole number from " + std::to_string(low) + " to " +
          std::to_string(high) + ", not '" + s + "'");
  return v;
}

Arguments parse(int argc, char** argv) {
  Arguments a;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    auto value = [&]() -> std::string_view {
      if (i + 1 >= argc) usage(std::string(arg) + " needs a value");
      return argv[++i];
    };
    if (arg == "--out") a.out = std::string(value());
    else if (arg == "--games") a.games = std::size_t(number(value(), "games", 1, 1'000'000'000));
    else if (arg == "--nodes") a.nodes = number(value(), "nodes", 100, 100'000'000);
    else if (arg == "--random-plies") a.random_plies = int(number(value(), "random-plies", 0, 40));
    else if (arg == "--book") a.book = std::string(value());
    else if (arg == "--network") a.network = std::string(value());
    else if (arg == "--seed") a.seed = std::uint64_t(number(value(), "seed", 0, INT64_MAX));
    else if (arg == "--hash") a.hash_mb = std::size_t(number(value(), "hash", 1, 4096));
    else if (arg == "--max-opening-cp") a.max_opening_cp = int(number(value(), "max-opening-cp", 0, 10000));
    else if (arg == "--shard") {
      Result<match::Shard> shard = match::parse_shard(value());
      if (!shard) usage("--shard: " + shard.error());
      a.shard = *shard;
    } else usage("unknown argument '" + std::string(arg) + "'");
  }
  if (a.out.empty()) usage("--out FILE is needed");
  if (a.games == 0) usage("--games N is needed");
  return a;
}

// What makes a file's games: its first line. Games of other settings are
// other data, never appended to it.
std::string settings_line(const Arguments& args, const std::optional<match::OpeningBook>& book,
                          const nnue::Network* network) {
  std::ostringstream line;
  line << selfplay::SettingsPrefix << "nodes=" << args.nodes << " random-plies=" << args.random_plies
       << " max-opening-cp=" << args.max_opening_cp << " seed=" << args.seed << " shard=" << args.shard.text()
       << " book=" << (book ? "\"" + book->fingerprint() + "\"" : std::string("none")) << " network=";
  if (network) line << std::hex << fnv1a(network->to_bytes());
  else line << "none";
  return line.str();
}

// The last game a file finished, and the file's length up to the end of that
// game's line (what comes after it is an unfinished game, to be dropped).
struct Progress {
  std::string settings;  // the first line, when it names the settings
  std::size_t last_game = 0;
  std::uintmax_t finished_bytes = 0;
  std::size_t positions = 0;
};

Progress read_progress(const std::filesystem::path& file) {
  Progress p;
  std::ifstream in(file, std::ios::binary);
  std::string line;
  std::uintmax_t offset = 0;
  std::size_t positions = 0;
  while (std::getline(in, line)) {
    const bool complete = !in.eof();
    offset += line.size() + (complete ? 1 : 0);
    if (!complete) break;  // a line cut short by a stop
    if (offset == line.size() + 1 && line.starts_with(selfplay::SettingsPrefix)) {
      p.settings = line;
      p.finished_bytes = offset;
    } else if (line.starts_with(selfplay::GamePrefix)) {
      p.last_game = std::size_t(std::strtoull(line.c_str() + selfplay::GamePrefix.size(), nullptr, 10));
      p.finished_bytes = offset;
      p.positions = positions;
    } else if (!line.empty() && line[0] != '#') {
      ++positions;
    }
  }
  return p;
}

std::string result_text(const chess::Outcome& outcome) {
  const std::optional<chess::Color> winner = outcome.winner();
  return !winner ? "0.5" : *winner == chess::WHITE ? "1.0" : "0.0";
}

// A game's lines: its positions' and its own (selfplay_data.h).
struct PlayedGame {
  std::string lines;
  std::size_t positions = 0;
};

// Adjudication, as engine testers do: a game whose score stays beyond a win
// for both sides' searches is won; a long game whose score stays near zero is
// drawn. The game's own endings (mate, stalemate, repetition, the fifty-move
// rule, too little material) come first.
constexpr int WinScore = 2000, WinPlies = 6;
constexpr int DrawScore = 10, DrawPlies = 12, DrawFromPly = 80;
constexpr int MaxPlies = 400;

PlayedGame play_game(alphabeta::Engine& engine, chess::Game game, const Arguments& args, std::size_t number) {
  const PlayedGame skipped{selfplay::skipped_game_line(number), 0};
  SplitMix64 rng{splitmix64_mix(args.seed * 0x9E3779B97F4A7C15ULL + number)};
  // An odd number of random plies as often as an even one, so both sides start.
  const int random_plies = args.random_plies + int(rng.next() & 1);
  for (int i = 0; i < random_plies && !game.is_over(); ++i) {
    const chess::MoveList moves = chess::legal_moves(game.position());
    if (moves.size() == 0) break;
    game.play(moves[std::size_t(rng.next() % moves.size())]);
  }
  if (game.is_over()) return skipped;

  engine.new_game();
  players::Limits limits;
  limits.nodes = args.nodes;
  const auto never = [] { return false; };
  int win_run = 0, draw_run = 0;
  std::optional<chess::Outcome> adjudicated;
  // A position the data learns from: its ply in the game and the search's score (White's view).
  struct Scored {
    std::size_t ply;
    int white_score;
  };
  std::vector<Scored> scored;  // the positions learned from: the result is known at the end
  for (int ply = 0; !game.is_over(); ++ply) {
    if (game.claimable_draw()) {
      game.claim_draw();
      break;
    }
    const chess::Position& pos = game.position();
    const alphabeta::SearchResult r = engine.search(game.positions(), limits, never);
    if (!r.best) break;  // cannot happen: the game is not over
    if (ply == 0 && std::abs(r.score) > args.max_opening_cp) return skipped;
    const int white_score = pos.side_to_move() == chess::WHITE ? r.score : -r.score;
    if (!pos.in_check() && !ai::is_noisy(pos, r.best) && !ai::is_mate_score(r.score) &&
        std::abs(r.score) < ai::VALUE_KNOWN_WIN)
      scored.push_back({game.moves().size(), white_score});
    // A run of scores beyond a win for the same side (White's view: positive runs count up, negative down).
    win_run = white_score >= WinScore ? std::max(win_run, 0) + 1 : white_score <= -WinScore ? std::min(win_run, 0) - 1 : 0;
    draw_run = std::abs(r.score) <= DrawScore ? draw_run + 1 : 0;
    game.play(r.best);
    if (std::abs(win_run) >= WinPlies) {
      game.resign(win_run > 0 ? chess::BLACK : chess::WHITE);
      break;
    }
    if (game.moves().size() >= std::size_t(DrawFromPly) && draw_run >= DrawPlies) {
      game.agree_draw();
      break;
    }
    if (game.moves().size() >= std::size_t(MaxPlies)) {
      game.agree_draw();
      break;
    }
  }
  const std::string result = result_text(game.outcome());
  PlayedGame played;
  for (const Scored& s : scored) played.lines += selfplay::position_line(game.positions()[s.ply], s.white_score, result);
  played.positions = scored.size();
  played.lines += selfplay::game_line(number, result, scored.size(), game.start(), game.moves());
  return played;
}

}  // namespace

int main(int argc, char** argv) {
  const Arguments args = parse(argc, argv);
  std::optional<match::OpeningBook> book;
  if (!args.book.empty()) {
    Result<match::OpeningBook> read = match::OpeningBook::read_epd(args.book, chess::Variant::Standard);
    if (!read) {
      std::cerr << "gambit-datagen: " << read.error() << "\n";
      return 2;
    }
    book = std::move(*read);
  }

  std::shared_ptr<const nnue::Network> network;
  if (!args.network.empty()) {
    Result<std::unique_ptr<nnue::Network>> net = nnue::Network::read(args.network);
    if (!net) {
      std::cerr << "gambit-datagen: " << net.error() << "\n";
      return 2;
    }
    network = std::move(net.value());
  }

  const std::string settings = settings_line(args, book, network.get());
  const Progress progress = read_progress(args.out);
  std::error_code ec;
  const bool existed = std::filesystem::exists(args.out, ec) && std::filesystem::file_size(args.out, ec) > 0;
  if (existed && progress.settings.empty()) {
    std::cerr << "gambit-datagen: " << args.out << " is not gambit-datagen's data (its first line does not name the "
              << "settings): left as it is; choose another --out\n";
    return 2;
  }
  if (existed && progress.settings != settings) {
    std::cerr << "gambit-datagen: " << args.out << "'s games were made with\n  " << progress.settings.substr(2)
              << "\nand this run would make\n  " << settings.substr(2)
              << "\nLeft as it is: rerun with its settings, or choose another --out\n";
    return 2;
  }
  if (existed && std::filesystem::file_size(args.out, ec) != progress.finished_bytes) {
    std::filesystem::resize_file(args.out, progress.finished_bytes, ec);
    if (ec) {
      std::cerr << "gambit-datagen: cannot drop the unfinished game at the end of " << args.out << ": "
                << ec.message() << "\n";
      return 1;
    }
  }
  std::ofstream out(args.out, std::ios::app | std::ios::binary);
  if (!out) {
    std::cerr << "gambit-datagen: cannot write " << args.out << "\n";
    return 1;
  }
  if (!existed) out << settings << '\n';
  if (progress.last_game > 0)
    std::cerr << "gambit-datagen: " << args.out << " has games up to " << progress.last_game << " ("
              << progress.positions << " positions); going on\n";

  alphabeta::EngineConfig config;
  config.hash_mb = args.hash_mb;
  config.seed = 1;
  config.default_movetime_ms = 0;
  config.network = network;
  alphabeta::Engine engine(config);

  std::size_t positions = progress.positions, played_games = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (std::size_t number = progress.last_game + 1; number <= args.games; ++number) {
    if (!args.shard.has_game(number)) continue;
    chess::Game start;
    if (book) {
      Result<chess::Game> from_book = book->for_game(number - 1, args.seed).game(chess::Variant::Standard);
      if (!from_book) {
        std::cerr << "gambit-datagen: " << from_book.error() << "\n";
        return 2;
      }
      start = std::move(*from_book);
    }
    const PlayedGame played = play_game(engine, std::move(start), args, number);
    out << played.lines;
    out.flush();
    if (!out) {
      std::cerr << "gambit-datagen: writing " << args.out << " failed\n";
      return 1;
    }
    positions += played.positions;
    if (++played_games % 100 == 0) {
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      std::cerr << "gambit-datagen: game " << number << ", " << positions << " positions in all, "
                << std::size_t(double(played_games) / seconds * 3600) << " games an hour\n";
    }
  }
  return 0;
}
