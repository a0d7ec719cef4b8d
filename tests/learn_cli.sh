#!/usr/bin/env bash
# learn_cli.sh: the learn job end to end, tiny: two generations of networks, each a train run on
# the positions of the best engine so far and a gate against it. Checks that the run finishes;
# that generation 2's positions come from generation 1's network exactly when generation 1's gate
# kept it, and that report.md's table and summary.json agree with the gates' summary.json; that
# a run killed in generation 2, or stopped before its report, keeps its finished parts when run
# again and writes the same files (and --force the same again);
# that final.nnue is the kept generation's network.nnue (none when none was kept). A run from the
# start's weights (where the tiny networks are rarely kept) and one from a noise network (a start
# generation 1 beats), so that both branches are seen. Bad [learn] keys are refused with exit 2
# and no results folder.
# Prints one "PASS name" or "FAIL name" line per check; exits 1 if any failed.
set -u
NAME=learn_cli
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"

cat >"$T/l.ini" <<'INI'
[run]
job = learn
name = ln
seed = 7
[engine_a]
nodes = 200
hash_mb = 1
[match]
opening_plies = 8
[datagen]
games = 20
skip_plies = 2
[train]
hidden = 32
epochs = 3
batch = 512
validation = 0.1
[learn]
generations = 2
gate_pairs = 4
gate_nodes = 200
gate_hash_mb = 1
INI
CFG=$T/l.ini

# Whether gate g of run folder $1 kept its generation: its 95% interval above 0.
gate_kept() {
    python3 -c 'import json, sys
s = json.load(open(sys.argv[1]))
sys.exit(0 if s["elo"] is not None and s["elo"] - s["elo_error95"] > 0 else 1)' "$1/gate-$2/summary.json"
}

# The net of section [$2] in config.ini $1 ("" without one).
net_of() { awk -v s="[$2]" '/^\[/ { in_s = ($0 == s) } in_s && /^net = / { print $3 }' "$1"; }

# The checks of a finished two-generation run in folder $1 whose start has network $2 ("" none),
# named $3 in the checks' names.
check_run() {
    local F=$1 start=$2 what=$3 best=0 g want kept
    check "$what: two generations and their gates, each a finished part" eval \
        "[ -s $F/gen-1/network.nnue ] && [ -s $F/gen-2/network.nnue ] && [ -s $F/gen-2/data/positions.bin ] &&
         [ -f $F/gate-1/summary.json ] && [ -f $F/gate-2/summary.json ] && [ -f $F/report.html ]"
    for g in 1 2; do
        if [ $best -gt 0 ]; then want="$F/gen-$best/network.nnue"; else want=$start; fi
        check "$what: gen-$g's positions made by ${want:-the weights alone}" \
            [ "$(net_of "$F/gen-$g/data/config.ini" engine_a)" = "$want" ]
        check "$what: gate-$g: gen-$g's network against that engine" eval \
            '[ "$(net_of $F/gate-$g/config.ini engine_a)" = $F/gen-$g/network.nnue ] &&
             [ "$(net_of $F/gate-$g/config.ini engine_b)" = "$want" ]'
        if gate_kept "$F" $g; then kept=yes; else kept=no; fi
        check "$what: report.md's gen-$g row says kept = $kept, as gate-$g/summary.json" \
            grep -q "^| \[gen-$g\](gen-$g/report.md) | .* | $kept |$" "$F/report.md"
        [ $kept = yes ] && best=$g
    done
    check "$what: summary.json's best is gen-$best" has "$F/summary.json" "\"best\": $best,"
    if [ $best -gt 0 ]; then
        check "$what: final.nnue is gen-$best's network" same "$F/final.nnue" "$F/gen-$best/network.nnue"
    else
        check "$what: no generation kept, no final.nnue, and the report says so" eval \
            "[ ! -e $F/final.nnue ] && has $F/report.md 'No generation was kept'"
    fi
}

# --- a tiny run from the start's weights -----------------------------------------------------
R=$T/r
F=$R/ln
run "$CFG" --set run.results_dir="$R" --set run.threads=2
check "tiny learn run finishes (exit 0)" [ "$RC" -eq 0 ]
check_run "$F" "" "from weights"
check "the gates play fresh openings: their seeds are not the data's" eval \
    "[ \"\$(grep '^seed = ' $F/gate-1/config.ini)\" != \"\$(grep '^seed = ' $F/gen-1/config.ini)\" ] &&
     grep -q '^seed = 7$' $F/gen-1/config.ini && grep -q '^seed = 8$' $F/gen-2/config.ini"
mv "$R" "$T/ref"

