/* study_job.h: running the study job (study_job.c; the job and its types: study.h). */
#ifndef MAXTUNE_STUDY_JOB_H
#define MAXTUNE_STUDY_JOB_H

#include <stdbool.h>
#include <stdint.h>

#include "tune/jobs/study/study.h"

/* JobDef.check: the settings' weights, [values] positions = selfplay, and what the parts read. */
bool study_check(const Config *cfg, char *err, size_t errlen);

/* Runs the study into the prepared run folder (rd->force: every part starts over); returns an
 * ExitStatus. */
int study_run(const Config *cfg, RunDir *rd);

#endif
