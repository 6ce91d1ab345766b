#!/bin/bash
# SPDX-License-Identifier: MIT
# End-to-end: gambit-match plays real plugins to the end, writes a PGN, records
# the games in the scores store, and refuses bad seats and configs with one
# clear line and exit status 2.
# usage: match_cli_test.sh PATH/TO/gambit-match
set -u
match=$1
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
export XDG_CONFIG_HOME=$work/xdg  # no user configuration from the machine
export XDG_DATA_HOME=$work/data   # nor its scores

# The issue's acceptance run: alphabeta wins all four games against random.
out=$("$match" --white alphabeta --black random --games 4 --concurrency 2 --pgn "$work/games.pgn" --seed 9 2>&1)
status=$?
[ $status -eq 0 ] || fail "alphabeta vs random exited with $status: $out"
grep -q '^Score of alphabeta vs random: 4 - 0 - 0 \[1.000\] 4$' <<<"$out" || fail "alphabeta did not win 4-0: $out"
grep -q '^Elo difference: +inf$' <<<"$out" || fail "no Elo line: $out"
[ "$(grep -c '^\[Event ' "$work/games.pgn")" = 4 ] || fail "the PGN file does not hold 4 games"
grep -q '^\[WhitePlugin "alphabeta ' "$work/games.pgn" || fail "PGN lacks the plugin tag"
grep -q '^\[Seed "9"\]' "$work/games.pgn" || fail "PGN lacks the seed tag"
[ "$(grep -cE '^\[Result "(1-0|0-1)"\]' "$work/games.pgn")" = 4 ] || fail "PGN results are not all decisive"
# Opening names: the games' ECO/Opening/Variation tags are the ones pgn-extract -e gives them.
eco=/usr/share/pgn-extract/eco.pgn
opening_tags() { grep -E '^\[(Event|ECO|Opening|Variation|SubVariation) ' "$1"; }
/usr/games/pgn-extract -s -e"$eco" -o "$work/classified.pgn" "$work/games.pgn" 2>/dev/null ||
  fail "pgn-extract -e could not read the match's PGN"
[ "$(grep -c '^\[ECO ' "$work/games.pgn")" = 4 ] || fail "the PGN's games lack their ECO tags"
cmp -s <(opening_tags "$work/games.pgn") <(opening_tags "$work/classified.pgn") ||
  fail "the opening tags differ from pgn-extract -e's: $(diff <(opening_tags "$work/games.pgn") <(opening_tags "$work/classified.pgn"))"

# The same seed replays the same games (random's seed is derived from it).
"$match" --white random --black random --games 2 --seed 5 --pgn "$work/a.pgn" >/dev/null 2>&1
"$match" --white random --black random --games 2 --seed 5 --pgn "$work/b.pgn" >/dev/null 2>&1
cmp -s <(grep -v '^\[Date' "$work/a.pgn") <(grep -v '^\[Date' "$work/b.pgn") || fail "same seed gave different games"

