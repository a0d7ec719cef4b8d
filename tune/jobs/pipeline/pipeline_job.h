/* pipeline_job.h: running the pipeline job (pipeline_job.c; the job and its types: pipeline.h). */
#ifndef MAXTUNE_PIPELINE_JOB_H
#define MAXTUNE_PIPELINE_JOB_H

#include <stdbool.h>
#include <stdint.h>

#include "tune/jobs/pipeline/pipeline.h"

/* JobDef.check: the start weights load, and what the stages read ([fit], [spsa]) with the
 * start weights in place of the files earlier stages write. With [spsa] params_file the SPSA
 * stage tunes the file's parameters (not spsa_params), each from the fitted weights' value
 * ([spsa] params_start = weights), with the file's ranges and steps. */
bool pipeline_check(const Config *cfg, char *err, size_t errlen);

/* Runs the pipeline into the prepared run folder (rd->force: every stage starts over); returns
 * an ExitStatus. */
int pipeline_run(const Config *cfg, RunDir *rd);

/* The config of stage k: cfg with the stage's job, folder and inputs (the earlier stages'
 * files); k from PIPE_STAGES on, the gate against opponent k - PIPE_STAGES of [pipeline]
 * gate_opponents (gate-1/, ...); false with the message in err. */
bool pipeline_stage_config(const Config *cfg, const RunDir *rd, int k, Config *pc, char *err,
                           size_t errlen);

#endif
