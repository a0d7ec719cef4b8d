/* fit_job.c: the fit job.
 *
 * Phases, all in one journal: the [selfplay] games (records 0 .. games-1, when positions =
 * selfplay), then the verification match (the records after them). The fit itself is quick and
 * deterministic, so it is redone on resume rather than checkpointed.
 *
 * Steps: positions (played or loaded) -> games split into fitting and held-out sets ->
 * K by Brent with the start weights -> the parameters by BFGS2 (or Nelder-Mead) -> standard
 * errors (inverse Hessian, clustered by game, optional bootstrap) -> fitted weights file ->
 * verification match fitted vs start. */
#include "fit_job.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "search/search.h"
#include "tune/stats/fit.h"
#include "tune/play/match.h"
#include "tune/run/plot.h"
#include "tune/stats/rng.h"
#include "tune/play/selfplay.h"

/* Opening numbers of the verification match, away from the self-play openings. */
#define VERIFY_OPENING_OFFSET 1000000000L

static const double Z95 = 1.959963984540054;

/* State of the job. */
typedef struct FitJob {
    const Config *cfg;
    Config play_cfg;         /* both players with [engine_a]'s limits, for the verification */
    RunDir *rd;
    Openings openings;
    Selfplay *selfplay;      /* NULL when positions come from a file */
    long nselfplay;          /* journal records of the self-play phase */
    char **verify_records;   /* verification payloads read back on resume */
    Weights start;
    int params[FIT_MAX_PARAMS], m;           /* requested parameters */
    int fitted[FIT_MAX_PARAMS], mf;          /* those the data determine */
    Traces all, train, valid;
    SelfplayStats st;
    double k;
    double theta[FIT_MAX_PARAMS];
    FitErrors errors;
    double boot_cov[FIT_MAX_PARAMS * FIT_MAX_PARAMS];
    bool have_boot;
    int iterations;
    double loss_start[2], loss_k[2], loss_end[2]; /* [0] fitting set, [1] held-out set */
    Weights result;
    int clamped;
    FILE *curve;
    char *curve_text;
    size_t curve_len;
    Match *verify;
    double fit_seconds;
} FitJob;

/* Reads [fit] params ("all" or names) into params[0..*m-1]. */
static bool parse_params(const FitConfig *fc, int *params, int *m, char *err, size_t errlen)
{
    char list[sizeof fc->params];
    snprintf(list, sizeof list, "%s", fc->params);
    *m = 0;
    if (!strcmp(list, "all")) {
        for (int i = 0; i < W_NB; i++)
            params[(*m)++] = i;
        return true;
    }
    for (char *tok = strtok(list, ", \t"); tok; tok = strtok(NULL, ", \t")) {
        int idx = weights_find(tok);
        if (idx < 0) {
            snprintf(err, errlen, "[fit] params: unknown weight '%s' (see maxtune weights)", tok);
            return false;
        }
        for (int i = 0; i < *m; i++)
            if (params[i] == idx) {
                snprintf(err, errlen, "[fit] params: '%s' given twice", tok);
                return false;
            }
        params[(*m)++] = idx;
    }
    if (*m == 0) {
        snprintf(err, errlen, "[fit] params: no weight to fit");
        return false;
    }
    return true;
}

bool fit_check(const Config *cfg, char *err, size_t errlen)
{
    Weights w;
    int params[FIT_MAX_PARAMS], m;
    char why[900];
    if (!weights_load(&w, cfg->fit.start_weights, why, sizeof why)) {
        snprintf(err, errlen, "[fit] start_weights: %s", why);
        return false;
    }
    if (!parse_params(&cfg->fit, params, &m, err, errlen))
        return false;
    if (strcmp(cfg->fit.positions, "selfplay") != 0 &&
        !traces_check(cfg->fit.positions, why, sizeof why)) {
        snprintf(err, errlen, "[fit] positions: %s", why);
        return false;
    }
    return true;
}

