/* pipeline.c: what the pipeline job's run and its report share (pipeline.h). */
#include "tune/jobs/pipeline/pipeline.h"

#include <stdio.h>

const char *const PIPE_STAGE_DIR[PIPE_STAGES] = {"selfplay", "fit", "spsa", "gate"};

const char *const PIPE_STAGE_JOB[PIPE_STAGES] = {"selfplay", "fit", "spsa", "match"};

void pipeline_opponent_dir(int i, char *out, size_t len) { snprintf(out, len, "gate-%d", i + 1); }
