/* edge_job.c: the edge job's parts, one strength each, then its report (see edge_job.h). */
#include "edge_job.h"
#include "tune/jobs/edge/edge_report.h"

#include <stdio.h>
#include <stdlib.h>

#include "search/weights.h"
#include "tune/jobs/common/job.h"
#include "tune/jobs/common/parts.h"

bool edge_check(const Config *cfg, char *err, size_t errlen)
{
    Weights w;
    char why[900];
    if (!weights_load_game(&w, edge_config(cfg)->weights, config_variant(cfg), why, sizeof why)) {
        snprintf(err, errlen, "[edge] weights: %s", why);
        return false;
    }
    return true;
}

/* Part k (strength k) for parts_run_all: a self-play series part of the run's game. */
static bool table_config(const Config *cfg, const RunDir *rd, int k, const void *data, Config *pc,
                         char *err, size_t errlen)
{
    const EdgeResult *r = data;
    char dir[64];
    edge_part_dir(r, k, dir, sizeof dir);
    return series_part_config(cfg, rd, dir, r->game, r->ec->weights, r->ec->node[k], r->ec->games,
                              pc, err, errlen);
}

/* The progress words of a part. */
static const char *table_what(int k, const void *data)
{
    (void)k;
    (void)data;
    return "self-play of the engine against itself";
}

int edge_run(const Config *cfg, RunDir *rd)
{
    Job job;
    EdgeResult *r = calloc(1, sizeof *r);
    if (!r)
        return EXIT_FAIL;
    *r = (EdgeResult){.cfg = cfg, .rd = rd, .ec = edge_config(cfg), .game = config_variant(cfg)};
    int status = job_begin(&job, cfg, rd, NULL, NULL);
    PartsTable table = {r->ec->ndepths, table_config, table_what, r, "edge: part"};
    if (status == EXIT_OK)
        status = parts_run_all(cfg, rd, &table);
    char err[1024];
    if (status == EXIT_OK && !edge_read(r, err, sizeof err)) {
        fprintf(stderr, "maxtune: %s\n", err);
        status = EXIT_FAIL;
    }
    if (status == EXIT_INTERRUPTED)
        fprintf(stderr, "edge run interrupted: run the same command again to resume\n");
    bool zoned = variant_zoned(r->game);
    JobOutputs out = {.plot = edge_plot,
                      .plot_data = r,
                      .report = {"report.md", edge_write_report, r},
                      .summary = {RUNDIR_SUMMARY, edge_write_summary, r},
                      .print = edge_print,
                      .print_data = r};
    job_add_file(&out, "edge.csv", edge_write_table, r);
    job_add_file(&out, "endings.csv", edge_write_endings, r);
    job_add_file(&out, "endings_share.csv", edge_write_shares, r);
    job_add_file(&out, zoned ? "margins.csv" : NULL, edge_write_margins, r);
    job_add_file(&out, zoned ? "zoned.csv" : NULL, edge_write_zoned, r);
    status = job_end(&job, status, &out);
    free(r);
    return status;
}
