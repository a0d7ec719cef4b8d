/* fit_job.h: the fit job ([run] job = fit): fits evaluation weights to game outcomes on
 * self-play positions, with standard errors, then verifies the fitted weights in a match. */
#ifndef MAXTUNE_FIT_JOB_H
#define MAXTUNE_FIT_JOB_H

#include "tune/run/config.h"
#include "tune/run/rundir.h"

/* Checks [fit] (weights, parameter names, positions file header) before the run folder is
 * touched; false with a message. */
bool fit_check(const Config *cfg, char *err, size_t errlen);

/* Runs the fit job into the prepared run folder; returns the process exit code. */
int fit_run(const Config *cfg, RunDir *rd);

#endif
