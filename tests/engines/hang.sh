#!/usr/bin/env bash
# Never answers go: reads and ignores everything after it, even stop and quit.
NAME="Hanger"
source "$(dirname "$0")/lib.sh"
on_go() {
    while IFS= read -r _; do :; done
    exit 0
}
uci_loop
