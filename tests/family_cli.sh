#!/usr/bin/env bash
# family_cli.sh: the family job ([run] job = family) and the defensive player ([engine_a]
# defence). A tiny study finishes with its 8 parts (each game's self-play at three depths, each
# game's defensive player), each part a selfplay run of its own game with its games.pgn; the
# counts of family.csv are the PGN's own (re-derived here with awk, Wilson intervals and the
# defensive player's score too), and every figure of each game's draw-rate trend and of the
# difference of the two, in summary.json and report.md, is re-derived from the table's counts
# (weighted least squares with the Birge ratio, python3). The same
# config gives byte-identical tables and games with one thread or two, and after an interrupted
# run is resumed. Bad input is refused with one line and exit 2, leaving no folder: nodes not
# increasing, [run] variant = ultima, a defensive external engine, a weights file that does not
# exist. A defensive player in a match is named so in its report.
# Prints one "PASS name" or "FAIL name" line per check; exits 1 if any failed.
# Environment: BIN (default bin/maxtune). Runs in a mktemp -d folder under /tmp.
set -u
NAME=family_cli
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"

CFG=$T/f.ini
cat >"$CFG" <<'INI'
[run]
job = family
name = f
seed = 11
threads = 2

[engine_a]
hash_mb = 1

[engine_b]
hash_mb = 1

[match]
max_plies = 200
draw_move_count = 0
resign_move_count = 0

[family]
nodes = 60, 120, 240
games = 14
defence = 300
defence_nodes = 120
defence_games = 12
INI
PARTS="maxima-60 maxima-120 maxima-240 ultima-60 ultima-120 ultima-240 defensive-maxima defensive-ultima"

run "$CFG" --set run.results_dir="$T/a"
F=$T/a/f
ok_parts() {
    local p
    for p in $PARTS; do [ -s "$F/$p/games.pgn" ] && [ -s "$F/$p/summary.json" ] || return 1; done
}
check "a tiny family study finishes (exit 0) with its 8 parts, each with games.pgn" eval \
    '[ $RC -eq 0 ] && ok_parts && [ -s $F/family.csv ] && [ -s $F/summary.json ] && [ -s $F/report.md ]'
check "each part plays its own game; only defensive-<game>'s player A is defensive" eval \
    'has $F/ultima-120/config.ini "variant = ultima" && has $F/defensive-ultima/config.ini "variant = ultima" &&
     ! has $F/maxima-120/config.ini "variant = ultima" && has $F/defensive-maxima/config.ini "defence = 300" &&
     [ "$(grep -c "^defence = " $F/defensive-maxima/config.ini)" = 1 ] && ! has $F/maxima-240/config.ini "defence =" &&
     grep -q "^\[Variant \"Ultima\"\]" $F/ultima-60/games.pgn && grep -q "^\[White \"defensive\"\]" $F/defensive-ultima/games.pgn'

# "game,kind,nodes,games,white_wins,draws,black_wins,a_half_points" of part $1 from its PGN.
pgn_counts() {
    awk -F'"' -v part="$1" '/^\[White /{w=$2} /^\[Result /{
        n++; r=$2; s = (r == "1-0") ? 2 : (r == "0-1") ? 0 : 1
        ww += s == 2; d += s == 1; bw += s == 0
        a += (w == "A" || w == "defensive") ? s : 2 - s }
        END { printf "%d,%d,%d,%d,%d\n", n, ww, d, bw, a }' "$F/$1/games.pgn"
}
# The same figures from family.csv's row of part $1 (a's half points from a_score * 2 * games).
csv_counts() {
    local game=${1##*-} kind=selfplay nodes=${1##*-}
    case $1 in defensive-*) kind=defensive nodes=120 ;; *) game=${1%-*} ;; esac
    awk -F, -v g="$game" -v k="$kind" -v n="$nodes" '$1 == g && $2 == k && $3 == n {
        printf "%d,%d,%d,%d,%d\n", $4, $5, $6, $7, $20 * 2 * $4 + 0.5 }' "$F/family.csv"
}
counts_match() {
    local p
    for p in $PARTS; do [ "$(pgn_counts "$p")" = "$(csv_counts "$p")" ] || return 1; done
}
check "family.csv's counts and the defensive player's score are the PGN's own (8 parts)" counts_match
# True when every row's draw interval is Wilson's 95% interval of draws of games.
wilson_ok() {
    awk -F, 'NR > 1 { n = $4; p = $6 / n; z = 1.959963984540054; z2n = z * z / n
        c = (p + z2n / 2) / (1 + z2n); h = z * sqrt(p * (1 - p) / n + z2n / (4 * n)) / (1 + z2n)
        if ((c - h - $9)^2 > 1e-11 || (c + h - $10)^2 > 1e-11 || (p - $8)^2 > 1e-11) bad++ }
        END { exit bad > 0 }' "$F/family.csv"
}
check "every draw rate's interval is Wilson's, from the row's counts" wilson_ok

