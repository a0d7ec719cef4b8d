/* spsa_job.h: running the spsa job (spsa_job.c; the job and its types: spsa.h). */
#ifndef MAXTUNE_SPSA_JOB_H
#define MAXTUNE_SPSA_JOB_H

#include <stdbool.h>
#include <stdint.h>

#include "tune/jobs/spsa/spsa.h"

/* JobDef.check: the start weights and the parameters to tune load. */
bool spsa_check(const Config *cfg, char *err, size_t errlen);

/* Runs the SPSA job into the prepared run folder; returns an ExitStatus. */
int spsa_run(const Config *cfg, RunDir *rd);

/* Reads the parameters to tune, game v's weights, from cfg ([spsa] params or params_file)
 * around the start weights; errors "file:line: problem". */
bool spsa_params_load(const Variant *v, const SpsaConfig *sc, const Weights *start,
                      SpsaParam *params, int *n, char *err, size_t errlen);

#endif
