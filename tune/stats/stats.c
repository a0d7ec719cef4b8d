/* stats.c: match statistics (Elo, LOS, normalized Elo, SPRT), see stats.h for the conventions. */
#include "tune/stats/stats.h"

#include <assert.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_fit.h>

/* fishtest replaces each zero count by this before any likelihood is computed (regularize()). */
#define STATS_REG_EPS 1e-3
/* fishtest's elo() clamps scores to [eps, 1 - eps] so that Elo stays finite. */
#define STATS_SCORE_EPS 1e-3
/* fishtest brackets the secular root this far inside its poles. */
#define STATS_SECULAR_EPS 1e-9
/* fishtest's MLE_t_value: at most 10 fixed-point rounds, stop when no probability moves 1e-9. */
#define STATS_TVALUE_ROUNDS 10
#define STATS_TVALUE_TOL 1e-9
/* fishtest's checks: a result of MLE_t_value within 1e-5 of its t-value, one of MLE_expected
 * within 1e-6 of its expectation, probabilities within 1e-6 of [0, 1] summing to 1 +- 1e-6. */
#define STATS_TVALUE_CHECK 1e-5
#define STATS_EXPECTED_TOL 1e-6
#define STATS_PDF_TOL 1e-6
/* Logistic hypotheses from this many Elo on are refused: past about 2500 the score
 * 1/(1 + 10^(-elo/400)) is so near 0 or 1 that fishtest's 1e-6 check of MLE_expected fails
 * (measured on 200 random count vectors; none fails at 2500). */
#define STATS_LOGISTIC_REACH 2000.0
/* Largest number of outcomes in a result vector (pentanomial). */
#define STATS_OUTCOMES_MAX STATS_PENTA_NB

/* nElo per unit of per-game t-value: 800 / ln 10 = 347.43558552260146. */
static double nelo_per_t(void) { return 800.0 / log(10.0); }

/* Two-sided 95% quantile of the standard normal law, 1.959963984540054. */
static double z95(void) { return gsl_cdf_ugaussian_Pinv(0.975); }

/* Half points of one game result (0, 1, 2); asserts the result is 0, 0.5 or 1. */
static int half_points(double r)
{
    int h = r >= 0.75 ? 2 : r >= 0.25 ? 1 : 0; /* nearest, so release builds stay in range */
    assert(2.0 * r == (double)h);
    return h;
}

/* Counts one single game into wins/losses/draws. */
static void count_game(MatchCounts *mc, int h)
{
    if (h == 2)
        mc->wins++;
    else if (h == 1)
        mc->draws++;
    else
        mc->losses++;
}

/* Counts both games of a pair and the pair's pentanomial slot. */
void stats_add_pair(MatchCounts *mc, double r1, double r2)
{
    int h1 = half_points(r1), h2 = half_points(r2);
    count_game(mc, h1);
    count_game(mc, h2);
    mc->penta[h1 + h2]++;
}

/* Counts one unpaired game (trinomial figures only). */
void stats_add_game(MatchCounts *mc, double r) { count_game(mc, half_points(r)); }

/* Adds src's counts into dst. */
void stats_merge(MatchCounts *dst, const MatchCounts *src)
{
    dst->wins += src->wins;
    dst->losses += src->losses;
    dst->draws += src->draws;
    for (int i = 0; i < STATS_PENTA_NB; i++)
        dst->penta[i] += src->penta[i];
}

/* Games counted, paired or not. */
long stats_games(const MatchCounts *mc) { return mc->wins + mc->losses + mc->draws; }

/* Game pairs counted. */
long stats_pairs(const MatchCounts *mc)
{
    long n = 0;
    for (int i = 0; i < STATS_PENTA_NB; i++)
        n += mc->penta[i];
    return n;
}

/* Logistic Elo of a score, unclamped. */
double stats_elo_from_score(double score) { return -400.0 * log10(1.0 / score - 1.0); }

/* Logistic score of an Elo difference. */
double stats_score_from_elo(double elo) { return 1.0 / (1.0 + pow(10.0, -elo / 400.0)); }

