#!/usr/bin/env bash
# martian_pages.sh: the pages of Martian Chess without a browser. A small Martian match and a
# small Martian pipeline (tests/lib/common.sh martian_runs) are run; then the HTML holds what the
# viewer draws from: in the match's report.html and in `maxtune view`'s page of its games, each
# game's 88-cell board with 4 real files on ranks 1-8, the owner of each cell (South's 0 on
# ranks 1-4, North's 1 on ranks 5-8: the canal after rank 4), the teams South and North, and
# per ply the scores and the clock, the last ply's equal to the final FEN's; a Maxima game's
# page holds no zones. The pipeline's weights report draws a 4-file table (ranks 4..1) per type
# (pawn, drone, queen) and phase and writes 4 x 4 squares per block, and the SPSA report names
# the official points as its reference; both flag clock_lead.mg = -147, a reward below 0, among
# the signs that contradict their meaning. Prints PASS/FAIL lines; exits 1 if any failed.
# Environment: BIN (default bin/maxtune). About 5 s.
set -u
NAME=martian_pages
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"

martian_runs "$T/m"
check "a Martian match and a Martian pipeline run" [ $? -eq 0 ]
MC=$T/m/mc MP=$T/m/mp ROOT_DIR=$(cd "$(dirname "$0")/.." && pwd)
"$BIN" view "$MC/games.pgn" -o "$T/view.html" >/dev/null 2>"$T/view.err"
rc=$?
check "maxtune view of a Martian games.pgn (Variant \"Martian Chess\"): exit 0" eval \
    '[ $rc -eq 0 ] && [ -s $T/view.html ] && has $MC/games.pgn "[Variant \"Martian Chess\"]"'

# The owners of the 88 cells: ranks 1-4 South's (0), ranks 5-8 North's (1), files a-d only.
ZONES='"zones":"xxxxxxxx0000xxxx0000xxxx0000xxxx0000xxxx1111xxxx1111xxxx1111xxxx1111xxxx'
ZONES+='xxxxxxxxxxxxxxxx","teams":["South","North"]'
for page in "$MC/report.html" "$T/view.html"; do
    label=${page#"$T"/}
    check "$label: every game has the 4 x 8 board with the canal after rank 4, South and North" \
        eval '[ "$(grep -c "^{\"n\":" $page)" -ge 1 ] &&
              [ "$(grep -c "^{\"n\":" $page)" -eq "$(grep -cF "$ZONES" $page)" ]'
done
# Each game's board string: 8 holes (rank 0), 8 ranks of 4 cells and 4 holes, 24 holes (9, 10).
check "view.html: the boards have 4 files of pieces P, D, Q on 8 ranks" eval \
    '[ "$(grep -c "^{\"n\":" $T/view.html)" -eq \
       "$(grep -cE "\"board\":\"x{8}([.PDQ]{4}x{4}){8}x{16}\"" $T/view.html)" ]'
check "view.html: each ply carries the scores and the clock" eval \
    '[ "$(grep -cE "^\[\"" $T/view.html)" -ge 10 ] &&
     ! grep -E "^\[\"" $T/view.html | grep -qvE ",[0-3],[0-9]+,[0-9]+,-?[0-9]\]" &&
     grep -qE "^\[\"[a-d][1-8][-x+][a-d][1-8]\*?\"" $T/view.html'
# The scores of each game's last ply are its final FEN's (fields 3 and 4).
last_scores() {
    awk '/^\{"n":/ { split($0, a, "\"final\":\""); split(a[2], f, " "); want = f[3] "," f[4] }
         /^\["/ { s = $0; sub(/\]+\}?,?$/, "", s); n = split(s, p, ","); got = p[n - 2] "," p[n - 1] }
         /\]\}/ && want != "" { print (got == want ? "ok" : "bad " got " " want); want = "" }' "$1"
}
check "view.html: the last ply's scores are the final FEN's" eval \
    '[ -n "$(last_scores $T/view.html)" ] && ! last_scores $T/view.html | grep -v "^ok$"'
"$BIN" view "$ROOT_DIR/results/match-tc/games.pgn" -o "$T/maxima.html" >/dev/null 2>"$T/maxima.err"; cat "$T/maxima.err"
check "a Maxima game's page has no zones" eval '[ -s $T/maxima.html ] && ! has $T/maxima.html "\"zones\":\""'

# The weights report of Martian Chess: its tables per type on South's 4 x 4 half.
check "weights report: a table of files a-d per type and phase (6)" eval \
    '[ "$(grep -c "^| rank | a | b | c | d |$" $MP/report.md)" -eq 6 ] &&
     ! grep -q "^| rank | a | b | c | d | e" $MP/report.md'
check "weights report: the tables of pawn, drone and queen, South's half" eval \
    '[ "$(grep -oE "^(pawn|drone|queen), (middle|end) game \(South" $MP/report.md | cut -d, -f1 | uniq -c |
         awk "{print \$2 \$1}" | tr -d "\n")" = pawn2drone2queen2 ]'
