/* limit.c: the limit of a value as the nodes per move grow (see limit.h). */
#include "tune/stats/limit.h"

#include <math.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_fit.h>

#include "tune/stats/stats.h"

double limit_x(double n) { return isinf(n) ? 0 : 1 / log2(n); }

/* The two top settings' test: the value at the largest nodes against the next (by nodes). */
static void fit_top_two(const double *n, const double *v, const double *se, int m, LimitFit *f)
{
    int top = 0, next = -1;
    for (int k = 1; k < m; k++)
        if (n[k] >= n[top]) {
            next = top;
            top = k;
        } else if (next < 0 || n[k] > n[next])
            next = k;
    f->n_top = n[top];
    if (next < 0)
        return;
    f->top = true;
    f->top_diff = v[top] - v[next];
    f->top_se = hypot(se[top], se[next]);
    f->top_z = f->top_diff / f->top_se;
    f->top_p = 2 * gsl_cdf_ugaussian_Q(fabs(f->top_z));
}

/* The line through the m (>= 3) kept settings, its covariance inflated by the Birge ratio
 * squared; false when the nodes do not differ. */
static bool fit_line(const double *n, const double *v, const double *se, int m, LimitFit *f)
{
    double x[LIMIT_MAX_POINTS], w[LIMIT_MAX_POINTS];
    bool spread = false;
    for (int k = 0; k < m; k++) {
        x[k] = limit_x(n[k]);
        w[k] = 1 / (se[k] * se[k]);
        spread |= x[k] != x[0];
    }
    if (!spread || gsl_fit_wlinear(x, 1, w, 1, v, 1, (size_t)m, &f->a, &f->b, &f->var_a, &f->cov_ab,
                                   &f->var_b, &f->chi2) != 0)
        return false;
    f->scale = fmax(1, f->chi2 / (m - 2));
    f->var_a *= f->scale;
    f->cov_ab *= f->scale;
    f->var_b *= f->scale;
    double h = STATS_Z95 * sqrt(f->var_a), xt = limit_x(f->n_top);
    f->limit_lo = f->a - h;
    f->limit_hi = f->a + h;
    f->gap = f->b * xt;
    h = STATS_Z95 * sqrt(f->var_b) * xt;
    f->gap_lo = f->gap - h;
    f->gap_hi = f->gap + h;
    return true;
}

/* The verdict of a fitted line at tolerance t. */
static LimitVerdict fit_verdict(const LimitFit *f, double t)
{
    if (!f->fitted)
        return LIMIT_UNDETERMINED;
    if (f->gap_lo >= -t && f->gap_hi <= t)
        return LIMIT_SETTLED;
    if (f->gap_lo > t || f->gap_hi < -t)
        return LIMIT_MOVING;
    return LIMIT_UNDETERMINED;
}

bool limit_fit(const double *n, const double *v, const double *se, int m, double tolerance,
               LimitFit *f)
{
    *f = (LimitFit){.n_top = NAN,
                    .a = NAN,
                    .b = NAN,
                    .var_a = NAN,
                    .cov_ab = NAN,
                    .var_b = NAN,
                    .chi2 = NAN,
                    .scale = NAN,
                    .limit_lo = NAN,
                    .limit_hi = NAN,
                    .gap = NAN,
                    .gap_lo = NAN,
                    .gap_hi = NAN,
                    .top_diff = NAN,
                    .top_se = NAN,
                    .top_z = NAN,
                    .top_p = NAN};
    double kn[LIMIT_MAX_POINTS], kv[LIMIT_MAX_POINTS], kse[LIMIT_MAX_POINTS];
    for (int k = 0; k < m && f->m < LIMIT_MAX_POINTS; k++)
        if (n[k] > 1 && isfinite(n[k]) && isfinite(v[k]) && isfinite(se[k]) && se[k] > 0) {
            kn[f->m] = n[k];
            kv[f->m] = v[k];
            kse[f->m++] = se[k];
        }
    if (f->m >= 1)
        fit_top_two(kn, kv, kse, f->m, f);
    f->fitted = f->m >= 3 && fit_line(kn, kv, kse, f->m, f);
    f->verdict = fit_verdict(f, tolerance);
    return f->fitted;
}

double limit_curve(const LimitFit *f, double n, double *se)
{
    double x = limit_x(n);
    if (se)
        *se = f->fitted ? sqrt(f->var_a + 2 * x * f->cov_ab + x * x * f->var_b) : NAN;
    return f->fitted ? f->a + f->b * x : NAN;
}

const char *limit_verdict_name(LimitVerdict v)
{
    return v == LIMIT_SETTLED ? "settled" : v == LIMIT_MOVING ? "still moving" : "undetermined";
}

bool limit_difference(const LimitFit *a, const LimitFit *b, double *d, double *lo, double *hi)
{
    if (!a->fitted || !b->fitted) {
        *d = *lo = *hi = NAN;
        return false;
    }
    double h = STATS_Z95 * sqrt(a->var_a + b->var_a);
    *d = a->a - b->a;
    *lo = *d - h;
    *hi = *d + h;
    return true;
}