# The files of two runs' folders compare equal (the train parts' report.html leave out: their
# list of files names the checkpoint's rows, whose size varies with the epochs' timing).
same_run() { same_folders "$1" "$2" gen-1/report.html gen-2/report.html; }

# Killed in generation 2, run again: generation 1 and its gate kept, the same files.
"$BIN" run "$CFG" --set run.results_dir="$R" --set run.threads=2 >"$T/out" 2>"$T/err" &
BG=$!
for ((i = 0; i < 4000; i++)); do
    [ -f "$F/gate-1/summary.json" ] && break
    kill -0 "$BG" 2>/dev/null || break
    sleep 0.005
done
kill -9 "$BG" 2>/dev/null
wait "$BG" 2>/dev/null
BG=""
stopped=$([ -f "$F/gate-1/summary.json" ] && [ ! -f "$F/gate-2/summary.json" ] && echo yes)
run "$CFG" --set run.results_dir="$R" --set run.threads=2
check "killed after generation 1 ($stopped), run again: generation 1 and its gate kept" eval \
    '[ $RC -eq 0 ] && [ "$stopped" = yes ] && [ "$(grep -c "learn: part [12]/4.*finished earlier, kept" $T/err)" = 2 ]'
check "... and the same files as a run never stopped" same_run "$T/ref/ln" "$F"
# Stopped after its last part, before its report: every part kept, nothing played again.
rm "$F/summary.json" "$F/report.md"
s=$SECONDS
run "$CFG" --set run.results_dir="$R" --set run.threads=2
check "every part finished, run again: all four kept, nothing played ($((SECONDS - s)) s)" eval \
    '[ $RC -eq 0 ] && [ "$(grep -c "finished earlier, kept" $T/err)" = 4 ] &&
     ! grep -q "datagen: games\|^games " $T/err'
check "... and the same files" same_run "$T/ref/ln" "$F"

# --- from a noise network: generation 1 beats it -----------------------------------------------
# The start evaluates with a network of random weights (tiny gen-1's file, its weights replaced
# and its hash made again); generation 1, trained on the games' results, is kept at this seed.
python3 - "$F/gen-1/network.nnue" "$T/noise.nnue" <<'PY'
import random, struct, sys
b = bytearray(open(sys.argv[1], 'rb').read())
F, H = struct.unpack_from('<II', b, 32)
rng = random.Random(1)
n1 = F * H + H
struct.pack_into('<%dh' % n1, b, 64, *[rng.randint(-300, 300) for _ in range(n1)])
struct.pack_into('<%dh' % (2 * H), b, 64 + 2 * n1, *[rng.randint(-127, 127) for _ in range(2 * H)])
h = 0xCBF29CE484222325
for x in b[:-8]:
    h = ((h ^ x) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
struct.pack_into('<Q', b, len(b) - 8, h)
open(sys.argv[2], 'wb').write(b)
PY
N=$T/n
NOISE=(--set run.results_dir="$N" --set run.threads=2 --set run.seed=4 --set engine_a.net="$T/noise.nnue"
    --set train.blend=0 --set learn.gate_nodes=1000 --set learn.gate_pairs=16)
run "$CFG" "${NOISE[@]}"
check "from a noise network: finishes (exit 0)" [ "$RC" -eq 0 ]
check "from a noise network: generation 1 is kept" gate_kept "$N/ln" 1
check_run "$N/ln" "$T/noise.nnue" "from a noise network"
check "from a noise network: report.md names the best" has "$N/ln/report.md" "**Best: gen-1**"
cp -r "$N" "$T/nref"
run "$CFG" "${NOISE[@]}" --force
check "from a noise network: --force runs it all again to the same files" eval \
    '[ $RC -eq 0 ] && ! grep -q "learn: part .*finished earlier" $T/err && same_run $T/nref/ln $N/ln'

# --- bad keys ----------------------------------------------------------------------------------
bad_key generations 0 "[learn] generations"
bad_key generations 21 "[learn] generations"
bad_key gate_pairs 0 "[learn] gate_pairs"
run "$CFG" --set run.results_dir="$T/nofolder" --set train.data="$F/gen-1/data/positions.bin"
check "[train] data = a file refused (exit 2), no folder" eval \
    '[ $RC -eq 2 ] && has $T/err "the learn job makes each generation" && [ ! -e $T/nofolder ]'
printf '[run]\njob = match\nname = m\n[learn]\ngenerations = 3\n' >"$T/match.ini"
run "$T/match.ini" --set run.results_dir="$T/nofolder"
check "[learn] in a match config refused (exit 2), no folder" eval '[ $RC -eq 2 ] && [ ! -e $T/nofolder ]'

echo "learn_cli: $((SECONDS - start)) s"
[ "$failures" -eq 0 ]
