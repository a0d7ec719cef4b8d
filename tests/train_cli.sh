#!/usr/bin/env bash
# train_cli.sh: the train job end to end, small: a tiny datagen run gives positions, a network
# is trained on them; the engine plays it ([engine_a] net, bench --net, uci EvalFile); the same
# config and thread count give the same network bytes; a run killed (SIGKILL) after an epoch
# resumes from its checkpoint to the same bytes; bad input (no data, another game's data, a
# damaged positions file, a damaged network, a network of another game) is refused with one line
# naming the file; a Martian network (feature set 2) is trained, played and refused by Maxima.
# Prints one "PASS name" or "FAIL name" line per check; exits 1 if any failed.
set -u
NAME=train_cli
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"

cat >"$T/dg.ini" <<'INI'
[run]
job = datagen
name = dg
seed = 5
[engine_a]
nodes = 300
hash_mb = 1
[match]
opening_plies = 8
[datagen]
games = 40
skip_plies = 2
INI
run "$T/dg.ini" --set run.results_dir="$T/d" --set run.threads=2
DATA=$T/d/dg/positions.bin
check "train_cli: datagen gives positions" [ "$RC" -eq 0 -a -s "$DATA" ]

cat >"$T/tr.ini" <<INI
[run]
job = train
name = tr
seed = 3
[train]
data = $DATA
hidden = 32
epochs = 6
batch = 512
lr_step = 3
validation = 0.1
INI
run "$T/tr.ini" --set run.results_dir="$T/a" --set run.threads=2
NET=$T/a/tr/network.nnue
check "train_cli: a network is trained" [ "$RC" -eq 0 -a -s "$NET" ]
check "train_cli: loss.csv has a row per epoch" [ "$(wc -l <"$T/a/tr/loss.csv")" -eq 7 ]
check "train_cli: the checkpoint is gone once finished" [ ! -e "$T/a/tr/train.checkpoint" ]
check "train_cli: the page lists no checkpoint file (gone before it is written)" \
    eval '! grep -q "train\.checkpoint\|train\.epochs" $T/a/tr/report.html'
run "$T/tr.ini" --set run.results_dir="$T/a" --set run.threads=2 --set run.name=tr2
run "$T/tr.ini" --set run.results_dir="$T/a" --set run.threads=2 --set run.name=tr2 --force
check "train_cli: --force trains again to the same bytes" same "$NET" "$T/a/tr2/network.nnue"
check "train_cli: report.md states the quantisation error" has "$T/a/tr/report.md" "against the float one"
run "$T/tr.ini" --set run.results_dir="$T/b" --set run.threads=2
check "train_cli: the same config and threads give the same bytes" same "$NET" "$T/b/tr/network.nnue"
check "train_cli: the same loss.csv" same "$T/a/tr/loss.csv" "$T/b/tr/loss.csv"

# One config: [train] data = datagen generates the positions into data/ first (the datagen run
# of the same [run] seed, [engine_a], [match] and [datagen]), then trains: the same positions and
# the same network as the two runs one after the other.
sed -e '/^\[datagen\]/,$d' "$T/dg.ini" | sed -e 's/^job = datagen/job = train/' -e 's/^name = dg/name = one/' >"$T/one.ini"
printf '[datagen]\ngames = 40\nskip_plies = 2\n[train]\ndata = datagen\nhidden = 32\nepochs = 6\nbatch = 512\nlr_step = 3\nvalidation = 0.1\n' >>"$T/one.ini"
run "$T/one.ini" --set run.results_dir="$T/o" --set run.threads=2
check "train_cli: data = datagen generates, then trains" [ "$RC" -eq 0 -a -s "$T/o/one/network.nnue" ]
check "train_cli: ... the same positions as the datagen run" same "$DATA" "$T/o/one/data/positions.bin"
run "$T/tr.ini" --set run.results_dir="$T/s5" --set run.threads=2 --set run.seed=5
check "train_cli: ... and the same network as the two runs" same "$T/s5/tr/network.nnue" "$T/o/one/network.nnue"
run "$T/one.ini" --set run.results_dir="$T/o" --set run.threads=2 --set run.name=one2 --set datagen.games=0
check "train_cli: ... a bad [datagen] key is refused before anything runs" \
    eval '[ $RC -eq 2 ] && [ ! -e $T/o/one2 ]'

