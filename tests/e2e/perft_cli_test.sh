#!/bin/bash
# SPDX-License-Identifier: MIT
# End-to-end: gambit-perft against Stockfish's "go perft" on the same positions
# (same move lines, same total), --variant, and its refusals (bad FEN, bad depth, unknown variant -> exit 2).
# usage: perft_cli_test.sh PATH/TO/gambit-perft PATH/TO/stockfish
set -u
perft=$1 stockfish=$2
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

[ -x "$stockfish" ] || { echo "FAIL: Stockfish not found at $stockfish (install Debian's stockfish package: make deps)"; exit 1; }

check_against_stockfish() {
  local fen=$1 depth=$2
  local ours theirs
  ours=$("$perft" --fen "$fen" --divide "$depth" 2>/dev/null) || { fail "gambit-perft failed on $fen"; return; }
  theirs=$(printf 'position fen %s\ngo perft %s\nquit\n' "$fen" "$depth" | "$stockfish" | grep -E '^[a-h][1-8][a-h][1-8][qrbn]?: |^Nodes searched')
  if [ "$(grep -v '^$' <<<"$ours" | sort)" != "$(sort <<<"$theirs")" ]; then
    fail "divide differs from Stockfish at depth $depth for $fen"
    diff <(grep -v '^$' <<<"$ours" | sort) <(sort <<<"$theirs") | head -20
  fi
  # Shape: move lines, one blank line, then the total as the last line.
  [ "$(tail -n 1 <<<"$ours")" = "$(grep '^Nodes searched' <<<"$theirs")" ] || fail "last line is not the node total for $fen"
  [ "$(tail -n 2 <<<"$ours" | head -n 1)" = "" ] || fail "no blank line before the total for $fen"
}

check_against_stockfish "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" 3
check_against_stockfish "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" 3
check_against_stockfish "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1" 4
check_against_stockfish "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1" 3

# Without --divide: only the total on stdout, timing on stderr.
out=$("$perft" 4 2>/tmp/perft_cli_err.$$)
[ "$out" = "Nodes searched: 197281" ] || fail "plain run printed '$out'"
grep -q "nodes/second" /tmp/perft_cli_err.$$ || fail "no nodes/second on stderr"
rm -f /tmp/perft_cli_err.$$

# --variant, as lichess's API spells it: Chess960 from a Shredder-FEN (the count Fairy-Stockfish gives), and
# the variant's start without --fen; an unknown variant refused, naming those there are.
out=$("$perft" --variant Chess960 --fen "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9" 3 2>/dev/null)
[ "$out" = "Nodes searched: 12189" ] || fail "chess960 run printed '$out'"
out=$("$perft" --variant threeCheck 3 2>/dev/null)
[ "$out" = "Nodes searched: 8902" ] || fail "threeCheck start printed '$out'"
err=$("$perft" --variant crazyhouse 2 2>&1 >/dev/null); status=$?
[ $status -eq 2 ] || fail "unknown variant gave exit status $status, expected 2"
grep -q "chess960" <<<"$err" || fail "unknown variant gave no list of the variants: $err"

# Refusals: a clear message on stderr and exit status 2.
for bad in "" "not a fen" "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1" "8/8/8/8/8/8/8/8 w - - 0 1"; do
  err=$("$perft" --fen "$bad" 2 2>&1 >/dev/null); status=$?
  [ $status -eq 2 ] || fail "bad FEN '$bad' gave exit status $status, expected 2"
  grep -qi "fen" <<<"$err" || fail "bad FEN '$bad' gave no message naming the FEN: $err"
done
"$perft" -- -1 >/dev/null 2>&1; [ $? -eq 2 ] || fail "negative depth not refused with status 2"
"$perft" abc >/dev/null 2>&1; [ $? -eq 2 ] || fail "non-numeric depth not refused with status 2"
"$perft" >/dev/null 2>&1; [ $? -eq 2 ] || fail "missing depth not refused with status 2"

if [ $failures -eq 0 ]; then echo "gambit-perft end-to-end: all checks passed"; exit 0; fi
echo "$failures check(s) failed"; exit 1
