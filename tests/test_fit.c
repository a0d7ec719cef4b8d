/* test_fit.c: the outcome fit (tune/stats/fit.c) on synthetic data with planted weights, and the
 * trace file format (tune/stats/traces.c).
 *
 * Recovery: data drawn from a known linear logistic model (tests/lib/synth.c); the fit must find the
 * planted weights within its reported intervals. Each check uses z = 3.29 (99.9%) so that the
 * suite is not a lottery over many weights; the 95% coverage itself is measured over many seeds
 * by the benchmark (bench/fit_bench.c, `make bench`). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "core/position.h"
#include "search/eval.h"
#include "tune/stats/fit.h"
#include "tests/lib/synth.h"
#include "tune/stats/traces.h"
#include "tests/lib/fixtures.h"

static const double PLANTED[8] = {100, 12, 30, 250, -8, 45, 700, 3};

/* A model over the first m planted weights. */
static SynthModel model_of(int m, int per_game)
{
    SynthModel sm = {.m = m, .k = 1.3, .draw_rate = 0.2, .positions_per_game = per_game};
    for (int j = 0; j < m; j++)
        sm.w[j] = PLANTED[j];
    return sm;
}

/* Parameters 0..m-1 and zero base weights. */
static void setup_params(int m, int *params, Weights *base)
{
    memset(base, 0, sizeof *base);
    for (int j = 0; j < m; j++)
        params[j] = j;
}

static const FitOptions BFGS = {FIT_BFGS2, 500, 1e-6, true};

/* Fits m weights from a zero start with K fixed at the model's; fills errors. */
static void fit_synthetic(const Traces *t, int m, double k, int threads, double *theta,
                          FitErrors *fe)
{
    int params[W_NB];
    Weights base;
    char err[256];
    setup_params(m, params, &base);
    Fit *f = fit_new(t, params, m, &base, FIT_CROSS_ENTROPY, threads);
    assert_non_null(f);
    fit_set_k(f, k);
    for (int j = 0; j < m; j++)
        theta[j] = 50;
    assert_true(fit_minimize(f, theta, &BFGS, NULL, NULL, err, sizeof err) > 0);
    if (!fit_errors(f, theta, fe, err, sizeof err))
        fail_msg("fit_errors: %s", err);
    fit_free(f);
}

/* The analytic gradient agrees with central finite differences, for both losses. */
static void test_gradient(void **state)
{
    (void)state;
    SynthModel sm = model_of(6, 1);
    Traces t;
    traces_init(&t);
    assert_true(synth_traces(&sm, 3000, 11, &t));
    int params[W_NB];
    Weights base;
    setup_params(6, params, &base);
    for (int loss = 0; loss < 2; loss++) {
        Fit *f = fit_new(&t, params, 6, &base, (FitLoss)loss, 2);
        assert_non_null(f);
        fit_set_k(f, 0.9);
        double th[6] = {80, 20, 10, 300, 0, 60}, g[6];
        fit_loss(f, th, g);
        for (int j = 0; j < 6; j++) {
            double fd = fixtures_numeric_gradient(f, th, j, 1e-3);
            if (fabs(fd - g[j]) > 1e-6 * (fabs(fd) + 1e-6))
                fail_msg("loss %d weight %d: analytic %.10g, numeric %.10g", loss, j, g[j], fd);
        }
        fit_free(f);
    }
    traces_free(&t);
}

/* Loss and gradient are bit-identical with 1 and 2 threads (fixed blocks, ordered sums). */
static void test_threads_identical(void **state)
{
    (void)state;
    SynthModel sm = model_of(8, 3);
    Traces t;
    traces_init(&t);
    assert_true(synth_traces(&sm, 25000, 5, &t)); /* 75000 positions: parallel */
    int params[W_NB];
    Weights base;
    setup_params(8, params, &base);
    Fit *f1 = fit_new(&t, params, 8, &base, FIT_CROSS_ENTROPY, 1);
    Fit *f2 = fit_new(&t, params, 8, &base, FIT_CROSS_ENTROPY, 2);
    assert_non_null(f1);
    assert_non_null(f2);
    double th[8] = {90, 10, 20, 200, 0, 40, 600, 0}, g1[8], g2[8];
    double l1 = fit_loss(f1, th, g1), l2 = fit_loss(f2, th, g2);
    assert_memory_equal(&l1, &l2, sizeof l1);
    assert_memory_equal(g1, g2, sizeof g1);
    fit_free(f1);
    fit_free(f2);
    traces_free(&t);
}

