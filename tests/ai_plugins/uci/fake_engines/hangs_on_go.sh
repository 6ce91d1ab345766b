#!/bin/sh
# SPDX-License-Identifier: MIT
# A fake UCI engine that never answers a search and ignores stop and quit.
trap '' TERM
while read -r line; do
  case "$line" in
    uci) echo "uciok" ;;
    isready) echo "readyok" ;;
    go*) while :; do sleep 1; done ;;
  esac
done
