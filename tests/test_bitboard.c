/* test_bitboard.c: the 128-bit bitboard helpers of core/types.h against a bit-by-bit reference.
 *
 * The helpers work on the two 64-bit halves apart (bb_pop clears its bit in one half only), so
 * the bits on either side of the halves' border, 63 and 64, and both ends, 0 and 127, are the
 * cases to get right; random bitboards with few and many bits cover the rest. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "core/types.h"

/* Bitboards to check: single bits at the ends and at the halves' border, then random ones. */
enum { RANDOM_BOARDS = 2000 };

/* The next number of a xorshift64 sequence (a fixed seed: the test is the same every run). */
static uint64_t next_random(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

/* Bit sq of b, read one bit at a time. */
static int bit_at(Bitboard b, int sq) { return (int)((b >> sq) & 1); }

/* Checks bb_popcount, bb_lsb, bb_msb and a full bb_pop walk of b against the reference. */
static void check_board(Bitboard b)
{
    int count = 0, lowest = -1, highest = -1;
    for (int sq = 0; sq < 128; sq++)
        if (bit_at(b, sq)) {
            count++;
            highest = sq;
            if (lowest < 0)
                lowest = sq;
        }
    assert_int_equal(bb_popcount(b), count);
    if (!b)
        return;
    assert_int_equal(bb_lsb(b), lowest);
    assert_int_equal(bb_msb(b), highest);
    /* bb_pop gives every set bit once, lowest first, and clears exactly that bit */
    Bitboard left = b;
    int previous = -1, popped = 0;
    while (left) {
        Bitboard before = left;
        int sq = bb_pop(&left);
        assert_true(sq > previous);
        assert_true(bit_at(b, sq));
        assert_true(before == (left | bb_square(sq)));
        assert_false(bit_at(left, sq));
        previous = sq;
        popped++;
    }
    assert_int_equal(popped, count);
}

/* Single bits, pairs across the halves' border, and full halves. */
static void test_edges(void **state)
{
    (void)state;
    static const int EDGES[] = {0, 1, 62, 63, 64, 65, 126, 127};
    for (size_t i = 0; i < sizeof EDGES / sizeof *EDGES; i++) {
        check_board(bb_square(EDGES[i]));
        assert_true(bb_square(EDGES[i]) == (Bitboard)1 << EDGES[i]);
        for (size_t j = 0; j < sizeof EDGES / sizeof *EDGES; j++)
            check_board(bb_square(EDGES[i]) | bb_square(EDGES[j]));
    }
    Bitboard low = (Bitboard)UINT64_MAX, high = low << 64;
    check_board(0);
    check_board(low);
    check_board(high);
    check_board(low | high);
}

/* Random bitboards: sparse (a few bits, as piece sets are) and dense. */
static void test_random(void **state)
{
    (void)state;
    uint64_t seed = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < RANDOM_BOARDS; i++) {
        Bitboard dense = (Bitboard)next_random(&seed) << 64 | next_random(&seed);
        Bitboard sparse = dense & ((Bitboard)next_random(&seed) << 64 | next_random(&seed)) &
                          ((Bitboard)next_random(&seed) << 64 | next_random(&seed));
        check_board(dense);
        check_board(sparse);
        check_board(sparse & ~(Bitboard)UINT64_MAX); /* the high half alone */
        check_board(sparse & (Bitboard)UINT64_MAX);  /* the low half alone */
    }
}

/* Runs the bitboard tests. */
int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_edges),
        cmocka_unit_test(test_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
