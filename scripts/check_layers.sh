#!/usr/bin/env bash
# Checks the include graph of the program's sources against the layering rule
#     core <- search <- (tune/stats, tune/run) <- tune/play <- tune/pages <- tune/jobs/common
#          <- tune/jobs/<job> <- tune/jobs (the catalog) <- cli
# (a file may include files of its own folder and of the folders to its left; tune/stats and
# tune/run are independent of each other; a job's folder may include another job's, as the
# pipeline runs the fit and SPSA jobs), and that the modules (a .c/.h pair, or a header alone)
# include each other without a cycle (tsort finds cycles). Prints every violation and exits 1 if any;
# run by `make test` (tests/layers.sh), usage: scripts/check_layers.sh [ROOT].
set -u
root=${1:-.}
cd "$root" || exit 2

# The layer rank of a folder; stats and run share a rank but may not include each other.
rank() {
  case $1 in
    core) echo 0;; search) echo 1;; tune/stats|tune/run) echo 2;; tune/play) echo 3;;
    tune/pages) echo 4;; tune/jobs/common) echo 5;; tune/jobs) echo 7;; cli) echo 8;;
    tune/jobs/*) echo 6;; *) echo -1;;
  esac
}

bad=0
edges=$(mktemp); trap 'rm -f "$edges"' EXIT
for f in core/*.[ch] search/*.[ch] tune/*/*.[ch] tune/jobs/*/*.[ch] cli/*.[ch]; do
  [ -f "$f" ] || continue
  dir=$(dirname "$f"); from=$(rank "$dir"); mod=${f%.*}
  if [ "$from" -lt 0 ]; then echo "layers: $f: folder $dir is not in the layering rule"; bad=1; continue; fi
  while IFS= read -r inc; do
    case $inc in */*) target=$inc;; *) target=$dir/$inc;; esac
    [ -f "$target" ] || continue   # system or generated header
    tdir=$(dirname "$target"); to=$(rank "$tdir"); tmod=${target%.*}
    # Same rank, other folder: only between two jobs' folders.
    if [ "$to" -lt 0 ] || [ "$to" -gt "$from" ] ||
       { [ "$to" -eq "$from" ] && [ "$tdir" != "$dir" ] && [ "$to" -ne 6 ]; }; then
      echo "layers: $f includes $target: $dir may not depend on $tdir"; bad=1
    fi
    [ "$tmod" != "$mod" ] && echo "$tmod $mod" >>"$edges"
  done < <(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f")
done
# tsort prints the modules of each cycle on stderr.
if ! out=$(sort -u "$edges" | tsort 2>&1 >/dev/null) || [ -n "$out" ]; then
  echo "layers: dependency cycle among modules:"; echo "$out" | sed 's/^/  /'; bad=1
fi
[ $bad -eq 0 ] && echo "layers: ok ($(sort -u "$edges" | wc -l) module dependencies, no cycle)"
exit $bad
