/* suite_job.c: the suite job: its parts, run one after the other (see suite_job.h). */
#include "suite_job.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tune/jobs/job.h"
#include "tune/jobs/spsa_job.h"
#include "tune/jobs/values_job.h"

/* One part of the suite: the job of the table it runs (its [run] job and subfolder). */
typedef struct SuitePart {
    const char *job;  /* [run] job of the part, and its subfolder */
    const char *what; /* for the progress line */
} SuitePart;

static const SuitePart PARTS[] = {
    {"values", "piece values by regression and handicap matches"},
    {"spsa", "SPSA tuning of the piece values from a detuned start"},
};
#define NPARTS ((int)(sizeof PARTS / sizeof PARTS[0]))

/* The config of part p: the suite's, with the part's job and name, run into the suite folder. */
static bool part_config(const Config *cfg, const RunDir *rd, const SuitePart *p, Config *pc,
                        char *err, size_t errlen)
{
    *pc = *cfg;
    size_t len = strlen(rd->path);
    if (len >= sizeof pc->results_dir) {
        snprintf(err, errlen, "%s: folder name too long for a suite", rd->path);
        return false;
    }
    memcpy(pc->results_dir, rd->path, len + 1);
    snprintf(pc->job, sizeof pc->job, "%s", p->job);
    snprintf(pc->name, sizeof pc->name, "%s", p->job);
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
                 "%.900s holds a finished run of another config; use --force to run the suite "
                 "over",
                 dir);
        return -1;
    }
    return 1;
}

/* Prepares the folder of part k (force: emptied); EXIT_OK or EXIT_USAGE with the message
 * printed. */
static int part_prepare(const Config *pc, const RunDir *rd, bool force, RunDir *prd)
{
    char err[1024];
    if (!rundir_prepare(prd, pc, force, 0, NULL, err, sizeof err)) {
        fprintf(stderr, "maxtune: %s\n", err);
        return EXIT_USAGE;
    }
    memcpy(prd->command, rd->command, sizeof prd->command);
    prd->ranks = rd->ranks;
    return EXIT_OK;
}

/* With --force, empties every part's folder before the first part runs, so that a --force
 * interrupted in an early part never leaves a later part's old finished run to be kept on
 * resume as if it belonged to the new run. */
static int suite_clear_parts(const Config *cfg, const RunDir *rd)
{
    char err[1024];
    for (int k = 0; k < NPARTS; k++) {
        Config pc;
        RunDir prd;
        if (!part_config(cfg, rd, &PARTS[k], &pc, err, sizeof err)) {
            fprintf(stderr, "maxtune: %s\n", err);
            return EXIT_USAGE;
        }
        int status = part_prepare(&pc, rd, true, &prd);
        if (status != EXIT_OK)
            return status;
        rundir_release(&prd);
    }
    return EXIT_OK;
}

/* Runs part k (or keeps it when already finished); returns its ExitStatus. */
static int suite_part(const Config *cfg, const RunDir *rd, int k)
{
    char err[1024];
    const SuitePart *p = &PARTS[k];
    const JobDef *job = job_find(p->job);
    Config pc;
    if (!job || !part_config(cfg, rd, p, &pc, err, sizeof err)) {
        fprintf(stderr, "maxtune: %s\n", job ? err : "a part of the suite is not a job");
        return EXIT_USAGE;
    }
    int done = part_finished(&pc, err, sizeof err);
    if (done < 0) {
        fprintf(stderr, "maxtune: %s\n", err);
        return EXIT_USAGE;
    }
    if (done) {
        fprintf(stderr, "suite: part %d/%d, %s: finished earlier, kept (%s/%s/)\n", k + 1, NPARTS,
                p->job, rd->path, p->job);
        return EXIT_OK;
    }
    RunDir prd;
    int status = part_prepare(&pc, rd, false, &prd);
    if (status != EXIT_OK)
        return status;
    fprintf(stderr, "suite: part %d/%d, %s: %s -> %s/\n", k + 1, NPARTS, p->job, p->what, prd.path);
    status = job->run(&pc, &prd);
    rundir_release(&prd);
    fflush(stdout);
    return status;
}

bool suite_check(const Config *cfg, char *err, size_t errlen)
{
    return values_check(cfg, err, errlen) && spsa_check(cfg, err, errlen);
}

int suite_run(const Config *cfg, RunDir *rd)
{
    Job job;
    int status = job_begin(&job, cfg, rd, NULL, NULL);
    if (status == EXIT_OK && rd->force)
        status = suite_clear_parts(cfg, rd);
    for (int k = 0; k < NPARTS && status == EXIT_OK; k++)
        status = suite_part(cfg, rd, k);
    SuiteResult *r = calloc(1, sizeof *r);
    if (!r)
        status = EXIT_FAIL;
    else
        *r = (SuiteResult){.cfg = cfg, .rd = rd};
    char err[1024];
    if (status == EXIT_OK &&
        (!suite_read_values(r, err, sizeof err) || !suite_read_spsa(r, err, sizeof err))) {
        fprintf(stderr, "maxtune: %s\n", err);
        status = EXIT_FAIL;
    }
    if (status == EXIT_INTERRUPTED)
        fprintf(stderr, "suite interrupted: run the same command again to resume\n");
    JobOutputs out = {.report = {"report.md", suite_write_report, r},
                      .summary = {RUNDIR_SUMMARY, suite_write_summary, r},
                      .print = suite_print,
                      .print_data = r};
    status = job_end(&job, status, &out);
    free(r);
    return status;
}
