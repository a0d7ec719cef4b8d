#!/usr/bin/env bash
# The Markdown pages: every relative link of README.md, docs/, results/README.md and
# tests/data/reference/README.md resolves inside the repository (scripts/check_links.sh), and
# the checker names a dead link and one that leaves the repository; README.md stays a front
# door, at most 12,500 bytes (the manual is docs/).
set -u
NAME=links
source "$(dirname "$0")/lib/common.sh"
ROOT=$(cd "$(dirname "$0")/.." && pwd)

"$ROOT/scripts/check_links.sh" "$ROOT" >"$T/repo" 2>&1; rc=$?
check "links: every relative link of the Markdown pages resolves inside the repository" \
    eval '[ $rc -eq 0 ] && grep -q "^links: ok (" "$T/repo"'
[ $rc -eq 0 ] || cat "$T/repo"

size=$(wc -c <"$ROOT/README.md")
check "links: README.md is $size bytes, at most 12500" eval '[ "$size" -le 12500 ]'

# A tree of three pages: one sound, one with a dead link, one (the root README) with a link
# and a path that leave the repository. The checker names each problem and exits 1.
mkdir -p "$T/tree/docs/sub"
printf '# a\n[b](sub/b.md#top) [web](https://example.org) [here](#a)\n' >"$T/tree/docs/a.md"
printf '# b\n[a](../a.md) [gone](../missing.md)\n```\n[fenced](not-checked.md)\n```\n' \
    >"$T/tree/docs/sub/b.md"
printf '# r\n[docs](docs/a.md) [rules](../elsewhere/rules/MAXIMA.md) `../elsewhere/data/x`\n' \
    >"$T/tree/README.md"
"$ROOT/scripts/check_links.sh" "$T/tree" >"$T/bad" 2>&1; rc=$?
check "links: the checker names a dead link, and a link and a path that leave the repository" \
    eval '[ $rc -eq 1 ] && has "$T/bad" "links: docs/sub/b.md: dead link ../missing.md" &&
          has "$T/bad" "links: README.md: link leaves the repository ../elsewhere/rules/MAXIMA.md" &&
          has "$T/bad" "links: README.md: path leaves the repository ../elsewhere/data/x" &&
          [ "$(wc -l <"$T/bad")" -eq 3 ]'
[ $rc -eq 1 ] || cat "$T/bad"
rm -f "$T/tree/docs/sub/b.md" && printf '# b\n[a](../a.md)\n' >"$T/tree/docs/sub/b.md"
printf '# r\n[docs](docs/a.md)\n' >"$T/tree/README.md"
"$ROOT/scripts/check_links.sh" "$T/tree" >"$T/good" 2>&1; rc=$?
check "links: the mended tree passes, counting its links" \
    eval '[ $rc -eq 0 ] && has "$T/good" "links: ok (3 links in 3 files)"'
echo "links: $((SECONDS - start)) s"
[ $failures -eq 0 ]
