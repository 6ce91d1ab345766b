#!/bin/sh
# SPDX-License-Identifier: MIT
# Makes the puzzle set's raw material (docs/puzzles.md): games between the
# calibrated alphabeta levels (they err like people), then the puzzles found
# in them by gambit-make-puzzles. Every step resumes where it stopped: the
# matches keep a results file each, the maker marks each game done in its
# output. Run from the repository root, at low priority, e.g.
#   nohup nice -n 10 tests/bench/make_puzzles.sh DIR [GAMES_PER_PAIRING] [SHARD] > DIR.log 2>&1 &
# DIR gets games/*.pgn and found-SHARD.tsv (SHARD: I/N as for gambit-make-puzzles,
# default 1/1; two shards on a two-core machine: 1/2 and 2/2, same DIR).
# PAIRINGS="600-800 1800-2000" runs only those, in that order; each pairing
# keeps its own seed (from its place in the list below), so its games are the
# same whichever run plays them. ROUND=2 (3, ...) plays each pairing again with
# another seed, so that the weakest pairings, whose games give the most
# puzzles, can give new games; its files are named PAIRING-rROUND.
set -eu
dir=${1:?usage: make_puzzles.sh DIR [GAMES_PER_PAIRING] [SHARD]}
games=${2:-800}
shard=${3:-1/1}
bin=${GAMBIT_BIN:-build/bin}
round=${ROUND:-1}
case $round in ''|*[!0-9]*|0) echo "make_puzzles.sh: ROUND must be 1 or more, not '$round'" >&2; exit 2;; esac
mkdir -p "$dir/games"
config="$dir/empty.toml"
: > "$config"
# Neighbouring levels and levels 400 apart, weakest first; then the weakest
# levels again, whose games give the most puzzles. New pairings go at the end,
# so that the seeds of the others stay as they were.
pairings="800-1000 1000-1200 1200-1400 1400-1600 1600-1800 1800-2000 2000-2200 1000-1400 1400-1800 1800-2200 1200-1600 1600-2000 600-800 600-1000 800-1200 1000-1600 600-1200 800-1400"
for pairing in ${PAIRINGS:-$pairings}; do
  seed=20261127
  for known in $pairings; do
    [ "$known" = "$pairing" ] && break
    seed=$((seed + 1))
  done
  [ "$known" = "$pairing" ] || { echo "make_puzzles.sh: no pairing $pairing (known: $pairings)" >&2; exit 2; }
  seed=$((seed + 100 * (round - 1)))
  first=${pairing%-*}; second=${pairing#*-}
  name=$pairing
  [ "$round" = 1 ] || name="$pairing-r$round"
  pgn="$dir/games/$name.pgn"
  # Only the first shard plays the games; the others wait for them.
  if [ "${shard%/*}" = 1 ]; then
    "$bin/gambit-match" --config "$config" --no-record --concurrency 1 --tc 10+0.1 --seed "$seed" \
      --white alphabeta --white-level "$first" --white-name "alphabeta $first" \
      --black alphabeta --black-level "$second" --black-name "alphabeta $second" \
      --games "$games" --results "$dir/games/$name.results" --pgn "$pgn" > /dev/null
  else
    while [ ! -f "$dir/games/$name.results" ] || \
          [ "$(grep -c '^game' "$dir/games/$name.results" 2>/dev/null || echo 0)" -lt "$games" ]; do sleep 60; done
  fi
  "$bin/gambit-make-puzzles" "$pgn" -o "$dir/found-$(echo "$shard" | tr / -).tsv" --shard "$shard"
done
