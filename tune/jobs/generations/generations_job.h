/* generations_job.h: running the generations job (generations_job.c; the job and its types: generations.h). */
#ifndef MAXTUNE_GENERATIONS_JOB_H
#define MAXTUNE_GENERATIONS_JOB_H

#include <stdbool.h>
#include <stdint.h>

#include "tune/jobs/generations/generations.h"

/* JobDef.check: the start weights load, and what a pipeline checks. */
bool generations_check(const Config *cfg, char *err, size_t errlen);

/* Runs the generations and the ladder into the prepared run folder (rd->force: every part
 * starts over); returns an ExitStatus. */
int generations_run(const Config *cfg, RunDir *rd);

#endif
