/* match_job.h: running the match job (match_job.c; the job and its types: match.h). */
#ifndef MAXTUNE_MATCH_JOB_H
#define MAXTUNE_MATCH_JOB_H

#include <stdbool.h>
#include <stdint.h>

#include "tune/jobs/match/match.h"

/* Runs the match of cfg into the prepared results folder; returns an ExitStatus. */
int match_run(const Config *cfg, RunDir *rd);

/* JobDef.grows: a finished match may be extended by raising [match] pairs (its records are
 * pair indices, so a longer match replays the shorter one's pairs as they are). */
uint64_t match_grows(Config *cfg, const Config *defaults);

#endif
