// SPDX-License-Identifier: MIT
// What the store tests share: a private folder per test with the database
// path in it, sample finished games, practice positions and puzzles, and
// direct looks into the SQLite file (through store::Connection) to check what
// the Store API cannot show.
#pragma once

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "core/learn/puzzle.h"
#include "core/learn/spaced_repetition.h"
#include "core/rating/glicko2.h"
#include "core/store/sqlite.h"
#include "core/store/store.h"

namespace gambit::store::fixtures {

namespace fs = std::filesystem;

// A folder of its own under the temporary directory, removed with everything
// in it (permissions given back first) when the object goes.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "gambit-store-test-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) ADD_FAILURE() << "mkdtemp failed for " << pattern;
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ignored;
    for (auto it = fs::recursive_directory_iterator(path_, ignored); it != fs::recursive_directory_iterator();
         it.increment(ignored))
      if (it->is_directory(ignored)) ::chmod(it->path().c_str(), 0700);
    ::chmod(path_.c_str(), 0700);
    fs::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

// The pool of the games made here (standard chess at 300+2).
inline const rating::RatingPool Blitz{"standard", rating::Speed::Blitz};

// An AI opponent placed by calibration: alphabeta at a level, told apart by
// its options, rated 800 + 200 * depth (deviation 40).
inline Placement placement_of_depth(int depth) { return {800.0 + 200.0 * depth, 40.0}; }
inline PlayerIdentity alphabeta(const std::string& level, int depth) {
  return PlayerIdentity::ai("alphabeta", "1.0", "depth=" + std::to_string(depth), "alphabeta (" + level + ")",
                            placement_of_depth(depth));
}
// The same identity without its placement (as a build before calibration recorded it).
inline PlayerIdentity unplaced(PlayerIdentity who) {
  who.placement.reset();
  return who;
}
// An AI no calibration places.
inline PlayerIdentity random_ai() { return PlayerIdentity::ai("random", "1.0", "seed=7", "random"); }

// A finished game between white and black with a short real game as PGN
// (Scholar's mate, Fool's mate or a draw agreed after 1. e4 e5). Every game
// made here gets its own Round tag, so its PGN text is unique, and ends a
// minute after the previous one. Not thread-safe: make the games before
// starting threads or processes.
inline FinishedGame finished(const PlayerIdentity& white, const PlayerIdentity& black, const std::string& result,
                             GameSource source = GameSource::Window) {
  static int round = 0;
  ++round;
  FinishedGame game;
  game.white = white;
  game.black = black;
  game.result = result;
  game.source = source;
  game.time_control = "300+2";  // blitz
  game.rated = true;             // announced rated: the store rates it when it is a person against a placed AI
  game.ended_at = 1'700'000'000 + std::int64_t(round) * 60;
  game.started_at = game.ended_at - 45;
  std::string moves;
  if (result == "1-0") {
    moves = "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0";
    game.plies = 7;
    game.reason = "checkmate";
  } else if (result == "0-1") {
    moves = "1. f3 e5 2. g4 Qh4# 0-1";
    game.plies = 4;
    game.reason = "checkmate";
  } else {
    moves = "1. e4 e5 " + result;
    game.plies = 2;
    game.reason = "agreement";
  }
  game.pgn = "[Event \"store test\"]\n[Site \"?\"]\n[Date \"2023.11.14\"]\n[Round \"" + std::to_string(round) +
             "\"]\n[White \"" + white.label + "\"]\n[Black \"" + black.label + "\"]\n[Result \"" + result +
             "\"]\n\n" + moves + "\n";
  return game;
}

// A game that began at a typed position (a mate in one, played): kept and
// shown, not rated.
inline FinishedGame finished_from_position(const PlayerIdentity& white, const PlayerIdentity& black) {
  FinishedGame game = finished(white, black, "1-0");
  game.from_start = false;
  game.plies = 1;
  const std::size_t moves = game.pgn.find("\n\n");
  game.pgn = game.pgn.substr(0, moves) + "\n[SetUp \"1\"]\n[FEN \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\"]\n\n1. Ra8# 1-0\n";
  return game;
}

// Practice positions and puzzles are made at Now (Unix seconds), a day apart.
inline constexpr std::int64_t Now = 1'750'000'000;
inline constexpr std::int64_t Day = learn::SecondsPerDay;

// A position to practise; its line starts with best.
inline PracticePosition practice_position(int ply, const std::string& fen, const std::string& played,
                                          const std::string& line, const std::string& reason,
                                          PracticeJudgement judgement) {
  PracticePosition p;
  p.ply = ply;
  p.fen = fen;
  p.played = played;
  p.best = line.substr(0, line.find(' '));
  p.line = line;
  p.reason = reason;
  p.judgement = judgement;
  return p;
}

// After 1. e4 e5 2. Nf3, Black weakens with f6 instead of developing.
inline PracticePosition weak_pawn() {
  return practice_position(3, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2", "f7f6",
                           "b8c6 f1b5 a7a6", "Weakens the king's diagonal.", PracticeJudgement::Mistake);
}

// Black lets the queen mate on f7.
inline PracticePosition allows_mate() {
  return practice_position(5, "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3", "g8f6",
                           "g7g6 h5f3 g8f6", "Allows mate in one: 4. Qxf7#.", PracticeJudgement::Blunder);
}

// White misses the mate.
inline PracticePosition misses_mate() {
  return practice_position(6, "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "h5h4", "h5f7",
                           "Misses mate in one: Qxf7#.", PracticeJudgement::Blunder);
}

// A puzzle as the store needs it: id and shipped rating.
inline learn::Puzzle puzzle(const std::string& id, double rating, double deviation = 80) {
  learn::Puzzle p;
  p.id = id;
  p.rating = rating;
  p.deviation = deviation;
  return p;
}

// Expects the two ratings to be the same but for rounding.
inline void expect_rating(const rating::Glicko2& actual, const rating::Glicko2& expected, const std::string& what) {
  EXPECT_NEAR(actual.rating, expected.rating, 1e-9) << what;
  EXPECT_NEAR(actual.deviation, expected.deviation, 1e-9) << what;
  EXPECT_NEAR(actual.volatility, expected.volatility, 1e-12) << what;
}

// Where pgn (without its trailing newlines) occurs in text, and how often.
inline std::vector<std::size_t> occurrences(const std::string& text, std::string pgn) {
  while (!pgn.empty() && pgn.back() == '\n') pgn.pop_back();
  std::vector<std::size_t> at;
  for (std::size_t i = text.find(pgn); i != std::string::npos; i = text.find(pgn, i + 1)) at.push_back(i);
  return at;
}

inline std::string read_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

inline void write_bytes(const fs::path& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

// The files "<db>.broken-*" beside db.
inline std::vector<fs::path> set_aside_files(const fs::path& db) {
  std::vector<fs::path> found;
  const std::string prefix = db.filename().string() + ".broken-";
  for (const auto& entry : fs::directory_iterator(db.parent_path()))
    if (entry.path().filename().string().rfind(prefix, 0) == 0) found.push_back(entry.path());
  return found;
}

inline std::string folder_listing(const fs::path& folder) {
  std::string text;
  for (const auto& entry : fs::directory_iterator(folder))
    text += "  " + entry.path().filename().string() + " (" +
            (entry.is_regular_file() ? std::to_string(entry.file_size()) + " bytes" : "not a file") + ")\n";
  return text;
}

inline std::unique_ptr<Connection> raw_connection(const fs::path& path) {
  auto db = Connection::open(path);
  if (!db.ok()) {
    ADD_FAILURE() << "cannot open " << path << " with store::Connection: " << db.error();
    return nullptr;
  }
  return std::move(db).value();
}

// The first column of the first row of sql on a fresh connection to path, as
// text ("<failure: ...>" when the query fails).
inline std::string query_text(const fs::path& path, const std::string& sql) {
  auto db = Connection::open(path);
  if (!db.ok()) return "<failure: " + db.error() + ">";
  auto statement = Statement::prepare(*db.value(), sql);
  if (!statement.ok()) return "<failure: " + statement.error() + ">";
  auto row = statement.value().step();
  if (!row.ok()) return "<failure: " + row.error() + ">";
  if (!row.value()) return "<no row>";
  return statement.value().column_text(0);
}

inline std::int64_t query_int(const fs::path& path, const std::string& sql) {
  auto db = Connection::open(path);
  if (!db.ok()) {
    ADD_FAILURE() << "cannot open " << path << ": " << db.error();
    return -1;
  }
  auto value = db.value()->query_int(sql);
  if (!value.ok()) {
    ADD_FAILURE() << sql << " on " << path << ": " << value.error();
    return -1;
  }
  return value.value();
}

inline std::string kind_name(Standing::Kind kind) {
  switch (kind) {
    case Standing::Kind::VsAi: return "vs-ai";
    case Standing::Kind::HumanVsHuman: return "human-vs-human";
    case Standing::Kind::AiVsAi: return "ai-vs-ai";
  }
  return "?";
}

// "alphabeta (hard) [vs-ai] +2 =1 -0" per row, for failure messages.
inline std::string describe(const std::vector<Standing>& rows) {
  std::ostringstream out;
  out << rows.size() << " standing rows:\n";
  for (const Standing& row : rows)
    out << "  " << row.label << " [" << kind_name(row.kind) << "] +" << row.wins << " =" << row.draws << " -"
        << row.losses << "\n";
  return out.str();
}

inline const Standing* find_row(const std::vector<Standing>& rows, const std::string& label) {
  for (const Standing& row : rows)
    if (row.label == label) return &row;
  return nullptr;
}

// Each test gets its own folder, with the database at db_.
class StoreTest : public ::testing::Test {
 protected:
  // Opens the store and expects nothing set aside; nullptr (with a failure
  // recorded) when it cannot be opened.
  std::unique_ptr<Store> open(const std::string& profile = DefaultProfile) { return open_at(db_, profile); }

  static std::unique_ptr<Store> open_at(const fs::path& path, const std::string& profile = DefaultProfile) {
    auto opened = Store::open(path, profile);
    if (!opened.ok()) {
      ADD_FAILURE() << "Store::open(" << path << ", " << profile << ") failed: " << opened.error();
      return nullptr;
    }
    if (opened.value().notice)
      ADD_FAILURE() << "unexpected notice opening " << path << ": " << *opened.value().notice;
    return std::move(opened).value().store;
  }

  // The value of a Store call, or T{} with a failure recorded naming the call.
  template <class T>
  static T must(Result<T> result, const std::string& call) {
    if (!result.ok()) {
      ADD_FAILURE() << call << " failed: " << result.error();
      return T{};
    }
    return std::move(result).value();
  }

  // The store's standings as describe writes them.
  static std::string standings(Store& store) { return describe(must(store.ratings().standings(), "standings")); }

  // Records the game and returns its id (-1, with a failure recorded, when refused).
  static std::int64_t record(Store& store, const FinishedGame& game) {
    auto id = store.games().record_game(game);
    if (!id.ok()) {
      ADD_FAILURE() << "record_game failed in " << store.path() << ": " << id.error() << "\nPGN:\n" << game.pgn;
      return -1;
    }
    return id.value();
  }

  TempDir dir_;
  fs::path db_ = dir_.path() / "gambit.db";
  const PlayerIdentity me_ = PlayerIdentity::person(DefaultProfile);
};

}  // namespace gambit::store::fixtures
