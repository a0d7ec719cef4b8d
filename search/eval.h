/* eval.h: the evaluation, a linear function of the named weights (weights.h).
 *
 * eval_trace() returns the coefficient of every weight for the side to move, so that
 * eval_evaluate(pos, w) == sum_i coef[i] * w->v[i] exactly. There is no non-linear part: the
 * tuners can work on traces alone. Mate and game-end scores are the search's business. */
#ifndef MAXTUNE_EVAL_H
#define MAXTUNE_EVAL_H

#include "core/position.h"
#include "weights.h"

enum { EVAL_TRACE_SCALE = 1 }; /* eval = (sum coef * w) / EVAL_TRACE_SCALE, truncated toward zero */

/* Builds the evaluation's read-only tables; call once (after core_init) before evaluating. */
void eval_init(void);

/* Feature counts, White minus Black, for every weight (tempo: +1 White to move, -1 Black). */
void eval_features(const Position *pos, int f[W_NB]);

/* Coefficients from the side to move's view: coef = f for White to move, -f for Black. */
void eval_trace(const Position *pos, int coef[W_NB]);

/* Score in centipawns from the side to move's view. */
int eval_evaluate(const Position *pos, const Weights *w);

#endif
