/* test_stats.c: match statistics against reference values.
 *
 * The reference numbers were computed independently in Python (double precision): the closed
 * forms directly from the formulas quoted next to each value, the LLRs with fishtest's LLRcalc
 * algorithm (scipy.optimize.brentq for the secular equation) and cutechess's Sprt::status().
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include "tests/lib/assert_near.h"

#include "tests/lib/fixtures.h"
#include "tune/stats/stats.h"

/* Asserts every field of an estimate is a finite number. */
static void assert_estimate_finite(const EloEstimate *e)
{
    const double v[] = {e->score, e->elo,        e->elo_lo, e->elo_hi,  e->elo_err,
                        e->los,   e->draw_ratio, e->nelo,   e->nelo_err};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        if (!isfinite(v[i]))
            fail_msg("field %zu of the estimate is %g", i, v[i]);
}

/* Elo of a score: -400 log10(1/s - 1). */
static void test_elo_from_score(void **state)
{
    (void)state;
    assert_near(stats_elo_from_score(0.5), 0.0, 1e-12);
    /* -400 log10(1/0.75 - 1) = 400 log10 3 */
    assert_near(stats_elo_from_score(0.75), 190.848501887865, 1e-9);
    assert_near(stats_elo_from_score(0.25), -190.84850188786498, 1e-9);
    assert_near(stats_score_from_elo(190.848501887865), 0.75, 1e-12);
    assert_near(stats_score_from_elo(0.0), 0.5, 1e-15);
    assert_near(stats_score_from_elo(stats_elo_from_score(0.6)), 0.6, 1e-12);
}

/* W=100 L=80 D=120 as cutechess prints it. */
static void test_trinomial_interval(void **state)
{
    (void)state;
    MatchCounts mc = {.wins = 100, .losses = 80, .draws = 120};
    EloEstimate e = stats_estimate(&mc);
    /* mu = (100 + 60)/300; sd = sqrt(w(1-mu)^2 + l mu^2 + d(1/2-mu)^2)/sqrt(300);
     * Elo(mu -+ 1.959963984540054 sd) */
    assert_near(e.score, 0.5333333333333333, 1e-12);
    assert_near(e.elo, 23.196778791074703, 1e-9);
    assert_near(e.elo_lo, -7.17916099874024, 1e-9);
    assert_near(e.elo_hi, 53.93192894199908, 1e-9);
    assert_near(e.elo_err, 30.55554497036966, 1e-9);
    /* 1/2 + 1/2 erf(20 / sqrt(360)) */
    assert_near(e.los, 0.9319814359429281, 1e-12);
    /* 120 / 300 */
    assert_near(e.draw_ratio, 0.4, 1e-15);
    /* no pairs: per-game nElo = t * 800/ln 10, t = (mu - 1/2)/sigma_game, +- z sqrt(var_t/300)
     * * 800/ln 10 with fishtest's var_t = 1 - t skew + t^2 (exkurt + 2)/4 (fastchess's
     * z/sqrt(300) * 800/ln 10 = 39.315 is the t = 0 case) */
    assert_near(e.nelo, 30.01386322563477, 1e-9);
    assert_near(e.nelo_err, 39.534747168162916, 1e-9);
    assert_int_equal(e.games, 300);
    assert_int_equal(e.pairs, 0);
    /* no pairs: the pentanomial variant is the trinomial one */
    EloEstimate p = stats_estimate_pentanomial(&mc);
    assert_near(p.elo_err, e.elo_err, 1e-12);
}

/* Every ordered pair of results lands in its pentanomial slot. */
static void test_penta_counting(void **state)
{
    (void)state;
    static const double r[3] = {0.0, 0.5, 1.0};
    MatchCounts mc = {0};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            stats_add_pair(&mc, r[i], r[j]);
    /* LL | LD DL | LW DD WL | DW WD | WW */
    assert_int_equal(mc.penta[0], 1);
    assert_int_equal(mc.penta[1], 2);
    assert_int_equal(mc.penta[2], 3);
    assert_int_equal(mc.penta[3], 2);
    assert_int_equal(mc.penta[4], 1);
    assert_int_equal(mc.wins, 6);
    assert_int_equal(mc.losses, 6);
    assert_int_equal(mc.draws, 6);
    assert_int_equal(stats_pairs(&mc), 9);
    assert_int_equal(stats_games(&mc), 18);

    MatchCounts one = {0}, sum = mc;
    stats_add_pair(&one, 1.0, 0.5);
    stats_add_game(&one, 0.0);
    stats_merge(&sum, &one);
    assert_int_equal(sum.penta[3], 3);
    assert_int_equal(sum.wins, 7);
    assert_int_equal(sum.draws, 7);
    assert_int_equal(sum.losses, 7);
    assert_int_equal(stats_pairs(&sum), 10);
}