# Every trend figure that summary.json and report.md print, re-derived from family.csv's
# self-play counts: each game's slope (per doubling of the nodes, weighted least squares with
# weights games / (q (1 - q)), q = (draws + 1) / (games + 2)), its error scaled by the Birge ratio,
# its 95% interval and p, then Ultima's minus Maxima's: the difference, its error (the two
# errors in quadrature), its interval, z, the two-sided normal p and the verdict. Prints each
# figure that disagrees; false if any does.
trend_figures_ok() {
    python3 - "$F" <<'PY'
import csv, json, math, re, sys
d = sys.argv[1]
rows = [r for r in csv.DictReader(open(d + "/family.csv")) if r["kind"] == "selfplay"]
js = json.load(open(d + "/summary.json"))
md = open(d + "/report.md").read()
Z95 = 1.959963984540054
bad = []
def near(what, got, want, tol):
    if not abs(got - want) <= tol:
        bad.append("%s: written %r, re-derived %r" % (what, got, want))
def near_p(what, got, want):  # p as %.3g (report) or %.6g (summary)
    near(what, got, want, 6e-3 * want + 1e-12)
def trend(game):
    pts = []
    for r in rows:
        if r["game"] == game:
            n, dr = int(r["games"]), int(r["draws"])
            q = (dr + 1) / (n + 2)
            pts.append((math.log2(int(r["nodes"])), dr / n, n / (q * (1 - q))))
    sw = sum(w for _, _, w in pts)
    mx = sum(w * x for x, _, w in pts) / sw
    my = sum(w * y for _, y, w in pts) / sw
    sxx = sum(w * (x - mx) ** 2 for x, _, w in pts)
    b = sum(w * (x - mx) * (y - my) for x, y, w in pts) / sxx
    a = my - b * mx
    chi = sum(w * (y - a - b * x) ** 2 for x, y, w in pts)
    birge = max(1.0, math.sqrt(chi / (len(pts) - 2)))
    se = math.sqrt(1 / sxx) * birge
    return b, se, math.erfc(abs(b / se) / math.sqrt(2)), birge
t = {}
for game, title in (("maxima", "Maxima"), ("ultima", "Ultima")):
    b, se, p, birge = t[game] = trend(game)
    s = js["games"][game]["draw_trend_per_doubling"]
    near(game + " slope (summary)", s["slope"], b, 2e-6)
    near(game + " se (summary)", s["se"], se, 2e-6)
    near_p(game + " p (summary)", s["p"], p)
    m = re.search(r"^\| %s \| ([-+][0-9.]+) points \| \[([-+][0-9.]+), ([-+][0-9.]+)\] \| ([0-9.e+-]+) \| ([0-9.]+) \|$" % title, md, re.M)
    if not m:
        bad.append(title + "'s trend row missing from report.md")
        continue
    for k, want in enumerate((100 * b, 100 * (b - Z95 * se), 100 * (b + Z95 * se))):
        near(title + (" slope", " low95", " high95")[k] + " (report)", float(m.group(k + 1)), want, 6e-3)
    near_p(title + " p (report)", float(m.group(4)), p)
    near(title + " Birge ratio (report)", float(m.group(5)), birge, 6e-3)
diff = t["ultima"][0] - t["maxima"][0]
se = math.hypot(t["ultima"][1], t["maxima"][1])
z = diff / se
p = math.erfc(abs(z) / math.sqrt(2))
s = js["ultima_minus_maxima_trend"]
near("difference (summary)", s["slope"], diff, 2e-6)
near("difference's se (summary)", s["se"], se, 2e-6)
near("difference's z (summary)", s["z"], z, 2e-4)
near_p("difference's p (summary)", s["p"], p)
m = re.search(r"Ultima's slope minus Maxima's: \*\*([-+][0-9.]+) points per doubling\*\* \[([-+][0-9.]+), ([-+][0-9.]+)\], z = ([-0-9.]+), p = ([0-9.e+-]+): (.*) \(5% level\)", md)
if not m:
    bad.append("the difference's line missing from report.md")
else:
    for k, want in enumerate((100 * diff, 100 * (diff - Z95 * se), 100 * (diff + Z95 * se), z)):
        near(("difference", "difference's low95", "difference's high95", "z")[k] + " (report)", float(m.group(k + 1)), want, 6e-3)
    near_p("difference's p (report)", float(m.group(5)), p)
    verdict = ("no difference detected" if p >= 0.05 else
               "climbs faster with depth in Ultima" if diff > 0 else "climbs faster with depth in Maxima")
    if verdict not in m.group(6):
        bad.append("verdict %r for p = %g, difference %g" % (m.group(6), p, diff))
for b in bad:
    print("  " + b)
sys.exit(1 if bad else 0)
PY
}
check "every trend figure (slopes, errors, intervals, p, Birge; the difference's error, z, p, verdict) re-derived from the counts" \
    trend_figures_ok
