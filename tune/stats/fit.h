/* fit.h: fitting evaluation weights to game outcomes (Texel tuning) on trace sets.
 *
 * The model: a position with trace x (traces.h) and weights w is predicted to score
 *     p = sigma(K * s),  s = sum_j x_j w_j / EVAL_TRACE_SCALE (centipawns, in double, eval.h),
 *     sigma(v) = 1 / (1 + 10^(-v / 400)),
 * for the side to move, whose result is r in {0, 1/2, 1} (or a blend of it with the search
 * score: fit_set_targets). The loss is the mean over positions of
 * the cross-entropy -r ln p - (1 - r) ln(1 - p) or of Texel's squared error (r - p)^2.
 * A subset of the weights is fitted, as parameters: each parameter is a set of weights tied to
 * one value (weights.h: WeightSet; most often one weight), whose coefficient in a position is
 * the sum of its weights' (integer) coefficients. The other weights stay at their base values.
 *
 * Everything runs on the traces alone, never the engine. Loss, gradient and Hessian are sums
 * over blocks of whole games, computed in parallel (OpenMP) and added in block order, so that
 * the result is the same bit for bit with any number of threads.
 *
 * Standard errors come two ways: from the inverse Hessian (the model's own, valid when
 * positions are independent) and clustered by game (the sandwich H^-1 B H^-1 with B the outer
 * products of each game's gradient, Stata's CR1 correction): positions of one game share their
 * label, so only the clustered errors are honest for self-play data. A bootstrap over games is
 * available as a third. */
#ifndef MAXTUNE_FIT_H
#define MAXTUNE_FIT_H

#include <stdbool.h>
#include <stdint.h>

#include "search/weights.h"
#include "tune/stats/traces.h"

enum { FIT_MAX_PARAMS = W_NB };

/* The unit of the regularisation (fit_set_regularization), centipawns. */
#define FIT_REG_UNIT 100.0

typedef enum FitLoss { FIT_CROSS_ENTROPY, FIT_SQUARED } FitLoss;
typedef enum FitMethod { FIT_BFGS2, FIT_NELDER_MEAD } FitMethod;

/* A fitting problem: traces, the fitted weights, the fixed ones, the loss and K. */
typedef struct Fit Fit;

/* Called after every iteration of a minimiser: iteration number (0 = the start), mean loss,
 * gradient norm in the optimiser's units (parameter j moves in steps of one pawn of evaluation
 * at its RMS coefficient) and the parameters (centipawns). */
typedef void (*FitCurveFn)(void *data, int iteration, double loss, double gradient_norm,
                           const double *theta);

/* Stopping rules of fit_minimize. */
typedef struct FitOptions {
    FitMethod method;
    int max_iterations; /* BFGS iterations; Nelder-Mead gets 50 times as many */
    double tolerance;   /* BFGS: gradient norm; Nelder-Mead: simplex size (optimiser units) */
    bool polish;        /* finish with Newton steps on the exact Hessian (BFGS only) */
} FitOptions;

/* Standard errors of a fit: covariance matrices (m x m, row-major, centipawns^2), on the heap
 * (m may be hundreds: 2 m^2 doubles); fit_errors allocates them, fit_errors_free frees them.
 * A zeroed FitErrors holds none. */
typedef struct FitErrors {
    double *cov_hessian;   /* inverse Hessian */
    double *cov_clustered; /* sandwich, clustered by game */
    double loss;           /* mean loss at theta (the data's, without a regularisation) */
    long positions, games;
} FitErrors;

/* A problem over every position of t: params[0..m-1] are the fitted parameters (sets of weights,
 * no weight in two of them), every other weight is fixed at base. threads 0 = OpenMP default.
 * NULL when out of memory, m is out of range, the sets overlap or are empty, a summed
 * coefficient overflows 32 bits or t has too many entries. */
Fit *fit_new_sets(const Traces *t, const WeightSet *params, int m, const Weights *base,
                  FitLoss loss, int threads);

