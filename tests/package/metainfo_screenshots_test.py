#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Checks the AppStream metainfo's screenshots against the repository: each
image's address is the homepage's followed by a file's path in the repository
(what the address will be once the site publishes the repository's docs/), the
file exists, and it is a PNG of the width and height the metainfo states.

    /usr/bin/python3 tests/package/metainfo_screenshots_test.py SOURCE_DIR
"""
import struct
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path


def png_size(path):
    """(width, height) of a PNG file, from its IHDR chunk; None if it is not a PNG."""
    with open(path, "rb") as f:
        head = f.read(24)
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", head[16:24])


def main():
    root = Path(sys.argv[1])
    metainfo = next((root / "packaging").glob("*.metainfo.xml"))
    tree = ElementTree.parse(metainfo)
    homepage = tree.find("url[@type='homepage']").text.rstrip("/") + "/"
    problems, images = [], tree.findall("screenshots/screenshot/image")
    for image in images:
        address = image.text.strip()
        if not address.startswith(homepage):
            problems.append("%s is not under the homepage %s" % (address, homepage))
            continue
        file = root / address[len(homepage):]
        size = png_size(file) if file.is_file() else None
        stated = (int(image.get("width")), int(image.get("height")))
        if not file.is_file():
            problems.append("%s: no file %s in the repository" % (address, file.relative_to(root)))
        elif size != stated:
            problems.append("%s: the metainfo says %dx%d, the file is %s" % (
                address, stated[0], stated[1], "not a PNG" if size is None else "%dx%d" % size))
    if not images:
        problems.append("the metainfo has no screenshots")
    for problem in problems:
        print("metainfo_screenshots_test: " + problem, file=sys.stderr)
    if problems:
        return 1
    print("metainfo_screenshots_test: %d screenshots, each a file of the repository at its stated size" % len(images))
    return 0


if __name__ == "__main__":
    sys.exit(main())
