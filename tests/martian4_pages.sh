#!/usr/bin/env bash
# martian4_pages.sh: the pages of four-player Martian Chess (variant martian4) without a browser.
# A small martian4 match is run (tests/lib/common.sh martian4_runs); then the HTML holds what the
# viewer draws from: in the match's report.html, in `maxtune view`'s page of its games and in
# that of the committed results/martian4-gate/games.pgn, each game's 88-cell board with 8
# real files on ranks 1-8 and pieces P, D, Q, the owner of each cell '0'..'3' (player 1..4 less
# one) equal to the quadrants of docs/rules/martian.md 10.1 as `maxtune show` names them (1 a1-d4, 2 a5-d8,
# 3 e5-h8, 4 e1-h4), the teams "team 1+3" and "team 2+4" as show names them; ply 0 is the game's
# FEN (cells, player, scores, clock); per ply each move starts in the quadrant of the player
# whose turn it is (1, 2, 3, 4, 1, ...), the team to move after it (the ply's flag 2, which the
# viewer reads) is the next player's, a capture (x) lists its target as the one square captured
# (the viewer marks it) and a merge (+) none (docs/rules/martian.md 4.2: a merge captures nothing), a
# capture adds the pips taken to the mover's team's score only, the clock follows docs/rules/martian.md
# 10.7 (a merge is no capture) and the pips on the board plus both scores make 72; the last
# ply's scores, clock and board are the final FEN's. Prints PASS/FAIL lines; exits 1 if any
# failed. Environment: BIN (default bin/maxtune). About 5 s.
set -u
NAME=martian4_pages
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"

martian4_runs "$T/m"
check "a four-player Martian match runs" [ $? -eq 0 ]
MC=$T/m/mc4 ROOT_DIR=$(cd "$(dirname "$0")/.." && pwd)
GATE=$ROOT_DIR/results/martian4-gate/games.pgn
"$BIN" view "$MC/games.pgn" -o "$T/view.html" >/dev/null 2>"$T/view.err"
rc=$?
check "maxtune view of a martian4 games.pgn (Variant \"Martian Chess (four players)\"): exit 0" eval \
    '[ $rc -eq 0 ] && [ -s $T/view.html ] && has $MC/games.pgn "[Variant \"Martian Chess (four players)\"]"'