/* Journal replay: self-play games, then verification pairs. */
static bool on_record(void *data, long index, const char *payload, char *why, size_t len)
{
    FitJob *j = data;
    if (index >= 0 && index < j->nselfplay)
        return selfplay_record(j->selfplay, index, payload, why, len);
    long v = index - j->nselfplay;
    if (v < 0 || v >= j->cfg->fit.verify_pairs || j->verify_records[v]) {
        snprintf(why, len, "record index %ld out of range or repeated", index);
        return false;
    }
    j->verify_records[v] = strdup(payload);
    return j->verify_records[v] != NULL;
}

/* Splits j->all by game into the fitting set and the held-out set. */
static bool split_games(FitJob *j)
{
    const Traces *t = &j->all;
    for (long i = 0; i < t->n;) {
        long e = i;
        while (e < t->n && t->game[e] == t->game[i])
            e++;
        Rng rng = rng_for(j->cfg->seed, RNG_HOLDOUT, t->game[i]);
        Traces *dst = rng_uniform(&rng) < j->cfg->fit.validation ? &j->valid : &j->train;
        int coef[W_NB];
        for (long p = i; p < e; p++) {
            memset(coef, 0, sizeof coef);
            for (uint64_t k = t->start[p]; k < t->start[p + 1]; k++)
                coef[t->index[k]] = t->coef[k];
            if (!traces_add(dst, t->game[p], t->result[p], coef))
                return false;
        }
        i = e;
    }
    return true;
}

/* Keeps the parameters whose coefficient is nonzero somewhere in the fitting set. */
static void identified_params(FitJob *j)
{
    bool seen[W_NB] = {false};
    for (long k = 0; k < j->train.nterms; k++)
        seen[j->train.index[k]] = true;
    j->mf = 0;
    for (int i = 0; i < j->m; i++)
        if (seen[j->params[i]])
            j->fitted[j->mf++] = j->params[i];
        else
            fprintf(stderr, "note: weight %s has a zero coefficient in every position; it is "
                            "not fitted\n", weight_defs[j->params[i]].name);
}

/* Loss curve callback: one CSV row per iteration. */
static void curve_row(void *data, int iteration, double loss, double gnorm, const double *theta)
{
    FitJob *j = data;
    fprintf(j->curve, "%d,%.10f,%.6g", iteration, loss, gnorm);
    for (int x = 0; x < j->mf; x++)
        fprintf(j->curve, ",%.3f", theta[x]);
    fputc('\n', j->curve);
}

/* Mean loss of set t under the parameters theta (others at start), with j->k. */
static double set_loss(FitJob *j, const Traces *t, const double *theta)
{
    if (t->n == 0)
        return NAN;
    Fit *f = fit_new(t, j->fitted, j->mf, &j->start,
                     strcmp(j->cfg->fit.loss, "squared") ? FIT_CROSS_ENTROPY : FIT_SQUARED,
                     config_threads(j->cfg));
    if (!f)
        return NAN;
    fit_set_k(f, j->k);
    double l = fit_loss(f, theta, NULL);
    fit_free(f);
    return l;
}

/* Clustered standard error of fitted parameter x. */
static double se_of(const FitJob *j, int x)
{
    return sqrt(j->errors.cov_clustered[x * j->mf + x]);
}