# base = weights: the network adds to [engine_a]'s weights' evaluation, and its file says so.
run "$T/tr.ini" --set run.results_dir="$T/bw" --set run.threads=2 --set train.base=weights
check "train_cli: base = weights trains a network that adds to the weights" \
    eval '[ $RC -eq 0 ] && has $T/bw/tr/summary.json "\"base\": \"weights\"" && has $T/bw/tr/report.md "adds to the evaluation"'
check "train_cli: ... its file's base field is 1 (offset 60)" \
    [ "$(od -An -tu4 -j60 -N4 "$T/bw/tr/network.nnue" | tr -d ' ')" = 1 ]
out=$("$BIN" bench 3 --net "$T/bw/tr/network.nnue" 2>&1)
check "train_cli: ... and the engine plays it" grep -q "^bench: " <<<"$out"
run "$T/tr.ini" --set run.results_dir="$T/bm" --set train.base=weights --set train.mirror_files=true
check "train_cli: base = weights with mirror_files is refused" \
    eval '[ $RC -eq 2 ] && has $T/err "base = weights does not go with mirror_files = true"'

# Killed after an epoch's checkpoint, resumed: the same bytes as a run never interrupted (a wider
# net and more epochs, so that the kill lands while it trains).
sed -e 's/hidden = 32/hidden = 256/' -e 's/epochs = 6/epochs = 40/' "$T/tr.ini" >"$T/long.ini"
run "$T/long.ini" --set run.results_dir="$T/l" --set run.threads=2
"$BIN" run "$T/long.ini" --set run.results_dir="$T/k" --set run.threads=2 >"$T/kout" 2>&1 &
BG=$!
for ((i = 0; i < 3000; i++)); do
    [ -f "$T/k/tr/train.checkpoint" ] && break
    kill -0 "$BG" 2>/dev/null || break
    sleep 0.005
done
kill -9 "$BG" 2>/dev/null
wait "$BG" 2>/dev/null
BG=""
check "train_cli: the kill landed while it trained" \
    eval '[ -f $T/k/tr/train.checkpoint ] && [ ! -e $T/k/tr/summary.json ]'
run "$T/long.ini" --set run.results_dir="$T/k" --set run.threads=2
check "train_cli: the killed run resumes from its checkpoint" has "$T/err" "train: resumed after epoch"
check "train_cli: ... to the same bytes" same "$T/l/tr/network.nnue" "$T/k/tr/network.nnue"
check "train_cli: ... and the same loss.csv" same "$T/l/tr/loss.csv" "$T/k/tr/loss.csv"

# The engine plays the network.
out=$("$BIN" bench 3 --net "$NET" 2>&1)
check "train_cli: bench --net searches with it" grep -q "^bench: " <<<"$out"
sig_net=$(sed -n 's/^bench: \([0-9]*\) nodes.*/\1/p' <<<"$out")
sig_plain=$("$BIN" bench 3 | sed -n 's/^bench: \([0-9]*\) nodes.*/\1/p')
check "train_cli: its search is not the weights' (bench 3 nodes $sig_net vs $sig_plain)" \
    [ -n "$sig_net" -a "$sig_net" != "$sig_plain" ]
uci=$(printf 'uci\nsetoption name EvalFile value %s\nposition startpos\ngo nodes 2000\nquit\n' \
    "$NET" | "$BIN" uci 2>&1)
check "train_cli: uci EvalFile plays" grep -q "^bestmove " <<<"$uci"
check "train_cli: uci EvalFile accepted without error" eval '! grep -q "error" <<<"$uci"'
cat >"$T/m.ini" <<INI
[run]
job = match
name = m
seed = 2
[engine_a]
name = net
net = $NET
nodes = 300
hash_mb = 1
[engine_b]
name = weights
nodes = 300
hash_mb = 1
[match]
pairs = 4
INI
run "$T/m.ini" --set run.results_dir="$T/m" --set run.threads=2
check "train_cli: a match with [engine_a] net plays" [ "$RC" -eq 0 ] && has "$T/m/m/config.ini" "net = "

