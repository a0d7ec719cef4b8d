/* test_limit.c: the limit of a value as the nodes grow (tune/stats/limit.h): the limit's 95%
 * interval covers a planted limit about 95% of the time, the verdicts on clear cases, the two
 * top settings' test and the difference of two limits. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include "tests/lib/assert_near.h"
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "tune/stats/limit.h"
#include "tune/stats/stats.h"

enum { SETTINGS = 6, TRIALS = 2000 };

/* The settings of configs/study-pieces-limit.ini, and standard errors near the study's 0.15. */
static const double NODES[SETTINGS] = {500, 1000, 2000, 4000, 8000, 16000};
static const double SE[SETTINGS] = {0.13, 0.14, 0.15, 0.15, 0.16, 0.17};

/* The planted curve: limit 7.5, and a value 2.2 pincers lower at 500 nodes. */
#define TRUE_LIMIT 7.5
#define TRUE_SLOPE (-2.2 / 0.11150)

/* Values on the planted curve v = a + b / log2(n) at the settings, plus Gaussian noise of each
 * setting's error when rng is not NULL. */
static void plant(double a, double b, const double *se, gsl_rng *rng, double *v)
{
    for (int k = 0; k < SETTINGS; k++)
        v[k] = a + b * limit_x(NODES[k]) + (rng ? gsl_ran_gaussian(rng, se[k]) : 0);
}

/* Over TRIALS noisy plantings (a fixed seed), the limit's 95% interval covers the true limit
 * between 93% and 97% of the time; an interval half as wide would not (the check can fail). */
static void test_limit_coverage(void **state)
{
    (void)state;
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    assert_non_null(rng);
    gsl_rng_set(rng, 64);
    int covered = 0, covered_half = 0, inflated = 0;
    for (int t = 0; t < TRIALS; t++) {
        double v[SETTINGS];
        LimitFit f;
        plant(TRUE_LIMIT, TRUE_SLOPE, SE, rng, v);
        assert_true(limit_fit(NODES, v, SE, SETTINGS, 0.3, &f));
        assert_int_equal(f.m, SETTINGS);
        covered += f.limit_lo <= TRUE_LIMIT && TRUE_LIMIT <= f.limit_hi;
        double half = (f.limit_hi - f.limit_lo) / 4;
        covered_half += fabs(f.a - TRUE_LIMIT) <= half;
        inflated += f.scale > 1;
        /* the curve at infinity is the limit, with a's error */
        double se;
        assert_near(limit_curve(&f, INFINITY, &se), f.a, 1e-12);
        assert_near(se, (f.limit_hi - f.limit_lo) / (2 * STATS_Z95), 1e-12);
    }
    gsl_rng_free(rng);
    double rate = (double)covered / TRIALS, rate_half = (double)covered_half / TRIALS;
    print_message("coverage %.4f (half-width interval %.4f), covariance inflated in %d of %d\n",
                  rate, rate_half, inflated, TRIALS);
    if (rate < 0.93 || rate > 0.97)
        fail_msg("the limit's 95%% interval covered the true limit %.4f of the time", rate);
    if (rate_half >= 0.93)
        fail_msg("an interval half as wide covered %.4f: the check could not fail", rate_half);
    /* about 40% of fits scatter more than their errors (chi2 with 4 dof above 4) */
    assert_true(inflated > TRIALS / 4 && inflated < TRIALS / 2);
}

/* Exact values on a line: the fit recovers it, chi2 0, no inflation, the standard errors
 * those of the weighted line (checked against the closed form). */
static void test_limit_exact_line(void **state)
{
    (void)state;
    double v[SETTINGS];
    LimitFit f;
    plant(TRUE_LIMIT, TRUE_SLOPE, SE, NULL, v);
    assert_true(limit_fit(NODES, v, SE, SETTINGS, 0.3, &f));
    assert_near(f.a, TRUE_LIMIT, 1e-9);
    assert_near(f.b, TRUE_SLOPE, 1e-7);
    assert_near(f.chi2, 0, 1e-12);
    assert_near(f.scale, 1, 0);
    double s = 0, sx = 0, sxx = 0;
    for (int k = 0; k < SETTINGS; k++) {
        double w = 1 / (SE[k] * SE[k]), x = limit_x(NODES[k]);
        s += w;
        sx += w * x;
        sxx += w * x * x;
    }
    double det = s * sxx - sx * sx;
    assert_near(f.var_a, sxx / det, 1e-9);
    assert_near(f.var_b, s / det, 1e-7);
    assert_near(f.gap, TRUE_SLOPE / log2(16000), 1e-9);
    assert_near(f.gap_hi - f.gap, STATS_Z95 * sqrt(s / det) / log2(16000), 1e-9);
    assert_near(limit_curve(&f, 500, NULL), v[0], 1e-9);
}

/* Verdicts on clear cases: a flat curve with tiny errors has settled; a steep one with tiny
 * errors is still moving; huge errors leave it undetermined. */
