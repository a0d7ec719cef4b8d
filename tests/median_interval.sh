#!/usr/bin/env bash
# median_interval.sh: scripts/median_interval.awk, the median and distribution-free interval that
# make bench-paired prints for each benchmark's paired ratios: the order statistics of the sign
# test, at the coverages of the published tables (9 numbers: the 2nd to the 8th, 96.1%; 15: the
# 4th to the 12th, 96.5%; 21: the 6th to the 16th, 97.3%; 5: the whole range, 93.8%), from
# numbers in any order; the lower middle number of an even count; no numbers, exit 1.
# Prints one "PASS name" or "FAIL name" line per check; exits 1 if any failed.
set -u
NAME=median_interval
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"
mi() { awk -f scripts/median_interval.awk; }
for want in "9 5 2 8 96.1" "15 8 4 12 96.5" "21 11 6 16 97.3" "5 3 1 5 93.8" "4 2 1 4 87.5"; do
    n=${want%% *}
    got=$(seq "$n" | tac | mi)
    check "$n numbers, largest first: '$got' = '${want#* }'" [ "$got" = "${want#* }" ]
done
got=$(printf '1.597\n2.264\n1.595\n1.587\n1.621\n1.493\n1.494\n1.513\n1.578\n' | mi)
check "the bench ratios of one make bench-paired run: '$got'" [ "$got" = "1.587 1.494 1.621 96.1" ]
mi </dev/null >/dev/null
rc=$?
check "no numbers: exit 1 ($rc)" [ $rc -eq 1 ]
echo "median_interval: $((SECONDS - start)) s"
[ $failures -eq 0 ]
