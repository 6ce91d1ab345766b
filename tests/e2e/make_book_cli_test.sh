#!/bin/bash
# SPDX-License-Identifier: MIT
# End-to-end: gambit-make-book at tiny node counts. The book depends only on
# the flags that shape it: a second run, a run continued (also after a line cut
# short) and a run with two jobs all give the same file; its lines are EPD;
# other flags on an existing book, bad flags and an unwritable file are refused
# in a sentence with exit status 2.
# usage: make_book_cli_test.sh PATH/TO/gambit-make-book
set -u
book=$1
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
tiny=(--plies 4 --choice-nodes 300 --check-nodes 3000 --max-cp 60 --seed 7)

"$book" -o "$work/a.epd" --count 4 "${tiny[@]}" 2>"$work/err" || fail "a first book: $(cat "$work/err")"
[ "$(wc -l <"$work/a.epd")" = 4 ] || fail "the book should hold 4 lines: $(cat "$work/a.epd")"
grep -q '4/4 positions from [0-9]* candidates' "$work/err" || fail "no summary: $(cat "$work/err")"
# Each line: four FEN fields, then `opcode operand;` operations.
n=0
while read -r line; do
  n=$((n + 1))
  grep -qE '^[1-8pnbrqkPNBRQK/]+ [wb] (-|[KQkq]+) (-|[a-h][36]) id "gambit-book '"$n"'"; ce -?[0-9]+; hmvc [0-9]+; fmvn 3; c0 "([a-h][1-8][a-h][1-8][qrbn]? ?){4}"; c1 "candidate [0-9]+";$' <<<"$line" ||
    fail "line $n is not the book's EPD: $line"
  ce=$(sed -E 's/.* ce (-?[0-9]+);.*/\1/' <<<"$line")
  [ "${ce#-}" -le 60 ] || fail "line $n scores $ce, beyond --max-cp 60"
done <"$work/a.epd"
[ "$(cut -d' ' -f1-4 "$work/a.epd" | sort -u | wc -l)" = 4 ] || fail "the book holds a position twice"
grep -q '^--seed 7$' "$work/a.epd.args" && grep -qE '^player alphabeta [0-9.]+, search signature [0-9a-f]{8}$' "$work/a.epd.args" ||
  fail "the .args file lacks the flags or the player: $(cat "$work/a.epd.args")"

"$book" -o "$work/b.epd" --count 4 "${tiny[@]}" 2>"$work/err" || fail "a second book: $(cat "$work/err")"
cmp -s "$work/a.epd" "$work/b.epd" || fail "the same flags give another book: $(diff "$work/a.epd" "$work/b.epd")"

# Continued: 2 positions, then asked for 4, is the book of 4; so is a book whose last line was cut short.
"$book" -o "$work/c.epd" --count 2 "${tiny[@]}" 2>"$work/err" || fail "a book of 2: $(cat "$work/err")"
[ "$(wc -l <"$work/c.epd")" = 2 ] || fail "the book of 2 holds $(wc -l <"$work/c.epd") lines"
printf 'rnbqkbnr/pppp' >>"$work/c.epd"
"$book" -o "$work/c.epd" --count 4 "${tiny[@]}" 2>"$work/err" || fail "continuing: $(cat "$work/err")"
grep -q 'continuing .*c.epd: 2 positions' "$work/err" || fail "continuing is not told: $(cat "$work/err")"
grep -q 'unfinished last line .* cut off' "$work/err" || fail "the cut line is not told: $(cat "$work/err")"
cmp -s "$work/a.epd" "$work/c.epd" || fail "a continued book differs: $(diff "$work/a.epd" "$work/c.epd")"
"$book" -o "$work/c.epd" --count 3 "${tiny[@]}" 2>"$work/err" || fail "a full book: $(cat "$work/err")"
grep -q 'already holds 4 positions' "$work/err" || fail "a full book is not told: $(cat "$work/err")"

"$book" -o "$work/d.epd" --count 4 --jobs 2 "${tiny[@]}" 2>"$work/err" || fail "--jobs 2: $(cat "$work/err")"
cmp -s "$work/a.epd" "$work/d.epd" || fail "--jobs 2 gives another book: $(diff "$work/a.epd" "$work/d.epd")"

# Refusals: exit 2 and a sentence.
expect_refusal() {  # PATTERN ARGS...
  local pattern=$1 out status
  shift
  out=$("$book" "$@" 2>&1); status=$?
  [ $status -eq 2 ] || fail "$* should exit 2, got $status: $out"
  grep -q -- "$pattern" <<<"$out" || fail "$* is not refused in words: $out"
}
expect_refusal 'made with other settings: --seed 7, not 8; --check-nodes 3000, not 100000 (.*a.epd.args)\. Give the same flags' \
  -o "$work/a.epd" --count 5 --plies 4 --choice-nodes 300 --max-cp 60 --seed 8
expect_refusal '--plies: Value 0 not in range' -o "$work/e.epd" --count 4 --plies 0
expect_refusal 'The following argument was not expected: --bogus' -o "$work/e.epd" --count 4 --bogus
expect_refusal '--count is required' -o "$work/e.epd"
expect_refusal 'cannot be written' -o "$work/missing/e.epd" --count 4
expect_refusal "cannot load plugin" -o "$work/e.epd" --count 4 --plugin-file "$work/nothing.so"
# A player whose searches changed (another search signature) does not continue a book.
cp "$work/a.epd" "$work/f.epd"
sed -E 's/search signature [0-9a-f]+/search signature 00000000/' "$work/a.epd.args" >"$work/f.epd.args"
expect_refusal 'made with other settings: player alphabeta [0-9.]*, search signature 00000000, not alphabeta' \
  -o "$work/f.epd" --count 5 "${tiny[@]}"
printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4;\n' >"$work/other.epd"
expect_refusal 'other.epd:1: not a line of gambit-make-book' -o "$work/other.epd" --count 4
cmp -s "$work/a.epd" "$work/b.epd" || fail "a refused run changed the book"

[ $failures -eq 0 ] && echo "make_book_cli_test: passed"
exit $((failures > 0))
