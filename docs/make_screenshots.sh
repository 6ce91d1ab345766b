#!/bin/sh
# SPDX-License-Identifier: MIT
# Regenerates the screenshots in docs/ (README shows them, the AppStream
# metainfo names two) from the layout walk: tests/e2e/gui_layout_test.py walks
# every screen at 1120x780, checks its layout, and saves a picture of each
# state; this script keeps the states below under the names docs/ uses.
#   docs/make_screenshots.sh [path/to/gambit]     (default build/bin/gambit)
# Run after a build, from anywhere; it takes about a minute, on a display of
# its own (Xvfb), so nothing shows on yours.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
gambit=${1:-$root/build/bin/gambit}
[ -x "$gambit" ] || { echo "make_screenshots.sh: no program $gambit: build first (make, or cmake --build build)" >&2; exit 2; }
gambit=$(cd "$(dirname "$gambit")" && pwd)/$(basename "$gambit")
cd "$root"
shots=$(mktemp -d)
trap 'rm -rf "$shots"' EXIT
/usr/bin/python3 tests/e2e/gui_layout_test.py "$gambit" --shots "$shots" --size 1120x780
# docs name <- the walk's state (its name, spaces as dashes)
while read -r name state; do
  [ -f "$shots/1120x780-$state.png" ] || { echo "make_screenshots.sh: the walk saved no '$state'" >&2; exit 1; }
  cp "$shots/1120x780-$state.png" "docs/$name.png"
  echo "docs/$name.png <- $state"
done <<'EOF'
menu menu
new-game new-game
play play-with-a-hint-toast
move-box move-box-with-completions
three-check play-with-checks-given-and-a-toast
end-of-game end-of-game
demo demo
game a-stored-game-reviewed,-at-a-mistake
review a-game-with-mistakes-reviewed
scores scores
settings settings-players
puzzles puzzle-with-a-hint
practice practice
EOF
