/* match.h: the match job ([run] job = match): [engine_a] against [engine_b] in game pairs,
 * with SPRT, checkpoint and resume; writes games.pgn, elo_progress.csv/.png, timing.json,
 * report.md and summary.json. */
#ifndef MAXTUNE_JOBS_MATCH_H
#define MAXTUNE_JOBS_MATCH_H

#include <stdint.h>
#include <stdio.h>

#include "tune/run/config.h"
#include "tune/run/rundir.h"

/* What the match job's report and plot show: the config, its folder and the match. */
typedef struct MatchReport {
    const Config *cfg;
    const RunDir *rd;
    const struct Match *match;
} MatchReport;

#endif
