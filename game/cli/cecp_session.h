// SPDX-License-Identifier: MIT
// Session: the engine side of one XBoard/CECP conversation, as a pure state
// machine: the game (chess::Game), force mode, the colour the engine plays,
// the time control and clocks, post, pending pings, and whether a search is
// running. It does no I/O and starts no thread: each command gives a Reply
// (lines to print, whether to stop the running search, the search to start),
// and the front end reports back each search's thinking (on_info) and answer
// (on_search_done), which give the lines to print in their turn.
//
// Invariants:
//  - at most one search is wanted at a time: thinking() is true from the Reply
//    carrying a SearchRequest until its on_search_done, or until a command
//    abandons it (force, new, result, setboard, undo, remove, quit); the answer
//    of an abandoned search (an older id) is ignored and prints nothing;
//  - a search is only requested when the game is not over, the engine is not in
//    force mode and the side to move is the engine's colour;
//  - the end of the game (mate, stalemate, a third check in three-check, dead
//    position, and the threefold and fifty-move draws, which it claims as soon
//    as they arise) is announced once,
//    right after the move that brings it, with the protocol's result line;
//    nothing is claimed that the rules do not give;
//  - "pong N" is printed only after every line owed to earlier commands: while
//    the engine thinks on its move, pings wait for the move (or the abandonment);
//  - a draw offer ("draw") is put to the plugin with the engine's next search
//    (one that is running is restarted with it); the plugin accepts with
//    "offer draw" instead of a move, as the protocol asks, or declines by
//    moving. The offer lapses with that search, or when the game is changed.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/chess/game.h"
#include "core/players/plugin_player.h"
#include "game/cli/cecp_protocol.h"

namespace gambit::cecp {

struct SessionSettings {
  std::string engine_name = "Gambit";  // myname in the feature line
  // Resign when the plugin's score is below -resign_cp centipawns on three of
  // the engine's moves in a row; 0 = never resign.
  int resign_cp = 0;
  // The variants the plugin plays (the "variant" command accepts these).
  std::vector<chess::Variant> variants{chess::Variant::Standard};
};

// "Think now": the game so far and how long to think (a draw offer going with
// it). The front end starts it on the player and reports back with this id.
struct SearchRequest {
  std::uint64_t id = 0;
  players::MoveRequest request;
};

enum class StopSearch {
  No,
  MoveNow,  // "?": stop thinking and play the best move found so far
  Abandon   // stop thinking; the answer is ignored (the session no longer wants it)
};

// What a command asks of the front end, in this order: print lines, stop the
// running search (and wait for it), tell the plugin a new game begins, start
// the search, exit.
struct Reply {
  std::vector<std::string> lines;
  StopSearch stop = StopSearch::No;
  bool new_game = false;
  std::optional<SearchRequest> search;
  bool quit = false;
};

// When a search on a clock of clock_ms is given up (the plugin hung), so that
// its stand-in move still beats the flag: the clock less a tenth of it (at most
// players::Grace less), but never under 100 ms. The player's own time
// management spends far less (alphabeta: a quarter of the clock and the
// increment at most).
std::chrono::milliseconds clock_deadline(std::int64_t clock_ms);

class Session {
 public:
  explicit Session(SessionSettings settings = {});

  // One parsed command; `line` is the line as received, for error messages.
  Reply handle(const Command& command, std::string_view line);
  // A progress report of search `id`: the thinking line to print, if post is on
  // and the search is still wanted.
  std::optional<std::string> on_info(std::uint64_t id, const players::SearchInfo& info);
  // The answer of search `id`: the move line, any claim, and the pongs that
  // waited for it. Nothing when the search was abandoned. A failed plugin's
  // turn is played with the first legal move, after a "#" comment saying why.
  std::vector<std::string> on_search_done(std::uint64_t id, const players::MoveAnswer& answer);

  const chess::Game& game() const { return game_; }
  bool force_mode() const { return force_; }
  chess::Color engine_color() const { return engine_color_; }
  bool thinking() const { return thinking_; }
  bool post() const { return post_; }
  // The limits for a search started now (time control, clocks, st, sd).
  players::Limits limits() const;

 private:
  Reply on(const XBoard&);
  Reply on(const ProtoVer&);
  Reply on(const New&);
  Reply on(const Variant&);
  Reply on(const Force&);
  Reply on(const Go&);
  Reply on(const PlayOther&);
  Reply on(const UserMove&);
  Reply on(const SetBoard&);
  Reply on(const Level&);
  Reply on(const SecondsPerMove&);
  Reply on(const Depth&);
  Reply on(const Time&);
  Reply on(const OpponentTime&);
  Reply on(const MoveNow&);
  Reply on(const Ping&);
  Reply on(const Draw&);
  Reply on(const GameEnd&);
  Reply on(const Undo&);
  Reply on(const Remove&);
  Reply on(const Post&);
  Reply on(const Accepted&);
  Reply on(const Quit&);

  // Stops wanting the running search (if any): its answer will be ignored,
  // and the pings that waited for it are answered now.
  void abandon_search(Reply& reply);
  // Plays a legal move and announces the end of the game it brings, if any.
  void play(chess::Move m, std::vector<std::string>& lines);
  // Claims a claimable draw, then announces the game's end if not done yet.
  void announce_end(std::vector<std::string>& lines);
  // Starts a search if it is the engine's turn (not force, not over, not thinking).
  void maybe_think(Reply& reply);
  void reset_game(chess::Game game);

  SessionSettings settings_;
  std::optional<std::size_t> draw_offer_ply_;  // game_.moves().size() when the opponent offered a draw
  std::string_view line_;  // the line being handled, for error messages
  chess::Game game_;
  chess::Variant variant_ = chess::Variant::Standard;  // of the game: "new" resets it, "variant" sets it
  bool force_ = false;
  chess::Color engine_color_ = chess::BLACK;
  bool announced_ = false;  // the game's end has been printed
  bool post_ = false;

  // Time control: st (ms per move) or level; sd; the clocks from time/otim.
  std::int64_t seconds_per_move_ms_ = 0;
  int moves_per_session_ = 0;
  std::int64_t base_ms_ = -1;  // -1: no level given
  std::int64_t increment_ms_ = 0;
  int depth_ = 0;
  std::int64_t engine_clock_ms_ = -1;  // -1: unknown
  std::int64_t opponent_clock_ms_ = -1;

  // The running search.
  bool thinking_ = false;
  std::uint64_t search_id_ = 0;
  chess::Position search_root_;
  std::optional<int> last_score_cp_;  // the latest score of the running search
  int low_score_moves_ = 0;           // engine moves in a row scored below -resign_cp
  std::vector<std::string> pending_pongs_;
};

}  // namespace gambit::cecp