/* A copy of t in which weight 0's coefficient c is split over weights 0 and 7 as 2c and -c. */
static void split_weight0(const Traces *t, Traces *out)
{
    traces_init(out);
    for (long i = 0; i < t->n; i++) {
        int coef[W_NB] = {0};
        for (uint64_t e = t->start[i]; e < t->start[i + 1]; e++)
            coef[t->index[e]] = t->coef[e];
        coef[7] = -coef[0];
        coef[0] *= 2;
        assert_true(traces_add(out, t->game[i], t->result[i], coef));
    }
}

/* A parameter moving a set of weights has the sum of their coefficients: a fit of {0, 7} tied
 * on the split traces is the fit of weight 0 on the original ones, bit for bit; overlapping or
 * empty sets are refused. */
static void test_weight_sets(void **state)
{
    (void)state;
    SynthModel sm = model_of(3, 2);
    Traces t, split;
    traces_init(&t);
    assert_true(synth_traces(&sm, 3000, 17, &t));
    split_weight0(&t, &split);
    int params[W_NB];
    Weights base;
    char err[256];
    setup_params(3, params, &base);
    WeightSet sets[3] = {{2, {0, 7}}, {1, {1}}, {1, {2}}};
    Fit *f1 = fit_new(&t, params, 3, &base, FIT_CROSS_ENTROPY, 1);
    Fit *f2 = fit_new_sets(&split, sets, 3, &base, FIT_CROSS_ENTROPY, 1);
    assert_non_null(f1);
    assert_non_null(f2);
    fit_set_k(f1, sm.k);
    fit_set_k(f2, sm.k);
    double th1[3] = {0, 0, 0}, th2[3] = {0, 0, 0};
    assert_true(fit_minimize(f1, th1, &BFGS, NULL, NULL, err, sizeof err) > 0);
    assert_true(fit_minimize(f2, th2, &BFGS, NULL, NULL, err, sizeof err) > 0);
    assert_memory_equal(th1, th2, sizeof th1);
    assert_true(fabs(th1[0] - PLANTED[0]) < 30);
    /* Weight 0 alone on the split traces sees only 2c: half the value. */
    Fit *f3 = fit_new(&split, params, 3, &base, FIT_CROSS_ENTROPY, 1);
    fit_set_k(f3, sm.k);
    double th3[3] = {0, 0, 0};
    assert_true(fit_minimize(f3, th3, &BFGS, NULL, NULL, err, sizeof err) > 0);
    assert_true(fabs(th3[0] - th1[0] / 2) < 1e-3 * fabs(th1[0]));
    WeightSet overlap[2] = {{2, {0, 7}}, {1, {7}}}, empty[1] = {{0, {0}}};
    assert_null(fit_new_sets(&split, overlap, 2, &base, FIT_CROSS_ENTROPY, 1));
    assert_null(fit_new_sets(&split, empty, 1, &base, FIT_CROSS_ENTROPY, 1));
    fit_free(f1);
    fit_free(f2);
    fit_free(f3);
    traces_free(&t);
    traces_free(&split);
}

/* Independent positions without draws: the planted weights lie within 3.29 standard errors,
 * and the two kinds of standard errors agree (nothing to cluster; with draws the clustered
 * ones would be smaller, as a draw varies less than a win or a loss). */
