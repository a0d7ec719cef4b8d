/* synth.c: synthetic trace sets from a known logistic model (see synth.h). */
#include "synth.h"

#include <math.h>

#include "search/eval.h"
#include "tune/stats/rng.h"

/* One feature of kind j % 3 (see synth.h). */
static int synth_feature(Rng *rng, int j, bool dense)
{
    switch (j % 3) {
    case 0: {
        int d = 0;
        for (int i = 0; i < 2; i++)
            if (rng_uniform(rng) < 0.3)
                d += rng_uniform(rng) < 0.5 ? -1 : 1;
        return d;
    }
    case 1:
        if (!dense && rng_uniform(rng) < 0.5)
            return 0;
        return (int)rng_below(rng, 31) - 15;
    default:
        if (!dense && rng_uniform(rng) < 0.5)
            return 0;
        return (int)rng_below(rng, 7) - 3;
    }
}

/* One ply's change of feature j (kind j % 3, as synth_feature). */
static int synth_step(Rng *rng, int j)
{
    switch (j % 3) {
    case 0:
        return rng_uniform(rng) < 0.1 ? (rng_uniform(rng) < 0.5 ? -1 : 1) : 0;
    case 1:
        return (int)rng_below(rng, 7) - 3;
    default:
        return rng_uniform(rng) < 0.3 ? (rng_uniform(rng) < 0.5 ? -1 : 1) : 0;
    }
}

/* A result in half points with mean sigma(K s / 400), draws as often as draw_rate allows. */
static int synth_result(const SynthModel *model, double s, Rng *rng)
{
    double p = 1 / (1 + pow(10, -model->k * s / 400));
    double d = model->draw_rate, room = 2 * (p < 1 - p ? p : 1 - p);
    d = d < room ? d : room;
    /* P(win) = p - d/2, P(draw) = d, P(loss) = 1 - p - d/2: the mean result is p. */
    double u = rng_uniform(rng);
    return u < p - d / 2 ? 2 : u < p + d / 2 ? 1 : 0;
}

/* One drifting game (see synth.h): positions from the mover's view, result of the last one. */
static bool synth_drift_game(const SynthModel *model, uint32_t g, Rng *rng, Traces *t)
{
    enum { PLIES_MAX = 256 };
    int plies = model->positions_per_game < PLIES_MAX ? model->positions_per_game : PLIES_MAX;
    static _Thread_local int path[PLIES_MAX][W_NB];
    for (int j = 0; j < model->m; j++)
        path[0][j] = synth_feature(rng, j, model->dense);
    for (int i = 1; i < plies; i++)
        for (int j = 0; j < model->m; j++)
            path[i][j] = path[i - 1][j] + synth_step(rng, j);
    double s = 0;
    for (int j = 0; j < model->m; j++)
        s += path[plies - 1][j] * model->w[j];
    int result = synth_result(model, s, rng);
    for (int i = 0; i < plies; i++) {
        int coef[W_NB] = {0};
        int sign = i % 2 ? -1 : 1;
        for (int j = 0; j < model->m; j++)
            coef[j] = sign * path[i][j] * EVAL_TRACE_SCALE;
        if (!traces_add(t, g, sign > 0 ? result : 2 - result, coef))
            return false;
    }
    return true;
}

/* Draws the games of the model (see synth.h). */
bool synth_traces(const SynthModel *model, long games, uint64_t seed, Traces *t)
{
    traces_free(t);
    for (long g = 0; g < games; g++) {
        Rng rng = rng_for(seed, RNG_SYNTHETIC, (uint64_t)g);
        if (model->drift) {
            if (!synth_drift_game(model, (uint32_t)g, &rng, t))
                return false;
            continue;
        }
        int coef[W_NB] = {0};
        double s = 0;
        for (int j = 0; j < model->m; j++) {
            int x = synth_feature(&rng, j, model->dense);
            coef[j] = x * EVAL_TRACE_SCALE; /* the trace of evaluation x w (eval.h) */
            s += x * model->w[j];
        }
        int result = synth_result(model, s, &rng);
        for (int i = 0; i < model->positions_per_game; i++)
            if (!traces_add(t, (uint32_t)g, result, coef))
                return false;
    }
    return true;
}
