#!/bin/bash
# SPDX-License-Identifier: MIT
# End-to-end: a match cut into four shards and run through GNU parallel adds up
# (gambit-match --merge) to exactly the unsharded run: the same score, pairs
# and games; a results file resumes where it stopped; the SPRT stops a match
# of alphabeta against random at once for H1, and one of alphabeta against
# a copy of its own plugin file (--white-plugin) accepts H0 or runs on.
# usage: match_shards_test.sh PATH/TO/gambit-match
set -u
match=$1
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
export XDG_CONFIG_HOME=$work/xdg XDG_DATA_HOME=$work/data
command -v parallel >/dev/null || { echo "FAIL: GNU parallel is not installed (Debian package parallel)"; exit 1; }

# Deterministic players (fixed depths, no clock pressure), so a game is the
# same whichever process plays it.
players=(--white alphabeta --white-option depth=3 --black alphabeta --black-option depth=2 --black-name depth2
         --movetime 20000 --no-record --seed 11 --games 16)

# PGN games as "round<TAB>movetext", one a line, sorted by round.
games_by_round() {
  awk 'BEGIN { RS = "" } /^\[/ { match($0, /\[Round "[0-9]+"\]/); round = substr($0, RSTART + 8, RLENGTH - 10); next }
       { gsub(/\n/, " "); print round "\t" $0 }' "$@" | sort -n
}
# The closing summary: from the last score line on.
summary() {
  awk '/^Score of/ { block = "" } { block = block $0 "\n" } END { printf "%s", block }' <<<"$1" |
    grep -E '^(Score of|Elo difference|Pairs|SPRT)'
}

whole=$("$match" "${players[@]}" --concurrency 2 --results "$work/whole.txt" --pgn "$work/whole.pgn" 2>&1)
[ $? -eq 0 ] || fail "the unsharded match failed: $whole"
parallel --will-cite -j 2 "$match" "${players[@]}" --shard {}/4 --results "$work/shard{}.txt" --pgn "$work/shard{}.pgn" \
  ::: 1 2 3 4 >"$work/parallel.out" 2>&1 || fail "a shard failed under parallel: $(cat "$work/parallel.out")"
for i in 1 2 3 4; do
  [ "$(grep -c '^game ' "$work/shard$i.txt")" = 4 ] || fail "shard $i did not play its 4 games: $(cat "$work/shard$i.txt")"
done
merged=$("$match" --merge "$work"/shard{1,2,3,4}.txt 2>&1)
[ $? -eq 0 ] || fail "--merge failed: $merged"
grep -q '^Merged 4 results files (shards 1/4, 2/4, 3/4, 4/4): 16 games' <<<"$merged" || fail "merge header: $merged"
[ "$(summary "$merged")" = "$(summary "$whole")" ] || fail "merged shards differ from the whole run:
$(summary "$merged")
---
$(summary "$whole")"
grep -q '^Score of alphabeta vs depth2: .* 16$' <<<"$merged" || fail "no score of 16 games: $merged"
[ "$(games_by_round "$work"/shard{1,2,3,4}.pgn)" = "$(games_by_round "$work/whole.pgn")" ] || fail "the shards' games differ from the whole run's"
[ "$(games_by_round "$work/whole.pgn" | wc -l)" = 16 ] || fail "the whole run's PGN does not hold 16 games"
out=$("$match" --merge "$work/shard1.txt" "$work/shard1.txt" 2>&1)
[ $? -eq 2 ] && grep -q "comes twice" <<<"$out" || fail "a shard merged twice was not refused: $out"
out=$("$match" --merge "$work/shard1.txt" "$work/shard3.txt" 2>&1)
grep -q '^Missing: 2 of 4 shards (2/4, 4/4)$' <<<"$out" || fail "missing shards not told: $out"

# Resuming: 6 games, then a line cut short as a killed run leaves it, then a
# rerun to 16 plays the rest; the sum equals the whole run.
"$match" "${players[@]/16/6}" --results "$work/resumed.txt" >/dev/null 2>&1
printf 'game 7: 1-' >>"$work/resumed.txt"
out=$("$match" "${players[@]}" --results "$work/resumed.txt" 2>&1)
grep -q '^Resuming: 6 games in .*, 10 to play$' <<<"$out" || fail "no resume: $out"
[ "$(summary "$out")" = "$(summary "$whole")" ] || fail "the resumed match differs from the whole run: $(summary "$out")"
out=$("$match" "${players[@]}" --white-option depth=4 --results "$work/resumed.txt" 2>&1)
[ $? -eq 2 ] && grep -q "holds another match (other players" <<<"$out" || fail "another match resumed: $out"