static void test_recovery_independent(void **state)
{
    (void)state;
    SynthModel sm = model_of(8, 1);
    sm.draw_rate = 0;
    Traces t;
    traces_init(&t);
    assert_true(synth_traces(&sm, 60000, 2024, &t));
    double theta[8];
    FitErrors fe;
    fit_synthetic(&t, 8, sm.k, 2, theta, &fe);
    for (int j = 0; j < 8; j++) {
        double se = sqrt(fe.cov_clustered[j * 8 + j]), seh = sqrt(fe.cov_hessian[j * 8 + j]);
        print_message("w%d planted %7.1f fitted %8.2f +- %.2f (hessian +- %.2f)\n", j, PLANTED[j],
                      theta[j], 1.96 * se, 1.96 * seh);
        assert_true(fabs(theta[j] - PLANTED[j]) <= 3.29 * se);
        assert_true(se > 0.9 * seh && se < 1.1 * seh);
    }
    fit_errors_free(&fe);
    traces_free(&t);
}

/* Positions sharing their game's label: the Hessian's errors are too small by about
 * sqrt(positions per game); the clustered ones are not, and still cover the truth. */
static void test_recovery_clustered(void **state)
{
    (void)state;
    SynthModel sm = model_of(8, 6);
    sm.draw_rate = 0;
    Traces t;
    traces_init(&t);
    assert_true(synth_traces(&sm, 30000, 77, &t));
    double theta[8];
    FitErrors fe;
    fit_synthetic(&t, 8, sm.k, 2, theta, &fe);
    assert_int_equal(fe.games, 30000);
    for (int j = 0; j < 8; j++) {
        double se = sqrt(fe.cov_clustered[j * 8 + j]), seh = sqrt(fe.cov_hessian[j * 8 + j]);
        double ratio = se / seh;
        print_message("w%d planted %7.1f fitted %8.2f +- %.2f  clustered/hessian %.2f\n", j,
                      PLANTED[j], theta[j], 1.96 * se, ratio);
        assert_true(fabs(theta[j] - PLANTED[j]) <= 3.29 * se);
        assert_true(ratio > 0.8 * sqrt(6.0) && ratio < 1.2 * sqrt(6.0));
    }
    fit_errors_free(&fe);
    traces_free(&t);
}

/* K is recovered when the weights are right; Nelder-Mead and the squared error find the same
 * optimum as BFGS with cross-entropy (all three are consistent for this model). */
static void test_k_and_methods(void **state)
{
    (void)state;
    SynthModel sm = model_of(3, 1);
    sm.w[0] = 100, sm.w[1] = 40, sm.w[2] = 300;
    Traces t;
    traces_init(&t);
    assert_true(synth_traces(&sm, 40000, 9, &t));
    int params[W_NB];
    Weights base;
    char err[256];
    setup_params(3, params, &base);
    Fit *f = fit_new(&t, params, 3, &base, FIT_CROSS_ENTROPY, 2);
    assert_non_null(f);
    double k = 0, th[3] = {100, 40, 300};
    assert_true(fit_tune_k(f, th, &k, err, sizeof err));
    print_message("K planted %.3f fitted %.4f\n", sm.k, k);
    assert_true(fabs(k - sm.k) < 0.05);
    fit_set_k(f, sm.k);
    double bfgs[3] = {0, 0, 0}, nm[3] = {0, 0, 0};
    assert_true(fit_minimize(f, bfgs, &BFGS, NULL, NULL, err, sizeof err) > 0);
    FitOptions simplex = {FIT_NELDER_MEAD, 200, 1e-5, false};
    assert_true(fit_minimize(f, nm, &simplex, NULL, NULL, err, sizeof err) > 0);
    FitErrors fe;
    assert_true(fit_errors(f, bfgs, &fe, err, sizeof err));
    fit_free(f);
    f = fit_new(&t, params, 3, &base, FIT_SQUARED, 2);
    fit_set_k(f, sm.k);
    double sq[3] = {0, 0, 0};
    assert_true(fit_minimize(f, sq, &BFGS, NULL, NULL, err, sizeof err) > 0);
    for (int j = 0; j < 3; j++) {
        double se = sqrt(fe.cov_clustered[j * 3 + j]);
        print_message("w%d bfgs %.2f nelder-mead %.2f squared %.2f (se %.2f)\n", j, bfgs[j], nm[j],
                      sq[j], se);
        assert_true(fabs(nm[j] - bfgs[j]) < 0.05 * se);
        assert_true(fabs(sq[j] - bfgs[j]) < 1.0 * se);
    }
    fit_errors_free(&fe);
    fit_free(f);
    traces_free(&t);
}

