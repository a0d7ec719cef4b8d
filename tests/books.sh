#!/usr/bin/env bash
# Opening books ([match] openings, opening_order): EPD lines with opcodes give the games of the
# same positions as FEN lines; opening_order = random is a seeded shuffle (same games twice,
# other first positions than the file order, every position still played); bad EPD lines are
# refused at file:line before a results folder is made, a field starting with '-' that is no lone
# '-' placeholder (w -5, w --) among them.
set -u
bin=${BIN:-bin/maxtune}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
check() { if eval "$2"; then echo "PASS $1"; else echo "FAIL $1"; fi; }
grep -v '^#' configs/ladder-openings.fen | head -6 > "$tmp/book.fen"
awk '{print $1, $2, "id \"op" NR "\"; c0 \"a remark; with a semicolon\";"}' "$tmp/book.fen" > "$tmp/book.epd"
play() { # name book [--set ...]
  local n=$1 b=$2; shift 2
  "$bin" run configs/match.ini --set run.results_dir="$tmp/$n" --set match.pairs=6 \
    --set match.openings="$b" --set engine_a.nodes=200 --set engine_b.nodes=200 "$@" \
    > "$tmp/$n.out" 2> "$tmp/$n.err"
  echo $? > "$tmp/$n.rc"
}
games() { grep -v '^\[Date' "$tmp/$1/match-default-vs-material/games.pgn"; }
fens() { sed -n 's/^\[FEN "\(.*\)"\]/\1/p' "$tmp/$1/match-default-vs-material/games.pgn" | awk 'NR % 2 == 1' | cut -d' ' -f1; }
play fen "$tmp/book.fen"; play epd "$tmp/book.epd"
play rnd "$tmp/book.epd" --set match.opening_order=random
play rnd2 "$tmp/book.epd" --set match.opening_order=random
play rnd3 "$tmp/book.epd" --set match.opening_order=random --set run.seed=5
check "EPD book: the same games as the FEN lines" "[ \$(cat $tmp/epd.rc) -eq 0 ] && cmp -s <(games fen) <(games epd)"
check "EPD book: pair i plays line i in file order" "cmp -s <(fens epd) <(cut -d' ' -f1 $tmp/book.fen)"
# Chess tools (and Fairy-Stockfish) write the castling and en-passant fields as '-': read and
# ignored.
awk '{print $1, $2, "- - id \"op" NR "\";"}' "$tmp/book.fen" > "$tmp/dash.epd"
play dash "$tmp/dash.epd"
check "EPD book with '- -' castling and en-passant fields: the same games" "[ \$(cat $tmp/dash.rc) -eq 0 ] && cmp -s <(games fen) <(games dash)"
check "opening_order = random: the same games twice" "cmp -s <(games rnd) <(games rnd2)"
check "opening_order = random: every position once, not in file order" "cmp -s <(fens rnd | sort) <(cut -d' ' -f1 $tmp/book.fen | sort) && ! cmp -s <(fens rnd) <(fens epd)"
check "opening_order = random: another seed, another order" "! cmp -s <(fens rnd) <(fens rnd3)"
check "config.ini names opening_order only when it is not the default" "grep -q '^opening_order = random' $tmp/rnd/*/config.ini && ! grep -q opening_order $tmp/epd/*/config.ini"
head -2 "$tmp/book.epd" > "$tmp/bad.epd"; echo "$(cut -d' ' -f1,2 "$tmp/book.fen" | sed -n 3p) id \"x\" c0 \"y\"" >> "$tmp/bad.epd"
play bad "$tmp/bad.epd"
check "an EPD operation without ';': exit 2 at file:line, no folder" "[ \$(cat $tmp/bad.rc) -eq 2 ] && grep -q 'bad.epd:3: EPD: an operation does not end with' $tmp/bad.err && [ ! -e $tmp/bad ]"
printf '%s w id "x";\n' "xxx2xxx/9/8/8/8/8/8/8/8/8/xxx2xxx" > "$tmp/bad2.epd"
play bad2 "$tmp/bad2.epd"
check "an EPD line with a bad board: exit 2 at file:line" "[ \$(cat $tmp/bad2.rc) -eq 2 ] && grep -q 'bad2.epd:1: ' $tmp/bad2.err"
# A field that starts with '-' but is not a lone '-' is no castling or en-passant placeholder:
# "w -5" (a negative ply count), "w --", "w - -5" are refused at file:line, not read silently.
i=0
for fields in '-5' '--' '- -5' '- - --' '-x'; do
  i=$((i + 1))
  echo "$(cut -d' ' -f1,2 "$tmp/book.fen" | head -1) $fields id \"x\";" > "$tmp/dash$i.epd"
  play dash$i "$tmp/dash$i.epd"
  check "an EPD line '<board> w $fields id ...': refused (exit 2 at file:line, no folder), not skipped as '-'" "[ \$(cat $tmp/dash$i.rc) -eq 2 ] && grep -q 'dash$i.epd:1: ' $tmp/dash$i.err && [ ! -e $tmp/dash$i ]"
done
play badorder "$tmp/book.epd" --set match.opening_order=shuffled
check "opening_order = shuffled: refused, naming the values" "[ \$(cat $tmp/badorder.rc) -eq 2 ] && grep -q 'sequential|random' $tmp/badorder.err"
# PGN books: each game's position after opening_plies plies (its FEN tag's position at 0).
src=$tmp/fen/match-default-vs-material/games.pgn
cp "$src" "$tmp/book.pgn"
play pgn0 "$tmp/book.pgn" --set match.opening_plies=0
check "PGN book, 0 plies: pair i starts from game i's FEN tag" "[ \$(cat $tmp/pgn0.rc) -eq 0 ] && cmp -s <(fens pgn0) <(sed -n 's/^\[FEN \"\(.*\)\"\]/\1/p' $src | head -6 | cut -d' ' -f1)"
play pgn3 "$tmp/book.pgn" --set match.opening_plies=3
first_fen=$(sed -n 's/^\[FEN "\(.*\)"\]/\1/p' "$src" | head -1)
first_moves=$(awk '/^\[/ {if (seen) exit; next} NF {seen=1; print}' "$src" | tr ' ' '\n' | grep -- '-' | head -3 | sed 's/x.*//' | tr '\n' ' ')
want=$("$bin" show "$first_fen" --moves $first_moves | sed -n 's/^FEN: *//p' | cut -d' ' -f1)
check "PGN book, 3 plies: pair 0 starts 3 plies into game 1 ($first_moves)" "[ \$(cat $tmp/pgn3.rc) -eq 0 ] && [ \"\$(fens pgn3 | head -1)\" = \"$want\" ]"
printf '[Event "x"]\n\n1. a3-a9 *\n' > "$tmp/bad.pgn"
play badpgn "$tmp/bad.pgn"
check "a PGN book with an illegal move: exit 2 at file:line, no folder" "[ \$(cat $tmp/badpgn.rc) -eq 2 ] && grep -q 'bad.pgn:3: ' $tmp/badpgn.err && [ ! -e $tmp/badpgn ]"
