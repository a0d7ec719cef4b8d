/* eval.h: the evaluation, a linear function of the named weights (weights.h) for a given game
 * phase.
 *
 * Every term t has a count f_t (White minus Black: material, mobility, palace threats, the
 * piece-square tables, ...). The middle-game and end-game sums
 *     MG = sum_t f_t * w[t.mg],  EG = sum_t f_t * w[t.eg]
 * are blended by the game phase p (0..EVAL_PHASE_MAX, from the material left and the phase
 * weights: EVAL_PHASE_MAX with all the start pieces on the board, 0 with none):
 *     eval = (MG * p + EG * (EVAL_PHASE_MAX - p)) / EVAL_PHASE_MAX   (C division: toward zero)
 * from White's view, negated for Black to move.
 *
 * eval_trace() returns the coefficient of every weight for the side to move (f_t * p for t.mg,
 * f_t * (EVAL_PHASE_MAX - p) for t.eg, 0 for the phase weights and search parameters), so that
 *     eval_evaluate(pos, w) == (sum_i coef[i] * w->v[i]) / EVAL_TRACE_SCALE
 * exactly. Given the phase, the tuners can work on traces alone. With equal middle-game and
 * end-game weights the phase drops out. Mate and game-end scores are the search's business. */
#ifndef MAXTUNE_EVAL_H
#define MAXTUNE_EVAL_H

#include "core/position.h"
#include "weights.h"

enum { EVAL_PHASE_MAX = 256, EVAL_TRACE_SCALE = EVAL_PHASE_MAX };

/* Builds the evaluation's read-only tables; call once (after core_init) before evaluating. */
void eval_init(void);

/* Term counts, White minus Black, for every term (tempo: +1 White to move, -1 Black). */
void eval_features(const Position *pos, int f[T_NB]);

/* The game phase, 0 (bare) .. EVAL_PHASE_MAX (every start piece on the board), under w's phase
 * weights. */
int eval_phase(const Position *pos, const Weights *w);

/* Coefficients from the side to move's view (see above), under w's phase weights. */
void eval_trace(const Position *pos, const Weights *w, int coef[W_NB]);

/* Score in centipawns from the side to move's view. */
int eval_evaluate(const Position *pos, const Weights *w);

/* The terms of every game under one set of weights that depend on a piece and its square alone:
 * v[game][piece][square][0] is the middle-game sum of the piece's material term, its file and
 * rank terms there and (Maxima) its palace closeness term (the sign of its colour included),
 * [1] the end-game one, [2] its type's phase weight (0 for the types the phase does not count),
 * [3] 0; phase_full[game] is the phase weights' sum over the start position.
 * eval_evaluate_pst adds one entry per piece instead of counting material and closeness and
 * looking up two terms, or takes the sums a position keeps of its game's table
 * (position_attach_sums). mg[t] and eg[t] are the scalar terms' weights (w's pairs side by
 * side in weights.h, here one array each, so that their dot product with the counts is one
 * vector loop). */
typedef struct EvalPst {
    int32_t v[VARIANT_NB][PIECE_NB][SQ_NB][4];
    int32_t phase_full[VARIANT_NB];
    int32_t mg[T_PST_FIRST], eg[T_PST_FIRST];
} EvalPst;

/* Fills pst for the weights w (after eval_init). */
void eval_pst_build(EvalPst *pst, const Weights *w);

/* eval_evaluate(pos, w), the piece-square terms taken from pst (eval_pst_build of w). */
int eval_evaluate_pst(const Position *pos, const Weights *w, const EvalPst *pst);

/* What a defensive player of colour `own` weighs beyond the evaluation (the search adds a share
 * of it, Engine.defence): the safety terms of its own side under w, blended by the phase as the
 * evaluation is (its material lost since the start, its frozen pieces, its King frozen and
 * sheltered) and the enemy's threats to its King (king_pressure, immobilizer_king,
 * king_wrap_pressure, king_attack.*), from the side to move's view. Not part of the trace: a
 * player setting, as the search parameters are. */
int eval_defence(const Position *pos, const Weights *w, int own);

#endif