/* Elo of a score clamped to [0.001, 0.999] as fishtest's elo() does: finite for any input. */
static double elo_clamped(double score)
{
    if (!(score >= STATS_SCORE_EPS)) /* also catches NaN */
        score = STATS_SCORE_EPS;
    if (score > 1.0 - STATS_SCORE_EPS)
        score = 1.0 - STATS_SCORE_EPS;
    return stats_elo_from_score(score);
}

/* Trinomial counts in outcome order (L, D, W), i.e. values 0, 1/2, 1. */
static void trinomial_counts(const MatchCounts *mc, double out[3])
{
    out[0] = (double)mc->losses;
    out[1] = (double)mc->draws;
    out[2] = (double)mc->wins;
}

/* Pentanomial counts as doubles, values 0, 1/4, 1/2, 3/4, 1 (pair score in [0, 1]). */
static void pentanomial_counts(const MatchCounts *mc, double out[STATS_PENTA_NB])
{
    for (int i = 0; i < STATS_PENTA_NB; i++)
        out[i] = (double)mc->penta[i];
}

/* fishtest's regularize(): every zero count becomes 0.001, so no outcome has probability 0. */
static void regularize(double *counts, int k)
{
    for (int i = 0; i < k; i++)
        if (counts[i] == 0.0)
            counts[i] = STATS_REG_EPS;
}

/* Total, mean and variance of k counts on the equally spaced values i/(k-1) in [0, 1]. */
static void moments(const double *counts, int k, double *total, double *mu, double *var)
{
    double n = 0.0, s = 0.0, v = 0.0;
    for (int i = 0; i < k; i++)
        n += counts[i];
    if (n <= 0.0) {
        *total = 0.0;
        *mu = 0.5;
        *var = 0.0;
        return;
    }
    for (int i = 0; i < k; i++)
        s += counts[i] * i / (k - 1);
    s /= n;
    for (int i = 0; i < k; i++) {
        double d = (double)i / (k - 1) - s;
        v += counts[i] * d * d;
    }
    *total = n;
    *mu = s;
    *var = v / n;
}

/* cutechess's LOS: 1/2 + 1/2 erf((W - L) / sqrt(2 (W + L))); 1/2 without decisive games. */
static double los_trinomial(const MatchCounts *mc)
{
    double w = (double)mc->wins, l = (double)mc->losses;
    if (w + l <= 0.0)
        return 0.5;
    return 0.5 + 0.5 * erf((w - l) / sqrt(2.0 * (w + l)));
}

/* Normalized Elo and its 95% half-width from k counts (k = 5: pairs, k = 3: single games), as
 * fishtest computes them (its nElo table, http/template_helpers.py): on the regularised counts,
 * t = (mu - 1/2) / sigma with the variance of t corrected for the distribution's skewness s and
 * excess kurtosis e, var_t = 1 - t s + t^2 (e + 2) / 4, and nElo = c t +- c z sqrt(var_t / N),
 * c = 800 / ln 10 for games and 800 / ln 10 / sqrt(2) for pairs (N pairs: sigma_game is
 * sqrt(2) sigma_pair). var_t is evaluated as (1 - t s / 2)^2 + t^2 (e + 2 - s^2) / 4, the same
 * number without fishtest's rounding guard max(., 0): both terms are >= 0, and the second is > 0
 * whenever three outcomes have weight, which regularisation ensures, so the half-width is never
 * 0 (fastchess's z / sqrt(2 N) * 800 / ln 10 is the t = 0 case). */
static void nelo_from_counts(const double *counts, int k, double *nelo, double *nelo_err)
{
    double c[STATS_OUTCOMES_MAX] = {0};
    double n, mu, var, m3 = 0.0, m4 = 0.0;
    assert(k >= 2 && k <= STATS_OUTCOMES_MAX);
    for (int i = 0; i < k; i++)
        c[i] = counts[i];
    regularize(c, k);
    moments(c, k, &n, &mu, &var);
    for (int i = 0; i < k; i++) {
        double d = (double)i / (k - 1) - mu;
        m3 += c[i] * d * d * d;
        m4 += c[i] * d * d * d * d;
    }
    m3 /= n;
    m4 /= n;
    double skew = m3 / pow(var, 1.5), exkurt = m4 / (var * var) - 3.0;
    double t = (mu - 0.5) / sqrt(var);
    double half = 1.0 - t * skew / 2.0;
    double var_t = half * half + t * t * (exkurt + 2.0 - skew * skew) / 4.0;
    double coeff = k == STATS_PENTA_NB ? nelo_per_t() / sqrt(2.0) : nelo_per_t();
    *nelo = coeff * t;
    *nelo_err = coeff * z95() * sqrt(var_t / n);
}

