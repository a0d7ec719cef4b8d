#!/usr/bin/env bash
# html_escape.sh: a player's name that is HTML (`</script><script>alert(1)</script>`) cannot end
# the page's script or add one: in report.html of a match and in `maxtune view`'s page of its
# games, the page holds as many `</script` and `<script` as the same page for a plain name, no
# `<script>alert` anywhere, and the name is kept in the game data as JSON escapes (\u003c).
# Prints one "PASS name" or "FAIL name" line per check; exits 1 if any failed.
# Environment: BIN (default bin/maxtune).
set -u
NAME=html_escape
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"

CFG=$T/m.ini
cat >"$CFG" <<'INI'
[run]
job = match
name = m
seed = 5
threads = 2

[engine_a]
name = plain
nodes = 200
hash_mb = 1

[engine_b]
name = sound
nodes = 200
hash_mb = 1

[match]
pairs = 1
INI
EVIL='</script><script>alert(1)</script>'

# Occurrences of $2 (case-insensitive, fixed string) in file $1.
count() { grep -oiF -- "$2" "$1" | wc -l; }

# Checks page $2 (made for the evil name) against page $3 (the same for a plain name), as $1.
page_checks() {
    local what=$1 evil=$2 plain=$3
    check "$what: as many </script as for a plain name ($(count "$evil" "</script") = $(count "$plain" "</script"))" \
        [ "$(count "$evil" "</script")" -eq "$(count "$plain" "</script")" ]
    check "$what: as many <script as for a plain name" \
        [ "$(count "$evil" "<script")" -eq "$(count "$plain" "<script")" ]
    check "$what: no <script>alert anywhere" [ "$(count "$evil" "<script>alert")" -eq 0 ]
    check "$what: the name is in the game data, escaped" \
        has "$evil" '\u003c/script>\u003cscript>alert(1)\u003c/script>'
}

run "$CFG" --set run.results_dir="$T/plain"
P=$T/plain/m
run "$CFG" --set run.results_dir="$T/evil" --set "engine_a.name=$EVIL"
E=$T/evil/m
check "a match with the name $EVIL runs (exit 0), the name in games.pgn" eval \
    '[ $RC -eq 0 ] && has $E/games.pgn "[White \"$EVIL\"]"'
page_checks "report.html" "$E/report.html" "$P/report.html"
"$BIN" view "$E/games.pgn" -o "$T/evil.html" >/dev/null 2>&1
"$BIN" view "$P/games.pgn" -o "$T/plain.html" >/dev/null 2>&1
page_checks "maxtune view" "$T/evil.html" "$T/plain.html"
echo "html_escape: $((SECONDS - start)) s"
[ $failures -eq 0 ]
