/* spsa_report.c: what the SPSA job writes: summary.json, report.md, the plots and the printed
 * result. */
#include <math.h>
#include <stdio.h>

#include "tune/pages/html.h"
#include "tune/jobs/common/job.h"
#include "tune/play/handicap.h"
#include "tune/jobs/spsa/spsa_report.h"
#include "tune/jobs/common/match_output.h"
#include "tune/pages/weights_report.h"
#include "tune/play/match.h"
#include "tune/run/plot.h"
#include "tune/stats/stats.h"
#include "tune/play/player_config.h"
#include "tune/jobs/spsa/spsa_config.h"

bool spsa_write_summary(FILE *out, void *data)
{
    const SpsaJob *j = data;
    fprintf(out, "{\n  \"job\": \"spsa\",\n  \"run\": \"%s\",\n  \"seed\": %llu,\n", j->cfg->name,
            j->cfg->seed);
    job_summary_game(out, j->cfg);
    fprintf(out, "  \"iterations\": %ld,\n  \"tuning_games\": %ld,\n  \"parameters\": {\n",
            j->iterations, 2 * j->npairs);
    for (int i = 0; i < j->spsa.n; i++) {
        const SpsaParam *p = &j->spsa.p[i];
        fprintf(out, "    \"%s\": {\"start\": %g, \"tuned\": %d, \"theta\": %.3f}%s\n", p->name,
                p->start, spsa_param_tuned(j, i), j->spsa.theta[i], i + 1 < j->spsa.n ? "," : "");
    }
    fprintf(out, "  },\n");
    match_write_verification_json(out, j->verify.match);
    fprintf(out, "}\n");
    return true;
}

/* report.md's table of an external engine's options: start, tuned and change of each. */
static void report_options(FILE *out, const SpsaJob *j)
{
    fprintf(out, "| option | start | tuned | change |\n|---|---:|---:|---:|\n");
    for (int i = 0; i < j->spsa.n; i++) {
        const SpsaParam *p = &j->spsa.p[i];
        int start = (int)lround(p->start), tuned = spsa_param_tuned(j, i);
        fprintf(out, "| %s | %d | %d | %+d |\n", p->name, start, tuned, tuned - start);
    }
}

/* report.md's table of the weights tuned: start, tuned, change, the game's hand-set values
 * (Maxima's v1, Ultima's and Martian Chess's start tables), its outside table
 * (job_reference_value) and the ratio to the tuned unit (the pincer, Martian Chess's point). */
static void report_weights(FILE *out, const SpsaJob *j)
{
    const Variant *v = config_variant(j->cfg);
    Weights defaults;
    weights_start(&defaults, v); /* the hand-set table, fixed */
    fprintf(out,
            "| weight | start | tuned | change | hand-set (%s) | %s (%ss) | "
            "tuned / tuned %s |\n|---|---:|---:|---:|---:|---:|---:|\n",
            v->id == VARIANT_MAXIMA ? "v1" : v->name, job_reference_name(v),
            v->scores ? "point" : "pawn", job_unit_name(v));
    int unit = weight_mg(handicap_unit_term(v));
    int pincer = j->tuned.v[unit] ? j->tuned.v[unit] : 1;
    for (int i = 0; i < j->spsa.n; i++) {
        const SpsaParam *p = &j->spsa.p[i];
        int w = p->set.idx[0], start = (int)lround(p->start);
        char vchess[16] = "", ratio[16] = "";
        if (weight_is_material(w / 2)) { /* a material weight: the term is w / 2 */
            snprintf(vchess, sizeof vchess, "%g", job_reference_value(v, w / 2));
            snprintf(ratio, sizeof ratio, "%.2f", (double)j->tuned.v[w] / pincer);
        }
        fprintf(out, "| %s | %d | %d | %+d | %d | %s | %s |\n", p->name, start, j->tuned.v[w],
                j->tuned.v[w] - start, defaults.v[w], vchess, ratio);
    }
}

bool spsa_write_report(FILE *out, void *data)
{
    const SpsaJob *j = data;
    bool options = spsa_external(j->cfg);
    fprintf(out, "# SPSA run `%s`\n\n", j->cfg->name);
    job_report_game(out, j->cfg);
    fprintf(out, "%ld iterations of %ld game pair(s) each (%ld games), %s per move, seed %llu.\n",
            j->iterations, j->per_iter, 2 * j->npairs,
            player_config(j->cfg, 0)->nodes ? "fixed nodes" : "depth/time limits", j->cfg->seed);
    if (options)
        fprintf(out, "The UCI options of the external engine `[engine_a]`, from the start values "
                     "of `[spsa] options`. Config: `config.ini`; trajectory: `trajectory.csv`; "
                     "tuned options: `tuned.options` (`Name=value, ...`, for `options =`).\n\n");
    else
        fprintf(out,
                "Start weights: `%s`. Config: `config.ini`; trajectory: `trajectory.csv`; tuned "
                "weights: `tuned.weights`.\n\n",
                spsa_config(j->cfg)->start_weights);
    fprintf(out, "![Parameter trajectories](trajectory.png)\n\n");
    if (options)
        report_options(out, j);
    else
        report_weights(out, j);
    if (!options) {
        fprintf(out, "\n");
        weights_report_signs(out, &j->tuned, &j->start, config_variant(j->cfg),
                             "the tuned weights");
    }
    verify_write_markdown(out, &j->verify, "tuned", options ? "options" : "weights",
                          "openings not used in tuning");
    return true;
}

bool spsa_plot(void *data)
{
    const SpsaJob *j = data;
    char script[512];
    snprintf(script, sizeof script,
             "set key autotitle columnhead\nset xlabel 'iteration'\n"
             "set ylabel 'value (centipawns)'\n"
             "plot for [i=2:%d] 'trajectory.csv' using 1:i with lines lw 2\n",
             j->spsa.n + 1);
    return plot_draw(j->rd, "trajectory.png", "SPSA parameter trajectories", script) &&
           verify_plot(&j->verify, j->rd);
}

void spsa_print(void *data)
{
    const SpsaJob *j = data;
    printf("Tuned %s (%ld iterations):\n", spsa_external(j->cfg) ? "options" : "weights",
           j->iterations);
    for (int i = 0; i < j->spsa.n; i++) {
        const SpsaParam *p = &j->spsa.p[i];
        printf("  %-18s %5.0f -> %5d\n", p->name, p->start, spsa_param_tuned(j, i));
    }
    verify_print(&j->verify, "tuned vs start");
    printf("Results in %s/ (report.md, report.html)\n", j->rd->path);
}

const HtmlSpec spsa_html = {
    .figures =
        {
            {"iterations", "iterations", NULL, NULL},
            {"tuning_games", "tuning games", NULL, NULL},
            VERIFY_HTML_FIGURES("tuned"),
        },
    .charts =
        {
            {.png = "trajectory.png",
             .csv = "trajectory.csv",
             .title = "SPSA parameter trajectories",
             .x = "iteration",
             .y = "* -plus_wins -plus_losses -draws -plus_score",
             .xlabel = "iteration",
             .ylabel = "value (centipawns)"},
            VERIFY_HTML_CHART("tuned"),
        },
    .games = {"verify.pgn"},
};
