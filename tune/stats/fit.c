/* fit.c: loss, gradient, Hessian and minimisers of the outcome fit (see fit.h).
 *
 * The problem keeps its own compact copy of the traces: per position the evaluation of the
 * fixed weights (offset), the result, and only the entries of fitted weights, renumbered
 * 0..m-1. A loss + gradient pass then reads ~3 bytes per entry and never looks at a fixed one.
 *
 * Positions are cut into blocks of whole games (BLOCK positions or a little more). Each block's
 * sums go into its own slot; the slots are added in block order afterwards. An OpenMP
 * `reduction` clause would add per-thread partial sums in an order that depends on the number
 * of threads, changing the last bits of the result; fixed blocks keep every figure
 * reproducible, and no two threads ever write the same memory. */
#include "fit.h"

/* Before the system headers: core/geometry.h names an enumerator LINE_MAX, which limits.h
 * (through GSL) defines as a macro. */
#include "search/eval.h"

#include <math.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_min.h>
#include <gsl/gsl_multimin.h>

#include "tune/stats/rng.h"

/* BLOCK: positions per block (whole games, so a little more). PARALLEL_MIN: below this many
 * positions a pass takes well under a millisecond, less than waking the other threads costs. */
enum { BLOCK = 8192, PARALLEL_MIN = 65536 };

struct Fit {
    long n; /* positions */
    int m;  /* fitted parameters */
    FitLoss loss;
    double k, a; /* scale K, and a = K ln(10) / 400 / EVAL_TRACE_SCALE: p = 1 / (1 + exp(-a t)),
                  * t the trace sum (sum x_j w_j) */
    int threads;
    double *offset;    /* evaluation of the fixed weights per position */
    double *r;         /* target: result for the side to move (0, 0.5, 1), or a blend */
    uint32_t *start;   /* n + 1 offsets into idx/coef */
    uint16_t *idx;     /* parameter number per entry */
    int32_t *coef;     /* coefficient per entry */
    uint32_t *cluster; /* game number 0..nclusters-1 per position */
    long nclusters;
    double *cweight;              /* weight per game (bootstrap), or NULL: all 1 */
    double scale[FIT_MAX_PARAMS]; /* optimiser unit of each parameter in centipawns */
    long nblocks;
    long *block;           /* nblocks + 1 position boundaries, at game boundaries */
    double *part;          /* per block: weight sum, loss sum, gradient sums (m) */
    double *hpart, *bpart; /* per block: Hessian and clustered meat (m x m each), lazily */
    double lambda;         /* regularisation toward theta0, 0 = none */
    double *theta0;        /* m start values, with lambda */
};

/* Maps every weight to the parameter whose set holds it (-1: fixed) in local[W_NB]; false when
 * a set is empty, out of range or overlaps another. */
static bool fit_map_params(const WeightSet *params, int m, int *local)
{
    for (int i = 0; i < W_NB; i++)
        local[i] = -1;
    for (int j = 0; j < m; j++) {
        if (params[j].n < 1 || params[j].n > WEIGHT_SET_MAX)
            return false;
        for (int k = 0; k < params[j].n; k++) {
            int w = params[j].idx[k];
            if (w < 0 || w >= W_NB || local[w] >= 0)
                return false;
            local[w] = j;
        }
    }
    return true;
}

/* Copies position i of t into f's compact arrays from entry *k on: the fixed weights' evaluation
 * into offset[i], one entry per parameter present (the integer sum of its weights' coefficients,
 * at the place of its first weight; sums of zero dropped). at[j]: where parameter j's entry
 * went. False when a sum overflows 32 bits. */
static bool fit_copy_position(Fit *f, const Traces *t, long i, const int *local,
                              const Weights *base, uint32_t *at, long *k)
{
    double off = 0;
    long first = *k;
    for (uint64_t e = t->start[i]; e < t->start[i + 1]; e++) {
        int w = t->index[e], j = local[w];
        if (j < 0) {
            off += (double)t->coef[e] * base->v[w];
        } else if (at[j] >= first && at[j] < *k && f->idx[at[j]] == j) {
            int64_t sum = (int64_t)f->coef[at[j]] + t->coef[e];
            if (sum < INT32_MIN || sum > INT32_MAX)
                return false;
            f->coef[at[j]] = (int32_t)sum;
        } else {
            at[j] = (uint32_t)*k;
            f->idx[*k] = (uint16_t)j;
            f->coef[(*k)++] = t->coef[e];
        }
    }
    long kept = first;
    for (long e = first; e < *k; e++)
        if (f->coef[e] != 0) {
            f->idx[kept] = f->idx[e];
            f->coef[kept++] = f->coef[e];
        }
    *k = kept;
    f->offset[i] = off;
    return true;
}

