#!/usr/bin/env bash
# Fuzzes the FEN parser (fuzz/fen_fuzz.c) with libFuzzer for SECONDS seconds (default 60).
# Builds build/fuzz/fen_fuzz with clang (ASan + UBSan), seeds fuzz/corpus from the FENs of
# perft.epd and legal_moves.txt, and leaves any crashing input as fuzz/crash-*.
# Usage: scripts/fuzz.sh [SECONDS] [extra libFuzzer flags...]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
shared=${SHARED:-$(cd .. && pwd)/shared}
out=build/fuzz
corpus=fuzz/corpus
mkdir -p "$out" "$corpus"

clang -std=c11 -g -O1 -fno-omit-frame-pointer -Wall -Wextra -Wshadow -Werror \
    -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
    -D_POSIX_C_SOURCE=200809L -DMAXTUNE_SHARED_DIR="\"$shared\"" -I. \
    fuzz/fen_fuzz.c core/*.c -o "$out/fen_fuzz"

# Seed the corpus with every reference FEN (one file per FEN, named by its line number).
i=0
for f in "$shared/data/perft.epd" "$shared/data/legal_moves.txt"; do
    [ -r "$f" ] || continue
    while IFS= read -r line; do
        case "$line" in
            '#'*|'') continue ;;
            'fen '*) fen=${line#fen } ;;
            *';'*) fen=${line%%;*} ;;
            *) continue ;;
        esac
        i=$((i + 1))
        printf '%s' "${fen% }" > "$corpus/seed-$i"
    done < "$f"
done
printf 'start' > "$corpus/seed-start"
echo "fuzz: $i seed FENs in $corpus; running for $seconds s"

exec "$out/fen_fuzz" "$corpus" -max_total_time="$seconds" -max_len=512 \
    -artifact_prefix=fuzz/ -print_final_stats=1 "$@"
