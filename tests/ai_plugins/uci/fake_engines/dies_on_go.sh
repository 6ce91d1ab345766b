#!/bin/sh
# SPDX-License-Identifier: MIT
# A fake UCI engine that exits with status 3 when asked to search.
while read -r line; do
  case "$line" in
    uci) echo "uciok" ;;
    isready) echo "readyok" ;;
    go*) exit 3 ;;
  esac
done
