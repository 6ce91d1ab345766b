// SPDX-License-Identifier: MIT
// Game: the record of one game from a start position — the moves, the positions
// they lead through, and how (or whether) the game has ended, by the FIDE Laws.
//
// Automatic endings are checked after every move (and on the start position), in
// this order: a variant's goal reached (three-check's third check, King of the
// Hill's king on the hill: it wins even when the move also stalemates; a third
// check that mates is called checkmate),
// checkmate (it wins even when the same move also completes 75 moves
// or a fivefold repetition), stalemate, dead
// position by insufficient material, the seventy-five-move rule (halfmove clock
// >= 150), fivefold repetition.
// Threefold repetition and the fifty-move rule (halfmove clock >= 100) only end
// the game when claimed. Agreement, resignation, forfeit and time forfeit are
// decided from outside, by the match.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/chess/position.h"
#include "core/chess/types.h"

namespace gambit::chess {

enum class GameResult { Ongoing, WhiteWins, BlackWins, Draw };

enum class Termination {
  None,  // the game is still going on
  // Automatic endings.
  Checkmate,
  Stalemate,
  ThirdCheck,  // three-check: the winner has given check three times
  KingOfTheHill,  // King of the Hill: the winner's king reached the centre
  EighthRank,     // Racing Kings: a king reached the eighth rank first (or both did: a draw)
  InsufficientMaterial,
  FivefoldRepetition,
  SeventyFiveMoveRule,
  // Draws by claim.
  ThreefoldRepetition,
  FiftyMoveRule,
  // Decided from outside the board.
  Agreement,
  Resignation,
  Forfeit,      // e.g. an AI player crashed or answered an illegal move; the reason says which
  TimeForfeit,  // a flag fell; a draw when the opponent cannot mate (see can_mate)
};

// How a game stands. Invariant: result == Ongoing exactly when termination == None;
// flagged is set exactly for TimeForfeit; reason is empty unless termination == Forfeit.
struct Outcome {
  GameResult result = GameResult::Ongoing;
  Termination termination = Termination::None;
  std::optional<Color> flagged;  // TimeForfeit: the side whose time ran out (the result may be a draw)
  std::string reason;            // Forfeit: why the side forfeits, in words

  bool is_over() const { return result != GameResult::Ongoing; }
  std::optional<Color> winner() const;
  // A sentence for a person, e.g. "White wins by checkmate", "Draw by threefold
  // repetition (claimed)", "Black wins on time", "White forfeits: <reason>":
  // in English, as files keep it (the PGN comment after the last move) and logs say it.
  std::string description() const;
  // The same in the player's language (tr), for the window. The reason of a
  // forfeit is given as it is.
  std::string shown_description() const;
  // The PGN result token: "1-0", "0-1", "1/2-1/2" or "*".
  std::string pgn_result() const;

  bool operator==(const Outcome&) const = default;
};

// True if neither side can ever checkmate (FIDE 5.2.2 dead position), judged on
// material alone: no pawns, rooks or queens, and either at most one minor piece
// in all, or only bishops that all stand on squares of one colour (any number,
// either side). Blocked-pawn fortresses are not detected. In three-check any
// piece can still give the checks that win, so only two bare kings are dead.
bool insufficient_material(const Position& pos);

// Whether `side` could still checkmate, for deciding a time forfeit (FIDE 6.9:
// the flag-fall loses unless the opponent cannot mate by any series of legal
// moves, then it is a draw). As lichess does, judged on material: `side` cannot
// mate when it has
//  (a) a lone king; or
//  (b) exactly one knight and nothing else, while the other side has nothing but
//      its king and queens (anything else could block its own king in); or
//  (c) only bishops, all on squares of one colour, while the other side has no
//      pawns, no knights and no bishops on the other colour.
// In every other case `side` is taken to be able to mate. In three-check `side`
// can win with anything besides its king (checks win), as lichess judges it.
bool can_mate(const Position& pos, Color side);

// The game record. positions() always holds the start position followed by the
// position after each move, so it is one longer than moves(). Moves can only be
// added while the game is ongoing, and only legal ones.
class Game {
 public:
  explicit Game(Position start = Position());

  const Position& start() const { return positions_.front(); }
  const Position& position() const { return positions_.back(); }
  const std::vector<Move>& moves() const { return moves_; }
  const std::vector<Position>& positions() const { return positions_; }
  const Outcome& outcome() const { return outcome_; }
  bool is_over() const { return outcome_.is_over(); }

  // Plays m and checks for an automatic ending. Returns false, changing nothing,
  // if the game is over or m is not legal in the current position.
  bool play(Move m);
  // Takes back the last move. Any ending is cleared and the automatic endings are
  // judged again on the position reached. Returns false if there is no move to take back.
  bool undo();

  // How many times the current position (same placement, side to move, castling
  // rights and en-passant possibility, i.e. same Zobrist key) has occurred in this
  // game, the current occurrence and the start position included. Only positions
  // since the last capture or pawn move are compared: none before can recur.
  int repetition_count() const;
  // The draw the side to move may claim now: ThreefoldRepetition when the current
  // position has occurred three times, else FiftyMoveRule when the halfmove clock
  // is at least 100; nothing when the game is over or neither applies.
  std::optional<Termination> claimable_draw() const;

  // Each of these ends an ongoing game; each returns false, changing nothing,
  // when the game is already over (or, for claim_draw, no draw is claimable).
  bool claim_draw();
  bool agree_draw();
  bool resign(Color side);
  bool forfeit(Color side, std::string reason);
  // The flag of `side` fell: it loses, unless the opponent cannot mate (can_mate), then a draw.
  bool flag(Color side);

 private:
  // The automatic ending of the current position, or an ongoing outcome.
  Outcome judge_position() const;
  bool decide(Outcome outcome);

  std::vector<Position> positions_;
  std::vector<Move> moves_;
  Outcome outcome_;
};

}  // namespace gambit::chess