check "view.html: all the match's games are in the page" eval \
    '[ "$(grep -c "^\[Event " $MC/games.pgn)" -ge 2 ] &&
     has $T/view.html "\"total\":$(grep -c "^\[Event " $MC/games.pgn),\"embedded\":$(grep -c "^\[Event " $MC/games.pgn),"'
"$BIN" view "$GATE" -o "$T/gate.html" >/dev/null 2>"$T/gate.err"
rc=$?
check "maxtune view of results/martian4-gate/games.pgn: exit 0" eval '[ $rc -eq 0 ] && [ -s $T/gate.html ]'

# The quadrants as docs/rules/martian.md 10.1 gives them, and as `maxtune show` names them in its legend.
RULES_QUADS=$'1 a1-d4\n2 a5-d8\n3 e5-h8\n4 e1-h4'
"$BIN" show start --variant martian4 >"$T/show.txt" 2>&1
check "maxtune show names the quadrants of docs/rules/martian.md 10.1 (1 a1-d4, 2 a5-d8, 3 e5-h8, 4 e1-h4)" eval \
    '[ "$(tr -s " \n" "  " <$T/show.txt | grep -oE "[1-4] [a-h][1-8]-[a-h][1-8]")" = "$RULES_QUADS" ]'
TEAMS=$(sed -n 's/^Scores: *\(team [0-9+]*\) [0-9]*, \(team [0-9+]*\) [0-9]*$/"\1","\2"/p' "$T/show.txt")
check "maxtune show names the teams of docs/rules/martian.md 10.2 (team 1+3, team 2+4)" \
    [ "$TEAMS" = '"team 1+3","team 2+4"' ]
# The 88 owners the page writes for quadrants "P f1r1-f2r2" (one a line): 'x' on the holes of
# rank 0 and ranks 9-10, on ranks 1-8 the player less one of the quadrant holding the square.
quadrant_zones() {
    awk -v q="$1" 'BEGIN { n = split(q, L, "\n"); out = ""
        for (sq = 0; sq < 88; sq++) { r = int(sq / 8); f = substr("abcdefgh", sq % 8 + 1, 1); c = "x"
            if (r >= 1 && r <= 8) for (i = 1; i <= n; i++) { split(L[i], w, " ")
                if (f >= substr(w[2], 1, 1) && f <= substr(w[2], 4, 1) &&
                    r >= substr(w[2], 2, 1) + 0 && r <= substr(w[2], 5, 1) + 0) c = w[1] - 1 }
            out = out c }
        print out }'
}
ZONES=$(quadrant_zones "$RULES_QUADS")
check "the rules' quadrants as cells: ranks 1-4 0000 3333, ranks 5-8 1111 2222" \
    [ "$ZONES" = "xxxxxxxx$(printf '00003333%.0s' 1 2 3 4)$(printf '11112222%.0s' 1 2 3 4)$(printf 'x%.0s' {1..16})" ]

# Per game of page $1, one line per aspect: "ASPECT ok" or "ASPECT bad #GAME ply K: what".
audit() {
    awk '
    function val(c) { return c == "P" ? 1 : c == "D" ? 2 : c == "Q" ? 3 : 0 }
    function str(key,   i, s) { i = index(line, "\"" key "\":\""); if (!i) return "?"
        s = substr(line, i + length(key) + 4); return substr(s, 1, index(s, "\"") - 1) }
    function fen_cells(rows,   R, out, r, row, j, c, m) {
        if (split(rows, R, "/") != 8) return "?"
        out = "xxxxxxxx"
        for (r = 1; r <= 8; r++) { row = R[9 - r]
            for (j = 1; j <= length(row); j++) { c = substr(row, j, 1)
                if (c ~ /[1-8]/) for (m = 0; m < c + 0; m++) out = out "."; else out = out c } }
        return out "xxxxxxxxxxxxxxxx" }
    function clockval(c) { return c == "-" ? -1 : c + 0 }
    function fail(a, what) { if (bad[a] == "") bad[a] = "bad #" n " ply " k ": " what }
    function finish(   G, i) { split(final, G, " ")
        if (sa != G[3] || sb != G[4] || clk != clockval(G[5]))
            fail("last", "scores " sa "-" sb " clock " clk ", final FEN " final)
        if (b != fen_cells(G[1])) fail("last", "board " b " != final FEN " final)
        for (i = 1; i <= na; i++) print A[i] " " (bad[A[i]] == "" ? "ok" : bad[A[i]])
        on = 0 }
    BEGIN { na = split("start mover turn caps scores clock pips last", A, " ") }
    /^\{"n":/ { line = $0; for (i = 1; i <= na; i++) bad[A[i]] = ""
        n = substr(line, 6) + 0; k = 0; on = 1
        fen = str("fen"); final = str("final"); zones = str("zones"); b = str("board")
        i = index(line, "\"side\":"); s = substr(line, i + 7) + 0
        i = index(line, "\"score\":["); sc = substr(line, i + 9); split(substr(sc, 1, index(sc, "]") - 1), S, ",")
        sa = S[1] + 0; sb = S[2] + 0; clk = S[3] + 0; split(fen, F, " "); total = 0
        for (i = 1; i <= 88; i++) total += val(substr(b, i, 1))
        if (b != fen_cells(F[1]) || s != F[2] - 1 || sa != F[3] || sb != F[4] || clk != clockval(F[5]))
            fail("start", "board " b " side " s " score " sa "-" sb " clock " clk " vs FEN " fen)
        if (total + sa + sb != 72) fail("pips", total " pips on the board, scores " sa "-" sb)
        if (line ~ /"plies":\[\]/) finish()
        next }
    on && /^\["/ { k++; line = $0
        san = substr(line, 3); san = substr(san, 1, index(san, "\"") - 1)
        rest = substr(line, length(san) + 5); split(substr(rest, 1, index(rest, "[") - 1), FT, ",")
        from = FT[1] + 0; to = FT[2] + 0; rest = substr(rest, index(rest, "[") + 1)
        caps = substr(rest, 1, index(rest, "]") - 1); rest = substr(rest, index(rest, "]") + 3)
        diff = substr(rest, 1, index(rest, "\"") - 1); rest = substr(rest, index(rest, "\"") + 2)
        sub(/\].*$/, "", rest); split(rest, R, ",")
        flag = R[1] + 0; a = R[2] + 0; bb = R[3] + 0; c = R[4] + 0
        mover = (s + k - 1) % 4; nextp = (s + k) % 4
        if (substr(zones, from + 1, 1) != mover "")
            fail("mover", san " starts in the quadrant of player " substr(zones, from + 1, 1) + 1 ", player " mover + 1 " to move")
        if (int(flag / 2) % 2 != nextp % 2)
            fail("turn", san " flag " flag ": team " (int(flag / 2) % 2 ? "2+4" : "1+3") " to move, player " nextp + 1 " is of team " (nextp % 2 ? "2+4" : "1+3"))
        gain = 0; nc = split(caps, C, ","); iscap = san ~ /x/
        if (iscap) for (j = 1; j <= nc; j++) gain += val(substr(b, C[j] + 1, 1))
        if (caps != (iscap ? to "" : "")) fail("caps", san " lists captured squares [" caps "]")
        if (a != sa + (mover % 2 ? 0 : gain) || bb != sb + (mover % 2 ? gain : 0))
            fail("scores", san " by player " mover + 1 " captured " gain ": " sa "-" sb " -> " a "-" bb)
        want = clk < 0 ? (san ~ /\*$/ ? 7 : -1) : (iscap ? 7 : clk - 1)
        if (c != want) fail("clock", san ": clock " clk " -> " c ", want " want)
        for (j = 1; j + 2 <= length(diff); j += 3) { q = substr(diff, j, 2) + 0; ch = substr(diff, j + 2, 1)
            total += val(ch) - val(substr(b, q + 1, 1)); b = substr(b, 1, q) ch substr(b, q + 2) }
        if (total + a + bb != 72) fail("pips", total " pips on the board, scores " a "-" bb)
        sa = a; sb = bb; clk = c
        if (line ~ /\]\]\}/) finish() }' "$1"
}
# True when every game's line of aspect $2 in audit $1 says ok (one line per game of page $3);
# prints the first bad ones.
all_ok() {
    grep "^$2 " "$1" | grep -v " ok$" | head -3
    [ "$(grep -c "^$2 ok$" "$1")" -eq "$(grep -c '^{"n":' "$3")" ] && [ "$(grep -c '^{"n":' "$3")" -ge 1 ]
}
for page in "$MC/report.html" "$T/view.html" "$T/gate.html"; do
    label=${page#"$T"/m/}
    label=${label#"$T"/}
    [ "$page" = "$T/gate.html" ] && label="results/martian4-gate (view)"
    check "$label: every game has the 8 x 8 board with the owners of the quadrants, team 1+3 and team 2+4" \
        eval '[ "$(grep -c "^{\"n\":" $page)" -ge 1 ] &&
              [ "$(grep -c "^{\"n\":" $page)" -eq "$(grep -cF "\"zones\":\"$ZONES\",\"teams\":[$TEAMS]" $page)" ]'
    check "$label: the boards have 8 files of pieces P, D, Q on 8 ranks" eval \
        '[ "$(grep -c "^{\"n\":" $page)" -eq "$(grep -cE "\"board\":\"x{8}[.PDQ]{64}x{16}\"" $page)" ]'
    check "$label: each ply carries its move, the flags, the two team scores and the clock" eval \
        '[ "$(grep -cE "^\[\"" $page)" -ge 10 ] &&
         ! grep -E "^\[\"" $page | grep -qvE "^\[\"[a-h][1-8][-x+][a-h][1-8]\*?\",[0-9]+,[0-9]+,\[[0-9,]*\],\"([0-9]{2}[.PDQ])*\",[0-3],[0-9]+,[0-9]+,(-1|[0-7])\]"'
    audit "$page" >"$T/audit"
    check "$label: ply 0 is the game's FEN: cells, player, scores, clock" all_ok "$T/audit" start "$page"
    check "$label: each move starts in the quadrant of the player to move (1, 2, 3, 4, 1, ...)" \
        all_ok "$T/audit" mover "$page"
    check "$label: after each ply the team to move (flag 2) is the next player's" all_ok "$T/audit" turn "$page"
    check "$label: per ply a capture (x) lists its target as the square captured, a move or merge none" \
        all_ok "$T/audit" caps "$page"
    check "$label: per ply a capture adds its pips to the mover's team, a merge nothing" \
        all_ok "$T/audit" scores "$page"
    check "$label: per ply the clock as docs/rules/martian.md 10.7 (call 7, capture 7, else one less)" \
        all_ok "$T/audit" clock "$page"
    check "$label: per ply the pips on the board plus both scores make 72" all_ok "$T/audit" pips "$page"
    check "$label: the last ply's scores, clock and board are the final FEN's" all_ok "$T/audit" last "$page"
done
echo "martian4_pages: $((SECONDS - start)) s"
[ $failures -eq 0 ]
