/* test_rating_prior.c: the virtual draws of joint ratings (tune/stats/rating.c): V virtual draws
 * between two players who met are V games of half a point each, so with two players the
 * estimate is the Elo of the score (points + V / 2) / (games + V), whichever player is the
 * anchor and whichever side the games are listed from; and a prior shared out evenly keeps a
 * tournament's ratings symmetric under renaming the players. */
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

/* Elo of a score fraction. */
static double elo_of(double score) { return 400 * log10(score / (1 - score)); }

/* Two players, with wins, draws and losses of player 0 listed from player 0's side (flip 0) or
 * player 1's (flip 1), and virtual draws: the difference is the Elo of the score with the
 * virtual draws as half points each, with either player anchored. */
static void check_two(int wins, int draws, int losses, int flip, double virtual_draws)
{
    RatingGame g[64];
    int k = 0;
    for (int i = 0; i < wins + draws + losses; i++, k++) {
        double s = i < wins ? 1 : i < wins + draws ? 0.5 : 0;
        g[k] = flip ? (RatingGame){1, 0, 1 - s} : (RatingGame){0, 1, s};
    }
    double n = k, points = wins + draws / 2.0;
    double want = elo_of((points + virtual_draws / 2) / (n + virtual_draws));
    char err[256];
    for (int anchor = 0; anchor < 2; anchor++) {
        Rating r[2];
        if (!rating_fit(2, g, k, anchor, 0, virtual_draws, r, err, sizeof err))
            fail_msg("%d-%d-%d with %g virtual draws: %s", wins, draws, losses, virtual_draws, err);
        double got = r[0].elo - r[1].elo;
        if (fabs(got - want) > 1e-6)
            fail_msg("%d wins %d draws %d losses (listed from player %d's side, anchor %d) with %g "
                     "virtual draws: player 0 rated %.4f above player 1, want %.4f (the score "
                     "with half a point per virtual draw)",
                     wins, draws, losses, flip, anchor, virtual_draws, got, want);
        /* The score reported is the real one: the prior is not a result. */
        assert_near(r[0].score, points / n, 1e-12);
        assert_near(r[1].score, 1 - points / n, 1e-12);
        assert_int_equal(r[0].games, k);
    }
}

/* Perfect, lopsided and even scores, both orientations, one and several virtual draws. */
static void test_two_players_with_virtual_draws(void **state)
{
    (void)state;
    static const int cases[][3] = {{10, 0, 0}, {0, 0, 10}, {7, 4, 1}, {1, 4, 7}, {5, 2, 5}};
    static const double priors[] = {1, 2, 5.5};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
        for (int flip = 0; flip < 2; flip++)
            for (size_t p = 0; p < sizeof priors / sizeof priors[0]; p++)
                check_two(cases[c][0], cases[c][1], cases[c][2], flip, priors[p]);
}

/* Even results everywhere (each pair drew, or split its wins): virtual draws change nothing,
 * every rating is the anchor's. */
static void test_even_results_stay_even(void **state)
{
    (void)state;
    RatingGame g[] = {{0, 1, 1}, {1, 0, 1},   {1, 2, 0.5}, {2, 1, 0.5}, {2, 0, 1},
                      {0, 2, 1}, {3, 0, 0.5}, {1, 3, 0},   {3, 1, 0}};
    Rating r[4];
    char err[256];
    assert_true(rating_fit(4, g, 9, 2, 1500, 3, r, err, sizeof err));
    for (int i = 0; i < 4; i++)
        assert_near(r[i].elo, 1500, 1e-6);
}

/* Renaming the players (reversing their indices) renames the ratings and nothing else, with a
 * perfect score in the tournament (finite only by the virtual draws). */
static void test_renaming_players(void **state)
{
    (void)state;
    enum { N = 4 };
    RatingGame g[] = {{0, 1, 1},   {1, 0, 0}, {0, 2, 1}, {2, 0, 0},   {0, 3, 1}, {3, 0, 0},
                      {1, 2, 0.5}, {2, 1, 1}, {1, 3, 1}, {3, 1, 0.5}, {2, 3, 0}, {3, 2, 0.5}};
    enum { NG = sizeof g / sizeof g[0] };
    RatingGame h[NG];
    for (int i = 0; i < NG; i++)
        h[i] = (RatingGame){N - 1 - g[i].a, N - 1 - g[i].b, g[i].score};
    Rating r[N], q[N];
    char err[256];
    assert_true(rating_fit(N, g, NG, 0, 0, 2, r, err, sizeof err));
    assert_true(rating_fit(N, h, NG, N - 1, 0, 2, q, err, sizeof err));
    for (int i = 0; i < N; i++) {
        assert_near(q[N - 1 - i].elo, r[i].elo, 1e-6);
        assert_near(q[N - 1 - i].err95, r[i].err95, 1e-6);
    }
    /* Player 0 won all its games: rated first, finite. */
    for (int i = 1; i < N; i++)
        assert_true(r[0].elo > r[i].elo);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_players_with_virtual_draws),
        cmocka_unit_test(test_even_results_stay_even),
        cmocka_unit_test(test_renaming_players),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