/* The fit: K, parameters, errors, bootstrap. Returns 0, or 1 with the message printed. */
static int do_fit(FitJob *j)
{
    char err[512];
    const FitConfig *fc = &j->cfg->fit;
    FitLoss loss = strcmp(fc->loss, "squared") ? FIT_CROSS_ENTROPY : FIT_SQUARED;
    double t0 = search_now();
    if (!split_games(j)) {
        fprintf(stderr, "maxtune: out of memory\n");
        return 1;
    }
    if (j->train.n == 0) {
        fprintf(stderr, "maxtune: no positions to fit (play more games or lower "
                        "[fit] validation)\n");
        return 1;
    }
    identified_params(j);
    if (j->mf == 0) {
        fprintf(stderr, "maxtune: none of the [fit] params varies in the positions\n");
        return 1;
    }
    Fit *f = fit_new(&j->train, j->fitted, j->mf, &j->start, loss, config_threads(j->cfg));
    if (!f) {
        fprintf(stderr, "maxtune: out of memory for the fit\n");
        return 1;
    }
    for (int x = 0; x < j->mf; x++)
        j->theta[x] = j->start.v[j->fitted[x]];
    j->k = fc->k;
    fit_set_k(f, j->k);
    j->loss_start[0] = fit_loss(f, j->theta, NULL);
    j->loss_start[1] = set_loss(j, &j->valid, j->theta);
    if (fc->fit_k && !fit_tune_k(f, j->theta, &j->k, err, sizeof err)) {
        fprintf(stderr, "maxtune: fitting K: %s\n", err);
        fit_free(f);
        return 1;
    }
    fit_set_k(f, j->k);
    j->loss_k[0] = fit_loss(f, j->theta, NULL);
    j->loss_k[1] = set_loss(j, &j->valid, j->theta);
    fprintf(stderr, "fit: %ld positions from %ld games (%ld held out), K = %.4f, %d weights\n",
            j->train.n, traces_games(&j->train), traces_games(&j->valid), j->k, j->mf);
    FitOptions opt = {strcmp(fc->method, "nelder_mead") ? FIT_BFGS2 : FIT_NELDER_MEAD,
                      (int)fc->max_iterations, fc->tolerance, true};
    fprintf(j->curve, "iteration,loss,gradient_norm");
    for (int x = 0; x < j->mf; x++)
        fprintf(j->curve, ",%s", weight_defs[j->fitted[x]].name);
    fputc('\n', j->curve);
    j->iterations = fit_minimize(f, j->theta, &opt, curve_row, j, err, sizeof err);
    if (j->iterations < 0 || !fit_errors(f, j->theta, &j->errors, err, sizeof err)) {
        fprintf(stderr, "maxtune: fit: %s\n", err);
        fit_free(f);
        return 1;
    }
    j->loss_end[0] = j->errors.loss;
    j->loss_end[1] = set_loss(j, &j->valid, j->theta);
    if (fc->bootstrap > 0) {
        fprintf(stderr, "fit: bootstrap, %ld replicates\n", fc->bootstrap);
        j->have_boot = fit_bootstrap(f, j->theta, &opt, (int)fc->bootstrap, j->cfg->seed,
                                     j->boot_cov, NULL, NULL, err, sizeof err);
        if (!j->have_boot) {
            fprintf(stderr, "maxtune: bootstrap: %s\n", err);
            fit_free(f);
            return 1;
        }
    }
    fit_free(f);
    j->result = j->start;
    for (int x = 0; x < j->mf; x++) {
        const WeightDef *d = &weight_defs[j->fitted[x]];
        long v = lround(j->theta[x]);
        if (v < d->min || v > d->max) {
            fprintf(stderr, "note: fitted %s = %.1f lies outside its range [%d, %d]; the "
                            "weights file holds the nearest bound\n", d->name, j->theta[x],
                    d->min, d->max);
            v = v < d->min ? d->min : d->max;
            j->clamped++;
        }
        j->result.v[j->fitted[x]] = (int)v;
    }
    j->fit_seconds = search_now() - t0;
    return 0;
}

/* Index among the fitted parameters of weight w, or -1. */
static int fitted_index(const FitJob *j, int w)
{
    for (int x = 0; x < j->mf; x++)
        if (j->fitted[x] == w)
            return x;
    return -1;
}

/* Fitted value of material weight w in pincers with its Fieller 95% interval; false when the
 * pincer or w was not fitted. */
