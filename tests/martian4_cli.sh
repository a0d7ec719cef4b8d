#!/usr/bin/env bash
# martian4_cli.sh: four-player Martian Chess (martian4) from the command line, the protocol and
# PGN. bench --variant martian4 searches its 8 positions; weights --variant martian4 prints its
# table, which reads back and which no other game reads; `uci` lists UCI_Variant martian4, and
# after `setoption name UCI_Variant value martian4` startpos and `position fen` take four-player
# positions and moves (x, +, *, partners' captures) and go nodes N answers `maxtune search
# --nodes N`'s move, whoever of the four players is to move, and go wtime/btime gives him his
# team's clock (wtime for players 1 and 3); a match of [run] variant = martian4
# against an external `maxtune uci` plays exactly the in-process engine's games; its games are
# tagged [Variant "Martian Chess (four players)"], numbered by rounds of four moves ("1..." when
# player 2, 3 or 4 starts), and `maxtune replay` and `maxtune ratings`
# read them; a game whose result is not what its final team scores say is an error.
# Prints one "PASS name" or "FAIL name" line per check; exits 1 if any failed.
# Environment: BIN (default bin/maxtune). About 10 s.
set -u
NAME=martian4_cli
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"
trap '' PIPE # a session that died must fail a check, not kill this script

START='QQD2DQQ/QDP2PDQ/DPP2PPD/8/8/DPP2PPD/QDP2PDQ/QQD2DQQ 1 0 0 -'
# A position after 4 random plies and 35 plies of a game of results/martian4-edge (500 nodes):
# captures of opponents' and of partners' pieces (d1xf1), a clock call (c8-e8*), a merge (g7+g6).
OPEN='QQD2DQQ/QDP1PPDQ/DP4PD/1P6/7P/DPP2P1D/QDP2PDQ/QQ1D1DQQ 1 0 0 -'
LINE='a3-a5 c8-e8* h6xh4 h4-h5 d1xf1 a5-a3 h5xh3 h2-f4 b1xf1 a6-a4 h7xh3 h3xh8 a1xf1 c7-d6 h8xh1
f2-g3 b3-c4 d6xe7 e8-d8 f4xb8 c4xb5 d8xf8 f8-d8 f1xb5 a2xf7 d8-f8 f7-c4 g1xb6 b2-b4 b8-f4 g8xc4
h1-g1 b4xb5 b6xg1 g7+g6'
LINE=$(echo $LINE)

# --- bench and weights --------------------------------------------------------------------------
"$BIN" bench 2 --variant martian4 >"$T/bench" 2>&1
check "bench 2 --variant martian4: 8 four-player positions (moves on files a-h), a total" \
    eval '[ "$(grep -c "^position [1-8]: nodes [0-9]* score -\?[0-9]* bestmove [a-h][1-8][-x+][a-h][1-8]\*\?$" "$T/bench")" = 8 ] &&
          grep -q "^position [1-8]: .* bestmove [e-h]" "$T/bench" && grep -q "^bench: [0-9]* nodes" "$T/bench"'
"$BIN" weights --variant martian4 >"$T/m4.weights" 2>&1
"$BIN" weights "$T/m4.weights" --variant martian4 >"$T/m4b.weights" 2>&1
RC1=$?
"$BIN" weights "$T/m4.weights" >/dev/null 2>"$T/err"
RC2=$?
check "weights --variant martian4: the four-player table, which reads back; not a Maxima file" \
    eval '[ $RC1 -eq 0 ] && has "$T/m4.weights" "weights file for Martian Chess (four players)" &&
          grep -q "^points.mg " "$T/m4.weights" && ! grep -q "^mage" "$T/m4.weights" &&
          same "$T/m4.weights" "$T/m4b.weights" && [ $RC2 -eq 2 ] && has "$T/err" "is not a Maxima weight"'

# --- the protocol -------------------------------------------------------------------------------
uci_best martian4 startpos 2000 >/dev/null
check "uci lists UCI_Variant with martian4" \
    eval 'grep -q "^option name UCI_Variant type combo default maxima .*var martian4" "$T/uci"'
