// SPDX-License-Identifier: MIT
// AnalysisSession: one engine analysing the position of an analysis board
// without end, in up to MaxLines lines (MultiPV), starting again at once when
// the position changes. The window asks for a position, polls every frame and
// draws lines(); nothing here knows of the window.
//
// The engine is any player plugin (a PluginPlayer, isolated in a child process
// or not): alphabeta at full strength, Stockfish through the uci player. It is
// asked with Limits::infinite and Limits::multipv, and stopped (PluginSearch
// cancel) when the position changes, the lines wanted change or analysis is
// paused. A plugin that fails or has to be abandoned ends the analysis with
// problem() in words; the board goes on without it.
//
// Threading: every member is called from the owner's thread. The plugin's
// reports arrive on the search thread and are kept under a mutex; lines()
// copies them.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "core/chess/position.h"
#include "core/chess/types.h"
#include "core/players/player_types.h"
#include "core/players/plugin_player.h"
#include "core/players/seat.h"
#include "core/util/result.h"

namespace gambit::study {

// One line of the analysis: the engine's search info for it (multipv: which
// line, 1 the best; pv legal from the analysed position, never empty). The
// score is from the side to move's view, as engines give it;
// review::white_view_text shows it from White's, white_view_pawns for an
// evaluation bar.
using AnalysisLine = players::SearchInfo;

// The score as UCI writes it, "cp 35" or "mate -2" (the side to move's view).
std::string uci_score(const AnalysisLine& line);
// White's advantage in pawns, mates as +/-100: what an evaluation bar shows.
double white_view_pawns(const AnalysisLine& line, chess::Color side_to_move);

class AnalysisSession {
 public:
  static constexpr int MaxLines = 5;

  // A session with an engine of `seat` (a plugin seat), created and told a new
  // game begins; idle until analyse(). niceness: the search thread's nice
  // value, so that a window keeps its frame rate.
  static Result<std::unique_ptr<AnalysisSession>> create(const players::Seat& seat, int niceness = 0);
  ~AnalysisSession();
  AnalysisSession(const AnalysisSession&) = delete;
  AnalysisSession& operator=(const AnalysisSession&) = delete;

  // Analyses the position reached from start by moves (legal in turn; the
  // earlier positions count for repetitions) in `lines` lines (clamped to
  // 1..MaxLines), forgetting the lines of the position before. Does nothing
  // when that position and number of lines are being analysed already.
  void analyse(const chess::Position& start, const std::vector<chess::Move>& moves, int lines);
  // Stops analysing (the lines stay until the next analyse()).
  void pause();
  // Takes the engine's answer when it stopped by itself (a mate found, a
  // failure): call every frame. Keeps the limits a plugin is held to.
  void poll();

  bool running() const { return search_.running(); }
  // analyse() was called and pause() not since.
  bool analysing() const { return analysing_; }
  // The position analysed (or last analysed).
  const chess::Position& position() const { return position_; }
  int lines_wanted() const { return lines_wanted_; }
  // The latest line of each number, best first, each from the same position;
  // fewer than asked while the engine has not reported them (or the position
  // has fewer legal moves, or the engine gives one line only).
  std::vector<AnalysisLine> lines() const;
  // Grows with every report taken; lets a window redraw only on news.
  std::uint64_t sequence() const;
  // Why the analysis ended, in words; "" while all is well.
  const std::string& problem() const { return problem_; }
  // The engine's name for people: the seat's label.
  const std::string& engine_name() const { return label_; }

  // When the last analyse() started and when the first line came (for the
  // latency measurement; first_line_at == started_at until a line came).
  std::chrono::steady_clock::time_point started_at() const { return started_at_; }
  std::chrono::steady_clock::time_point first_line_at() const;

 private:
  AnalysisSession(std::unique_ptr<players::PluginPlayer> player, std::string label, int niceness);
  // Called on the search thread with each report.
  void take(const players::SearchInfo& info, std::uint64_t generation);
  void stop_search();

  std::unique_ptr<players::PluginPlayer> player_;
  std::string label_;
  int niceness_ = 0;
  players::PluginSearch search_;
  chess::Position start_;
  std::vector<chess::Move> moves_;
  chess::Position position_;
  int lines_wanted_ = 0;
  bool analysing_ = false;
  std::string problem_;
  std::chrono::steady_clock::time_point started_at_{};

  // Shared with the search thread.
  mutable std::mutex mutex_;
  std::uint64_t generation_ = 0;  // which analyse() the reports belong to
  std::vector<AnalysisLine> lines_;
  std::uint64_t sequence_ = 0;
  std::chrono::steady_clock::time_point first_line_at_{};  // {}: no line yet
};

}  // namespace gambit::study
