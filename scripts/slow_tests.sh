#!/usr/bin/env bash
# Slow checks kept out of `make test`: the depth-5 start-position perft (196,732,409) and its
# per-move counts against ../shared/data/start_divide.txt.
set -u
bin=$1
shared=${SHARED:-../shared}
pass=0; fail=0
out=$("$bin" perft start 5 --divide)
got=$(echo "$out" | tail -1 | awk '{print $NF}')
if [ "$got" = 196732409 ]; then echo "PASS perft start 5 = $got"; pass=$((pass+1));
else echo "FAIL perft start 5 = $got, want 196732409"; fail=$((fail+1)); fi
if diff -q <(awk '$0 == "depth 5" {f=1; next} /^$/ {f=0} f' "$shared/data/start_divide.txt") \
           <(echo "$out" | grep -v '^nodes') >/dev/null; then
  echo "PASS divide depth 5 matches start_divide.txt"; pass=$((pass+1))
else echo "FAIL divide depth 5 differs from start_divide.txt"; fail=$((fail+1)); fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
