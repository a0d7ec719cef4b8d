/* fit_bench.c: benchmarks of the outcome fit (tune/stats/fit.c) on synthetic data.
 *
 *   fit_bench speed [POSITIONS]     loss + gradient positions/s per thread (1 thread, and all
 *                                   threads), then the time of a whole fit (K, BFGS over all 26
 *                                   weights, standard errors) of POSITIONS positions (1000000)
 *   fit_bench coverage [SEEDS]      repeats a fit on data drawn with SEEDS seeds (500) from a
 *                                   model with planted weights, positions clustered by game;
 *                                   prints how often the 95% intervals cover the truth:
 *                                   clustered errors, Hessian errors, and Fieller's interval for
 *                                   ratios to weight 0 (the "pincer"), with Monte-Carlo errors
 *                                   over seeds; for the easy design (identical positions) and
 *                                   the hard one (drifting plies, side to move alternating,
 *                                   result from the last position) with 150 and 1500 games
 *
 * Targets (issue 6): >= 5 million positions/s per thread; a 1-million-position fit over all
 * terms in under a minute on 2 cores; coverage near 95%. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/position.h"
#include "tune/stats/fit.h"
#include "tests/lib/synth.h"

static const double Z95 = 1.959963984540054;

/* Planted weights of the coverage model (centipawns), like Maxima's material and mobility. */
static const double PLANTED[8] = {30, 4, 15, 220, -3, 40, 400, 6};

/* Median of n values (sorts them). */
static double median(double *v, int n)
{
    for (int i = 1; i < n; i++)
        for (int k = i; k > 0 && v[k] < v[k - 1]; k--) {
            double t = v[k];
            v[k] = v[k - 1];
            v[k - 1] = t;
        }
    return v[n / 2];
}

/* Median positions/s of loss+gradient passes with the given threads. */
static double pass_rate(const Traces *t, const int *params, int m, const Weights *base, int threads)
{
    Fit *f = fit_new(t, params, m, base, FIT_CROSS_ENTROPY, threads);
    if (!f)
        return 0;
    double th[FIT_MAX_PARAMS], g[FIT_MAX_PARAMS], rate[7];
    for (int j = 0; j < m; j++)
        th[j] = base->v[params[j]];
    fit_loss(f, th, g); /* warm-up: page in the arrays */
    for (int r = 0; r < 7; r++) {
        double t0 = omp_get_wtime();
        fit_loss(f, th, g);
        rate[r] = t->n / (omp_get_wtime() - t0);
    }
    fit_free(f);
    return median(rate, 7);
}

/* The speed benchmark. */
static int bench_speed(long positions)
{
    SynthModel sm = {.m = W_NB, .k = 1, .draw_rate = 0.1, .positions_per_game = 10};
    Weights base;
    weights_default(&base);
    for (int j = 0; j < W_NB; j++)
        sm.w[j] = base.v[j] * 0.3;
    Traces t;
    traces_init(&t);
    if (!synth_traces(&sm, positions / sm.positions_per_game, 1, &t)) {
        fprintf(stderr, "fit_bench: out of memory\n");
        return 1;
    }
    int params[W_NB];
    for (int j = 0; j < W_NB; j++)
        params[j] = j;
    int threads = omp_get_max_threads();
    printf("synthetic data: %ld positions, %ld games, %.1f nonzero entries per position, %d "
           "weights\n",
           t.n, traces_games(&t), (double)t.nterms / t.n, W_NB);
    double r1 = pass_rate(&t, params, W_NB, &base, 1);
    double rn = pass_rate(&t, params, W_NB, &base, threads);
    printf("loss+gradient, 1 thread: %.2f million positions/s (target >= 5)\n", r1 / 1e6);
    printf("loss+gradient, %d threads: %.2f million positions/s, %.2f million per thread\n",
           threads, rn / 1e6, rn / threads / 1e6);

    double t0 = omp_get_wtime();
    Fit *f = fit_new(&t, params, W_NB, &base, FIT_CROSS_ENTROPY, threads);
    double th[W_NB], k;
    char err[256];
    for (int j = 0; j < W_NB; j++)
        th[j] = base.v[j];
    FitOptions opt = {FIT_BFGS2, 500, 1e-6, true};
    FitErrors fe;
    bool ok = f && fit_tune_k(f, th, &k, err, sizeof err);
    int it = ok ? fit_minimize(f, th, &opt, NULL, NULL, err, sizeof err) : -1;
    ok = ok && it >= 0 && fit_errors(f, th, &fe, err, sizeof err);
    double secs = omp_get_wtime() - t0;
    if (ok)
        fit_errors_free(&fe);
    fit_free(f);
    traces_free(&t);
    if (!ok) {
        fprintf(stderr, "fit_bench: %s\n", err);
        return 1;
    }
    printf("whole fit of %ld positions, all %d weights, %d threads: %.1f s (K, %d BFGS "
           "iterations, Newton polish, standard errors; target < 60 s)\n",
           positions, W_NB, threads, secs, it);
    return 0;
}

