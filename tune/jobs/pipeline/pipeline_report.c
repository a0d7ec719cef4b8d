/* pipeline_report.c: the pipeline's report, made from its stages' files (selfplay/summary.json,
 * fit/summary.json and verify.json, spsa/verify.json and tuned.weights, gate/summary.json):
 * final.weights, report.md, summary.json and the printed result. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tune/pages/html.h"
#include "tune/pages/html_text.h"
#include "tune/jobs/common/job.h"
#include "tune/jobs/pipeline/pipeline_report.h"
#include "tune/pages/weights_report.h"
#include "tune/play/players.h"
#include "tune/run/json.h"
#include "tune/run/text.h"
#include "tune/play/player_config.h"
#include "tune/jobs/spsa/spsa_config.h"
#include "tune/jobs/fit/fit_config.h"
#include "tune/jobs/pipeline/pipeline_config.h"

/* What each stage's match measures, for the report. */
static const char *const MATCH_WHAT[PIPE_STAGES] = {
    NULL,
    "fitted against start (the fit's verification)",
    "final against fitted (SPSA's verification)",
    "final against start (the gate)",
};

/* The file of a stage as a malloc'd text; NULL (errno set) when it cannot be read. */
static char *stage_text(const PipelineResult *r, int stage, const char *file)
{
    char path[1100];
    snprintf(path, sizeof path, "%s/%s/%s", r->rd->path, PIPE_STAGE_DIR[stage], file);
    size_t len;
    return text_read_file(path, &len);
}

/* Reads a match's headline figures from a stage's JSON file; absent file: m->have false. */
static void read_match(const PipelineResult *r, int stage, const char *file, MatchFigures *m)
{
    char path[1100];
    snprintf(path, sizeof path, "%s/%s/%s", r->rd->path, PIPE_STAGE_DIR[stage], file);
    verify_read_figures(path, m);
}

/* Loads a stage's weights file into w; false with the message in err. */
static bool read_weights(const PipelineResult *r, int stage, const char *file, Weights *w,
                         char *err, size_t errlen)
{
    char path[1100];
    snprintf(path, sizeof path, "%s/%s/%s", r->rd->path, PIPE_STAGE_DIR[stage], file);
    return weights_load_game(w, path, config_variant(r->cfg), err, errlen);
}

bool pipeline_read(PipelineResult *r, char *err, size_t errlen)
{
    if (!weights_load_game(&r->start, pipeline_config(r->cfg)->start_weights,
                           config_variant(r->cfg), err, errlen) ||
        !read_weights(r, PIPE_FIT, "fitted.weights", &r->fitted, err, errlen) ||
        !read_weights(r, PIPE_SPSA, "tuned.weights", &r->final, err, errlen))
        return false;
    char *sp = stage_text(r, PIPE_SELFPLAY, RUNDIR_SUMMARY);
    char *fit = stage_text(r, PIPE_FIT, RUNDIR_SUMMARY);
    if (!sp || !fit) {
        snprintf(err, errlen, "%s: a stage's summary.json cannot be read", r->rd->path);
        free(sp);
        free(fit);
        return false;
    }
    r->games = (long)json_number(sp, "selfplay.games");
    r->positions = (long)json_number(sp, "selfplay.positions");
    /* "regularize" is in the fit's summary only when [fit] regularize is set; its "lambda" is
     * the one used (the grid's are inside its "grid"). */
    const char *v;
    size_t vlen;
    bool reg = json_find(fit, "regularize", &v, &vlen);
    r->lambda = reg ? json_number(fit, "regularize.lambda") : 0;
    r->lambda_auto = reg && json_find(fit, "regularize.auto", &v, &vlen) && vlen == 4 &&
                     !strncmp(v, "true", 4);
    free(sp);
    free(fit);
    read_match(r, PIPE_FIT, "verify.json", &r->match[PIPE_FIT]);
    read_match(r, PIPE_SPSA, "verify.json", &r->match[PIPE_SPSA]);
    read_match(r, PIPE_GATE, RUNDIR_SUMMARY, &r->match[PIPE_GATE]);
    int n = pipeline_opponents(pipeline_config(r->cfg)->gate_opponents, r->opponent,
                               PIPE_MAX_OPPONENTS, err, errlen);
    if (n < 0)
        return false;
    r->nopponents = n;
    for (int i = 0; i < n; i++) {
        char dir[32], path[1100];
        pipeline_opponent_dir(i, dir, sizeof dir);
        snprintf(path, sizeof path, "%s/%s/%s", r->rd->path, dir, RUNDIR_SUMMARY);
        verify_read_figures(path, &r->against[i]);
    }
    return true;
}

