/* learn_job.h: running the learn job (learn_job.c; the job and its types: learn.h). */
#ifndef MAXTUNE_LEARN_JOB_H
#define MAXTUNE_LEARN_JOB_H

#include <stdbool.h>
#include <stddef.h>

#include "tune/jobs/learn/learn.h"

/* JobDef.check: [train] data left out (or datagen: the job makes the positions), and what a train
 * run with [train] data = datagen checks (its datagen part's). */
bool learn_check(const Config *cfg, char *err, size_t errlen);

/* Runs the generations and their gates into the prepared run folder (rd->force: every part
 * starts over); returns an ExitStatus. */
int learn_run(const Config *cfg, RunDir *rd);

#endif