static bool in_pincers(const FitJob *j, int w, double *v, double *lo, double *hi)
{
    int a = fitted_index(j, w), b = fitted_index(j, W_PINCER), m = j->mf;
    if (a < 0 || b < 0)
        return false;
    const double *c = j->errors.cov_clustered;
    *v = j->theta[a] / j->theta[b];
    fit_ratio_interval(j->theta[a], j->theta[b], c[a * m + a], c[b * m + b], c[a * m + b], Z95,
                       lo, hi);
    return true;
}

/* Writer for the loss curve. */
static bool write_text(FILE *out, void *data) { return fputs(data, out) >= 0; }

/* Writer for the fitted weights file. */
static bool write_weights(FILE *out, void *data)
{
    FitJob *j = data;
    fprintf(out, "# maxtune fit `%s`: weights fitted to self-play outcomes (K = %.4f, %s loss)\n"
                 "# fitted: ",
            j->cfg->name, j->k, j->cfg->fit.loss);
    for (int x = 0; x < j->mf; x++)
        fprintf(out, "%s%s", x ? ", " : "", weight_defs[j->fitted[x]].name);
    fprintf(out, "\n# the others are the start weights (%s)\n", j->cfg->fit.start_weights);
    weights_write(&j->result, out);
    return true;
}

/* Writer for the table of fitted values (CSV). */
static bool write_table(FILE *out, void *data)
{
    FitJob *j = data;
    fprintf(out, "weight,start,fitted,se_clustered,se_hessian,se_bootstrap,low95,high95\n");
    for (int x = 0; x < j->mf; x++) {
        int w = j->fitted[x], m = j->mf;
        double se = se_of(j, x), seh = sqrt(j->errors.cov_hessian[x * m + x]);
        fprintf(out, "%s,%d,%.3f,%.3f,%.3f,", weight_defs[w].name, j->start.v[w], j->theta[x],
                se, seh);
        if (j->have_boot)
            fprintf(out, "%.3f", sqrt(j->boot_cov[x * m + x]));
        fprintf(out, ",%.3f,%.3f\n", j->theta[x] - Z95 * se, j->theta[x] + Z95 * se);
    }
    return true;
}

/* Writer for summary.json. */
static bool write_summary(FILE *out, void *data)
{
    FitJob *j = data;
    const FitConfig *fc = &j->cfg->fit;
    fprintf(out, "{\n  \"job\": \"fit\",\n  \"run\": \"%s\",\n  \"seed\": %llu,\n", j->cfg->name,
            j->cfg->seed);
    if (j->selfplay) {
        fprintf(out, "  \"selfplay\": ");
        selfplay_write_json(out, &j->st, &j->all);
        fprintf(out, ",\n");
    } else {
        fprintf(out, "  \"positions_file\": \"%s\",\n", fc->positions);
    }
    fprintf(out, "  \"positions\": {\"fit\": %ld, \"fit_games\": %ld, \"held_out\": %ld, "
                 "\"held_out_games\": %ld},\n",
            j->train.n, traces_games(&j->train), j->valid.n, traces_games(&j->valid));
    fprintf(out, "  \"loss\": \"%s\",\n  \"method\": \"%s\",\n  \"k\": %.6f,\n  \"k_fitted\": %s,\n"
                 "  \"iterations\": %d,\n",
            fc->loss, fc->method, j->k, fc->fit_k ? "true" : "false", j->iterations);
    fprintf(out, "  \"loss_fit_set\": {\"start\": %.8f, \"after_k\": %.8f, \"fitted\": %.8f},\n",
            j->loss_start[0], j->loss_k[0], j->loss_end[0]);
    if (j->valid.n)
        fprintf(out, "  \"loss_held_out\": {\"start\": %.8f, \"after_k\": %.8f, "
                     "\"fitted\": %.8f},\n",
                j->loss_start[1], j->loss_k[1], j->loss_end[1]);
    else
        fprintf(out, "  \"loss_held_out\": null,\n");
    fprintf(out, "  \"weights\": {\n");
    for (int x = 0; x < j->mf; x++) {
        int w = j->fitted[x], m = j->mf;
        fprintf(out, "    \"%s\": {\"start\": %d, \"fitted\": %.3f, \"rounded\": %d, "
                     "\"se_clustered\": %.4f, \"se_hessian\": %.4f",
                weight_defs[w].name, j->start.v[w], j->theta[x], j->result.v[w], se_of(j, x),
                sqrt(j->errors.cov_hessian[x * m + x]));
        if (j->have_boot)
            fprintf(out, ", \"se_bootstrap\": %.4f", sqrt(j->boot_cov[x * m + x]));
        fprintf(out, "}%s\n", x + 1 < j->mf ? "," : "");
    }
    fprintf(out, "  },\n  \"not_fitted\": [");
    int nf = 0;
    for (int i = 0; i < j->m; i++)
        if (fitted_index(j, j->params[i]) < 0)
            fprintf(out, "%s\"%s\"", nf++ ? ", " : "", weight_defs[j->params[i]].name);
    fprintf(out, "],\n");
    match_write_verification_json(out, j->verify);
    fprintf(out, "}\n");
    return true;
}

