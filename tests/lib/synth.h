/* synth.h: synthetic trace sets drawn from a known logistic model, for the fit's tests and
 * benchmarks (recovery, coverage of the intervals, speed).
 *
 * Game g has one feature vector x_g over weights 0..m-1 and one result drawn with
 * E[r] = sigma(K w.x_g) (sigma as in fit.h; draws as often as draw_rate allows), so the linear
 * logistic model holds exactly. The game contributes positions_per_game identical positions:
 * with more than one, the positions of a game share their label as in self-play, and only
 * standard errors clustered by game stay honest. Features imitate real traces: for weight j,
 * j % 3 == 0 a material-like count difference (mostly 0, within -2..2), 1 a mobility-like
 * difference (-15..15), 2 a small count (-3..3); with dense false, the last two are zero half
 * of the time.
 *
 * With drift, games are harder and closer to self-play: the game's positions are plies of one
 * game whose features drift (each ply, every feature moves by a small random step: a material
 * count by +-1 now and then, a mobility by up to +-3), the side to move alternates (position i
 * is stored from the mover's view: White's features and result for even i, their negation and
 * 2 - result for odd i), and the result is drawn from the LAST position's evaluation, not from
 * any single stored one. The linear logistic model then holds for no stored position exactly
 * (the earlier ones predict the result through the drift), so the fit estimates a pseudo-true
 * weight vector (the minimiser of the expected loss, which bench/fit_bench.c measures on a very
 * large sample) that differs from the planted one. */
#ifndef MAXTUNE_SYNTH_H
#define MAXTUNE_SYNTH_H

#include <stdbool.h>
#include <stdint.h>

#include "search/weights.h"
#include "tune/stats/traces.h"

typedef struct SynthModel {
    int m;            /* weights 0..m-1 carry features (m <= W_NB) */
    double w[W_NB];   /* planted weights, centipawns */
    double k;         /* scale K */
    double draw_rate; /* wanted share of draws, 0..1 */
    int positions_per_game;
    bool dense; /* every mobility-like and count feature nonzero when drawn */
    bool drift; /* features drift over the plies, side to move alternates, result
                              from the last position (see above) */
} SynthModel;

/* Draws `games` games from the model with seed into t (emptied first); false when out of
 * memory. */
bool synth_traces(const SynthModel *model, long games, uint64_t seed, Traces *t);

#endif
