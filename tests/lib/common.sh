# common.sh: helpers shared by the shell tests (sourced, not run: scripts/run_tests.sh only runs
# tests/*.sh). Before sourcing, set NAME (used for the temporary folder). Provides:
#   T         a temporary folder, removed at exit
#   BG        the pid of a background run the test started (killed at exit), or ""
#   failures  the number of failed checks; start: $SECONDS when sourced
# and the functions below: checks (check, has, same), runs (run, wait_records), and the set-ups
# several tests share (pgn_scores, tournament_ini, broken_match, browser_setup, martian_runs,
# martian4_runs, uci_best, job, uci_match_twice).
BIN=${BIN:-bin/maxtune}
case $BIN in /*) ;; *) BIN=$PWD/$BIN ;; esac
T=$(mktemp -d "/tmp/$NAME.XXXXXX") || exit 1
BG=""
# Stops a background run this script started (by its pid) and removes the temporary folder.
cleanup() {
    [ -n "$BG" ] && kill -9 "$BG" 2>/dev/null
    rm -rf "$T"
}
trap cleanup EXIT
failures=0
start=$SECONDS

# Prints PASS or FAIL for a check named $1 from the exit status of the command that follows.
check() {
    local name=$1
    shift
    if "$@"; then echo "PASS $name"; else echo "FAIL $name"; failures=$((failures + 1)); fi
}

# True when file $1 exists and contains the fixed string $2 (which may start with '-').
has() { [ -f "$1" ] && grep -qF -- "$2" "$1"; }

# True when the two files are byte-identical.
same() { cmp -s "$1" "$2"; }

# The files of folder $1 that a repeated run writes the same (not run.txt, timing files, plots,
# nor the paths ./P of further arguments), sorted, relative to $1.
reproducible_files() {
    local dir=$1 p
    shift
    local skip=()
    for p in "$@"; do skip+=(! -path "./$p"); done
    (cd "$dir" && find . -type f ! -name run.txt ! -name 'timing*' ! -name '*.png' "${skip[@]}" | sort)
}

# True when folders $1 and $2 hold the same reproducible files (reproducible_files, leaving out
# the paths of further arguments), byte for byte, config.ini files but for their threads line;
# prints what differs.
same_folders() {
    local a=$1 b=$2 f bad=0
    shift 2
    for f in $(reproducible_files "$a" "$@"); do
        if [ "${f##*/}" = config.ini ]; then
            diff -q <(grep -v '^threads =' "$a/$f") <(grep -v '^threads =' "$b/$f") >/dev/null ||
                { echo "  $f differs"; bad=1; }
        else
            cmp -s "$a/$f" "$b/$f" || { echo "  $f differs"; bad=1; }
        fi
    done
    [ "$(reproducible_files "$a" "$@")" = "$(reproducible_files "$b" "$@")" ] ||
        { echo "  file lists differ"; bad=1; }
    return $bad
}

# bad_key KEY VALUE PATTERN: the config $CFG with KEY's line replaced by "KEY = VALUE" (as
# $T/bad.ini) is refused: exit 2, its file:line and PATTERN in the message, no folder made.
bad_key() {
    local key=$1 value=$2 want=$3 line
    sed "s|^$key = .*|$key = $value|" "$CFG" >"$T/bad.ini"
    line=$(grep -n "^$key = " "$T/bad.ini" | cut -d: -f1)
    run "$T/bad.ini" --set run.results_dir="$T/nofolder"
    check "$key = $value refused at bad.ini:$line" eval \
        '[ $RC -eq 2 ] && has $T/err "bad.ini:$line: " && has $T/err "$want" && [ ! -e $T/nofolder ]'
}

# Runs $BIN run CONFIG ... with stdout/stderr in $T/out and $T/err; sets RC.
run() {
    "$BIN" run "$@" >"$T/out" 2>"$T/err"
    RC=$?
}

# Waits (up to 60 s) until run folder $1 holds a checkpoint with more than $2 lines, while the
# background run $BG lives.
wait_records() {
    local i
    for ((i = 0; i < 3000; i++)); do
        if [ -f "$1/checkpoint.journal" ] &&
            [ "$(wc -l <"$1/checkpoint.journal")" -gt "$2" ]; then return 0; fi
        kill -0 "$BG" 2>/dev/null || return 1
        sleep 0.02
    done
    return 1
}

