#!/usr/bin/env bash
# Floods: a legal first move, then `info` lines without end instead of a
# second one.
NAME="Flooder"
source "$(dirname "$0")/lib.sh"
on_go() {
    if (($1 == 1)); then
        echo "bestmove $(legal_move)"
    else
        exec yes "info string flood"
    fi
}
uci_loop
