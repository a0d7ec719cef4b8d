/* pipeline.h: the tuning pipeline ([run] job = pipeline): from [pipeline] start_weights,
 *     selfplay/  self-play games and their quiet positions (the selfplay job: [selfplay],
 *                both engines with the start weights)
 *     fit/       a fit of [pipeline] fit_params to those outcomes, regularised toward the start
 *                as [fit] regularize says, verified against the start (the fit job: [fit])
 *     spsa/      SPSA of [pipeline] spsa_params from the fitted weights, verified against them
 *                (the spsa job: [spsa])
 *     gate/      a match of the final weights against the start at [pipeline] gate_nodes,
 *                gate_pairs pairs or an SPRT (the match job)
 *     gate-1/..  with [pipeline] gate_opponents, a match of the final weights against each
 *                opponent, as the gate but every pair (engines that do not share the start's
 *                weights: a flaw the tuning never saw in self-play can show there)
 * each stage a run of its own in its subfolder (parts.h: a finished stage is kept on resume),
 * then final.weights (SPSA's tuned weights), one report.md and summary.json in the run folder.
 * pipeline_job.c runs the stages, pipeline_report.c reads their files back and reports. */
#ifndef MAXTUNE_JOBS_PIPELINE_H
#define MAXTUNE_JOBS_PIPELINE_H

#include <stdio.h>

#include "search/weights.h"
#include "tune/jobs/common/verify.h"
#include "tune/jobs/pipeline/pipeline_config.h"
#include "tune/run/config.h"
#include "tune/run/rundir.h"

enum { PIPE_SELFPLAY, PIPE_FIT, PIPE_SPSA, PIPE_GATE, PIPE_STAGES };

/* The subfolder (and [run] job) of each stage. */
extern const char *const PIPE_STAGE_DIR[PIPE_STAGES];
extern const char *const PIPE_STAGE_JOB[PIPE_STAGES];

/* A match's headline figures, read back from its JSON (a match's summary.json, verify.json). */

/* What the stages gave, read back from their files (so that the report is the same whether
 * the stages ran in one go or not). */
typedef struct PipelineResult {
    const Config *cfg;
    const RunDir *rd;
    Weights start, fitted, final;
    long games, positions; /* self-play */
    double lambda;         /* the fit's regularisation */
    bool lambda_auto;
    MatchFigures match[PIPE_STAGES]; /* fit: fitted vs start; spsa: final vs fitted; gate */
    int nopponents;                  /* [pipeline] gate_opponents: final vs each */
    char opponent[PIPE_MAX_OPPONENTS][256];
    MatchFigures against[PIPE_MAX_OPPONENTS];
} PipelineResult;

/* The folder of the gate against opponent i (from 0) of [pipeline] gate_opponents: "gate-1". */
void pipeline_opponent_dir(int i, char *out, size_t len);

/* The heat map of the final piece-square values and its data (weights_report.h). */
#define PIPELINE_SQUARES "squares.dat"
#define PIPELINE_SQUARES_PNG "squares.png"

#endif