/* Writer for report.md. */
static bool write_report(FILE *out, void *data)
{
    FitJob *j = data;
    const FitConfig *fc = &j->cfg->fit;
    Weights defaults;
    weights_default(&defaults);
    fprintf(out, "# Fit `%s`\n\n", j->cfg->name);
    if (j->selfplay)
        selfplay_write_markdown(out, j->cfg, &j->st, &j->all);
    else
        fprintf(out, "Positions from `%s`.\n\n", fc->positions);
    fprintf(out, "Fitted on %ld positions from %ld games; %ld positions from %ld other games "
                 "held out. Loss: %s; K fitted first with the start weights (`%s`)%s: "
                 "**K = %.4f**. Minimiser: %s, %d iterations (the time it took is printed, not "
                 "reported, so that this file is the same on every run).\n\n",
            j->train.n, traces_games(&j->train), j->valid.n, traces_games(&j->valid), fc->loss,
            fc->start_weights, fc->fit_k ? " by Brent's method" : " (given, not fitted)", j->k,
            fc->method, j->iterations);
    fprintf(out, "![Loss per iteration](loss_curve.png)\n\n*The loss on the fitting set "
                 "(left axis) and the gradient norm (right axis, log scale) after each iteration "
                 "of the minimiser, from the start weights with the fitted K.*\n\n");
    fprintf(out, "| loss | start weights, K = %g | start weights, fitted K | fitted weights |\n"
                 "|---|---:|---:|---:|\n| fitting set | %.6f | %.6f | %.6f |\n",
            fc->k, j->loss_start[0], j->loss_k[0], j->loss_end[0]);
    if (j->valid.n)
        fprintf(out, "| held-out games | %.6f | %.6f | %.6f |\n", j->loss_start[1],
                j->loss_k[1], j->loss_end[1]);
    fprintf(out, "\n## Fitted weights (centipawns)\n\n"
                 "95%% intervals from standard errors clustered by game (positions of a game "
                 "share its result, so the inverse Hessian alone understates the error; its "
                 "figure is shown for comparison)%s. Material in pincers: the ratio to the "
                 "fitted pincer with Fieller's 95%% interval.\n\n",
            j->have_boot ? " and, where given, a bootstrap over games" : "");
    fprintf(out, "![Fitted weights against the start](fit.png)\n\n*Each fitted weight "
                 "(blue, with its 95%% interval) beside its start value (`%s`, open circle), in "
                 "centipawns.*\n\n",
            fc->start_weights);
    fprintf(out, "| weight | start | fitted | 95%% interval | se (clustered) | se (Hessian) |%s "
                 "in pincers | file |\n|---|---:|---:|---|---:|---:|%s---:|---:|\n",
            j->have_boot ? " se (bootstrap) |" : "", j->have_boot ? "---:|" : "");
    for (int x = 0; x < j->mf; x++) {
        int w = j->fitted[x], m = j->mf;
        double se = se_of(j, x), v, lo, hi;
        char pincers[64] = "";
        if (w <= W_GUARD && w != W_PINCER && in_pincers(j, w, &v, &lo, &hi))
            snprintf(pincers, sizeof pincers,
                     isfinite(lo) ? "%.2f [%.2f, %.2f]" : "%.2f [unbounded]", v, lo, hi);
        fprintf(out, "| %s | %d | %.1f | [%.1f, %.1f] | %.2f | %.2f |", weight_defs[w].name,
                j->start.v[w], j->theta[x], j->theta[x] - Z95 * se, j->theta[x] + Z95 * se, se,
                sqrt(j->errors.cov_hessian[x * m + x]));
        if (j->have_boot)
            fprintf(out, " %.2f |", sqrt(j->boot_cov[x * m + x]));
        fprintf(out, " %s | %d |\n", pincers, j->result.v[w]);
    }
    for (int i = 0; i < j->m; i++)
        if (fitted_index(j, j->params[i]) < 0)
            fprintf(out, "\n`%s` was not fitted: its coefficient is zero in every position.\n",
                    weight_defs[j->params[i]].name);
    if (j->clamped)
        fprintf(out, "\n%d fitted value(s) lie outside the weights table's range; the weights "
                     "file holds the nearest bound.\n", j->clamped);
    fprintf(out, "\nFiles: `fitted.weights` (rounded), `fit.csv` (this table), "
                 "`loss_curve.csv` (loss per iteration), `fit.png` and `loss_curve.png` (the plots)%s.\n",
            j->selfplay ? ", `positions.traces` (the positions)" : "");
    if (j->verify) {
        MatchCounts mc = match_counts(j->verify);
        EloEstimate e = stats_estimate(&mc);
        fprintf(out, "\n## Verification: fitted against start\n\n%ld games (%ld pairs, openings "
                     "not used for the positions): +%ld -%ld =%ld, score %.3f.\n\n"
                     "**Elo difference: %.1f +/- %.1f** (95%% interval [%.1f, %.1f]), LOS "
                     "%.1f%%. %s\n\n![Elo of fitted vs start over the verification games]"
                     "(verify_progress.png)\n\n*The Elo difference of the fitted weights "
                     "against the start after each game pair, with its 95%% interval narrowing "
                     "as games accumulate.*\n\nGames: `verify.pgn`; figures: `verify.json`, "
                     "`verify_progress.csv`.\n",
                stats_games(&mc), stats_pairs(&mc), mc.wins, mc.losses, mc.draws, e.score, e.elo,
                e.elo_err, e.elo_lo, e.elo_hi, 100 * e.los,
                e.elo_lo > 0   ? "The fitted weights are significantly stronger."
                : e.elo_hi < 0 ? "The fitted weights are significantly weaker."
                               : "The difference is not significant at 95%.");
    }
    return true;
}

