/* fit_job.h: running the fit job (fit_job.c; the job and its types: fit.h). */
#ifndef MAXTUNE_FIT_JOB_H
#define MAXTUNE_FIT_JOB_H

#include <stdbool.h>
#include <stdint.h>

#include "tune/jobs/fit/fit.h"

/* JobDef.check: [fit] (weights, parameter names, positions file header). */
bool fit_check(const Config *cfg, char *err, size_t errlen);

/* Runs the fit job into the prepared run folder; returns an ExitStatus. */
int fit_run(const Config *cfg, RunDir *rd);

#endif
