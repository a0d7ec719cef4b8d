/* fit_report.c: what the fit job writes: fitted.weights, fit.csv, summary.json, report.md,
 * the plots and the printed result. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tune/jobs/fit/fit_report.h"
#include "tune/jobs/common/job.h"
#include "tune/play/handicap.h"
#include "tune/pages/html.h"
#include "tune/jobs/selfplay/selfplay_job.h"
#include "tune/jobs/common/match_output.h"
#include "tune/play/match.h"
#include "tune/run/plot.h"
#include "tune/stats/stats.h"
#include "tune/jobs/fit/fit_config.h"

static void summary_lambda(FILE *out, const FitJob *j);

/* Clustered standard error of fitted parameter x. */
static double se_of(const FitJob *j, int x) { return sqrt(j->errors.cov_clustered[x * j->mf + x]); }

/* Index among the fitted parameters of the one whose first weight is w (w alone, or the term
 * w begins, tied), or -1. */
static int fitted_index(const FitJob *j, int w)
{
    for (int x = 0; x < j->mf; x++)
        if (j->fitted[x].set.idx[0] == w)
            return x;
    return -1;
}

/* Whether requested parameter i was fitted (the data determine it). */
static bool was_fitted(const FitJob *j, int i)
{
    for (int x = 0; x < j->mf; x++)
        if (!strcmp(j->fitted[x].name, j->params[i].name))
            return true;
    return false;
}

/* The rounded fitted value of fitted parameter x (every weight of its set holds it). */
static int rounded(const FitJob *j, int x) { return j->result.v[j->fitted[x].set.idx[0]]; }

/* The term of the run's unit of piece value (handicap_unit_term): the pincer, or Martian
 * Chess's point of score. */
static int unit_term(const FitJob *j) { return handicap_unit_term(config_variant(j->cfg)); }

/* Fitted value of material weight w in units (unit_term) with its Fieller 95% interval; false
 * when the unit or w was not fitted. */
static bool in_pincers(const FitJob *j, int w, double *v, double *lo, double *hi)
{
    /* A weight of one phase against the unit's weight of that phase (a tied term's first
     * weight is its middle-game one). */
    int pincer = w % 2 ? weight_eg(unit_term(j)) : weight_mg(unit_term(j));
    int a = fitted_index(j, w), b = fitted_index(j, pincer), m = j->mf;
    if (a < 0 || b < 0)
        return false;
    const double *c = j->errors.cov_clustered;
    *v = j->theta[a] / j->theta[b];
    fit_ratio_interval(j->theta[a], j->theta[b], c[a * m + a], c[b * m + b], c[a * m + b],
                       STATS_Z95, lo, hi);
    return true;
}

bool fit_write_weights(FILE *out, void *data)
{
    FitJob *j = data;
    fprintf(out,
            "# maxtune fit `%s`: weights fitted to self-play outcomes (K = %.4f, %s loss)\n"
            "# fitted: %s (%d parameters)\n",
            j->cfg->name, j->k, fit_config(j->cfg)->loss, fit_config(j->cfg)->params, j->mf);
    fprintf(out, "# the others are the start weights (%s)\n", fit_config(j->cfg)->start_weights);
    weights_write_game(&j->result, config_variant(j->cfg), out);
    return true;
}

/* Whether fitted weight w is a piece's material weight other than the unit's. */
static bool is_material(const FitJob *j, int w)
{
    return weight_is_material(w / 2) && w / 2 != unit_term(j);
}

bool fit_write_pincers(FILE *out, void *data)
{
    FitJob *j = data;
    fprintf(out, "weight,phase,pincers,low95,high95\n");
    for (int x = 0; x < j->mf; x++) {
        int w = j->fitted[x].set.idx[0];
        double v, lo, hi;
        if (!is_material(j, w) || !in_pincers(j, w, &v, &lo, &hi))
            continue;
        const char *phase = j->fitted[x].set.n > 1 ? "both" : w % 2 ? "eg" : "mg";
        fprintf(out, "%s,%s,%.4f,%.4f,%.4f\n", j->fitted[x].name, phase, v, lo, hi);
    }
    return true;
}

