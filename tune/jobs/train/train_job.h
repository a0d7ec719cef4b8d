/* train_job.h: the train job's entry points (train.h). */
#ifndef MAXTUNE_TRAIN_JOB_H
#define MAXTUNE_TRAIN_JOB_H

#include <stdbool.h>
#include <stddef.h>

#include "tune/run/config.h"
#include "tune/run/rundir.h"

/* Checks [train] data: a positions file of the run's game; false with the problem in err. */
bool train_check(const Config *cfg, char *err, size_t errlen);

/* Runs the job into the prepared results folder; returns an ExitStatus. */
int train_run(const Config *cfg, RunDir *rd);

#endif
