/* catalog.h: the jobs of maxtune, one row each (name, what it does, its input check, its run
 * function), and what they register with the layers below. */
#ifndef MAXTUNE_CATALOG_H
#define MAXTUNE_CATALOG_H

#include <stdbool.h>

/* Registers the jobs: their table with job.h (job_find), their names with the config ([run]
 * job), and their kinds of work with dist (game pairs, self-play games, the sampling of
 * positions, handicap pairs, datagen games, in a fixed order, the same on every MPI rank), and
 * the config sections of the play layer and of each job (config_schema.h, in file order). Every process
 * calls it at start-up, before any config or work (calls after the first do nothing). False
 * when dist's table is full. */
bool catalog_register(void);

#endif