# The row of rank $3 of type $2's middle-game table that weights file $1 makes: file + rank on
# each of files a-d ("| 1 | -35 | -35 | -34 | -32 |").
pst_row() {
    awk -v t="$2" -v r="$3" '$1 ~ "^pst_file\\." t "\\.[a-d]\\.mg$" { split($1, n, "."); f[n[3]] = $3 }
        $1 == "pst_rank." t "." r ".mg" { k = $3 }
        END { printf "| %d | %d | %d | %d | %d |\n", r, f["a"] + k, f["b"] + k, f["c"] + k, f["d"] + k }' "$1"
}
# The row of rank $3 in the report's middle-game table of type $2 (report.md $1).
report_row() {
    awk -v h="$2, middle game (South" -v r="| $3 | " 'index($0, h) == 1 { on = 1 }
        on && index($0, r) == 1 { print; exit }' "$1"
}
# martian_runs set pawn file a to 11 and queen rank 4 to -23 (middle game) over the default's
# other entries: the tables show them on their squares, each square file + rank.
check "weights report: a piece-square entry on its squares (pawn file a 11, queen rank 4 -23)" eval \
    'grep -qE "^pst_file\.pawn\.a\.mg += 11 " $T/m/pst.weights && grep -qE "^pst_rank\.queen\.4\.mg += -23 " $T/m/pst.weights &&
     [ "$(report_row $MP/report.md pawn 1)" = "$(pst_row $T/m/pst.weights pawn 1)" ] &&
     [ "$(report_row $MP/report.md queen 4)" = "$(pst_row $T/m/pst.weights queen 4)" ]'
check "squares.dat: 6 blocks of 4 x 4 squares on files 0-3, ranks 1-4" eval \
    '[ "$(grep -c "^# \(pawn\|drone\|queen\), " $MP/squares.dat)" -eq 6 ] &&
     [ "$(grep -cE "^[0-3] [1-4] -?[0-9]+$" $MP/squares.dat)" -eq 96 ] &&
     [ "$(grep -cE "^[0-9]+ [0-9]+ " $MP/squares.dat)" -eq 96 ]'
check "spsa report: the official points as the reference" eval \
    'has $MP/spsa/report.md "| hand-set (martian) | points (points) | tuned / tuned point |"'
# The pipeline started from the default's clock_lead.mg = -147 (a reward below 0), which SPSA
# ties to its end-game weight, still below 0: its report and its SPSA's flag it, with its start
# value and meaning.
check "pipeline and spsa reports: clock_lead.mg = -147 among the signs that contradict their meaning" eval \
    'has $MP/report.md "## Signs that contradict their meaning" &&
     grep -qE "^\| clock_lead\.mg \| -[0-9]+ \| -147 \| >= 0 \(a reward\) \| while the clock runs:" $MP/report.md &&
     grep -qE "^\| clock_lead\.mg \| -[0-9]+ \| -147 \| >= 0 \(a reward\) \| while the clock runs:" $MP/spsa/report.md'
echo "martian_pages: $((SECONDS - start)) s"
[ $failures -eq 0 ]
