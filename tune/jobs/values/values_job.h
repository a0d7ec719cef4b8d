/* values_job.h: running the values job (values_job.c; the job and its types: values.h). */
#ifndef MAXTUNE_VALUES_JOB_H
#define MAXTUNE_VALUES_JOB_H

#include <stdbool.h>
#include <stdint.h>

#include "tune/jobs/values/values.h"

/* Checks [values] (piece types, positions file header) before the run folder is touched;
 * false with a message. */
bool values_check(const Config *cfg, char *err, size_t errlen);

/* Runs the values job into the prepared run folder; returns an ExitStatus. */
int values_run(const Config *cfg, RunDir *rd);

#endif
