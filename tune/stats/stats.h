/* stats.h: match statistics, as cutechess-cli, fastchess and fishtest compute them.
 *
 * A match is counted twice: per game (wins, losses, draws: the trinomial model of cutechess) and
 * per game pair (same opening, colours swapped: the pentanomial model of fishtest and fastchess).
 * All results are from the first player's point of view.
 *
 * Conventions (checked against the tools' sources; the figures agree to 1e-9):
 * - Score mu = (W + D/2) / N, Elo = -400 log10(1/mu - 1); the 95% interval is mu +- z sigma with
 *   z = Phi^-1(0.975) = 1.95996..., mapped through the Elo formula (cutechess, fastchess).
 *   cutechess computes Phi^-1 with an approximate erf^-1, so its "+/-" can differ from ours in the
 *   last printed digit. Interval ends outside (0, 1) are clamped to [0.001, 0.999] (fishtest's
 *   elo() does the same) so that every figure is finite: Elo saturates at +-1199.8.
 * - Normalized Elo (fishtest LLRcalc.py, fastchess EloPentanomial::scoreToNeloDiff):
 *       nElo = (mu - 1/2) / sigma_game * 800 / ln 10,
 *   where sigma_game is the per-game standard deviation of the score. From pairs, with the pair
 *   score in [0, 1] (half of the pair's points) and sigma_pair its standard deviation, fishtest
 *   takes sigma_game = sqrt(2) sigma_pair, so
 *       nElo = (mu - 1/2) / (sqrt(2) sigma_pair) * 800 / ln 10 = t_pair / sqrt(2) * 800 / ln 10.
 *   (an earlier METHODS.md wrote "t * sqrt(2)"; fishtest's LLR_normalized turns nElo bounds
 *   into pair t-values by multiplying by sqrt(2), so nElo is the pair t-value over sqrt(2).)
 *   Its 95% half-width is fishtest's: c z sqrt(var_t / N) with var_t = 1 - t s + t^2 (e + 2)/4
 *   for the skewness s and excess kurtosis e of the pair scores (fastchess's
 *   z / sqrt(2 pairs) * 800 / ln 10 is its t = 0 case, too narrow on lopsided samples).
 * - Zero counts: as fishtest does, every figure but the score, the draw ratio and LOS is
 *   computed on counts whose empty cells hold 0.001 each, so that no sample, however small or
 *   one-sided, gives an interval of width 0. The one place maxtune departs from fishtest: when
 *   even the near end of the score interval lies beyond the 0.999 clamp (e.g. 100 wins out of
 *   100), fishtest prints "+/- 0"; maxtune moves the interval inside the clamp, width kept.
 * - scripts/fishtest_reference.py computes all of these with fishtest's formulas; the test
 *   tests/test_fishtest_ref.c compares on 97 count vectors (tests/data/fishtest_reference.txt).
 */
#ifndef MAXTUNE_TUNE_STATS_H
#define MAXTUNE_TUNE_STATS_H

#include <stdbool.h>
#include <stddef.h>

/* Number of pentanomial outcomes of a game pair. */
#define STATS_PENTA_NB 5

/* Pentanomial counts of game pairs: index = pair score in half points: 0 (LL), 1 (LD/DL),
 * 2 (WL/LW/DD), 3 (WD/DW), 4 (WW). wins/losses/draws count single games, paired or not. */
typedef struct MatchCounts {
    long wins, losses, draws;
    long penta[STATS_PENTA_NB];
} MatchCounts;

/* Adds one finished game pair, results from the first player's view: 1.0, 0.5, 0.0 each. */
void stats_add_pair(MatchCounts *mc, double r1, double r2);
/* Adds one unpaired game (1.0, 0.5, 0.0): it counts for the trinomial figures only. */
void stats_add_game(MatchCounts *mc, double r);
/* Adds the counts of src into dst (to combine per-thread or per-batch tallies). */
void stats_merge(MatchCounts *dst, const MatchCounts *src);
/* Number of games counted (wins + losses + draws). */
long stats_games(const MatchCounts *mc);
/* Number of game pairs counted (sum of the pentanomial counts). */
long stats_pairs(const MatchCounts *mc);

/* Elo difference of an expected score: -400 log10(1/score - 1); +-INFINITY at 1 and 0. */
double stats_elo_from_score(double score);
/* Expected score of an Elo difference: 1 / (1 + 10^(-elo/400)). */
double stats_score_from_elo(double elo);

typedef struct EloEstimate {
    double score, elo, elo_lo, elo_hi; /* 95% interval mapped through the Elo formula */
    double elo_err;                    /* (elo_hi - elo_lo)/2, the "+/- Y" of cutechess */
    double los;                        /* 1/2 + 1/2 erf((W-L)/sqrt(2(W+L))); 1/2 when W+L = 0 */
    double draw_ratio;                 /* D / N */
    double nelo, nelo_err; /* normalized Elo from pair statistics (fishtest/fastchess), and its
                              95% half-width; from single games when there are no pairs */
    long games, pairs;     /* the sample the figures come from */
} EloEstimate;

