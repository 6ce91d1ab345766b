// SPDX-License-Identifier: MIT
// Variant: which rules a game is played by, and the names each format gives it.
//
// Standard is FIDE chess. ThreeCheck is chess in which a player who gives check
// for the third time wins at once (Position counts the checks each side has
// given; Game ends the game). Chess960 (Fischer random chess, FIDE's Laws,
// Guidelines II) starts from one of 960 back ranks and castles by the king's
// and rook's files; its king and rook end where standard castling puts them.
// King of the Hill is chess in which a king that reaches one of the four
// centre squares (d4, e4, d5, e5: the hill) wins at once. Racing Kings starts
// with both sides' pieces on the first two ranks and no pawns; no move may give
// check, and the first king to reach the eighth rank wins, unless Black's king
// reaches it on the move after White's: a draw.
// Everything else — moves, checkmate, stalemate, repetitions, the 50/75-move
// rules — is as in standard chess.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace gambit::chess {

enum class Variant : std::uint8_t { Standard, ThreeCheck, Chess960, KingOfTheHill, RacingKings };

inline constexpr int ChecksToWin = 3;  // ThreeCheck: the check that wins

// The names of a variant in the formats that carry one.
struct VariantNames {
  Variant variant;
  std::string_view id;    // configs, plugins, the store: "standard", "threecheck"
  std::string_view pgn;   // the PGN Variant tag as lichess writes it: "Standard", "Three-check"
  std::string_view cecp;  // the CECP "variant" command: "normal", "3check"
  std::string_view uci;   // the UCI_Variant option of Fairy-Stockfish and lichess bots: "chess", "3check"
  std::string_view for_people;  // "standard chess", "three-check"
};

const VariantNames& names_of(Variant v);

// The variant any of its names denotes (case-insensitive; also "chess", "normal"
// and "from position" for Standard, "three check", "3-check" for ThreeCheck,
// "fischerandom", "Fischer random", "chess 960" for Chess960, "koth" for King
// of the Hill), or nullopt for a
// name we do not play.
std::optional<Variant> variant_from_name(std::string_view name);

// Every variant we play, in the order of the enum.
std::span<const VariantNames> all_variants();

// The lists for messages: the ids ("standard, threecheck, chess960, ..."), the
// PGN names ("Standard, Three-check, Chess960, ...").
std::string variant_id_list();
std::string variant_pgn_list();

}  // namespace gambit::chess
