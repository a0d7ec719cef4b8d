/* test_datagen.c: the datagen job's journal text of a game (tune/jobs/datagen/datagen.h):
 *
 * - a game (result, termination, moves, each move's score) encodes and decodes to itself,
 *   the empty game and the extreme scores included;
 * - malformed texts are refused, each with a reason: a missing or extra field, a score out of
 *   +-32000, a result or termination out of range, double or leading spaces, a '+' sign, a
 *   leading zero, "-0", upper-case hex, a move 0, a tab, text after the last field. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tune/jobs/datagen/datagen.h"

static void test_round_trip(void **state)
{
    (void)state;
    Move moves[4] = {0x1a2b, 0x7, 0xffff, 0x100};
    int16_t score[4] = {-32000, 0, 32000, -7};
    DatagenGame g = {2, 5, 4, moves, score}, back;
    char *text = datagen_encode_game(&g);
    assert_non_null(text);
    assert_string_equal(text, "2 5 4 1a2b 7 ffff 100 -32000 0 32000 -7");
    char why[128];
    if (!datagen_decode_game(text, &back, why, sizeof why))
        fail_msg("%s", why);
    assert_int_equal(back.result, 2);
    assert_int_equal(back.term, 5);
    assert_int_equal(back.nmoves, 4);
    assert_memory_equal(back.moves, moves, sizeof moves);
    assert_memory_equal(back.score, score, sizeof score);
    datagen_game_free(&back);
    free(text);

    DatagenGame empty = {1, 4, 0, moves, score};
    text = datagen_encode_game(&empty);
    assert_string_equal(text, "1 4 0");
    assert_true(datagen_decode_game(text, &back, why, sizeof why));
    assert_int_equal(back.nmoves, 0);
    datagen_game_free(&back);
    free(text);
}

static void test_malformed(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "",
        "2 5",
        "2 5 2 1a2b 7 10",          /* a score missing */
        "2 5 1 1a2b 10 10",         /* a field too many */
        "2 5 1 1a2b 32001",         /* score out of range */
        "2 5 1 1a2b -32001",        /* ... */
        "3 5 1 1a2b 0",             /* result */
        "2 99 1 1a2b 0",            /* termination */
        "2 5 2001 1a2b 0",          /* more moves than a game has */
        "2  5 1 1a2b 0",            /* double space */
        " 2 5 1 1a2b 0",            /* leading space */
        "2 5 1 1a2b 0 ",            /* trailing space */
        "2 5 1 1a2b +3",            /* plus sign */
        "2 5 1 1a2b 03",            /* leading zero */
        "2 5 1 01a2b 3",            /* ... in a move */
        "2 5 1 1a2b -0",            /* minus zero */
        "2 5 1 1A2B 3",             /* upper-case hex */
        "2 5 1 0 3",                /* move 0 (MOVE_NONE) */
        "2 5 1 10000 3",            /* more than 16 bits */
        "2 5 1 1a2b\t3",            /* a tab */
        "2 5 1 1a2b 3x",            /* trailing text */
        "2 5 1 1a2b 3\n",           /* newline */
        "2 5 -1",                   /* negative count */
        "2 5 1 1a2b 123456789012",  /* too many digits */
        "99999999999999999999 5 0", /* overflow */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        DatagenGame g;
        char why[128] = "";
        if (datagen_decode_game(bad[i], &g, why, sizeof why))
            fail_msg("\"%s\" was accepted", bad[i]);
        assert_true(why[0] != '\0');
        assert_null(g.moves);
        assert_null(g.score);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_malformed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
