#!/usr/bin/env bash
# make test: alone (it measures time: run by itself, after the tests that run side by side)
# engine_clock.sh: the runner's clocks for external engines with a time control, as the engines
# see them (tests/engines/clock.sh records every `go` and takes as long as it is told).
#
# Sessions (tc = 3/1.5, both players): each `go` names the mover's own time with movestogo 3, 2,
# 1, 3, ...; the own time falls within a session and grows (the next 1.5 s added) only on the
# first move of the next, and the opponent's time, read at the same `go`, does the same by the
# opponent's moves. The forfeit margin ([match] tc_margin_ms = 1500, tc = 0.1): a first move of
# 250 ms (over the 100 ms on the clock, within the margin) does not lose; one of 2500 ms does,
# with either colour. Not reproducible (real time), so each gap is wide: a loaded machine (three
# processes on 2 cores failed the 350 ms move against a 700 ms allowance once) makes the 250 ms
# move slower, and it still has 1350 ms to spare; it cannot make the 2500 ms move (a sleep)
# shorter, so that one forfeits however busy the machine, 900 ms past the allowance. A margin
# ignored forfeits the first, one not applied spares the second: either fails a check. Prints one "PASS name" or "FAIL name" line per check; exits
# 1 if any failed. Environment: BIN (default bin/maxtune).
set -u
NAME=engine_clock
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"

CLOCK=$PWD/tests/engines/clock.sh
CFG=$T/clock.ini
cat >"$CFG" <<'INI'
[run]
job = match
name = clk
seed = 11
threads = 2

[engine_a]
name = timed
nodes = 400
hash_mb = 1

[engine_b]
name = other
weights = material
nodes = 400
hash_mb = 1

[match]
pairs = 1
max_plies = 10
INI

# Sets ENGINES to the options that make each engine a clock.sh proxy of `maxtune uci`, logging
# to $T/$1-a.log and $T/$1-b.log, with the delays $2 (engine_a) and $3 (engine_b).
engines() {
    ENGINES=(--set "engine_a.command=$CLOCK $T/$1-a.log $2 $BIN uci"
        --set "engine_b.command=$CLOCK $T/$1-b.log $3 $BIN uci")
}

# Checks one engine's go lines ($1) for sessions of 3 moves and base $2 ms (no increment):
# prints the first line that breaks the rules (nothing when all hold).
session_errors() {
    awk -v moves=3 -v base="$2" '
    function val(key,   i) { for (i = 4; i < NF; i++) if ($i == key) return $(i + 1); return "" }
    {
        pid = $1; side = $2; n = $3 + 0
        own = side == "w" ? val("wtime") : val("btime")
        opp = side == "w" ? val("btime") : val("wtime")
        mtg = val("movestogo")
        want = moves - (n - 1) % moves
        if (mtg != want) { print "move " n ": movestogo " mtg ", want " want ": " $0; exit }
        if (n == 1 && own != base) { print "move 1: own time " own ", want " base ": " $0; exit }
        if (n > 1) {
            renew = (n - 1) % moves == 0
            if (renew && own <= last_own[pid]) { print "move " n ": own time " own " not above " last_own[pid] " (a new session): " $0; exit }
            if (!renew && own >= last_own[pid]) { print "move " n ": own time " own " not below " last_own[pid] " (within a session): " $0; exit }
        }
        # The opponent has made k moves: as many as we have (we are Black) or one fewer.
        k = side == "w" ? n - 1 : n
        if (k == 0 && opp != base) { print "move " n ": opponent time " opp ", want " base ": " $0; exit }
        if (n > 1) {
            renew = k % moves == 0
            if (renew && opp <= last_opp[pid]) { print "move " n ": opponent time " opp " not above " last_opp[pid] " (its new session): " $0; exit }
            if (!renew && opp >= last_opp[pid]) { print "move " n ": opponent time " opp " not below " last_opp[pid] " (within its session): " $0; exit }
        }
        last_own[pid] = own; last_opp[pid] = opp
    }' "$1"
}

# --- sessions of 3 moves in 1.5 s (ample on a busy machine), each move 10 ms at least --------------------------------
engines s 10 10
run "$CFG" --set run.results_dir="$T/s" --set engine_a.tc=3/1.5 --set engine_b.tc=3/1.5 \
    "${ENGINES[@]}"
check "sessions: the match finishes without a time forfeit" eval \
    '[ $RC -eq 0 ] && has $T/s/clk/summary.json "\"time forfeit\": 0,"'
for e in a b; do
    err=$(session_errors "$T/s-$e.log" 1500)
    n=$(grep -c . "$T/s-$e.log")
    check "sessions: engine_$e's $n go lines: movestogo 3 2 1, time added on the first move of a session${err:+ ($err)}" \
        [ -z "$err" -a "$n" -eq 10 ]
done

# --- the forfeit margin: 1500 ms over a 100 ms clock ---------------------------------------
# engine_a's first move takes $2 ms: 250 is within the margin, 2500 is not. It plays White in
# one game and Black in the other.
margin() {
    engines "$1" "$2,0" 0
    run "$CFG" --set run.results_dir="$T/$1" --set engine_a.tc=0.1 --set match.tc_margin_ms=1500 \
        --set engine_b.tc=0.1 --set match.max_plies=4 "${ENGINES[@]}"
}
margin m1 250
check "margin: a 250 ms first move on a 100 ms clock, margin 1500 ms: no forfeit, either colour" \
    eval '[ $RC -eq 0 ] && has $T/m1/clk/summary.json "\"time forfeit\": 0," &&
          [ "$(grep -c "^\[Termination \"adjudication\"\]" $T/m1/clk/games.pgn)" -eq 2 ]'
margin m2 2500
check "margin: a 2500 ms first move on a 100 ms clock, margin 1500 ms: lost on time, as White and as Black" \
    eval '[ $RC -eq 0 ] && has $T/m2/clk/summary.json "\"time forfeit\": 2," &&
          has $T/m2/clk/summary.json "\"losses\": 2," &&
          [ "$(grep -c "^\[Termination \"time forfeit\"\]" $T/m2/clk/games.pgn)" -eq 2 ] &&
          [ "$(grep -c "^\[PlyCount \"[01]\"\]" $T/m2/clk/games.pgn)" -eq 2 ]'

echo "engine_clock: $((SECONDS - start)) s"
exit $((failures > 0))