# Recording: by default in $XDG_DATA_HOME/gambit/gambit.db, or --store, or not at all.
grep -q "^Recorded 4 games in $work/data/gambit/gambit.db$" <<<"$out" || fail "the 4 games were not recorded: $out"
[ -s "$work/data/gambit/gambit.db" ] || fail "no store file at $work/data/gambit/gambit.db"
out=$("$match" --white random --black random --games 2 --store "$work/mine.db" 2>&1)
grep -q "^Recorded 2 games in $work/mine.db$" <<<"$out" || fail "--store was not used: $out"
printf '[store]\npath = "from-config.db"\n' >"$work/store.toml"
out=$("$match" --config "$work/store.toml" --white random --black random --games 1 2>&1)
grep -q "^Recorded 1 games in $work/from-config.db$" <<<"$out" || fail "[store] path was not used: $out"
out=$("$match" --white random --black random --games 1 --no-record --store "$work/x.db" 2>&1)
[ $? -eq 2 ] || fail "--no-record with --store should be refused: $out"
rm -rf "$work/data"
out=$("$match" --white random --black random --games 1 --no-record 2>&1)
[ $? -eq 0 ] || fail "--no-record run failed: $out"
[ ! -e "$work/data/gambit/gambit.db" ] || fail "--no-record still wrote a store"
grep -q "^Recorded" <<<"$out" && fail "--no-record still says it recorded: $out"
# A store file that is not a database is kept aside, told in words, and a new one used.
echo "not a database at all, just text" >"$work/broken.db"
out=$("$match" --white random --black random --games 1 --store "$work/broken.db" 2>&1)
grep -q "could not be used" <<<"$out" || fail "no word about the broken store: $out"
aside=$(ls "$work"/broken.db.broken-* 2>/dev/null | head -1)
[ -n "$aside" ] && grep -q "not a database at all" "$aside" || fail "the broken file was not kept aside: $(ls "$work")"
grep -q "^Recorded 1 games in $work/broken.db$" <<<"$out" || fail "no game recorded in the fresh store: $out"
# A store that cannot be made: a clear refusal before any game.
mkdir -p "$work/adir.db"
expect_store_refusal=$("$match" --white random --black random --games 1 --store "$work/adir.db" 2>&1 >/dev/null)
[ $? -eq 2 ] && grep -q "is a folder" <<<"$expect_store_refusal" || fail "a folder as store: $expect_store_refusal"

# An external engine as a player: the uci plugin runs Debian's Stockfish (at its weakest).
out=$("$match" --white uci --white-option engine_options="Skill Level=0" --black random --games 2 --movetime 50 \
      --no-record 2>&1)
[ $? -eq 0 ] || fail "uci (stockfish) vs random did not finish both games: $out"
grep -q "^Score of uci vs random: [0-9] - [0-9] - [0-9] \[[0-9.]*\] 2$" <<<"$out" || fail "no score line for uci vs random: $out"
grep -qi "forfeit\|illegal\|not played" <<<"$out" && fail "a uci game ended by a forfeit: $out"

# The shipped example: its [black] seat is Stockfish through the uci player.
example=$(dirname "$0")/../../config/examples/vs-stockfish.toml
out=$("$match" --config "$example" --white random --games 1 --movetime 50 --no-record 2>&1)
[ $? -eq 0 ] || fail "config/examples/vs-stockfish.toml did not play: $out"
grep -q "^Match: random (.*) vs uci (.*UCI_Elo=1800.*command=stockfish" <<<"$out" || fail "the example's seat is not Stockfish at 1800: $out"

# Three-check, from the command line and from [game] variant: alphabeta beats random by third checks.
out=$("$match" --white alphabeta --black random --variant threecheck --games 2 --movetime 50 --seed 3 \
      --pgn "$work/3check.pgn" --store "$work/3check.db" 2>&1)
[ $? -eq 0 ] || fail "three-check alphabeta vs random exited with an error: $out"
grep -q "^Match: alphabeta (.*) vs random (.*), three-check, 2 games" <<<"$out" || fail "the match is not three-check: $out"
grep -q '^Score of alphabeta vs random: 2 - 0 - 0 \[1.000\] 2$' <<<"$out" || fail "alphabeta did not win 2-0 at three-check: $out"
grep -q "wins by giving a third check" <<<"$out" || fail "no game ended by a third check: $out"
[ "$(grep -c '^\[Variant "Three-check"\]' "$work/3check.pgn")" = 2 ] || fail "the PGN games are not tagged Three-check"
printf '[game]\nvariant = "threecheck"\n' >"$work/3check.toml"
out=$("$match" --config "$work/3check.toml" --white random --black random --games 1 --movetime 10 --no-record 2>&1)
grep -q "^Match: random (.*) vs random (.*), three-check, 1 games" <<<"$out" || fail "[game] variant was not used: $out"
# Through the uci player: Fairy-Stockfish plays three-check (UCI_Variant); Stockfish cannot, and its seat forfeits saying so.
out=$("$match" --white uci --white-option command=fairy-stockfish --black random --variant threecheck --games 2 \
      --movetime 50 --no-record 2>&1)
