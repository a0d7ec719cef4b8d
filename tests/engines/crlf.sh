#!/usr/bin/env bash
# crlf.sh: an engine whose every line ends in CR LF, as a Windows engine's do, for
# tests/engine_faults.sh. Usage: crlf.sh PROGRAM ARGS... (e.g. bin/maxtune uci): its input goes to
# PROGRAM unchanged, and a CR is put before each LF of PROGRAM's output.
set -u
"$@" | sed -u 's/$/\r/'