bool fit_write_table(FILE *out, void *data)
{
    FitJob *j = data;
    fprintf(out, "weight,start,fitted,se_clustered,se_hessian,se_bootstrap,low95,high95\n");
    for (int x = 0; x < j->mf; x++) {
        int m = j->mf;
        double se = se_of(j, x), seh = sqrt(j->errors.cov_hessian[x * m + x]);
        fprintf(out, "%s,%g,%.3f,%.3f,%.3f,", j->fitted[x].name, j->theta0[x], j->theta[x], se,
                seh);
        if (j->have_boot)
            fprintf(out, "%.3f", sqrt(j->boot_cov[x * m + x]));
        fprintf(out, ",%.3f,%.3f\n", j->theta[x] - STATS_Z95 * se, j->theta[x] + STATS_Z95 * se);
    }
    return true;
}

bool fit_write_summary(FILE *out, void *data)
{
    FitJob *j = data;
    const FitConfig *fc = fit_config(j->cfg);
    fprintf(out, "{\n  \"job\": \"fit\",\n  \"run\": \"%s\",\n  \"seed\": %llu,\n", j->cfg->name,
            j->cfg->seed);
    job_summary_game(out, j->cfg);
    if (j->selfplay) {
        fprintf(out, "  \"selfplay\": ");
        selfplay_write_json(out, &j->st, &j->all);
        fprintf(out, ",\n");
    } else {
        fprintf(out, "  \"positions_file\": \"%s\",\n", fc->positions);
    }
    fprintf(out,
            "  \"positions\": {\"fit\": %ld, \"fit_games\": %ld, \"held_out\": %ld, "
            "\"held_out_games\": %ld},\n",
            j->train.n, traces_games(&j->train), j->valid.n, traces_games(&j->valid));
    fprintf(out,
            "  \"loss\": \"%s\",\n  \"method\": \"%s\",\n  \"k\": %.6f,\n  \"k_fitted\": %s,\n"
            "  \"iterations\": %d,\n",
            fc->loss, fc->method, j->k, fc->fit_k ? "true" : "false", j->iterations);
    if (fit_config_blend(fc) > 0)
        fprintf(out, "  \"label\": \"%s\",\n  \"label_blend\": %g,\n", fc->label,
                fit_config_blend(fc));
    fprintf(out, "  \"loss_fit_set\": {\"start\": %.8f, \"after_k\": %.8f, \"fitted\": %.8f},\n",
            j->loss_start[0], j->loss_k[0], j->loss_end[0]);
    if (j->valid.n)
        fprintf(out,
                "  \"loss_held_out\": {\"start\": %.8f, \"after_k\": %.8f, "
                "\"fitted\": %.8f},\n",
                j->loss_start[1], j->loss_k[1], j->loss_end[1]);
    else
        fprintf(out, "  \"loss_held_out\": null,\n");
    summary_lambda(out, j);
    fprintf(out, "  \"weights\": {\n");
    for (int x = 0; x < j->mf; x++) {
        int m = j->mf;
        fprintf(out,
                "    \"%s\": {\"start\": %g, \"fitted\": %.3f, \"rounded\": %d, "
                "\"se_clustered\": %.4f, \"se_hessian\": %.4f",
                j->fitted[x].name, j->theta0[x], j->theta[x], rounded(j, x), se_of(j, x),
                sqrt(j->errors.cov_hessian[x * m + x]));
        if (j->have_boot)
            fprintf(out, ", \"se_bootstrap\": %.4f", sqrt(j->boot_cov[x * m + x]));
        fprintf(out, "}%s\n", x + 1 < j->mf ? "," : "");
    }
    fprintf(out, "  },\n  \"not_fitted\": [");
    int nf = 0;
    for (int i = 0; i < j->m; i++)
        if (!was_fitted(j, i))
            fprintf(out, "%s\"%s\"", nf++ ? ", " : "", j->params[i].name);
    fprintf(out, "],\n");
    match_write_verification_json(out, j->verify.match);
    fprintf(out, "}\n");
    return true;
}

