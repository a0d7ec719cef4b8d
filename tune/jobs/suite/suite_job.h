/* suite_job.h: running the suite job (suite_job.c; the job and its types: suite.h). */
#ifndef MAXTUNE_SUITE_JOB_H
#define MAXTUNE_SUITE_JOB_H

#include <stdbool.h>
#include <stdint.h>

#include "tune/jobs/suite/suite.h"

/* JobDef.check: what the parts read ([values] and [spsa]). */
bool suite_check(const Config *cfg, char *err, size_t errlen);

/* Runs the suite into the prepared run folder (rd->force: every part starts over); returns an
 * ExitStatus. */
int suite_run(const Config *cfg, RunDir *rd);

#endif