/* The bootstrap over games gives errors close to the clustered ones. */
static void test_bootstrap(void **state)
{
    (void)state;
    SynthModel sm = model_of(3, 4);
    Traces t;
    traces_init(&t);
    assert_true(synth_traces(&sm, 6000, 3, &t));
    int params[W_NB];
    Weights base;
    char err[256];
    setup_params(3, params, &base);
    Fit *f = fit_new(&t, params, 3, &base, FIT_CROSS_ENTROPY, 2);
    fit_set_k(f, sm.k);
    double th[3] = {0, 0, 0}, cov[9];
    FitErrors fe;
    assert_true(fit_minimize(f, th, &BFGS, NULL, NULL, err, sizeof err) > 0);
    assert_true(fit_errors(f, th, &fe, err, sizeof err));
    assert_true(fit_bootstrap(f, th, &BFGS, 100, 42, cov, NULL, NULL, err, sizeof err));
    for (int j = 0; j < 3; j++) {
        double se = sqrt(fe.cov_clustered[j * 3 + j]), sb = sqrt(cov[j * 3 + j]);
        print_message("w%d clustered se %.3f bootstrap se %.3f\n", j, se, sb);
        assert_true(sb > 0.7 * se && sb < 1.3 * se);
    }
    fit_errors_free(&fe);
    fit_free(f);
    traces_free(&t);
}

/* A parameter no position has a coefficient for is reported, not given a made-up error. */
static void test_unidentified(void **state)
{
    (void)state;
    SynthModel sm = model_of(2, 1);
    Traces t;
    traces_init(&t);
    assert_true(synth_traces(&sm, 2000, 1, &t));
    int params[3] = {0, 1, 5};
    Weights base;
    char err[256];
    memset(&base, 0, sizeof base);
    Fit *f = fit_new(&t, params, 3, &base, FIT_CROSS_ENTROPY, 1);
    double th[3] = {100, 12, 0};
    FitErrors fe;
    assert_false(fit_errors(f, th, &fe, err, sizeof err));
    assert_non_null(strstr(err, "parameter 3"));
    fit_free(f);
    traces_free(&t);
}

/* Regularisation toward the start: a weight no position has a coefficient for stays at its
 * start (and the Hessian is then positive definite); a rare feature is pulled toward its
 * start; lambda = 0 is the unregularised fit bit for bit. */
static void test_regularize(void **state)
{
    (void)state;
    SynthModel sm = model_of(2, 1);
    Traces t;
    traces_init(&t);
    assert_true(synth_traces(&sm, 4000, 1, &t));
    /* Weight 3 rare: coefficient 1 in 1 position of 200, in a won game for the side to move. */
    Traces rare;
    traces_init(&rare);
    for (long i = 0; i < t.n; i++) {
        int coef[W_NB] = {0};
        for (uint64_t e = t.start[i]; e < t.start[i + 1]; e++)
            coef[t.index[e]] = t.coef[e];
        coef[3] = i % 200 == 0 && t.result[i] == 2 ? EVAL_TRACE_SCALE : 0;
        assert_true(traces_add(&rare, t.game[i], t.result[i], coef));
    }
    int params[4] = {0, 1, 3, 5};
    Weights base;
    char err[256];
    memset(&base, 0, sizeof base);
    double start[4] = {50, 5, 20, 33}, th[3][4];
    for (int r = 0; r < 3; r++) {
        Fit *f = fit_new(&rare, params, r == 2 ? 3 : 4, &base, FIT_CROSS_ENTROPY, 1);
        fit_set_k(f, sm.k);
        if (r < 2)
            assert_true(fit_set_regularization(f, r == 0 ? 1e-3 : 0, start));
        memcpy(th[r], start, sizeof start);
        assert_true(fit_minimize(f, th[r], &BFGS, NULL, NULL, err, sizeof err) > 0);
        FitErrors fe;
        bool ok = fit_errors(f, th[r], &fe, err, sizeof err);
        assert_true(ok == (r != 1)); /* lambda 0: weight 5 is not determined */
        if (ok)
            fit_errors_free(&fe);
        fit_free(f);
    }
    print_message("rare weight: start 20, lambda 1e-3 %.1f, lambda 0 %.1f; never seen: %.6f\n",
                  th[0][2], th[1][2], th[0][3]);
    assert_true(fabs(th[0][3] - start[3]) < 1e-9); /* never seen: stays at its start */
    assert_true(th[1][2] > 150);                   /* always won: far up without the penalty */
    assert_true(fabs(th[0][2] - start[2]) < 0.5 * fabs(th[1][2] - start[2]));
    assert_true(fabs(th[0][0] - th[1][0]) < 0.1 * fabs(th[1][0])); /* common ones: little */
    /* lambda = 0 reproduces the fit without a regularisation bit for bit (weights 0, 1, 3). */
    Fit *f = fit_new(&rare, params, 3, &base, FIT_CROSS_ENTROPY, 1);
    fit_set_k(f, sm.k);
    assert_true(fit_set_regularization(f, 0, start));
    double th0[3];
    memcpy(th0, start, sizeof th0);
    assert_true(fit_minimize(f, th0, &BFGS, NULL, NULL, err, sizeof err) > 0);
    assert_memory_equal(th0, th[2], sizeof th0);
    fit_free(f);
    traces_free(&t);
    traces_free(&rare);
}

