/* spsa.c: the SPSA optimiser. */
#include "spsa.h"

#include <math.h>
#include <string.h>

#include "tune/stats/rng.h"

/* Sets up the schedule and theta (see spsa.h). */
void spsa_init(Spsa *s, const SpsaParam *params, int n, long iterations, double A, double alpha,
               double gamma, uint64_t seed)
{
    memset(s, 0, sizeof *s);
    s->n = n;
    s->iterations = iterations;
    s->A = A > 0 ? floor(A) : 0; /* fishtest's int(A_ratio * N) */
    s->alpha = alpha;
    s->gamma = gamma;
    s->seed = seed;
    for (int i = 0; i < n; i++) {
        s->p[i] = params[i];
        s->p[i].c = params[i].c_end * pow((double)iterations, gamma);
        s->p[i].a = params[i].r_end * params[i].c_end * params[i].c_end *
                    pow(s->A + (double)iterations, alpha);
        s->theta[i] = params[i].start;
    }
}

/* Clips v to [lo, hi]. */
static double clip(double v, double lo, double hi) { return v < lo ? lo : v > hi ? hi : v; }

/* Rounds v to an integer, up with probability frac(v). */
static int round_stochastic(double v, Rng *rng)
{
    double f = floor(v);
    return (int)f + (rng_uniform(rng) < v - f);
}

void spsa_point(const Spsa *s, long k, SpsaPoint *pt)
{
    Rng flip = rng_for(s->seed, RNG_SPSA_FLIP, (uint64_t)k);
    Rng round = rng_for(s->seed, RNG_SPSA_ROUND, (uint64_t)k);
    for (int i = 0; i < s->n; i++) {
        const SpsaParam *p = &s->p[i];
        pt->delta[i] = (rng_next(&flip) & 1) ? 1 : -1;
        pt->ck[i] = p->c / pow((double)k, s->gamma);
        double up = clip(s->theta[i] + pt->ck[i] * pt->delta[i], p->min, p->max);
        double down = clip(s->theta[i] - pt->ck[i] * pt->delta[i], p->min, p->max);
        pt->plus[i] = round_stochastic(up, &round);
        pt->minus[i] = round_stochastic(down, &round);
    }
}

void spsa_update(Spsa *s, long k, const SpsaPoint *pt, double r)
{
    for (int i = 0; i < s->n; i++) {
        const SpsaParam *p = &s->p[i];
        double ak = p->a / pow(s->A + (double)k, s->alpha);
        s->theta[i] = clip(s->theta[i] + ak / pt->ck[i] * r * pt->delta[i], p->min, p->max);
    }
}

void spsa_apply(const Spsa *s, Weights *w)
{
    for (int i = 0; i < s->n; i++)
        for (int k = 0; k < s->p[i].set.n; k++)
            w->v[s->p[i].set.idx[k]] = (int)lround(s->theta[i]);
}
