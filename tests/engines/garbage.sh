#!/usr/bin/env bash
# Prints garbage: noise lines around a legal first move, then a garbage bestmove.
NAME="Garbage Printer"
source "$(dirname "$0")/lib.sh"
on_go() {
    printf 'info depth x score cp nonsense pv\n'
    printf '\xff\xfe\x00 binary \x1b[31m noise\n'
    printf 'bestmovebestmove\n\n   \n'
    head -c 100000 /dev/zero | tr '\0' 'g'
    printf '\n'
    if (($1 == 1)); then
        echo "bestmove $(legal_move) ponder"
    else
        echo "bestmove ?!garbage!?"
    fi
}
uci_loop
