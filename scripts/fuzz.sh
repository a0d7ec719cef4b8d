#!/usr/bin/env bash
# Runs the libFuzzer targets (clang, ASan + UBSan) for SECONDS seconds each (default 60):
#   fen  fuzz/fen_fuzz.c: the FEN parser and everything a parsed position reaches; corpus
#        fuzz/corpus, seeded from the FENs of every game's reference files (perft.epd,
#        legal_moves.txt, ultima_perft.epd, ultima_moves.txt, martian_perft.epd,
#        martian_moves.txt, martian4_perft.epd, martian4_moves.txt)
#   uci  fuzz/uci_fuzz.c: the UCI protocol loop (uci_session) fed command sequences through a
#        pipe, searches stopped at random small delays; corpus build/fuzz/corpus-uci
# FUZZ_TARGETS picks them (default "fen uci"). Builds build/fuzz/<target>_fuzz and leaves any
# failing input as fuzz/crash-* (a hang as fuzz/crash-uci-timeout-*: -timeout is 20 s). The uci
# target takes inputs of any length up to 256 bytes from the start (-len_control=0): short ones
# are only a few commands.
# Usage: [FUZZ_TARGETS="fen uci"] scripts/fuzz.sh [SECONDS] [extra libFuzzer flags...]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
refdata=$(pwd)/tests/data/reference
out=build/fuzz
mkdir -p "$out"
cflags=(-std=c11 -g -O1 -fno-omit-frame-pointer -Wall -Wextra -Wshadow -Werror
    -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
    -D_POSIX_C_SOURCE=200809L -DMAXTUNE_REFDATA_DIR="\"$refdata\"" -I.)

# Builds the FEN target and seeds its corpus with every reference FEN (one file per FEN).
prepare_fen() {
    clang "${cflags[@]}" fuzz/fen_fuzz.c core/*.c -o "$out/fen_fuzz"
    corpus=fuzz/corpus
    mkdir -p "$corpus"
    local i=0 f line fen
    for f in "$refdata/perft.epd" "$refdata/legal_moves.txt" \
             "$refdata/ultima_perft.epd" "$refdata/ultima_moves.txt" \
             "$refdata/martian_perft.epd" "$refdata/martian_moves.txt" \
             "$refdata/martian4_perft.epd" "$refdata/martian4_moves.txt"; do
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
    flags=(-max_len=512 -artifact_prefix=fuzz/)
    echo "fuzz fen: $i seed FENs in $corpus; running for $seconds s"
}

# Builds the UCI target (the session code, the engine and the rules) and seeds its corpus
# with a few command programs (see fuzz/uci_fuzz.c: one byte picks each step).
prepare_uci() {
    # The built-in default weights, embedded as the Makefile does.
    scripts/embed_assets.sh "$out/default_weights.c" "" weights_default_text=search/default.weights \
        weights_v2_text=configs/v2.weights weights_ultima_text=search/ultima.weights \
        weights_martian_text=search/martian.weights weights_martian4_text=search/martian4.weights
    clang "${cflags[@]}" -pthread fuzz/uci_fuzz.c cli/cmd_uci.c cli/cmd_core.c \
        cli/cmd_search.c core/*.c search/*.c "$out/default_weights.c" -o "$out/uci_fuzz"
    corpus=$out/corpus-uci
    mkdir -p "$corpus"
    printf '\x03\x03\x04\x00\x05\x09\x07' > "$corpus/seed-infinite-stop"
    printf '\x03\x03\x04\x00\x06\xf0\x20\x08' > "$corpus/seed-depth60-sleep-stop"
    printf '\x03\x04\x03\x02\x00\x0a\x40\x40\x05\x05\x00\x01' > "$corpus/seed-fen-clock"
    printf '\x00\x00\x0b\x05\x00\x0c\x01\xa0\x05\x01\x02\x03' > "$corpus/seed-options-mutated"
    printf '\x03\x05\xff' > "$corpus/seed-infinite-quit"
    flags=(-max_len=256 -len_control=0 -timeout=20 -artifact_prefix=fuzz/crash-uci-)
    echo "fuzz uci: $(ls "$corpus" | wc -l) inputs in $corpus; running for $seconds s"
}

for target in ${FUZZ_TARGETS:-fen uci}; do
    case $target in
        fen) prepare_fen ;;
        uci) prepare_uci ;;
        *) echo "scripts/fuzz.sh: unknown target '$target' (fen, uci)" >&2; exit 2 ;;
    esac
    "$out/${target}_fuzz" "$corpus" -max_total_time="$seconds" -print_final_stats=1 \
        "${flags[@]}" "$@"
done