/* Allocates the per-position and per-entry arrays of f (active: entries of fitted weights);
 * false when out of memory. */
static bool fit_alloc(Fit *f, size_t n, long active)
{
    f->offset = malloc((n + 1) * sizeof *f->offset);
    f->r = malloc((n + 1) * sizeof *f->r);
    f->start = malloc((n + 1) * sizeof *f->start);
    f->cluster = malloc((n + 1) * sizeof *f->cluster);
    f->block = malloc((n / BLOCK + 2) * sizeof *f->block);
    f->idx = malloc(((size_t)active + 1) * sizeof *f->idx);
    f->coef = malloc(((size_t)active + 1) * sizeof *f->coef);
    return f->offset && f->r && f->start && f->cluster && f->block && f->idx && f->coef;
}

/* The optimiser's unit of each parameter from the k compact entries. */
static void fit_set_scales(Fit *f, long k)
{
    /* The optimisers see x_j = theta_j / scale_j, with scale_j = 1 pawn / RMS coefficient of
     * parameter j (in evaluation units: coefficient / EVAL_TRACE_SCALE): a pawn's worth of
     * evaluation per unit whatever the feature's range (a mobility count moves by ~10, a
     * material count by ~1), so the loss is about as curved in every direction and BFGS needs
     * few iterations. */
    double sq[FIT_MAX_PARAMS] = {0};
    for (long e = 0; e < k; e++)
        sq[f->idx[e]] += (double)f->coef[e] * f->coef[e];
    for (int j = 0; j < f->m; j++)
        f->scale[j] = sq[j] > 0 ? 100.0 * EVAL_TRACE_SCALE / sqrt(sq[j] / (double)(f->n ? f->n : 1))
                                : 100.0;
}

Fit *fit_new_sets(const Traces *t, const WeightSet *params, int m, const Weights *base,
                  FitLoss loss, int threads)
{
    int local[W_NB];
    if (m < 1 || m > FIT_MAX_PARAMS || t->nterms >= (long)UINT32_MAX ||
        !fit_map_params(params, m, local))
        return NULL;
    Fit *f = calloc(1, sizeof *f);
    uint32_t *at = calloc((size_t)m, sizeof *at);
    long active = 0;
    for (long e = 0; e < t->nterms; e++)
        active += local[t->index[e]] >= 0;
    if (!f || !at || !fit_alloc(f, (size_t)t->n, active)) {
        free(at);
        fit_free(f);
        return NULL;
    }
    f->n = t->n;
    f->m = m;
    f->loss = loss;
    f->threads = threads > 0 ? threads : omp_get_max_threads();
    fit_set_k(f, 1.0);
    long k = 0;
    f->start[0] = 0;
    f->block[0] = 0;
    bool ok = true;
    for (long i = 0; i < t->n && ok; i++) {
        ok = fit_copy_position(f, t, i, local, base, at, &k);
        f->r[i] = t->result[i] * 0.5;
        f->start[i + 1] = (uint32_t)k;
        bool new_game = i > 0 && t->game[i] != t->game[i - 1];
        f->cluster[i] = (uint32_t)(i == 0 ? 0 : f->cluster[i - 1] + new_game);
        if (new_game && i - f->block[f->nblocks] >= BLOCK)
            f->block[++f->nblocks] = i;
    }
    free(at);
    f->nclusters = t->n ? (long)f->cluster[t->n - 1] + 1 : 0;
    fit_set_scales(f, k);
    f->block[++f->nblocks] = t->n;
    f->part = malloc((size_t)f->nblocks * (size_t)(m + 2) * sizeof *f->part);
    if (!ok || !f->part) {
        fit_free(f);
        return NULL;
    }
    return f;
}

bool fit_set_targets(Fit *f, const Traces *t, double lambda)
{
    if (!t->scored || t->n != f->n || !(lambda >= 0 && lambda <= 1))
        return false;
    for (long i = 0; i < f->n; i++) {
        /* sigma(K score) = 1 / (1 + exp(-a s)), s the trace sum: score * EVAL_TRACE_SCALE. */
        double z = f->a * (double)t->score[i] * EVAL_TRACE_SCALE;
        double target = 1 / (1 + exp(-z));
        f->r[i] = (1 - lambda) * (t->result[i] * 0.5) + lambda * target;
    }
    return true;
}

