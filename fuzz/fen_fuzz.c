/* fen_fuzz.c: libFuzzer target for the FEN parser and everything a parsed position reaches.
 *
 * Each input is copied into a NUL-terminated buffer and given to fen_parse, which reads the FENs
 * of every game (Maxima, Ultima, Martian Chess of two and four players). When it is accepted,
 * the position must be consistent, print a FEN that parses back to the same game, text and key,
 * and survive playing and taking back every legal move (consistency and exact restoration after
 * each one); a Martian position turned through 180 degrees (players to the mirrored zones' owners)
 * must have as many moves, and turned twice be itself. Any failure calls abort() so libFuzzer
 * records the input.
 *
 * Build and run with scripts/fuzz.sh (clang -fsanitize=fuzzer,address,undefined). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/attack.h"
#include "core/fen.h"
#include "core/gamestate.h"
#include "core/makemove.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/position.h"

enum { FUZZ_MAX_INPUT = 4096 };

/* Prints what went wrong with which FEN, then aborts so the fuzzer saves the input. */
static void fail(const char *what, const char *fen, const char *detail)
{
    fprintf(stderr, "fen_fuzz: %s\n  fen: %s\n  %s\n", what, fen, detail ? detail : "");
    abort();
}

/* True when a and b hold the same position field by field (padding ignored). */
static int same_position(const Position *a, const Position *b)
{
    return a->variant == b->variant && memcmp(a->board, b->board, sizeof a->board) == 0 &&
           memcmp(a->by_color, b->by_color, sizeof a->by_color) == 0 &&
           memcmp(a->by_type, b->by_type, sizeof a->by_type) == 0 &&
           memcmp(a->king, b->king, sizeof a->king) == 0 && a->side == b->side &&
           a->plies == b->plies && a->key == b->key &&
           memcmp(a->score, b->score, sizeof a->score) == 0 && a->last_from == b->last_from &&
           a->last_to == b->last_to && a->clock == b->clock;
}

/* Checks attack_king_attacked(pos, color) against move generation (docs/rules/maxima.md 7). If a
 * pseudo-legal move of the other side captures the King, the King must be attacked. If it is
 * attacked and no such move exists, only two reasons are allowed: the attacker's own-palace rule
 * barred the move (attacks ignore it), or an unfrozen enemy Chameleon stands next to the King. */
static void check_attack_oracle(const Position *pos, int color, const char *fen)
{
    if (!pos->variant->kings)
        return; /* Martian Chess: no King */
    Position p = *pos;
    if (p.side == color) {
        p.side ^= 1;
        p.key ^= zobrist_side;
    }
    Move list[MAX_MOVES];
    int n = movegen_pseudo(&p, list), k = p.king[color];
    if (n >= MAX_MOVES)
        return; /* the list may have been cut short */
    bool captured = false;
    for (int i = 0; i < n && !captured; i++) {
        Square caps[MAX_CAPTURES];
        int c = move_captures(&p, list[i], caps);
        for (int j = 0; j < c; j++)
            captured |= caps[j] == k;
    }
    bool attacked = attack_king_attacked(pos, color);
    if (captured && !attacked)
        fail("a move captures the King, but attack_king_attacked says no", fen,
             color == WHITE ? "White King" : "Black King");
    if (attacked && !captured) {
        bool excuse = movegen_palace_blocked(&p) != NO_SQ;
        Bitboard cham = position_geo(pos)->neighbours[k] & position_pieces(pos, !color, CHAMELEON);
        while (cham)
            excuse |= !attack_is_frozen(pos, bb_pop(&cham));
        if (!excuse)
            fail("attack_king_attacked says yes, but no move captures the King", fen,
                 color == WHITE ? "White King" : "Black King");
    }
}

/* Checks one accepted position: consistency, FEN round trip, every legal move done and undone. */
static void check_position(Position *pos)
{
    char why[256], fen[256], fen2[256], err[256];
    fen_write(pos, fen, sizeof fen);
    if (!position_is_consistent(pos, why, sizeof why))
        fail("parsed position is inconsistent", fen, why);

    Position again;
    if (!fen_parse(&again, fen, err, sizeof err))
        fail("printed FEN does not parse", fen, err);
    fen_write(&again, fen2, sizeof fen2);
    if (strcmp(fen, fen2) != 0)
        fail("FEN round trip changed the text", fen, fen2);
    if (!same_position(pos, &again))
        fail("FEN round trip changed the position or key", fen, NULL);

    check_attack_oracle(pos, WHITE, fen);
    check_attack_oracle(pos, BLACK, fen);

    Move list[MAX_MOVES];
    int n = movegen_legal(pos, list);
    (void)gamestate_of(pos);
    if (variant_zoned(pos->variant)) { /* the board's half turn, sides swapped */
        Position mirror;
        position_mirror(pos, &mirror);
        Move mirrored[MAX_MOVES];
        if (!position_is_consistent(&mirror, why, sizeof why))
            fail("the mirror image is inconsistent", fen, why);
        if (movegen_legal(&mirror, mirrored) != n)
            fail("the mirror image has another number of moves", fen, NULL);
        Position twice;
        position_mirror(&mirror, &twice);
        if (!same_position(&twice, pos))
            fail("the mirror image's mirror image is not the position", fen, NULL);
    }
    Position before = *pos;
    for (int i = 0; i < n; i++) {
        char text[MOVE_STR_LEN];
        notation_move(pos, list[i], text, sizeof text);
        if (notation_parse(pos, text, err, sizeof err) != list[i])
            fail("notation of a legal move does not parse back", fen, text);
        Undo u;
        move_do(pos, list[i], &u);
        if (!position_is_consistent(pos, why, sizeof why))
            fail("inconsistent after move_do", fen, text);
        Move replies[MAX_MOVES];
        (void)movegen_legal(pos, replies);
        char child[256];
        fen_write(pos, child, sizeof child);
        check_attack_oracle(pos, WHITE, child);
        check_attack_oracle(pos, BLACK, child);
        move_undo(pos, list[i], &u);
        if (!position_is_consistent(pos, why, sizeof why))
            fail("inconsistent after move_undo", fen, text);
        if (!same_position(pos, &before))
            fail("move_undo did not restore the position", fen, text);
    }
}

/* libFuzzer entry point: one input, one parse attempt. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    core_init();
    if (size > FUZZ_MAX_INPUT)
        size = FUZZ_MAX_INPUT;
    /* An exact-size heap copy, so ASan sees any read past the terminating NUL. */
    char *buf = malloc(size + 1);
    if (!buf)
        return 0;
    memcpy(buf, data, size);
    buf[size] = '\0';

    Position pos;
    char err[256];
    err[0] = '\0';
    if (!fen_parse(&pos, buf, err, sizeof err)) {
        if (strncmp(err, "bad FEN", 7) != 0)
            fail("rejected FEN without a message", buf, err);
    } else {
        check_position(&pos);
    }
    free(buf);
    return 0;
}