bool pipeline_write_final(FILE *out, void *data)
{
    const PipelineResult *r = data;
    fprintf(out, "# maxtune pipeline `%s`: the final weights (spsa/tuned.weights)\n", r->cfg->name);
    weights_write_game(&r->final, config_variant(r->cfg), out);
    return true;
}

/* report.md: the stages, with what each read and wrote. */
static void report_stages(FILE *out, const PipelineResult *r)
{
    const Config *c = r->cfg;
    const PipelineConfig *pl = pipeline_config(c);
    char what[400];
    EngineConfig gate = *player_config(c, 0); /* the gate plays at gate_nodes (pipeline_job.c) */
    gate.nodes = pl->gate_nodes;
    char limits[256], gate_limits[256];
    player_limits_text(player_config(c, 0), limits, sizeof limits);
    player_limits_text(&gate, gate_limits, sizeof gate_limits);
    fprintf(out,
            "| stage | job | what it does | writes | report |\n|---|---|---|---|---|\n"
            "| 1 | selfplay | %ld self-play games of `%s` at %s; %ld quiet positions kept | "
            "`selfplay/positions.traces` | [selfplay/report.md](selfplay/report.md) |\n",
            r->games, pl->start_weights, limits, r->positions);
    fprintf(out,
            "| 2 | fit | `%s` fitted to the outcomes from `%s`, regularised toward it "
            "(lambda %g%s); %ld-pair verification against it | `fit/fitted.weights` | "
            "[fit/report.md](fit/report.md) |\n",
            pl->fit_params, pl->start_weights, r->lambda, r->lambda_auto ? ", chosen" : "",
            fit_config(c)->verify_pairs);
    fprintf(out,
            "| 3 | spsa | %ld SPSA iterations of %s from the fitted weights; %ld-pair "
            "verification against them | `spsa/tuned.weights` = `final.weights` | "
            "[spsa/report.md](spsa/report.md) |\n",
            spsa_config(c)->iterations, pipeline_spsa_what(c, what, sizeof what),
            spsa_config(c)->verify_pairs);
    fprintf(out,
            "| 4 | match | the gate: final weights against `%s` at %s, %s | "
            "`gate/games.pgn` | [gate/report.md](gate/report.md) |\n\n",
            pl->start_weights, gate_limits,
            pl->gate_sprt ? "SPRT ([match] elo0, elo1)" : "every pair");
}

/* One row of the gains table. */
static void report_gain(FILE *out, const PipelineResult *r, int k)
{
    const MatchFigures *m = &r->match[k];
    if (!m->have) {
        fprintf(out, "| %s | %s | none played | | |\n", PIPE_STAGE_DIR[k], MATCH_WHAT[k]);
        return;
    }
    fprintf(out, "| %s | %s | %ld | **%+.1f +/- %.1f** | %.1f%% |\n", PIPE_STAGE_DIR[k],
            MATCH_WHAT[k], m->games, m->elo, m->elo_err, 100 * m->los);
}

/* report.md: the gate's verdict in words. */
static void report_verdict(FILE *out, const PipelineResult *r)
{
    const MatchFigures *g = &r->match[PIPE_GATE];
    if (pipeline_config(r->cfg)->gate_sprt)
        fprintf(out, "Gate SPRT verdict: **%s** (H1: the final weights are better by elo1).\n\n",
                g->verdict);
    else
        fprintf(out,
                "Gate: the final weights are %s than the start (95%% interval [%+.1f, %+.1f] "
                "Elo).\n\n",
                g->elo - g->elo_err > 0   ? "**stronger**"
                : g->elo + g->elo_err < 0 ? "**weaker**"
                                          : "not measurably stronger or weaker",
                g->elo - g->elo_err, g->elo + g->elo_err);
}

