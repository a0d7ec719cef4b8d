#!/usr/bin/env bash
# engine_ext.sh: external engines in a match: `maxtune uci` started as a separate process
# ([engine_x] command), spoken to over the UCI-style protocol, against the in-process engine.
# Prints one "PASS name" or "FAIL name" line per check; exits 1 if any failed.
# Environment: BIN, the program (default bin/maxtune). Runs in a mktemp -d folder under /tmp.
set -u
NAME=engine_ext
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"

CFG=$T/ext.ini
cat >"$CFG" <<'INI'
[run]
job = match
name = ext
seed = 11
threads = 2

[engine_a]
name = inproc
nodes = 400
hash_mb = 1

[engine_b]
name = other
weights = material
nodes = 400
hash_mb = 1

[match]
pairs = 6
INI
# The argument vector of the external maxtune; a quoted word keeps its space.
EXT="$BIN uci"

run "$CFG" --set run.results_dir="$T/x1" --set "engine_a.command=$EXT" \
    --set "engine_a.options=Hash=1"
check "a match with an external engine finishes (exit 0)" eval \
    '[ $RC -eq 0 ] && [ -f $T/x1/ext/summary.json ] && has $T/x1/ext/summary.json "\"games\": 12,"'
check "its games replay cleanly" eval '"$BIN" replay $T/x1/ext/games.pgn >/dev/null 2>&1'
check "no engine failed: no engines.log" eval '[ ! -e $T/x1/ext/engines.log ]'

# A Windows engine: every line it writes ends in CR LF (tests/engines/crlf.sh). The CR is not
# part of the line: the same games as the engine above, and no fault.
run "$CFG" --set run.results_dir="$T/crlf" --set "engine_a.command=$PWD/tests/engines/crlf.sh $EXT" \
    --set "engine_a.options=Hash=1"
check "CR LF engine: the match finishes, no engine fault (no engines.log)" eval \
    '[ $RC -eq 0 ] && has $T/crlf/ext/summary.json "\"games\": 12," && [ ! -e $T/crlf/ext/engines.log ]'
check "CR LF engine: games.pgn identical to the LF engine's" same "$T/x1/ext/games.pgn" \
    "$T/crlf/ext/games.pgn"

# The command is never given to a shell: a word with shell syntax is the program's name.
run "$CFG" --set run.results_dir="$T/x2" --set "engine_a.command=$BIN uci; touch $T/pwned"
check "shell syntax is not run: the program takes 'uci;' as an argument, no file made" eval \
    '[ ! -e $T/pwned ]'
run "$CFG" --set run.results_dir="$T/x3" --set "engine_a.command=$T/no-such-engine uci"
check "a missing program is refused before the match (exit 2, named)" eval \
    '[ $RC -eq 2 ] && has $T/err "no-such-engine" && has $T/err "not found"'
run "$CFG" --set run.results_dir="$T/x4" --set run.job=selfplay --set "engine_a.command=$EXT"
check "external engines not in selfplay jobs (exit 2)" eval \
    '[ $RC -eq 2 ] && has $T/err "external engines play in match and tournament jobs"'
check "a refused run leaves no results folder (the job's players are checked first)" eval \
    '[ ! -e $T/x4 ] && [ ! -e $T/x3 ]'
run "$CFG" --set run.results_dir="$T/x5" --set run.job=selfplay --set engine_a.tc=2+0.02
check "a time control outside match/tournament: exit 2 naming the file, no folder" eval \
    '[ $RC -eq 2 ] && has $T/err "time controls are for match and tournament jobs only" && has $T/err "$CFG" && [ ! -e $T/x5 ]'

# working_dir: the engine runs there (the program is still found from the runner's folder).
mkdir "$T/wd"
run "$CFG" --set run.results_dir="$T/w1" --set match.pairs=1 --set engine_a.working_dir="$T/wd" \
    --set "engine_a.command=$PWD/tests/engines/broken.sh mark 0 $EXT"
check "working_dir: the engine runs in it, and plays" eval \
    '[ $RC -eq 0 ] && [ -f $T/wd/engine-was-here ] && [ ! -e $T/w1/ext/engines.log ]'
# affinity: the playing thread pins itself, and so the engine it starts, to one CPU (on, or
# auto with one thread); off leaves the engine the runner's CPUs.
mine=$(awk '/^Cpus_allowed_list:/ {print $2}' /proc/self/status)
for mode in on auto off; do
    rm -f "$T/wd/engine-was-here"
    run "$CFG" --set run.results_dir="$T/af-$mode" --set match.pairs=1 --set run.threads=1 \
        --set run.affinity=$mode --set engine_a.working_dir="$T/wd" \
        --set "engine_a.command=$PWD/tests/engines/broken.sh mark 0 $EXT"
    eval "cpus_$mode=\$(cat \"$T/wd/engine-was-here\" 2>/dev/null)"
done
check "affinity on and auto (1 thread): the engine may run on one CPU only ($cpus_on, $cpus_auto)" \
    eval '[[ $cpus_on =~ ^[0-9]+$ ]] && [[ $cpus_auto =~ ^[0-9]+$ ]]'
check "affinity off: the engine may run on the runner's CPUs ($cpus_off = $mine)" \
    [ "$cpus_off" = "$mine" ]
