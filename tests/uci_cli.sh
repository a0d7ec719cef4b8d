#!/usr/bin/env bash
# uci_cli.sh: `maxtune uci` driven through a pipe, and the small CLI extras (--version, show).
#
# Checks that stop, quit, go, position and the end of the input end a running search at once
# whatever the timing (many repetitions with delays from none to 50 ms), that a bad position
# leaves no position, that setoption and go refuse bad values, that go wtime/btime manages the
# clock, and that --version and show print what they promise. Prints one "PASS name" or
# "FAIL name" line per check; exits 1 if any failed. Environment: BIN (default bin/maxtune).
set -u
NAME=uci_cli
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"
trap '' PIPE # a session that died must fail a check, not kill this script

# Microseconds on the wall clock.
now_us() { local t=${EPOCHREALTIME/./}; echo $((10#$t)); }

# Starts a session reading the fifo $T/in (written through fd 3), answers in $T/out.
uci_start() {
    rm -f "$T/in" "$T/out"
    mkfifo "$T/in"
    "$BIN" uci <"$T/in" >"$T/out" 2>&1 &
    BG=$!
    exec 3>"$T/in"
}

# Sends each argument as one command line.
send() { printf '%s\n' "$@" >&3; }

# Waits up to $2 seconds until $T/out holds at least $1 lines starting with "bestmove".
wait_bestmoves() {
    local deadline=$(($(now_us) + ${2%.*} * 1000000))
    while :; do
        [ "$(grep -c '^bestmove' "$T/out")" -ge "$1" ] && return 0
        [ "$(now_us)" -ge "$deadline" ] && return 1
        sleep 0.002
    done
}

# Ends the session by $1 (quit or eof) and waits up to 3 s (a busy machine) for it to exit with
# status 0.
uci_end() {
    [ "$1" = quit ] && send quit
    exec 3>&-
    local deadline=$(($(now_us) + 3000000))
    while kill -0 "$BG" 2>/dev/null; do
        if [ "$(now_us)" -ge "$deadline" ]; then
            kill -9 "$BG" 2>/dev/null
            wait "$BG" 2>/dev/null
            BG=""
            return 1
        fi
        sleep 0.002
    done
    wait "$BG"
    local rc=$?
    BG=""
    return $rc
}

# Runs one whole session on the given command lines (end of input after them); answers in
# $T/out. Fails when it does not end within 10 s.
session() {
    printf '%s\n' "$@" | timeout 10 "$BIN" uci >"$T/out" 2>&1
}

# Sleeps $1 seconds, or not at all for 0.
pause() { [ "$1" = 0 ] || sleep "$1"; }

# --- The stop race: a search must end with a bestmove whatever the timing. ---
delays=(0 0 0 0.001 0.002 0.003 0.005 0.01 0.02 0.05)
race() { # $1: go command, $2: what ends it (stop, quit, eof, go, position); one run per delay
    local bad=0 d expect=1
    for d in "${delays[@]}"; do
        uci_start
        send "position startpos" "$1"
        pause "$d"
        case $2 in
            stop) send stop ;;
            go) send "go depth 1"; expect=2 ;;
            position) send "position startpos moves d3-d5" stop ;;
        esac
        if [ "$2" = stop ] || [ "$2" = go ] || [ "$2" = position ]; then
            wait_bestmoves "$expect" 3 || bad=$((bad + 1))
            uci_end quit || bad=$((bad + 1))
        else
            uci_end "$2" || bad=$((bad + 1))
            [ "$(grep -c '^bestmove' "$T/out")" -eq 1 ] || bad=$((bad + 1))
        fi
        [ "$bad" -eq 0 ] || { echo "  after '$1' + $2 at delay $d s:"; tail -3 "$T/out"; return 1; }
    done
}
for round in 1 2; do
    for go in "go infinite" "go depth 60"; do
        for end in stop quit eof go position; do
            check "stop race: '$go' ended by $end (round $round, ${#delays[@]} delays)" race "$go" "$end"
        done
    done
done

# --- While a search runs: the one thread that searches also answers. ---
# Waits up to $2 seconds until $T/out holds a line matching the extended regex $1.
wait_line() {
    local deadline=$(($(now_us) + ${2%.*} * 1000000))
    until grep -qE "$1" "$T/out"; do
        [ "$(now_us)" -ge "$deadline" ] && return 1
        sleep 0.002
    done
}
uci_start
send "position startpos" "go infinite"
sleep 0.3
send isready "frobnicate" uci
check "isready during a search: readyok at once, the search goes on" \
    eval 'wait_line "^readyok$" 3 && [ "$(grep -c "^bestmove" "$T/out")" -eq 0 ]'
check "an unknown command and uci during a search: answered, the search goes on" \
    eval 'wait_line "^uciok$" 3 && grep -q "unknown command .frobnicate." "$T/out" &&
          [ "$(grep -c "^bestmove" "$T/out")" -eq 0 ]'
check "the info lines of a long search arrive while it runs (not only with its bestmove)" \
    [ "$(grep -c '^info depth' "$T/out")" -ge 1 ]
