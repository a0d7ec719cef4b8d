/* datagen_job.h: the datagen job ([run] job = datagen): self-play games of [engine_a] against
 * itself and their filtered positions, with the search's score and the game's result, written
 * as positions.bin (tune/stats/packed.h) for the network trainer. */
#ifndef MAXTUNE_DATAGEN_JOB_H
#define MAXTUNE_DATAGEN_JOB_H

#include "tune/run/config.h"
#include "tune/run/rundir.h"

/* Runs the datagen job into the prepared results folder: plays the games, writes
 * positions.bin, scores.csv (and its plot), games.pgn with [datagen] pgn, timing.json,
 * report.md and summary.json; returns an ExitStatus. */
int datagen_run(const Config *cfg, RunDir *rd);

/* What the datagen job's report.html shows. */
extern const struct HtmlSpec datagen_html;

#endif
