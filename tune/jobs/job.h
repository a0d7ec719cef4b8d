/* job.h: what every job ([run] job) shares: the table of jobs, the kinds of work they hand to
 * dist, and a job's life in its results folder. */
#ifndef MAXTUNE_JOB_H
#define MAXTUNE_JOB_H

#include <stdbool.h>

/* Registers the kinds of work of every job with dist (game pairs, self-play games, the
 * sampling of positions, handicap pairs), in a fixed order; every process calls it once at
 * start-up, before any work (every MPI rank the same). False when dist's table is full. */
bool job_register_work(void);

#endif
