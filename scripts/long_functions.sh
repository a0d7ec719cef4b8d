#!/usr/bin/env bash
# long_functions.sh [-n MAX] [DIR|FILE...]: lists the C functions longer than MAX lines (default
# 100), from the first line of the signature to the closing brace, as "file:line: name N lines",
# longest first; exits 1 when there is one. Default: the program's sources outside search/ (core,
# tune, cli), where no function may pass 100 lines; search/'s negamax may. It reads the layout
# clang-format gives this tree (.clang-format: a function's braces alone in column 0, its
# signature starting in column 0), so run it on formatted sources.
set -u
max=100
if [ "${1:-}" = -n ]; then max=$2; shift 2; fi
root=$(cd "$(dirname "$0")/.." && pwd)
[ $# -gt 0 ] || { cd "$root" && set -- core tune cli; }
found=$(find "$@" -name '*.c' | sort | xargs awk -v max="$max" '
    FNR == 1 { head = 0; inside = 0; name = "" }
    # A line in column 0 that can open a signature (not a comment, directive, brace or label).
    /^[A-Za-z_]/ && !/^(typedef|struct|enum|union)\>.*[;{]$/ && !inside { head = FNR; sig = $0 }
    /^\{$/ && head { inside = 1; start = head
        name = sig; sub(/\(.*/, "", name); sub(/.*[ *]/, "", name) }
    /^\}/ && inside { inside = 0; n = FNR - start + 1
        if (n > max) printf "%d %s:%d: %s %d lines\n", n, FILENAME, start, name, n
        head = 0 }' | sort -k1,1nr -k2 | cut -d" " -f2-)
[ -z "$found" ] && { echo "long_functions: none over $max lines"; exit 0; }
echo "$found"
exit 1
