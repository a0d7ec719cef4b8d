/* selfplay_job.h: the selfplay job ([run] job = selfplay: self-play games and the quiet
 * positions sampled from them, written as positions.traces), and the same phase inside the fit
 * and values jobs. */
#ifndef MAXTUNE_SELFPLAY_JOB_H
#define MAXTUNE_SELFPLAY_JOB_H

#include <stdio.h>

#include "tune/play/selfplay.h"
#include "tune/run/config.h"
#include "tune/run/rundir.h"
#include "tune/stats/traces.h"

/* Writes a Markdown paragraph on the games and the sampling for a report. */
void selfplay_write_markdown(FILE *out, const Config *cfg, const SelfplayStats *st,
                             const Traces *t);

/* The positions of a fit or values job: with s (source "selfplay") plays the missing games,
 * samples them and writes positions.traces into the run folder; without s loads the file
 * named source. Returns an ExitStatus (EXIT_USAGE: a bad file), with the message printed. */
int selfplay_positions(Selfplay *s, const char *source, RunDir *rd, Traces *t, SelfplayStats *st);

/* Runs the selfplay job into the prepared results folder: plays, samples and writes
 * positions.traces, summary.json and report.md; returns an ExitStatus. */
int selfplay_run(const Config *cfg, RunDir *rd);

/* What the selfplay job's report.html shows. */
extern const struct HtmlSpec selfplay_html;

#endif