grep -q '^Score of uci vs random: 2 - 0 - 0 \[1.000\] 2$' <<<"$out" || fail "Fairy-Stockfish did not win both three-check games: $out"
out=$("$match" --white uci --black random --variant threecheck --games 1 --movetime 50 --no-record 2>&1)
grep -q "does not play three-check (it has no UCI_Variant '3check')" <<<"$out" || fail "Stockfish's refusal is not told: $out"

# Chess960 from its starts (each played twice, colours reversed), the variant named in any case; the uci player
# runs Fairy-Stockfish and gambit-engine itself with UCI_Chess960 (castling as the king taking its rook both ways).
out=$("$match" --white alphabeta --black random --variant Chess960 --games 2 --movetime 50 --seed 5 \
      --pgn "$work/960.pgn" --no-record 2>&1)
grep -q '^Score of alphabeta vs random: 2 - 0 - 0 \[1.000\] 2$' <<<"$out" || fail "alphabeta did not win 2-0 at Chess960: $out"
[ "$(grep -c '^\[Variant "Chess960"\]' "$work/960.pgn")" = 2 ] || fail "the PGN games are not tagged Chess960"
[ "$(grep '^\[FEN ' "$work/960.pgn" | sort -u | wc -l)" = 1 ] || fail "the pair did not share its Chess960 start"
out=$("$match" --white uci --white-option command=fairy-stockfish --black random --variant chess960 --games 2 \
      --movetime 50 --no-record 2>&1)
grep -q '^Score of uci vs random: 2 - 0 - 0 \[1.000\] 2$' <<<"$out" || fail "Fairy-Stockfish did not win both Chess960 games: $out"
out=$("$match" --white uci --white-option command=fairy-stockfish --white-option protocol=xboard --black random \
      --variant chess960 --games 4 --movetime 50 --seed 3 --no-record 2>&1)
grep -q '^Score of uci vs random: 4 - 0 - 0 \[1.000\] 4$' <<<"$out" ||
  fail "Fairy-Stockfish through XBoard's protocol did not win the four Chess960 games: $out"
# (In-process: the uci player's sandbox keeps gambit-engine from reading its own configuration.)
out=$("$match" --white uci --white-option command="$(dirname "$match")/gambit-engine" --white-option "args=--plugin alphabeta" \
      --black random --variant chess960 --games 2 --movetime 50 --seed 7 --isolation in-process --pgn "$work/engine960.pgn" \
      --no-record 2>&1)
grep -q '^Score of uci vs random: 2 - 0 - 0 \[1.000\] 2$' <<<"$out" || fail "gambit-engine did not win both Chess960 games through UCI: $out"
# King of the Hill, named as lichess's API names it: alphabeta beats random; Fairy-Stockfish plays it through both protocols.
out=$("$match" --white alphabeta --black random --variant kingOfTheHill --games 2 --movetime 50 --seed 3 \
      --pgn "$work/koth.pgn" --no-record 2>&1)
grep -q '^Score of alphabeta vs random: 2 - 0 - 0 \[1.000\] 2$' <<<"$out" || fail "alphabeta did not win 2-0 at King of the Hill: $out"
[ "$(grep -c '^\[Variant "King of the Hill"\]' "$work/koth.pgn")" = 2 ] || fail "the PGN games are not tagged King of the Hill"
for protocol in uci xboard; do
  out=$("$match" --white uci --white-option command=fairy-stockfish --white-option protocol=$protocol --black random \
        --variant kingofthehill --games 2 --movetime 50 --no-record 2>&1)
  grep -q '^Score of uci vs random: 2 - 0 - 0 \[1.000\] 2$' <<<"$out" ||
    fail "Fairy-Stockfish ($protocol) did not win both King of the Hill games: $out"
