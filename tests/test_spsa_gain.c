/* test_spsa_gain.c: the SPSA schedule step by step against fishtest's formulas
 * (docs/methods.md): from c_end, r_end, N iterations, the stability constant A and the
 * exponents, c = c_end * N^gamma, a = r_end * c_end^2 * (A + N)^alpha; at iteration k,
 * c_k = c / k^gamma and a_k = a / (A + k)^alpha, and theta moves by a_k / c_k * r * delta. So at
 * the end (k = N) c_k = c_end and the learning rate a_k / c_k^2 = r_end whatever A is, while A
 * damps the early steps. Each update is taken from the same theta, with A = 0 and A > 0. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "tune/stats/spsa.h"

enum { N = 1000 };
static const double ALPHA = 0.602, GAMMA = 0.101, C_END = 4, R_END = 0.002;

/* The step theta takes at iteration k for a result r, from theta 500 in [0, 1000] (no clipping),
 * with stability constant A; *ck is that iteration's perturbation size. */
static double step_at(long k, double A, double r, double *ck)
{
    SpsaParam p = {{1, {0}}, 500, 0, 1000, C_END, R_END, 0, 0, ""};
    Spsa s;
    spsa_init(&s, &p, 1, N, A, ALPHA, GAMMA, 7);
    SpsaPoint pt;
    spsa_point(&s, k, &pt);
    *ck = pt.ck[0];
    double before = s.theta[0];
    spsa_update(&s, k, &pt, r);
    return (s.theta[0] - before) * pt.delta[0]; /* along the flip: the sign of r */
}

/* Every iteration's step is a_k / c_k * r with fishtest's a_k and c_k, for A = 0 and A = 100. */
static void test_steps_follow_fishtest(void **state)
{
    (void)state;
    static const long ks[] = {1, 2, 10, 100, 500, N};
    static const double As[] = {0, 100};
    for (size_t i = 0; i < sizeof As / sizeof As[0]; i++) {
        double A = As[i];
        double c = C_END * pow(N, GAMMA), a = R_END * C_END * C_END * pow(A + N, ALPHA);
        for (size_t j = 0; j < sizeof ks / sizeof ks[0]; j++) {
            long k = ks[j];
            double ck, got = step_at(k, A, 2, &ck);
            double want_ck = c / pow((double)k, GAMMA);
            double want = a / pow(A + (double)k, ALPHA) / want_ck * 2;
            if (fabs(ck - want_ck) > 1e-9 * want_ck)
                fail_msg("A %g, k %ld: c_k %.12g, want c / k^gamma = %.12g", A, k, ck, want_ck);
            if (fabs(got - want) > 1e-9 * want)
                fail_msg("A %g, k %ld: theta moved %.12g for r = 2, want a_k / c_k * r = %.12g "
                         "(a_k = a / (A + k)^alpha)",
                         A, k, got, want);
        }
    }
}

/* At the last iteration the schedule ends where the user set it: c_N = c_end and the learning
 * rate a_N / c_N^2 = r_end, so theta moves r_end * c_end * r, with or without A. */
static void test_schedule_ends_at_its_end_values(void **state)
{
    (void)state;
    static const double As[] = {0, 100, 250};
    for (size_t i = 0; i < sizeof As / sizeof As[0]; i++) {
        double ck, got = step_at(N, As[i], 1, &ck);
        if (fabs(ck - C_END) > 1e-9)
            fail_msg("A %g: c_N = %.12g, want c_end = %g", As[i], ck, C_END);
        if (fabs(got - R_END * C_END) > 1e-9)
            fail_msg("A %g: the last step is %.12g for r = 1, want r_end * c_end = %.12g (the "
                     "learning rate a_N / c_N^2 ends at r_end)",
                     As[i], got, R_END * C_END);
    }
}

/* A damps the early steps: the first step with A = 100 is smaller than with A = 0 by
 * ((A + N) / N)^alpha / (A + 1)^alpha. */
static void test_stability_constant_damps_early_steps(void **state)
{
    (void)state;
    double ck, with = step_at(1, 100, 1, &ck), without = step_at(1, 0, 1, &ck);
    double want = pow((100.0 + N) / N, ALPHA) / pow(101, ALPHA);
    if (fabs(with / without - want) > 1e-9)
        fail_msg("first step with A = 100 over the one with A = 0: %.12g, want %.12g",
                 with / without, want);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_steps_follow_fishtest),
        cmocka_unit_test(test_schedule_ends_at_its_end_values),
        cmocka_unit_test(test_stability_constant_damps_early_steps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