/* Fills nelo/nelo_err: from pairs when there are any, else from single games. */
static void fill_nelo(const MatchCounts *mc, EloEstimate *e)
{
    double c[STATS_OUTCOMES_MAX] = {0};
    if (stats_pairs(mc) > 0) {
        pentanomial_counts(mc, c);
        nelo_from_counts(c, STATS_PENTA_NB, &e->nelo, &e->nelo_err);
    } else {
        trinomial_counts(mc, c);
        nelo_from_counts(c, 3, &e->nelo, &e->nelo_err);
    }
}

/* Elo and its 95% interval from k counts (3 per game, 5 per pair) as fishtest's get_elo computes
 * them: the score mu and its variance on the regularised counts, mu +- z sqrt(var / n) mapped
 * through the clamped Elo formula. Where the whole interval lies beyond a clamp (both ends at
 * +-1199.8: fishtest prints +/- 0), it is moved inside the clamp with its width kept, so that no
 * interval is ever of width 0: [Elo(0.999 - 2 z sd), 1199.8], and the mirror image. */
static void fill_interval(EloEstimate *e, const double *counts, int k)
{
    double c[STATS_OUTCOMES_MAX] = {0};
    double n, mu, var;
    for (int i = 0; i < k; i++)
        c[i] = counts[i];
    regularize(c, k);
    moments(c, k, &n, &mu, &var);
    double width = 2.0 * z95() * sqrt(var / n);
    double lo = mu - width / 2.0, hi = mu + width / 2.0;
    if (lo >= 1.0 - STATS_SCORE_EPS)
        lo = 1.0 - STATS_SCORE_EPS - width;
    if (hi <= STATS_SCORE_EPS)
        hi = STATS_SCORE_EPS + width;
    e->elo = elo_clamped(mu);
    e->elo_lo = elo_clamped(lo);
    e->elo_hi = elo_clamped(hi);
    e->elo_err = (e->elo_hi - e->elo_lo) / 2.0;
}

/* Per-game (trinomial) estimate as cutechess prints it, nElo from pairs when there are any. */
EloEstimate stats_estimate(const MatchCounts *mc)
{
    EloEstimate e = {0};
    double c[3];
    e.games = stats_games(mc);
    e.pairs = stats_pairs(mc);
    e.score = 0.5;
    e.los = los_trinomial(mc);
    fill_nelo(mc, &e);
    trinomial_counts(mc, c);
    fill_interval(&e, c, 3);
    if (e.games > 0) {
        e.score = ((double)mc->wins + 0.5 * (double)mc->draws) / (double)e.games;
        e.draw_ratio = (double)mc->draws / (double)e.games;
    }
    return e;
}

/* Estimate whose Elo interval comes from the variance of pair scores (fastchess). */
EloEstimate stats_estimate_pentanomial(const MatchCounts *mc)
{
    EloEstimate e = stats_estimate(mc);
    double c[STATS_PENTA_NB];
    if (e.pairs <= 0)
        return e;
    pentanomial_counts(mc, c);
    fill_interval(&e, c, STATS_PENTA_NB);
    e.score = 0.0;
    for (int i = 0; i < STATS_PENTA_NB; i++)
        e.score += c[i] * i / (STATS_PENTA_NB - 1);
    e.score /= (double)e.pairs;
    return e;
}

/* Value of the secular function sum_i p_i a_i / (1 + x a_i). */
static double secular_value(const double *a, const double *p, int k, double x)
{
    double f = 0.0;
    for (int i = 0; i < k; i++)
        f += p[i] * a[i] / (1.0 + x * a[i]);
    return f;
}

