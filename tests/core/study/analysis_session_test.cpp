// SPDX-License-Identifier: MIT
// core/study AnalysisSession with a real engine (alphabeta, in this process and
// in a child process): lines come, several of them, they follow the position,
// and a pause stops the engine.
#include "core/study/analysis_session.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "core/chess/movegen.h"
#include "core/chess/uci.h"
#include "core/players/plugin_library.h"
#include "core/review/game_review.h"

namespace gambit::study {
namespace {

using namespace std::chrono_literals;

players::Seat alphabeta_seat(players::Isolation::Mode mode) {
  auto library = players::PluginLibrary::load(GAMBIT_ALPHABETA_PLUGIN);
  EXPECT_TRUE(library) << library.error();
  players::Seat seat;
  seat.label = "alphabeta";
  seat.plugin = library ? library.value() : nullptr;
  seat.options = {{"hash_mb", "8"}};
  seat.isolation.mode = mode;
  return seat;
}

chess::Position from_fen(const char* fen) {
  Result<chess::Position> pos = chess::Position::from_fen(fen);
  EXPECT_TRUE(pos) << pos.error();
  return pos ? *pos : chess::Position();
}

// Polls as a window does until `lines` lines of at least `depth` are there: the event, however long a loaded
// or sanitized machine takes (two minutes at most, where a test that hangs would be stopped anyway).
std::vector<AnalysisLine> wait_for_lines(AnalysisSession& session, std::size_t lines, int depth) {
  for (int i = 0; i < 12000; ++i) {
    session.poll();
    std::vector<AnalysisLine> now = session.lines();
    if (now.size() >= lines && now.back().depth >= depth && now.front().depth >= depth) return now;
    std::this_thread::sleep_for(10ms);
  }
  return session.lines();
}

class AnalysisSessionTest : public testing::TestWithParam<players::Isolation::Mode> {};

TEST_P(AnalysisSessionTest, GivesTheLinesAskedForEachLegalAndDistinct) {
  auto session = AnalysisSession::create(alphabeta_seat(GetParam()));
  ASSERT_TRUE(session) << session.error();
  AnalysisSession& s = *session.value();
  const chess::Position start;
  s.analyse(start, {}, 3);
  const std::vector<AnalysisLine> lines = wait_for_lines(s, 3, 6);
  ASSERT_EQ(lines.size(), 3u);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    EXPECT_EQ(lines[i].multipv, int(i + 1));
    chess::Position walk = start;
    for (chess::Move m : lines[i].pv) {
      ASSERT_TRUE(walk.is_legal(m)) << "line " << i + 1 << ": " << chess::to_uci(m);
      walk.do_move(m);
    }
    for (std::size_t j = 0; j < i; ++j) EXPECT_NE(lines[i].pv[0], lines[j].pv[0]);
  }
  EXPECT_TRUE(s.running()) << "analysis goes on without end";
  EXPECT_GE(s.first_line_at(), s.started_at());
  EXPECT_TRUE(s.problem().empty()) << s.problem();
}

TEST_P(AnalysisSessionTest, FollowsThePositionAndFindsTheMate) {
  auto session = AnalysisSession::create(alphabeta_seat(GetParam()));
  ASSERT_TRUE(session) << session.error();
  AnalysisSession& s = *session.value();
  s.analyse(chess::Position(), {}, 2);
  wait_for_lines(s, 2, 4);
  // Mate in two: 1. Qd8+ Bxd8 2. Re8#.
  const chess::Position mate_in_two = from_fen("r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1");
  s.analyse(mate_in_two, {}, 2);
  // Lines there may already be (an engine in this process answers at once), but of the new position only.
  for (const AnalysisLine& line : s.lines()) {
    chess::Position walk = mate_in_two;
    for (chess::Move m : line.pv) {
      if (!walk.is_legal(m)) {
        ADD_FAILURE() << "a line of the old position stayed: " << uci_score(line) << " " << chess::to_uci(m);
        break;
      }
      walk.do_move(m);
    }
  }
  const std::vector<AnalysisLine> lines = wait_for_lines(s, 2, 5);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(chess::to_uci(lines[0].pv[0]), "d5d8");
  EXPECT_EQ(uci_score(lines[0]), "mate 2");
  EXPECT_EQ(review::white_view_text(lines[0], chess::WHITE), "#2");
  EXPECT_EQ(s.position(), mate_in_two);

  // The same position through moves: black to move, mated; the score turns for people.
  s.analyse(mate_in_two, {chess::parse_uci_move(mate_in_two, "d5d8").value()}, 1);
  const std::vector<AnalysisLine> after = wait_for_lines(s, 1, 3);
  ASSERT_FALSE(after.empty());
  EXPECT_EQ(uci_score(after[0]), "mate -1");
  EXPECT_EQ(review::white_view_text(after[0], chess::BLACK), "#1");
  EXPECT_DOUBLE_EQ(white_view_pawns(after[0], chess::BLACK), 100.0);
}

TEST_P(AnalysisSessionTest, PauseStopsTheEngineAndTheSameRequestDoesNotRestartIt) {
  auto session = AnalysisSession::create(alphabeta_seat(GetParam()));
  ASSERT_TRUE(session) << session.error();
  AnalysisSession& s = *session.value();
  s.analyse(chess::Position(), {}, 1);
  wait_for_lines(s, 1, 3);
  const std::uint64_t before = s.sequence();
  s.analyse(chess::Position(), {}, 1);  // nothing new: it goes on
  EXPECT_TRUE(s.running());
  EXPECT_GE(s.sequence(), before);
  s.pause();
  EXPECT_FALSE(s.running());
  EXPECT_FALSE(s.analysing());
  const std::uint64_t paused = s.sequence();
  std::this_thread::sleep_for(100ms);
  EXPECT_EQ(s.sequence(), paused) << "no report after the pause";
  EXPECT_FALSE(s.lines().empty()) << "the lines stay until the next position";
  EXPECT_TRUE(s.problem().empty()) << s.problem();
}

TEST_P(AnalysisSessionTest, APositionWithoutMovesHasNoLinesAndNoProblem) {
  auto session = AnalysisSession::create(alphabeta_seat(GetParam()));
  ASSERT_TRUE(session) << session.error();
  AnalysisSession& s = *session.value();
  s.analyse(from_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"), {}, 3);  // mated
  for (int i = 0; i < 20; ++i) s.poll();
  EXPECT_TRUE(s.lines().empty());
  EXPECT_TRUE(s.problem().empty()) << s.problem();
}

INSTANTIATE_TEST_SUITE_P(Isolation, AnalysisSessionTest,
                         testing::Values(players::Isolation::Mode::InProcess, players::Isolation::Mode::Process),
                         [](const testing::TestParamInfo<players::Isolation::Mode>& info) {
                           return info.param == players::Isolation::Mode::InProcess ? "InProcess" : "Process";
                         });

TEST(AnalysisScore, ForPeopleFromWhitesView) {
  AnalysisLine line;
  line.score_kind = players::ScoreKind::Centipawns;
  line.score = 35;
  EXPECT_EQ(review::white_view_text(line, chess::WHITE), "+0.35");
  EXPECT_EQ(review::white_view_text(line, chess::BLACK), "-0.35");
  EXPECT_EQ(uci_score(line), "cp 35");
  line.score = 0;
  EXPECT_EQ(review::white_view_text(line, chess::BLACK), "0.00");
  line.score_kind = players::ScoreKind::Mate;
  line.score = -2;
  EXPECT_EQ(review::white_view_text(line, chess::WHITE), "#-2");
  EXPECT_EQ(white_view_pawns(line, chess::WHITE), -100.0);
}

TEST(AnalysisSession, APersonCannotAnalyse) {
  EXPECT_FALSE(AnalysisSession::create(players::Seat{}));
}

}  // namespace
}  // namespace gambit::study
