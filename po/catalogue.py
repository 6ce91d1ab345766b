#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Gambit's translation catalogues: the template (po/gambit.pot) taken from
the sources by xgettext, each language's po/<language>.po kept in step with it,
and the checks a catalogue must pass before it ships.

    po/catalogue.py update             # gambit.pot from the sources; msgmerge into every .po
    po/catalogue.py check              # the template is current; every catalogue complete and sound
    po/catalogue.py pseudo OUT.po      # a test language, qps: every letter marked (Pĺàý)

The languages are listed in po/LINGUAS. The texts are those the sources mark
with tr, trn, trc and N_ (core/util/translation.h); the programs under test/
and the plugins are not searched.
"""

import os
import re
import subprocess
import sys
import tempfile

import polib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PO = os.path.join(ROOT, "po")
TEMPLATE = os.path.join(PO, "gambit.pot")
SEARCHED = ("core", "game", "ai_plugins")
# A placeholder that fill() replaces: {name}; "{{" is a brace.
PLACEHOLDER = re.compile(r"(?<!\{)\{([a-z_][a-z0-9_]*)\}")


def languages():
    with open(os.path.join(PO, "LINGUAS"), encoding="utf-8") as f:
        return [w for line in f for w in line.split("#")[0].split()]


def sources():
    found = []
    for top in SEARCHED:
        for folder, _, files in os.walk(os.path.join(ROOT, top)):
            found += [os.path.relpath(os.path.join(folder, name), ROOT)
                      for name in files if name.endswith((".cpp", ".h"))]
    return sorted(found)


def extract(out_path):
    """Runs xgettext over the sources into out_path."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as listing:
        listing.write("\n".join(sources()) + "\n")
    try:
        subprocess.run(
            ["xgettext", "--language=C++", "--from-code=UTF-8", "--keyword", "--keyword=tr",
             "--keyword=trn:1,2", "--keyword=trc:1c,2", "--keyword=N_",
             "--add-comments=TRANSLATORS:",
             "--add-location=file", "--sort-by-file", "--package-name=Gambit",
             "--msgid-bugs-address=https://gambitchess.org",
             "--files-from", listing.name, "--output", out_path],
            cwd=ROOT, check=True)
    finally:
        os.unlink(listing.name)


def key(entry):
    return (entry.msgctxt or "", entry.msgid, entry.msgid_plural or "")


def shown(entry):
    text = entry.msgid if entry.msgctxt is None else entry.msgctxt + " | " + entry.msgid
    return text if len(text) < 70 else text[:67] + "..."


def mark_placeholders(path):
    """Flags each text with a {placeholder} python-brace-format, which msgfmt
    --check then checks in every translation (xgettext sets it only for Python)."""
    template = polib.pofile(path)
    for entry in template:
        if placeholders(entry.msgid) | placeholders(entry.msgid_plural or ""):
            if "python-brace-format" not in entry.flags:
                entry.flags.append("python-brace-format")
    template.save(path)


def without_date(text):
    return re.sub(r'"POT-Creation-Date: [^"]*"', "", text)


def update():
    before = open(TEMPLATE, encoding="utf-8").read() if os.path.exists(TEMPLATE) else ""
    extract(TEMPLATE)
    mark_placeholders(TEMPLATE)
    with open(TEMPLATE, encoding="utf-8") as f:
        if before and without_date(f.read()) == without_date(before):
            # The same texts: the template keeps its date, and the catalogues stay as they are.
            with open(TEMPLATE, "w", encoding="utf-8") as out:
                out.write(before)
    for language in languages():
        path = os.path.join(PO, language + ".po")
        if not os.path.exists(path):
            subprocess.run(["msginit", "--no-translator", "--locale", language + ".UTF-8",
                            "--input", TEMPLATE, "--output-file", path], check=True)
            fresh = polib.pofile(path)
            fresh.header = f"Gambit's texts in {language}.\nThis file is distributed under the same license as Gambit (MIT)."
            fresh.metadata["Content-Type"] = "text/plain; charset=UTF-8"
            fresh.metadata["Last-Translator"] = "Gambit's developers"
            fresh.save(path)
        subprocess.run(["msgmerge", "--quiet", "--update", "--backup=none", "--no-fuzzy-matching",
                        "--add-location=file", path, TEMPLATE], check=True)
        # Texts no source marks any more are dropped, not kept as obsolete (#~) entries.
        subprocess.run(["msgattrib", "--no-obsolete", "--output-file", path, path], check=True)
    print(f"{TEMPLATE}: {len(polib.pofile(TEMPLATE))} texts; merged into {', '.join(languages())}")


def placeholders(text):
    return set(PLACEHOLDER.findall(text))


