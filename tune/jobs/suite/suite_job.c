/* suite_job.c: the suite job: its parts, run one after the other (see suite_job.h). */
#include "suite_job.h"
#include "tune/jobs/suite/suite_report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tune/jobs/common/job.h"
#include "tune/jobs/common/parts.h"
#include "tune/jobs/spsa/spsa_job.h"
#include "tune/jobs/values/values_job.h"

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

/* The config of part k (PARTS[k]): the suite's, with the part's job and name, run into the
 * suite folder; false with the message in err. */
static bool part_config(const Config *cfg, const RunDir *rd, int k, const void *data, Config *pc,
                        char *err, size_t errlen)
{
    (void)data;
    return parts_config(cfg, rd, PARTS[k].job, PARTS[k].job, pc, err, errlen);
}

/* The progress words of part k. */
static const char *part_what(int k, const void *data)
{
    (void)data;
    return PARTS[k].what;
}

bool suite_check(const Config *cfg, char *err, size_t errlen)
{
    return values_check(cfg, err, errlen) && spsa_check(cfg, err, errlen);
}

int suite_run(const Config *cfg, RunDir *rd)
{
    Job job;
    int status = job_begin(&job, cfg, rd, NULL, NULL);
    PartsTable table = {NPARTS, part_config, part_what, NULL, "suite: part"};
    if (status == EXIT_OK)
        status = parts_run_all(cfg, rd, &table);
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
