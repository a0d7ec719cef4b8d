/* parts.c: parts of a job run into subfolders (see parts.h). */
#include "parts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tune/jobs/common/job.h"

bool parts_config(const Config *cfg, const RunDir *rd, const char *job, const char *dir, Config *pc,
                  char *err, size_t errlen)
{
    *pc = *cfg;
    size_t len = strlen(rd->path);
    if (len >= sizeof pc->results_dir) {
        snprintf(err, errlen, "%s: folder name too long for a job of parts", rd->path);
        return false;
    }
    memcpy(pc->results_dir, rd->path, len + 1);
    snprintf(pc->job, sizeof pc->job, "%s", job);
    snprintf(pc->name, sizeof pc->name, "%s", dir);
    return true;
}

/* True when the part's folder holds a finished run of the same config (its kept result);
 * false when it must run; -1 (with err) when it holds a finished run of another config. */
static int part_finished(const Config *pc, char *err, size_t errlen)
{
    char dir[1024], file[1100];
    snprintf(dir, sizeof dir, "%s/%s", pc->results_dir, pc->name);
    snprintf(file, sizeof file, "%s/%s", dir, RUNDIR_SUMMARY);
    FILE *f = fopen(file, "r");
    if (!f)
        return 0;
    fclose(f);
    Config old;
    char why[512];
    snprintf(file, sizeof file, "%s/config.ini", dir);
    if (!config_load(&old, file, NULL, 0, why, sizeof why) ||
        rundir_config_hash(&old) != rundir_config_hash(pc)) {
        snprintf(err, errlen,
                 "%.900s holds a finished run of another config; use --force to run it all "
                 "over",
                 dir);
        return -1;
    }
    return 1;
}

/* Prepares the folder of a part (force: emptied); EXIT_OK or EXIT_USAGE with the message
 * printed. */
static int part_prepare(const Config *pc, const RunDir *rd, bool force, RunDir *prd)
{
    char err[1024];
    if (!rundir_prepare(prd, pc, force, 0, 0, NULL, err, sizeof err)) {
        fprintf(stderr, "maxtune: %s\n", err);
        return EXIT_USAGE;
    }
    memcpy(prd->command, rd->command, sizeof prd->command);
    prd->ranks = rd->ranks;
    return EXIT_OK;
}

int parts_clear(const Config *pc, const RunDir *rd)
{
    RunDir prd;
    int status = part_prepare(pc, rd, true, &prd);
    if (status == EXIT_OK)
        rundir_release(&prd);
    return status;
}

int parts_run(const Config *pc, const RunDir *rd, const char *label, int k, int n, const char *what)
{
    char err[1024];
    const JobDef *job = job_find(pc->job);
    if (!job) {
        fprintf(stderr, "maxtune: a part of the job is not a job\n");
        return EXIT_USAGE;
    }
    int done = part_finished(pc, err, sizeof err);
    if (done < 0) {
        fprintf(stderr, "maxtune: %s\n", err);
        return EXIT_USAGE;
    }
    if (done) {
        fprintf(stderr, "%s %d/%d, %s: finished earlier, kept (%s/%s/)\n", label, k, n, pc->job,
                rd->path, pc->name);
        return EXIT_OK;
    }
    RunDir prd;
    int status = part_prepare(pc, rd, false, &prd);
    if (status != EXIT_OK)
        return status;
    fprintf(stderr, "%s %d/%d, %s: %s -> %s/\n", label, k, n, pc->job, what, prd.path);
    status = job->run(pc, &prd);
    rundir_release(&prd);
    fflush(stdout);
    return status;
}

/* Part k of the table: its folder emptied (clear) or the part run; returns its ExitStatus. */
static int parts_one(const Config *cfg, const RunDir *rd, const PartsTable *t, int k, bool clear)
{
    char err[1024];
    Config *pc = malloc(sizeof *pc);
    int status = EXIT_FAIL;
    if (!pc)
        fprintf(stderr, "maxtune: out of memory\n");
    else if (!t->config(cfg, rd, k, t->data, pc, err, sizeof err)) {
        fprintf(stderr, "maxtune: %s\n", err);
        status = EXIT_USAGE;
    } else
        status = clear ? parts_clear(pc, rd)
                       : parts_run(pc, rd, t->label, k + 1, t->n, t->what(k, t->data));
    free(pc);
    return status;
}

int parts_run_all(const Config *cfg, const RunDir *rd, const PartsTable *t)
{
    int status = EXIT_OK;
    for (int k = 0; k < t->n && status == EXIT_OK && rd->force; k++)
        status = parts_one(cfg, rd, t, k, true);
    for (int k = 0; k < t->n && status == EXIT_OK; k++)
        status = parts_one(cfg, rd, t, k, false);
    return status;
}
