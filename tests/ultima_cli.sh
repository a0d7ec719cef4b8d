#!/usr/bin/env bash
# ultima_cli.sh: the second game from the command line and the protocol. perft, moves, show,
# search and bench take --variant (and an 8-row FEN is Ultima by itself); a FEN of the other
# game, an unknown game and a Mage in Ultima are refused with one line naming the problem;
# `uci` lists UCI_Variant (var maxima var ultima var martian), `setoption name UCI_Variant value ultima`
# makes startpos Ultima's and its searches give the same moves as `maxtune search` at the same
# nodes, and a weight Ultima lacks is refused there; `weights --variant ultima` prints and reads
# Ultima's own table; bench --variant ultima has its own node signature, the same on every run.
# Prints one "PASS name" or "FAIL name" line per check; exits 1 if any failed.
# Environment: BIN (default bin/maxtune).
set -u
NAME=ultima_cli
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"

U='rnbqkbnm/pppppppp/8/8/8/8/PPPPPPPP/MNBKQBNR w 0'
M=$("$BIN" moves start --variant ultima | wc -l)
check "moves start --variant ultima: 32 first moves (docs/rules/ultima.md 3)" [ "$M" = 32 ]
check "perft of Ultima's start FEN, depth 3: 42762" \
    eval '[ "$("$BIN" perft "$U" 3)" = "nodes 42762" ]'
check "perft start 2 --variant=ultima: 944" \
    eval '[ "$("$BIN" perft start 2 --variant=ultima)" = "nodes 944" ]'
check "perft start 2 (Maxima by default) is not Ultima's" \
    eval '[ "$("$BIN" perft start 2)" != "nodes 944" ]'

"$BIN" moves "$U" --variant maxima >"$T/out" 2>"$T/err"; RC=$?
check "an Ultima FEN where Maxima is asked: exit 2, one line naming both row counts" \
    eval '[ $RC -eq 2 ] && [ $(wc -l <"$T/err") -eq 1 ] && has "$T/err" "8 rows, Maxima FENs have 11"'
"$BIN" perft start 2 --variant chess >"$T/out" 2>"$T/err"; RC=$?
check "an unknown --variant: exit 2, the games named" \
    eval '[ $RC -eq 2 ] && has "$T/err" "unknown variant '"'"'chess'"'"' (maxima|ultima|martian|martian4)"'
"$BIN" show 'rnbqkbnm/pppppppp/8/8/8/8/PPPPPPPP/MNBKQBNG w 0' >"$T/out" 2>"$T/err"; RC=$?
check "a Mage letter in an Ultima FEN is refused" \
    eval '[ $RC -eq 2 ] && has "$T/err" "'"'"'G'"'"' is not a piece of Ultima"'

"$BIN" show 'k7/1M6/8/8/8/8/8/7K b 0' >"$T/out" 2>&1
check "show: Ultima's legend has no Mage, the game is named, a stalemate loses" \
    eval '! has "$T/out" "G Mage" && has "$T/out" "Game:        Ultima" &&
          has "$T/out" "White wins: Black has no legal move and its King is not attacked"'

"$BIN" search start --variant ultima --nodes 3000 >"$T/search" 2>&1
WANT=$(tail -1 "$T/search")
# quit only once the search is done: a quit that arrives during a search ends it.
{ printf 'uci\nsetoption name UCI_Variant value ultima\nposition startpos\ngo nodes 3000\n'
  sleep 1; echo quit; } | "$BIN" uci >"$T/uci" 2>&1
check "uci lists UCI_Variant with the engine's games" \
    has "$T/uci" "option name UCI_Variant type combo default maxima var maxima var ultima var martian"
check "UCI_Variant ultima: startpos is Ultima's and go nodes 3000 gives search's move ($WANT)" \
    eval '[ -n "$WANT" ] && [ "$(grep ^bestmove "$T/uci")" = "$WANT" ] &&
          [ "$WANT" != "$({ printf "position startpos\ngo nodes 3000\n"; sleep 1; echo quit; } |
                         "$BIN" uci | grep ^bestmove)" ]'
printf 'setoption name UCI_Variant value ultima\nposition fen %s\nisready\nquit\n' \
    'xxx2xxx/1g1qk1g1/1bnmrnb1/dppppppd/8/8/8/DPPPPPPD/1BNMRNB1/1G1QK1G1/xxx2xxx w 0' |
    "$BIN" uci >"$T/uci2" 2>&1
check "UCI_Variant ultima: a Maxima FEN is refused with an info string error" \
    has "$T/uci2" "info string error: position: bad FEN"
