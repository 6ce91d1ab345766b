#!/bin/bash
# SPDX-License-Identifier: MIT
# The Debian packages, checked as a fresh machine would take them.
#   package_test.sh PACKAGE_DIR PLUGIN_TEMPLATE_DIR
# Always: lintian on both .deb files (no error or warning, apart from the tags
# listed below with the reason), and the desktop entry and the metainfo they
# carry through desktop-file-validate and appstreamcli. As root, also: install
# both with apt, play a game with gambit-match found on PATH, build the plugin
# template against the installed SDK and play it, then remove both packages
# and check nothing of them is left.
set -euo pipefail
package_dir=$1
template=$2
fail() { echo "FAILED: $*" >&2; exit 1; }

shopt -s nullglob
game_debs=("$package_dir"/gambit_*.deb)
sdk_debs=("$package_dir"/gambit-plugin-dev_*.deb)
[ ${#game_debs[@]} = 1 ] && [ ${#sdk_debs[@]} = 1 ] || fail "expected one gambit and one gambit-plugin-dev .deb in $package_dir"
game_deb=$(realpath "${game_debs[0]}")
sdk_deb=$(realpath "${sdk_debs[0]}")

# Tags lintian reports that do not apply (docs/install.md says the same):
#   package-section-games-but-contains-no-game: the programs are in /usr/bin, not
#     /usr/games, so that gambit-match and gambit-engine are on every PATH
#     (root's too, where scripts and engine GUIs run them)
suppressed="package-section-games-but-contains-no-game"
lintian_out=$(lintian --fail-on error,warning ${suppressed:+--suppress-tags "$suppressed"} "$game_deb" "$sdk_deb" 2>&1 |
  { grep -v "running with root privileges" || true; }) ||
  fail "lintian reports:
$lintian_out"
[ -z "$lintian_out" ] || echo "lintian (information only):
$lintian_out"
echo "lintian: no errors or warnings"
# The opening names are read from pgn-extract's eco.pgn at run time (core/chess/opening_names.h).
dpkg-deb -f "$game_deb" Depends | grep -qE '(^|, )pgn-extract(,|$| )' ||
  fail "the gambit package does not depend on pgn-extract: $(dpkg-deb -f "$game_deb" Depends)"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
dpkg-deb -x "$game_deb" "$work/root"
desktop-file-validate "$work/root/usr/share/applications/gambit.desktop" || fail "desktop-file-validate"
validate=$(appstreamcli validate --no-net --pedantic "$work/root/usr/share/metainfo/"*.metainfo.xml 2>&1) ||
  fail "appstreamcli: $validate"
! grep -qE "^[EWIP]: " <<<"$validate" || fail "appstreamcli --pedantic reports: $validate"
echo "desktop-file-validate and appstreamcli validate: clean"

if [ "$(id -u)" != 0 ]; then
  echo "installing the packages needs root: skipped (CI runs as root)"
  exit 0
fi

# Every file the packages carry, to check after removal that none is left.
shipped=$(dpkg-deb -c "$game_deb"; dpkg-deb -c "$sdk_deb")
shipped_files=$(awk '$1 !~ /^d/ { sub(/^\./, "", $6); print $6 }' <<<"$shipped")
[ "$(wc -l <<<"$shipped_files")" -gt 40 ] || fail "the packages list too few files: $shipped_files"

export DEBIAN_FRONTEND=noninteractive
trap 'apt-get remove --purge -y -qq gambit gambit-plugin-dev >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
apt-get remove --purge -y -qq gambit gambit-plugin-dev >/dev/null 2>&1 || true
apt-get install -y -qq "$game_deb" "$sdk_deb" >/dev/null || fail "apt-get install of the packages"
while read -r file; do
  [ -e "$file" ] || fail "$file, in the packages, is not installed"
done <<<"$shipped_files"

# Every page and picture the installed README links to is installed beside it.
readme=/usr/share/doc/gambit/README.md
links=$(grep -o '](\([^)#:]*\))' "$readme" | sed 's/^](//; s/)$//' | sort -u)
grep -q '^docs/' <<<"$links" || fail "the installed README links to no page of docs/"
while read -r link; do
  [ -f "/usr/share/doc/gambit/$link" ] || fail "the installed README links to $link, which is not installed"
done <<<"$links"
echo "installed: the README's $(wc -l <<<"$links") links to its own pages resolve"

[ "$(command -v gambit-match)" = /usr/bin/gambit-match ] || fail "gambit-match is not on PATH as /usr/bin/gambit-match"
export HOME=$work/home XDG_DATA_HOME=$work/home/data XDG_CONFIG_HOME=$work/home/config
mkdir -p "$HOME"
out=$(cd "$HOME" && gambit-match --white alphabeta --black random --games 2 --white-option depth=2 2>&1) ||
  fail "gambit-match from PATH: $out"
grep -q "Finished game 2" <<<"$out" || fail "gambit-match did not finish its games: $out"
echo "installed: gambit-match from PATH played 2 games"

cp -r "$template" "$work/template"
rm -rf "$work/template/build"
cmake -S "$work/template" -B "$work/template/build" >/dev/null || fail "configuring the plugin template against /usr"
cmake --build "$work/template/build" >/dev/null || fail "building the plugin template"
mkdir -p "$XDG_DATA_HOME/gambit/plugins"
cp "$work/template/build/gambit_greedy.so" "$XDG_DATA_HOME/gambit/plugins/"
out=$(cd "$HOME" && gambit-match --white greedy --black random --games 2 2>&1) || fail "the template's plugin: $out"
grep -q "Finished game 2" <<<"$out" || fail "the template's plugin did not finish its games: $out"
echo "installed: the plugin template built against gambit-plugin-dev and played 2 games"

apt-get remove --purge -y -qq gambit gambit-plugin-dev >/dev/null || fail "apt-get remove"
while read -r file; do
  [ ! -e "$file" ] || fail "$file is left after removing the packages"
done <<<"$shipped_files"
for folder in /usr/lib/gambit /usr/share/gambit /usr/include/gambit /usr/share/doc/gambit; do
  [ ! -e "$folder" ] || fail "$folder is left after removing the packages"
done
! dpkg -s gambit >/dev/null 2>&1 || fail "dpkg still knows gambit"
echo "removed: none of the packages' $(wc -l <<<"$shipped_files") files is left"