/* The standard deviation (centipawns) of the Gaussian prior around the start that the
 * regularisation amounts to over the fitting set (fit.h), or 0 without one. */
static double prior_sd(const FitJob *j)
{
    return j->lambda > 0 && j->train.n ? FIT_REG_UNIT / sqrt(2 * j->train.n * j->lambda) : 0;
}

/* report.md: the regularisation (only when [fit] regularize is not 0, so that unregularised
 * reports are as before). */
static void report_lambda(FILE *out, const FitJob *j)
{
    if (!strcmp(fit_config(j->cfg)->regularize, "0"))
        return;
    fprintf(out,
            "\n**Regularisation toward the start: lambda = %g** (lambda sum ((w - start) / "
            "%g cp)^2 added to the mean loss",
            j->lambda, FIT_REG_UNIT);
    if (j->lambda > 0)
        fprintf(out,
                ": a Gaussian prior of %.1f cp around each start value over these %ld "
                "positions",
                prior_sd(j), j->train.n);
    fprintf(out, ").\n");
    if (!j->lambda_auto)
        return;
    fprintf(out, "Chosen by `regularize = auto`: the lambda whose fit predicts the held-out games "
                 "best (the fitting-set loss always falls as lambda does; the held-out loss tells "
                 "where the data stop paying for the freedom).\n\n| lambda | fitting-set loss | "
                 "held-out loss |\n|---:|---:|---:|\n");
    for (int g = 0; g < FIT_NLAMBDAS; g++)
        fprintf(out, "| %g%s | %.6f | %.6f |\n", FIT_LAMBDAS[g],
                FIT_LAMBDAS[g] == j->lambda ? " (chosen)"
                : j->undetermined[g]        ? " (skipped: the data leave the weights undetermined)"
                                            : "",
                j->grid[g][0], j->grid[g][1]);
}

/* summary.json: "regularize" (only when [fit] regularize is not 0). */
static void summary_lambda(FILE *out, const FitJob *j)
{
    if (!strcmp(fit_config(j->cfg)->regularize, "0"))
        return;
    fprintf(out, "  \"regularize\": {\"lambda\": %g, \"auto\": %s, \"prior_sd_cp\": %.3f",
            j->lambda, j->lambda_auto ? "true" : "false", prior_sd(j));
    if (j->lambda_auto) {
        fprintf(out, ", \"grid\": [");
        for (int g = 0; g < FIT_NLAMBDAS; g++)
            fprintf(out, "%s{\"lambda\": %g, \"loss_fit_set\": %.8f, \"loss_held_out\": %.8f%s}",
                    g ? ", " : "", FIT_LAMBDAS[g], j->grid[g][0], j->grid[g][1],
                    j->undetermined[g] ? ", \"undetermined\": true" : "");
        fprintf(out, "]");
    }
    fprintf(out, "},\n");
}

