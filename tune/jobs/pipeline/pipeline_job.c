/* pipeline_job.c: the pipeline's stages, run one after the other (see pipeline_job.h). */
#include "pipeline_job.h"
#include "tune/jobs/pipeline/pipeline_report.h"

#include <stdlib.h>
#include <string.h>

#include "tune/jobs/fit/fit_job.h"
#include "tune/jobs/common/job.h"
#include "tune/jobs/common/parts.h"
#include "tune/jobs/spsa/spsa_job.h"
#include "tune/play/player_config.h"
#include "tune/play/match_config.h"
#include "tune/jobs/spsa/spsa_config.h"
#include "tune/jobs/fit/fit_config.h"
#include "tune/jobs/pipeline/pipeline_config.h"

/* For the progress line of each stage. */
static const char *const STAGE_WHAT[PIPE_STAGES] = {
    "self-play positions with the start weights",
    "fit of the evaluation weights, verified against the start",
    "SPSA from the fitted weights, verified against them",
    "gate match of the final weights against the start",
};

/* The gate's openings come from a seed of their own, so that it plays none of the openings
 * the self-play and SPSA stages played (those take the run's seed). */
#define GATE_SEED_MIX 0x9E3779B97F4A7C15ull

/* Writes "<run folder>/<stage>/<file>" into a path field of cap bytes; false when too long. */
static bool stage_path(char *field, size_t cap, const RunDir *rd, int stage, const char *file,
                       char *err, size_t errlen)
{
    int n = snprintf(field, cap, "%s/%s/%s", rd->path, PIPE_STAGE_DIR[stage], file);
    if (n >= 0 && (size_t)n < cap)
        return true;
    snprintf(err, errlen, "%s: folder name too long for the pipeline's stage files", rd->path);
    return false;
}

/* The SPSA stage with a params file: the file names the parameters, their ranges and steps;
 * each starts at the stage's start weights' value (the fitted weights). */
static void spsa_from_start(SpsaConfig *sc)
{
    if (strcmp(sc->params_file, "none") != 0)
        snprintf(sc->params_start, sizeof sc->params_start, "weights");
}

/* Sets both engines' weights of pc to w and their names to a and b. */
static void set_players(Config *pc, const char *w_a, const char *w_b, const char *a, const char *b)
{
    EngineConfig *ea = player_config_edit(pc, 0), *eb = player_config_edit(pc, 1);
    snprintf(ea->weights, sizeof ea->weights, "%s", w_a);
    snprintf(eb->weights, sizeof eb->weights, "%s", w_b);
    snprintf(ea->name, sizeof ea->name, "%s", a);
    snprintf(eb->name, sizeof eb->name, "%s", b);
}

/* The config of the gate against opponent i of [pipeline] gate_opponents: the gate's, with the
 * opponent (named by its built-in set, else "opponent-<i+1>") in place of the start and every
 * pair played; its openings are the gate's. */
static bool opponent_config(const Config *cfg, const RunDir *rd, int i, Config *pc, char *err,
                            size_t errlen)
{
    const PipelineConfig *pl = pipeline_config(cfg);
    char names[PIPE_MAX_OPPONENTS][256], dir[32], final[256], label[32];
    if (pipeline_opponents(pl->gate_opponents, names, PIPE_MAX_OPPONENTS, err, errlen) <= i)
        return false;
    pipeline_opponent_dir(i, dir, sizeof dir);
    if (!parts_config(cfg, rd, "match", dir, pc, err, errlen) ||
        !stage_path(final, sizeof final, rd, PIPE_SPSA, "tuned.weights", err, errlen))
        return false;
    if (weights_is_builtin(names[i]))
        snprintf(label, sizeof label, "%s", names[i]);
    else
        snprintf(label, sizeof label, "opponent-%d", i + 1);
    set_players(pc, final, names[i], "final", label);
    player_config_edit(pc, 0)->nodes = player_config_edit(pc, 1)->nodes = pl->gate_nodes;
    match_config_edit(pc)->pairs = pl->gate_pairs;
    match_config_edit(pc)->sprt = false;
    pc->seed = cfg->seed ^ GATE_SEED_MIX;
    return true;
}

/* How many stages the run has: the four, then a gate per opponent of [pipeline]
 * gate_opponents (checked at load). */
static int stage_count(const Config *cfg)
{
    char names[PIPE_MAX_OPPONENTS][256], err[8];
    int n = pipeline_opponents(pipeline_config(cfg)->gate_opponents, names, PIPE_MAX_OPPONENTS, err,
                               sizeof err);
    return PIPE_STAGES + (n > 0 ? n : 0);
}

bool pipeline_stage_config(const Config *cfg, const RunDir *rd, int k, Config *pc, char *err,
                           size_t errlen)
{
    const PipelineConfig *pl = pipeline_config(cfg);
    if (k >= PIPE_STAGES)
        return opponent_config(cfg, rd, k - PIPE_STAGES, pc, err, errlen);
    if (!parts_config(cfg, rd, PIPE_STAGE_JOB[k], PIPE_STAGE_DIR[k], pc, err, errlen))
        return false;
    switch (k) {
    case PIPE_SELFPLAY:
        set_players(pc, pl->start_weights, pl->start_weights, "start", "start");
        return true;
    case PIPE_FIT: {
        FitConfig *fc = fit_config_edit(pc);
        snprintf(fc->start_weights, sizeof fc->start_weights, "%s", pl->start_weights);
        snprintf(fc->params, sizeof fc->params, "%s", pl->fit_params);
        return stage_path(fc->positions, sizeof fc->positions, rd, PIPE_SELFPLAY,
                          "positions.traces", err, errlen);
    }
    case PIPE_SPSA: {
        SpsaConfig *sc = spsa_config_edit(pc);
        snprintf(sc->params, sizeof sc->params, "%s", pl->spsa_params);
        spsa_from_start(sc);
        return stage_path(sc->start_weights, sizeof sc->start_weights, rd, PIPE_FIT,
                          "fitted.weights", err, errlen);
    }
    default: {
        char final[256];
        if (!stage_path(final, sizeof final, rd, PIPE_SPSA, "tuned.weights", err, errlen))
            return false;
        set_players(pc, final, pl->start_weights, "final", "start");
        player_config_edit(pc, 0)->nodes = player_config_edit(pc, 1)->nodes = pl->gate_nodes;
        match_config_edit(pc)->pairs = pl->gate_pairs;
        match_config_edit(pc)->sprt = pl->gate_sprt;
        pc->seed = cfg->seed ^ GATE_SEED_MIX;
        return true;
    }
    }
}