/* Coverage tallies of one design: per seed, the share of the weights (or ratios) whose 95%
 * interval covers the truth, so that the Monte-Carlo error is taken over seeds (the weights of
 * one seed share its data and are not independent trials). */
typedef struct Coverage {
    int seeds, failed;
    double sum[5], sum2[5]; /* per-seed shares: clustered, Hessian, Fieller, bounded, bounded
                               and covering (the last over all ratios, divided at the end) */
    long bounded, bounded_cover, ratios;
} Coverage;

/* Adds one seed's shares. */
static void coverage_add(Coverage *c, const double share[5])
{
    for (int i = 0; i < 5; i++) {
        c->sum[i] += share[i];
        c->sum2[i] += share[i] * share[i];
    }
    c->seeds++;
}

/* Mean over seeds of share i, in percent, and its Monte-Carlo standard error. */
static void coverage_mean(const Coverage *c, int i, double *mean, double *se)
{
    double n = c->seeds, m = c->sum[i] / n;
    double var = n > 1 ? (c->sum2[i] - n * m * m) / (n - 1) : 0;
    *mean = 100 * m;
    *se = 100 * sqrt(var > 0 ? var / n : 0);
}

/* Fits the M planted weights on t (K known); false when the fit or its errors fail. */
static bool fit_planted(const Traces *t, int m, double k, double *th, FitErrors *fe)
{
    int params[W_NB];
    Weights base;
    char err[256];
    memset(&base, 0, sizeof base);
    for (int j = 0; j < m; j++) {
        params[j] = j;
        th[j] = 0;
    }
    Fit *f = fit_new(t, params, m, &base, FIT_CROSS_ENTROPY, 1);
    if (!f)
        return false;
    FitOptions opt = {FIT_BFGS2, 500, 1e-6, true};
    fit_set_k(f, k);
    bool ok = fit_minimize(f, th, &opt, NULL, NULL, err, sizeof err) >= 0 &&
              fit_errors(f, th, &fe[0], err, sizeof err);
    fit_free(f);
    return ok;
}

/* Repeats the fit on `seeds` data sets of `games` games and tallies how often the intervals
 * cover truth[] (the weights; the ratios truth[j] / truth[0] for Fieller's intervals). */
static Coverage coverage_run(const SynthModel *sm, long games, int seeds, const double *truth)
{
    enum { M = 8 };
    Coverage c;
    memset(&c, 0, sizeof c);
    for (int s = 0; s < seeds; s++) {
        Traces t;
        traces_init(&t);
        double th[M];
        FitErrors fe;
        if (!synth_traces(sm, games, 1000 + (uint64_t)s, &t) ||
            !fit_planted(&t, M, sm->k, th, &fe)) {
            traces_free(&t);
            c.failed++;
            continue;
        }
        double share[5] = {0};
        for (int j = 0; j < M; j++) {
            double sc = sqrt(fe.cov_clustered[j * M + j]), sh = sqrt(fe.cov_hessian[j * M + j]);
            share[0] += (fabs(th[j] - truth[j]) <= Z95 * sc) / (double)M;
            share[1] += (fabs(th[j] - truth[j]) <= Z95 * sh) / (double)M;
            if (j == 0)
                continue;
            double lo, hi, ratio = truth[j] / truth[0];
            bool b = fit_ratio_interval(th[j], th[0], fe.cov_clustered[j * M + j],
                                        fe.cov_clustered[0], fe.cov_clustered[j * M], Z95, &lo,
                                        &hi);
            bool in = lo <= ratio && ratio <= hi;
            share[2] += in / (double)(M - 1);
            share[3] += b / (double)(M - 1);
            share[4] += (b && in) / (double)(M - 1);
            c.bounded += b;
            c.bounded_cover += b && in;
            c.ratios++;
        }
        coverage_add(&c, share);
        fit_errors_free(&fe);
        traces_free(&t);
    }
    return c;
}

