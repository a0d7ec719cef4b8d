/* test_pst_fit.c: the fit recovers planted piece-square values from real positions.
 *
 * Positions are random placements (seeded) scored through the real evaluation (eval_trace), so
 * the piece-square features and game phases are the engine's own. A planted weights
 * vector (piece-square tables of three piece types, both phases; nothing else) scores each
 * position, and its result is drawn from the logistic model of fit.h. The fit of those tables,
 * started from 0 with a light regularisation (a type's file and rank tables are determined only
 * up to a constant moved from one to the other, which the penalty pins), must give back the
 * square values (file entry + rank entry) the positions see. A planted table the fit ignores, or
 * a trace that puts a piece on the wrong square, fails it. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "core/fen.h"
#include "core/geometry.h"
#include "core/position.h"
#include "search/eval.h"
#include "tune/stats/fit.h"
#include "tune/stats/traces.h"

enum { POSITIONS = 40000 };

static const int planted_types[] = {PINCER, GUARD, MAGE};
enum { NTYPES = sizeof planted_types / sizeof planted_types[0] };

/* Deterministic pseudo-random numbers (64-bit LCG, high bits). */
static uint32_t rng_next(uint64_t *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return (uint32_t)(*s >> 33);
}

/* A uniform number in [0, 1). */
static double rng_unit(uint64_t *s) { return rng_next(s) / 4294967296.0; }

/* The planted model: zero everywhere but the tables of planted_types, drawn in [-60, 60]. */
static void plant(Weights *w, uint64_t *seed)
{
    weights_v1(w);
    for (int i = 0; i < W_PHASE_FIRST; i++)
        w->v[i] = 0;
    for (int k = 0; k < NTYPES; k++)
        for (int j = 0; j < PST_TYPE_TERMS; j++) {
            int t = weight_pst_file(planted_types[k], 0) + j;
            w->v[weight_mg(t)] = (int)(rng_next(seed) % 121) - 60;
            w->v[weight_eg(t)] = (int)(rng_next(seed) % 121) - 60;
        }
}

/* Puts piece p on a random empty real square. */
static void put_random(Position *pos, Piece p, uint64_t *seed)
{
    for (;;) {
        int sq = (int)(rng_next(seed) % SQ_NB);
        if (position_geo(pos)->real[sq] && pos->board[sq] == EMPTY) {
            position_put(pos, sq, p);
            return;
        }
    }
}

/* Random positions (every square and every game phase seen often): both Kings, and of every
 * other type up to its start count per side, on random squares; each position its own game,
 * labelled by the planted model. */
static void make_traces(const Weights *planted, Traces *t, uint64_t seed)
{
    static const int most[TYPE_NB] = {
        [PINCER] = 6,     [COORDINATOR] = 1, [LEAPER] = 2, [CHAMELEON] = 2,
        [WITHDRAWER] = 1, [IMMOBILIZER] = 1, [MAGE] = 2,   [GUARD] = 2};
    for (int g = 0; g < POSITIONS; g++) {
        Position pos;
        position_clear(&pos, variant_get(VARIANT_MAXIMA));
        for (int c = 0; c < COLOR_NB; c++) {
            put_random(&pos, piece_make(c, KING), &seed);
            for (int ty = PINCER; ty <= GUARD; ty++)
                for (int k = (int)(rng_next(&seed) % (uint32_t)(most[ty] + 1)); k > 0; k--)
                    put_random(&pos, piece_make(c, ty), &seed);
        }
        pos.side = rng_next(&seed) & 1;
        pos.key = position_compute_key(&pos);
        int coef[W_NB];
        eval_trace(&pos, planted, coef);
        double s = eval_evaluate(&pos, planted);
        double p = 1 / (1 + pow(10, -s / 400));
        assert_true(traces_add(t, (uint32_t)g, rng_unit(&seed) < p ? 2 : 0, coef));
    }
}

/* Fits the planted tables and compares the square values with the planted ones. */
static void test_recover_squares(void **state)
{
    (void)state;
    uint64_t seed = 2026;
    Weights planted, base;
    plant(&planted, &seed);
    Traces t;
    traces_init(&t);
    make_traces(&planted, &t, seed);
    WeightSet sets[NTYPES * PST_TYPE_TERMS * 2];
    double theta[NTYPES * PST_TYPE_TERMS * 2] = {0}, start[NTYPES * PST_TYPE_TERMS * 2] = {0};
    int m = 0;
    for (int k = 0; k < NTYPES; k++)
        for (int j = 0; j < PST_TYPE_TERMS; j++)
            for (int ph = 0; ph < 2; ph++) {
                int t0 = weight_pst_file(planted_types[k], 0) + j;
                sets[m++] = (WeightSet){1, {ph ? weight_eg(t0) : weight_mg(t0), 0}};
            }
    base = planted;
    for (int x = 0; x < m; x++)
        base.v[sets[x].idx[0]] = 0;
    Fit *f = fit_new_sets(&t, sets, m, &base, FIT_CROSS_ENTROPY, 0);
    assert_non_null(f);
    assert_true(fit_set_regularization(f, 1e-6, start));
    FitOptions opt = {FIT_BFGS2, 500, 1e-7, false};
    char err[256];
    assert_true(fit_minimize(f, theta, &opt, NULL, NULL, err, sizeof err) > 0);
    FitErrors fe;
    if (!fit_errors(f, theta, &fe, err, sizeof err))
        fail_msg("%s", err);
    fit_free(f);

    /* Each square value's error against its standard error (the Hessian's: the positions are
     * independent), x the index of a fitted weight. */
    double sq = 0, z2 = 0, worst_z = 0;
    int n = 0;
    for (int k = 0; k < NTYPES; k++)
        for (int ph = 0; ph < 2; ph++)
            for (int fl = 0; fl < FILE_NB; fl++)
                for (int r = 0; r < RANK_NB; r++) {
                    if ((r == 0 || r == RANK_NB - 1) && fl != 3 && fl != 4)
                        continue; /* ranks 0 and 10 have files d and e only */
                    int a = (k * PST_TYPE_TERMS + fl) * 2 + ph;
                    int b = (k * PST_TYPE_TERMS + PST_FILE_NB + r) * 2 + ph;
                    double d = theta[a] + theta[b] - planted.v[sets[a].idx[0]] -
                               planted.v[sets[b].idx[0]];
                    double var = fe.cov_hessian[a * m + a] + fe.cov_hessian[b * m + b] +
                                 2 * fe.cov_hessian[a * m + b];
                    double z = d / sqrt(var);
                    sq += d * d;
                    z2 += z * z;
                    worst_z = fabs(z) > worst_z ? fabs(z) : worst_z;
                    n++;
                }
    fit_errors_free(&fe);
    double rms = sqrt(sq / n), mean_z2 = z2 / n;
    print_message("%ld positions, %d square values: RMS error %.1f cp (planted spread +-120), "
                  "mean z^2 %.2f, largest |z| %.2f\n",
                  t.n, n, rms, mean_z2, worst_z);
    assert_true(rms < 25);
    assert_true(mean_z2 > 0.6 && mean_z2 < 1.5); /* errors as large as the fit says, no more */
    assert_true(worst_z < 4.5);
    traces_free(&t);
}

/* Runs the test (core and evaluation tables built first). */
int main(void)
{
    core_init();
    eval_init();
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_recover_squares)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
