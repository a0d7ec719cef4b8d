#!/usr/bin/env bash
# mpi_cli.sh: bin/maxtune-mpi under mpirun gives the same results as bin/maxtune.
#
# Runs a small match (with and without SPRT, from random openings and from books of Maxima and
# of Ultima positions), a small SPSA run (tuning batches and the
# verification match) and a small values run (self-play games, sampled positions, handicap
# pairs) with `mpirun -np 2` and `-np 3`, ranks with 1 and 2 threads, and a small datagen run
# with `-np 2`, and compares
# their results files byte for byte with a run of the plain program. Then kills rank 1 with
# SIGKILL in the middle of a match (the job must end with a message naming the rank, the
# checkpoint must hold the finished pairs, and the same command must resume to identical
# results), stops a match and a selfplay job with SIGUSR1 (the graceful stop mpirun forwards:
# exit 130, resumable by the plain program), and checks a bad config, a non-run command and
# the plain program under mpirun.
# Builds bin/maxtune-mpi (make mpi) when it is missing or older than the sources.
# Prints one "PASS name" or "FAIL name" line per check; without mpirun/mpicc it prints why
# and checks nothing (CI installs them: scripts/deps.sh).
# Environment: BIN, the plain program (default bin/maxtune). Runs in a mktemp -d folder.
set -u
cd "$(dirname "$0")/.." || exit 1
BIN=${BIN:-bin/maxtune}
case $BIN in /*) ;; *) BIN=$PWD/$BIN ;; esac
MPIBIN=$PWD/bin/maxtune-mpi
if ! command -v mpirun >/dev/null || ! command -v mpicc >/dev/null; then
    echo "# mpirun or mpicc not found: MPI checks skipped (apt-get install openmpi-bin libopenmpi-dev)"
    exit 0
fi
if ! make -s --no-print-directory mpi >/tmp/mpi_cli.build.$$ 2>&1; then
    echo "FAIL make mpi builds bin/maxtune-mpi"
    tail -20 /tmp/mpi_cli.build.$$
    rm -f /tmp/mpi_cli.build.$$
    exit 1
fi
rm -f /tmp/mpi_cli.build.$$

# OpenMPI in a container, on one machine: shared memory between the ranks without the
# cross-memory-attach single copy (often denied in containers), no network transport, more
# ranks than cores allowed, no core binding (the ranks' OpenMP threads share the cores), and
# root allowed (CI runs as root).
export OMPI_MCA_btl=self,vader
export OMPI_MCA_btl_vader_single_copy_mechanism=none
export OMPI_MCA_rmaps_base_oversubscribe=1
export OMPI_MCA_hwloc_base_binding_policy=none
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

NAME=mpi_cli
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"

# True when the files named $3... are byte-identical in run folders $1 and $2 (and exist).
same_files() {
    local a=$1 b=$2 f
    shift 2
    for f in "$@"; do
        cmp -s "$a/$f" "$b/$f" || { echo "# $f differs: $a $b"; return 1; }
    done
}

# Runs the plain program: run CONFIG ... (stdout/stderr in $T/out, $T/err); sets RC.
plain() {
    "$BIN" run "$@" >"$T/out" 2>"$T/err"
    RC=$?
}

# Runs bin/maxtune-mpi under mpirun with $1 ranks: mpirun -np $1 maxtune-mpi run ...; sets RC.
mpi() {
    local np=$1
    shift
    timeout 300 mpirun -np "$np" "$MPIBIN" run "$@" >"$T/out" 2>"$T/err"
    RC=$?
}


# The pid of the process of MPI rank $1 whose command line holds $2, or nothing.
rank_pid() {
    local p
    for p in $(pgrep -f -- "$2"); do
        if tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null | grep -qx "OMPI_COMM_WORLD_RANK=$1"; then
            echo "$p"
            return
        fi
    done
}

MATCH=$T/match.ini
cat >"$MATCH" <<'EOF'
; mpi_cli.sh test match
[run]
job = match
name = m
seed = 11

[engine_a]
name = default
weights = default
nodes = 300
hash_mb = 1

[engine_b]
name = material
weights = material
nodes = 300
hash_mb = 1

[match]
pairs = 24
EOF
MATCH_FILES=(games.pgn summary.json elo_progress.csv)

# --- match: MPI ranks x threads give the plain program's results -----------------------------
plain "$MATCH" --set run.results_dir="$T/ref" --set run.threads=2
check "plain match exits 0" [ "$RC" -eq 0 ]
REF=$T/ref/m
mpi 2 "$MATCH" --set run.results_dir="$T/np2" --set run.threads=1
check "mpirun -np 2 (1 thread per rank) exits 0" [ "$RC" -eq 0 ]
check "mpirun -np 2: games.pgn, summary.json, elo_progress.csv identical" \
    same_files "$REF" "$T/np2/m" "${MATCH_FILES[@]}"
check "mpirun -np 2: run.txt names the ranks, checkpoint kept (a match may be extended)" eval \
    'has $T/np2/m/run.txt "ranks:    2" && has $T/np2/m/run.txt "status:   finished" &&
     [ -f $T/np2/m/checkpoint.journal ]'
check "mpirun -np 2: the result is printed once" \
    [ "$(grep -c '^Score of default vs material' "$T/out")" -eq 1 ]
mpi 3 "$MATCH" --set run.results_dir="$T/np3" --set run.threads=2
check "mpirun -np 3 (2 threads per rank) gives identical results" eval \
    '[ $RC -eq 0 ] && same_files $REF $T/np3/m ${MATCH_FILES[*]}'
# External engines on the worker ranks: each rank starts its own `maxtune uci` processes,
# which must not take the launcher's environment for their own (they would refuse to run).
mpi 2 "$MATCH" --set run.results_dir="$T/ext" --set run.threads=1 \
    --set "engine_a.command=$BIN uci" --set "engine_a.options=Hash=1"
check "mpirun -np 2 with an external engine: the plain program's games, no engine failed" eval \
    '[ $RC -eq 0 ] && same $REF/games.pgn $T/ext/m/games.pgn && [ ! -e $T/ext/m/engines.log ]'
# A book's positions travel to the worker ranks as bytes; each rank gives them its own address
# of their game (the binary lies elsewhere in every process). Maxima's, and Ultima's.
printf 'start\nxxx2xxx/1g1qk1g1/1bnmrnb1/dppppppd/8/8/3P4/DPP1PPPD/1BNMRNB1/1G1QK1G1/xxx2xxx b 0\n' \
    >"$T/book.fen"
printf 'start\nrnbqkbnm/pppppppp/8/8/4P3/8/PPPP1PPP/MNBKQBNR b 0\n' >"$T/ubook.fen"
for game in maxima:book ultima:ubook; do
    plain "$MATCH" --set run.results_dir="$T/b1-${game%:*}" --set match.pairs=4 \
        --set run.variant="${game%:*}" --set match.openings="$T/${game#*:}.fen"
    mpi 2 "$MATCH" --set run.results_dir="$T/b2-${game%:*}" --set match.pairs=4 --set run.threads=1 \
        --set run.variant="${game%:*}" --set match.openings="$T/${game#*:}.fen"
    check "mpirun -np 2 from a book of ${game%:*} positions: the plain program's games" eval \
        '[ $RC -eq 0 ] && same_files $T/b1-${game%:*}/m $T/b2-${game%:*}/m ${MATCH_FILES[*]}'
done
"$MPIBIN" run "$MATCH" --set run.results_dir="$T/single" --set run.threads=2 >"$T/out" 2>"$T/err"
check "bin/maxtune-mpi without mpirun (one rank) gives identical results" eval \
    '[ $? -eq 0 ] && same_files $REF $T/single/m ${MATCH_FILES[*]}'

# --- SPRT: the same early stop and games ------------------------------------------------------
SPRT=(--set match.sprt=true --set match.elo0=0 --set match.elo1=100 --set match.pairs=200)
plain "$MATCH" "${SPRT[@]}" --set run.results_dir="$T/sprt_ref" --set run.threads=2
rc=$RC
mpi 2 "$MATCH" "${SPRT[@]}" --set run.results_dir="$T/sprt_np2" --set run.threads=2
check "SPRT match: same verdict, stop and games under mpirun -np 2" eval \
    '[ $rc -eq 0 ] && [ $RC -eq 0 ] && has $T/sprt_ref/m/summary.json "\"verdict\": \"H1\"" &&
     same_files $T/sprt_ref/m $T/sprt_np2/m ${MATCH_FILES[*]}'

# --- SPSA: batches of iterations and the verification match ----------------------------------
SPSA=$T/spsa.ini
cat >"$SPSA" <<'EOF'
; mpi_cli.sh test SPSA run
[run]
job = spsa
name = s
seed = 3

[engine_a]
nodes = 200
hash_mb = 1

[match]
max_plies = 160

[spsa]
start_weights = default
params = pincer,coordinator,guard
iterations = 24
batch = 4
pairs_per_iteration = 2
c_end = 40
r_end = 0.02
verify_pairs = 8
EOF
SPSA_FILES=(tuned.weights trajectory.csv summary.json verify.pgn verify.json report.md)
plain "$SPSA" --set run.results_dir="$T/spsa_ref" --set run.threads=2
rc=$RC
mpi 2 "$SPSA" --set run.results_dir="$T/spsa_np2" --set run.threads=1
check "SPSA: tuned.weights, trajectory.csv, summary.json, verification identical (-np 2)" eval \
    '[ $rc -eq 0 ] && [ $RC -eq 0 ] && same_files $T/spsa_ref/s $T/spsa_np2/s ${SPSA_FILES[*]}'

# --- values: self-play games, sampling and handicap pairs over the ranks ----------------------
VALUES=$T/values.ini
cat >"$VALUES" <<'EOF2'
; mpi_cli.sh test values run
[run]
job = values
name = v
seed = 5

[engine_a]
nodes = 120
hash_mb = 1

[engine_b]
nodes = 120
hash_mb = 1

[match]
opening_plies = 8
max_plies = 160

[selfplay]
games = 24
pgn = true

[values]
positions = selfplay
pairs = 4
calibration_pairs = 6
calibration_pincers = 3
types = coordinator,guard
pgn = true
EOF2
VALUES_FILES=(positions.traces games.pgn handicap.pgn values.csv summary.json)
plain "$VALUES" --set run.results_dir="$T/values_ref" --set run.threads=2
rc=$RC
mpi 2 "$VALUES" --set run.results_dir="$T/values_np2" --set run.threads=1
check "values: positions, self-play and handicap games, values.csv identical (-np 2)" eval \
    '[ $rc -eq 0 ] && [ $RC -eq 0 ] && same_files $T/values_ref/v $T/values_np2/v ${VALUES_FILES[*]}'
# --- selfplay job: stopped under MPI (SIGUSR1), resumed by the plain program ----------------
SELF=(--set run.job=selfplay --set selfplay.games=300)
plain "$VALUES" "${SELF[@]}" --set run.results_dir="$T/self_ref" --set run.threads=2
rc=$RC
SP=$T/self_usr1/v
mpirun -np 2 "$MPIBIN" run "$VALUES" "${SELF[@]}" --set run.results_dir="$T/self_usr1" \
    --set run.threads=1 >"$T/usr1.out" 2>"$T/usr1.err" &
BG=$!
if wait_records "$SP" 5; then
    kill -USR1 "$BG"
    wait "$BG"
    rc2=$?
    BG=""
    kept=$(($(wc -l <"$SP/checkpoint.journal") - 1))
    plain "$VALUES" "${SELF[@]}" --set run.results_dir="$T/self_usr1" --set run.threads=2
    check "selfplay job: stopped under mpirun -np 2 (exit 130, $kept games kept), resumed by the plain program: identical positions.traces, games.pgn, summary.json" eval \
        '[ $rc -eq 0 ] && [ $rc2 -eq 130 ] && [ $RC -eq 0 ] && has $T/err "resuming" &&
         same_files $T/self_ref/v $SP positions.traces games.pgn summary.json'
else
    echo "FAIL selfplay job under mpirun: the run ended before 5 games were saved"
    failures=$((failures + 1))
fi

# --- a rank killed: the job ends, the checkpoint keeps the finished pairs, resume -----------
LONG=(--set match.pairs=80 --set run.threads=1)
plain "$MATCH" "${LONG[@]}" --set run.results_dir="$T/long_ref" --set run.threads=2
K=$T/kill/m
mpirun -np 2 "$MPIBIN" run "$MATCH" "${LONG[@]}" --set run.results_dir="$T/kill" \
    >"$T/kill.out" 2>"$T/kill.err" &
BG=$!
if wait_records "$K" 5 && pid=$(rank_pid 1 "$T/kill") && [ -n "$pid" ]; then
    kill -9 "$pid"
    wait "$BG"
    rc=$?
    BG=""
    check "rank 1 killed: mpirun fails and names the rank" eval \
        '[ $rc -ne 0 ] && grep -q "rank 1.*signal 9" $T/kill.err'
    check "rank 1 killed: checkpoint kept, no summary" eval \
        '[ -f $K/checkpoint.journal ] && [ ! -e $K/summary.json ]'
    kept=$(($(wc -l <"$K/checkpoint.journal") - 1))
    mpi 2 "$MATCH" "${LONG[@]}" --set run.results_dir="$T/kill"
    check "resume under mpirun exits 0 and says it resumed" eval \
        '[ $RC -eq 0 ] && has $T/err "resuming"'
    check "kill + resume: results identical to an uninterrupted run ($kept pairs kept)" \
        same_files "$T/long_ref/m" "$K" "${MATCH_FILES[@]}"
else
    echo "FAIL rank 1 killed: the run ended before 5 pairs were saved, or rank 1 was not found"
    failures=$((failures + 1))
fi

# --- SIGUSR1 (forwarded by mpirun): graceful stop, resumed by the plain program ---------------
S=$T/usr1/m
mpirun -np 2 "$MPIBIN" run "$MATCH" "${LONG[@]}" --set run.results_dir="$T/usr1" \
    >"$T/usr1.out" 2>"$T/usr1.err" &
BG=$!
if wait_records "$S" 5; then
    kill -USR1 "$BG"
    wait "$BG"
    rc=$?
    BG=""
    check "SIGUSR1 to mpirun: exit 130, run.txt says interrupted" eval \
        '[ $rc -eq 130 ] && has $S/run.txt "status:   interrupted" && [ ! -e $S/summary.json ]'
    plain "$MATCH" "${LONG[@]}" --set run.results_dir="$T/usr1"
    check "MPI checkpoint resumed by the plain program: identical results" eval \
        '[ $RC -eq 0 ] && same_files $T/long_ref/m $S ${MATCH_FILES[*]}'
else
    echo "FAIL SIGUSR1: the run ended before 5 pairs were saved"
    failures=$((failures + 1))
fi

# --- datagen: MPI ranks give the plain program's positions -----------------------------------
DG=$T/datagen.ini
cat >"$DG" <<'EOF'
[run]
job = datagen
name = dg
seed = 4

[engine_a]
nodes = 300
hash_mb = 1

[datagen]
games = 10
EOF
plain "$DG" --set run.results_dir="$T/dg1" --set run.threads=2
mpi 2 "$DG" --set run.results_dir="$T/dg2" --set run.threads=1
check "datagen under mpirun -np 2: the plain program's positions.bin, scores.csv, report.md, summary.json" eval \
    '[ $RC -eq 0 ] && same_files $T/dg1/dg $T/dg2/dg positions.bin scores.csv report.md summary.json'

# --- errors and other commands under mpirun ---------------------------------------------------
mpi 2 "$MATCH" --set match.pairs=0 --set run.results_dir="$T/bad"
check "bad config under mpirun: exit 2, one message, no folder" eval \
    '[ $RC -eq 2 ] && [ $(grep -c "pairs" $T/err) -eq 1 ] && [ ! -e $T/bad ]'
timeout 120 mpirun -np 2 "$MPIBIN" weights >"$T/w.mpi" 2>"$T/err"
rc=$?
"$BIN" weights >"$T/w.plain"
check "other commands run once, on rank 0 (mpirun -np 2 maxtune-mpi weights)" eval \
    '[ $rc -eq 0 ] && cmp -s $T/w.mpi $T/w.plain'

timeout 120 mpirun -np 2 "$BIN" run "$MATCH" --set run.results_dir="$T/plainmpi" >"$T/out" 2>"$T/err"
rc=$?
check "the plain program under mpirun -np 2 refuses (exit 2, says to use maxtune-mpi)" eval \
    '[ $rc -eq 2 ] && has $T/err "built without MPI" && [ ! -e $T/plainmpi ]'

echo "# mpi_cli.sh: $((SECONDS - start)) s"
[ "$failures" -eq 0 ]
