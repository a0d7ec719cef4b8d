/* clock.h: the wall clock every part measures time on (the search's deadlines, the games'
 * clocks, the jobs' and the run folder's durations): seconds on a monotonic clock, so that a
 * change of the system time never shows as time spent. */
#ifndef MAXTUNE_CLOCK_H
#define MAXTUNE_CLOCK_H

/* Seconds on a monotonic clock (CLOCK_MONOTONIC; its zero is arbitrary: only differences mean
 * anything). */
double clock_now(void);

#endif