/* fit_new_sets with one weight per parameter: params[0..m-1] are weight indices. */
Fit *fit_new(const Traces *t, const int *params, int m, const Weights *base, FitLoss loss,
             int threads);

/* Frees a problem. */
void fit_free(Fit *f);

/* Blends the targets with the search scores of t, the set f was made from (it must have
 * scores, traces.h): position i's target becomes
 *     (1 - lambda) r_i + lambda sigma(K score_i),   0 <= lambda <= 1,
 * r_i its game result (0, 1/2, 1) and sigma the model's own logistic at f's current K, so that
 * with label = score (lambda 1) weights whose evaluation is the score fit exactly. The targets
 * are fixed from then on (a later fit_set_k does not move them): set K first (fitted on the
 * results), then the targets. lambda 0 leaves every target at r_i bit for bit. The loss and its
 * gradient keep their form: the cross-entropy with a fractional target r is
 * -r ln p - (1 - r) ln(1 - p), its gradient a (p - r) per unit of trace. False when t has no
 * scores, is not f's set or lambda is out of range. */
bool fit_set_targets(Fit *f, const Traces *t, double lambda);

/* Sets the scale K (default 1). */
void fit_set_k(Fit *f, double k);

/* The scale K. */
double fit_get_k(const Fit *f);

/* Number of fitted parameters. */
int fit_params(const Fit *f);

/* Regularisation toward a start: adds lambda sum_j ((theta_j - theta0_j) / FIT_REG_UNIT)^2 to
 * the mean loss (and its gradient and Hessian), lambda >= 0; 0 (the default) adds nothing. The
 * unit is one pawn for every parameter: a Gaussian prior of standard deviation
 * FIT_REG_UNIT / sqrt(2 N lambda) centipawns around the start (N positions), the same for a
 * weight seen in every position as for one seen in a few, so that the data move the weights
 * they determine and the penalty holds those they barely see (a rare square) near the start.
 * theta0 (m values) is copied. False when out of memory. */
bool fit_set_regularization(Fit *f, double lambda, const double *theta0);

/* Mean loss at theta (centipawns, one per parameter), with the regularisation when set; the
 * gradient per centipawn into grad when it is not NULL. */
double fit_loss(Fit *f, const double *theta, double *grad);

/* Fits K by Brent's method (GSL) with the parameters held at theta; false with a message when
 * no minimum lies in [0.001, 100]. */
bool fit_tune_k(Fit *f, const double *theta, double *k, char *err, size_t errlen);

/* Minimises the loss over theta (updated in place, centipawns), reporting every iteration to fn
 * (may be NULL). Returns the number of iterations, or -1 with a message on failure. */
int fit_minimize(Fit *f, double *theta, const FitOptions *opt, FitCurveFn fn, void *data, char *err,
                 size_t errlen);

/* Both covariance matrices at theta, newly allocated into out (whose contents are overwritten,
 * not freed); false with a message, and nothing allocated, when out of memory or the Hessian is
 * not positive definite (a parameter the data do not determine). */
bool fit_errors(Fit *f, const double *theta, FitErrors *out, char *err, size_t errlen);

/* Frees the matrices of e and zeroes it. */
void fit_errors_free(FitErrors *e);

/* Bootstrap over games: reps refits on games drawn with replacement (seeded), each started from
 * theta; writes the replicates' covariance (m x m) into cov. fn, if not NULL, is told after each
 * replicate (iteration = replicate number). */
bool fit_bootstrap(Fit *f, const double *theta, const FitOptions *opt, int reps, uint64_t seed,
                   double *cov, FitCurveFn fn, void *data, char *err, size_t errlen);

/* Fieller's 95% (or other z) interval for the ratio a / b of two estimates with variances vaa,
 * vbb and covariance vab. Returns false when b is not significantly different from zero (the
 * interval is unbounded); *lo and *hi are then +-INFINITY. */
bool fit_ratio_interval(double a, double b, double vaa, double vbb, double vab, double z,
                        double *lo, double *hi);

#endif
