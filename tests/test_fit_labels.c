/* test_fit_labels.c: the fit's targets blended with the search scores ([fit] label = score and
 * blend: fit_set_targets) and the scores in trace files (format version 3).
 *
 * The scores of the synthetic sets are the planted weights' evaluations, exactly (the traces
 * are integer counts times EVAL_TRACE_SCALE and the planted weights integers), so that with
 * label = score the planted weights are the exact minimum of either loss. */
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
#include "tests/lib/synth.h"
#include "tune/stats/fit.h"
#include "tune/stats/traces.h"
#include "tests/lib/fixtures.h"

static const double PLANTED[6] = {100, 12, 30, 250, -8, 45};
enum { M = 6 };

static const FitOptions BFGS = {FIT_BFGS2, 500, 1e-9, true};

/* A synthetic set (synth.h: one position a game) with each position's score the evaluation
 * under the planted weights (plus noise cp of noise, uniform in [-noise, noise]). */
static void scored_traces(long games, uint64_t seed, int noise, Traces *out)
{
    SynthModel sm = {.m = M, .k = 1.3, .draw_rate = 0.2, .positions_per_game = 1};
    for (int j = 0; j < M; j++)
        sm.w[j] = PLANTED[j];
    Traces t;
    traces_init(&t);
    assert_true(synth_traces(&sm, games, seed, &t));
    traces_init(out);
    uint64_t s = seed;
    for (long i = 0; i < t.n; i++) {
        int coef[W_NB] = {0};
        long dot = 0;
        for (uint64_t e = t.start[i]; e < t.start[i + 1]; e++) {
            coef[t.index[e]] = t.coef[e];
            dot += (long)t.coef[e] * (long)PLANTED[t.index[e]];
        }
        assert_int_equal(dot % EVAL_TRACE_SCALE, 0);
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        int jitter = noise ? (int)((s >> 33) % (uint64_t)(2 * noise + 1)) - noise : 0;
        assert_true(traces_add_scored(out, t.game[i], t.result[i],
                                      (int)(dot / EVAL_TRACE_SCALE) + jitter, coef));
    }
    traces_free(&t);
}

/* Parameters 0..M-1, zero base weights, a problem over t with K = k. */
static Fit *problem(const Traces *t, FitLoss loss, double k)
{
    int params[M];
    Weights base;
    memset(&base, 0, sizeof base);
    for (int j = 0; j < M; j++)
        params[j] = j;
    Fit *f = fit_new(t, params, M, &base, loss, 2);
    assert_non_null(f);
    fit_set_k(f, k);
    return f;
}

/* The analytic gradient agrees with central differences on blended targets, both losses. */
static void test_gradient_blend(void **state)
{
    (void)state;
    Traces t;
    scored_traces(3000, 11, 40, &t);
    const double lambdas[] = {0.25, 0.5, 1};
    for (int loss = 0; loss < 2; loss++)
        for (int l = 0; l < 3; l++) {
            Fit *f = problem(&t, (FitLoss)loss, 0.9);
            assert_true(fit_set_targets(f, &t, lambdas[l]));
            double th[M] = {80, 20, 10, 300, 0, 60}, g[M];
            fit_loss(f, th, g);
            for (int j = 0; j < M; j++) {
                double fd = fixtures_numeric_gradient(f, th, j, 1e-3);
                if (fabs(fd - g[j]) > 1e-6 * (fabs(fd) + 1e-6))
                    fail_msg("loss %d lambda %g weight %d: analytic %.10g, numeric %.10g", loss,
                             lambdas[l], j, g[j], fd);
            }
            fit_free(f);
        }
    traces_free(&t);
}

/* lambda = 0 is label = result bit for bit: the loss, its gradient and the fitted weights. */
static void test_lambda_zero_is_result(void **state)
{
    (void)state;
    Traces t;
    scored_traces(4000, 5, 40, &t);
    for (int loss = 0; loss < 2; loss++) {
        Fit *a = problem(&t, (FitLoss)loss, 1.1), *b = problem(&t, (FitLoss)loss, 1.1);
        assert_true(fit_set_targets(b, &t, 0));
        double th[M] = {80, 20, 10, 300, 0, 60}, ga[M], gb[M];
        double la = fit_loss(a, th, ga), lb = fit_loss(b, th, gb);
        assert_memory_equal(&la, &lb, sizeof la);
        assert_memory_equal(ga, gb, sizeof ga);
        double ta[M], tb[M];
        char err[256];
        for (int j = 0; j < M; j++)
            ta[j] = tb[j] = 50;
        assert_true(fit_minimize(a, ta, &BFGS, NULL, NULL, err, sizeof err) > 0);
        assert_true(fit_minimize(b, tb, &BFGS, NULL, NULL, err, sizeof err) > 0);
        assert_memory_equal(ta, tb, sizeof ta);
        fit_free(a);
        fit_free(b);
    }
    traces_free(&t);
}

