/* spsa.h: the SPSA optimiser (Spall; as fishtest and OpenBench run it, formulas in
 * docs/methods.md), independent of games so it can be tested on synthetic objectives.
 *
 * Each parameter has start, min, max, c_end, r_end. With N iterations:
 *     c = c_end * N^gamma,  a = r_end * c_end^2 * (A + N)^alpha,
 *     c_k = c / k^gamma,    a_k = a / (A + k)^alpha        (k = 1..N)
 * Iteration k draws delta in {-1,+1}^n from (seed, k), plays theta + c_k delta against
 * theta - c_k delta, and with r = wins - losses of the plus side updates
 *     theta_i += a_k / c_k * r * delta_i,  clipped to [min, max]. */
#ifndef MAXTUNE_SPSA_H
#define MAXTUNE_SPSA_H

#include <stdint.h>

#include "search/weights.h"

enum { SPSA_MAX_PARAMS = W_NB };

/* One parameter: the weights it moves (weights.h: all of them set to its value, most often
 * one), its schedule, and its name (a weight's or a term's). */
typedef struct SpsaParam {
    WeightSet set;
    double start, min, max, c_end, r_end;
    double c, a; /* derived from the above and the schedule */
    char name[64];
} SpsaParam;

typedef struct Spsa {
    int n;
    SpsaParam p[SPSA_MAX_PARAMS];
    double theta[SPSA_MAX_PARAMS];
    long iterations;
    double A, alpha, gamma;
    uint64_t seed;
} Spsa;

/* One iteration's perturbation: the flip vector, c_k, and the integer points to play. */
typedef struct SpsaPoint {
    int delta[SPSA_MAX_PARAMS];
    double ck[SPSA_MAX_PARAMS];
    int plus[SPSA_MAX_PARAMS], minus[SPSA_MAX_PARAMS];
} SpsaPoint;

/* Sets up the schedule; theta starts at each parameter's start. A is truncated toward zero to a
 * whole number as fishtest does (spsa_workflow.py: "A": int(A_ratio * num_iter)), so that
 * A = a_ratio * iterations with a fractional product, e.g. 0.1 * 1005 = 100.5, runs as 100 here
 * as it would there. */
void spsa_init(Spsa *s, const SpsaParam *params, int n, long iterations, double A, double alpha,
               double gamma, uint64_t seed);

/* The perturbation of iteration k (1-based) around the current theta; integer points are
 * rounded stochastically with a generator seeded from (seed, k), then clipped. */
void spsa_point(const Spsa *s, long k, SpsaPoint *pt);

/* Applies the result r (plus side's wins - losses) of iteration k. */
void spsa_update(Spsa *s, long k, const SpsaPoint *pt, double r);

/* Writes theta, rounded to integers, into the weights it tunes (every weight of a parameter's
 * set). */
void spsa_apply(const Spsa *s, Weights *w);

#endif
