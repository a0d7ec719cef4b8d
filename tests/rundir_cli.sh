#!/usr/bin/env bash
# rundir_cli.sh: a run owns its results folder. A folder that is neither empty nor a maxtune run
# is refused, --force or not, and left untouched; folders of older versions are still runs; two
# runs of one folder at once: the second is refused naming the first's process, and the first
# ends with the results of a lone run; a results_dir holding quotes, $(...), backquotes and
# spaces plots and runs nothing. Prints "PASS name" / "FAIL name"; exits 1 if any failed.
set -u
NAME=rundir_cli
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"

CFG=$T/match.ini
cat >"$CFG" <<'EOF'
[run]
job = match
name = cli
seed = 3
threads = 1

[engine_a]
nodes = 150
hash_mb = 1

[engine_b]
weights = material
nodes = 150
hash_mb = 1

[match]
pairs = 3
EOF

# Every file under folder $1 (hidden ones too) with its checksum.
snapshot() { (cd "$1" && find . -type f -exec md5sum {} + | sort); }

# --- a folder that is not a run: refused with --force and without, nothing changed ----------
mkdir -p "$T/src/cli/.git"
echo 'int main(void) { return 0; }' >"$T/src/cli/main.c"
echo 'ref: refs/heads/main' >"$T/src/cli/.git/HEAD"
echo 'my notes' >"$T/src/cli/report.md"
echo '{}' >"$T/src/cli/summary.json"
before=$(snapshot "$T/src")
run "$CFG" --set run.results_dir="$T/src" --force
check "--force on a foreign folder: exit 2, says it is not a results folder" eval \
    '[ $RC -eq 2 ] && has $T/err "$T/src/cli is not a maxtune results folder (it holds"'
check "--force on a foreign folder deletes and writes nothing" \
    [ "$(snapshot "$T/src")" = "$before" ]
run "$CFG" --set run.results_dir="$T/src"
check "a foreign folder without --force: refused, nothing overwritten" eval \
    '[ $RC -eq 2 ] && has $T/err "not a maxtune results folder" &&
     [ "$(snapshot $T/src)" = "$before" ]'

# A file named like a run's is not a run: a foreign run.txt (or checkpoint.journal) that is not
# maxtune's marks nothing, and --force clears nothing.
for f in run.txt checkpoint.journal; do
    mkdir -p "$T/named-$f/cli"
    printf 'program:  rsync 3.2\ntime:     yesterday\n' >"$T/named-$f/cli/$f"
    echo 'my notes' >"$T/named-$f/cli/notes.md"
    before=$(snapshot "$T/named-$f")
    run "$CFG" --set run.results_dir="$T/named-$f" --force
    check "--force on a foreign folder with a $f that is not maxtune's: refused, nothing changed" \
        eval '[ $RC -eq 2 ] && has $T/err "not a maxtune results folder" &&
              [ "$(snapshot $T/named-$f)" = "$before" ]'
done

# --- an empty folder is fine; a finished run of an older version (no marker) is still a run --
mkdir -p "$T/empty/cli"
run "$CFG" --set run.results_dir="$T/empty"
check "an existing empty folder takes a run" eval '[ $RC -eq 0 ] && [ -f $T/empty/cli/summary.json ]'
cp "$T/empty/cli/games.pgn" "$T/lone3.pgn"
rm -f "$T/empty/cli/.maxtune-run"
run "$CFG" --set run.results_dir="$T/empty"
check "an older version's finished run: refused without --force as finished" eval \
    '[ $RC -eq 2 ] && has $T/err "already holds a finished run"'
run "$CFG" --set run.results_dir="$T/empty" --force
check "an older version's finished run: --force runs it over" eval \
    '[ $RC -eq 0 ] && same $T/empty/cli/games.pgn $T/lone3.pgn'

# --- two runs of one folder ------------------------------------------------------------------
LONG=(--set match.pairs=40)
run "$CFG" "${LONG[@]}" --set run.results_dir="$T/lone"
check "lone run exits 0" [ "$RC" -eq 0 ]
# While a run plays, a second one is refused and changes nothing; the first ends as a lone run.
"$BIN" run "$CFG" "${LONG[@]}" --set run.results_dir="$T/two" >/dev/null 2>"$T/first.err" &
BG=$!
if wait_records "$T/two/cli" 2; then
    run "$CFG" "${LONG[@]}" --set run.results_dir="$T/two" --force
    check "a second run while the first plays: exit 2, names the first's process" eval \
        '[ $RC -eq 2 ] && has $T/err "$T/two/cli is in use by another run (process $BG)"'
    wait "$BG"
    rc=$?
    BG=""
    check "the first run ends with the results of a lone run" eval \
        '[ $rc -eq 0 ] && same $T/two/cli/games.pgn $T/lone/cli/games.pgn &&
         same $T/two/cli/summary.json $T/lone/cli/summary.json'
else
    echo "FAIL a second run while the first plays: the first ended before 2 pairs were saved"
    failures=$((failures + 1))
fi
# Started at the same instant (three times): one runs, the other is refused clearly.
ok=0
for i in 1 2 3; do
    "$BIN" run "$CFG" "${LONG[@]}" --set run.results_dir="$T/same$i" >/dev/null 2>"$T/a.err" &
    a=$!
    "$BIN" run "$CFG" "${LONG[@]}" --set run.results_dir="$T/same$i" >/dev/null 2>"$T/b.err" &
    b=$!
    wait $a; ra=$?
    wait $b; rb=$?
    if [ $ra -eq 0 ] && [ $rb -eq 2 ]; then win=$a; lost=$T/b.err
    elif [ $ra -eq 2 ] && [ $rb -eq 0 ]; then win=$b; lost=$T/a.err
    else echo "# same instant $i: exits $ra and $rb"; cat "$T/a.err" "$T/b.err" | grep maxtune; continue
    fi
    if has "$lost" "is in use by another run (process $win)" && [ "$(grep -c . "$lost")" -eq 1 ] &&
        same "$T/same$i/cli/games.pgn" "$T/lone/cli/games.pgn"; then
        ok=$((ok + 1))
    else
        echo "# same instant $i: $(cat "$lost")"
    fi
done
check "two runs started at once (3 times): one runs as a lone run, the other exits 2 naming it" \
    [ "$ok" -eq 3 ]

# --- a results_dir no shell may see ------------------------------------------------------------
odd="$T/it's \"q\" \$(touch pwned1) \`touch pwned2\` sp"
(cd "$T" && "$BIN" run "$CFG" --set run.results_dir="$odd" \
    --set 'engine_a.name=a`touch pwned3`$(touch pwned4)' >"$T/out" 2>"$T/err")
RC=$?
check "results_dir with quotes, \$(), backquotes and spaces: exit 0, runs nothing" eval \
    '[ $RC -eq 0 ] && [ -f "$odd/cli/summary.json" ] &&
     [ -z "$(find "$T" -name "pwned*")" ]'
if command -v gnuplot >/dev/null; then
    check "... and the plot is drawn, without a note" eval \
        '[ -s "$odd/cli/elo_progress.png" ] && ! has $T/err "note:"'
fi
run "$CFG" --set run.results_dir="$T/new
line"
check "results_dir with a newline: refused by the config check (exit 2), no folder" eval \
    '[ $RC -eq 2 ] && has $T/err "control character" && [ ! -e "$T/new" ]'

echo "# rundir_cli.sh: $((SECONDS - start)) s"
[ "$failures" -eq 0 ]
