/* match_job.h: the match job ([run] job = match): [engine_a] against [engine_b] in game pairs,
 * with SPRT, checkpoint and resume; writes games.pgn, elo_progress.csv/.png, timing.json,
 * report.md and summary.json. */
#ifndef MAXTUNE_MATCH_JOB_H
#define MAXTUNE_MATCH_JOB_H

#include <stdint.h>
#include <stdio.h>

#include "tune/run/config.h"
#include "tune/run/rundir.h"

/* Runs the match of cfg into the prepared results folder; returns an ExitStatus. */
int match_run(const Config *cfg, RunDir *rd);

/* JobDef.grows: a finished match may be extended by raising [match] pairs (its records are
 * pair indices, so a longer match replays the shorter one's pairs as they are). */
uint64_t match_grows(Config *cfg, const Config *defaults);

/* Writer of the match job's report.md (data: a MatchReport, match_report.c). */
bool match_write_report(FILE *out, void *data);

/* What the match job's report.html shows (match_report.c). */
extern const struct HtmlSpec match_html;

/* What the match job's report and plot show: the config, its folder and the match. */
typedef struct MatchReport {
    const Config *cfg;
    const RunDir *rd;
    const struct Match *match;
} MatchReport;

#endif