/* Solves fishtest's secular equation sum_i p_i a_i / (1 + x a_i) = 0 for x between the poles
 * -1/max(a) and -1/min(a), 1e-9 inside them as fishtest brackets it. The left side falls
 * strictly from +inf to -inf there (its derivative is -sum p_i a_i^2 / (1 + x a_i)^2), so
 * bisection finds the one root scipy's brentq finds, to within rounding. Returns 0 where
 * fishtest raises: min(a) < 0 < max(a) fails (its assert), or the bracket holds no sign change
 * (brentq's error). */
static int secular(const double *a, const double *p, int k, double *x)
{
    double v = a[0], w = a[0];
    for (int i = 1; i < k; i++) {
        if (a[i] < v)
            v = a[i];
        if (a[i] > w)
            w = a[i];
    }
    if (!(v < 0.0 && w > 0.0))
        return 0;
    double lo = -1.0 / w + STATS_SECULAR_EPS, hi = -1.0 / v - STATS_SECULAR_EPS;
    double flo = secular_value(a, p, k, lo), fhi = secular_value(a, p, k, hi);
    if (!(lo < hi) || !(flo * fhi <= 0.0))
        return 0;
    double mid = 0.5 * (lo + hi);
    for (int it = 0; it < 400; it++) {
        mid = 0.5 * (lo + hi);
        if (hi - lo <= 1e-15 * (1.0 + fabs(mid)) || mid <= lo || mid >= hi)
            break;
        if (secular_value(a, p, k, mid) > 0.0)
            lo = mid;
        else
            hi = mid;
    }
    *x = mid;
    return 1;
}

/* fishtest's stats() on a distribution: mean and variance, after its checks (every probability
 * within [-1e-6, 1 + 1e-6], their sum within 1e-6 of 1). Returns 0 where those fail. */
static int pdf_stats(const double *a, const double *p, int k, double *mu, double *var)
{
    double sum = 0.0, s = 0.0, v = 0.0;
    for (int i = 0; i < k; i++) {
        if (!(p[i] >= -STATS_PDF_TOL && p[i] <= 1.0 + STATS_PDF_TOL))
            return 0;
        sum += p[i];
        s += p[i] * a[i];
    }
    if (!(fabs(sum - 1.0) < STATS_PDF_TOL))
        return 0;
    for (int i = 0; i < k; i++)
        v += p[i] * (a[i] - s) * (a[i] - s);
    *mu = s;
    *var = v;
    return 1;
}

/* fishtest's MLE_expected: the distribution on the values a nearest (in likelihood) to the
 * empirical phat among those with expectation s. Returns 0 where fishtest raises (no root, or
 * its check that the result has expectation s to 1e-6 fails). */
static int mle_expected(const double *a, const double *phat, int k, double s, double *out)
{
    double shifted[STATS_OUTCOMES_MAX] = {0}, x, mu, var;
    assert(k >= 2 && k <= STATS_OUTCOMES_MAX);
    for (int i = 0; i < k; i++)
        shifted[i] = a[i] - s;
    if (!secular(shifted, phat, k, &x))
        return 0;
    for (int i = 0; i < k; i++)
        out[i] = phat[i] / (1.0 + x * shifted[i]);
    return pdf_stats(a, out, k, &mu, &var) && fabs(s - mu) < STATS_EXPECTED_TOL;
}

/* fishtest's MLE_t_value: the most likely distribution with t-value (mu - ref) / sigma = t,
 * found by at most 10 fixed-point rounds from the uniform distribution, each solving a secular
 * equation. Returns 0 where fishtest raises: a round without a root, or a result whose t-value
 * is more than 1e-5 from t (the rounds did not converge: it happens for |t| near the model's
 * reach, see stats_sprt_reachable). */
