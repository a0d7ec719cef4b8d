#!/usr/bin/env bash
# make test: alone (it measures time: run by itself, after the tests that run side by side)
# engine_loud.sh: broken external engines fail loudly (README "Misbehaving engines"): an engine
# that cannot start (a program that does not exist, one that dies at the handshake or gives no
# uciok in time, before the first game or at a restart) or that loses 3 games in a row the same
# way (not faults of different kinds, nor faults with a sound game between them) stops the run
# with exit 1 and one line naming it, its command and its stderr; one that
# cannot start leaves no results folder the run made (a resumed run's is kept); the finished
# games stay in the journal and a rerun resumes. [engine_x] options and [spsa] options are checked against the
# options the engine advertises (unknown, wrong type, out of range, refused with `info string
# error`) before the first game. [run] engine_log = all keeps every game's traffic.
# Prints one "PASS name" or "FAIL name" line per check; exits 1 if any failed.
# Environment: BIN, the program (default bin/maxtune). Runs in a mktemp -d folder under /tmp.
set -u
NAME=engine_loud
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"

# ENG, a copy under $T of broken.sh, and CFG: a match of 3 pairs on 1 thread.
broken_match 1 3
# Number of games of folder $1's games.pgn with Termination $2.
terms() { grep -c "^\[Termination \"$2\"\]$" "$1/games.pgn"; }
# One line of $T/err holds every fixed string given.
line_has() {
    local l
    l=$(cat "$T/err")
    for s in "$@"; do
        l=$(grep -F -- "$s" <<<"$l") || return 1
    done
}

# --- engines that cannot start -----------------------------------------------------------
run "$CFG" --set run.results_dir="$T/none" --set engine_a.command=/nonexistent
check "command = /nonexistent: exit 2, one line naming the program, no results folder" eval \
    '[ $RC -eq 2 ] && [ "$(wc -l <$T/err)" -eq 1 ] && line_has "/nonexistent" "not found" &&
     [ ! -e $T/none ]'
run "$CFG" --set run.results_dir="$T/typo" --set "engine_a.command=bash $T/typo.sh"
check "a program that does not exist: exit 1, one line with the player, command and stderr" eval \
    '[ $RC -eq 1 ] && line_has "[engine_a] broken" "command: bash $T/typo.sh" \
        "cannot start: it exited with status 127 before uciok" "its stderr: " "typo.sh" &&
     [ ! -e $T/typo/f/summary.json ] && ! grep -qs finished $T/typo/f/run.txt'
check "an engine that cannot start: one line, no results folder left (nor its results_dir)" eval \
    '[ "$(wc -l <$T/err)" -eq 1 ] && [ ! -e $T/typo ]'
mkdir -p "$T/wd1" "$T/wd2" "$T/wd3"
run "$CFG" --set run.results_dir="$T/die1" --set "engine_a.command=$ENG dieuci 1 $BIN uci" \
    --set engine_a.working_dir="$T/wd1"
check "an engine dying at the handshake: exit 1 before the first game, its stderr quoted" eval \
    '[ $RC -eq 1 ] && line_has "[engine_a] broken" "exited with status 5 before uciok" \
        "broken.sh: dying at uci, start 1" && [ ! -s $T/die1/f/checkpoint.journal ] &&
     [ ! -e $T/die1 ]'
run "$CFG" --set run.results_dir="$T/die2" --set "engine_a.command=$ENG dieuci 2 $BIN uci" \
    --set engine_a.working_dir="$T/wd2"
check "an engine dying at the handshake of a game: the run stops at once, exit 1" eval \
    '[ $RC -eq 1 ] && line_has "engine broken (command: $ENG dieuci 2" \
        "exited with status 5 before uciok" "dying at uci, start 2" "the run stops" &&
     [ "$(grep -c "^maxtune: opening .* loses by abandoned" $T/err)" -eq 1 ]'
# Start 1 (the start check) answers; start 2, the first game's, never does: no more games.
run "$CFG" --set run.results_dir="$T/late2" --set "engine_a.command=$ENG nouciok 2 $BIN uci" \
    --set engine_a.working_dir="$T/wd3" --set engine_a.start_timeout_ms=1500
