/* tournament_job.h: running the tournament job (tournament_job.c; the job and its types: tournament.h). */
#ifndef MAXTUNE_TOURNAMENT_JOB_H
#define MAXTUNE_TOURNAMENT_JOB_H

#include <stdbool.h>
#include <stdint.h>

#include "tune/jobs/tournament/tournament.h"

/* Runs the tournament of cfg into the prepared results folder; returns an ExitStatus. */
int tournament_run(const Config *cfg, RunDir *rd);

/* JobDef.grows: a finished tournament may be extended by raising [tournament] pairs (pair i of
 * pairing k is record k * TOURNAMENT_STRIDE + i, whatever pairs is). */
uint64_t tournament_grows(Config *cfg, const Config *defaults);

/* Fits the joint ratings of the games played (t->rated, t->ratings, t->rating_error). */
void tournament_rate(Tournament *t);

#endif