static int mle_t_value(const double *a, const double *phat, int k, double ref, double t,
                       double *out)
{
    double shifted[STATS_OUTCOMES_MAX] = {0}, prev[STATS_OUTCOMES_MAX] = {0};
    double mu, var;
    assert(k >= 2 && k <= STATS_OUTCOMES_MAX);
    for (int i = 0; i < k; i++)
        out[i] = 1.0 / k;
    for (int round = 0; round < STATS_TVALUE_ROUNDS; round++) {
        double x;
        for (int i = 0; i < k; i++)
            prev[i] = out[i];
        if (!pdf_stats(a, out, k, &mu, &var))
            return 0;
        double sigma = sqrt(var);
        if (!(sigma > 0.0))
            return 0;
        for (int i = 0; i < k; i++) {
            double d = (mu - a[i]) / sigma;
            shifted[i] = a[i] - ref - t * sigma * (1.0 + d * d) / 2.0;
        }
        if (!secular(shifted, phat, k, &x))
            return 0;
        double change = 0.0;
        for (int i = 0; i < k; i++) {
            out[i] = phat[i] / (1.0 + x * shifted[i]);
            if (fabs(out[i] - prev[i]) > change)
                change = fabs(out[i] - prev[i]);
        }
        if (change < STATS_TVALUE_TOL)
            break;
    }
    return pdf_stats(a, out, k, &mu, &var) && var > 0.0 &&
           fabs(t - (mu - ref) / sqrt(var)) < STATS_TVALUE_CHECK;
}

/* Pair t-value of a normalized Elo: nElo -> per-game t (/ 800 ln 10) -> pair t (* sqrt 2). */
static double pair_t_of_nelo(double nelo) { return nelo / nelo_per_t() * sqrt(2.0); }

/* fishtest's generalized LLR on the (regularised) pentanomial frequencies. */
double stats_sprt_llr(const MatchCounts *mc, const SprtConfig *cfg)
{
    double c[STATS_PENTA_NB], a[STATS_PENTA_NB], phat[STATS_PENTA_NB];
    double p0[STATS_PENTA_NB], p1[STATS_PENTA_NB];
    double n = 0.0;
    int ok;
    if (stats_pairs(mc) <= 0)
        return 0.0;
    /* fishtest's results_to_pdf: regularise, then N = the regularised total. */
    pentanomial_counts(mc, c);
    regularize(c, STATS_PENTA_NB);
    for (int i = 0; i < STATS_PENTA_NB; i++)
        n += c[i];
    for (int i = 0; i < STATS_PENTA_NB; i++) {
        a[i] = (double)i / (STATS_PENTA_NB - 1);
        phat[i] = c[i] / n;
    }
    if (cfg->model == SPRT_LOGISTIC) {
        double s0 = stats_score_from_elo(cfg->elo0), s1 = stats_score_from_elo(cfg->elo1);
        ok = mle_expected(a, phat, STATS_PENTA_NB, s0, p0) &&
             mle_expected(a, phat, STATS_PENTA_NB, s1, p1);
    } else {
        ok = mle_t_value(a, phat, STATS_PENTA_NB, 0.5, pair_t_of_nelo(cfg->elo0), p0) &&
             mle_t_value(a, phat, STATS_PENTA_NB, 0.5, pair_t_of_nelo(cfg->elo1), p1);
    }
    if (!ok)
        return NAN;
    double llr = 0.0;
    for (int i = 0; i < STATS_PENTA_NB; i++) {
        if (!(p0[i] > 0.0 && p1[i] > 0.0))
            return NAN; /* fishtest's math.log raises */
        llr += phat[i] * (log(p1[i]) - log(p0[i]));
    }
    return n * llr;
}

/* Whether fishtest's LLR can reach both hypotheses, whatever the counts. */
bool stats_sprt_reachable(const SprtConfig *cfg, char *why, size_t len)
{
    double limit = cfg->model == SPRT_LOGISTIC ? STATS_LOGISTIC_REACH : stats_sprt_nelo_reach();
    const double elo[2] = {cfg->elo0, cfg->elo1};
    for (int h = 0; h < 2; h++) {
        if (fabs(elo[h]) < limit)
            continue;
        if (why)
            snprintf(why, len,
                     "elo%d = %g is out of reach of the %s SPRT model (|elo| must stay below "
                     "%.1f; fishtest raises an error there)",
                     h, elo[h], cfg->model == SPRT_LOGISTIC ? "logistic" : "normalized", limit);
        return false;
    }
    return true;
}