/* label = score recovers the weights that made the scores, for both losses and two K, whatever
 * the results say; a set without scores or a lambda outside [0, 1] is refused. */
static void test_score_recovers_weights(void **state)
{
    (void)state;
    Traces t;
    scored_traces(3000, 77, 0, &t);
    const double ks[] = {0.7, 1.6};
    for (int loss = 0; loss < 2; loss++)
        for (int k = 0; k < 2; k++) {
            Fit *f = problem(&t, (FitLoss)loss, ks[k]);
            assert_true(fit_set_targets(f, &t, 1));
            double th[M];
            char err[256];
            for (int j = 0; j < M; j++)
                th[j] = 50;
            assert_true(fit_minimize(f, th, &BFGS, NULL, NULL, err, sizeof err) > 0);
            for (int j = 0; j < M; j++)
                if (fabs(th[j] - PLANTED[j]) > 0.01)
                    fail_msg("loss %d K %g weight %d: planted %g, fitted %.6f", loss, ks[k], j,
                             PLANTED[j], th[j]);
            fit_free(f);
        }
    Traces plain;
    traces_init(&plain);
    for (long i = 0; i < t.n; i++) {
        int coef[W_NB] = {0};
        for (uint64_t e = t.start[i]; e < t.start[i + 1]; e++)
            coef[t.index[e]] = t.coef[e];
        assert_true(traces_add(&plain, t.game[i], t.result[i], coef));
    }
    Fit *f = problem(&plain, FIT_CROSS_ENTROPY, 1);
    assert_false(fit_set_targets(f, &plain, 0.5));
    fit_free(f);
    f = problem(&t, FIT_CROSS_ENTROPY, 1);
    assert_false(fit_set_targets(f, &t, 1.5));
    assert_false(fit_set_targets(f, &t, -0.1));
    fit_free(f);
    traces_free(&plain);
    traces_free(&t);
}

/* Writes t to a temporary file; returns its path (static buffer). */
static const char *save_temp(const Traces *t)
{
    const char *path = fixtures_save_traces(t, "test_fit_labels");
    assert_non_null(path);
    return path;
}

/* The version byte of a traces file. */
static int file_version(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 8, SEEK_SET);
    int v = fgetc(f);
    fclose(f);
    return v;
}

/* Scores round-trip through a version 3 file; a set without them is still written as version
 * 2 and loads without scores; a set takes one kind of position only; traces_add_from and
 * traces_append keep the scores. */
static void test_scores_file(void **state)
{
    (void)state;
    Traces t, u, plain, copy;
    scored_traces(300, 3, 500, &t);
    traces_init(&u);
    traces_init(&plain);
    traces_init(&copy);
    char err[512];
    bool scored = false;
    const char *path = save_temp(&t);
    assert_int_equal(file_version(path), 3);
    assert_true(traces_check_scores(path, &scored, err, sizeof err));
    assert_true(scored);
    assert_true(traces_load(&u, path, err, sizeof err));
    assert_true(u.scored);
    assert_int_equal(u.n, t.n);
    assert_memory_equal(u.score, t.score, (size_t)t.n * sizeof *t.score);
    assert_memory_equal(u.coef, t.coef, (size_t)t.nterms * sizeof *t.coef);
    assert_memory_equal(u.result, t.result, (size_t)t.n);
    remove(path);

    for (long i = 0; i < t.n; i++) {
        int coef[W_NB] = {0};
        for (uint64_t e = t.start[i]; e < t.start[i + 1]; e++)
            coef[t.index[e]] = t.coef[e];
        assert_true(traces_add(&plain, t.game[i], t.result[i], coef));
        assert_false(traces_add_scored(&plain, t.game[i], t.result[i], 0, coef));
        assert_true(traces_add_from(&copy, &t, i));
    }
    assert_false(traces_append(&plain, &t));
    assert_true(copy.scored);
    assert_memory_equal(copy.score, t.score, (size_t)t.n * sizeof *t.score);
    path = save_temp(&plain);
    assert_int_equal(file_version(path), 2);
    assert_true(traces_check_scores(path, &scored, err, sizeof err));
    assert_false(scored);
    assert_true(traces_load(&u, path, err, sizeof err));
    assert_false(u.scored);
    assert_null(u.score);
    assert_int_equal(u.n, t.n);
    remove(path);
    traces_free(&t);
    traces_free(&u);
    traces_free(&plain);
    traces_free(&copy);
}

int main(void)
{
    core_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gradient_blend),
        cmocka_unit_test(test_lambda_zero_is_result),
        cmocka_unit_test(test_score_recovers_weights),
        cmocka_unit_test(test_scores_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