# Prints "white,black,score" for each game of PGN file $1, score being White's: 1 for 1-0, 0 for
# 0-1, 0.5 for any other result.
pgn_scores() {
    awk -F'"' '/^\[White /{w=$2} /^\[Black /{b=$2} /^\[Result /{
        print w "," b "," ($2 == "1-0" ? 1 : $2 == "0-1" ? 0 : 0.5)}' "$1"
}

# Writes the tournament config $1 ([run] name t, seed 5, threads 2): [tournament] pairs $2,
# anchored at the player named $3 (1000 Elo), and one in-process player per further argument
# NAME:WEIGHTS:NODES ([engine_a], [engine_b], ... in order; 1 MiB of hash each).
tournament_ini() {
    local file=$1 pairs=$2 anchor=$3 letters=abcdefghijklmnop i=0 p name weights nodes
    shift 3
    printf '[run]\njob = tournament\nname = t\nseed = 5\nthreads = 2\n' >"$file"
    for p in "$@"; do
        IFS=: read -r name weights nodes <<<"$p"
        printf '\n[engine_%s]\nname = %s\nweights = %s\nnodes = %s\nhash_mb = 1\n' \
            "${letters:i:1}" "$name" "$weights" "$nodes" >>"$file"
        i=$((i + 1))
    done
    printf '\n[tournament]\npairs = %s\nanchor = %s\nanchor_elo = 1000\n' "$pairs" "$anchor" \
        >>"$file"
}

# Sets ENG to a copy of tests/engines/broken.sh (with the relay.sh it sources) in $T, so that
# the processes it starts can be told from any other (pgrep -f "$ENG"), and CFG to a match
# config in $T ([run] name f, seed 5) of [engine_a] "broken" against [engine_b] "sound", 300
# nodes and 1 MiB of hash each, with $1 threads and $2 pairs; each check gives engine_a its
# command (--set engine_a.command=...).
broken_match() {
    local engines
    engines=$(dirname "${BASH_SOURCE[0]}")/../engines
    ENG=$T/broken.sh
    cp "$engines/broken.sh" "$engines/relay.sh" "$T/" && chmod +x "$ENG" || exit 1
    CFG=$T/broken.ini
    printf '[run]\njob = match\nname = f\nseed = 5\nthreads = %s\n' "$1" >"$CFG"
    printf '\n[engine_%s]\nname = %s\nnodes = 300\nhash_mb = 1\n' a broken b sound >>"$CFG"
    printf '\n[match]\npairs = %s\n' "$2" >>"$CFG"
}

# Runs a small Martian Chess match (folder $1/mc) and a small Martian pipeline (folder $1/mp)
# whose start weights are Martian's default with two piece-square entries set (pawn file a 11,
# queen rank 4 -23, middle game, whatever the default holds there), so that its report draws
# them in its tables: the pages of tests/martian_pages.sh and html_browser.sh. False when
# either run fails.
martian_runs() {
    local dir=$1
    mkdir -p "$dir"
    printf '[run]\njob = match\nname = mc\nvariant = martian\nseed = 5\nthreads = 2\n' >"$dir/mc.ini"
    printf '\n[engine_%s]\nname = %s\nnodes = 300\nhash_mb = 1\n' a a b b >>"$dir/mc.ini"
    printf '\n[match]\npairs = 6\nopening_plies = 4\n' >>"$dir/mc.ini"
    "$BIN" run "$dir/mc.ini" --set run.results_dir="$dir" >"$dir/mc.log" 2>&1 || return 1
    "$BIN" weights --variant martian |
        sed -e 's/^pst_file\.pawn\.a\.mg *= *-\{0,1\}[0-9][0-9]* /pst_file.pawn.a.mg = 11 /' \
            -e 's/^pst_rank\.queen\.4\.mg *= *-\{0,1\}[0-9][0-9]* /pst_rank.queen.4.mg = -23 /' \
            >"$dir/pst.weights"
    sed -e 's/^job = match/job = pipeline/' -e 's/^name = mc/name = mp/' "$dir/mc.ini" |
        sed '/^\[match\]/,$d' >"$dir/mp.ini"
    printf '[selfplay]\ngames = 300\n\n[fit]\nverify_pairs = 1\nvalidation = 0\n\n' >>"$dir/mp.ini"
    printf '[spsa]\niterations = 4\nbatch = 2\nverify_pairs = 1\n\n[pipeline]\n' >>"$dir/mp.ini"
    printf 'start_weights = %s\nfit_params = pawn,drone,queen\ngate_pairs = 1\n' "$dir/pst.weights" \
        >>"$dir/mp.ini"
    "$BIN" run "$dir/mp.ini" --set run.results_dir="$dir" >"$dir/mp.log" 2>&1
}

