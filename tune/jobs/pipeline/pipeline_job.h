/* pipeline_job.h: the tuning pipeline ([run] job = pipeline): from [pipeline] start_weights,
 *     selfplay/  self-play games and their quiet positions (the selfplay job: [selfplay],
 *                both engines with the start weights)
 *     fit/       a fit of [pipeline] fit_params to those outcomes, regularised toward the start
 *                as [fit] regularize says, verified against the start (the fit job: [fit])
 *     spsa/      SPSA of [pipeline] spsa_params from the fitted weights, verified against them
 *                (the spsa job: [spsa])
 *     gate/      a match of the final weights against the start at [pipeline] gate_nodes,
 *                gate_pairs pairs or an SPRT (the match job)
 * each stage a run of its own in its subfolder (parts.h: a finished stage is kept on resume),
 * then final.weights (SPSA's tuned weights), one report.md and summary.json in the run folder.
 * pipeline_job.c runs the stages, pipeline_report.c reads their files back and reports. */
#ifndef MAXTUNE_PIPELINE_JOB_H
#define MAXTUNE_PIPELINE_JOB_H

#include <stdio.h>

#include "search/weights.h"
#include "tune/jobs/common/verify.h"
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
} PipelineResult;

/* JobDef.check: the start weights load, and what the stages read ([fit], [spsa]) with the
 * start weights in place of the files earlier stages write. With [spsa] params_file the SPSA
 * stage tunes the file's parameters (not spsa_params), each from the fitted weights' value
 * ([spsa] params_start = weights), with the file's ranges and steps. */
bool pipeline_check(const Config *cfg, char *err, size_t errlen);

/* Runs the pipeline into the prepared run folder (rd->force: every stage starts over); returns
 * an ExitStatus. */
int pipeline_run(const Config *cfg, RunDir *rd);

/* The config of stage k: cfg with the stage's job, folder and inputs (the earlier stages'
 * files); false with the message in err. */
bool pipeline_stage_config(const Config *cfg, const RunDir *rd, int k, Config *pc, char *err,
                           size_t errlen);

/* What the pipeline's report.html shows (pipeline_report.c). */
extern const struct HtmlSpec pipeline_html;

/* Reads the stages' files into r (pipeline_report.c); false with the message in err. */
bool pipeline_read(PipelineResult *r, char *err, size_t errlen);

/* The pipeline's writers and printed result (data: the PipelineResult). */
bool pipeline_write_report(FILE *out, void *data);
bool pipeline_write_summary(FILE *out, void *data);
bool pipeline_write_final(FILE *out, void *data);

/* The heat map of the final piece-square values and its data (weights_report.h). */
#define PIPELINE_SQUARES "squares.dat"
#define PIPELINE_SQUARES_PNG "squares.png"

/* Writer for rundir_write: the final weights' piece-square values (data: a PipelineResult). */
bool pipeline_write_squares(FILE *out, void *data);

/* Draws squares.png from squares.dat (data: a PipelineResult). */
bool pipeline_plot(void *data);
void pipeline_print(void *data);

#endif