Fit *fit_new(const Traces *t, const int *params, int m, const Weights *base, FitLoss loss,
             int threads)
{
    if (m < 1 || m > FIT_MAX_PARAMS)
        return NULL;
    WeightSet sets[FIT_MAX_PARAMS];
    for (int j = 0; j < m; j++)
        sets[j] = (WeightSet){1, {params[j]}};
    return fit_new_sets(t, sets, m, base, loss, threads);
}

void fit_free(Fit *f)
{
    if (!f)
        return;
    free(f->offset);
    free(f->r);
    free(f->start);
    free(f->idx);
    free(f->coef);
    free(f->cluster);
    free(f->cweight);
    free(f->block);
    free(f->part);
    free(f->hpart);
    free(f->bpart);
    free(f->theta0);
    free(f);
}

void fit_set_k(Fit *f, double k)
{
    f->k = k;
    /* The evaluation is the trace sum over EVAL_TRACE_SCALE: the division goes into a, so that
     * every derivative below is per unit of the trace sum. */
    f->a = k * log(10.0) / 400.0 / (double)EVAL_TRACE_SCALE;
}

double fit_get_k(const Fit *f) { return f->k; }

int fit_params(const Fit *f) { return f->m; }

/* Trace sum of position i under theta (EVAL_TRACE_SCALE times its evaluation). */
static inline double fit_eval(const Fit *f, long i, const double *th)
{
    double s = f->offset[i];
    for (uint32_t e = f->start[i]; e < f->start[i + 1]; e++)
        s += f->coef[e] * th[f->idx[e]];
    return s;
}

/* Loss of one position with evaluation s and result r; its first and second derivatives with
 * respect to s into d1 and (when not NULL) d2. */
static inline double fit_terms(const Fit *f, double s, double r, double *d1, double *d2)
{
    double z = f->a * s, e = exp(-fabs(z));
    double p = z >= 0 ? 1 / (1 + e) : e / (1 + e), pq = p * (1 - p);
    if (f->loss == FIT_CROSS_ENTROPY) {
        *d1 = f->a * (p - r);
        if (d2)
            *d2 = f->a * f->a * pq;
        return (z > 0 ? z : 0) + log1p(e) - r * z;
    }
    double diff = r - p;
    *d1 = -2 * diff * f->a * pq;
    if (d2)
        *d2 = 2 * f->a * f->a * (pq * pq - diff * pq * (1 - 2 * p));
    return diff * diff;
}

/* Weight of position i: its game's bootstrap multiplicity, or 1. */
static inline double fit_weight(const Fit *f, long i)
{
    return f->cweight ? f->cweight[f->cluster[i]] : 1.0;
}

bool fit_set_regularization(Fit *f, double lambda, const double *theta0)
{
    if (!f->theta0 && !(f->theta0 = malloc((size_t)f->m * sizeof *f->theta0)))
        return false;
    memcpy(f->theta0, theta0, (size_t)f->m * sizeof *theta0);
    f->lambda = lambda;
    return true;
}

/* Adds the regularisation at theta to a mean loss (returned) and its gradient (when not
 * NULL). */
static double fit_penalty(const Fit *f, const double *theta, double loss, double *grad)
{
    if (f->lambda <= 0)
        return loss;
    const double u2 = FIT_REG_UNIT * FIT_REG_UNIT;
    for (int j = 0; j < f->m; j++) {
        double d = theta[j] - f->theta0[j];
        loss += f->lambda * d * d / u2;
        if (grad)
            grad[j] += 2 * f->lambda * d / u2;
    }
    return loss;
}

double fit_loss(Fit *f, const double *theta, double *grad)
{
    const int m = f->m, stride = m + 2;
#pragma omp parallel for schedule(dynamic, 1) num_threads(f->threads) if (f->n >= PARALLEL_MIN)
    for (long b = 0; b < f->nblocks; b++) {
        double g[FIT_MAX_PARAMS] = {0}, loss = 0, wsum = 0;
        for (long i = f->block[b]; i < f->block[b + 1]; i++) {
            double w = fit_weight(f, i), d1;
            if (w == 0)
                continue;
            double l = fit_terms(f, fit_eval(f, i, theta), f->r[i], &d1, NULL);
            loss += w * l;
            wsum += w;
            if (grad) {
                d1 *= w;
                for (uint32_t e = f->start[i]; e < f->start[i + 1]; e++)
                    g[f->idx[e]] += d1 * f->coef[e];
            }
        }
        double *slot = f->part + b * stride;
        slot[0] = wsum;
        slot[1] = loss;
        memcpy(slot + 2, g, (size_t)m * sizeof *g);
    }
    double wsum = 0, loss = 0;
    if (grad)
        memset(grad, 0, (size_t)m * sizeof *grad);
    for (long b = 0; b < f->nblocks; b++) {
        const double *slot = f->part + b * stride;
        wsum += slot[0];
        loss += slot[1];
        for (int j = 0; grad && j < m; j++)
            grad[j] += slot[2 + j];
    }
    if (wsum > 0) {
        loss /= wsum;
        for (int j = 0; grad && j < m; j++)
            grad[j] /= wsum;
    }
    return fit_penalty(f, theta, loss, grad);
}