done
# Racing Kings: alphabeta wins the race against random; Fairy-Stockfish plays it through the uci player.
out=$("$match" --white alphabeta --black random --variant racingKings --games 2 --movetime 50 --seed 3 \
      --pgn "$work/race.pgn" --no-record 2>&1)
grep -q '^Score of alphabeta vs random: 2 - 0 - 0 \[1.000\] 2$' <<<"$out" || fail "alphabeta did not win 2-0 at Racing Kings: $out"
grep -q 'wins the race to the eighth rank' <<<"$out" || fail "no race won on the eighth rank: $out"
[ "$(grep -c '^\[Variant "Racing Kings"\]' "$work/race.pgn")" = 2 ] || fail "the PGN games are not tagged Racing Kings"
out=$("$match" --white uci --white-option command=fairy-stockfish --black random --variant racingkings --games 2 \
      --movetime 50 --no-record 2>&1)
grep -q '^Score of uci vs random: 2 - 0 - 0 \[1.000\] 2$' <<<"$out" || fail "Fairy-Stockfish did not win both races: $out"
err=$("$match" --white random --black random --variant nosuch 2>&1 >/dev/null)
grep -q "no variant 'nosuch'; the variants are standard, threecheck, chess960, kingofthehill, racingkings" <<<"$err" ||
  fail "an unknown variant: $err"

# Refusals: exit status 2 and one line on stderr naming the problem.
expect_refusal() {
  local expected=$1; shift
  local err status
  err=$("$match" "$@" 2>&1 >/dev/null); status=$?
  [ $status -eq 2 ] || fail "'$*' exited with $status, expected 2"
  [ "$(wc -l <<<"$err")" -eq 1 ] || fail "'$*' printed more than one line: $err"
  grep -qF -- "$expected" <<<"$err" || fail "'$*' said '$err', expected '$expected'"
}
expect_refusal "--white: white.player: no player called 'nosuch'" --white nosuch --black random
expect_refusal "expected one of alphabeta, minimax, random, uci" --white nosuch --black random
expect_refusal "plays AI players only" --black random   # the default config's white seat is human
expect_refusal "has no option 'depth'" --white random --white-option depth=3 --black random
expect_refusal "out of range" --white minimax --white-option depth=99 --black random
expect_refusal "is not SECONDS+INCREMENT" --white random --black random --tc abc
printf '[white]\nplayer = 5\n' >"$work/bad.toml"
expect_refusal "bad.toml:2" --config "$work/bad.toml" --white random --black random
expect_refusal "/no/such/file.toml" --config /no/such/file.toml --white random --black random
# A mistake in the file is told with its place, whatever the command line adds; the seats' own mistakes
# come before a human seat's refusal.
printf '[white]\nplayer = "human"\n[black]\nplayer = "alphabeta"\nlevel = "nope"\n[black.options]\ndepth = 999\n' \
  >"$work/seats.toml"
expect_refusal "seats.toml:5:9: black.level: plugin alphabeta has no level 'nope'" --config "$work/seats.toml" --white random
out=$("$match" --config "$work/seats.toml" --black-level 1400 --no-record 2>&1)
[ "$(head -1 <<<"$out")" = "gambit-match: $work/seats.toml:7:9: black.options.depth: option 'depth' = 999 is out of range 0..100" ] ||
  fail "the file's mistake should come first: $out"
grep -q "seats.toml:2:10: white.player: gambit-match plays AI players only" <<<"$out" || fail "no word on the human seat: $out"
expect_refusal "--black-option: black.options.depth: option 'depth' = 999" --white random --black alphabeta \
  --black-option depth=999

if [ $failures -eq 0 ]; then echo "gambit-match end-to-end: all checks passed"; exit 0; fi
echo "$failures check(s) failed"; exit 1