# SPRT: alphabeta against random, tested for a large difference (each pair won
# 2-0 moves the ratio by log(s1 / s0) = 0.60 at elo1=400), accepts H1 within a
# few pairs of a 100-game match.
out=$("$match" --white alphabeta --white-option depth=2 --black random --games 100 --movetime 5000 --no-record \
      --seed 3 --sprt elo0=0 elo1=400 2>&1)
[ $? -eq 0 ] || fail "the SPRT against random failed: $out"
grep -q '^SPRT (elo0=0 elo1=400 alpha=0.05 beta=0.05): LLR [0-9.]* \[-2.94, 2.94\]: H1 accepted$' <<<"$out" ||
  fail "H1 not accepted against random: $out"
grep -q '^SPRT decided after [0-9]* pairs: LLR [0-9.]* \[-2.94, 2.94\]: H1 accepted$' <<<"$out" ||
  fail "the decision is not told: $out"
played=$(grep -c '^Finished game' <<<"$out")
[ "$played" -le 20 ] || fail "the SPRT against random took $played games"

# SPRT between alphabeta and a copy of its own plugin file: never H1.
plugins=$(dirname "$match")/../lib/gambit/plugins
# A copy of a build is the plugin with what it reads from its folder (its network, when the build ships one).
mkdir -p "$work/old" && cp "$plugins/gambit_alphabeta.so" "$work/old/"
if [ -e "$plugins/gambit_alphabeta.nnue" ]; then cp "$plugins/gambit_alphabeta.nnue" "$work/old/"; fi
out=$("$match" --white-plugin "$work/old/gambit_alphabeta.so" --white-name old --white-option depth=2 \
      --black alphabeta --black-option depth=2 --games 40 --concurrency 2 --movetime 5000 --no-record --seed 4 \
      --sprt 2>&1)
[ $? -eq 0 ] || fail "the SPRT between equals failed: $out"
grep -q '^Match: old (depth=2) vs alphabeta (depth=2)' <<<"$out" || fail "the plugin file was not the first player: $out"
grep -q 'H1 accepted' <<<"$out" && fail "equal players accepted H1: $out"
grep -qE '^SPRT \(elo0=0 elo1=5 alpha=0.05 beta=0.05\): LLR -?[0-9.]* \[-2.94, 2.94\]: (H0 accepted|continue)$' <<<"$out" ||
  fail "no SPRT verdict between equals: $out"

# The same file on both sides is told: such a test cannot find a difference.
out=$("$match" --white-plugin "$work/old/gambit_alphabeta.so" --black-plugin "$work/old/gambit_alphabeta.so" \
      --white-option depth=1 --black-option depth=1 --games 2 --movetime 5000 --no-record --seed 4 --sprt 2>&1)
[ $? -eq 0 ] || fail "an SPRT between two copies of one file failed: $out"
grep -q 'both players are the same build with the same options (alphabeta .*, file [0-9a-f]*): this SPRT can only accept H0 or run on' <<<"$out" ||
  fail "the same build on both sides was not told: $out"
out=$("$match" --white-plugin "$work/old/gambit_alphabeta.so" --black-plugin "$work/old/gambit_alphabeta.so" \
      --white-option depth=1 --black-option depth=2 --games 2 --movetime 5000 --no-record --seed 4 --sprt 2>&1)
grep -q 'same build' <<<"$out" && fail "players with other options were called the same: $out"

# A results file names the plugin files by their contents: another build of
# the same version does not continue it.
out=$("$match" --white-plugin "$work/old/gambit_alphabeta.so" --white-option depth=2 --black random --games 2 \
      --movetime 5000 --no-record --seed 4 --results "$work/build.txt" 2>&1)
[ $? -eq 0 ] || fail "a match with a plugin file failed: $out"
cp "$work/old/gambit_alphabeta.so" "$work/rebuilt.so" && printf 'another build' >>"$work/rebuilt.so"
out=$("$match" --white-plugin "$work/rebuilt.so" --white-option depth=2 --black random --games 4 \
      --movetime 5000 --no-record --seed 4 --results "$work/build.txt" 2>&1)
[ $? -eq 2 ] && grep -q "holds another match (other players" <<<"$out" || fail "another build resumed the match: $out"

# Bad input: a sentence and status 2.
for args in "--sprt elo0=5 elo1=1" "--shard 5/4" "--results $work" "--book $work/none.epd" "--white-plugin $work/none.so" \
            "--white-plugin $plugins/gambit_random.so"; do
  out=$("$match" --white alphabeta --black random --no-record $args 2>&1)
  [ $? -eq 2 ] && [ "$(wc -l <<<"$out")" = 1 ] || fail "'$args' was not refused in one line: $out"
done
out=$("$match" --merge "$work/shard1.txt" --games 3 2>&1)
[ $? -eq 2 ] && grep -q "plays nothing" <<<"$out" || fail "--merge with --games: $out"

[ $failures -eq 0 ] && echo "match_shards: all checks passed"
exit $((failures > 0))
