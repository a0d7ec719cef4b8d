#!/usr/bin/env bash
# Slow checks kept out of `make test`: the depth-5 start-position perft (196,732,409) and its
# per-move counts against tests/data/reference/start_divide.txt; every depth-4 count of
# tests/data/reference/ultima_perft.epd (40 positions, 65.6 million leaves; make test checks depth 3);
# every count of tests/data/reference/martian_perft.epd and martian4_perft.epd (four players) through
# the command line (make test checks them all in the core, tests/test_perft.c).
set -u
bin=$1
refdata=tests/data/reference
pass=0; fail=0
out=$("$bin" perft start 5 --divide)
got=$(echo "$out" | tail -1 | awk '{print $NF}')
if [ "$got" = 196732409 ]; then echo "PASS perft start 5 = $got"; pass=$((pass+1));
else echo "FAIL perft start 5 = $got, want 196732409"; fail=$((fail+1)); fi
if diff -q <(awk '$0 == "depth 5" {f=1; next} /^$/ {f=0} f' "$refdata/start_divide.txt") \
           <(echo "$out" | grep -v '^nodes') >/dev/null; then
  echo "PASS divide depth 5 matches start_divide.txt"; pass=$((pass+1))
else echo "FAIL divide depth 5 differs from start_divide.txt"; fail=$((fail+1)); fi
ultima_bad=0 ultima_n=0
while IFS= read -r line; do
  case $line in '#'*|'') continue ;; esac
  want=$(echo "$line" | grep -o ';D4 [0-9]*' | awk '{print $2}')
  [ -n "$want" ] || continue
  fen=${line%% ;*} id=$(echo "$line" | grep -o 'id "[^"]*"')
  got=$("$bin" perft "$fen" 4 | awk '{print $NF}')
  ultima_n=$((ultima_n+1))
  [ "$got" = "$want" ] || { echo "FAIL ultima perft $id depth 4 = $got, want $want"; ultima_bad=$((ultima_bad+1)); }
done < "$refdata/ultima_perft.epd"
if [ $ultima_bad -eq 0 ] && [ $ultima_n -eq 40 ]; then
  echo "PASS ultima perft depth 4: all $ultima_n counts"; pass=$((pass+1))
else echo "FAIL ultima perft depth 4: $ultima_bad of $ultima_n wrong (40 expected)"; fail=$((fail+1)); fi
martian_bad=0 martian_n=0
while IFS= read -r line; do
  case $line in '#'*|'') continue ;; esac
  fen=${line%% ;*} id=$(echo "$line" | grep -o 'id "[^"]*"')
  for dc in $(echo "$line" | grep -o ';D[0-9] [0-9]*' | tr -d ';D' | tr ' ' ':'); do
    d=${dc%%:*} want=${dc##*:}
    got=$("$bin" perft "$fen" "$d" | awk '{print $NF}')
    martian_n=$((martian_n+1))
    [ "$got" = "$want" ] || { echo "FAIL martian perft $id depth $d = $got, want $want"; martian_bad=$((martian_bad+1)); }
  done
done < "$refdata/martian_perft.epd"
if [ $martian_bad -eq 0 ] && [ $martian_n -eq 242 ]; then
  echo "PASS martian perft through the command line: all $martian_n counts"; pass=$((pass+1))
else echo "FAIL martian perft: $martian_bad of $martian_n wrong (242 expected)"; fail=$((fail+1)); fi
martian4_bad=0 martian4_n=0
while IFS= read -r line; do
  case $line in '#'*|'') continue ;; esac
  fen=${line%% ;*} id=$(echo "$line" | grep -o 'id "[^"]*"')
  for dc in $(echo "$line" | grep -o ';D[0-9] [0-9]*' | tr -d ';D' | tr ' ' ':'); do
    d=${dc%%:*} want=${dc##*:}
    got=$("$bin" perft "$fen" "$d" | awk '{print $NF}')
    martian4_n=$((martian4_n+1))
    [ "$got" = "$want" ] || { echo "FAIL martian4 perft $id depth $d = $got, want $want"; martian4_bad=$((martian4_bad+1)); }
  done
done < "$refdata/martian4_perft.epd"
if [ $martian4_bad -eq 0 ] && [ $martian4_n -eq 177 ]; then
  echo "PASS martian4 perft through the command line: all $martian4_n counts"; pass=$((pass+1))
else echo "FAIL martian4 perft: $martian4_bad of $martian4_n wrong (177 expected)"; fail=$((fail+1)); fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