/* Prints one design's coverage figures with their Monte-Carlo errors. */
static void coverage_print(const char *what, const Coverage *c)
{
    double m[5], se[5];
    for (int i = 0; i < 5; i++)
        coverage_mean(c, i, &m[i], &se[i]);
    printf("  %s: %d seeds (%d fits failed)\n", what, c->seeds, c->failed);
    printf("    95%% intervals clustered by game: %.1f%% +- %.1f cover; inverse Hessian: "
           "%.1f%% +- %.1f\n",
           m[0], se[0], m[1], se[1]);
    printf("    Fieller intervals of the ratios to weight 0: %.1f%% +- %.1f cover; %.1f%% +- %.1f "
           "unbounded; bounded ones cover %.1f%%\n",
           m[2], se[2], 100 - m[3], se[3], c->bounded ? 100.0 * c->bounded_cover / c->bounded : 0);
}

/* The coverage benchmark: the easy design (a game's positions identical, the result drawn from
 * them) and the hard one (drifting plies, side to move alternating, result from the last
 * position; few and many games), each against the planted weights and, for the hard one, the
 * pseudo-true weights the fit converges to (fitted on 200000 games of the same design).
 * Monte-Carlo errors (+-, one standard error) are taken over seeds. */
static int bench_coverage(int seeds)
{
    enum { M = 8 };
    double t0 = omp_get_wtime();
    SynthModel easy = {.m = M, .k = 1.0, .draw_rate = 0.2, .positions_per_game = 5};
    memcpy(easy.w, PLANTED, sizeof PLANTED);
    printf("coverage of 95%% intervals, %d seeds x %d weights (20%% draws); +- is one "
           "Monte-Carlo standard error over seeds:\n",
           seeds, M);
    Coverage c = coverage_run(&easy, 1500, seeds, PLANTED);
    coverage_print("easy: 1500 games x 5 identical positions, planted weights", &c);

    SynthModel hard = easy;
    hard.drift = true;
    hard.positions_per_game = 10;
    Traces big;
    traces_init(&big);
    double pseudo[M];
    FitErrors fe;
    if (!synth_traces(&hard, 200000, 999, &big) || !fit_planted(&big, M, hard.k, pseudo, &fe)) {
        fprintf(stderr, "fit_bench: the pseudo-true fit failed\n");
        return 1;
    }
    traces_free(&big);
    printf("  hard: 10 drifting plies per game, side to move alternating, result from the last "
           "position\n    planted   ");
    for (int j = 0; j < M; j++)
        printf(" %7.2f", PLANTED[j]);
    printf("\n    pseudo-true");
    for (int j = 0; j < M; j++)
        printf(" %7.2f", pseudo[j]);
    printf("  (fit of 200000 games, +- %.2f on weight 0)\n", Z95 * sqrt(fe.cov_clustered[0]));
    fit_errors_free(&fe);
    static const long GAMES[2] = {150, 1500};
    for (int g = 0; g < 2; g++) {
        char what[128];
        c = coverage_run(&hard, GAMES[g], seeds, pseudo);
        snprintf(what, sizeof what, "hard, %ld games, pseudo-true weights", GAMES[g]);
        coverage_print(what, &c);
        c = coverage_run(&hard, GAMES[g], seeds, PLANTED);
        snprintf(what, sizeof what, "hard, %ld games, planted weights", GAMES[g]);
        coverage_print(what, &c);
    }
    printf("  %.1f s\n", omp_get_wtime() - t0);
    return 0;
}

int main(int argc, char **argv)
{
    core_init();
    if (argc >= 2 && !strcmp(argv[1], "speed"))
        return bench_speed(argc >= 3 ? atol(argv[2]) : 1000000);
    if (argc >= 2 && !strcmp(argv[1], "coverage"))
        return bench_coverage(argc >= 3 ? atoi(argv[2]) : 500);
    fprintf(stderr, "usage: fit_bench speed [POSITIONS] | coverage [SEEDS]\n");
    return 2;
}