/* Adds w u u^T into the m x m meat bm over the parameters touched[0..nt-1] (the others have
 * u = 0, so their cells would only get zeros: the sums are the same bit for bit). */
static void fit_add_meat(double *bm, int m, double w, double *u, const int *touched, int nt)
{
    for (int a = 0; a < nt; a++)
        for (int b = 0; b < nt; b++)
            bm[touched[a] * m + touched[b]] += w * u[touched[a]] * u[touched[b]];
}

/* Block b's sums at theta: the Hessian of its summed loss into h, the clustered meat into bm
 * (when not NULL), the summed loss and weight into its part slot. */
static void fit_second_block(Fit *f, long b, const double *theta, double *h, double *bm)
{
    const int m = f->m;
    double u[FIT_MAX_PARAMS] = {0}, l = 0, ws = 0;
    int touched[FIT_MAX_PARAMS], nt = 0;
    bool seen[FIT_MAX_PARAMS] = {false};
    memset(h, 0, (size_t)m * m * sizeof *h);
    if (bm)
        memset(bm, 0, (size_t)m * m * sizeof *bm);
    for (long i = f->block[b]; i < f->block[b + 1]; i++) {
        double w = fit_weight(f, i), d1, d2;
        if (w != 0) {
            l += w * fit_terms(f, fit_eval(f, i, theta), f->r[i], &d1, &d2);
            ws += w;
            for (uint32_t e = f->start[i]; e < f->start[i + 1]; e++) {
                int x = f->idx[e];
                double cx = f->coef[e];
                u[x] += d1 * cx;
                if (!seen[x])
                    seen[x] = true, touched[nt++] = x;
                for (uint32_t e2 = f->start[i]; e2 < f->start[i + 1]; e2++)
                    h[x * m + f->idx[e2]] += w * d2 * cx * f->coef[e2];
            }
        }
        bool game_ends = i + 1 == f->block[b + 1] || f->cluster[i + 1] != f->cluster[i];
        if (game_ends) {
            /* A game drawn c times by the bootstrap counts c times. */
            if (bm)
                fit_add_meat(bm, m, w, u, touched, nt);
            for (int a = 0; a < nt; a++)
                u[touched[a]] = 0, seen[touched[a]] = false;
            nt = 0;
        }
    }
    f->part[b * (m + 2)] = ws;
    f->part[b * (m + 2) + 1] = l;
}

/* Sums over positions at theta: the Hessian of the summed loss (with the regularisation's,
 * times the summed weight) into H, the clustered meat
 * sum_g u_g u_g^T (u_g: gradient of game g's summed loss) into B when not NULL, and the summed
 * loss and weight into *loss and *wsum. The per-block matrices (2 m^2 doubles a block) are
 * kept for the next call. */
static bool fit_second(Fit *f, const double *theta, double *H, double *B, double *loss,
                       double *wsum)
{
    const int m = f->m, mm = m * m;
    if (!f->hpart)
        f->hpart = malloc((size_t)f->nblocks * (size_t)mm * sizeof *f->hpart);
    if (B && !f->bpart)
        f->bpart = malloc((size_t)f->nblocks * (size_t)mm * sizeof *f->bpart);
    if (!f->hpart || (B && !f->bpart))
        return false;
#pragma omp parallel for schedule(dynamic, 1) num_threads(f->threads) if (f->n >= PARALLEL_MIN)
    for (long b = 0; b < f->nblocks; b++)
        fit_second_block(f, b, theta, f->hpart + b * mm, B ? f->bpart + b * mm : NULL);
    memset(H, 0, (size_t)mm * sizeof *H);
    if (B)
        memset(B, 0, (size_t)mm * sizeof *B);
    *loss = *wsum = 0;
    for (long b = 0; b < f->nblocks; b++) {
        for (int x = 0; x < mm; x++) {
            H[x] += f->hpart[b * mm + x];
            if (B)
                B[x] += f->bpart[b * mm + x];
        }
        *wsum += f->part[b * (m + 2)];
        *loss += f->part[b * (m + 2) + 1];
    }
    /* The regularisation's Hessian, scaled to the summed loss; *loss stays the data's. */
    for (int x = 0; f->lambda > 0 && x < m; x++)
        H[x * m + x] += *wsum * 2 * f->lambda / (FIT_REG_UNIT * FIT_REG_UNIT);
    return true;
}

