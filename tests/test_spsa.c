/* test_spsa.c: the SPSA optimiser alone, on a synthetic noisy objective with a known optimum. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "tune/stats/rng.h"
#include "tune/stats/spsa.h"

enum { NPARAM = 4, ITERATIONS = 4000 };

static const double OPTIMUM[NPARAM] = {120, 480, 300, 650};
static const double START[NPARAM] = {300, 300, 300, 300};

/* Strength of a parameter vector: a concave quadratic, 0 at the optimum (Elo-like units). */
static double strength(const int *theta)
{
    double s = 0;
    for (int i = 0; i < NPARAM; i++) {
        double d = (theta[i] - OPTIMUM[i]) / 100.0;
        s -= 40 * d * d;
    }
    return s;
}

/* Runs SPSA with Bernoulli game outcomes from a logistic of the strength difference. */
static void run_synthetic(uint64_t seed, Spsa *s)
{
    SpsaParam params[NPARAM];
    for (int i = 0; i < NPARAM; i++)
        params[i] = (SpsaParam){{1, {i}}, START[i], 0, 1000, 40, 0.02, 0, 0, ""};
    spsa_init(s, params, NPARAM, ITERATIONS, 0.1 * ITERATIONS, 0.602, 0.101, seed);
    Rng games = rng_for(seed, RNG_SYNTHETIC, 0);
    for (long k = 1; k <= ITERATIONS; k++) {
        SpsaPoint pt;
        spsa_point(s, k, &pt);
        double diff = strength(pt.plus) - strength(pt.minus);
        double p = 1 / (1 + pow(10, -diff / 400));
        double r = 0;
        for (int g = 0; g < 2; g++)
            r += rng_uniform(&games) < p ? 1 : -1;
        spsa_update(s, k, &pt, r);
    }
}

/* SPSA converges near the optimum of the synthetic objective. */
static void test_converges(void **state)
{
    (void)state;
    Spsa s;
    run_synthetic(7, &s);
    for (int i = 0; i < NPARAM; i++) {
        print_message("param %d: start %.0f optimum %.0f tuned %.1f\n", i, START[i], OPTIMUM[i],
                      s.theta[i]);
        assert_true(fabs(s.theta[i] - OPTIMUM[i]) < 60);
    }
}

/* The same seed gives exactly the same trajectory; another seed a different one. */
static void test_deterministic(void **state)
{
    (void)state;
    Spsa a, b, c;
    run_synthetic(11, &a);
    run_synthetic(11, &b);
    run_synthetic(12, &c);
    assert_memory_equal(a.theta, b.theta, sizeof a.theta);
    assert_true(memcmp(a.theta, c.theta, sizeof a.theta) != 0);
}

/* Perturbations follow the schedule: c_k = c / k^gamma, points clipped to the range. */
static void test_schedule_and_clipping(void **state)
{
    (void)state;
    SpsaParam p = {{1, {0}}, 5, 0, 10, 40, 0.002, 0, 0, ""};
    Spsa s;
    spsa_init(&s, &p, 1, 100, 10, 0.602, 0.101, 3);
    assert_true(fabs(s.p[0].c - 40 * pow(100, 0.101)) < 1e-9);
    assert_true(fabs(s.p[0].a - 0.002 * 1600 * pow(110, 0.602)) < 1e-9);
    SpsaPoint pt;
    spsa_point(&s, 1, &pt);
    assert_true(fabs(pt.ck[0] - s.p[0].c) < 1e-9);
    /* theta 5 +- ~63 is clipped to [0, 10]. */
    assert_int_equal(pt.plus[0], pt.delta[0] > 0 ? 10 : 0);
    assert_int_equal(pt.minus[0], pt.delta[0] > 0 ? 0 : 10);
    spsa_update(&s, 1, &pt, 2.0);
    assert_true(s.theta[0] >= 0 && s.theta[0] <= 10);
}

/* A is truncated as fishtest's int(A_ratio * N): 0.1 * 1005 iterations gives A = 100, and the
 * step sizes a and a_k use it (fishtest's R_k = a / (A + k)^alpha / c_k^2). */
static void test_a_truncated(void **state)
{
    (void)state;
    SpsaParam p = {{1, {0}}, 5, 0, 10, 4, 0.002, 0, 0, ""};
    Spsa s;
    spsa_init(&s, &p, 1, 1005, 0.1 * 1005, 0.602, 0.101, 3);
    assert_true(s.A == 100.0);
    assert_true(fabs(s.p[0].a - 0.002 * 16 * pow(1105, 0.602)) < 1e-9);
    spsa_init(&s, &p, 1, 1000, 0.1 * 1000, 0.602, 0.101, 3);
    assert_true(s.A == 100.0);
    spsa_init(&s, &p, 1, 9, 0.1 * 9, 0.602, 0.101, 3);
    assert_true(s.A == 0.0);
}

/* Stochastic rounding is unbiased: the average of many rounded points is near theta. */
static void test_stochastic_rounding(void **state)
{
    (void)state;
    SpsaParam p = {{1, {0}}, 100.3, 0, 1000, 0.001, 0, 0, 0, ""};
    Spsa s;
    spsa_init(&s, &p, 1, 1000, 100, 0.602, 0.101, 5);
    double sum = 0;
    for (long k = 1; k <= 1000; k++) {
        SpsaPoint pt;
        spsa_point(&s, k, &pt);
        assert_true(pt.plus[0] == 100 || pt.plus[0] == 101);
        sum += pt.plus[0];
    }
    assert_true(fabs(sum / 1000 - 100.3) < 0.05);
}

/* A parameter moving a set of weights writes its value into every one of them, and no other. */
static void test_apply_set(void **state)
{
    (void)state;
    SpsaParam p[2] = {{{2, {3, 9}}, 250.4, 0, 1000, 10, 0.002, 0, 0, "tied"},
                      {{1, {5}}, 40, 0, 100, 10, 0.002, 0, 0, "one"}};
    Spsa s;
    spsa_init(&s, p, 2, 100, 10, 0.602, 0.101, 7);
    Weights w;
    memset(&w, 0, sizeof w);
    spsa_apply(&s, &w);
    for (int i = 0; i < W_NB; i++)
        assert_int_equal(w.v[i], i == 3 || i == 9 ? 250 : i == 5 ? 40 : 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_converges),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_schedule_and_clipping),
        cmocka_unit_test(test_stochastic_rounding),
        cmocka_unit_test(test_a_truncated),
        cmocka_unit_test(test_apply_set),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
