/* family_job.h: running the family job (family_job.c; the job and its types: family.h). */
#ifndef MAXTUNE_FAMILY_JOB_H
#define MAXTUNE_FAMILY_JOB_H

#include <stdbool.h>
#include <stdint.h>

#include "tune/jobs/family/family.h"

/* JobDef.check: each game's weights load in that game. */
bool family_check(const Config *cfg, char *err, size_t errlen);

/* Runs the study into the prepared run folder (rd->force: every part starts over); returns an
 * ExitStatus. */
int family_run(const Config *cfg, RunDir *rd);

#endif
