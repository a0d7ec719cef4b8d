#!/usr/bin/env bash
# manual.sh: the man page docs/maxtune.1 is what scripts/make_man.sh writes from the program (so a
# command or a config key added without `make man` fails here), it lists every command and every
# config key, it renders, its escaping shows the help's '-', quotes and '.' as printed (and config
# --man escapes its own), help takes one topic at most, and `make install` puts the program and
# the page under PREFIX.
set -u
NAME=manual
source "$(dirname "$0")/lib/common.sh"
page=docs/maxtune.1

scripts/make_man.sh "$BIN" "$T/maxtune.1"
check "manual: docs/maxtune.1 is what make man writes from this program (else: make man)" \
    same "$T/maxtune.1" "$page"
[ -f "$T/maxtune.1" ] && ! same "$T/maxtune.1" "$page" && diff "$page" "$T/maxtune.1" | head -10

# Every command of `maxtune --help` has its section; every key and section of the schema its
# entry (the keys as `config --doc` lists them: two spaces, the name, its type).
missing() { # page: prints what the page lacks
    "$BIN" --help | awk '/^  [a-z]/ {print $1}' | while read -r c; do
        grep -qx ".SS $c" "$1" || echo "command $c"
    done
    "$BIN" config --doc | awk '/^  [a-z_0-9]+ +(integer|string|enum|bool|real|double|float)/ {print $1}' |
        while read -r k; do grep -qx ".B $k" "$1" || echo "key $k"; done
    "$BIN" config --doc | sed -n 's/^\[\([a-z_]*\)\].*/\1/p' | while read -r s; do
        grep -q "^\(\.SS\|\.B\) \[$s\]$" "$1" || echo "section [$s]"
    done
}
missing "$page" >"$T/missing"
check "manual: every command, config section and key of the program is in the page" \
    eval '[ ! -s "$T/missing" ]'
head -5 "$T/missing"
nkeys=$("$BIN" config --doc | grep -cE '^  [a-z_0-9]+ +(integer|string|enum|bool|real|double|float)')
check "manual: the key list is read from config --doc ($nkeys keys)" eval '[ "$nkeys" -ge 100 ]'
# The check is not blind: a page without the seed key's entry, or the uci command's, fails it.
grep -vx '.B seed' "$page" | grep -vx '.SS uci' >"$T/short.1"
missing "$T/short.1" >"$T/short.missing"
check "manual: a page without a key's and a command's entries is caught, naming them" \
    eval 'has "$T/short.missing" "key seed" && has "$T/short.missing" "command uci"'

# It renders: groff reports no error, and man shows the sections.
groff -man -Tutf8 -z "$page" 2>"$T/groff.err"; rc=$?
check "manual: groff renders the page without an error" \
    eval '[ $rc -eq 0 ] && ! grep -qi error "$T/groff.err"'
MANWIDTH=80 man -l "$page" >"$T/man.txt" 2>"$T/man.err"
check "manual: man -l shows NAME, COMMANDS, CONFIG KEYS and EXIT STATUS" \
    eval 'grep -q "^NAME" "$T/man.txt" && grep -q "^COMMANDS" "$T/man.txt" &&
          grep -q "^CONFIG KEYS" "$T/man.txt" && grep -q "^EXIT STATUS" "$T/man.txt"'

# The escaping, as a reader sees it: rendered by groff (lines 200 wide, a word hyphenated at a
# line's end joined again, and a bare '-' drawn as the hyphen U+2010 it is in roff, which
# Debian's groff would draw as '-' like the escaped \-), the page make man writes now shows every
# word of every command's --help that holds a '-', a quote, a '.' or a backslash exactly as the
# program prints it (an option's "--" unescaped shows as hyphens, a line's leading quote
# unescaped vanishes as a request); and `config --man` writes no bare '-' starting a word
# (ranges such as -1000..1000, options) nor a text line starting with a quote or a '.'.
"$BIN" --help | awk '/^  [a-z]/ {print $1}' | while read -r c; do "$BIN" "$c" --help; done |
    tr -s ' \t' '\n\n' | grep -- "[-'.\\]" | sort -u >"$T/help.words"
unrendered() { # page: prints the help's words its rendering lacks
    { printf '.tr -\\[u2010]\n'; cat "$1"; } | groff -man -Tutf8 -rLL=200n 2>/dev/null |
        perl -CS -0pe 's/\x{2010}\n\s*//g' | tr -s ' \t' '\n\n' |
        sort -u | comm -23 "$T/help.words" -
}
unrendered "$T/maxtune.1" >"$T/unrendered" # (the committed page is this one: checked above)
check "manual: the page rendered shows the $(wc -l <"$T/help.words") words of the commands' help with '-', quotes, '.' or '\\' as printed" \
    eval '[ -s "$T/help.words" ] && [ ! -s "$T/unrendered" ]'
head -5 "$T/unrendered"
"$BIN" config --man | grep -v "^\.[A-Za-z]" | grep -nE -- "(^|[[:space:]])-|^['.]" | head -5 >"$T/bare"
check "manual: config --man escapes a word's leading '-' (\\-) and a line's leading quote or '.' (\\&)" \
    eval '[ ! -s "$T/bare" ]'
head -5 "$T/bare"

# make install: the program and its page under PREFIX (the program as built: -o, no rebuild).
make -s --no-print-directory -o "$BIN" install BIN="$BIN" PREFIX="$T/usr" >"$T/install.log" 2>&1
check "manual: make install PREFIX puts bin/maxtune and share/man/man1/maxtune.1 there" \
    eval '[ -x "$T/usr/bin/maxtune" ] && same "$T/usr/share/man/man1/maxtune.1" "$page" &&
          "$T/usr/bin/maxtune" --version | grep -q "^maxtune "'
check "manual: maxtune help names the man page; help COMMAND is its --help; a bad topic exits 2" \
    eval '"$BIN" help | grep -q "man maxtune" &&
          cmp -s <("$BIN" help perft) <("$BIN" perft --help) &&
          { "$BIN" help nope 2>/dev/null; [ $? -eq 2 ]; }'
# Two topics are refused (exit 2, one line naming the rule, nothing on stdout), whichever comes
# first: the second is not silently ignored.
for topics in "run keys" "keys run" "perft perft"; do
    # shellcheck disable=SC2086
    "$BIN" help $topics >"$T/help.out" 2>"$T/help.err"
    RC=$?
    check "manual: maxtune help $topics (two topics) is refused: exit 2, one line, no help printed" \
        eval '[ $RC -eq 2 ] && [ ! -s "$T/help.out" ] && [ "$(wc -l <"$T/help.err")" -eq 1 ] &&
              has "$T/help.err" "maxtune help: one topic at most"'
done
echo "manual: $((SECONDS - start)) s"
[ $failures -eq 0 ]