/* report.md: the gates against [pipeline] gate_opponents, when it names any. */
static void report_opponents(FILE *out, const PipelineResult *r)
{
    if (r->nopponents == 0)
        return;
    const PipelineConfig *pl = pipeline_config(r->cfg);
    fprintf(out,
            "## The gate against other engines\n\nThe final weights against engines that do "
            "not share the start's weights (`[pipeline] gate_opponents`), as the gate: %ld "
            "pairs each at %ld nodes a move, on the gate's openings. A flaw that self-play from "
            "the start could not see (both sides had it) can show here.\n\n"
            "| opponent | weights | games | Elo of the final weights +/- 95%% | LOS | report "
            "|\n|---|---|---:|---:|---:|---|\n",
            pl->gate_pairs, pl->gate_nodes);
    for (int i = 0; i < r->nopponents; i++) {
        const MatchFigures *m = &r->against[i];
        char dir[32];
        pipeline_opponent_dir(i, dir, sizeof dir);
        if (m->have)
            fprintf(out,
                    "| %s | `%s` | %ld | **%+.1f +/- %.1f** | %.1f%% | "
                    "[%s/report.md](%s/report.md) |\n",
                    dir, r->opponent[i], m->games, m->elo, m->elo_err, 100 * m->los, dir, dir);
        else
            fprintf(out, "| %s | `%s` | none played | | | |\n", dir, r->opponent[i]);
    }
    fprintf(out, "\n");
}

/* report.md: how many weights changed, then the final weights as tables and heat maps
 * (weights_report.h), beside the start's. */
static void report_weights(FILE *out, const PipelineResult *r)
{
    int changed = 0, fitted = 0;
    for (int i = 0; i < W_NB; i++) {
        changed += r->final.v[i] != r->start.v[i];
        fitted += r->fitted.v[i] != r->start.v[i];
    }
    fprintf(out,
            "## Final weights\n\n%d of %d weights differ from the start after the fit, %d "
            "in the final weights (`fit/fitted.weights`, `final.weights`).\n\n",
            fitted, weights_game_count(config_variant(r->cfg)), changed);
    WeightsView v = {&r->final, &r->start, PIPELINE_SQUARES_PNG, config_variant(r->cfg)};
    weights_report_markdown(out, &v);
    fprintf(out, "\n");
    weights_report_signs(out, &r->final, &r->start, config_variant(r->cfg), "the final weights");
}

bool pipeline_write_squares(FILE *out, void *data)
{
    const PipelineResult *r = data;
    WeightsView v = {&r->final, &r->start, PIPELINE_SQUARES_PNG, config_variant(r->cfg)};
    return weights_report_write_squares(out, &v);
}

bool pipeline_plot(void *data)
{
    const PipelineResult *r = data;
    WeightsView v = {&r->final, &r->start, PIPELINE_SQUARES_PNG, config_variant(r->cfg)};
    return weights_report_plot(r->rd, PIPELINE_SQUARES, &v);
}

bool pipeline_write_report(FILE *out, void *data)
{
    const PipelineResult *r = data;
    fprintf(out, "# Pipeline `%s`\n\n", r->cfg->name);
    job_report_game(out, r->cfg);
    fprintf(out,
            "Four stages from one config (`config.ini`, seed %llu), each a run of its own in its "
            "subfolder with its own report:\n\n",
            r->cfg->seed);
    report_stages(out, r);
    fprintf(out, "## What each stage gained\n\n| stage | match | games | Elo +/- 95%% | LOS |\n"
                 "|---|---|---:|---:|---:|\n");
    for (int k = PIPE_FIT; k < PIPE_STAGES; k++)
        report_gain(out, r, k);
    fprintf(out, "\n");
    report_verdict(out, r);
    report_opponents(out, r);
    fprintf(
        out,
        "Regularisation of the fit: **lambda = %g**%s (see [fit/report.md](fit/report.md)).\n\n",
        r->lambda,
        r->lambda_auto ? ", chosen by `[fit] regularize = auto` as the lambda whose fit "
                         "predicts held-out games best"
                       : " (`[fit] regularize`)");
    fprintf(out,
            "**Final weights: `final.weights`** in this folder (SPSA's tuned weights): "
            "`maxtune search FEN --weights FOLDER/final.weights`, `setoption name Weights value "
            "FOLDER/final.weights` in `maxtune uci`, or `weights = FOLDER/final.weights` in a "
            "match config.\n\n");
    report_weights(out, r);
    fprintf(out, "Files: `config.ini` (every key), `run.txt`, `summary.json`, `final.weights`; "
                 "each stage's folder holds its own `config.ini` (which re-runs that stage "
                 "alone), `run.txt`, data files and report.\n");
    return true;
}