static void test_limit_verdicts(void **state)
{
    (void)state;
    double v[SETTINGS], tiny[SETTINGS], huge[SETTINGS];
    for (int k = 0; k < SETTINGS; k++) {
        tiny[k] = 0.01;
        huge[k] = 2.0;
    }
    LimitFit f;
    plant(5.0, 0.5, tiny, NULL, v); /* 0.04 pincer from the limit at the top */
    limit_fit(NODES, v, tiny, SETTINGS, 0.3, &f);
    assert_int_equal(f.verdict, LIMIT_SETTLED);
    assert_string_equal(limit_verdict_name(f.verdict), "settled");
    plant(8.0, -30, tiny, NULL, v); /* 2.1 pincers below the limit at the top */
    limit_fit(NODES, v, tiny, SETTINGS, 0.3, &f);
    assert_int_equal(f.verdict, LIMIT_MOVING);
    assert_string_equal(limit_verdict_name(f.verdict), "still moving");
    assert_true(f.gap_hi < -0.3);
    plant(8.0, -30, huge, NULL, v);
    limit_fit(NODES, v, huge, SETTINGS, 0.3, &f);
    assert_int_equal(f.verdict, LIMIT_UNDETERMINED);
    plant(5.0, 0.5, huge, NULL, v);
    limit_fit(NODES, v, huge, SETTINGS, 0.3, &f);
    assert_int_equal(f.verdict, LIMIT_UNDETERMINED);
    assert_string_equal(limit_verdict_name(f.verdict), "undetermined");
    /* a gap of 0.25 with an interval reaching past 0.3: not settled, not moving */
    plant(5.0, 0.25 * log2(16000), tiny, NULL, v);
    double mid[SETTINGS] = {0.05, 0.05, 0.05, 0.05, 0.05, 0.05};
    limit_fit(NODES, v, mid, SETTINGS, 0.3, &f);
    assert_near(f.gap, 0.25, 1e-9);
    assert_true(f.gap_hi > 0.3);
    assert_int_equal(f.verdict, LIMIT_UNDETERMINED);
}

/* Fewer than 3 usable settings: no line, undetermined; the two top settings' test is still
 * made from two. A setting without a finite error is left out. */
static void test_limit_too_few(void **state)
{
    (void)state;
    double n[3] = {1000, 2000, 4000}, v[3] = {5.0, 5.5, 6.0}, se[3] = {0.01, 0.1, NAN};
    LimitFit f;
    assert_false(limit_fit(n, v, se, 3, 0.3, &f));
    assert_int_equal(f.m, 2);
    assert_false(f.fitted);
    assert_int_equal(f.verdict, LIMIT_UNDETERMINED);
    assert_true(isnan(f.a) && isnan(f.limit_lo) && isnan(limit_curve(&f, INFINITY, NULL)));
    assert_true(f.top);
    assert_near(f.n_top, 2000, 0);
    assert_near(f.top_diff, 0.5, 1e-12);
    assert_near(f.top_se, hypot(0.01, 0.1), 1e-12);
    assert_near(f.top_p, 2 * gsl_cdf_ugaussian_Q(0.5 / hypot(0.01, 0.1)), 1e-12);
    assert_false(limit_fit(n, v, se, 1, 0.3, &f));
    assert_false(f.top);
    assert_int_equal(f.verdict, LIMIT_UNDETERMINED);
    /* three settings at the same nodes: no line either */
    double same[3] = {2000, 2000, 2000}, ok[3] = {0.1, 0.1, 0.1};
    assert_false(limit_fit(same, v, ok, 3, 0.3, &f));
    assert_int_equal(f.verdict, LIMIT_UNDETERMINED);
}

/* The top two are the two largest nodes whatever the order; three settings give one dof. */
static void test_limit_top_two(void **state)
{
    (void)state;
    double n[3] = {4000, 500, 2000}, v[3] = {6.0, 5.0, 5.8}, se[3] = {0.1, 0.1, 0.2};
    LimitFit f;
    assert_true(limit_fit(n, v, se, 3, 0.3, &f));
    assert_near(f.top_diff, 0.2, 1e-12);
    assert_near(f.top_z, 0.2 / hypot(0.1, 0.2), 1e-12);
    assert_near(f.n_top, 4000, 0);
    assert_true(f.scale >= 1);
}

/* The difference of two limits: a's minus b's, errors in quadrature; NANs unless both fitted. */
static void test_limit_difference(void **state)
{
    (void)state;
    double v[SETTINGS], w[SETTINGS], d, lo, hi;
    LimitFit a, b, none;
    plant(7.0, -10, SE, NULL, v);
    plant(6.0, -5, SE, NULL, w);
    limit_fit(NODES, v, SE, SETTINGS, 0.3, &a);
    limit_fit(NODES, w, SE, SETTINGS, 0.3, &b);
    assert_true(limit_difference(&a, &b, &d, &lo, &hi));
    assert_near(d, 1.0, 1e-9);
    assert_near(hi - d, STATS_Z95 * sqrt(a.var_a + b.var_a), 1e-12);
    assert_near(d - lo, hi - d, 1e-12);
    limit_fit(NODES, v, SE, 2, 0.3, &none);
    assert_false(limit_difference(&a, &none, &d, &lo, &hi));
    assert_true(isnan(d) && isnan(lo) && isnan(hi));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_limit_coverage), cmocka_unit_test(test_limit_exact_line),
        cmocka_unit_test(test_limit_verdicts), cmocka_unit_test(test_limit_too_few),
        cmocka_unit_test(test_limit_top_two),  cmocka_unit_test(test_limit_difference),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
