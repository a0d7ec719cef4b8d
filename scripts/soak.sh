#!/usr/bin/env bash
# soak.sh: a long tournament in which engines crash, hang, send garbage and illegal moves at
# random (tests/engines/flaky.py wrapping `maxtune uci`), to show that a run survives them:
# every game accounted for (in the PGN, with a termination for each injected fault), no zombie
# or leftover process, and no growth of the runner's open files or memory.
# Usage: scripts/soak.sh [GAMES] [RATE]   (defaults 10000 games, 0.005 faults a move of each
# flaky engine); prints its figures and exits 1 when a check fails. NODES (default 200) and
# BIN (default bin/maxtune) from the environment. Not part of make test (it takes a while:
# about 25 min for 10000 games on 2 cores).
set -u
games=${1:-10000} rate=${2:-0.005}
bin=$(realpath "${BIN:-bin/maxtune}") nodes=${NODES:-200}
here=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d /tmp/soak.XXXXXX)
pairs=$(( (games + 11) / 12 )) # 4 players: 6 pairings of 2 games a pair
faults=$tmp/faults.log; : > "$faults"
flaky="python3 $here/tests/engines/flaky.py $rate $faults $bin uci"
cat > "$tmp/soak.ini" <<INI
[run]
job = tournament
name = soak
seed = 7
results_dir = $tmp/results
threads = 2

[engine_a]
name = inproc
nodes = $nodes

[engine_b]
name = material
weights = material
nodes = $nodes

[engine_c]
name = flaky1
command = $flaky
nodes = $nodes
timeout_ms = 500
start_timeout_ms = 20000

[engine_d]
name = flaky2
command = $flaky
nodes = $nodes
timeout_ms = 500
start_timeout_ms = 20000

[match]
max_plies = 200
fault_stop = 0

[tournament]
pairs = $pairs
INI
# Processes of this soak still alive after it: the flaky proxies (their command line names
# $tmp) and engines `$bin uci` that were not there before it.
procs() {
  local n=0 p
  n=$(pgrep -f "$tmp/faults.log" | wc -l)
  for p in $(pgrep -f "$bin uci"); do grep -qx "$p" "$tmp/before" || n=$((n + 1)); done
  echo $n
}
pgrep -f "$bin uci" > "$tmp/before"
start=$(date +%s)
/usr/bin/time -f "%M" -o "$tmp/maxrss" "$bin" run "$tmp/soak.ini" > "$tmp/out" 2> "$tmp/err" &
tpid=$!
sleep 2
runner=$(pgrep -P $tpid | head -1)
sleep 10 # the engines started: the open files of a run under way
fd_first=$(ls /proc/$runner/fd 2>/dev/null | wc -l); rss_first=$(awk '/VmRSS/ {print $2}' /proc/$runner/status 2>/dev/null)
fd_last=$fd_first rss_last=$rss_first fd_max=$fd_first z_max=0 z_last=0
while kill -0 $tpid 2>/dev/null; do
  sleep 5
  f=$(ls /proc/$runner/fd 2>/dev/null | wc -l); r=$(awk '/VmRSS/ {print $2}' /proc/$runner/status 2>/dev/null)
  z=$(ps --ppid "$runner" -o stat= 2>/dev/null | grep -c '^Z')
  [ -n "$r" ] && { fd_last=$f; rss_last=$r; z_last=$z; [ "$f" -gt "$fd_max" ] && fd_max=$f; [ "$z" -gt "$z_max" ] && z_max=$z; }
done
wait $tpid; rc=$?
wall=$(( $(date +%s) - start ))
sleep 1
left=$(procs)
pgn=$tmp/results/soak/games.pgn
[ -f "$pgn" ] || { [ -f "$pgn.gz" ] && gzip -dc "$pgn.gz" > "$tmp/games.pgn" && pgn=$tmp/games.pgn; }
played=$(grep -c '^\[Result' "$pgn" 2>/dev/null || echo 0)
expected=$(( pairs * 12 ))
term() { grep -c "^\[Termination \"$1\"\]" "$pgn" 2>/dev/null || echo 0; }
injected() { grep -c " $1\$" "$faults"; }
echo "soak: $played of $expected games in $wall s (rc $rc), $nodes nodes a move, fault rate $rate a move"
echo "soak: faults injected: crash $(injected crash), hang $(injected hang), garbage $(injected garbage), illegal $(injected illegal)"
echo "soak: terminations: time forfeit $(term 'time forfeit'), rules infraction $(term 'rules infraction'), abandoned $(term abandoned), normal $(term normal), adjudication $(term adjudication)"
echo "soak: runner open files first/last/max $fd_first/$fd_last/$fd_max, RSS first/last $rss_first/$rss_last KiB, peak $(cat "$tmp/maxrss" | tail -1) KiB"
echo "soak: processes left $left; the runner's unreaped children at the last sample $z_last, at most $z_max"
bad=0
[ "$rc" -eq 0 ] || { echo "soak: FAIL the run exited $rc: $(tail -3 "$tmp/err")"; bad=1; }
[ "$played" -eq "$expected" ] || { echo "soak: FAIL $played games in the PGN, $expected expected"; bad=1; }
[ "$left" -eq 0 ] || { echo "soak: FAIL $left processes left"; bad=1; }
[ "$z_last" -le 2 ] || { echo "soak: FAIL $z_last unreaped engine processes at the end"; bad=1; }
[ "$fd_last" -le "$((fd_first + 4))" ] || { echo "soak: FAIL open files grew"; bad=1; }
[ $bad -eq 0 ] && echo "soak: ok (folder $tmp)" && rm -rf "$tmp"
exit $bad
