#!/usr/bin/env bash
# martian_cli.sh: Martian Chess (two players) from the command line, the protocol and PGN.
# search, bench and weights --help list the engine's games (those an unknown --variant names);
# bench --variant martian searches Martian positions (its signature: tests/bench_signature.sh);
# weights --variant martian prints Martian Chess's table, which reads back, and --signs flags the
# default's clock_lead.mg = -147 (a reward below 0) but nothing in the start table; `uci` lists
# UCI_Variant martian, and after `setoption name UCI_Variant value martian` startpos and
# `position fen` take Martian positions and moves (x, +, *) and go nodes N answers
# `maxtune search --variant martian --nodes N`'s move; a match of [run] variant = martian with an
# external `maxtune uci` plays exactly the in-process engine's games; its games are tagged
# [Variant "Martian Chess"] and `maxtune replay` and `maxtune ratings` read them, as a game
# written by hand with a merge, captures and a clock call, whose wrong result is an error.
# Prints one "PASS name" or "FAIL name" line per check; exits 1 if any failed.
# Environment: BIN (default bin/maxtune).
set -u
NAME=martian_cli
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"
trap '' PIPE # a session that died must fail a check, not kill this script

START='QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ s 0 0 - -'

# --- the engine's games in the help texts -----------------------------------------------------
"$BIN" bench 1 --variant chess >/dev/null 2>"$T/err"
GAMES=$(sed -n "s/.*unknown variant 'chess' (\(.*\)).*/\1/p" "$T/err")
bad=""
for c in search bench weights; do
    "$BIN" $c --help | grep -qF -- "[--variant $GAMES]" || bad="$bad $c"
done
check "search, bench and weights --help list the engine's games ($GAMES)${bad:+; not:$bad}" \
    eval '[[ "$GAMES" == *"|martian"* ]] && [ -z "$bad" ]'

# --- bench and weights --------------------------------------------------------------------------
"$BIN" bench 2 --variant martian >"$T/bench" 2>&1
check "bench 2 --variant martian: 8 Martian positions, the first the start (b1-a1 or so)" \
    eval '[ "$(grep -c "^position [1-8]: nodes [0-9]* score -\?[0-9]* bestmove [a-d][1-8][-x+][a-d][1-8]\*\?$" "$T/bench")" = 8 ] &&
          grep -q "^bench: [0-9]* nodes" "$T/bench"'
"$BIN" weights --variant martian >"$T/m.weights" 2>&1
"$BIN" weights "$T/m.weights" --variant martian >"$T/m2.weights" 2>&1
"$BIN" weights default --variant martian >"$T/m3.weights" 2>&1
"$BIN" weights "$T/m.weights" >"$T/out" 2>"$T/err"; RC=$?
check "weights --variant martian: Martian Chess's table, which reads back; not a Maxima file" \
    eval 'has "$T/m.weights" "weights file for Martian Chess" && grep -q "^points.mg " "$T/m.weights" &&
          ! grep -q "^mage" "$T/m.weights" && same "$T/m.weights" "$T/m2.weights" &&
          same "$T/m.weights" "$T/m3.weights" && [ $RC -eq 2 ] && has "$T/err" "is not a Maxima weight"'

"$BIN" weights default --variant martian --signs >"$T/signs" 2>&1; RC_S=$?
"$BIN" weights start --variant martian --signs >"$T/signs0" 2>&1; RC_S0=$?
check "weights --signs: the default's clock_lead.mg = -147 contradicts its meaning (exit 1); the start table's signs are all right (exit 0)" \
    eval '[ $RC_S -eq 1 ] && has "$T/signs" "clock_lead.mg = -147 contradicts its meaning, a reward (>= 0): while the clock runs" &&
          ! has "$T/signs" "clock_lead.eg" && [ $RC_S0 -eq 0 ] && [ "$(cat "$T/signs0")" = "signs that contradict their meaning: 0" ]'

# --- the protocol -------------------------------------------------------------------------------
uci_best martian startpos 2000 >/dev/null
check "uci lists UCI_Variant with martian" \
    has "$T/uci" "option name UCI_Variant type combo default maxima var maxima var ultima var martian"
