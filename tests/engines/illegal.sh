#!/usr/bin/env bash
# Plays one legal move, then a move off the board.
NAME="Illegal Mover"
source "$(dirname "$0")/lib.sh"
on_go() {
    if (($1 == 1)); then echo "bestmove $(legal_move)"; else echo "bestmove P@a9"; fi
}
uci_loop
