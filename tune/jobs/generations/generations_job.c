/* generations_job.c: the generations and their ladder, run one after the other (see
 * generations_job.h). */
#include "generations_job.h"
#include "tune/jobs/generations/generations_report.h"

#include <stdlib.h>
#include <string.h>

#include "tune/jobs/common/job.h"
#include "tune/jobs/common/parts.h"
#include "tune/jobs/pipeline/pipeline_config.h"
#include "tune/jobs/pipeline/pipeline_job.h"
#include "tune/jobs/tournament/tournament_config.h"
#include "tune/play/player_config.h"

/* The ladder's openings come from a seed of their own (generation g plays seed + g - 1). */
#define LADDER_SEED_MIX 0xD1B54A32D192ED03ull

/* The config of part g: generation g (from 1) from its start (known: read from the earlier
 * generations; else the start weights, for emptying the folders), or the ladder (g = 0). */
static bool part_config(const Config *cfg, const RunDir *rd, int g, bool known, Config *pc,
                        char *err, size_t errlen)
{
    const GenerationsConfig *gc = generations_config(cfg);
    char dir[32];
    generations_part_dir(g, dir, sizeof dir);
    if (!parts_config(cfg, rd, g > 0 ? "pipeline" : "tournament", dir, pc, err, errlen))
        return false;
    if (g > 0) {
        PipelineConfig *pl = pipeline_config_edit(pc);
        if (!known)
            snprintf(pl->start_weights, sizeof pl->start_weights, "%s", gc->start_weights);
        else if (!generations_start(cfg, rd, g, pl->start_weights, sizeof pl->start_weights, err,
                                    errlen))
            return false;
        pc->seed = cfg->seed + (uint64_t)(g - 1);
        return true;
    }
    long hash_mb = player_config(cfg, 0)->hash_mb;
    if (!player_config_set_in_process(pc, 0, "gen-0", gc->start_weights, gc->ladder_nodes, hash_mb,
                                      err, errlen))
        return false;
    for (int h = 1; h <= gc->count; h++) {
        char name[16], path[1100];
        snprintf(name, sizeof name, "gen-%d", h);
        if (!generations_path(rd, h, "final.weights", path, sizeof path, err, errlen) ||
            !player_config_set_in_process(pc, h, name, path, gc->ladder_nodes, hash_mb, err,
                                          errlen))
            return false;
    }
    TournamentConfig *tc = tournament_config_edit(pc);
    snprintf(tc->format, sizeof tc->format, "round_robin");
    tc->pairs = gc->ladder_pairs;
    snprintf(tc->anchor, sizeof tc->anchor, "gen-0");
    tc->anchor_elo = 0;
    pc->seed = cfg->seed ^ LADDER_SEED_MIX;
    return true;
}

bool generations_check(const Config *cfg, char *err, size_t errlen)
{
    char why[900];
    Weights w;
    if (!weights_load_game(&w, generations_config(cfg)->start_weights, config_variant(cfg), why,
                           sizeof why)) {
        snprintf(err, errlen, "[generations] start_weights: %s", why);
        return false;
    }
    Config *pc = malloc(sizeof *pc);
    if (!pc) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    *pc = *cfg;
    snprintf(pipeline_config_edit(pc)->start_weights, sizeof pipeline_config(pc)->start_weights,
             "%s", generations_config(cfg)->start_weights);
    bool ok = pipeline_check(pc, err, errlen);
    free(pc);
    return ok;
}

/* Runs part g (or empties its folder: clear); returns its ExitStatus. */
static int run_part(const Config *cfg, const RunDir *rd, int g, bool clear)
{
    char err[1024];
    Config *pc = malloc(sizeof *pc);
    int status = EXIT_FAIL;
    int n = generations_config(cfg)->count + 1, k = g > 0 ? g : n;
    if (!pc)
        fprintf(stderr, "maxtune: out of memory\n");
    else if (!part_config(cfg, rd, g, !clear, pc, err, sizeof err))
        fprintf(stderr, "maxtune: %s\n", err), status = EXIT_USAGE;
    else if (clear)
        status = parts_clear(pc, rd);
    else
        status = parts_run(pc, rd, "generations: part", k, n,
                           g > 0 ? "a generation of the pipeline from the winner so far"
                                 : "the ladder of every generation");
    free(pc);
    return status;
}

int generations_run(const Config *cfg, RunDir *rd)
{
    Job job;
    int status = job_begin(&job, cfg, rd, NULL, NULL);
    int count = (int)generations_config(cfg)->count;
    /* --force: every part's folder emptied first (parts.h), the ladder's too. */
    for (int g = 0; g <= count && status == EXIT_OK && rd->force; g++)
        status = run_part(cfg, rd, g, true);
    for (int g = 1; g <= count && status == EXIT_OK; g++)
        status = run_part(cfg, rd, g, false);
    if (status == EXIT_OK)
        status = run_part(cfg, rd, 0, false);
    GenerationsResult *r = calloc(1, sizeof *r);
    char err[1024];
    if (!r) {
        status = EXIT_FAIL;
    } else {
        *r = (GenerationsResult){.cfg = cfg, .rd = rd, .count = count};
        if (status == EXIT_OK && !generations_read(r, err, sizeof err)) {
            fprintf(stderr, "maxtune: %s\n", err);
            status = EXIT_FAIL;
        }
    }
    if (status == EXIT_INTERRUPTED)
        fprintf(stderr, "generations interrupted: run the same command again to resume\n");
    JobOutputs out = {.report = {"report.md", generations_write_report, r},
                      .summary = {RUNDIR_SUMMARY, generations_write_summary, r},
                      .print = generations_print,
                      .print_data = r};
    if (status == EXIT_OK) {
        job_add_file(&out, "generations.csv", generations_write_csv, r);
        out.plot = generations_plot;
        out.plot_data = r;
    }
    status = job_end(&job, status, &out);
    free(r);
    return status;
}
