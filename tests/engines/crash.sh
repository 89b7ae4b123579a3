#!/usr/bin/env bash
# Plays one legal move, then exits without answering: a crash mid-game.
NAME="Crasher"
source "$(dirname "$0")/lib.sh"
on_go() {
    if (($1 == 1)); then echo "bestmove $(legal_move)"; else exit 3; fi
}
uci_loop
