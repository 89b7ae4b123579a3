#!/usr/bin/env bash
# A well-behaved scripted engine that appends every line it is sent to the
# file named by its first argument, so a test can check what it was told.
NAME="Scripted Recorder"
RECORD="$1"
source "$(dirname "$0")/lib.sh"
uci_loop
