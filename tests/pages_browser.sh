#!/usr/bin/env bash
# pages_browser.sh: every committed results/**/report.html as a reader sees it, in headless
# Chromium (Debian's chromium, installed by scripts/deps.sh) driven over the DevTools protocol
# by tests/browser/check_pages.js (chrome-remote-interface, installed from
# tests/browser/package-lock.json by `npm ci` on first use): no visible text holds a raw or
# escaped tag (report.md's <details> folds render as sections), every href/src names a file that
# exists in the folder, no plot is a bare PNG link, the values plot draws its 1-pincer line.
# Skips (one PASS line saying so) only when chromium, node or npm is missing.
# Environment: SHOTS, a folder for a screenshot of each page (optional); RESULTS, a folder whose
# report.html pages are checked instead (e.g. a copy re-made by `maxtune report`). About 10-20 s.
set -u
NAME=pages_browser
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"
browser_setup
cd "$ROOT" || exit 1
if [ -n "${RESULTS:-}" ]; then
    mapfile -t PAGES < <(find "$RESULTS" -name report.html | sort)
else
    mapfile -t PAGES < <(git ls-files 'results/*report.html' 2>/dev/null)
    [ ${#PAGES[@]} -gt 0 ] || mapfile -t PAGES < <(find results -name report.html | sort)
fi
check "committed pages found (${#PAGES[@]})" [ ${#PAGES[@]} -ge 1 ]
node "$B/check_pages.js" --chromium "$CHROMIUM" ${SHOTS:+--shots "$SHOTS"} "${PAGES[@]}" 2>&1
check "browser checks of the committed pages finished" [ $? -eq 0 ]
echo "pages_browser: $((SECONDS - start)) s"
[ $failures -eq 0 ]
