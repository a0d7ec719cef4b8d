#!/usr/bin/env bash
# maxima_only.sh: an engine that plays Maxima alone, for tests/ultima_runs.sh. Usage:
# maxima_only.sh PROGRAM ARGS... It runs PROGRAM ARGS (e.g. bin/maxtune uci) with the
# `option name UCI_Variant ...` line of its handshake left out, so that it advertises no game.
set -u
"$@" | grep --line-buffered -v '^option name UCI_Variant '