/* nElo and the pentanomial interval of penta = [10, 40, 100, 50, 20] (220 pairs). */
static void test_nelo_pentanomial(void **state)
{
    (void)state;
    static const long p[5] = {10, 40, 100, 50, 20};
    MatchCounts mc = fixtures_counts_from_penta(p);
    /* pair score a_i = i/4: mu = 117.5/220, var_pair = sum p_i (a_i - mu)^2 / 220 = 0.0584969...
     * nElo = (mu - 1/2) / sqrt(2 var_pair) * 800/ln 10 (fishtest, fastchess) */
    EloEstimate e = stats_estimate(&mc);
    assert_near(e.nelo, 34.62832255138619, 1e-9);
    /* fishtest: 800/ln 10 / sqrt 2 * z sqrt(var_t / 220), var_t = 1 - t s + t^2 (e + 2)/4 for the
     * pair scores' skewness s and excess kurtosis e (fastchess's z/sqrt(440) * 800/ln 10 gives
     * 32.4636, its t = 0 case) */
    assert_near(e.nelo_err, 32.55063560278613, 1e-9);
    EloEstimate q = stats_estimate_pentanomial(&mc);
    assert_near(q.score, 0.5340909090909091, 1e-12);
    /* Elo(mu -+ z sqrt(var_pair / 220)) */
    assert_near(q.elo, 23.72560048639278, 1e-9);
    assert_near(q.elo_lo, 1.480899901217642, 1e-9);
    assert_near(q.elo_hi, 46.16649683206756, 1e-9);
    assert_near(q.elo_err, 22.34279846542496, 1e-9);
    assert_near(q.nelo, e.nelo, 1e-12);
}

/* fishtest's generalized LLR on pentanomial counts. */
static void test_sprt_llr(void **state)
{
    (void)state;
    static const long p[5] = {10, 40, 100, 50, 20};
    MatchCounts mc = fixtures_counts_from_penta(p);
    SprtConfig logi = {0.0, 5.0, 0.05, 0.05, SPRT_LOGISTIC};
    SprtConfig norm = {0.0, 2.0, 0.05, 0.05, SPRT_NORMALIZED};
    /* LLR_logistic(0, 5, p), LLR_normalized(0, 2, p) */
    assert_near(stats_sprt_llr(&mc, &logi), 0.8164504304764184, 1e-6);
    assert_near(stats_sprt_llr(&mc, &norm), 0.24352319320069202, 1e-6);

    /* a zero count is regularised to 0.001 (and N includes it): p = [0, 3, 10, 6, 1] */
    static const long z[5] = {0, 3, 10, 6, 1};
    MatchCounts mz = fixtures_counts_from_penta(z);
    assert_near(stats_sprt_llr(&mz, &logi), 0.23338943138101964, 1e-6);
    assert_near(stats_sprt_llr(&mz, &norm), 0.052705794249193354, 1e-6);

    /* the vectors of fishtest's own stat_util.py self-test */
    MatchCounts big = {.penta = {10789, 19328, 33806, 19402, 10543}};
    SprtConfig ft = {-3.0, 1.0, 0.05, 0.05, SPRT_LOGISTIC};
    assert_near(stats_sprt_llr(&big, &ft), 2.1310678117940807, 1e-6);
    MatchCounts narrow = {.penta = {39, 2226, 31451, 2412, 40}};
    SprtConfig fn = {0.764, 3.439, 0.05, 0.05, SPRT_NORMALIZED};
    assert_near(stats_sprt_llr(&narrow, &fn), 2.162940869584568, 1e-6);
}

/* cutechess's trinomial BayesElo LLR. */
static void test_sprt_llr_trinomial(void **state)
{
    (void)state;
    MatchCounts mc = {.wins = 100, .losses = 80, .draws = 120};
    /* drawelo = 200 log10((1-l)/l (1-w)/w); scale = 4x/(1+x)^2, x = 10^(-drawelo/400);
     * sum n_i ln(P1_i / P0_i) with BayesElo elo_k / scale */
    assert_near(stats_sprt_llr_trinomial(&mc, 0.0, 5.0), 0.42952218850979823, 1e-9);
    MatchCounts nodraw = {.wins = 10, .losses = 5};
    assert_true(stats_sprt_llr_trinomial(&nodraw, 0.0, 5.0) == 0.0);
}

/* ln(beta/(1-alpha)) and ln((1-beta)/alpha). */
static void test_sprt_bounds(void **state)
{
    (void)state;
    SprtConfig cfg = {0.0, 2.0, 0.05, 0.05, SPRT_NORMALIZED};
    double lo, hi;
    stats_sprt_bounds(&cfg, &lo, &hi);
    /* ln(0.05/0.95) = -2.9444389791664403 */
    assert_near(lo, -2.9444389791664403, 1e-12);
    assert_near(hi, 2.9444389791664403, 1e-12);
    SprtConfig asym = {0.0, 2.0, 0.05, 0.10, SPRT_NORMALIZED};
    stats_sprt_bounds(&asym, &lo, &hi);
    assert_near(lo, log(0.10 / 0.95), 1e-12);
    assert_near(hi, log(0.90 / 0.05), 1e-12);
}

