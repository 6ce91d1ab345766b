# SPDX-License-Identifier: MIT
"""EPD lines for the bench scripts (the C++ side reads them with core/chess/epd.h)."""

import re


def fen_of(epd_line):
    """The FEN of an EPD line (its four fields, with the move counters of 'hmvc'/'fmvn' or 0 1); None if too short."""
    fields = epd_line.split()
    if len(fields) < 4:
        return None
    halfmove = re.search(r"\bhmvc (\d+);", epd_line)
    fullmove = re.search(r"\bfmvn (\d+);", epd_line)
    return " ".join(fields[:4] + [halfmove.group(1) if halfmove else "0", fullmove.group(1) if fullmove else "1"])
