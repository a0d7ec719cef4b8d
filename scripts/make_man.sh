#!/usr/bin/env bash
# Writes the man page docs/maxtune.1 (or OUT) from its template docs/man/maxtune.1.in: @COMMANDS@
# becomes every subcommand of `maxtune --help` with its own --help text, @CONFIG_KEYS@ the
# output of `maxtune config --man` (the program's config schema), @VERSION@ the program's
# version. So the page lists what the program has, and `make man` keeps it so; tests/manual.sh
# fails when the committed page differs from what this script writes.
# Usage: scripts/make_man.sh BIN [OUT]
set -euo pipefail
bin=$1; out=${2:-docs/maxtune.1}
template=docs/man/maxtune.1.in
# roff-safe text: backslash as \e, '-' as \-, a leading '.' or "'" behind \&.
esc() { sed -e 's/\\/\\e/g' -e 's/-/\\-/g' -e "s/^\([.']\)/\\\\\&\1/"; }

commands() {
  "$bin" --help | awk '/^  [a-z]/ {print $1}' | while read -r c; do
    echo ".SS $c"
    "$bin" "$c" --help | awk '
      NR == 1 || (in_usage && /^ /) { in_usage = 1; print "U" $0; next }
      { in_usage = 0; print "T" $0 }' | {
      echo ".nf"; started=0
      while IFS= read -r line; do
        kind=${line:0:1}; text=${line:1}
        if [ "$kind" = T ] && [ $started -eq 0 ]; then echo ".fi"; started=1; fi
        printf '%s\n' "$text" | esc
      done
      [ $started -eq 1 ] || echo ".fi"
    }
  done
}

version=$("$bin" --version | awk '{print $2}')
tmp=$(mktemp); trap 'rm -f "$tmp"' EXIT
commands >"$tmp.cmd"; "$bin" config --man >"$tmp.keys"
awk -v v="$version" -v cmd="$tmp.cmd" -v keys="$tmp.keys" '
  /^@COMMANDS@$/ { while ((getline l < cmd) > 0) print l; next }
  /^@CONFIG_KEYS@$/ { while ((getline l < keys) > 0) print l; next }
  { gsub(/@VERSION@/, v); print }' "$template" >"$tmp"
rm -f "$tmp.cmd" "$tmp.keys"
mv "$tmp" "$out"; trap - EXIT