send "position startpos moves d3-d5" "go depth 1"
check "position during a search: the search ends with its bestmove, then the new go answers" \
    eval 'wait_bestmoves 2 2 && [ "$(grep -c "^info string error" "$T/out")" -eq 1 ]'
uci_end quit
uci_start
send "position startpos" "go nodes 3000"
wait_bestmoves 1 2
uci_end quit
check "a short search: its info lines (kept back to leave with it), then its bestmove" \
    eval '[ "$(grep -c "^info depth" "$T/out")" -ge 2 ] && tail -1 "$T/out" | grep -q "^bestmove [a-i]"'

# --- Bad input: defined answers, nothing silently ignored. ---
# Runs a session on the command lines, waiting up to 5 s for $1 bestmoves before quitting.
converse() {
    local n=$1
    shift
    uci_start
    send "$@"
    wait_bestmoves "$n" 5
    uci_end quit
}
# True when $T/out holds exactly the lines of file $1, ignoring "info depth" lines.
answers() { diff <(grep -v '^info depth' "$T/out") "$1" >"$T/diff"; }
# The bestmove lines of $T/out on one line.
bestmoves() { grep '^bestmove' "$T/out" | tr '\n' ' '; }

converse 3 "position fen xxx2xxx/4k3/8/8 w 0" "go depth 1" \
    "position startpos moves d3-d5 d3-d5" "go depth 1" "position startpos moves d3-d5" "go depth 1"
check "bad FEN: the error names the FEN problem" \
    grep -q '^info string error: position: bad FEN' "$T/out"
check "bad FEN, go: 'no valid position' and bestmove 0000" \
    grep -qx -A1 "info string error: no valid position" "$T/out"
check "illegal move: an error naming move 2" \
    grep -q '^info string error: position: move 2: ' "$T/out"
check "after each bad position go answers bestmove 0000; a good one searches again" \
    [ "$(grep -c '^info string error: no valid position$' "$T/out")" -eq 2 -a \
      "$(bestmoves | sed 's/[a-i][0-9]*-[a-i][0-9x,a-i]*/MOVE/')" = \
      "bestmove 0000 bestmove 0000 bestmove MOVE " ]
converse 1 "position startpos" "position startpos junk" "go depth 1"
check "trailing junk after startpos: an error, and no position kept" \
    [ "$(bestmoves)" = "bestmove 0000 " ]

converse 4 "go depth abc" "go depth" "go foo" "go nodes 0 depth 2"
check "go with a malformed value or an unknown token: error and bestmove 0000 each time" \
    [ "$(grep -c '^info string error: go' "$T/out")" -eq 4 -a \
      "$(bestmoves)" = "bestmove 0000 bestmove 0000 bestmove 0000 bestmove 0000 " ]
check "go's error names the token" grep -q "unknown or unsupported token 'foo'" "$T/out"

cat >"$T/want" <<'END'
info string error: Hash must be an integer in [1, 65536] (MiB), got '16abc'; still 16
info string error: Hash must be an integer in [1, 65536] (MiB), got '0'; still 16
info string error: Hash must be an integer in [1, 65536] (MiB), got '65537'; still 16
info string error: Hash must be an integer in [1, 65536] (MiB), got '-2'; still 2
info string error: Hash must be an integer in [1, 65536] (MiB), got ''; still 2
info string error: unknown option 'Hashes'
info string error: expected 'setoption name <name> value <value>'
readyok
END
session "setoption name Hash value 16abc" "setoption name Hash value 0" \
    "setoption name Hash value 65537" "setoption name Hash value 2" "setoption name Hash value -2" \
    "setoption name Hash value " "setoption name Hashes value 3" "setoption name Hash" "isready"
check "setoption Hash: malformed and out-of-range values refused, the old value kept" \
    answers "$T/want"
session "setoption name Weights value $T/missing.weights" "setoption name Weights value material" \
    "isready"
check "setoption Weights: a missing file is an error, 'material' is accepted" \
    [ "$(grep -c 'error: Weights: .*missing.weights: cannot open' "$T/out")" -eq 1 -a \
      "$(grep -c error "$T/out")" -eq 1 ]
cat >"$T/want" <<'END'
info string error: Hash must be an integer in [1, 65536] (MiB), got '65537'; still 1
readyok
END
session "setoption name hash value 1" "setoption name HASH value 65537" \
    "setoption name weights value material" "setoption name PINCER value 1500" \
    "setoption name Mob_Pincer value -20" "setoption name uci_variant value ultima" "isready"
check "setoption: option names in any case (UCI's rule): hash, weights, PINCER, uci_variant" \
    answers "$T/want"
session "good" "stopp" "isready"
check "unknown commands (also prefixes of known ones) are errors" \
    [ "$(grep -c "^info string error: unknown command '\(good\|stopp\)'" "$T/out")" -eq 2 ]