/* Fieller's interval: a known case, and the unbounded case. */
static void test_ratio_interval(void **state)
{
    (void)state;
    double lo, hi;
    /* a = 10 +- 1, b = 2 +- 0 (exact): interval (10 +- 1.96) / 2. */
    assert_true(fit_ratio_interval(10, 2, 1, 0, 0, 1.96, &lo, &hi));
    assert_true(fabs(lo - 8.04 / 2) < 1e-9 && fabs(hi - 11.96 / 2) < 1e-9);
    assert_false(fit_ratio_interval(10, 1, 1, 1, 0, 1.96, &lo, &hi));
    assert_true(isinf(lo) && isinf(hi));
}

/* Writes t to a temporary file; returns its path (static buffer). */
static const char *save_temp(const Traces *t)
{
    const char *path = fixtures_save_traces(t, "test_fit");
    assert_non_null(path);
    return path;
}

/* Overwrites one byte of a file. */
static void poke(const char *path, long offset, int byte)
{
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    fseek(f, offset, SEEK_SET);
    fputc(byte, f);
    fclose(f);
}

/* A traces file reads back identically; another table, a damaged record or a cut file are
 * refused with a message. */
static void test_traces_file(void **state)
{
    (void)state;
    SynthModel sm = model_of(8, 2);
    Traces t, u;
    traces_init(&t);
    traces_init(&u);
    assert_true(synth_traces(&sm, 500, 8, &t));
    char err[512];
    const char *path = save_temp(&t);
    assert_true(traces_load(&u, path, err, sizeof err));
    assert_int_equal(u.n, t.n);
    assert_int_equal(u.nterms, t.nterms);
    assert_int_equal(traces_games(&u), 500);
    assert_memory_equal(u.game, t.game, (size_t)t.n * sizeof *t.game);
    assert_memory_equal(u.result, t.result, (size_t)t.n);
    assert_memory_equal(u.start, t.start, ((size_t)t.n + 1) * sizeof *t.start);
    assert_memory_equal(u.index, t.index, (size_t)t.nterms * sizeof *t.index);
    assert_memory_equal(u.coef, t.coef, (size_t)t.nterms * sizeof *t.coef);

    poke(path, 57, 'P'); /* first letter of the first weight's name: "pincer.mg" -> "Pincer.mg" */
    assert_false(traces_load(&u, path, err, sizeof err));
    assert_non_null(strstr(err, "different weights table"));
    assert_non_null(strstr(err, "'Pincer.mg' there, 'pincer.mg' here"));
    poke(path, 57, 'p');
    poke(path, 8, 1); /* format version 1: 8-bit indices, 16-bit coefficients */
    assert_false(traces_load(&u, path, err, sizeof err));
    assert_non_null(strstr(err, "format version 1, this program reads version 2"));
    poke(path, 8, 2);
    poke(path, 48, (EVAL_TRACE_SCALE + 1) & 0xff); /* another evaluation's trace scale */
    assert_false(traces_load(&u, path, err, sizeof err));
    assert_non_null(strstr(err, "trace scale"));
    poke(path, 48, EVAL_TRACE_SCALE & 0xff);
    assert_true(traces_load(&u, path, err, sizeof err));
    long names = 0;
    for (int i = 0; i < W_NB; i++)
        names += 1 + (long)strlen(weight_defs[i].name);
    poke(path, 56 + names + 9, 0x55); /* inside the first record's first coefficient */
    assert_false(traces_load(&u, path, err, sizeof err));
    assert_non_null(strstr(err, path));
    assert_true(truncate(path, 56 + names + 100) == 0);
    assert_false(traces_load(&u, path, err, sizeof err));
    assert_non_null(strstr(err, "cut short"));
    remove(path);
    traces_free(&t);
    traces_free(&u);
}