bool pipeline_check(const Config *cfg, char *err, size_t errlen)
{
    char why[900];
    Weights w;
    if (!weights_load_game(&w, pipeline_config(cfg)->start_weights, config_variant(cfg), why,
                           sizeof why)) {
        snprintf(err, errlen, "[pipeline] start_weights: %s", why);
        return false;
    }
    char names[PIPE_MAX_OPPONENTS][256];
    int n = pipeline_opponents(pipeline_config(cfg)->gate_opponents, names, PIPE_MAX_OPPONENTS, why,
                               sizeof why);
    for (int i = 0; i < n; i++)
        if (!weights_load_game(&w, names[i], config_variant(cfg), why, sizeof why)) {
            snprintf(err, errlen, "[pipeline] gate_opponents: %s", why);
            return false;
        }
    /* The stages' own checks, with the start weights where earlier stages' files will be. */
    Config pc = *cfg;
    const PipelineConfig *pl = pipeline_config(cfg);
    FitConfig *fc = fit_config_edit(&pc);
    SpsaConfig *sc = spsa_config_edit(&pc);
    snprintf(fc->positions, sizeof fc->positions, "selfplay");
    snprintf(fc->start_weights, sizeof fc->start_weights, "%s", pl->start_weights);
    snprintf(fc->params, sizeof fc->params, "%s", pl->fit_params);
    snprintf(sc->start_weights, sizeof sc->start_weights, "%s", pl->start_weights);
    snprintf(sc->params, sizeof sc->params, "%s", pl->spsa_params);
    spsa_from_start(sc);
    return fit_check(&pc, err, errlen) && spsa_check(&pc, err, errlen);
}

/* With --force, empties every stage's folder before the first stage runs (see suite_job.c). */
static int pipeline_clear(const Config *cfg, const RunDir *rd)
{
    char err[1024];
    for (int k = 0; k < stage_count(cfg); k++) {
        Config pc;
        char dir[32];
        if (k >= PIPE_STAGES)
            pipeline_opponent_dir(k - PIPE_STAGES, dir, sizeof dir);
        if (!parts_config(cfg, rd, k < PIPE_STAGES ? PIPE_STAGE_JOB[k] : "match",
                          k < PIPE_STAGES ? PIPE_STAGE_DIR[k] : dir, &pc, err, sizeof err)) {
            fprintf(stderr, "maxtune: %s\n", err);
            return EXIT_USAGE;
        }
        int status = parts_clear(&pc, rd);
        if (status != EXIT_OK)
            return status;
    }
    return EXIT_OK;
}

/* Runs stage k (or keeps it when finished earlier); returns its ExitStatus. */
static int pipeline_stage(const Config *cfg, const RunDir *rd, int k)
{
    static const char opponent_what[] = "gate match of the final weights against an opponent";
    char err[1024];
    Config *pc = malloc(sizeof *pc);
    int status = EXIT_FAIL;
    if (!pc)
        fprintf(stderr, "maxtune: out of memory\n");
    else if (!pipeline_stage_config(cfg, rd, k, pc, err, sizeof err))
        fprintf(stderr, "maxtune: %s\n", err), status = EXIT_USAGE;
    else
        status = parts_run(pc, rd, "pipeline: stage", k + 1, stage_count(cfg),
                           k < PIPE_STAGES ? STAGE_WHAT[k] : opponent_what);
    free(pc);
    return status;
}

int pipeline_run(const Config *cfg, RunDir *rd)
{
    Job job;
    int status = job_begin(&job, cfg, rd, NULL, NULL);
    if (status == EXIT_OK && rd->force)
        status = pipeline_clear(cfg, rd);
    for (int k = 0; k < stage_count(cfg) && status == EXIT_OK; k++)
        status = pipeline_stage(cfg, rd, k);
    PipelineResult *r = calloc(1, sizeof *r);
    char err[1024];
    if (!r) {
        status = EXIT_FAIL;
    } else {
        *r = (PipelineResult){.cfg = cfg, .rd = rd};
        if (status == EXIT_OK && !pipeline_read(r, err, sizeof err)) {
            fprintf(stderr, "maxtune: %s\n", err);
            status = EXIT_FAIL;
        }
    }
    if (status == EXIT_INTERRUPTED)
        fprintf(stderr, "pipeline interrupted: run the same command again to resume\n");
    JobOutputs out = {.report = {"report.md", pipeline_write_report, r},
                      .summary = {RUNDIR_SUMMARY, pipeline_write_summary, r},
                      .print = pipeline_print,
                      .print_data = r};
    job_add_file(&out, "final.weights", pipeline_write_final, r);
    if (status == EXIT_OK) {
        job_add_file(&out, PIPELINE_SQUARES, pipeline_write_squares, r);
        out.plot = pipeline_plot;
        out.plot_data = r;
    }
    status = job_end(&job, status, &out);
    free(r);
    return status;
}