printf 'setoption name UCI_Variant value ultima\nsetoption name mage value 650\nsetoption name %s\nquit\n' \
    'pst_rank.king.10 value 5' | "$BIN" uci >"$T/uci4" 2>&1
check "UCI_Variant ultima: a weight Ultima lacks is refused with an info string error" \
    eval 'has "$T/uci4" "info string error: '"'"'mage'"'"' is not an Ultima weight; unchanged" &&
          has "$T/uci4" "info string error: '"'"'pst_rank.king.10'"'"' is not an Ultima weight"'
{ printf 'uci\nsetoption name frozen.pincer value -30\nsetoption name UCI_Variant value ultima\n'
  printf 'setoption name king_attack.pincer value 20\nsetoption name frozen.pincer.eg value -30\nquit\n'
} | "$BIN" uci >"$T/uci5" 2>&1
# The default of Ultima weight $1 (its middle-game value): search/ultima.weights' own.
ultima_default() { awk -v k="$1.mg" '$1 == k {print $3}' "$(dirname "$0")/../search/ultima.weights"; }
check "uci: Ultima's own weights listed after Maxima's, refused in Maxima, taken in Ultima" \
    eval 'has "$T/uci5" "option name king_attack.pincer type spin default $(ultima_default king_attack.pincer) min -100 max 200" &&
          has "$T/uci5" "option name frozen.immobilizer type spin default $(ultima_default frozen.immobilizer) min -500 max 100" &&
          [ "$(grep -n "^option name pst_rank.king.10 " "$T/uci5" | cut -d: -f1)" -lt \
            "$(grep -n "^option name frozen.pincer.mg " "$T/uci5" | cut -d: -f1)" ] &&
          has "$T/uci5" "info string error: '"'"'frozen.pincer'"'"' is not a Maxima weight; unchanged" &&
          [ "$(grep -c "info string error" "$T/uci5")" -eq 1 ]'
printf 'setoption name UCI_Variant value go\nquit\n' | "$BIN" uci >"$T/uci3" 2>&1
check "UCI_Variant: an unknown game is refused, the game kept" \
    has "$T/uci3" "unknown game 'go' (maxima|ultima|martian|martian4); still maxima"

"$BIN" weights --variant ultima >"$T/u.weights" 2>&1
"$BIN" weights "$T/u.weights" --variant ultima >"$T/u2.weights" 2>&1
"$BIN" weights ultima --variant ultima >"$T/u3.weights" 2>&1
"$BIN" weights "$(dirname "$0")/../search/ultima.weights" --variant ultima >"$T/u4.weights" 2>&1
check "weights --variant ultima: Ultima's default (search/ultima.weights; 'ultima' the start table), no Mage, Guard, palace or rank-0 row; reads back" \
    eval 'has "$T/u.weights" "weights file for Ultima" && grep -q "^long_leaper.mg *= *530 " "$T/u3.weights" &&
          cmp -s "$T/u.weights" "$T/u4.weights" && ! cmp -s "$T/u.weights" "$T/u3.weights" &&
          ! grep -q "^mage\|^guard\|^palace\|^phase.mage\|^pst_rank.pincer.0\|^pst_rank.king.9" "$T/u.weights" &&
          cmp -s "$T/u.weights" "$T/u2.weights"'
printf 'pincer = 90\nmage = 650\n' >"$T/mage.weights"
"$BIN" weights "$T/mage.weights" --variant ultima >"$T/out" 2>"$T/err"; RC=$?
check "weights --variant ultima: a Mage weight is refused, file:line named" \
    eval '[ $RC -eq 2 ] && [ $(wc -l <"$T/err") -eq 1 ] &&
          has "$T/err" "$T/mage.weights:2: '"'"'mage'"'"' is not an Ultima weight"'

"$BIN" weights "$T/u.weights" >"$T/out" 2>"$T/err"; RC=$?
check "weights: an Ultima file is not a Maxima one (its own weights are refused, file:line named)" \
    eval '[ $RC -eq 2 ] && grep -q "u.weights:[0-9]*: '"'"'frozen.pincer.mg'"'"' is not a Maxima weight" "$T/err"'

A=$("$BIN" bench 5 --variant ultima | tail -1 | awk '{print $2}')
B=$("$BIN" bench 5 --variant ultima | tail -1 | awk '{print $2}')
C=$("$BIN" bench 5 | tail -1 | awk '{print $2}')
check "bench 5 --variant ultima: one signature on every run ($A), not Maxima's ($C)" \
    eval '[ -n "$A" ] && [ "$A" = "$B" ] && [ "$A" != "$C" ]'
echo "ultima_cli: $((SECONDS - start)) s"
[ $failures -eq 0 ]