/* Clear wins accept H1, clear losses H0, a few pairs continue. */
static void test_sprt_verdicts(void **state)
{
    (void)state;
    SprtConfig models[2] = {{0.0, 2.0, 0.05, 0.05, SPRT_NORMALIZED},
                            {0.0, 5.0, 0.05, 0.05, SPRT_LOGISTIC}};
    /* fishtest: 1000 WW pairs: 8.107645951093772 (normalized), 14.287636075922649 (logistic);
     * 1000 LL pairs: -8.173917688568197, -14.494735150880757 */
    static const double want_ww[2] = {8.107645951093772, 14.287636075922649};
    static const double want_ll[2] = {-8.173917688568197, -14.494735150880757};
    MatchCounts ww = {.wins = 2000, .penta = {0, 0, 0, 0, 1000}};
    MatchCounts ll = {.losses = 2000, .penta = {1000, 0, 0, 0, 0}};
    static const long p[5] = {10, 40, 100, 50, 20};
    MatchCounts mid = fixtures_counts_from_penta(p);
    for (int m = 0; m < 2; m++) {
        double llr;
        assert_int_equal(stats_sprt_verdict(&ww, &models[m], &llr), SPRT_ACCEPT_H1);
        assert_near(llr, want_ww[m], 1e-6);
        assert_int_equal(stats_sprt_verdict(&ll, &models[m], &llr), SPRT_ACCEPT_H0);
        assert_near(llr, want_ll[m], 1e-6);
        assert_int_equal(stats_sprt_verdict(&mid, &models[m], NULL), SPRT_CONTINUE);
    }
    /* 500 DD pairs: no evidence for a gain; fishtest -7.237920789314986 under logistic 0/5 */
    MatchCounts dd = {.draws = 1000, .penta = {0, 0, 500, 0, 0}};
    double llr;
    assert_int_equal(stats_sprt_verdict(&dd, &models[1], &llr), SPRT_ACCEPT_H0);
    assert_near(llr, -7.237920789314986, 1e-6);
    assert_near(stats_sprt_llr(&dd, &models[0]), -0.029493986271110533, 1e-6);
}

/* No games, all draws, all wins: finite figures, no NaN, no crash. */
static void test_edge_cases(void **state)
{
    (void)state;
    SprtConfig cfg = {0.0, 2.0, 0.05, 0.05, SPRT_NORMALIZED};
    MatchCounts none = {0};
    EloEstimate e = stats_estimate(&none);
    assert_estimate_finite(&e);
    assert_near(e.score, 0.5, 0.0);
    assert_near(e.elo, 0.0, 1e-9);
    assert_near(e.los, 0.5, 0.0);
    /* nothing known: the interval spans the whole clamped scale, as fishtest's get_elo says */
    assert_near(e.elo_err, 1199.8261952903929, 1e-9);
    e = stats_estimate_pentanomial(&none);
    assert_estimate_finite(&e);
    assert_true(stats_sprt_llr(&none, &cfg) == 0.0);
    assert_int_equal(stats_sprt_verdict(&none, &cfg, NULL), SPRT_CONTINUE);
    assert_true(stats_sprt_llr_trinomial(&none, 0.0, 5.0) == 0.0);

    MatchCounts draws = {0};
    for (int i = 0; i < 50; i++)
        stats_add_pair(&draws, 0.5, 0.5);
    e = stats_estimate(&draws);
    assert_estimate_finite(&e);
    assert_near(e.elo, 0.0, 1e-9);
    /* no variance, yet no zero-width interval: fishtest's get_elo on [0.001, 100, 0.001] */
    assert_near(e.elo_err, 0.30452910951434237, 1e-9);
    assert_near(e.los, 0.5, 0.0);
    assert_near(e.draw_ratio, 1.0, 0.0);
    assert_near(e.nelo, 0.0, 1e-6);
    assert_true(e.nelo_err > 0.0);
    e = stats_estimate_pentanomial(&draws);
    assert_estimate_finite(&e);
    /* get_elo on [0.001, 0.001, 50, 0.001, 0.001] */
    assert_near(e.elo_err, 0.6809076337851934, 1e-9);
    assert_true(isfinite(stats_sprt_llr(&draws, &cfg)));

    MatchCounts wins = {0};
    for (int i = 0; i < 50; i++)
        stats_add_pair(&wins, 1.0, 1.0);
    e = stats_estimate(&wins);
    assert_estimate_finite(&e);
    assert_true(e.elo > 1000.0);
    assert_true(e.nelo > 0.0);
    assert_near(e.los, 1.0, 1e-12);
    e = stats_estimate_pentanomial(&wins);
    assert_estimate_finite(&e);

    /* interval ends past a score of 1 are clamped, not NaN: 10 wins, 1 draw */
    MatchCounts nearly = {.wins = 10, .draws = 1};
    e = stats_estimate(&nearly);
    assert_estimate_finite(&e);
    assert_true(e.elo_lo <= e.elo && e.elo <= e.elo_hi);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_elo_from_score), cmocka_unit_test(test_trinomial_interval),
        cmocka_unit_test(test_penta_counting), cmocka_unit_test(test_nelo_pentanomial),
        cmocka_unit_test(test_sprt_llr),       cmocka_unit_test(test_sprt_llr_trinomial),
        cmocka_unit_test(test_sprt_bounds),    cmocka_unit_test(test_sprt_verdicts),
        cmocka_unit_test(test_edge_cases),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