# For the browser tests: sets ROOT (the source tree), CHROMIUM and B (tests/browser, with its
# node_modules installed by `npm ci` on first use). Without chromium, node or npm it prints
# one SKIP and one PASS line saying so and exits 0; when npm ci fails, a FAIL line and exit 1.
browser_setup() {
    ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
    CHROMIUM=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
    if [ -z "$CHROMIUM" ] || ! command -v node >/dev/null || ! command -v npm >/dev/null; then
        echo "SKIP $NAME: chromium, node or npm is missing (scripts/deps.sh installs them:" \
            "chromium nodejs npm); the browser checks did not run"
        echo "PASS browser test skipped: no chromium/node/npm"
        exit 0
    fi
    B=$ROOT/tests/browser
    if [ ! -f "$B/node_modules/chrome-remote-interface/package.json" ]; then
        (cd "$B" && npm ci --no-audit --no-fund --loglevel=error) >"$T/npm.log" 2>&1 ||
            {
                echo "FAIL npm ci in tests/browser (chrome-remote-interface):"
                tail -5 "$T/npm.log"
                exit 1
            }
    fi
}

# Runs a small four-player Martian Chess match (variant martian4, folder $1/mc4: 3 pairs, 300
# nodes, 2 threads, 4 opening plies): the games of tests/martian4_pages.sh and html_browser.sh.
# False when the run fails.
martian4_runs() {
    local dir=$1
    mkdir -p "$dir"
    printf '[run]\njob = match\nname = mc4\nvariant = martian4\nseed = 5\nthreads = 2\n' >"$dir/mc4.ini"
    printf '\n[engine_%s]\nname = %s\nnodes = 300\nhash_mb = 1\n' a a b b >>"$dir/mc4.ini"
    printf '\n[match]\npairs = 3\nopening_plies = 4\n' >>"$dir/mc4.ini"
    "$BIN" run "$dir/mc4.ini" --set run.results_dir="$dir" >"$dir/mc4.log" 2>&1
}

# The bestmove line of `maxtune uci` told UCI_Variant $1, at position $2 (startpos or fen F
# [moves ...]) and go nodes $3; the whole session in $T/uci (quit only once the search is done:
# a quit during a search ends it).
uci_best() {
    { printf 'uci\nsetoption name UCI_Variant value %s\nposition %s\ngo nodes %s\n' "$1" "$2" "$3"
      sleep 1; echo quit; } | "$BIN" uci >"$T/uci" 2>&1
    grep '^bestmove' "$T/uci"
}

# A run of job $1 of the config $CFG (named m) into $T/<job> (further arguments: --set ...);
# sets D to its folder.
job() {
    local j=$1
    shift
    run "$CFG" --set run.job="$j" --set run.results_dir="$T/$j" "$@"
    D=$T/$j/m
}

# The same match of game $1 twice (`default` against `start` at $2 nodes, 4 pairs from the
# openings file $3, config $T/m.ini): in-process into $T/ref/m (M), then with `start` an external
# `maxtune uci` (all its traffic logged) into $T/ext/m; RC_REF and RC the two exit statuses.
uci_match_twice() {
    printf '[run]\njob = match\nvariant = %s\nname = m\nseed = 5\nthreads = 2\n\n' "$1" >"$T/m.ini"
    printf '[engine_a]\nname = default\nnodes = %s\nhash_mb = 1\n\n' "$2" >>"$T/m.ini"
    printf '[engine_b]\nname = start\nweights = start\nnodes = %s\nhash_mb = 1\n\n' "$2" >>"$T/m.ini"
    printf '[match]\npairs = 4\nopenings = %s\n' "$3" >>"$T/m.ini"
    run "$T/m.ini" --set run.results_dir="$T/ref"
    RC_REF=$RC M=$T/ref/m
    run "$T/m.ini" --set run.results_dir="$T/ext" --set run.engine_log=all \
        --set "engine_b.command=$BIN uci" --set "engine_b.options=Hash=1, Weights=start"
}