/* Coefficients beyond 16 bits (a phase-blended trace) and the last weight's index round-trip
 * through a file. */
static void test_traces_wide(void **state)
{
    (void)state;
    Traces t, u;
    traces_init(&t);
    traces_init(&u);
    int coef[W_NB] = {0};
    coef[0] = 200000;
    coef[W_NB - 1] = -199999;
    assert_true(traces_add(&t, 3, 2, coef));
    coef[0] = INT32_MIN;
    coef[1] = INT32_MAX;
    assert_true(traces_add(&t, 4, 0, coef));
    char err[512];
    const char *path = save_temp(&t);
    assert_true(traces_load(&u, path, err, sizeof err));
    assert_int_equal(u.nterms, 5);
    assert_int_equal(u.coef[0], 200000);
    assert_int_equal(u.index[1], W_NB - 1);
    assert_int_equal(u.coef[1], -199999);
    assert_int_equal(u.coef[2], INT32_MIN);
    assert_int_equal(u.coef[3], INT32_MAX);
    remove(path);
    traces_free(&t);
    traces_free(&u);
}

/* The hard synthetic design: a game's positions alternate the side to move (even plies White's
 * view, odd ones negated with the result flipped), drift by small steps, and the result comes
 * from the last position, so the positions of a game are not all alike. */
static void test_synth_drift(void **state)
{
    (void)state;
    SynthModel sm = model_of(8, 10);
    sm.drift = true;
    Traces t;
    traces_init(&t);
    assert_true(synth_traces(&sm, 200, 4, &t));
    assert_int_equal(t.n, 2000);
    assert_int_equal(traces_games(&t), 200);
    long moved = 0;
    for (long g = 0; g < 200; g++) {
        long first = g * 10;
        int white[2][W_NB] = {{0}};
        for (int i = 0; i < 10; i++) {
            long p = first + i;
            assert_int_equal(t.game[p], (uint32_t)g);
            assert_int_equal(t.result[p], i % 2 ? 2 - t.result[first] : t.result[first]);
            int coef[W_NB] = {0};
            for (uint64_t e = t.start[p]; e < t.start[p + 1]; e++)
                coef[t.index[e]] = t.coef[e] * (i % 2 ? -1 : 1);
            if (i == 0 || i == 9)
                memcpy(white[i == 9], coef, sizeof coef);
        }
        moved += memcmp(white[0], white[1], sizeof white[0]) != 0;
    }
    assert_true(moved > 150); /* features drift within most games */
    traces_free(&t);
}

int main(void)
{
    core_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_synth_drift),        cmocka_unit_test(test_gradient),
        cmocka_unit_test(test_threads_identical),  cmocka_unit_test(test_recovery_independent),
        cmocka_unit_test(test_recovery_clustered), cmocka_unit_test(test_k_and_methods),
        cmocka_unit_test(test_bootstrap),          cmocka_unit_test(test_unidentified),
        cmocka_unit_test(test_ratio_interval),     cmocka_unit_test(test_traces_file),
        cmocka_unit_test(test_traces_wide),        cmocka_unit_test(test_weight_sets),
        cmocka_unit_test(test_regularize),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