bad=""
n=0
for spec in "start|" "$START|d3-d4 c6-b5 b3-a4 c7-d6 d4xd6" \
    'QQD1/QD1P/D3/P3/P2P/P1P1/2DQ/DQ1Q s 0 2 c5-d4 -|' \
    '1PQQ/3D/1P2/2P1/2Q1/4/1QD1/P1Q1 n 5 8 - 7|' \
    "$START|d3-d4 c6-b5 b3-a4 c7-d6 d4xd6 a6xa4 d2xd6 b5xa4 d1xd6 a7xa4 a4xa8 b7-a7 c1-d2* d6xd2 d2-d7 a7-c7 c2-d2 c7-c6 d2+b2"; do
    fen=${spec%|*} moves=${spec#*|}
    want=$("$BIN" search "$fen" --variant martian --nodes 3000 ${moves:+--moves $moves} | tail -1)
    if [ "$fen" = start ]; then pos=startpos; else pos="fen $fen"; fi
    got=$(uci_best martian "$pos${moves:+ moves $moves}" 3000)
    [ -n "$want" ] && [ "$want" != "bestmove (none)" ] && [ "$got" = "$want" ] ||
        bad="$bad [$pos${moves:+ moves $moves}: uci '$got', search '$want']"
    n=$((n + 1))
done
check "UCI_Variant martian: go nodes 3000 gives search --variant martian's move in $n positions (startpos, fen, moves with x, * and +)${bad}" \
    [ -z "$bad" ]
printf 'setoption name UCI_Variant value martian\nposition startpos moves d3-d4 d1-c2\ngo nodes 100\nquit\n' |
    "$BIN" uci >"$T/uci2" 2>&1
check "UCI_Variant martian: an illegal move is refused with an info string error" \
    eval 'has "$T/uci2" "info string error: position: move 2:" && has "$T/uci2" "bestmove 0000"'

# --- a match against an external maxtune uci ---------------------------------------------------
cat >"$T/book.fen" <<'FEN'
# four positions of random play (bench --variant martian's 2 to 5)
QQD1/QD2/D1P1/P1P1/P2D/P1P1/2DQ/D1QQ n 0 0 - -
QQD1/QD1P/D3/P3/P2P/P1P1/2DQ/DQ1Q s 0 2 c5-d4 -
QQ2/1QDQ/D3/P3/P3/P1P1/2DQ/1D1Q n 3 3 - -
Q3/D2Q/4/PQ2/4/P1P1/2DQ/3Q n 9 5 b3-b5 -
FEN
uci_match_twice martian 400 "$T/book.fen"
check "a Martian match finishes (exit 0, 8 games), every game tagged [Variant \"Martian Chess\"]" eval \
    '[ $RC_REF -eq 0 ] && has $M/summary.json "\"games\": 8," &&
     [ "$(grep -c "^\[Variant \"Martian Chess\"\]$" $M/games.pgn)" = 8 ]'
check "external maxtune uci (told UCI_Variant martian) plays the in-process engine's games" eval \
    '[ $RC -eq 0 ] && same $M/games.pgn $T/ext/m/games.pgn && same $M/summary.json $T/ext/m/summary.json &&
     grep -q "^> setoption name UCI_Variant value martian$" $T/ext/m/engines.log'
"$BIN" replay "$M/games.pgn" >"$T/replay" 2>&1
RC=$?
check "maxtune replay accepts the match's games (exit 0, 0 errors)" eval \
    '[ $RC -eq 0 ] && has $T/replay "replayed 8 games, 0 errors"'
"$BIN" ratings "$M/games.pgn" >"$T/ratings" 2>&1
RC=$?
check "maxtune ratings reads them" eval \
    '[ $RC -eq 0 ] && has $T/ratings "ratings of 2 players from 8 games"'

# --- a game written by hand: captures, a clock call, a merge; the clock ends it ----------------
# A Martian game of 21 plies from the start, ended by the clock with South ahead 9-7; $1 its result.
hand_pgn() {
    cat <<PGN
[Event "hand"]
[Site "maxtune"]
[Date "????.??.??"]
[Round "1"]
[White "default"]
[Black "start"]
[Result "$1"]
[FEN "$START"]
[PlyCount "21"]
[SetUp "1"]
[Termination "normal"]
[Variant "Martian Chess"]

1. d3-d4 c6-b5 2. b3-a4 c7-d6 3. d4xd6 a6xa4 4. d2xd6 b5xa4 5. d1xd6 a7xa4
6. a4xa8 b7-a7 7. c1-d2* d6xd2 8. d2-d7 a7-c7 9. c2-d2 c7-c6 10. d2+b2 a8-a7
11. c3-d4 {clock} $1

PGN
}
hand_pgn 1-0 >"$T/hand.pgn"
"$BIN" replay "$T/hand.pgn" >"$T/out" 2>&1
RC=$?
"$BIN" ratings "$T/hand.pgn" "$M/games.pgn" >"$T/ratings2" 2>&1
RC2=$?
check "replay: a hand-written game with x, * and + ended by the clock is accepted; ratings reads it" \
    eval '[ $RC -eq 0 ] && has "$T/out" "replayed 1 games, 0 errors" && [ $RC2 -eq 0 ] &&
          has "$T/ratings2" "ratings of 2 players from 9 games"'
hand_pgn 1/2-1/2 >"$T/draw.pgn"
"$BIN" replay "$T/draw.pgn" >"$T/out" 2>&1
RC=$?
check "replay: the same game scored a draw is an error (exit 1: South is ahead, it means 1-0)" \
    eval '[ $RC -eq 1 ] && has "$T/out" "draw.pgn:16: result 1/2-1/2, but {clock} with Black to move means 1-0"'
sed 's/c1-d2\*/c1-d2/' "$T/hand.pgn" >"$T/noclock.pgn"
"$BIN" replay "$T/noclock.pgn" >"$T/out" 2>&1
RC=$?
check "replay: without its clock call the game has not ended at {clock} (exit 1)" \
    eval '[ $RC -eq 1 ] && has "$T/out" "the game says {clock}, but the final position is ongoing"'
echo "martian_cli: $((SECONDS - start)) s"
[ $failures -eq 0 ]