/* Plays the verification match (records after the self-play ones). */
static int verify(FitJob *j, Journal *journal)
{
    char err[512];
    long pairs = j->cfg->fit.verify_pairs;
    j->verify = match_new(&j->play_cfg, &j->result, &j->start, "fitted", "start", &j->openings,
                          VERIFY_OPENING_OFFSET, pairs, journal, j->nselfplay);
    if (!j->verify)
        return 1;
    match_set_label(j->verify, "verify: ");
    for (long v = 0; v < pairs; v++)
        if (j->verify_records[v] &&
            !match_record(j->verify, v, j->verify_records[v], err, sizeof err)) {
            fprintf(stderr, "maxtune: %s: record %ld: %s\n", journal->path, j->nselfplay + v,
                    err);
            return 2;
        }
    return match_play(j->verify);
}

/* Draws loss_curve.png (loss and gradient norm per iteration, from loss_curve.csv) and fit.png
 * (each fitted weight with its 95% interval beside its start value, from fit.csv). */
static void fit_plot(const FitJob *j)
{
    static const char curve[] =
        "set xlabel 'iteration'\nset ylabel 'loss (fitting set)'\nset y2label 'gradient norm'\n"
        "set logscale y2\nset format y '%.5f'\nset format y2 '%.0e'\nset ytics nomirror\nset y2tics\n"
        "set key below horizontal\n"
        "plot 'loss_curve.csv' skip 1 using 1:2 with linespoints pt 7 lw 2 lc rgb '#1f4e9c' "
        "title 'loss', '' skip 1 using 1:($3 > 0 ? $3 : NaN) axes x1y2 with linespoints pt 4 "
        "dt 2 lc rgb '#c0392b' title 'gradient norm (right axis, log)'\n";
    static const char values[] =
        "set ylabel 'centipawns'\nset xrange [-0.6:*]\nset offsets 0, 0.6, 0, 0\n"
        "set xtics rotate by -30\nset key below horizontal\nset rmargin 10\n"
        "plot 'fit.csv' skip 1 using ($0+0.12):3:7:8:xtic(1) with yerrorbars pt 7 ps 1.2 lw 2 "
        "lc rgb '#1f4e9c' title 'fitted, 95% interval (clustered by game)', "
        "'' skip 1 using ($0-0.12):2 with points pt 6 ps 2 lc rgb '#555555' title 'start', "
        "0 with lines lc rgb '#888888' notitle\n";
    char title[512];
    snprintf(title, sizeof title, "%s: loss per minimiser iteration (%s, K = %.4f)", j->cfg->name,
             j->cfg->fit.method, j->k);
    plot_draw(j->rd, "loss_curve.png", title, curve);
    snprintf(title, sizeof title, "%s: fitted weights with 95%% intervals against the start (%s)",
             j->cfg->name, j->cfg->fit.start_weights);
    plot_draw(j->rd, "fit.png", title, values);
}