# --- Time management: go wtime/btime/winc/binc/movestogo. ---
# Sends the commands, then waits up to $1 s for a bestmove; sets ELAPSED_MS (go to bestmove).
timed() {
    local limit=$1
    shift
    uci_start
    local t0
    t0=$(now_us)
    send "$@"
    wait_bestmoves 1 "$limit"
    ELAPSED_MS=$((($(now_us) - t0) / 1000))
    uci_end quit
}
timed 5 "position startpos" "go wtime 1000 btime 1000"
check "go wtime 1000 btime 1000: bestmove well within the clock (${ELAPSED_MS} ms < 800)" \
    [ "$ELAPSED_MS" -lt 800 -a "$(grep -c '^bestmove [a-i]' "$T/out")" -eq 1 ]
check "go wtime 1000: the budget is announced (soft 16 ms, hard 96 ms)" \
    grep -qx "info string time 1000 ms, increment 0 ms, moves to go 0: soft limit 16 ms, hard limit 96 ms" "$T/out"
timed 5 "position startpos" "go wtime 10000 winc 100 btime 10000 binc 100"
check "go wtime 10000 winc 100: thinks past the soft limit, within the hard one (${ELAPSED_MS} ms)" \
    [ "$ELAPSED_MS" -ge 203 -a "$ELAPSED_MS" -lt 2700 -a "$(grep -c '^bestmove [a-i]' "$T/out")" -eq 1 ]
uci_start
send "position startpos" "go wtime 100000 btime 100000 winc 1000 binc 1000"
sleep 0.5
check "go wtime 100000 winc 1000: still thinking after 0.5 s (a budget of seconds, not a depth)" \
    [ "$(grep -c '^bestmove' "$T/out")" -eq 0 ]
send stop
wait_bestmoves 1 1
uci_end quit
check "go wtime 100000 winc 1000: stop answers at once" [ "$(grep -c '^bestmove [a-i]' "$T/out")" -eq 1 ]
check "go wtime 100000 winc 1000: soft limit 2041 ms, hard limit 12246 ms" \
    grep -q "soft limit 2041 ms, hard limit 12246 ms" "$T/out"
timed 5 "position startpos moves d3-d5" "go wtime 100000 btime 2000 binc 0 movestogo 1"
check "Black to move uses btime; movestogo 1 may use up to half the clock (${ELAPSED_MS} ms)" \
    grep -q "info string time 2000 ms, increment 0 ms, moves to go 1: soft limit 985 ms, hard limit 985 ms" "$T/out"
check "... and answers within it" [ "$ELAPSED_MS" -lt 2000 ]
converse 3 "position startpos moves d3-d5" "go wtime 1000" "go btime 1000 movestogo 0" "go wtime 5 wtime 6"
check "go without the side to move's clock, movestogo 0, a repeated token: errors" \
    [ "$(grep -c '^info string error: go' "$T/out")" -eq 3 -a "$(bestmoves)" = "bestmove 0000 bestmove 0000 bestmove 0000 " ]
timed 5 "position startpos" "go wtime 10000 btime 10000 movetime 50"
check "movetime caps the clock's hard limit" grep -q "hard limit 50 ms" "$T/out"
check "... and the search ends by it (${ELAPSED_MS} ms)" [ "$ELAPSED_MS" -lt 1000 ]

# --- maxtune --version, maxtune show: legend and result. ---
"$BIN" --version >"$T/out" 2>&1
rc=$?
check "--version: the version and the build commit" \
    grep -qE '^maxtune [0-9][^ ]* \(built from commit [0-9a-f]+(\+changes)?\)$' "$T/out"
check "--version exits 0" [ "$rc" -eq 0 ]
"$BIN" --version extra >/dev/null 2>&1
check "--version with an argument: exit 2" [ $? -eq 2 ]
"$BIN" show start >"$T/out"
check "show: a legend of the piece letters" \
    grep -qF "Legend:      K King, P Pincer, R Coordinator, N Long leaper, B Chameleon," "$T/out"
check "show start: no result while the game goes on" \
    [ "$(grep -c '^Result:' "$T/out")" -eq 0 ]
# Shows FEN $1 and checks that its result line is $2.
show_result() { "$BIN" show "$1" >"$T/out" && grep -qxF "Result:       $2" "$T/out"; }
check "show: checkmate, who won and why" show_result "xxx2xxx/kMp5/D7/8/8/8/8/8/8/4K3/xxx2xxx b 0" \
    "White wins: Black has no legal move and its King is attacked (checkmate, docs/rules/maxima.md 8.1)"
check "show: stalemate is a draw" show_result "xxx2xxx/kMP5/7P/8/8/8/8/8/8/4K3/xxx2xxx b 0" \
    "draw: Black has no legal move and its King is not attacked (stalemate, docs/rules/maxima.md 8.1)"
check "show: bare king" show_result "xxx2xxx/4k3/p7/8/8/8/8/8/8/4K3/xxx2xxx w 0" \
    "Black wins: White has nothing left but its King (bare king, docs/rules/maxima.md 8.2)"
check "show: invasion" show_result "xxxPPxxx/8/8/8/8/k7/8/p7/8/4K3/xxx2xxx b 0" \
    "White wins: both of Black's palace squares hold White pieces (invasion, docs/rules/maxima.md 8.3)"

echo "# uci_cli.sh: $((SECONDS - start)) s"
[ "$failures" -eq 0 ]