/* The normalized model's reach: |nElo| below 2/3 * 800 / ln 10 = 231.62. */
double stats_sprt_nelo_reach(void) { return 2.0 / 3.0 * nelo_per_t(); }

/* Wald's SPRT bounds from alpha and beta. */
void stats_sprt_bounds(const SprtConfig *cfg, double *lower, double *upper)
{
    *lower = log(cfg->beta / (1.0 - cfg->alpha));
    *upper = log((1.0 - cfg->beta) / cfg->alpha);
}

/* SPRT decision on the current counts. */
SprtVerdict stats_sprt_verdict(const MatchCounts *mc, const SprtConfig *cfg, double *llr_out)
{
    double lower, upper;
    double llr = stats_sprt_llr(mc, cfg);
    if (llr_out)
        *llr_out = llr;
    stats_sprt_bounds(cfg, &lower, &upper);
    if (llr < lower)
        return SPRT_ACCEPT_H0;
    if (llr > upper)
        return SPRT_ACCEPT_H1;
    return SPRT_CONTINUE;
}

/* BayesElo model (cutechess's SprtProbability(BayesElo)): win, loss, draw probabilities. */
static void bayeselo_probs(double belo, double drawelo, double *pw, double *pl, double *pd)
{
    *pw = 1.0 / (1.0 + pow(10.0, (drawelo - belo) / 400.0));
    *pl = 1.0 / (1.0 + pow(10.0, (drawelo + belo) / 400.0));
    *pd = 1.0 - *pw - *pl;
}

/* cutechess's Sprt::status() LLR in the BayesElo model. */
double stats_sprt_llr_trinomial(const MatchCounts *mc, double elo0, double elo1)
{
    if (mc->wins <= 0 || mc->losses <= 0 || mc->draws <= 0)
        return 0.0;
    double w = (double)mc->wins, l = (double)mc->losses, d = (double)mc->draws;
    double n = w + l + d;
    double pw = w / n, pl = l / n;
    /* drawelo out of sample; elo0/elo1 scaled from logistic to BayesElo units. */
    double drawelo = 200.0 * log10((1.0 - pl) / pl * (1.0 - pw) / pw);
    double x = pow(10.0, -drawelo / 400.0);
    double scale = 4.0 * x / ((1.0 + x) * (1.0 + x));
    double w0, l0, d0, w1, l1, d1;
    bayeselo_probs(elo0 / scale, drawelo, &w0, &l0, &d0);
    bayeselo_probs(elo1 / scale, drawelo, &w1, &l1, &d1);
    if (!(w0 > 0.0 && l0 > 0.0 && d0 > 0.0 && w1 > 0.0 && l1 > 0.0 && d1 > 0.0))
        return 0.0;
    return w * log(w1 / w0) + l * log(l1 / l0) + d * log(d1 / d0);
}

bool stats_trend(const double *x, const double *y, const double *se, int n, StatsTrend *t)
{
    enum { MOST = 64 };
    double w[MOST];
    if (n < 3 || n > MOST)
        return false;
    bool spread = false;
    for (int i = 0; i < n; i++) {
        if (!(se[i] > 0) || !isfinite(se[i]) || !isfinite(x[i]) || !isfinite(y[i]))
            return false;
        w[i] = 1 / (se[i] * se[i]);
        spread |= x[i] != x[0];
    }
    double c0, c1, cov00, cov01, cov11, chi2;
    if (!spread ||
        gsl_fit_wlinear(x, 1, w, 1, y, 1, (size_t)n, &c0, &c1, &cov00, &cov01, &cov11, &chi2) != 0)
        return false;
    t->slope = c1;
    t->birge = fmax(1, sqrt(chi2 / (n - 2)));
    t->se = sqrt(cov11) * t->birge;
    t->z = c1 / t->se;
    t->p = 2 * gsl_cdf_ugaussian_Q(fabs(t->z));
    t->chi2 = chi2;
    return true;
}
