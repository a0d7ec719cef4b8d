/* limit.h: where a measured value stops moving with the engine's search: the limit of a piece's
 * value v as n, the nodes per move, grows, from its values at a few settings n_1 < ... < n_m,
 * each with a standard error.
 *
 * The model: a weighted least-squares line in x = 1 / log2(n),
 *     v(n) = a + b x,   x = 1 / log2(n),
 * so the limit is a = v at x -> 0 (n -> infinity), and the fitted value at a setting approaches
 * it as 1 / log2(n): each doubling of the nodes moves the value less than the one before. Why
 * this model and not the three-parameter a - b exp(-c log2 n) (or a - b n^-c): it is linear in
 * its parameters, so the fit has one answer, computed in closed form (GSL's gsl_fit_wlinear,
 * weights 1 / se^2), and the limit's interval is exact for Gaussian errors; the exponential's
 * rate c is barely determined by six settings with errors of +-0.3 (its limit's interval runs
 * off to infinity when c is near 0), and a curve with three parameters through three settings
 * leaves nothing to judge it by. The price: a curve of this one shape. The line may be fitted to
 * values that still rise straight in log2(n) too, and then says so (a large gap below).
 *
 * Errors: the settings' standard errors are taken as known (each from thousands of games), so
 * every 95% interval here is +-1.96 standard errors (the normal quantile, STATS_Z95, the same
 * quantile everywhere, no t). When the values scatter about the line more than their errors
 * allow (the residual chi2 / dof > 1, dof = m - 2), the parameters' covariance is multiplied by
 * chi2 / dof (the Birge ratio squared): a curve that misses its points is not a precise one.
 * With Gaussian errors and a true curve of this shape, the limit's interval then covers the true
 * limit slightly more often than 95% (96.3% of 2000 trials at the six settings 500..16000 nodes
 * with errors near 0.15: tests/test_limit.c; 96.2% in theory, chi2 having 4 dof).
 *
 * What it can tell: the limit is an extrapolation from x in [0.072, 0.112] (16000..500 nodes) to
 * 0, so its error is about 2.7 times a setting's (+-0.8 pincer at errors of 0.15), and the gap's
 * 95% interval about +-0.63: at errors of 0.15 (+-0.3 per setting) the verdict can be "still
 * moving" or "undetermined", not "settled"; that needs each setting to about +-0.14.
 *
 * The verdict, for a tolerance t (0.3 pincer in the study): the gap g = v(n_m) - a, the fitted
 * value at the top setting minus the limit (= b x_m), and its 95% interval say
 * - "settled" when the interval lies inside [-t, t]: the top setting is within t of the limit;
 * - "still moving" when the interval lies wholly outside [-t, t];
 * - "undetermined" otherwise, and whenever there are fewer than 3 settings (a line through two
 *   points has no residual to judge it by; the limit is then not fitted).
 * Alongside, a test that needs no model: the two top settings' values differ by
 * d = v_m - v_(m-1), z = d / sqrt(se_m^2 + se_(m-1)^2), two-sided normal p. */
#ifndef MAXTUNE_TUNE_LIMIT_H
#define MAXTUNE_TUNE_LIMIT_H

#include <stdbool.h>

/* The most settings limit_fit takes. */
enum { LIMIT_MAX_POINTS = 64 };

/* The verdict of a fit (see above). */
typedef enum LimitVerdict { LIMIT_UNDETERMINED, LIMIT_SETTLED, LIMIT_MOVING } LimitVerdict;

/* A fit of v = a + b / log2(n) and what it says. The intervals are 95%, +-STATS_Z95 standard
 * errors; fields of a part not computed (fitted false, top false) are NAN. */
typedef struct LimitFit {
    int m;                       /* the settings used (those with a value and a finite error) */
    double n_top;                /* the largest nodes among them */
    bool fitted;                 /* m >= 3 with two distinct nodes: a, b and the rest are set */
    double a, b;                 /* the line: v = a + b x, x = 1 / log2(n) */
    double var_a, cov_ab, var_b; /* their covariance matrix, inflated by scale */
    double chi2;                 /* the weighted squared residuals about the line (m - 2 dof) */
    double scale;                /* max(1, chi2 / (m - 2)): the factor applied to the covariance */
    double limit_lo, limit_hi;   /* a's 95% interval */
    double gap, gap_lo, gap_hi;  /* v(n_top) - a = b x_top and its 95% interval */
    bool top;                    /* m >= 2: the two top settings' test is set */
    double top_diff, top_se;     /* v at the top setting minus v at the next, and its error */
    double top_z, top_p;         /* top_diff / top_se and the two-sided normal p of no difference */
    LimitVerdict verdict;
} LimitFit;

/* x = 1 / log2(n), the model's variable (n > 1). */
double limit_x(double n);

/* Fits the m settings (nodes n[k] > 1, values v[k], standard errors se[k]) into f; a setting
 * whose v or se is not finite, or se not positive, is left out. tolerance: the verdict's t.
 * Always fills f (verdict undetermined when it cannot say); returns f->fitted. */
bool limit_fit(const double *n, const double *v, const double *se, int m, double tolerance,
               LimitFit *f);

/* The fitted curve at nodes n (n = INFINITY: the limit) and its standard error; NAN unless
 * f->fitted. */
double limit_curve(const LimitFit *f, double n, double *se);

/* "settled", "still moving" or "undetermined". */
const char *limit_verdict_name(LimitVerdict v);

/* The difference of two fits' limits, a's minus b's, and its 95% interval (the fits taken as
 * independent: their values come from different games); false, with NANs, unless both are
 * fitted. */
bool limit_difference(const LimitFit *a, const LimitFit *b, double *d, double *lo, double *hi);

#endif