check "the report: the tables, the trend's verdict, the defensive player, the plot, the parts' links" eval \
    'has $F/report.md "| Ultima | 240 | 14 |" && has $F/report.md "Ultima'"'"'s slope minus Maxima'"'"'s:" &&
     has $F/report.md "| game | defensive player'"'"'s score | Elo |" && has $F/report.md "[defensive-ultima](defensive-ultima/report.md)" &&
     has $F/report.md "![Draw rate against nodes per move](draw_rate.png)" && [ -s $F/report.html ]'

run "$CFG" --set run.results_dir="$T/b" --set run.threads=1
check "one thread gives the same family.csv and games as two" eval \
    '[ $RC -eq 0 ] && same $F/family.csv $T/b/f/family.csv && same $F/summary.json $T/b/f/summary.json &&
     same $F/defensive-ultima/games.pgn $T/b/f/defensive-ultima/games.pgn && same $F/maxima-240/games.pgn $T/b/f/maxima-240/games.pgn'

# Interrupted in its third part, then resumed: the same files as a run in one go.
"$BIN" run "$CFG" --set run.results_dir="$T/c" --set family.games=40 >"$T/out" 2>"$T/err" &
BG=$!
for ((i = 0; i < 3000; i++)); do
    [ -f "$T/c/f/maxima-240/checkpoint.journal" ] && break
    kill -0 "$BG" 2>/dev/null || break
    sleep 0.02
done
kill -INT "$BG" 2>/dev/null
wait "$BG"
RC1=$?
BG=""
run "$CFG" --set run.results_dir="$T/c" --set family.games=40
run "$CFG" --set run.results_dir="$T/d" --set family.games=40
check "an interrupted study resumes and ends with the files of a run in one go" eval \
    '[ $RC1 -ne 0 ] && [ $RC -eq 0 ] && same $T/c/f/family.csv $T/d/f/family.csv &&
     same $T/c/f/maxima-240/games.pgn $T/d/f/maxima-240/games.pgn'

printf '[run]\njob = match\nname = m\n[engine_a]\nnodes = 100\ndefence = 250\n[engine_b]\nnodes = 100\n[match]\npairs = 2\n' >"$T/m.ini"
# --- refusals --------------------------------------------------------------------------------------
refused() { [ $RC -eq 2 ] && [ "$(wc -l <$T/err)" -eq 1 ] && has $T/err "$1" && [ ! -e $T/bad ]; }
run "$CFG" --set run.results_dir="$T/bad" --set "family.nodes=500, 200, 800"
check "nodes not increasing: exit 2, one line naming [family] nodes, no folder" refused \
    "[family] nodes = 500, 200, 800: 200 after 500: the depths must increase"
run "$CFG" --set run.results_dir="$T/bad" --set "family.nodes=500, 2000"
check "two depths: exit 2 (a trend needs three)" refused "at least 3 depths"
run "$CFG" --set run.results_dir="$T/bad" --set run.variant=ultima
check "[run] variant = ultima: exit 2, one line (the study plays both games)" refused \
    "a family study plays both games"
run "$CFG" --set run.results_dir="$T/bad" --set family.ultima_weights="$T/none.weights"
check "a missing weights file: exit 2, [family] ultima_weights named" refused "[family] ultima_weights:"
run "$T/m.ini" --set run.results_dir="$T/bad" --set engine_a.command=/bin/true
check "a defensive external engine: exit 2, one line" refused \
    "defence is a setting of the in-process engine"

# --- a defensive player in a match ---------------------------------------------------------------
run "$T/m.ini" --set run.results_dir="$T/m"
check "a match with a defensive player: its report says so" eval \
    '[ $RC -eq 0 ] && has $T/m/m/report.md "(defence 250%)" && has $T/m/m/config.ini "defence = 250"'

echo "$NAME: $failures failed ($((SECONDS - start)) s)"
[ "$failures" -eq 0 ]
