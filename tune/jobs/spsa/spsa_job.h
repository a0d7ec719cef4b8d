/* spsa_job.h: the SPSA job ([run] job = spsa): tunes weights by self-play (or, with [spsa]
 * options, an external engine's UCI options), then verifies the gain with a match of the tuned
 * weights (options) against the start. spsa_job.c tunes, spsa_report.c writes
 * trajectory.csv/.png, tuned.weights (tuned.options), report.md and summary.json. */
#ifndef MAXTUNE_SPSA_JOB_H
#define MAXTUNE_SPSA_JOB_H

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

/* Reads the parameters to tune, game v's weights, from cfg ([spsa] params or params_file)
 * around the start weights; errors "file:line: problem". */
bool spsa_params_load(const Variant *v, const SpsaConfig *sc, const Weights *start,
                      SpsaParam *params, int *n, char *err, size_t errlen);

/* Parameter i's tuned value: its weights' in the tuned table, or for an option of an external
 * engine ([spsa] options: a parameter that moves no weight) theta rounded. */
int spsa_param_tuned(const SpsaJob *j, int i);

/* JobDef.check: the start weights and the parameters to tune load. */
bool spsa_check(const Config *cfg, char *err, size_t errlen);

/* Whether the players may be external engines: when [spsa] options tunes [engine_a]'s. */
bool spsa_external(const Config *cfg);

/* Runs the SPSA job into the prepared run folder; returns an ExitStatus. */
int spsa_run(const Config *cfg, RunDir *rd);

/* What the spsa job's report.html shows (spsa_report.c). */
extern const struct HtmlSpec spsa_html;

/* The job's writers (spsa_report.c; data: the SpsaJob): summary.json and report.md. */
bool spsa_write_summary(FILE *out, void *data);
bool spsa_write_report(FILE *out, void *data);

/* JobOutputs.plot (data: the SpsaJob): the parameter trajectories and the verification. */
bool spsa_plot(void *data);

/* JobOutputs.print (data: the SpsaJob): the tuned weights and the verification. */
void spsa_print(void *data);

#endif