/* Inverts the symmetric matrix A (m x m) into inv by Cholesky; false when not positive
 * definite. */
static bool invert_spd(const double *A, int m, double *inv)
{
    gsl_matrix *M = gsl_matrix_alloc((size_t)m, (size_t)m);
    if (!M)
        return false;
    memcpy(M->data, A, (size_t)m * m * sizeof *A);
    gsl_error_handler_t *old = gsl_set_error_handler_off();
    bool ok = gsl_linalg_cholesky_decomp1(M) == GSL_SUCCESS &&
              gsl_linalg_cholesky_invert(M) == GSL_SUCCESS;
    gsl_set_error_handler(old);
    if (ok)
        memcpy(inv, M->data, (size_t)m * m * sizeof *inv);
    gsl_matrix_free(M);
    return ok;
}

/* Names the parameter the Hessian is most degenerate in (smallest diagonal). */
static int weakest_param(const double *H, int m)
{
    int j = 0;
    for (int x = 1; x < m; x++)
        if (H[x * m + x] < H[j * m + j])
            j = x;
    return j;
}

/* out = A B for m x m matrices. */
static void mat_mul(const double *A, const double *B, int m, double *out)
{
    for (int x = 0; x < m; x++)
        for (int y = 0; y < m; y++) {
            double s = 0;
            for (int z = 0; z < m; z++)
                s += A[x * m + z] * B[z * m + y];
            out[x * m + y] = s;
        }
}

void fit_errors_free(FitErrors *e)
{
    free(e->cov_hessian);
    free(e->cov_clustered);
    memset(e, 0, sizeof *e);
}

/* The two covariances from the summed Hessian H, its inverse Hi, the meat B and the summed loss
 * (see fit_errors); tmp: m x m scratch. */
static void fit_covariances(const Fit *f, const double *Hi, const double *B, double loss,
                            double *tmp, FitErrors *out)
{
    const int m = f->m;
    /* Model-based: the inverse Hessian of the summed negative log-likelihood; for the squared
     * error, the Gauss-Newton covariance s^2 (J^T J)^-1 = 2 s^2 H^-1, s^2 = RSS / (n - m). */
    double scale = 1;
    if (f->loss == FIT_SQUARED)
        scale = f->n > m ? 2 * loss / (double)(f->n - m) : 0;
    for (int x = 0; x < m * m; x++)
        out->cov_hessian[x] = scale * Hi[x];
    /* Clustered: H^-1 B H^-1, with the small-sample factor G/(G-1) (N-1)/(N-m). */
    double G = (double)f->nclusters, N = (double)f->n;
    double c = G > 1 && N > m ? G / (G - 1) * (N - 1) / (N - m) : 1;
    mat_mul(Hi, B, m, tmp);
    mat_mul(tmp, Hi, m, out->cov_clustered);
    for (int x = 0; x < m * m; x++)
        out->cov_clustered[x] *= c;
}

bool fit_errors(Fit *f, const double *theta, FitErrors *out, char *err, size_t errlen)
{
    const int m = f->m;
    size_t mm = (size_t)m * m;
    memset(out, 0, sizeof *out);
    double *H = malloc(4 * mm * sizeof *H), *B = H + mm, *Hi = B + mm, *tmp = Hi + mm;
    out->cov_hessian = malloc(mm * sizeof *out->cov_hessian);
    out->cov_clustered = malloc(mm * sizeof *out->cov_clustered);
    double loss, wsum;
    bool ok = H && out->cov_hessian && out->cov_clustered;
    if (!ok || !fit_second(f, theta, H, B, &loss, &wsum)) {
        snprintf(err, errlen, "out of memory");
        ok = false;
    } else if (!invert_spd(H, m, Hi)) {
        snprintf(err, errlen,
                 "the Hessian is not positive definite: the data do not determine parameter %d "
                 "(or a combination of parameters)",
                 weakest_param(H, m) + 1);
        ok = false;
    } else {
        out->loss = wsum > 0 ? loss / wsum : 0;
        out->positions = f->n;
        out->games = f->nclusters;
        fit_covariances(f, Hi, B, loss, tmp, out);
    }
    free(H);
    if (!ok)
        fit_errors_free(out);
    return ok;
}