/* report.md: the positions, K, the minimiser and the losses. */
static void report_fit(FILE *out, const FitJob *j)
{
    const FitConfig *fc = fit_config(j->cfg);
    fprintf(out, "# Fit `%s`\n\n", j->cfg->name);
    job_report_game(out, j->cfg);
    if (j->selfplay)
        selfplay_write_markdown(out, j->cfg, &j->st, &j->all);
    else
        fprintf(out, "Positions from `%s`.\n\n", fc->positions);
    fprintf(out,
            "Fitted on %ld positions from %ld games; %ld positions from %ld other games "
            "held out. Loss: %s; K fitted first with the start weights (`%s`)%s: "
            "**K = %.4f**. Minimiser: %s, %d iterations (the time it took is printed, not "
            "reported, so that this file is the same on every run).\n\n",
            j->train.n, traces_games(&j->train), j->valid.n, traces_games(&j->valid), fc->loss,
            fc->start_weights, fc->fit_k ? " by Brent's method" : " (given, not fitted)", j->k,
            fc->method, j->iterations);
    if (fit_config_blend(fc) > 0)
        fprintf(out,
                "Targets (`label = %s`): (1 - %g) result + %g sigma(K score), with the capture "
                "search's score of each position and the K above; the minimiser's loss (the "
                "curve) is against these targets, every loss in the table against the game "
                "results.\n\n",
                fc->label, fit_config_blend(fc), fit_config_blend(fc));
    fprintf(out, "![Loss per iteration](loss_curve.png)\n\n*The loss on the fitting set "
                 "(left axis) and the gradient norm (right axis, log scale) after each iteration "
                 "of the minimiser, from the start weights with the fitted K.*\n\n");
    fprintf(out,
            "| loss | start weights, K = %g | start weights, fitted K | fitted weights |\n"
            "|---|---:|---:|---:|\n| fitting set | %.6f | %.6f | %.6f |\n",
            fc->k, j->loss_start[0], j->loss_k[0], j->loss_end[0]);
    if (j->valid.n)
        fprintf(out, "| held-out games | %.6f | %.6f | %.6f |\n", j->loss_start[1], j->loss_k[1],
                j->loss_end[1]);
    report_lambda(out, j);
}

/* report.md: the table of fitted weights with their intervals. */
static void report_weights(FILE *out, const FitJob *j)
{
    const FitConfig *fc = fit_config(j->cfg);
    fprintf(out,
            "\n## Fitted weights (centipawns)\n\n"
            "95%% intervals from standard errors clustered by game (positions of a game "
            "share its result, so the inverse Hessian alone understates the error; its "
            "figure is shown for comparison)%s. Material in %ss: the ratio to the "
            "fitted %s with Fieller's 95%% interval.\n\n",
            j->have_boot ? " and, where given, a bootstrap over games" : "",
            job_unit_name(config_variant(j->cfg)), weight_term_names[unit_term(j)]);
    fprintf(out,
            "![Fitted weights against the start](fit.png)\n\n*Each fitted weight "
            "(blue, with its 95%% interval) beside its start value (`%s`, open circle), in "
            "centipawns.*\n\n",
            fc->start_weights);
    fprintf(out,
            "| weight | start | fitted | 95%% interval | se (clustered) | se (Hessian) |%s "
            "in %ss | file |\n|---|---:|---:|---|---:|---:|%s---:|---:|\n",
            j->have_boot ? " se (bootstrap) |" : "", job_unit_name(config_variant(j->cfg)),
            j->have_boot ? "---:|" : "");
    for (int x = 0; x < j->mf; x++) {
        int w = j->fitted[x].set.idx[0], m = j->mf;
        double se = se_of(j, x), v, lo, hi;
        char pincers[64] = "";
        if (is_material(j, w) && in_pincers(j, w, &v, &lo, &hi))
            snprintf(pincers, sizeof pincers,
                     isfinite(lo) ? "%.2f [%.2f, %.2f]" : "%.2f [unbounded]", v, lo, hi);
        fprintf(out, "| %s | %g | %.1f | [%.1f, %.1f] | %.2f | %.2f |", j->fitted[x].name,
                j->theta0[x], j->theta[x], j->theta[x] - STATS_Z95 * se,
                j->theta[x] + STATS_Z95 * se, se, sqrt(j->errors.cov_hessian[x * m + x]));
        if (j->have_boot)
            fprintf(out, " %.2f |", sqrt(j->boot_cov[x * m + x]));
        fprintf(out, " %s | %d |\n", pincers, rounded(j, x));
    }
    for (int i = 0; i < j->m; i++)
        if (!was_fitted(j, i))
            fprintf(out, "\n`%s` was not fitted: its coefficient is zero in every position.\n",
                    j->params[i].name);
    if (j->clamped)
        fprintf(out,
                "\n%d fitted value(s) lie outside the weights table's range; the weights "
                "file holds the nearest bound.\n",
                j->clamped);
    fprintf(
        out,
        "\nFiles: `fitted.weights` (rounded), `fit.csv` (this table), "
        "`loss_curve.csv` (loss per iteration), `fit.png` and `loss_curve.png` (the plots)%s.\n",
        j->selfplay ? ", `positions.traces` (the positions)" : "");
}

