/* spsa.h: the SPSA job ([run] job = spsa): tunes weights by self-play (or, with [spsa]
 * options, an external engine's UCI options), then verifies the gain with a match of the tuned
 * weights (options) against the start. spsa_job.c tunes, spsa_report.c writes
 * trajectory.csv/.png, tuned.weights (tuned.options), report.md and summary.json. */
#ifndef MAXTUNE_JOBS_SPSA_H
#define MAXTUNE_JOBS_SPSA_H

#include <stdio.h>

#include "tune/jobs/common/verify.h"
#include "tune/play/game.h"
#include "tune/run/config.h"
#include "tune/run/rundir.h"
#include "tune/stats/spsa.h"
#include "tune/jobs/spsa/spsa_config.h"

/* Result of one tuning pair: games won, lost, drawn by the plus side. */
typedef struct SpsaPair {
    signed char w, l, d;
    bool done;
} SpsaPair;

/* State of the job, shared by spsa_job.c and spsa_report.c. */
typedef struct SpsaJob {
    const Config *cfg;
    Config play_cfg; /* both players with [engine_a]'s limits */
    RunDir *rd;
    Spsa spsa;
    Weights start;
    Weights tuned; /* after the tuning */
    Openings openings;
    long iterations, per_iter, npairs;
    SpsaPair *pairs;
    Verify verify; /* journal records npairs on */
    long resumed;
    FILE *trajectory; /* in-memory CSV, written at the end */
    char *trajectory_text;
    size_t trajectory_len;
    long plus_w, plus_l, draws;
    double start_time;
    Config verify_cfg;        /* [spsa] options: play_cfg with the tuned options for the first
                               * player and the start options for the second */
    char tuned_options[1024]; /* [spsa] options: "Name=value, ..." tuned (tuned.options) */
} SpsaJob;

/* Parameter i's tuned value: its weights' in the tuned table, or for an option of an external
 * engine ([spsa] options: a parameter that moves no weight) theta rounded. */
int spsa_param_tuned(const SpsaJob *j, int i);

/* Whether the players may be external engines: when [spsa] options tunes [engine_a]'s. */
bool spsa_external(const Config *cfg);

#endif
