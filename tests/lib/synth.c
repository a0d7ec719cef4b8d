/* synth.c: synthetic trace sets from a known logistic model (see synth.h). */
#include "synth.h"

#include <math.h>

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

bool synth_traces(const SynthModel *model, long games, uint64_t seed, Traces *t)
{
    traces_free(t);
    for (long g = 0; g < games; g++) {
        Rng rng = rng_for(seed, RNG_SYNTHETIC, (uint64_t)g);
        int coef[W_NB] = {0};
        double s = 0;
        for (int j = 0; j < model->m; j++) {
            coef[j] = synth_feature(&rng, j, model->dense);
            s += coef[j] * model->w[j];
        }
        double p = 1 / (1 + pow(10, -model->k * s / 400));
        double d = model->draw_rate, room = 2 * (p < 1 - p ? p : 1 - p);
        d = d < room ? d : room;
        /* P(win) = p - d/2, P(draw) = d, P(loss) = 1 - p - d/2: the mean result is p. */
        double u = rng_uniform(&rng);
        int result = u < p - d / 2 ? 2 : u < p + d / 2 ? 1 : 0;
        for (int i = 0; i < model->positions_per_game; i++)
            if (!traces_add(t, (uint32_t)g, result, coef))
                return false;
    }
    return true;
}