def check_entry(entry, nplurals):
    """The problems of one translated entry, in words."""
    problems = []
    if entry.msgid_plural:
        forms = [entry.msgstr_plural.get(i, "") for i in range(nplurals)]
        if any(not f for f in forms):
            return [f"'{shown(entry)}': not every plural form is translated"]
        allowed = placeholders(entry.msgid) | placeholders(entry.msgid_plural)
        for form in forms:
            if not placeholders(form) <= allowed:
                problems.append(f"'{shown(entry)}': the form '{form}' has a placeholder the English has not")
        if placeholders(forms[-1]) != placeholders(entry.msgid_plural):
            problems.append(f"'{shown(entry)}': the last plural form's placeholders differ from the English")
    else:
        if not entry.msgstr:
            return [f"'{shown(entry)}': not translated"]
        if placeholders(entry.msgstr) != placeholders(entry.msgid):
            problems.append(f"'{shown(entry)}': placeholders {sorted(placeholders(entry.msgstr))}, "
                            f"the English has {sorted(placeholders(entry.msgid))}")
    return problems


def check():
    problems = []
    with tempfile.TemporaryDirectory() as scratch:
        fresh_path = os.path.join(scratch, "fresh.pot")
        extract(fresh_path)
        fresh = {key(e) for e in polib.pofile(fresh_path)}
    template = {key(e) for e in polib.pofile(TEMPLATE)}
    for missing in sorted(fresh - template)[:20]:
        problems.append(f"gambit.pot lacks '{missing[1]}' (run: make pot)")
    for stale in sorted(template - fresh)[:20]:
        problems.append(f"gambit.pot has '{stale[1]}', which no source marks any more (run: make pot)")
    with open(os.path.join(ROOT, "core", "util", "translation.h"), encoding="utf-8") as f:
        listed = re.findall(r'^\s*\{"([A-Za-z_]+)", "[^"]+"\},', f.read(), re.M)
    if listed[1:] != languages():
        problems.append(f"core/util/translation.h lists {listed[1:]} after English, po/LINGUAS {languages()}")
    for language in languages():
        path = os.path.join(PO, language + ".po")
        if not os.path.exists(path):
            problems.append(f"{language}: po/{language}.po is missing (run: make pot)")
            continue
        result = subprocess.run(["msgfmt", "--check", "--output-file=/dev/null", path],
                                capture_output=True, text=True)
        if result.returncode != 0:
            problems.append(f"{language}: msgfmt --check: {result.stderr.strip()}")
        catalogue = polib.pofile(path)
        nplurals = int(re.search(r"nplurals\s*=\s*(\d+)", catalogue.metadata.get("Plural-Forms", "nplurals=2"))
                       .group(1))
        entries = {key(e): e for e in catalogue if not e.obsolete}
        own = []
        for k in sorted(template):
            entry = entries.get(k)
            if entry is None:
                own.append(f"'{k[1]}' is missing (run: make pot)")
            elif "fuzzy" in entry.flags:
                own.append(f"'{shown(entry)}' is marked fuzzy: its translation needs a look")
            else:
                own += check_entry(entry, nplurals)
        problems += [f"{language}: {p}" for p in own[:25]]
        if len(own) > 25:
            problems.append(f"{language}: ... and {len(own) - 25} more")
        print(f"{language}: {len(template)} texts, {len(own)} problems")
    for p in problems:
        print(p, file=sys.stderr)
    return 1 if problems else 0


# Pseudo-translation: each letter a look-alike with a mark, so every word of a
# translated text carries one and a word of plain ASCII letters never met the catalogue.
PSEUDO_LETTERS = str.maketrans("abcdeghijklnorstuwyzACDEGHIJKLNORSTUWYZ",
                               "àƀçďéğĥîĵķĺñöřšťüŵýžÀÇĎÉĞĤÎĴĶĹÑÖŘŠŤÜŴÝŽ")


def pseudo_text(text):
    """text with its letters marked, placeholders ({name}) kept."""
    parts = re.split(r"(\{[a-z_][a-z0-9_]*\})", text)
    return "".join(p if PLACEHOLDER.fullmatch(p) else p.translate(PSEUDO_LETTERS) for p in parts)


def pseudo(out_path):
    """A test language, qps: every text the English one with its letters marked
    (Play: Pĺàý), so a test can tell a translated text from one that never met
    the catalogue."""
    catalogue = polib.pofile(TEMPLATE)
    catalogue.metadata["Language"] = "qps"
    catalogue.metadata["Plural-Forms"] = "nplurals=2; plural=(n != 1);"
    catalogue.metadata["Content-Type"] = "text/plain; charset=UTF-8"
    catalogue.metadata.update({"PO-Revision-Date": catalogue.metadata["POT-Creation-Date"],
                               "Last-Translator": "po/catalogue.py", "Language-Team": "none"})
    for entry in catalogue:
        if entry.msgid_plural:
            entry.msgstr_plural = {0: pseudo_text(entry.msgid), 1: pseudo_text(entry.msgid_plural)}
        else:
            entry.msgstr = pseudo_text(entry.msgid)
        entry.flags = [f for f in entry.flags if f != "fuzzy"]
    catalogue.save(out_path)


def main(argv):
    if len(argv) >= 2 and argv[1] == "update":
        update()
        return 0
    if len(argv) >= 2 and argv[1] == "check":
        return check()
    if len(argv) == 3 and argv[1] == "pseudo":
        pseudo(argv[2])
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