/* Trinomial (per game) estimate, as cutechess prints it; nelo from pentanomial when pairs>0.
 * score, draw_ratio and los come from the raw counts (score 1/2, LOS 1/2, draw ratio 0 without
 * games); Elo, its interval and nElo from the regularised counts (fishtest's get_elo and nElo
 * table), so that every interval has a positive width: with no games at all, Elo 0 +/- 1199.8,
 * the "nothing known" interval fishtest prints. */
EloEstimate stats_estimate(const MatchCounts *mc);
/* Pentanomial variant of the Elo interval (variance from pair scores), as fastchess prints it
 * for paired games; score from the pairs, LOS and draw ratio as stats_estimate. Falls back to
 * stats_estimate when there are no pairs. */
EloEstimate stats_estimate_pentanomial(const MatchCounts *mc);

/* Hypothesis units of an SPRT: normalized Elo (fishtest's default) or logistic Elo. */
typedef enum { SPRT_NORMALIZED, SPRT_LOGISTIC } SprtModel;
typedef struct SprtConfig {
    double elo0, elo1, alpha, beta;
    SprtModel model;
} SprtConfig;

/* Generalized log-likelihood ratio on pentanomial frequencies as fishtest computes it (MLE
 * distribution under each hypothesis via the one-dimensional secular equation; fishtest's
 * LLRcalc.py LLR_normalized / LLR_logistic, zero counts regularised to 0.001). Returns 0 when
 * there are no pairs, and NAN where fishtest raises an error: a hypothesis out of the model's
 * reach (see stats_sprt_reachable), or, for normalized hypotheses of more than about 150 nElo,
 * counts on which fishtest's 10 fixed-point rounds do not converge to the t-value. */
double stats_sprt_llr(const MatchCounts *mc, const SprtConfig *cfg);
/* Whether the model can express both hypotheses whatever the counts: normalized |elo| below
 * stats_sprt_nelo_reach() (fishtest's first round starts from the uniform distribution, whose
 * secular equation has no root beyond it, and raises), logistic |elo| below 2000. False with a
 * message in why (if not NULL) otherwise. */
bool stats_sprt_reachable(const SprtConfig *cfg, char *why, size_t len);
/* The normalized model's reach: 2/3 * 800 / ln 10 = 231.62 nElo. */
double stats_sprt_nelo_reach(void);
/* Bounds: lower = ln(beta/(1-alpha)), upper = ln((1-beta)/alpha). */
void stats_sprt_bounds(const SprtConfig *cfg, double *lower, double *upper);

typedef enum { SPRT_CONTINUE, SPRT_ACCEPT_H0, SPRT_ACCEPT_H1 } SprtVerdict;
/* Verdict of the SPRT on the current counts (fishtest's test without its overshoot correction:
 * H0 when LLR < lower, H1 when LLR > upper; a NAN LLR decides nothing); stores the LLR in
 * *llr_out if it is not NULL. */
SprtVerdict stats_sprt_verdict(const MatchCounts *mc, const SprtConfig *cfg, double *llr_out);

/* Trinomial BayesElo-model LLR as cutechess computes it (drawelo estimated from the data; elo0
 * and elo1 are logistic Elo, turned into BayesElo by cutechess's scale factor). Returns 0 until
 * there is at least one win, one loss and one draw. */
double stats_sprt_llr_trinomial(const MatchCounts *mc, double elo0, double elo1);

/* A trend: the slope of a weighted least-squares line through points with known errors. */
typedef struct StatsTrend {
    double slope, se; /* the slope and its standard error (see stats_trend) */
    double z, p;      /* slope / se and the two-sided p of "no trend" (normal) */
    double chi2;      /* the points' weighted squared residuals about the line (n - 2 df) */
    double birge;     /* sqrt(chi2 / (n - 2)), at least 1: how far the points scatter beyond
                       * their errors; se is the fit's error times it */
} StatsTrend;

/* Fits y = a + b x through n points whose y have standard errors se (GSL's gsl_fit_wlinear,
 * weights 1 / se^2) into t. The slope's standard error is the fit's, scaled up by the Birge
 * ratio when the points scatter about the line more than their errors say (a line that does
 * not fit is not a precise trend). False when n < 3, an se is not positive and finite, or x is
 * constant. */
bool stats_trend(const double *x, const double *y, const double *se, int n, StatsTrend *t);

/* The 97.5% quantile of the standard normal: the half-width of a 95% interval in standard
 * errors. */
#define STATS_Z95 1.959963984540054

#endif
