/* values_job.h: the values job ([run] job = values): what each piece type is worth in pawns
 * (pincers), measured two independent ways and reported side by side with 95% intervals:
 *   1. regression: a logistic regression of the game result on the material difference (count
 *      of each type, side to move minus opponent) over self-play positions;
 *   2. handicap matches (tune/handicap.h): the Elo a side loses without one piece of the type,
 *      divided by the Elo it loses without one pincer. */
#ifndef MAXTUNE_VALUES_JOB_H
#define MAXTUNE_VALUES_JOB_H

#include "tune/run/config.h"
#include "tune/run/rundir.h"

/* Checks [values] (piece types, positions file header) before the run folder is touched;
 * false with a message. */
bool values_check(const Config *cfg, char *err, size_t errlen);

/* Runs the values job into the prepared run folder; returns the process exit code. */
int values_run(const Config *cfg, RunDir *rd);

#endif
