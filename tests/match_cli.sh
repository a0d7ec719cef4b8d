#!/usr/bin/env bash
# match_cli.sh: `maxtune run` of a match job end to end, and `maxtune replay` of its games.
#
# Checks that results do not depend on the number of threads, that a run killed (SIGKILL) or
# stopped (SIGINT) resumes to byte-identical results, that an SPRT stops early the same way
# with any number of threads, that every games.pgn replays cleanly, and that bad configs, a
# finished run, an unwritable results folder and a corrupted checkpoint are refused with clear
# messages. Prints one "PASS name" or "FAIL name" line per check; exits 1 if any failed.
# Environment: BIN, the program (default bin/maxtune). Runs in a mktemp -d folder under /tmp.
set -u
NAME=match_cli
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"


# config.ini without the keys that may differ between equivalent runs.
strip_config() { grep -vE '^(threads|results_dir) =' "$1"; }

# The match: default weights against material only, small node counts.
CFG=$T/match.ini
cat >"$CFG" <<'EOF'
; match_cli.sh test match
[run]
job = match
name = cli
seed = 7

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
pairs = 40
EOF

# --- thread independence -------------------------------------------------------------------
run "$CFG" --set run.results_dir="$T/t1" --set run.threads=1
rc1=$RC
run "$CFG" --set run.results_dir="$T/t2" --set run.threads=2
rc2=$RC
REF=$T/t1/cli
check "run with 1 and 2 threads exits 0" [ "$rc1" -eq 0 -a "$rc2" -eq 0 ]
check "finished run holds its files, checkpoint kept (a finished match may be extended)" eval \
    '[ -f $REF/games.pgn ] && [ -f $REF/summary.json ] && [ -f $REF/timing.json ] &&
     [ -f $REF/run.txt ] && [ -f $REF/config.ini ] && [ -f $REF/checkpoint.journal ]'
check "summary counts every pair, no SPRT" eval \
    'has $REF/summary.json "\"pairs\": 40," && has $REF/summary.json "\"verdict\": \"none\""'
check "run.txt says finished" has "$REF/run.txt" "status:   finished"
check "threads 1 vs 2: games.pgn identical" same "$REF/games.pgn" "$T/t2/cli/games.pgn"
check "threads 1 vs 2: summary.json identical" same "$REF/summary.json" "$T/t2/cli/summary.json"
check "threads 1 vs 2: config.ini identical but for threads" eval \
    'diff -q <(strip_config $REF/config.ini) <(strip_config $T/t2/cli/config.ini) >/dev/null &&
     has $REF/config.ini "threads = 1" && has $T/t2/cli/config.ini "threads = 2"'
check "config.ini runs again to the same config" eval \
    '"$BIN" config $REF/config.ini | diff -q - $REF/config.ini >/dev/null'

# --- kill -9, then resume ------------------------------------------------------------------
K=$T/kill/cli
"$BIN" run "$CFG" --set run.results_dir="$T/kill" --set run.threads=2 >/dev/null 2>&1 &
BG=$!
if wait_records "$K" 3; then
    kill -9 "$BG"
    wait "$BG" 2>/dev/null
    BG=""
    check "kill -9: checkpoint kept, no summary" eval \
        '[ -f $K/checkpoint.journal ] && [ ! -e $K/summary.json ]'
    # The same run with another seed is another config: refused, the checkpoint untouched.
    cp "$K/checkpoint.journal" "$T/journal.bak"
    run "$CFG" --set run.results_dir="$T/kill" --set run.threads=2 --set run.seed=8
    check "resume with another config refused (exit 2, names the checkpoint)" eval \
        '[ $RC -eq 2 ] && has $T/err "checkpoint.journal:1:" && has $T/err "different config"'
    check "refused resume leaves the checkpoint as it was" same "$K/checkpoint.journal" \
        "$T/journal.bak"
    # A corrupted middle line: exit 2 naming file and line; the file is left for inspection.
    sed -i '3s/ / x/' "$K/checkpoint.journal"
    cp "$K/checkpoint.journal" "$T/journal.bad"
    run "$CFG" --set run.results_dir="$T/kill" --set run.threads=2
    check "corrupted checkpoint: exit 2 with checkpoint.journal:3:" eval \
        '[ $RC -eq 2 ] && has $T/err "$K/checkpoint.journal:3: corrupted checkpoint"'
    check "corrupted checkpoint is not rewritten" same "$K/checkpoint.journal" "$T/journal.bad"
    # Back to the real checkpoint, plus a record cut short as a kill during a write leaves it.
    cp "$T/journal.bak" "$K/checkpoint.journal"
    printf '39 2 0 17 1a' >>"$K/checkpoint.journal"
    run "$CFG" --set run.results_dir="$T/kill" --set run.threads=2
    check "resume after kill -9 exits 0" [ "$RC" -eq 0 ]
    check "resume says it resumed and dropped the cut record" eval \
        'has $T/err "resuming" && has $T/err "cut short"'
    check "kill + resume: games.pgn identical to an uninterrupted run" same "$K/games.pgn" \
        "$REF/games.pgn"
    check "kill + resume: summary.json identical" same "$K/summary.json" "$REF/summary.json"
    check "resumed run.txt says so" has "$K/run.txt" "(resumed)"