/* Writes every output file; false with the message printed. */
static bool write_outputs(FitJob *j)
{
    char err[1024];
    RunDir *rd = j->rd;
    bool ok = rundir_write(rd, "fitted.weights", write_weights, j, err, sizeof err) &&
              rundir_write(rd, "fit.csv", write_table, j, err, sizeof err) &&
              rundir_write(rd, "loss_curve.csv", write_text, j->curve_text, err, sizeof err);
    if (ok)
        fit_plot(j); /* from the CSV files just written, before the report that shows them */
    ok = ok &&
         (!j->selfplay || !j->cfg->selfplay.pgn ||
          rundir_write(rd, "games.pgn", selfplay_write_pgn, j->selfplay, err, sizeof err)) &&
         (!j->verify ||
          (rundir_write(rd, "verify.pgn", match_write_pgn, j->verify, err, sizeof err) &&
           rundir_write(rd, "verify_progress.csv", match_write_progress, j->verify, err,
                        sizeof err) &&
           rundir_write(rd, "verify.json", match_write_summary, j->verify, err, sizeof err)));
    if (ok && j->verify)
        match_plot_progress(j->verify, rd, "verify_progress.csv", "verify_progress.png");
    ok = ok && rundir_write(rd, "report.md", write_report, j, err, sizeof err) &&
         rundir_write_runinfo(rd, j->cfg, config_threads(j->cfg), "finished", err, sizeof err) &&
         rundir_write(rd, RUNDIR_SUMMARY, write_summary, j, err, sizeof err);
    if (!ok)
        fprintf(stderr, "maxtune: %s\n", err);
    return ok;
}