/* Newton steps on the exact Hessian until every step is below 0.1% of that parameter's
 * standard error (at most 8 steps, each halved until the loss does not rise). */
static void fit_polish(Fit *f, double *theta)
{
    const int m = f->m;
    double *H = malloc(2 * (size_t)m * m * sizeof *H), *Hi = H ? H + (size_t)m * m : NULL;
    double g[FIT_MAX_PARAMS], step[FIT_MAX_PARAMS], trial[FIT_MAX_PARAMS];
    for (int it = 0; H && it < 8; it++) {
        double loss, wsum;
        if (!fit_second(f, theta, H, NULL, &loss, &wsum) || !invert_spd(H, m, Hi))
            break;
        double now = fit_loss(f, theta, g);
        bool small = true;
        for (int x = 0; x < m; x++) {
            double s = 0;
            for (int y = 0; y < m; y++)
                s -= Hi[x * m + y] * g[y] * wsum;
            step[x] = s;
            small = small && fabs(s) <= 1e-3 * sqrt(Hi[x * m + x]);
        }
        if (small)
            break;
        for (double t = 1; t > 1.0 / 64; t /= 2) {
            for (int x = 0; x < m; x++)
                trial[x] = theta[x] + t * step[x];
            if (fit_loss(f, trial, NULL) <= now) {
                memcpy(theta, trial, (size_t)m * sizeof *theta);
                break;
            }
        }
    }
    free(H);
}

/* The problem and its current point, for the GSL callbacks (which work in pawns). */
typedef struct Minim {
    Fit *f;
    double theta[FIT_MAX_PARAMS], grad[FIT_MAX_PARAMS];
} Minim;

/* Copies a GSL vector in optimiser units into theta in centipawns. */
static void to_theta(Minim *mn, const gsl_vector *x)
{
    for (int j = 0; j < mn->f->m; j++)
        mn->theta[j] = gsl_vector_get(x, (size_t)j) * mn->f->scale[j];
}

/* Norm of a gradient per centipawn, in optimiser units. */
static double scaled_norm(const Fit *f, const double *g)
{
    double s = 0;
    for (int j = 0; j < f->m; j++)
        s += g[j] * g[j] * f->scale[j] * f->scale[j];
    return sqrt(s);
}

/* GSL objective. */
static double gsl_f(const gsl_vector *x, void *p)
{
    Minim *mn = p;
    to_theta(mn, x);
    return fit_loss(mn->f, mn->theta, NULL);
}

/* GSL objective and gradient (optimiser units). */
static void gsl_fdf(const gsl_vector *x, void *p, double *fx, gsl_vector *g)
{
    Minim *mn = p;
    to_theta(mn, x);
    double l = fit_loss(mn->f, mn->theta, mn->grad);
    if (fx)
        *fx = l;
    for (int j = 0; j < mn->f->m; j++)
        gsl_vector_set(g, (size_t)j, mn->grad[j] * mn->f->scale[j]);
}

/* GSL gradient (optimiser units). */
static void gsl_df(const gsl_vector *x, void *p, gsl_vector *g) { gsl_fdf(x, p, NULL, g); }

/* Euclidean norm of a GSL vector. */
static double norm(const gsl_vector *v) { return gsl_blas_dnrm2(v); }