bool fit_write_report(FILE *out, void *data)
{
    const FitJob *j = data;
    report_fit(out, j);
    report_weights(out, j);
    verify_write_markdown(out, &j->verify, "fitted", "weights",
                          "openings not used for the positions");
    return true;
}
/* Draws loss_curve.png (loss and gradient norm per iteration, from loss_curve.csv) and fit.png
 * (each fitted weight with its 95% interval beside its start value, from fit.csv). */
bool fit_plot(void *data)
{
    const FitJob *j = data;
    static const char curve[] =
        "set xlabel 'iteration'\nset ylabel 'loss (fitting set)'\nset y2label 'gradient norm'\n"
        "set logscale y2\nset format y '%.5f'\nset format y2 '%.0e'\nset ytics nomirror\nset "
        "y2tics\n"
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
             fit_config(j->cfg)->method, j->k);
    if (!plot_draw(j->rd, "loss_curve.png", title, curve))
        return false;
    snprintf(title, sizeof title, "%s: fitted weights with 95%% intervals against the start (%s)",
             j->cfg->name, fit_config(j->cfg)->start_weights);
    return plot_draw(j->rd, "fit.png", title, values) && verify_plot(&j->verify, j->rd);
}

/* Prints the fitted weights and the verification. */
void fit_print(void *data)
{
    const FitJob *j = data;
    printf("K = %.4f; loss %.6f -> %.6f (held out %.6f -> %.6f); K, fit, standard errors%s "
           "took %.1f s\n",
           j->k, j->loss_k[0], j->loss_end[0], j->loss_k[1], j->loss_end[1],
           j->have_boot ? " and bootstrap" : "", j->fit_seconds);
    printf("%-18s %6s %9s %s\n", "weight", "start", "fitted", "95% interval (clustered)");
    for (int x = 0; x < j->mf; x++) {
        double se = se_of(j, x);
        printf("%-18s %6g %9.1f +- %.1f\n", j->fitted[x].name, j->theta0[x], j->theta[x],
               STATS_Z95 * se);
    }
    verify_print(&j->verify, "fitted vs start");
    printf("Results in %s/ (report.md, report.html)\n", j->rd->path);
}

const HtmlSpec fit_html = {
    .figures =
        {
            {"positions.fit", "positions fitted", NULL, NULL},
            {"loss_held_out.fitted", "held-out loss, fitted", NULL, NULL},
            {"k", "K", NULL, NULL},
            VERIFY_HTML_FIGURES("fitted"),
        },
    .charts =
        {
            {.png = "loss_curve.png",
             .csv = "loss_curve.csv",
             .title = "Loss per iteration",
             .x = "iteration",
             .y = "loss",
             .xlabel = "iteration",
             .ylabel = "loss"},
            {.png = "loss_curve.png",
             .csv = "loss_curve.csv",
             .title = "Gradient norm per iteration",
             .x = "iteration",
             .y = "gradient_norm",
             .xlabel = "iteration",
             .ylabel = "gradient norm",
             .logy = true},
            {.png = "fit.png",
             .csv = "fit.csv",
             .title = "Fitted weights (95% intervals) and their start values",
             .x = "weight",
             .y = "fitted:low95:high95 start",
             .xlabel = "weight",
             .ylabel = "centipawns",
             .categories = true},
            VERIFY_HTML_CHART("fitted"),
        },
    .games = {"verify.pgn", "games.pgn"},
};