else
    echo "FAIL kill -9: the run finished or failed before 3 pairs were saved"
    failures=$((failures + 1))
fi

# --- SIGINT, then resume (with another thread count: threads do not change results) ---------
S=$T/int/cli
"$BIN" run "$CFG" --set run.results_dir="$T/int" --set run.threads=2 >/dev/null 2>"$T/int.err" &
BG=$!
if wait_records "$S" 3; then
    kill -INT "$BG"
    wait "$BG"
    rc=$?
    BG=""
    check "SIGINT: exit 130" [ "$rc" -eq 130 ]
    check "SIGINT: checkpoint kept, no summary, run.txt says interrupted" eval \
        '[ -f $S/checkpoint.journal ] && [ ! -e $S/summary.json ] &&
         has $S/run.txt "status:   interrupted" && has $T/int.err "interrupted"'
    run "$CFG" --set run.results_dir="$T/int" --set run.threads=1
    check "resume after SIGINT exits 0" [ "$RC" -eq 0 ]
    check "SIGINT + resume: games.pgn identical" same "$S/games.pgn" "$REF/games.pgn"
    check "SIGINT + resume: summary.json identical" same "$S/summary.json" "$REF/summary.json"
else
    echo "FAIL SIGINT: the run finished or failed before 3 pairs were saved"
    failures=$((failures + 1))
fi

