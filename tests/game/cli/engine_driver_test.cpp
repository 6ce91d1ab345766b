// SPDX-License-Identifier: MIT
// gambit-engine's drivers without the program: commands written to a pipe,
// the random plugin in-process, the output read back from a file.
#include "game/cli/engine_driver.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <thread>
#include <string>
#include <vector>

#include "core/chess/uci.h"
#include "game/cli/cecp_driver.h"
#include "game/cli/uci_driver.h"

namespace gambit::engine {
namespace {

std::shared_ptr<const players::PluginLibrary> random_plugin() {
  auto loaded = players::PluginLibrary::load(GAMBIT_RANDOM_PLUGIN);
  EXPECT_TRUE(loaded) << (loaded ? "" : loaded.error());
  return loaded ? *loaded : nullptr;
}

// Input written at once and closed, so the driver reads to its end; `later`
// is written 300 ms after the rest (the time for a quick player's move).
class Script {
 public:
  explicit Script(const std::string& text, const std::string& later = "") {
    EXPECT_EQ(::pipe(fds_), 0);
    EXPECT_EQ(::write(fds_[1], text.data(), text.size()), ssize_t(text.size()));
    writer_ = std::thread([write_fd = fds_[1], later] {
      if (!later.empty()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        EXPECT_EQ(::write(write_fd, later.data(), later.size()), ssize_t(later.size()));
      }
      ::close(write_fd);
    });
  }
  ~Script() {
    writer_.join();
    ::close(fds_[0]);
  }
  int fd() const { return fds_[0]; }

 private:
  int fds_[2] = {-1, -1};
  std::thread writer_;
};

// What the driver printed, line by line.
class Printed {
 public:
  Printed() : file_(std::tmpfile()) {}
  ~Printed() { std::fclose(file_); }
  std::FILE* file() { return file_; }
  std::vector<std::string> lines() {
    std::rewind(file_);
    std::vector<std::string> lines;
    char buffer[4096];
    while (std::fgets(buffer, sizeof buffer, file_)) {
      std::string line(buffer);
      if (!line.empty() && line.back() == '\n') line.pop_back();
      lines.push_back(line);
    }
    return lines;
  }