bad="" n=0 players=""
# The start, the four players to move after 0-3 plies, bench positions (a called clock, an
# ending) and the game line above.
for spec in "start|" "start|c1-d1" "start|c1-d1 a6-a5" "start|c1-d1 a6-a5 f6-g5" \
    "QQDP1DQQ/QDP3DQ/1P2P1PD/8/D1P2PD1/D1P2P1D/Q1D2P1Q/QQDP1DQQ 4 0 1 6|" \
    "4D3/3Q2D1/2DPQ3/4QP1D/D6P/6Q1/5DQD/6Q1 3 13 24 -|" "$OPEN|$LINE"; do
    fen=${spec%|*} moves=${spec#*|}
    # shellcheck disable=SC2086 # the moves are words
    want=$("$BIN" search "$fen" --variant martian4 --nodes 3000 ${moves:+--moves $moves} | tail -1)
    # shellcheck disable=SC2086
    players="$players$("$BIN" show "$fen" --variant martian4 ${moves:+--moves $moves} |
        sed -n 's/^Side to move: player \([1-4]\) .*/\1/p')"
    if [ "$fen" = start ]; then pos=startpos; else pos="fen $fen"; fi
    got=$(uci_best martian4 "$pos${moves:+ moves $moves}" 3000)
    [ -n "$want" ] && [ "$want" != "bestmove (none)" ] && [ "$got" = "$want" ] ||
        bad="$bad [$pos${moves:+ moves $moves}: uci '$got', search '$want']"
    n=$((n + 1))
done
check "UCI_Variant martian4: go nodes 3000 gives search --variant martian4's move in $n positions (players to move $players; startpos, fen, moves with x, * and +)${bad}" \
    eval '[ -z "$bad" ] && [ "$(echo "$players" | fold -w1 | sort -u | tr -d "\n")" = 1234 ]'
printf 'setoption name UCI_Variant value martian4\nposition startpos moves c1-d1 c1-d2\ngo nodes 100\nquit\n' |
    "$BIN" uci >"$T/uci2" 2>&1
check "UCI_Variant martian4: an illegal move is refused with an info string error" \
    eval 'has "$T/uci2" "info string error: position: move 2:" && has "$T/uci2" "bestmove 0000"'
printf 'setoption name UCI_Variant value martian\nposition fen %s\ngo nodes 100\nquit\n' "$START" |
    "$BIN" uci >"$T/uci3" 2>&1
check "UCI_Variant martian (two players): a four-player FEN is refused with an info string error" \
    eval 'has "$T/uci3" "info string error: position:" && has "$T/uci3" "bestmove 0000"'

# --- the clock of the team to move ---------------------------------------------------------------
# go wtime/btime: the runner's White clock times team 1+3 (players 1 and 3), its Black clock team
# 2+4, so `maxtune uci` must take wtime and winc for players 1 and 3, btime and binc for 2 and 4
# (its "info string time" line says which it took).
clock_taken() { # FEN: the "time T ms, increment I ms" maxtune uci takes from go wtime 111 btime 222
    printf 'uci\nsetoption name UCI_Variant value martian4\nposition fen %s\ngo wtime 111 btime 222 winc 11 binc 22\nquit\n' "$1" |
        "$BIN" uci 2>&1 | sed -n 's/^info string \(time [0-9]* ms, increment [0-9]* ms\),.*/\1/p'
}
for p in 1 2 3 4; do
    case $p in
    1) F=$START ;;
    2) F='1P1D1Q1Q/3Q1PDQ/D5PD/DDQQQ3/8/PP3PQ1/D1P2Q2/1QDQPD1D 2 5 6 -' ;;
    3) F='QQ1D2DQ/1DP5/D1Q1PPD1/3D1PPP/5P1D/QPPPQ3/1D6/QQ3DQQ 3 9 5 -' ;;
    4) F='QQ5Q/1DP1QPDQ/D3D2D/2PP3P/5P2/DDPP1PQD/Q4DD1/Q2QP1QQ 4 7 2 -' ;;
    esac
    want=$([ $((p % 2)) = 1 ] && echo "time 111 ms, increment 11 ms" || echo "time 222 ms, increment 22 ms")
    got=$(clock_taken "$F")
    check "uci go wtime 111 btime 222 winc 11 binc 22, player $p to move: his team's clock ($want)" \
        [ "$got" = "$want" ]
    [ "$got" = "$want" ] || echo "  took: ${got:-nothing}"
done