# --- progress line: games and W-L-D count the same pairs ------------------------------------
# A checkpoint lacking pairs 0 and 2 (cut out of a killed run's): on resume, pair 0 comes first
# and the counted pairs (0, 1) lag the finished ones (0, 1, 3, 4, ...).
P=$T/prog/cli
"$BIN" run "$CFG" --set run.results_dir="$T/prog" --set run.threads=1 >/dev/null 2>&1 &
BG=$!
if wait_records "$P" 7; then
    kill -9 "$BG"
    wait "$BG" 2>/dev/null
    BG=""
    sed -i -e '/^0 /d' -e '/^2 /d' "$P/checkpoint.journal"
    run "$CFG" --set run.results_dir="$T/prog" --set run.threads=1
    # Every progress line "games G/T  W-L-D w-l-d" has w + l + d = G; prints the first bad one.
    bad=$(tr '\r' '\n' <"$T/err" | sed -n 's/.*games \([0-9]*\)\/[0-9]*  W-L-D \([0-9]*\)-\([0-9]*\)-\([0-9]*\).*/\1 \2 \3 \4/p' |
        awk '{ n++; if (!b && $2 + $3 + $4 != $1) { print; b = 1 } }
             END { if (!b && n < 2) print "only", n, "lines" }')
    check "progress line: games and W-L-D count the same pairs ${bad:+($bad)}" eval \
        '[ $RC -eq 0 ] && [ -z "$bad" ] && same $P/games.pgn $REF/games.pgn'
else
    echo "FAIL progress line: the run finished or failed before 7 pairs were saved"
    failures=$((failures + 1))
fi

# --- SPRT ----------------------------------------------------------------------------------
SPRT=(--set match.sprt=true --set match.elo0=0 --set match.elo1=100 --set match.pairs=200)
run "$CFG" "${SPRT[@]}" --set run.results_dir="$T/sprt1" --set run.threads=1
rc1=$RC
run "$CFG" "${SPRT[@]}" --set run.results_dir="$T/sprt2" --set run.threads=2
rc2=$RC
P=$T/sprt1/cli
pairs=$(sed -n 's/^  "pairs": \([0-9]*\),$/\1/p' "$P/summary.json" 2>/dev/null)
check "SPRT runs exit 0" [ "$rc1" -eq 0 -a "$rc2" -eq 0 ]
check "SPRT accepts H1 for default vs material" has "$P/summary.json" '"verdict": "H1"'
check "SPRT stops before the pair limit (stopped at ${pairs:-?} of 200)" \
    [ "${pairs:-200}" -lt 200 ]
check "SPRT: same stop and games with 1 and 2 threads" eval \
    'same $P/summary.json $T/sprt2/cli/summary.json && same $P/games.pgn $T/sprt2/cli/games.pgn'
check "SPRT: games.pgn holds exactly the counted pairs" \
    [ "$(grep -c '^\[Event ' "$P/games.pgn")" -eq $((2 * ${pairs:-0})) ]

# --- replay --------------------------------------------------------------------------------
n=0
while IFS= read -r pgn; do
    games=$(grep -c '^\[Event ' "$pgn")
    out=$("$BIN" replay "$pgn" 2>&1)
    rc=$?
    check "replay ${pgn#"$T"/}" [ "$rc" -eq 0 -a "$out" = "replayed $games games, 0 errors" ]
    n=$((n + 1))
done < <(find "$T" -name games.pgn | sort)
check "replay found the runs' games ($n files)" [ "$n" -ge 5 ]
# A result changed in a copy is a mismatch (exit 1) at that line; a cut file is malformed (2).
line=$(grep -n '} 1-0$' "$REF/games.pgn" | head -1 | cut -d: -f1)
sed "${line:-1}s/} 1-0\$/} 0-1/" "$REF/games.pgn" >"$T/bad.pgn"
"$BIN" replay "$T/bad.pgn" >"$T/out" 2>"$T/err"
rc=$?
check "replay of a changed result: exit 1 with file:line:" eval \
    '[ -n "$line" ] && [ $rc -eq 1 ] && has $T/err "$T/bad.pgn:$line: result 0-1"'
head -c 2000 "$REF/games.pgn" >"$T/cut.pgn"
"$BIN" replay "$T/cut.pgn" >"$T/out" 2>"$T/err"
rc=$?
check "replay of a cut file: exit 2" [ "$rc" -eq 2 ]
"$BIN" replay "$T/none.pgn" >"$T/out" 2>"$T/err"
rc=$?
check "replay of a missing file: exit 2 naming it" eval '[ $rc -eq 2 ] && has $T/err "$T/none.pgn"'
# Move tokens hold only characters PGN allows (no comma); tags in export order; repetition is
# an adjudication.
check "games.pgn: no comma in the movetext" eval '! grep -v "^\[" "$REF/games.pgn" | grep -q ","'
check "games.pgn: tags in export order (Seven Tag Roster, then FEN ... Variant)" eval \
    '[ "$(sed -n "1,12s/^\[\([A-Za-z]*\) .*/\1/p" "$REF/games.pgn" | tr "\n" " ")" = \
       "Event Site Date Round White Black Result FEN PlyCount SetUp Termination Variant " ]'
# The old form (commas, old tag order, repetition "normal"; tests/data/old_form.pgn is 4 games
# of a committed run before the change) still replays, and --rewrite turns it into the new one.
OLD=$(dirname "$0")/data/old_form.pgn
out=$("$BIN" replay "$OLD" 2>&1)
check "replay reads the old form" eval \
    '[ "$out" = "replayed 4 games, 0 errors, 3 games in the old form (maxtune replay --rewrite writes them anew)" ]'
cp "$OLD" "$T/old.pgn"
"$BIN" replay --rewrite "$T/old.pgn" >"$T/out" 2>"$T/err"
rc=$?
check "replay --rewrite: exit 0, same games" eval '[ $rc -eq 0 ] && has $T/out "same games"'
out=$("$BIN" replay "$T/old.pgn" 2>&1)
check "the rewritten file is in the new form" eval \
    '[ "$out" = "replayed 4 games, 0 errors" ] && ! grep -v "^\[" "$T/old.pgn" | grep -q "," &&
     [ "$(tr , x <"$OLD" | grep -v "^\[" | md5sum)" = "$(grep -v "^\[" "$T/old.pgn" | md5sum)" ] &&
     has "$T/old.pgn" "[Termination \"adjudication\"]"'
grep -v '^\[Event' "$OLD" >"$T/foreign.pgn"
sed -i 's/^\[Site "maxtune"\]/[Event "x"]\n[Annotator "me"]/' "$T/foreign.pgn"
cp "$T/foreign.pgn" "$T/foreign.orig"
"$BIN" replay --rewrite "$T/foreign.pgn" >"$T/out" 2>"$T/err"
rc=$?
check "replay --rewrite leaves a file with foreign tags alone (exit 1)" eval \
    '[ $rc -eq 1 ] && has $T/err "tags maxtune does not write" && same $T/foreign.pgn $T/foreign.orig'

# --- bad configs: exit 2, file:line: message, no results folder ------------------------------
# Runs config text $2 (with --set arguments $3...) into $T/bad; passes when the exit code is 2,
# stderr holds the fixed string $1 and no results folder was created.
bad_config() {
    local want=$1 text=$2
    shift 2
    printf '%b' "$text" >"$T/bad.ini"
    want=${want//@/$T/bad.ini}
    run "$T/bad.ini" --set run.results_dir="$T/bad" "$@"
    [ "$RC" -eq 2 ] && has "$T/err" "$want" && [ ! -e "$T/bad" ]
}
GOOD='[run]\njob = match\nname = bad\n'
check "unknown key: exit 2, file:line:" bad_config "@:4: unknown key 'bogus'" "${GOOD}bogus = 1\n"
check "out-of-range value: exit 2, file:line:" bad_config "@:5: [match] pairs = 0" \
    "${GOOD}[match]\npairs = 0\n"
check "out-of-range engine value: exit 2, file:line:" bad_config "@:5: [engine_a] hash_mb" \
    "${GOOD}[engine_a]\nhash_mb = 0\n"
check "missing [run] name: exit 2" bad_config "@: missing required key [run] name" \
    '[run]\njob = match\n'
check "bad --set value: exit 2, --set ...:" bad_config "--set match.pairs=abc: " "$GOOD" \
    --set match.pairs=abc
check "bad --set key: exit 2, --set ...:" bad_config "--set match.nosuch=1: " "$GOOD" \
    --set match.nosuch=1
check "bad --set syntax: exit 2, --set ...:" bad_config "--set pairs: " "$GOOD" --set pairs
run "$CFG" --set run.results_dir="$T/w" --set engine_a.weights="$T/no-such.weights"
check "missing weights file: exit 2 naming the file" eval \
    '[ $RC -eq 2 ] && has $T/err "$T/no-such.weights" && [ ! -e $T/w/cli/summary.json ]'

# --- a finished run is not overwritten without --force ---------------------------------------
SMALL=(--set match.pairs=3 --set run.results_dir="$T/f")
run "$CFG" "${SMALL[@]}"
cp "$T/f/cli/games.pgn" "$T/f.pgn"
check "small run exits 0" [ "$RC" -eq 0 ]
run "$CFG" "${SMALL[@]}"
check "rerun of a finished run refused (exit 2)" eval \
    '[ $RC -eq 2 ] && has $T/err "already holds a finished run" && same $T/f/cli/games.pgn $T/f.pgn'
run "$CFG" "${SMALL[@]}" --force
check "rerun with --force exits 0 and gives the same games" eval \
    '[ $RC -eq 0 ] && same $T/f/cli/games.pgn $T/f.pgn'

# --- unwritable results folders: a clear error and exit 1 or 2, never a crash -----------------
# Passes when the last run failed cleanly with a message about folder $1.
clean_failure() { [ "$RC" -ge 1 ] && [ "$RC" -le 2 ] && has "$T/err" "$1"; }
mkdir "$T/ro" && chmod 555 "$T/ro"
if touch "$T/ro/probe" 2>/dev/null; then
    rm -f "$T/ro/probe"
    echo "# running as root: chmod 555 does not stop writes; using files in place of folders"
else
    run "$CFG" --set run.results_dir="$T/ro/res" --set match.pairs=1
    check "read-only parent folder: clean error" clean_failure "$T/ro/res"
fi
chmod 755 "$T/ro"
: >"$T/afile"
run "$CFG" --set run.results_dir="$T/afile/res" --set match.pairs=1
check "results_dir inside a regular file: clean error" clean_failure "$T/afile"
run "$CFG" --set run.results_dir="$T" --set run.name=afile --set match.pairs=1
check "run folder is a regular file: clean error" clean_failure "$T/afile"
run "$CFG" --set run.results_dir=/proc/maxtune-test --set match.pairs=1
check "results_dir under /proc: clean error" clean_failure "/proc/maxtune-test"

echo "# match_cli.sh: $((SECONDS - start)) s"
[ "$failures" -eq 0 ]
