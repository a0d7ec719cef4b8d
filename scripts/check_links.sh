#!/usr/bin/env bash
# check_links.sh [ROOT]: the relative links of the repository's Markdown pages resolve.
# Pages: ROOT/README.md, every *.md under ROOT/docs/ (recursively), ROOT/results/README.md and
# ROOT/tests/data/reference/README.md (those that exist). In each page, every link target
# `](path)` or `](path#anchor)` (inline links and images; `[label]: path` definitions too) must
# name a file or folder that exists, relative to the page's folder; http(s):, mailto: and pure
# `#anchor` links are skipped, and so are fenced code blocks and `code spans`. A link, or any
# path written `../...` in the text, that leads out of ROOT fails too (the project reads
# nothing outside its repository). Prints one line per problem:
#     links: FILE: dead link TARGET
#     links: FILE: link leaves the repository TARGET
#     links: FILE: path leaves the repository PATH
# and exits 1; else prints "links: ok (N links in M files)" and exits 0 (N: the relative links
# checked). Exit 2 when ROOT is not a folder.
set -u
ROOT=${1:-$(cd "$(dirname "$0")/.." && pwd)}
[ -d "$ROOT" ] || { echo "links: $ROOT is not a folder" >&2; exit 2; }
ROOT=$(cd "$ROOT" && pwd -P)

pages=()
for f in README.md results/README.md tests/data/reference/README.md; do
    [ -f "$ROOT/$f" ] && pages+=("$f")
done
if [ -d "$ROOT/docs" ]; then
    while IFS= read -r f; do pages+=("${f#"$ROOT"/}"); done \
        < <(find "$ROOT/docs" -type f -name '*.md' | LC_ALL=C sort)
fi

# Prints "L<TAB>target" for each link target of page $1 and "P<TAB>path" for each ../ path of
# its text (outside fenced code blocks; link targets come from the text without code spans).
extract() {
    awk -v q="'" '
    BEGIN { pathre = "(\\.\\./)+[^] \t)>`\"" q ",;]*" }
    /^[ \t]*(```|~~~)/ { fence = !fence; next }
    fence { next }
    {
        line = $0
        gsub(/`[^`]*`/, "", line)
        # [label]: target definitions.
        if (match(line, /^[ \t]*\[[^]]+\]:[ \t]+[^ \t]+/)) {
            def = substr(line, RSTART, RLENGTH)
            sub(/^[ \t]*\[[^]]+\]:[ \t]+/, "", def)
            print "L\t" def
        }
        # ](target) and ](<target>), with an optional "title".
        rest = line
        while (match(rest, /\]\([^)]*\)/)) {
            t = substr(rest, RSTART + 2, RLENGTH - 3)
            rest = substr(rest, RSTART + RLENGTH)
            sub(/^[ \t]+/, "", t)
            if (t ~ /^</) { sub(/^</, "", t); sub(/>.*$/, "", t) } else sub(/[ \t].*$/, "", t)
            print "L\t" t
        }
        # ../ paths anywhere on the line, code spans included.
        rest = $0
        while (match(rest, pathre)) {
            print "P\t" substr(rest, RSTART, RLENGTH)
            rest = substr(rest, RSTART + RLENGTH)
        }
    }' "$1"
}

# True when path $2, taken relative to folder $1 (relative to ROOT), stays inside ROOT.
inside() {
    local p
    p=$(realpath -m "$ROOT/$1/$2")
    [ "$p" = "$ROOT" ] || [ "${p#"$ROOT"/}" != "$p" ]
}

bad=0 nlinks=0
for page in "${pages[@]}"; do
    dir=$(dirname "$page")
    left=" "
    while IFS=$'\t' read -r kind target; do
        if [ "$kind" = P ]; then
            # A link that leaves was reported as such; its path is not reported again.
            case $left in *" ${target%%#*} "*) continue ;; esac
            inside "$dir" "$target" ||
                { echo "links: $page: path leaves the repository $target"; bad=$((bad + 1)); }
            continue
        fi
        case $target in
            '' | '#'* | http://* | https://* | mailto:*) continue ;;
        esac
        nlinks=$((nlinks + 1))
        path=${target%%#*}
        path=${path%%\?*}
        if ! inside "$dir" "$path"; then
            echo "links: $page: link leaves the repository $target"; bad=$((bad + 1))
            left+="$path "
        elif [ ! -e "$ROOT/$dir/$path" ]; then
            echo "links: $page: dead link $target"; bad=$((bad + 1))
        fi
    done < <(extract "$ROOT/$page")
done
[ $bad -eq 0 ] || exit 1
echo "links: ok ($nlinks links in ${#pages[@]} files)"