# --- a match against an external maxtune uci ---------------------------------------------------
cat >"$T/book.fen" <<'FEN'
# four positions of bench --variant martian4 (2 to 5): players 4, 4, 2 and 3 to move
QQDP1DQQ/QDP3DQ/1P2P1PD/8/D1P2PD1/D1P2P1D/Q1D2P1Q/QQDP1DQQ 4 0 1 6
QQ5Q/1DP1QPDQ/D3D2D/2PP3P/5P2/DDPP1PQD/Q4DD1/Q2QP1QQ 4 7 2 -
1P1D1Q1Q/3Q1PDQ/D5PD/DDQQQ3/8/PP3PQ1/D1P2Q2/1QDQPD1D 2 5 6 -
QQ1D2DQ/1DP5/D1Q1PPD1/3D1PPP/5P1D/QPPPQ3/1D6/QQ3DQQ 3 9 5 -
FEN
uci_match_twice martian4 300 "$T/book.fen"
check "a four-player match finishes (exit 0, 8 games), every game tagged [Variant \"Martian Chess (four players)\"]" eval \
    '[ $RC_REF -eq 0 ] && has $M/summary.json "\"games\": 8," &&
     [ "$(grep -c "^\[Variant \"Martian Chess (four players)\"\]$" $M/games.pgn)" = 8 ]'
check "external maxtune uci (told UCI_Variant martian4) plays the in-process engine's games" eval \
    '[ $RC -eq 0 ] && same $M/games.pgn $T/ext/m/games.pgn && same $M/summary.json $T/ext/m/summary.json &&
     grep -q "^> setoption name UCI_Variant value martian4$" $T/ext/m/engines.log &&
     grep -q "^> position fen [^ ]* [1-4] [0-9]* [0-9]* [-0-9]* moves" $T/ext/m/engines.log'
# Prints the first move number of PGN file $1 that breaks the four-player rule (nothing when all
# hold): a round is the four players' moves, "N." before player 1's, "N..." before the first move
# when another player starts (from the FEN's side to move), no number inside a round, N up by one
# after player 4's move; and the moves must be as many as PlyCount says.
pgn4_numbers() {
    awk '
        function flush(   i, n, tok, p, num, want, moves, prev) {
            if (fen == "") return
            gsub(/\{[^}]*\}/, " ", text); n = split(text, tok, " "); p = side; num = 1; moves = 0; prev = ""
            for (i = 1; i <= n; i++) {
                if (tok[i] ~ /^(1-0|0-1|1\/2-1\/2|\*)$/) continue
                if (tok[i] ~ /^[0-9]+\.+$/) { prev = tok[i]; continue }
                want = p == 1 ? num "." : moves == 0 ? num "..." : ""
                if (prev != want) { print "game " g ": move " moves + 1 " (player " p ") " tok[i] " has number \"" prev "\", want \"" want "\""; bad = 1; exit }
                moves++; prev = ""
                if (p == 4) num++
                p = p % 4 + 1
            }
            if (moves != plies) { print "game " g ": " moves " moves, PlyCount " plies; bad = 1; exit }
            fen = ""; text = "" }
        /^\[Event / { flush(); g++ }
        /^\[FEN / { split($0, t, "\""); fen = t[2]; split(fen, fl, " "); side = fl[2] }
        /^\[PlyCount / { split($0, t, "\""); plies = t[2] }
        /^\[/ { next }
        { text = text " " $0 }
        END { if (!bad) flush() }' "$1"
}
check "PGN move numbers: a round of four moves per number, 1... when player 2, 3 or 4 starts, up after player 4" eval \
    '[ -s $M/games.pgn ] && err=$(pgn4_numbers $M/games.pgn) && [ -z "$err" ] ||
     { echo "  ${err:-no games}"; false; }'
"$BIN" replay "$M/games.pgn" >"$T/replay" 2>&1
RC=$?
check "maxtune replay accepts the match's games (exit 0, 0 errors)" eval \
    '[ $RC -eq 0 ] && has $T/replay "replayed 8 games, 0 errors"'
"$BIN" ratings "$M/games.pgn" >"$T/ratings" 2>&1
RC=$?
"$BIN" ratings --draws 1 "$M/games.pgn" >"$T/ratings1" 2>&1
RC1=$?
check "maxtune ratings reads them (the tuned default wins every game: no finite rating but with a virtual draw)" eval \
    '[ $RC -eq 1 ] && has $T/ratings "won every game" && [ $RC1 -eq 0 ] && has $T/ratings1 "ratings of 2 players from 8 games"'

# --- a game written by hand: the line above, to an empty quadrant --------------------------------
# The game of results/martian4-edge above (59 plies, team 1+3 ends it ahead 27-14 by emptying
# player 3's quadrant); $1 its result.
hand_pgn() {
    cat <<PGN
[Event "hand"]
[Site "maxtune"]
[Date "????.??.??"]
[Round "1"]
[White "default"]
[Black "start"]
[Result "$1"]
[FEN "$OPEN"]
[PlyCount "59"]
[SetUp "1"]
[Termination "normal"]
[Variant "Martian Chess (four players)"]

1. a3-a5 c8-e8* h6xh4 h4-h5 2. d1xf1 a5-a3 h5xh3 h2-f4 3. b1xf1 a6-a4 h7xh3
h3xh8 4. a1xf1 c7-d6 h8xh1 f2-g3 5. b3-c4 d6xe7 e8-d8 f4xb8 6. c4xb5 d8xf8
f8-d8 f1xb5 7. a2xf7 d8-f8 f7-c4 g1xb6 8. b2-b4 b8-f4 g8xc4 h1-g1 9. b4xb5
b6xg1 g7+g6 f4xc4 10. c3-d4 a7xa4 f8-f7 g1-e1 11. a4xa8 b7-d7 g6-g5 e1-e4
12. c4xf7 a8xe4 f7-c4 g3-f4 13. a3-a4 b5-d5 g5xg2 e4xe7 14. c4xd5 d5-e5 e5xd4
f3-g4 15. d4xd7 d7-d5 e7-d8 {empty zone} $1

PGN
}
hand_pgn 1-0 >"$T/hand.pgn"
"$BIN" replay "$T/hand.pgn" >"$T/out" 2>&1
RC=$?
"$BIN" ratings --draws 1 "$T/hand.pgn" "$M/games.pgn" >"$T/ratings2" 2>&1
RC2=$?
check "replay: the hand-written game (x, partners' captures, * and +) to an empty quadrant is accepted; ratings reads it" \
    eval '[ $RC -eq 0 ] && has "$T/out" "replayed 1 games, 0 errors" && [ $RC2 -eq 0 ] &&
          has "$T/ratings2" "ratings of 2 players from 9 games"'
hand_pgn 0-1 >"$T/wrong.pgn"
"$BIN" replay "$T/wrong.pgn" >"$T/out" 2>&1
RC=$?
check "replay: the same game scored 0-1 is an error (exit 1: team 1+3 is ahead, it means 1-0)" \
    eval '[ $RC -eq 1 ] && grep -q "wrong.pgn:[0-9]*: result 0-1, but {empty zone} .* means 1-0" "$T/out"'
sed 's/ d7-d5 e7-d8 {empty zone}/ d7-d5 {empty zone}/; s/PlyCount "59"/PlyCount "58"/' "$T/hand.pgn" >"$T/short.pgn"
"$BIN" replay "$T/short.pgn" >"$T/out" 2>&1
RC=$?
check "replay: one ply short, the game has not ended at {empty zone} (exit 1)" \
    eval '[ $RC -eq 1 ] && has "$T/out" "the game says {empty zone}, but the final position is ongoing"'
# An engine's fault (time forfeit) loses for the team of the player to move: the first N plies of
# the hand-written game, N = 1..4, so that players 2, 3, 4 and 1 are to move: players 1 and 3's
# team 1+3 loses (0-1), 2 and 4's team 2+4 (1-0); the other result is an error naming the player.
forfeit_pgn() { # PLIES RESULT
    local moves
    moves=$(printf '1. a3-a5 c8-e8* h6xh4 h4-h5\n' | cut -d' ' -f1-$(($1 + 1)))
    hand_pgn "$2" | sed -e "s/^\[PlyCount \"59\"\]/[PlyCount \"$1\"]/" \
        -e 's/^\[Termination "normal"\]/[Termination "time forfeit"]/' | awk -v m="$moves {time forfeit} $2" '
        /^1\. / { print m; skip = 1; next } skip && NF { next } { skip = 0; print }'
}
for n in 1 2 3 4; do
    p=$((n % 4 + 1))
    if [ $((p % 2)) = 1 ]; then res=0-1 other=1-0; else res=1-0 other=0-1; fi
    forfeit_pgn $n $res >"$T/forfeit$n.pgn"
    "$BIN" replay "$T/forfeit$n.pgn" >"$T/out" 2>&1
    RC=$?
    forfeit_pgn $n $other >"$T/wrong$n.pgn"
    "$BIN" replay "$T/wrong$n.pgn" >"$T/out2" 2>&1
    RC2=$?
    check "replay: a time forfeit with player $p to move is his team's loss ($res accepted, $other an error naming player $p)" \
        eval '[ $RC -eq 0 ] && has "$T/out" "replayed 1 games, 0 errors" && [ $RC2 -eq 1 ] &&
              has "$T/out2" "result $other, but {time forfeit} with player $p (team " &&
              has "$T/out2" " to move means $res"'
    [ $RC -eq 0 ] || cat "$T/out"
done
echo "martian4_cli: $((SECONDS - start)) s"
[ $failures -eq 0 ]
