/* test_tactical.c: the generation's shortcuts agree with the plain rules over the move trees of
 * the reference positions: movegen_tactical gives exactly the pseudo-legal moves that capture or
 * end on the given squares, movegen_pseudo_marked marks them in the pseudo-legal list, and a move
 * the legality shortcut (attack_exposure, movegen_safe_*) passes leaves its King unattacked. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "core/attack.h"
#include "core/fen.h"
#include "core/makemove.h"
#include "core/movegen.h"

/* Compares the two generators on pos, for no extra squares and for the enemy palace. */
static void compare(const Position *pos, long *checked)
{
    Move all[MAX_MOVES], tactical[MAX_MOVES], want[MAX_MOVES];
    int us = pos->side;
    Bitboard palace = position_geo(pos)->palace_mask[!us];
    Bitboard extras[2] = {0, palace};
    int n = movegen_pseudo(pos, all);
    for (int e = 0; e < 2; e++) {
        int k = 0;
        for (int i = 0; i < n; i++) {
            Square caps[MAX_CAPTURES];
            if (move_is_suicide(all[i]))
                continue;
            if (move_captures(pos, all[i], caps) > 0 || (extras[e] & bb_square(move_to(all[i]))))
                want[k++] = all[i];
        }
        int t = movegen_tactical(pos, extras[e], tactical);
        if (t != k || memcmp(tactical, want, (size_t)k * sizeof(Move)) != 0) {
            char fen[256];
            fen_write(pos, fen, sizeof fen);
            fail_msg("tactical moves differ in %s (extra %d): %d vs %d", fen, e, t, k);
        }
        (*checked)++;
    }
    /* The marked generation: the same list, marked where movegen_tactical(pos, 0) lists. */
    Move marked[MAX_MOVES];
    bool marks[MAX_MOVES];
    int m = movegen_pseudo_marked(pos, marked, marks), t = movegen_tactical(pos, 0, tactical);
    int next = 0;
    if (m != n || memcmp(marked, all, (size_t)n * sizeof(Move)) != 0)
        fail_msg("the marked generation's moves differ from movegen_pseudo's (%d vs %d)", m, n);
    for (int i = 0; i < n; i++) {
        bool listed = next < t && tactical[next] == all[i];
        next += listed;
        if (marks[i] != listed) {
            char fen[256];
            fen_write(pos, fen, sizeof fen);
            fail_msg("move %d of %s marked %d, tactical %d", i, fen, marks[i], listed);
        }
    }
    if (next != t)
        fail_msg("the marked generation left out tactical moves (%d of %d)", next, t);
}

/* The legality shortcut (movegen_safe_before and _after under attack_exposure): on every move it
 * calls safe, the mover's King is not attacked after it, and both forms agree. */
static void check_safe(Position *pos, long *safe)
{
    Move moves[MAX_MOVES];
    int us = pos->side, n = movegen_pseudo(pos, moves);
    Bitboard exposure = attack_king_attacked(pos, us) ? ~(Bitboard)0 : attack_exposure(pos, us);
    for (int i = 0; i < n; i++) {
        bool before = movegen_safe_before(pos, moves[i], exposure);
        Undo u;
        move_do(pos, moves[i], &u);
        bool after = movegen_safe_after(pos, moves[i], &u, exposure);
        bool attacked = attack_king_attacked(pos, us);
        move_undo(pos, moves[i], &u);
        if (before != after || (after && attacked)) {
            char fen[256];
            fen_write(pos, fen, sizeof fen);
            fail_msg("move %d of %s: safe before %d, after %d, King attacked %d", i, fen, before,
                     after, attacked);
        }
        *safe += after;
    }
}

/* Walks the tree to `depth`, comparing at every node. */
static void walk(Position *pos, int depth, long *checked, long *safe)
{
    compare(pos, checked);
    check_safe(pos, safe);
    if (depth == 0)
        return;
    Move moves[MAX_MOVES];
    int n = movegen_legal(pos, moves);
    for (int i = 0; i < n; i++) {
        Undo u;
        move_do(pos, moves[i], &u);
        walk(pos, depth - 1, checked, safe);
        move_undo(pos, moves[i], &u);
    }
}

/* Every position of a reference file of counts, walked to depth 2; returns the nodes compared. */
static long walk_file(const char *path)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char line[1024];
    long checked = 0, safe = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        *strchr(line, ';') = '\0';
        Position pos;
        char err[256];
        assert_true(fen_parse(&pos, line, err, sizeof err));
        walk(&pos, 2, &checked, &safe);
    }
    fclose(f);
    print_message("%s: compared %ld positions, %ld moves legal by the shortcut\n", path, checked,
                  safe);
    assert_true(safe > 0);
    return checked;
}

/* Every position of perft.epd (Maxima) and ultima_perft.epd, walked to depth 2. */
static void test_tactical_matches_filter(void **state)
{
    (void)state;
    assert_true(walk_file(MAXTUNE_REFDATA_DIR "/perft.epd") > 10000);
    assert_true(walk_file(MAXTUNE_REFDATA_DIR "/ultima_perft.epd") > 10000);
}

int main(void)
{
    core_init();
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_tactical_matches_filter)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