 private:
  std::FILE* file_;
};

bool has_line_starting(const std::vector<std::string>& lines, const std::string& start) {
  for (const std::string& line : lines)
    if (line.starts_with(start)) return true;
  return false;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  return text;
}

TEST(ReadProtocolLine, XboardChoosesCecpAnyUciCommandUciAndOtherLinesGetAnError) {
  Script script("\nhello\nxboard\n");
  Printed printed;
  Output out(printed.file());
  LineReader input(script.fd());
  auto first = read_protocol_line(input, out);
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(first->first, Protocol::Cecp);
  EXPECT_EQ(first->second, "xboard");
  const auto lines = printed.lines();
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_NE(lines[0].find("send 'uci' or 'xboard' first"), std::string::npos) << lines[0];

  Script uci("isready\n");
  LineReader uci_input(uci.fd());
  auto chosen = read_protocol_line(uci_input, out);
  ASSERT_TRUE(chosen.has_value());
  EXPECT_EQ(chosen->first, Protocol::Uci);

  Script empty("");
  LineReader nothing(empty.fd());
  EXPECT_FALSE(read_protocol_line(nothing, out).has_value());
}

TEST(UciDriver, AnswersUciIsReadyAndGoWithALegalMoveOfThePosition) {
  auto plugin = random_plugin();
  ASSERT_TRUE(plugin);
  auto player = players::PluginPlayer::create(plugin, {{"seed", "5"}});
  ASSERT_TRUE(player) << player.error();
  // After 1. f3 e5 2. g4, the only move that mates is Qh4#; random plays any legal one.
  Script script("isready\nposition startpos moves f2f3 e7e5 g2g4\ngo depth 1\nsetoption name nosuch value 1\nquit\n");
  Printed printed;
  Output out(printed.file());
  LineReader input(script.fd());
  UciDriver(plugin, {{"seed", "5"}}, std::move(player).value(), out).run("uci", input);
  const auto lines = printed.lines();
  EXPECT_TRUE(has_line_starting(lines, "id name Gambit ")) << joined(lines);
  EXPECT_TRUE(has_line_starting(lines, "uciok")) << joined(lines);
  EXPECT_TRUE(has_line_starting(lines, "readyok")) << joined(lines);
  EXPECT_TRUE(has_line_starting(lines, "info string unknown option 'nosuch'")) << joined(lines);
  std::string best;
  for (const std::string& line : lines)
    if (line.starts_with("bestmove ")) best = line.substr(9);
  ASSERT_FALSE(best.empty()) << joined(lines);
  chess::Position position;
  for (const char* move : {"f2f3", "e7e5", "g2g4"}) position.do_move(*chess::parse_uci_move(position, move));
  EXPECT_TRUE(chess::parse_uci_move(position, best).ok()) << best << " is not legal";
}

TEST(UciDriver, PlaysChess960WithUciChess960AndReadsCastlingAsTheKingTakingItsRook) {
  auto plugin = random_plugin();
  ASSERT_TRUE(plugin);
  auto player = players::PluginPlayer::create(plugin, {{"seed", "3"}});
  ASSERT_TRUE(player) << player.error();
  // Both sides castle short, written b1g1 and b8g8: the king takes its rook, as UCI GUIs write 960 castling.
  const std::string fen = "rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w KQkq - 0 1";
  const std::string moves = "b1g1 b8g8";
  Script script("setoption name UCI_Chess960 value maybe\nsetoption name UCI_Chess960 value true\nposition fen " +
                fen + " moves " + moves + "\ngo depth 1\nquit\n");
  Printed printed;
  Output out(printed.file());
  LineReader input(script.fd());
  UciDriver(plugin, {{"seed", "3"}}, std::move(player).value(), out).run("uci", input);
  const auto lines = printed.lines();
  EXPECT_TRUE(has_line_starting(lines, "option name UCI_Chess960 type check default false")) << joined(lines);
  EXPECT_TRUE(has_line_starting(lines, "info string UCI_Chess960 'maybe' is neither true nor false")) << joined(lines);
  EXPECT_FALSE(has_line_starting(lines, "info string position ignored")) << joined(lines);
  std::string best;
  for (const std::string& line : lines)
    if (line.starts_with("bestmove ")) best = line.substr(9);
  chess::Position position = *chess::Position::from_fen(fen, chess::Variant::Chess960);
  for (const char* move : {"b1g1", "b8g8"}) position.do_move(*chess::parse_uci_move(position, move));
  EXPECT_EQ(position.piece_on(chess::SQ_G1), chess::W_KING);  // castled: the king on g1, the rook on f1
  EXPECT_EQ(position.piece_on(chess::SQ_F1), chess::W_ROOK);
  EXPECT_TRUE(chess::parse_uci_move(position, best).ok()) << best << " is not legal";
}

TEST(CecpDriver, PlaysAMoveAfterTheOpponentsAndAnswersPing) {
  auto plugin = random_plugin();
  ASSERT_TRUE(plugin);
  auto player = players::PluginPlayer::create(plugin, {});
  ASSERT_TRUE(player) << player.error();
  Script script("protover 2\nnew\nst 1\nusermove e2e4\n", "ping 7\nquit\n");
  Printed printed;
  Output out(printed.file());
  out.set_note_prefix("# ");
  LineReader input(script.fd());
  cecp::SessionSettings settings;
  settings.engine_name = "random test";
  CecpDriver(plugin, {}, std::move(player).value(), out, settings).run("xboard", input);
  const auto lines = printed.lines();
  EXPECT_TRUE(has_line_starting(lines, "feature ")) << joined(lines);
  EXPECT_TRUE(has_line_starting(lines, "move ")) << joined(lines);
  EXPECT_TRUE(has_line_starting(lines, "pong 7")) << joined(lines);
}

}  // namespace
}  // namespace gambit::engine