# Bad input: one line naming the file, a non-zero exit, no results folder.
run "$T/tr.ini" --set run.results_dir="$T/x1" --set train.data="$T/none.bin"
check "train_cli: a missing positions file is refused" \
    eval '[ $RC -eq 2 ] && has $T/err "[train] data: $T/none.bin: cannot open" && [ ! -e $T/x1/tr ]'
head -c 1000 "$DATA" >"$T/short.bin"
run "$T/tr.ini" --set run.results_dir="$T/x2" --set train.data="$T/short.bin"
check "train_cli: a truncated positions file is refused" \
    eval '[ $RC -eq 2 ] && has $T/err "$T/short.bin: " && has $T/err "truncated" && [ ! -e $T/x2/tr ]'
run "$T/tr.ini" --set run.results_dir="$T/x3" --set run.variant=ultima
check "train_cli: another game's positions are refused" \
    eval '[ $RC -eq 2 ] && has $T/err "holds positions of maxima, the run plays ultima"'
run "$T/tr.ini" --set run.results_dir="$T/x4" --set train.hidden=40
check "train_cli: a width that is no multiple of 16 is refused" \
    eval '[ $RC -eq 2 ] && has $T/err "hidden = 40 is not a multiple of 16"'
cp "$NET" "$T/bad.nnue"
printf '\x55' | dd of="$T/bad.nnue" bs=1 seek=5000 conv=notrunc 2>/dev/null
run "$T/m.ini" --set run.results_dir="$T/x5" --set engine_a.net="$T/bad.nnue"
check "train_cli: a damaged network is refused" \
    eval '[ $RC -eq 2 ] && has $T/err "[engine_a] net: $T/bad.nnue: checksum mismatch" && [ ! -e $T/x5/m ]'
run "$T/m.ini" --set run.results_dir="$T/x6" --set run.variant=ultima
check "train_cli: another game's network is refused" \
    eval '[ $RC -eq 2 ] && has $T/err "is a network of maxima, the run plays ultima"'
out=$("$BIN" bench 2 --net "$T/bad.nnue" 2>&1); rc=$?
check "train_cli: bench refuses a damaged network" \
    eval '[ $rc -eq 2 ] && grep -q "checksum mismatch" <<<"$out"'
# Martian Chess: data = datagen, then a network of feature set 2 (the board and the state:
# points lead, clock), which the engine plays in a match and which a Maxima run refuses.
cat >"$T/mt.ini" <<'INI'
[run]
job = train
name = mt
seed = 1
variant = martian
[engine_a]
nodes = 300
hash_mb = 1
[match]
opening_plies = 4
[datagen]
games = 40
skip_plies = 2
[train]
data = datagen
hidden = 32
epochs = 2
batch = 512
validation = 0.1
INI
run "$T/mt.ini" --set run.results_dir="$T/mt" --set run.threads=2
MNET=$T/mt/mt/network.nnue
check "train_cli: a Martian network is trained from its own datagen" [ "$RC" -eq 0 -a -s "$MNET" ]
check "train_cli: ... of feature set 2 with 562 features (offsets 28, 32)" \
    [ "$(od -An -tu4 -j28 -N8 "$MNET" | tr -s ' ')" = " 2 562" ]
run "$T/m.ini" --set run.results_dir="$T/mm" --set run.threads=2 --set run.variant=martian \
    --set engine_a.net="$MNET" --set match.pairs=2
check "train_cli: ... and plays a Martian match" [ "$RC" -eq 0 ]
run "$T/m.ini" --set run.results_dir="$T/x7" --set engine_a.net="$MNET"
check "train_cli: ... which a Maxima run refuses" \
    eval '[ $RC -eq 2 ] && has $T/err "is a network of martian, the run plays maxima"'
exit $((failures > 0))