bool pipeline_write_summary(FILE *out, void *data)
{
    const PipelineResult *r = data;
    fprintf(out, "{\n  \"job\": \"pipeline\",\n  \"run\": \"%s\",\n  \"seed\": %llu,\n",
            r->cfg->name, r->cfg->seed);
    job_summary_game(out, r->cfg);
    fprintf(out,
            "  \"stages\": [\"selfplay\", \"fit\", \"spsa\", \"gate\"],\n"
            "  \"selfplay\": {\"games\": %ld, \"positions\": %ld},\n"
            "  \"fit\": {\"lambda\": %g, \"lambda_auto\": %s, \"verification\": ",
            r->games, r->positions, r->lambda, r->lambda_auto ? "true" : "false");
    verify_write_figures(out, &r->match[PIPE_FIT]);
    fprintf(out, "},\n  \"spsa\": {\"verification\": ");
    verify_write_figures(out, &r->match[PIPE_SPSA]);
    fprintf(out, "},\n  \"gate\": ");
    verify_write_figures(out, &r->match[PIPE_GATE]);
    if (r->nopponents > 0) {
        fprintf(out, ",\n  \"gate_opponents\": [");
        for (int i = 0; i < r->nopponents; i++) {
            char dir[32];
            pipeline_opponent_dir(i, dir, sizeof dir);
            fprintf(out, "%s\n    {\"folder\": \"%s\", \"weights\": ", i ? "," : "", dir);
            html_json_str(out, r->opponent[i]);
            fprintf(out, ", \"match\": ");
            verify_write_figures(out, &r->against[i]);
            fprintf(out, "}");
        }
        fprintf(out, "\n  ]");
    }
    fprintf(out, ",\n  \"final_weights\": \"final.weights\"\n}\n");
    return true;
}

void pipeline_print(void *data)
{
    const PipelineResult *r = data;
    printf("\nPipeline %s (lambda %g):\n", r->cfg->name, r->lambda);
    for (int k = PIPE_FIT; k < PIPE_STAGES; k++)
        if (r->match[k].have)
            printf("  %-8s %-48s Elo %+.1f +/- %.1f (%ld games)\n", PIPE_STAGE_DIR[k],
                   MATCH_WHAT[k], r->match[k].elo, r->match[k].elo_err, r->match[k].games);
    for (int i = 0; i < r->nopponents; i++)
        if (r->against[i].have) {
            char dir[32], what[300];
            pipeline_opponent_dir(i, dir, sizeof dir);
            snprintf(what, sizeof what, "final against %s", r->opponent[i]);
            printf("  %-8s %-48s Elo %+.1f +/- %.1f (%ld games)\n", dir, what, r->against[i].elo,
                   r->against[i].elo_err, r->against[i].games);
        }
    printf("Final weights: %s/final.weights\nReport: %s/report.md\n", r->rd->path, r->rd->path);
}

const HtmlSpec pipeline_html = {
    .figures = {{"gate.elo", "gate: Elo of the final weights", "gate.elo_error95", NULL},
                {"gate.games", "gate games", NULL, NULL},
                {"gate.los", "gate LOS", NULL, NULL},
                {"fit.verification.elo", "fit: Elo against the start",
                 "fit.verification.elo_error95", NULL},
                {"spsa.verification.elo", "SPSA: Elo against the fitted",
                 "spsa.verification.elo_error95", NULL},
                {"selfplay.positions", "self-play positions", NULL, NULL}},
    .parts = {"selfplay", "fit", "spsa", "gate"},
};
