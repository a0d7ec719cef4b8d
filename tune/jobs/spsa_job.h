/* spsa_job.h: the SPSA job ([run] job = spsa): tunes weights by self-play, then verifies the
 * gain with a match of the tuned weights against the start. */
#ifndef MAXTUNE_SPSA_JOB_H
#define MAXTUNE_SPSA_JOB_H

#include "tune/run/config.h"
#include "tune/run/rundir.h"
#include "tune/stats/spsa.h"

/* Reads the parameters to tune from cfg ([spsa] params or params_file) around the start
 * weights; errors "file:line: problem". */
bool spsa_params_load(const SpsaConfig *sc, const Weights *start, SpsaParam *params, int *n,
                      char *err, size_t errlen);

/* Runs the SPSA job into the prepared run folder; returns the process exit code. */
int spsa_run(const Config *cfg, RunDir *rd);

#endif