check "no uciok in time at the start of a game: the run stops at once, exit 1" eval \
    '[ $RC -eq 1 ] && line_has "engine broken (command: $ENG nouciok 2" \
        "cannot start: no uciok in time" "the run stops" &&
     [ "$(grep -c "^maxtune: opening .* loses by abandoned" $T/err)" -eq 1 ] &&
     [ ! -e $T/late2/f/summary.json ]'

# --- three faults in a row ---------------------------------------------------------------
export BROKEN_SOUND_IF=$T/sound-now
run "$CFG" --set run.results_dir="$T/row" --set "engine_a.command=$ENG crash 3 $BIN uci"
check "3 crashes in a row: exit 1, one line naming the engine, the count and its stderr" eval \
    '[ $RC -eq 1 ] && line_has "engine broken" "3 games in a row lost by abandoned" \
        "its stderr: broken.sh: crashing at go 3" "checkpoint.journal, rerun the same command"'
check "each fault was printed on the terminal as it happened (3 lines)" eval \
    '[ "$(grep -c "^maxtune: opening [01], game [12]: broken (.*) loses by abandoned" $T/err)" -eq 3 ]'
check "the finished pair is kept in the journal, no summary" eval \
    '[ "$(grep -vc "^#" $T/row/f/checkpoint.journal)" -ge 1 ] && [ ! -e $T/row/f/summary.json ]'
cp "$T/row/f/checkpoint.journal" "$T/row.journal"
run "$CFG" --set run.results_dir="$T/row" --set "engine_a.command=bash $T/typo.sh"
check "an engine that cannot start at a resume: exit 1, the folder and its checkpoint kept" eval \
    '[ $RC -eq 1 ] && line_has "cannot start" && same $T/row/f/checkpoint.journal $T/row.journal'
