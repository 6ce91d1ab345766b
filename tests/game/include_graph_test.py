#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# The shape of game/ read from its #include lines (issue 64):
#  - no file in game/gui includes another screen's header (a screen is a class
#    deriving from Screen): screens ask App for a Page (navigation.h) and only
#    the navigator (navigator.cpp) builds them;
#  - nothing in game/ is included back by what it includes: the graph of its
#    parts (a header with its .cpp files) has no cycle.
# A part is a file's stem: foo.h, foo.cpp, and a .cpp without a header of its
# own whose stem begins with a header's stem (play_screen_view.cpp,
# game_view_panel.cpp) belong to the part of the longest such header.
# Usage: include_graph_test.py SOURCE_DIR
import pathlib
import re
import sys
import tempfile
import unittest

INCLUDE = re.compile(r'^\s*#\s*include\s+"(game/[^"]+)"', re.M)
SCREEN_CLASS = re.compile(r'class\s+(\w+)\s*(?:final\s*)?:\s*public\s+Screen\b')
NAVIGATOR = 'game/gui/navigator.cpp'


def sources(root):
    """Every C++ file under root/game, by its path from root."""
    files = {}
    for path in sorted((root / 'game').rglob('*')):
        if path.suffix in ('.h', '.cpp'):
            files[path.relative_to(root).as_posix()] = path.read_text(encoding='utf-8')
    return files


def part_of(name, headers):
    stem = name.rsplit('.', 1)[0]
    if name.endswith('.h') or stem + '.h' in headers:
        return stem
    owners = [h[:-2] for h in headers if stem.startswith(h[:-2] + '_')]
    return max(owners, key=len) if owners else stem


def problems(root):
    """What breaks the two rules, in words (an empty list when none does)."""
    files = sources(root)
    headers = {name for name in files if name.endswith('.h')}
    screens = {name for name in headers if name.startswith('game/gui/') and SCREEN_CLASS.search(files[name])}
    found = []
    edges = {}
    for name, text in files.items():
        mine = part_of(name, headers)
        for included in INCLUDE.findall(text):
            if included not in files:
                continue
            theirs = part_of(included, headers)
            if included in screens and theirs != mine and name != NAVIGATOR:
                found.append(f'{name} includes the screen header {included}: ask App for a Page instead')
            if theirs != mine:
                edges.setdefault(mine, {}).setdefault(theirs, f'{name} includes {included}')
    # Cycles: a depth-first search, each cycle reported once by its arrows.
    state = {}
    stack = []

    def visit(part):
        state[part] = 'open'
        stack.append(part)
        for nxt in sorted(edges.get(part, {})):
            if state.get(nxt) == 'open':
                cycle = stack[stack.index(nxt):] + [nxt]
                arrows = '; '.join(edges[a][b] for a, b in zip(cycle, cycle[1:]))
                found.append(f'a cycle of includes: {" -> ".join(cycle)} ({arrows})')
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[part] = 'done'

    for part in sorted(edges):
        if part not in state:
            visit(part)
    return found


class IncludeGraph(unittest.TestCase):
    root = None

    def test_game_keeps_both_rules(self):
        self.assertEqual(problems(self.root), [])

    def test_the_rules_are_seen_broken(self):
        # The checker itself, on a small tree that breaks each rule once.
        with tempfile.TemporaryDirectory() as folder:
            root = pathlib.Path(folder)
            gui = root / 'game' / 'gui'
            gui.mkdir(parents=True)
            (gui / 'screen.h').write_text('class Screen {};\n')
            (gui / 'a_screen.h').write_text('#include "game/gui/screen.h"\nclass A final : public Screen {};\n')
            (gui / 'b_screen.h').write_text('#include "game/gui/screen.h"\nclass B : public Screen {};\n')
            (gui / 'a_screen.cpp').write_text('#include "game/gui/a_screen.h"\n#include "game/gui/b_screen.h"\n')
            (gui / 'a_screen_view.cpp').write_text('#include "game/gui/a_screen.h"\n')
            (gui / 'navigator.cpp').write_text('#include "game/gui/a_screen.h"\n#include "game/gui/b_screen.h"\n')
            (gui / 'x.h').write_text('#include "game/gui/y.h"\n')
            (gui / 'y.h').write_text('')
            (gui / 'y.cpp').write_text('#include "game/gui/y.h"\n#include "game/gui/x.h"\n')
            found = problems(root)
            self.assertEqual(len(found), 2, found)
            self.assertIn('game/gui/a_screen.cpp includes the screen header game/gui/b_screen.h', found[0])
            self.assertIn('game/gui/x -> game/gui/y -> game/gui/x', found[1])
            (gui / 'y.cpp').write_text('#include "game/gui/y.h"\n')
            (gui / 'a_screen.cpp').write_text('#include "game/gui/a_screen.h"\n')
            self.assertEqual(problems(root), [])


if __name__ == '__main__':
    IncludeGraph.root = pathlib.Path(sys.argv.pop(1)).resolve()
    unittest.main()