/* Prints the fitted weights and the verification. */
static void print_result(const FitJob *j)
{
    printf("K = %.4f; loss %.6f -> %.6f (held out %.6f -> %.6f); K, fit, standard errors%s "
           "took %.1f s\n",
           j->k, j->loss_k[0], j->loss_end[0], j->loss_k[1], j->loss_end[1],
           j->have_boot ? " and bootstrap" : "", j->fit_seconds);
    printf("%-18s %6s %9s %s\n", "weight", "start", "fitted", "95% interval (clustered)");
    for (int x = 0; x < j->mf; x++) {
        int w = j->fitted[x];
        double se = se_of(j, x);
        printf("%-18s %6d %9.1f +- %.1f\n", weight_defs[w].name, j->start.v[w], j->theta[x],
               Z95 * se);
    }
    if (j->verify) {
        printf("Verification, fitted vs start:\n");
        match_print_result(j->verify);
    }
    printf("Results in %s/ (report.md)\n", j->rd->path);
}

/* Frees everything the job holds. */
static void job_free(FitJob *j)
{
    for (long v = 0; j->verify_records && v < j->cfg->fit.verify_pairs; v++)
        free(j->verify_records[v]);
    free(j->verify_records);
    match_free(j->verify);
    selfplay_free(j->selfplay);
    traces_free(&j->all);
    traces_free(&j->train);
    traces_free(&j->valid);
    if (j->curve)
        fclose(j->curve);
    free(j->curve_text);
    openings_free(&j->openings);
    free(j);
}

int fit_run(const Config *cfg, RunDir *rd)
{
    char err[1024], path[1024];
    FitJob *j = calloc(1, sizeof *j);
    if (!j)
        return 1;
    j->cfg = cfg;
    j->rd = rd;
    j->play_cfg = *cfg;
    j->play_cfg.engine[1] = cfg->engine[0];
    traces_init(&j->all);
    traces_init(&j->train);
    traces_init(&j->valid);
    bool from_selfplay = !strcmp(cfg->fit.positions, "selfplay");
    Journal journal = {0};
    if (!weights_load(&j->start, cfg->fit.start_weights, err, sizeof err) ||
        !parse_params(&cfg->fit, j->params, &j->m, err, sizeof err) ||
        !openings_load(&j->openings, &cfg->match, cfg->seed, err, sizeof err) ||
        (from_selfplay &&
         !(j->selfplay = selfplay_new(cfg, &j->openings, &journal, 0, err, sizeof err)))) {
        fprintf(stderr, "maxtune: %s\n", err);
        job_free(j);
        return 2;
    }
    j->nselfplay = from_selfplay ? selfplay_games(j->selfplay) : 0;
    j->verify_records = calloc((size_t)cfg->fit.verify_pairs + 1, sizeof *j->verify_records);
    j->curve = open_memstream(&j->curve_text, &j->curve_len);
    if (!j->verify_records || !j->curve) {
        fprintf(stderr, "maxtune: out of memory\n");
        job_free(j);
        return 1;
    }
    rundir_file(rd, RUNDIR_JOURNAL, path, sizeof path);
    int code = 0;
    if (!journal_open(&journal, path, rundir_config_hash(cfg), on_record, j, err, sizeof err)) {
        fprintf(stderr, "maxtune: %s\n", err);
        code = 2;
    } else if (!rundir_write_runinfo(rd, cfg, config_threads(cfg), "running", err, sizeof err)) {
        fprintf(stderr, "maxtune: %s\n", err);
        code = 1;
    }
    if (!code)
        code = selfplay_positions(j->selfplay, cfg->fit.positions, rd, &j->all, &j->st);
    if (!code)
        code = do_fit(j);
    if (!code && cfg->fit.verify_pairs > 0)
        code = verify(j, &journal);
    if (!code)
        fclose(j->curve), j->curve = NULL;
    if (code == 130)
        rundir_write_runinfo(rd, cfg, config_threads(cfg), "interrupted", err, sizeof err);
    else if (code == 0 && !write_outputs(j))
        code = 1;
    else if (code == 0)
        print_result(j);
    if (journal.file)
        journal_close(&journal, code == 0);
    job_free(j);
    return code;
}
