#!/usr/bin/env bash
# A well-behaved scripted engine: plays a legal move at once.
NAME="Scripted Mover"
source "$(dirname "$0")/lib.sh"
uci_loop
