/* edge_job.h: running the edge job (edge_job.c; the job and its types: edge.h). */
#ifndef MAXTUNE_EDGE_JOB_H
#define MAXTUNE_EDGE_JOB_H

#include <stdbool.h>
#include <stddef.h>

#include "tune/jobs/edge/edge.h"

/* JobDef.check: [edge] weights load in the run's game. */
bool edge_check(const Config *cfg, char *err, size_t errlen);

/* Runs the strengths' parts into the prepared run folder, then the report; returns an
 * ExitStatus. */
int edge_run(const Config *cfg, RunDir *rd);

#endif
