/* test_rating.c: joint maximum-likelihood ratings (tune/stats/rating.c): the two-player case
 * against its closed form, anchoring, refusals, and the coverage of the 95% intervals on
 * simulated tournaments with draws. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include "tests/lib/assert_near.h"

#include "tune/stats/rating.h"
#include "tune/stats/rng.h"

/* Two players: the Elo of the score and its delta-method interval, whatever the orientation of
 * the games; the anchor holds its rating with no interval. */
static void test_two_players(void **state)
{
    (void)state;
    /* 30 wins, 14 draws, 16 losses for player 1, half the games listed from player 0's side */
    RatingGame g[60];
    int k = 0;
    for (int i = 0; i < 30; i++, k++)
        g[k] = k % 2 ? (RatingGame){1, 0, 1.0} : (RatingGame){0, 1, 0.0};
    for (int i = 0; i < 14; i++, k++)
        g[k] = (RatingGame){k % 2, !(k % 2), 0.5};
    for (int i = 0; i < 16; i++, k++)
        g[k] = k % 2 ? (RatingGame){1, 0, 0.0} : (RatingGame){0, 1, 1.0};
    Rating r[2];
    char err[256];
    assert_true(rating_fit(2, g, 60, 0, 1000, 0, r, err, sizeof err));
    double S = (30 + 7) / 60.0, var = (30 * 1.0 + 14 * 0.25) / 60.0 - S * S;
    double k10 = log(10.0) / 400.0;
    assert_near(r[0].elo, 1000, 1e-9);
    assert_near(r[0].err95, 0, 0);
    assert_near(r[1].elo - r[0].elo, 400 * log10(S / (1 - S)), 1e-6);
    assert_near(r[1].err95, 1.959963984540054 * sqrt(var / 60) / (k10 * S * (1 - S)), 1e-6);
    assert_near(r[1].score, S, 1e-12);
    assert_int_equal(r[1].games, 60);
    /* anchored on player 1 at 0: the same difference, the other sign */
    Rating q[2];
    assert_true(rating_fit(2, g, 60, 1, 0, 0, q, err, sizeof err));
    assert_near(q[0].elo, r[0].elo - r[1].elo, 1e-6);
    assert_near(q[0].err95, r[1].err95, 1e-6);
}

/* What has no finite rating is refused with a reason; virtual draws make it finite. */
static void test_refusals(void **state)
{
    (void)state;
    Rating r[3];
    char err[256];
    RatingGame perfect[] = {{0, 1, 1}, {1, 0, 0}, {0, 2, 0.5}, {2, 1, 1}};
    assert_false(rating_fit(3, perfect, 4, 0, 0, 0, r, err, sizeof err));
    /* players 0 and 2 drew, and player 1 (the second) lost all its games */
    assert_non_null(strstr(err, "player 2 lost every game"));
    assert_true(rating_fit(3, perfect, 4, 0, 0, 1, r, err, sizeof err));
    assert_true(r[1].elo < r[0].elo && isfinite(r[1].elo) && r[1].err95 > 0);
    RatingGame apart[] = {{0, 1, 1}, {0, 1, 0}, {2, 3, 0.5}, {2, 3, 1}};
    Rating r4[4];
    assert_false(rating_fit(4, apart, 4, 0, 0, 0, r4, err, sizeof err));
    assert_non_null(strstr(err, "not all linked"));
    RatingGame lonely[] = {{0, 1, 1}, {0, 1, 0}};
    assert_false(rating_fit(3, lonely, 2, 0, 0, 0, r, err, sizeof err));
    assert_non_null(strstr(err, "player 3 has no games"));
    /* a group that beat everyone else: no player has a perfect score, still no finite estimate */
    RatingGame group[] = {{0, 1, 1}, {0, 1, 0}, {2, 3, 1}, {2, 3, 0}, {0, 2, 1}, {1, 3, 1}};
    assert_false(rating_fit(4, group, 6, 0, 0, 0, r4, err, sizeof err));
    assert_non_null(strstr(err, "no finite estimate"));
    RatingGame bad[] = {{0, 0, 1}};
    assert_false(rating_fit(2, bad, 1, 0, 0, 0, r, err, sizeof err));
}

/* Simulated round robins of four players with draws (a third to half of the games): the 95%
 * intervals of the differences to the anchor cover the true ones about 95% of the time. */
static void test_coverage(void **state)
{
    (void)state;
    enum { N = 4, PER_PAIR = 40, SEEDS = 400 };
    const double truth[N] = {0, 60, 150, -80};
    RatingGame g[N * (N - 1) / 2 * PER_PAIR];
    long covered = 0, intervals = 0;
    double bias = 0;
    for (int seed = 0; seed < SEEDS; seed++) {
        Rng rng = rng_for((uint64_t)seed, RNG_SYNTHETIC, 77);
        int k = 0;
        for (int a = 0; a < N; a++)
            for (int b = a + 1; b < N; b++)
                for (int i = 0; i < PER_PAIR; i++) {
                    double p = 1 / (1 + pow(10, (truth[b] - truth[a]) / 400));
                    double d = p < 1 - p ? p : 1 - p, u = rng_uniform(&rng);
                    double s = u < p - d / 2 ? 1 : u < p + d / 2 ? 0.5 : 0;
                    g[k++] = i % 2 ? (RatingGame){a, b, s} : (RatingGame){b, a, 1 - s};
                }
        Rating r[N];
        char err[256];
        if (!rating_fit(N, g, k, 0, 0, 0, r, err, sizeof err))
            fail_msg("seed %d: %s", seed, err);
        for (int i = 1; i < N; i++) {
            covered += fabs(r[i].elo - truth[i]) <= r[i].err95;
            intervals++;
            bias += r[i].elo - truth[i];
        }
    }
    double rate = (double)covered / (double)intervals;
    print_message("coverage %.2f%% of %ld intervals, mean error %.2f Elo\n", 100 * rate, intervals,
                  bias / (double)intervals);
    /* 1200 intervals: one standard error is 0.63 points */
    assert_true(rate > 0.925 && rate < 0.975);
    assert_true(fabs(bias / (double)intervals) < 5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_players),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_coverage),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
