#!/bin/bash
# SPDX-License-Identifier: MIT
# End-to-end: gambit-review judges the games of a PGN file with alphabeta and
# writes them back annotated; a game it cannot read is told and skipped, the
# others still reviewed; a bad player is refused in one line.
# usage: review_cli_test.sh PATH/TO/gambit-review
set -u
review=$1
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
export XDG_CONFIG_HOME=$work/xdg XDG_DATA_HOME=$work/data

cat >"$work/games.pgn" <<'PGN'
[Event "Scholar's mate"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0

[Event "Broken"]

1. e4 Zz9 *

[Event "A sound game"]

1. d4 d5 2. c4 e6 3. Nc3 Nf6 *

[Event "A longer game"]

1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be3 e5 7. Nb3 Be6 8. f3
Be7 9. Qd2 O-O 10. O-O-O Nbd7 11. g4 b5 12. g5 Nh5 *
PGN
"$review" "$work/games.pgn" -o "$work/out.pgn" --nodes 20000 2>"$work/err"
status=$?
[ $status -eq 1 ] || fail "a file with a broken game should exit 1, got $status: $(cat "$work/err")"
grep -q "game 2, line 7: .*'Zz9' is not a move.*(not reviewed)" "$work/err" || fail "the broken game is not told: $(cat "$work/err")"
grep -q '3 games reviewed, 1 not' "$work/err" || fail "no summary: $(cat "$work/err")"
[ "$(grep -c '^\[Event ' "$work/out.pgn")" = 3 ] || fail "the three good games are not all written: $(cat "$work/out.pgn")"
# 3... Nf6 allows mate in one: a blunder, with the eval of the mate, the reason and a better move.
grep -q 'Nf6 \$4' "$work/out.pgn" || fail "3... Nf6 is not marked ??: $(cat "$work/out.pgn")"
tr '\n' ' ' <"$work/out.pgn" |
  grep -q 'Nf6 \$4 {\[%eval #1\] Blunder\. Allows mate in 1: 4\. Qxf7#\. [A-Za-z0-9+#=-]* was best: 3\.\.\. ' ||
  fail "the blunder's comment lacks its eval, reason or better move: $(cat "$work/out.pgn")"
grep -q '^\[BlackBlunders "1"\]' "$work/out.pgn" || fail "no blunder count"
grep -qE '^\[WhiteAccuracy "[0-9]+\.[0-9]"\]' "$work/out.pgn" || fail "no accuracy tag"
[ "$(grep -o '\[%eval [^]]*\]' "$work/out.pgn" | wc -l)" -ge 10 ] || fail "moves lack [%eval] comments"
# (PGN lets a line break fall between any two tokens, "4." and its move too.)
tr '\n' ' ' <"$work/out.pgn" | grep -q '4\. Qxf7# 1-0' || fail "the final mate is not written plainly"
# Another program reads it: pgn-extract (Debian) checks every move and keeps the evals and NAGs.
if command -v /usr/games/pgn-extract >/dev/null; then
  /usr/games/pgn-extract -s "$work/out.pgn" -o "$work/extracted.pgn" 2>"$work/extract-err" ||
    fail "pgn-extract: $(cat "$work/extract-err")"
  [ -s "$work/extract-err" ] && fail "pgn-extract complains: $(cat "$work/extract-err")"
  [ "$(grep -c '^\[Event ' "$work/extracted.pgn")" = 3 ] || fail "pgn-extract does not read the three games"
  [ "$(grep -o '%eval' "$work/extracted.pgn" | wc -l)" = "$(grep -o '%eval' "$work/out.pgn" | wc -l)" ] ||
    fail "pgn-extract loses [%eval] comments"
  grep -q 'Nf6 \$4' "$work/extracted.pgn" || fail "pgn-extract loses the ?? NAG"
  # The opening names written are the ones pgn-extract -e gives the games.
  /usr/games/pgn-extract -s -e/usr/share/pgn-extract/eco.pgn "$work/out.pgn" -o "$work/classified.pgn" 2>/dev/null
  opening_tags() { grep -E '^\[(Event|ECO|Opening|Variation|SubVariation) ' "$1"; }
  grep -q '^\[ECO ' "$work/out.pgn" || fail "the reviewed games have no ECO tag"
  cmp -s <(opening_tags "$work/out.pgn") <(opening_tags "$work/classified.pgn") ||
    fail "the opening tags differ from pgn-extract -e's: $(diff <(opening_tags "$work/out.pgn") <(opening_tags "$work/classified.pgn"))"
else
  fail "pgn-extract is missing (make installs it: apt-get install pgn-extract)"
fi
# What it writes reads back: reviewed again, every game is read.
"$review" "$work/out.pgn" -o "$work/again.pgn" --nodes 20000 2>"$work/err2" || fail "its own output does not read back: $(cat "$work/err2")"
# The same budget gives the same review (nodes, not time).
cmp -s "$work/out.pgn" "$work/again.pgn" || fail "a second review at the same budget differs"
# Two analysers at once give the same review as one (the longer game has several runs of positions).
"$review" "$work/out.pgn" -o "$work/jobs.pgn" --nodes 20000 --jobs 2 2>"$work/err3" || fail "--jobs 2: $(cat "$work/err3")"
cmp -s "$work/again.pgn" "$work/jobs.pgn" || fail "--jobs 2 gives another review: $(diff "$work/again.pgn" "$work/jobs.pgn")"

# A player that is not there, and a bad option, are refused with exit 2.
out=$("$review" "$work/games.pgn" --player nosuch 2>&1); status=$?
[ $status -eq 2 ] || fail "an unknown player should exit 2, got $status"
grep -q "^gambit-review: --player: .*nosuch" <<<"$out" || fail "the unknown player is not named: $out"
out=$("$review" "$work/games.pgn" --option hash_mb=0 2>&1); status=$?
[ $status -eq 2 ] || fail "a bad option should exit 2, got $status: $out"
out=$("$review" "$work/missing.pgn" 2>&1); status=$?
[ $status -eq 2 ] && grep -q "missing.pgn: cannot be opened" <<<"$out" || fail "a missing file: $status $out"

[ $failures -eq 0 ] && echo "review_cli_test: passed"
exit $((failures > 0))
