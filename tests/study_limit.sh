#!/usr/bin/env bash
# study_limit.sh: a tiny study of the default engine at 40, 80 and 160 nodes (the Mage alone,
# small matches, about 30 s on 2 cores) ends with report.md's limit section (issue 64): a
# "limit" table per method with the three settings' values, the limit and its 95% interval and
# a verdict per piece; the methods' limits side by side; limits.csv's fitted curve down to
# n = inf, whose value there is the report's limit; summary.json's "limit" objects; the plot.
# Prints one "PASS name" or "FAIL name" line per check; exits 1 if any failed.
set -u
NAME=study_limit
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"

cat >"$T/s.ini" <<'INI'
[run]
job = study
name = s
seed = 3
[engine_a]
hash_mb = 1
[engine_b]
hash_mb = 1
[match]
opening_plies = 8
max_plies = 200
[selfplay]
games = 200
[fit]
validation = 0
verify_pairs = 0
[values]
positions = selfplay
pairs = 150
calibration_pairs = 400
calibration_pincers = 6
types = pincer,mage
offsets = mage:5
pgn = false
[study]
engines = default@40, default@80, default@160
ladder_pairs = 10
INI
"$BIN" run "$T/s.ini" --set run.results_dir="$T/r" --set run.threads=2 >"$T/out" 2>&1
rc=$?
R=$T/r/s
check "study_limit: a study of three settings finishes (exit 0)" [ $rc -eq 0 ]
[ $rc -eq 0 ] || tail -5 "$T/out"
check "study_limit: report.md has the limit section and a table per method" eval \
    'has $R/report.md "## Where the values stop moving: the limit as the nodes grow" &&
     has $R/report.md "### limit: handicap" && has $R/report.md "### limit: regression" &&
     has $R/report.md "### Do the methods meet at the limit?"'
head='| piece | default-40 | default-80 | default-160 | limit [95%] | gap at the top [95%] | top two: difference (p) | verdict |'
check "study_limit: the tables have a column per setting, the limit, the gap, the top two, the verdict" \
    eval '[ "$(grep -cxF "$head" $R/report.md)" = 2 ]'
# The Mage's handicap row: three values, a limit with its interval, a verdict.
num='-?[0-9]+\.[0-9]{2}'
row=$(sed -n '/^### limit: handicap/,/^### limit: regression/p' "$R/report.md" | grep '^| mage |')
check "study_limit: the Mage's handicap limit has an interval and a verdict" eval \
    '[[ "$row" =~ ^\|\ mage\ \|.*\|\ ($num)\ \[($num),\ ($num)\]\ \|\ $num\ \[$num,\ $num\]\ \|\ [-+][0-9.]+\ \(p\ =\ [0-9.e-]+\)\ \|\ (settled|still\ moving|undetermined)\ \|$ ]]'
limit=${BASH_REMATCH[1]:-none}
csv=$(awk -F, '$1 == "handicap" && $2 == "mage" && $3 == "inf" {printf "%.2f", $5}' "$R/limits.csv")
check "study_limit: limits.csv's curve at n = inf is the report's limit ($csv, $limit)" \
    [ "$csv" = "$limit" ]
check "study_limit: limits.csv has the curve at the settings with their measured values" eval \
    '[ "$(awk -F, "\$1 == \"handicap\" && \$2 == \"mage\" && \$8 != \"\"" $R/limits.csv | wc -l)" = 3 ]'
check "study_limit: summary.json has the Mage's handicap limit over three settings" \
    grep -qE '"limit": \{"settings": 3, "verdict": "(settled|still moving|undetermined)", "limit": [0-9.-]+' \
    "$R/summary.json"
check "study_limit: limit_handicap.png is drawn" [ -s "$R/limit_handicap.png" ]
echo "study_limit: $((SECONDS - start)) s"
exit $((failures > 0))