/* BFGS2 with the analytic gradient. */
static int minimize_bfgs(Fit *f, double *theta, const FitOptions *opt, FitCurveFn fn, void *data,
                         char *err, size_t errlen)
{
    const int m = f->m;
    Minim mn = {.f = f};
    gsl_multimin_function_fdf F = {gsl_f, gsl_df, gsl_fdf, (size_t)m, &mn};
    gsl_vector *x = gsl_vector_alloc((size_t)m);
    gsl_multimin_fdfminimizer *s = gsl_multimin_fdfminimizer_alloc(
        gsl_multimin_fdfminimizer_vector_bfgs2, (size_t)m);
    if (!x || !s) {
        gsl_vector_free(x);
        gsl_multimin_fdfminimizer_free(s);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (int j = 0; j < m; j++)
        gsl_vector_set(x, (size_t)j, theta[j] / f->scale[j]);
    gsl_multimin_fdfminimizer_set(s, &F, x, 0.1, 0.1);
    if (fn)
        fn(data, 0, s->f, norm(s->gradient), theta);
    int it = 0, status = GSL_CONTINUE;
    while (status == GSL_CONTINUE && it < opt->max_iterations) {
        it++;
        status = gsl_multimin_fdfminimizer_iterate(s);
        for (int j = 0; j < m; j++)
            theta[j] = gsl_vector_get(s->x, (size_t)j) * f->scale[j];
        if (fn)
            fn(data, it, s->f, norm(s->gradient), theta);
        if (status == GSL_ENOPROG) /* no better point along the line: converged to precision */
            break;
        if (status)
            break;
        status = gsl_multimin_test_gradient(s->gradient, opt->tolerance);
    }
    gsl_multimin_fdfminimizer_free(s);
    gsl_vector_free(x);
    if (opt->polish) {
        fit_polish(f, theta);
        if (fn) {
            double g[FIT_MAX_PARAMS], l = fit_loss(f, theta, g);
            fn(data, ++it, l, scaled_norm(f, g), theta);
        }
    }
    return it;
}

/* Nelder-Mead simplex (nmsimplex2), no derivatives. */
static int minimize_simplex(Fit *f, double *theta, const FitOptions *opt, FitCurveFn fn, void *data,
                            char *err, size_t errlen)
{
    const int m = f->m;
    Minim mn = {.f = f};
    gsl_multimin_function F = {gsl_f, (size_t)m, &mn};
    gsl_vector *x = gsl_vector_alloc((size_t)m), *step = gsl_vector_alloc((size_t)m);
    gsl_multimin_fminimizer *s = gsl_multimin_fminimizer_alloc(gsl_multimin_fminimizer_nmsimplex2,
                                                               (size_t)m);
    if (!x || !step || !s) {
        gsl_vector_free(x);
        gsl_vector_free(step);
        gsl_multimin_fminimizer_free(s);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (int j = 0; j < m; j++)
        gsl_vector_set(x, (size_t)j, theta[j] / f->scale[j]);
    gsl_vector_set_all(step, 0.2);
    gsl_multimin_fminimizer_set(s, &F, x, step);
    double g[FIT_MAX_PARAMS];
    int it = 0, status = GSL_CONTINUE, max = 50 * opt->max_iterations;
    while (status == GSL_CONTINUE && it < max) {
        it++;
        status = gsl_multimin_fminimizer_iterate(s);
        if (status)
            break;
        status = gsl_multimin_test_size(gsl_multimin_fminimizer_size(s), opt->tolerance);
        if (fn && (it % 50 == 0 || status != GSL_CONTINUE)) {
            for (int j = 0; j < m; j++)
                theta[j] = gsl_vector_get(s->x, (size_t)j) * f->scale[j];
            double l = fit_loss(f, theta, g);
            fn(data, it, l, scaled_norm(f, g), theta);
        }
    }
    for (int j = 0; j < m; j++)
        theta[j] = gsl_vector_get(s->x, (size_t)j) * f->scale[j];
    gsl_multimin_fminimizer_free(s);
    gsl_vector_free(step);
    gsl_vector_free(x);
    return it;
}

int fit_minimize(Fit *f, double *theta, const FitOptions *opt, FitCurveFn fn, void *data, char *err,
                 size_t errlen)
{
    /* GSL's default handler aborts; its status codes are checked here instead. */
    gsl_error_handler_t *prev = gsl_set_error_handler_off();
    int it = opt->method == FIT_NELDER_MEAD ? minimize_simplex(f, theta, opt, fn, data, err, errlen)
                                            : minimize_bfgs(f, theta, opt, fn, data, err, errlen);
    gsl_set_error_handler(prev);
    return it;
}

/* The problem and its fixed parameters, for the one-dimensional minimiser over K. */
typedef struct KObjective {
    Fit *f;
    const double *theta;
} KObjective;

/* Mean loss as a function of K. */
static double k_loss(double k, void *p)
{
    KObjective *o = p;
    fit_set_k(o->f, k);
    return fit_loss(o->f, o->theta, NULL);
}

bool fit_tune_k(Fit *f, const double *theta, double *k, char *err, size_t errlen)
{
    KObjective o = {f, theta};
    double old = f->k;
    /* Bracket the minimum: from K = 1, step by factors of 1.5 downhill. */
    double b = 1, fb = k_loss(b, &o), a = b / 1.5, fa = k_loss(a, &o), c = b * 1.5,
           fc = k_loss(c, &o);
    while ((fa < fb || fc < fb) && a > 1e-3 && c < 100) {
        if (fa < fc) {
            c = b, fc = fb, b = a, fb = fa, a = b / 1.5, fa = k_loss(a, &o);
        } else {
            a = b, fa = fb, b = c, fb = fc, c = b * 1.5, fc = k_loss(c, &o);
        }
    }
    if (fa < fb || fc < fb) {
        fit_set_k(f, old);
        snprintf(err, errlen, "no minimum of the loss over K in [0.001, 100] (K %s)",
                 fa < fb ? "-> 0: the evaluation does not predict the results" : "-> infinity");
        return false;
    }
    gsl_function F = {k_loss, &o};
    gsl_min_fminimizer *s = gsl_min_fminimizer_alloc(gsl_min_fminimizer_brent);
    if (!s) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    gsl_error_handler_t *prev = gsl_set_error_handler_off();
    int status = gsl_min_fminimizer_set_with_values(s, &F, b, fb, a, fa, c, fc);
    for (int it = 0; status == GSL_SUCCESS && it < 100; it++) {
        status = gsl_min_fminimizer_iterate(s);
        if (status)
            break;
        if (gsl_min_test_interval(gsl_min_fminimizer_x_lower(s), gsl_min_fminimizer_x_upper(s),
                                  1e-6, 0) == GSL_SUCCESS)
            break;
    }
    gsl_set_error_handler(prev);
    *k = gsl_min_fminimizer_x_minimum(s);
    gsl_min_fminimizer_free(s);
    fit_set_k(f, *k);
    return true;
}

bool fit_bootstrap(Fit *f, const double *theta, const FitOptions *opt, int reps, uint64_t seed,
                   double *cov, FitCurveFn fn, void *data, char *err, size_t errlen)
{
    const int m = f->m;
    double *rep = malloc((size_t)reps * (size_t)m * sizeof *rep);
    f->cweight = malloc((size_t)(f->nclusters + 1) * sizeof *f->cweight);
    if (!rep || !f->cweight) {
        free(rep);
        free(f->cweight);
        f->cweight = NULL;
        snprintf(err, errlen, "out of memory");
        return false;
    }
    bool ok = true;
    FitOptions quiet = *opt;
    for (int r = 0; r < reps && ok; r++) {
        Rng rng = rng_for(seed, RNG_BOOTSTRAP, (uint64_t)r);
        memset(f->cweight, 0, (size_t)f->nclusters * sizeof *f->cweight);
        for (long g = 0; g < f->nclusters; g++)
            f->cweight[rng_below(&rng, (uint64_t)f->nclusters)] += 1;
        double *th = rep + (size_t)r * m;
        memcpy(th, theta, (size_t)m * sizeof *th);
        ok = fit_minimize(f, th, &quiet, NULL, NULL, err, errlen) >= 0;
        if (ok && fn)
            fn(data, r + 1, fit_loss(f, th, NULL), 0, th);
    }
    free(f->cweight);
    f->cweight = NULL;
    if (ok) {
        double mean[FIT_MAX_PARAMS] = {0};
        for (int r = 0; r < reps; r++)
            for (int x = 0; x < m; x++)
                mean[x] += rep[r * m + x] / reps;
        for (int x = 0; x < m; x++)
            for (int y = 0; y < m; y++) {
                double s = 0;
                for (int r = 0; r < reps; r++)
                    s += (rep[r * m + x] - mean[x]) * (rep[r * m + y] - mean[y]);
                cov[x * m + y] = reps > 1 ? s / (reps - 1) : 0;
            }
    }
    free(rep);
    return ok;
}

bool fit_ratio_interval(double a, double b, double vaa, double vbb, double vab, double z,
                        double *lo, double *hi)
{
    /* { r : (a - r b)^2 <= z^2 (vaa - 2 r vab + r^2 vbb) }, a quadratic inequality in r. */
    double z2 = z * z;
    double qa = b * b - z2 * vbb, qb = -2 * (a * b - z2 * vab), qc = a * a - z2 * vaa;
    double disc = qb * qb - 4 * qa * qc;
    if (qa <= 0 || disc < 0) {
        *lo = -INFINITY;
        *hi = INFINITY;
        return false;
    }
    double root = sqrt(disc);
    *lo = (-qb - root) / (2 * qa);
    *hi = (-qb + root) / (2 * qa);
    return true;
}
