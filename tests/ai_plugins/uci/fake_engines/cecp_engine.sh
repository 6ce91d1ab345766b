#!/bin/sh
# SPDX-License-Identifier: MIT
# A fake XBoard (CECP) engine for the uci plugin's tests, set by two arguments
# ('_' stands for a space in both, as the plugin splits its args at spaces):
#  $1  its features, e.g. "ping=1_usermove=1_san=1" or 'option="Skill_-spin_5_0_20"';
#      "feature ... done=1" is sent unless $1 has done=..., so "done=0" means
#      it never finishes; "none" sends no feature at all (a protocol-1 engine).
#  $2  its answer to "go": "move_e7e5", "My_move_is:_e7e5", "resign",
#      "1-0_{White_mates}", ...; "exit3" exits with status 3 instead, "hang"
#      never answers and ignores '?', quit and SIGTERM.
# It answers "ping N" with "pong N", echoes every line it gets as a "# got"
# comment (so the test's log shows what it understood), and checks the moves
# it is sent as the protocol says: with usermove=1 only "usermove MOVE" (a bare
# move is an unknown command), without it only a bare move; with san=1 no
# coordinates, without it only coordinates (else "Illegal move").
features=$(echo "$1" | tr '_' ' ')
reply=$(echo "$2" | tr '_' ' ')
usermove=
san=
editing=
case " $features " in *" usermove=1 "*) usermove=1 ;; esac
case " $features " in *" san=1 "*) san=1 ;; esac

check_move() {  # $1: the move as sent
  case "$1" in
    [a-h][1-8][a-h][1-8]|[a-h][1-8][a-h][1-8][qrbn]) coordinates=1 ;;
    *) coordinates= ;;
  esac
  if [ -n "$san" ] && [ -n "$coordinates" ]; then echo "Illegal move: $1"; fi
  if [ -z "$san" ] && [ -z "$coordinates" ]; then echo "Illegal move: $1"; fi
}

while read -r line; do
  echo "# got $line"
  case "$line" in
    protover*)
      if [ "$features" != none ]; then
        case "$features" in
          *done=*) echo "feature $features" ;;
          *) echo "feature $features done=1" ;;
        esac
      fi ;;
    ping*) echo "pong ${line#ping }" ;;
    go)
      case "$reply" in
        exit*) exit "${reply#exit}" ;;
        hang) trap '' TERM; while :; do sleep 1; done ;;
        *) echo "$reply" ;;
      esac ;;
    quit) exit 0 ;;
    edit) editing=1 ;;
    .) editing= ;;
    "usermove "*)
      if [ -n "$usermove" ]; then check_move "${line#usermove }"; else echo "Error (unknown command): $line"; fi ;;
    [a-h][1-8x]*|[KQRBN][a-h1-8x]*|O-O*)
      if [ -n "$editing" ]; then :; elif [ -n "$usermove" ]; then echo "Error (unknown command): $line"; else check_move "$line"; fi ;;
  esac
done
