// SPDX-License-Identifier: MIT
// SAN: known notation from chess literature for every kind of move, the
// tolerant reader's accepted variants and its error messages, and round trips
// over every legal move of many positions, with minimal disambiguation checked.
#include "core/chess/san.h"

#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "core/chess/movegen.h"
#include "core/chess/uci.h"
#include "tests/core/chess/test_positions.h"
#include "tests/support/random_walks.h"

namespace gambit::chess {
namespace {

using test_support::perft_suite_fens;
using test_support::position_from;

constexpr std::string_view KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
constexpr std::string_view NBD7 = "rnbqkb1r/ppp2ppp/4pn2/3p2B1/2PP4/2N5/PP2PPPP/R2QKBNR b KQkq - 1 4";
constexpr std::string_view THREE_QUEENS = "8/8/1k6/8/4Q2Q/8/8/K6Q w - - 0 1";
constexpr std::string_view CASTLES = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
constexpr std::string_view PROMOTE = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";
constexpr std::string_view PROMOTE_CAPTURE = "3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1";
constexpr std::string_view EN_PASSANT = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
constexpr std::string_view AFTER_E4_D5 = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";

Move uci_move(const Position& pos, std::string_view text) {
  Result<Move> m = parse_uci_move(pos, text);
  EXPECT_TRUE(m.ok()) << m.error();
  return m.ok() ? *m : Move::none();
}

// The perft suite's positions and positions met on random walks from each of them.
std::vector<Position> sample_positions() {
  std::vector<std::string> fens{std::string(KIWIPETE), std::string(NBD7), std::string(THREE_QUEENS)};
  for (const std::string& fen : perft_suite_fens()) fens.push_back(fen);
  EXPECT_GT(fens.size(), 100u) << "perft.epd not found or short";
  return gambit::test_support::random_walks(
      {.start_fens = fens, .walks = 2, .min_plies = 20, .every_position = true}, 7);
}

struct Known {
  std::string_view fen, uci, san;
};

TEST(SanWrite, KnownNotationFromChessLiterature) {
  const Known cases[] = {
      {START_FEN, "g1f3", "Nf3"},
      {START_FEN, "e2e4", "e4"},
      {START_FEN, "b1c3", "Nc3"},
      // Disambiguation by file, by rank, and by both (three queens reach e1).
      {NBD7, "b8d7", "Nbd7"},
      {NBD7, "f6d7", "Nfd7"},
      {"7k/8/8/8/8/8/8/R4RK1 w - - 0 1", "f1d1", "Rfd1"},
      {"7k/8/8/8/8/8/8/R4RK1 w - - 0 1", "a1d1", "Rad1"},
      {"k7/8/8/8/8/4R3/8/4R1K1 w - - 0 1", "e1e2", "R1e2"},
      {"k7/8/8/8/8/4R3/8/4R1K1 w - - 0 1", "e3e2", "R3e2"},
      {"k7/8/8/8/8/4R3/8/4R1K1 w - - 0 1", "e3d3", "Rd3"},
      {THREE_QUEENS, "h4e1", "Qh4e1"},
      {THREE_QUEENS, "h1e1", "Q1e1"},
      {THREE_QUEENS, "e4e1", "Qee1"},
      {THREE_QUEENS, "h4h2", "Q4h2"},
      // A pinned knight cannot go to c3, so the other one needs no disambiguation.
      {"4r1k1/8/8/8/8/8/4N3/1N2K3 w - - 0 1", "b1c3", "Nc3"},
      // Captures, en passant, promotions.
      {AFTER_E4_D5, "e4d5", "exd5"},
      {EN_PASSANT, "e5d6", "exd6"},
      {EN_PASSANT, "e5e6", "e6"},
      {PROMOTE, "e7e8q", "e8=Q"},
      {PROMOTE, "e7e8n", "e8=N"},
      {PROMOTE_CAPTURE, "e7d8q", "exd8=Q+"},
      {PROMOTE_CAPTURE, "e7d8r", "exd8=R+"},
      {PROMOTE_CAPTURE, "e7d8b", "exd8=B"},
      {PROMOTE_CAPTURE, "e7d8n", "exd8=N"},
      {"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", "g2h1q", "gxh1=Q"},
      {"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", "g2f1n", "gxf1=N"},
      {"1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8q", "axb8=Q+"},
      // Castling, with check from the rook.
      {CASTLES, "e1g1", "O-O"},
      {CASTLES, "e1c1", "O-O-O"},
      {"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8g8", "O-O"},
      {"3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1", "O-O-O+"},
      // Check, checkmate (fool's mate, back-rank mate) and stalemate (no suffix).
      {"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "a1a8", "Ra8+"},
      {"rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2", "d8h4", "Qh4#"},
      {"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8#"},
      {"7k/8/8/6Q1/8/8/8/K7 w - - 0 1", "g5g6", "Qg6"},
      {KIWIPETE, "e2a6", "Bxa6"},
      {KIWIPETE, "f3f6", "Qxf6"},
      {KIWIPETE, "d5e6", "dxe6"},
  };
  for (const Known& c : cases) {
    const Position pos = position_from(c.fen);
    const Move m = uci_move(pos, c.uci);
    if (m) {
      EXPECT_EQ(to_san(pos, m), c.san) << c.uci << " in\n" << pos.pretty();
    }
  }
}

TEST(SanLine, NumbersMovesAsAVariationAndStopsAtAnIllegalMove) {
  const Position start;
  Position pos = start;
  std::vector<Move> line;
  for (const char* uci : {"e2e4", "e7e5", "g1f3", "b8c6"}) {
    line.push_back(uci_move(pos, uci));
    pos.do_move(line.back());
  }
  EXPECT_EQ(to_san_line(start, line), "1. e4 e5 2. Nf3 Nc6");
  EXPECT_EQ(to_san_line(start, line, 3), "1. e4 e5 2. Nf3");
  Position after_e4 = start;
  after_e4.do_move(line[0]);
  EXPECT_EQ(to_san_line(after_e4, std::span(line).subspan(1)), "1... e5 2. Nf3 Nc6");
  line.insert(line.begin() + 2, line[1]);  // e5 again, by White: not legal there
  EXPECT_EQ(to_san_line(start, line), "1. e4 e5");
  EXPECT_EQ(to_san_line(start, {}), "");
}

TEST(SanParse, ReadsStandardNotation) {
  const Known cases[] = {
      {START_FEN, "g1f3", "Nf3"},         {START_FEN, "e2e4", "e4"},        {NBD7, "b8d7", "Nbd7"},
      {NBD7, "f6d7", "Nfd7"},             {THREE_QUEENS, "h4e1", "Qh4e1"},  {THREE_QUEENS, "h1e1", "Q1e1"},
      {THREE_QUEENS, "e4e1", "Qee1"},     {AFTER_E4_D5, "e4d5", "exd5"},    {EN_PASSANT, "e5d6", "exd6"},
      {PROMOTE_CAPTURE, "e7d8q", "exd8=Q+"}, {CASTLES, "e1g1", "O-O"},      {CASTLES, "e1c1", "O-O-O"},
      {"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8#"},
      {"4k3/8/8/8/8/2n5/1P6/4K3 w - - 0 1", "b2c3", "bxc3"},
  };
  for (const Known& c : cases) {
    const Position pos = position_from(c.fen);
    Result<Move> m = parse_san(pos, c.san);
    ASSERT_TRUE(m.ok()) << m.error();
    EXPECT_EQ(to_uci(*m), c.uci) << c.san << " in\n" << pos.pretty();
  }
}

TEST(SanParse, ToleratesCommonVariants) {
  const Known cases[] = {
      {START_FEN, "g1f3", "Nf3+"},        {START_FEN, "g1f3", "Nf3#"},      {START_FEN, "g1f3", "Nf3!"},
      {START_FEN, "g1f3", "Nf3?"},        {START_FEN, "g1f3", "Nf3!!"},     {START_FEN, "g1f3", "Nf3??"},
      {START_FEN, "g1f3", "Nf3!?"},       {START_FEN, "g1f3", "Nf3?!"},     {START_FEN, "g1f3", "Nf3+!?"},
      {START_FEN, "g1f3", "Ng1f3"},       {START_FEN, "g1f3", "Ngf3"},      {START_FEN, "g1f3", "N1f3"},
      {START_FEN, "g1f3", "Ng1-f3"},      {START_FEN, "g1f3", " Nf3 "},     {START_FEN, "e2e4", "e2e4"},
      {START_FEN, "e2e4", "e2-e4"},       {START_FEN, "e2e4", "Pe4"},       {START_FEN, "e2e4", "e4!"},
      {NBD7, "b8d7", "Nb8d7"},            {NBD7, "b8d7", "N8d7"},           {NBD7, "f6d7", "N6d7"},
      {CASTLES, "e1g1", "0-0"},           {CASTLES, "e1c1", "0-0-0"},       {CASTLES, "e1g1", "O-O+"},
      {CASTLES, "e1c1", "O-O-O!"},        {AFTER_E4_D5, "e4d5", "ed5"},     {AFTER_E4_D5, "e4d5", "e4xd5"},
      {AFTER_E4_D5, "e4d5", "exd5!"},     {AFTER_E4_D5, "e4d5", "e:d5"},    {EN_PASSANT, "e5d6", "exd6 e.p."},
      {EN_PASSANT, "e5d6", "exd6e.p."},   {EN_PASSANT, "e5d6", "exd6 e.p.+"}, {EN_PASSANT, "e5d6", "ed6"},
      {PROMOTE, "e7e8q", "e8Q"},          {PROMOTE, "e7e8q", "e8=Q"},       {PROMOTE, "e7e8q", "e8q"},
      {PROMOTE, "e7e8r", "e8=R"},         {PROMOTE, "e7e8b", "e8B"},        {PROMOTE, "e7e8n", "e8=n"},
      {PROMOTE, "e7e8q", "e7e8q"},        {PROMOTE, "e7e8q", "e8=Q+"},      {PROMOTE_CAPTURE, "e7d8q", "exd8Q"},
      {PROMOTE_CAPTURE, "e7d8q", "ed8=Q"},
  };
  for (const Known& c : cases) {
    const Position pos = position_from(c.fen);
    Result<Move> m = parse_san(pos, c.san);
    ASSERT_TRUE(m.ok()) << m.error();
    EXPECT_EQ(to_uci(*m), c.uci) << quote_for_message(c.san) << " in\n" << pos.pretty();
  }
}

TEST(SanParse, ExplainsWhyNoMoveMatches) {
  struct Case {
    std::string_view fen, text;
    std::string message;
  };
  const std::string start(START_FEN);
  const std::string nbd7(NBD7);
  const Case cases[] = {
      {START_FEN, "Nd4", "'Nd4' is not a legal move in " + start + " (no white knight can move to d4)"},
      {START_FEN, "Ke2", "'Ke2' is not a legal move in " + start + " (no white king can move to e2)"},
      {START_FEN, "e5", "'e5' is not a legal move in " + start + " (no white pawn can move to e5)"},
      {START_FEN, "Nbf3", "'Nbf3' is not a legal move in " + start + " (no white knight on the b-file can move to f3)"},
      {START_FEN, "N2f3", "'N2f3' is not a legal move in " + start + " (no white knight on rank 2 can move to f3)"},
      {START_FEN, "Nb1f3", "'Nb1f3' is not a legal move in " + start + " (no white knight on b1 can move to f3)"},
      {START_FEN, "Nxf3", "'Nxf3' is not a legal move in " + start + " (there is nothing to capture on f3)"},
      {START_FEN, "O-O", "'O-O' is not a legal move in " + start + " (white cannot castle king side now)"},
      {START_FEN, "0-0-0", "'0-0-0' is not a legal move in " + start + " (white cannot castle queen side now)"},
      {NBD7, "Nd7", "'Nd7' is ambiguous in " + nbd7 + ": it could be Nbd7 or Nfd7"},
      {THREE_QUEENS, "Qe1", "'Qe1' is ambiguous in 8/8/1k6/8/4Q2Q/8/8/K6Q w - - 0 1: it could be Q1e1, Qee1 or Qh4e1"},
      {THREE_QUEENS, "Qhe1", "'Qhe1' is ambiguous in 8/8/1k6/8/4Q2Q/8/8/K6Q w - - 0 1: it could be Q1e1 or Qh4e1"},
      {THREE_QUEENS, "Q4e1", "'Q4e1' is ambiguous in 8/8/1k6/8/4Q2Q/8/8/K6Q w - - 0 1: it could be Qee1 or Qh4e1"},
      {PROMOTE, "e8", "'e8' is not a legal move in 8/4P3/8/8/8/8/k7/4K3 w - - 0 1 (a pawn reaching the last rank "
                      "must promote, e.g. e8=Q)"},
      {CASTLES, "Kg1", "'Kg1' is not a legal move in " + std::string(CASTLES) + " (no white king can move to g1)"},
      {AFTER_E4_D5, "exd5 e.p.",
       "'exd5 e.p.' is not a legal move in rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 "
       "(no en-passant capture to d5 is possible)"},
  };
  for (const Case& c : cases) {
    const Position pos = position_from(c.fen);
    Result<Move> m = parse_san(pos, c.text);
    ASSERT_FALSE(m.ok()) << c.text << " gave " << to_uci(*m) << " in\n" << pos.pretty();
    EXPECT_EQ(m.error(), c.message);
  }
}

TEST(SanParse, ExplainsWhyTextIsNotSan) {
  const Position start;
  const std::string expected = " is not a move in SAN (expected e.g. e4, Nf3, exd5, O-O or e8=Q)";
  using namespace std::string_view_literals;
  for (std::string_view text : {""sv, " "sv, "Nf9"sv, "Zf3"sv, "e9"sv, "i4"sv, "O-O-O-O"sv, "Nf3f"sv, "xx"sv,
                                "\0"sv, "e4\0"sv, "Nf3 Nc3"sv, "1.e4"sv, "!!"sv, "+"sv, "N"sv, "=Q"sv, "e8=K"sv,
                                "Nbb1c3"sv, "e2e4e5"sv, "\xff\xfe"sv, "NF3"sv, "o-o-o-o"sv, "e.p."sv}) {
    Result<Move> m = parse_san(start, text);
    ASSERT_FALSE(m.ok()) << quote_for_message(text) << " gave " << to_uci(*m);
    EXPECT_EQ(m.error(), quote_for_message(text) + expected);
  }
  Result<Move> lower = parse_san(start, "nf3");
  ASSERT_FALSE(lower.ok());
  EXPECT_EQ(lower.error(), "'nf3' is not a move in SAN: piece letters are uppercase (N is the knight; did you mean "
                           "'Nf3'?)");
  Result<Move> king = parse_san(start, "ke2");
  ASSERT_FALSE(king.ok());
  EXPECT_NE(king.error().find("did you mean 'Ke2'?"), std::string::npos) << king.error();
  // A lowercase b is a file, so bxc3 is a pawn capture and never the bishop.
  const Position pawn_takes = position_from("4k3/8/8/8/8/2n5/1P1B4/4K3 w - - 0 1");
  EXPECT_EQ(to_uci(parse_san(pawn_takes, "bxc3").value()), "b2c3");
  EXPECT_EQ(to_uci(parse_san(pawn_takes, "Bxc3").value()), "d2c3");
  Result<Move> knight_promotes = parse_san(position_from(PROMOTE), "Ne8=Q");
  ASSERT_FALSE(knight_promotes.ok());
  EXPECT_EQ(knight_promotes.error(), "'Ne8=Q' is not a move in SAN: only a pawn can promote");
}

TEST(SanParse, AnyBytesAreSafe) {
  const Position pos = position_from(KIWIPETE);
  const std::string huge(1 << 20, 'N');
  Result<Move> m = parse_san(pos, huge);
  ASSERT_FALSE(m.ok());
  EXPECT_LT(m.error().size(), 200u);

  std::mt19937 rng(99);
  const std::string alphabet = "abcdefghKQRBNPxX=+#!?-O0o12345678e.p :\0\xff";
  int accepted = 0;
  for (int i = 0; i < 50000; ++i) {
    std::string text(rng() % 9, ' ');
    for (char& c : text) c = i % 5 == 0 ? char(rng()) : alphabet[rng() % alphabet.size()];
    Result<Move> r = parse_san(pos, text);
    if (r.ok()) {
      ++accepted;
      EXPECT_TRUE(pos.is_legal(*r)) << quote_for_message(text) << " gave illegal " << to_uci(*r);
    } else {
      EXPECT_FALSE(r.error().empty());
    }
  }
  EXPECT_GT(accepted, 0);
}

// Strips the check mark; returns the SAN of a piece move split into letter,
// disambiguation and the rest ("x" and square), or nothing for other moves.
struct PieceSan {
  std::string letter, disambiguation, rest;
};
std::optional<PieceSan> split_piece_san(std::string san) {
  if (san.back() == '+' || san.back() == '#') san.pop_back();
  if (san.empty() || std::string_view("NBRQK").find(san[0]) == std::string_view::npos) return std::nullopt;
  std::string tail = san.substr(san.size() - 2);
  std::string middle = san.substr(1, san.size() - 3);
  if (!middle.empty() && middle.back() == 'x') {
    middle.pop_back();
    tail.insert(tail.begin(), 'x');
  }
  return PieceSan{san.substr(0, 1), middle, tail};
}

TEST(SanRoundTrip, EveryLegalMoveOfManyPositionsReadsBack) {
  std::size_t moves_checked = 0, disambiguated = 0;
  for (const Position& pos : sample_positions()) {
    const MoveList moves = legal_moves(pos);
    std::set<std::string> seen;
    for (Move m : moves) {
      const std::string san = to_san(pos, m);
      ++moves_checked;
      EXPECT_TRUE(seen.insert(san).second) << san << " written for two moves of\n" << pos.pretty();
      Result<Move> back = parse_san(pos, san);
      ASSERT_TRUE(back.ok()) << back.error() << "\n" << pos.pretty();
      EXPECT_EQ(*back, m) << san << " read back as " << to_uci(*back) << "\n" << pos.pretty();

      Position after = pos;
      after.do_move(m);
      const bool mate = after.in_check() && legal_moves(after).empty();
      EXPECT_EQ(san.back() == '#', mate) << san << "\n" << pos.pretty();
      EXPECT_EQ(san.back() == '+', after.in_check() && !mate) << san << "\n" << pos.pretty();

      // Minimal disambiguation: every shorter origin leaves the move ambiguous.
      const std::optional<PieceSan> parts = split_piece_san(san);
      if (!parts || parts->disambiguation.empty()) continue;
      ++disambiguated;
      const std::string file(1, char('a' + file_of(m.from()))), rank(1, char('1' + rank_of(m.from())));
      std::vector<std::string> shorter{parts->letter + parts->rest};
      if (parts->disambiguation == rank) shorter.push_back(parts->letter + file + parts->rest);
      if (parts->disambiguation.size() == 2) {
        shorter.push_back(parts->letter + file + parts->rest);
        shorter.push_back(parts->letter + rank + parts->rest);
      }
      for (const std::string& text : shorter) {
        Result<Move> r = parse_san(pos, text);
        EXPECT_FALSE(r.ok()) << san << " could be written " << text << "\n" << pos.pretty();
        if (!r.ok()) {
          EXPECT_NE(r.error().find("ambiguous"), std::string::npos) << r.error();
        }
      }
    }
  }
  EXPECT_GT(moves_checked, 100000u);
  EXPECT_GT(disambiguated, 1000u);
}

}  // namespace
}  // namespace gambit::chess