touch "$BROKEN_SOUND_IF"
run "$CFG" --set run.results_dir="$T/row" --set "engine_a.command=$ENG crash 3 $BIN uci"
check "the rerun (the engine mended) resumes and finishes with the 2 abandoned games" eval \
    '[ $RC -eq 0 ] && has $T/err "resuming: 1 pairs already played" &&
     [ "$(grep -c "^\[Termination \"abandoned\"\]$" $T/row/f/games.pgn)" -eq 2 ]'
rm -f "$BROKEN_SOUND_IF"
run "$CFG" --set run.results_dir="$T/row0" --set "engine_a.command=$ENG crash 3 $BIN uci" \
    --set match.fault_stop=0
check "fault_stop = 0: the crashes never stop the run: all 6 games played (and abandoned: exit 1)" eval \
    '[ $RC -eq 1 ] && ! has $T/err "in a row" && has $T/err "all 6 games were abandoned"'

# --- faults of different kinds, faults broken by a sound game -----------------------------
# A flaky engine (broken.sh games: one mode a game) is not stopped: only fault_stop faults of
# the same kind in a row, with no sound game between them, stop a run.
# mixed NAME MODES [--set ...]: the 3-pair match with engine A playing game n as MODES' n-th.
mixed() {
    local name=$1 modes=$2
    shift 2
    mkdir -p "$T/wd-$name"
    run "$CFG" --set run.results_dir="$T/$name" --set "engine_a.command=$ENG games $modes $BIN uci" \
        --set engine_a.working_dir="$T/wd-$name" --set engine_a.timeout_ms=1000 "$@"
}
mixed mix crash,hang,crash,hang,crash,hang
check "a crash, a time loss, a crash, ... (6 faults, never twice the same in a row): the run finishes, exit 0" eval \
    '[ $RC -eq 0 ] && ! has $T/err "in a row" && [ "$(terms $T/mix/f abandoned)" -eq 3 ] &&
     [ "$(terms $T/mix/f "time forfeit")" -eq 3 ]'
mixed gap crash,crash,ok,crash,crash,ok
check "two crashes, a sound game, two crashes, a sound game: the run finishes, exit 0" eval \
    '[ $RC -eq 0 ] && ! has $T/err "in a row" && [ "$(terms $T/gap/f abandoned)" -eq 4 ]'
mixed two crash,hang,hang --set match.fault_stop=2
check "fault_stop = 2: a crash, then two time losses: the run stops at the second, exit 1" eval \
    '[ $RC -eq 1 ] && line_has "engine broken" "2 games in a row lost by time forfeit" &&
     [ "$(grep -c "^maxtune: opening [01], game [12]: broken (.*) loses by" $T/err)" -eq 3 ]'

# --- options checked against the engine's option lines -----------------------------------
opt() {
    run "$CFG" --set run.results_dir="$T/opt" --set "engine_a.command=$BIN uci" "$@"
}
opt --set "engine_a.options=Hash=1, NodesPtc=50"
check "an unknown option: exit 2, the section, the option and what the engine advertises" eval \
    '[ $RC -eq 2 ] && line_has "[engine_a] options: NodesPtc=50: unknown option" \
        "the engine advertises" "Hash, Weights"'
opt --set "engine_a.options=Hash=lots"
check "a wrong-typed option value: exit 2, the option's type and range" eval \
    '[ $RC -eq 2 ] && line_has "[engine_a] options: Hash=lots: not an integer" \
        "a spin option in [1, 65536]"'
opt --set "engine_a.options=pincer=5000"
check "an option value out of its advertised range: exit 2" eval \
    '[ $RC -eq 2 ] && line_has "[engine_a] options: pincer=5000: out of range" "[0, 1500]"'
opt --set "engine_a.options=hash=1, PINCER=1500, Mob_Pincer=-20" --set match.pairs=1 \
    --set run.engine_log=all
check "options at the ends of their advertised ranges, names in another case: accepted and set" eval \
    '[ $RC -eq 0 ] && has $T/opt/f/engines.log "> setoption name PINCER value 1500" &&
     has $T/opt/f/engines.log "> setoption name Mob_Pincer value -20" &&
     ! has $T/opt/f/engines.log "info string error"'
rm -rf "$T/opt"
opt --set "engine_a.options=Weights=$T/none.weights"
check "info string error after setoption: exit 2, the engine's line quoted" eval \
    '[ $RC -eq 2 ] && line_has "[engine_a] options: the engine refused an option" \
        "info string error: Weights"'
check "no game was played for a refused option" eval '[ ! -s $T/opt/f/checkpoint.journal ]'
SP=(--set run.job=spsa --set spsa.iterations=2 --set spsa.pairs_per_iteration=1
    --set spsa.verify_pairs=0 --set "engine_a.command=$BIN uci")
run "$CFG" --set run.results_dir="$T/sp1" "${SP[@]}" --set "spsa.options=pincer:100:0:5000"
check "an SPSA range outside the advertised one: exit 2, before the first game" eval \
    '[ $RC -eq 2 ] && line_has "[spsa] options: pincer: the range [0, 5000]" "in [0, 1500]" &&
     [ "$(wc -l <$T/sp1/f/checkpoint.journal)" -le 1 ]'
run "$CFG" --set run.results_dir="$T/sp3" "${SP[@]}" --set "spsa.options=pincer:100:-1:1500"
check "an SPSA range below the advertised minimum: exit 2 (its exact range, [0, 1500], is spsa_options.sh's)" eval \
    '[ $RC -eq 2 ] && line_has "[spsa] options: pincer: the range [-1, 1500]" "in [0, 1500]"'
run "$CFG" --set run.results_dir="$T/sp2" "${SP[@]}" --set "spsa.options=MageValu:700:0:1500"
check "an SPSA option the engine does not have: exit 2" eval \
    '[ $RC -eq 2 ] && line_has "[spsa] options: MageValu: unknown option"'

# --- engine_log = all ----------------------------------------------------------------------
run "$CFG" --set run.results_dir="$T/all" --set "engine_a.command=$BIN uci" \
    --set match.pairs=2 --set run.engine_log=all
check "engine_log = all: every game's traffic in engines.log" eval \
    '[ $RC -eq 0 ] && [ "$(grep -c "^=== opening [01], game [12]: broken" $T/all/f/engines.log)" -eq 4 ] &&
     [ "$(grep -c "^> go nodes 300" $T/all/f/engines.log)" -gt 8 ] && has $T/all/f/engines.log "< uciok"'
run "$CFG" --set run.results_dir="$T/fail" --set "engine_a.command=$BIN uci" --set match.pairs=2
check "engine_log by default (failures): no log for sound games, same games, no key in config.ini" eval \
    '[ $RC -eq 0 ] && [ ! -e $T/fail/f/engines.log ] && same $T/fail/f/games.pgn $T/all/f/games.pgn &&
     ! grep -q engine_log $T/fail/f/config.ini && grep -q "^engine_log = all" $T/all/f/config.ini'

echo "engine_loud: $((SECONDS - start)) s"
exit $((failures > 0))