check "the pinned games are the unpinned ones" \
    cmp -s "$T/af-on/ext/games.pgn" "$T/af-off/ext/games.pgn"
run "$CFG" --set run.results_dir="$T/af-bad" --set run.affinity=maybe
check "affinity: a value other than auto, on, off is refused (exit 2, named)" eval \
    '[ $RC -eq 2 ] && has $T/err "affinity"'
run "$CFG" --set run.results_dir="$T/w2" --set match.pairs=1 --set engine_a.working_dir="$T/nowhere" \
    --set "engine_a.command=$EXT"
check "a working_dir that does not exist is refused before the match (exit 2, named)" eval \
    '[ $RC -eq 2 ] && has $T/err "working_dir" && has $T/err "nowhere"'

# --- equivalence: `maxtune uci` at go nodes N plays the in-process engine's games ----------
# Same config and seed; the external engines get the in-process ones' hash size and weights as
# options. The score adjudication (resign, draw) reads the score of the last info line, so the
# adjudicated games must match too: the reference has resignations.
run "$CFG" --set run.results_dir="$T/ref" --set match.pairs=12
REF=$T/ref/ext
check "reference (both in-process) finishes, with resign adjudications" eval \
    '[ $RC -eq 0 ] && grep -Eq "\"adjudication: resign\": [1-9]" $REF/summary.json'
run "$CFG" --set run.results_dir="$T/e1" --set match.pairs=12 --set "engine_a.command=$EXT" \
    --set "engine_a.options=Hash=1"
check "external A vs in-process B: games.pgn identical to the reference" \
    same "$REF/games.pgn" "$T/e1/ext/games.pgn"
check "external A vs in-process B: summary.json identical" \
    same "$REF/summary.json" "$T/e1/ext/summary.json"
run "$CFG" --set run.results_dir="$T/e2" --set match.pairs=12 --set run.threads=1 \
    --set "engine_a.command=$EXT" --set "engine_a.options=Hash=1" \
    --set "engine_b.command=$EXT" --set "engine_b.options=Hash=1, Weights=material"
check "both external (1 thread): games.pgn identical to the reference" \
    same "$REF/games.pgn" "$T/e2/ext/games.pgn"
check "both external: summary.json identical" same "$REF/summary.json" "$T/e2/ext/summary.json"
# The comparison sees a difference: one node more per move on the external side changes games.
run "$CFG" --set run.results_dir="$T/e3" --set match.pairs=12 --set "engine_a.command=$EXT" \
    --set "engine_a.options=Hash=1" --set engine_a.nodes=401
check "control: external at 401 nodes plays other games than the reference at 400" eval \
    '[ $RC -eq 0 ] && ! same $REF/games.pgn $T/e3/ext/games.pgn'

# --- time controls (not reproducible: the clocks measure real time) ------------------------
BROKEN=$PWD/tests/engines/broken.sh
run "$CFG" --set run.results_dir="$T/tc1" --set match.pairs=2 --set engine_a.nodes=0 \
    --set engine_a.tc=1+0.01 --set engine_b.nodes=0 --set engine_b.tc=40/1 \
    --set "engine_b.command=$EXT"
check "tc: in-process 1+0.01 against external 40/1 finishes, no time forfeit, replays" eval \
    '[ $RC -eq 0 ] && has $T/tc1/ext/summary.json "\"time forfeit\": 0," &&
     "$BIN" replay $T/tc1/ext/games.pgn >/dev/null 2>&1'
# An engine that takes 300 ms a move with 0.5 s on its clock and no increment (margin 100 ms)
# oversteps it by its third move at the latest: every game is its loss on time (one pair: a
# third forfeit in a row would stop the run, tests/engine_loud.sh).
run "$CFG" --set run.results_dir="$T/tc2" --set match.pairs=1 --set engine_a.tc=0.5 \
    --set "engine_a.command=$BROKEN slow 300 $EXT" --set match.tc_margin_ms=100
S=$T/tc2/ext/summary.json
check "tc: a slow engine loses every game on time (PGN Termination \"time forfeit\")" eval \
    '[ $RC -eq 0 ] && has $S "\"time forfeit\": 2," && has $S "\"losses\": 2," &&
     [ "$(grep -c "^\[Termination \"time forfeit\"\]" $T/tc2/ext/games.pgn)" -eq 2 ]'
check "tc: the forfeits replay (the side to move lost)" eval \
    '"$BIN" replay $T/tc2/ext/games.pgn >/dev/null 2>&1'
check "tc: engines.log names each forfeit and shows the clocks sent" eval \
    '[ "$(grep -c "^=== .* inproc (.*) loses by time forfeit" $T/tc2/ext/engines.log)" -eq 2 ] &&
     grep -q "^> go nodes 400 wtime 500 btime 500 winc 0 binc 0$" $T/tc2/ext/engines.log'
run "$CFG" --set run.results_dir="$T/tc3" --set match.pairs=1 --set engine_a.tc=x+1
check "tc: a malformed time control is refused (exit 2)" eval \
    '[ $RC -eq 2 ] && has $T/err "expected [moves/]base[+increment]"'

echo "engine_ext: $((SECONDS - start)) s"
exit $((failures > 0))
