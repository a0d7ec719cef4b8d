/* tournament_report.h: the tournament job's files, pages and printed result (tournament_report.c), made
 * from the job's state or result (tournament.h). */
#ifndef MAXTUNE_TOURNAMENT_REPORT_H
#define MAXTUNE_TOURNAMENT_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "tune/jobs/tournament/tournament.h"

/* The job's writers (tournament_report.c; data: the Tournament): games.pgn, pairings.csv,
 * ratings.csv, summary.json, report.md and timing.json. */
bool tournament_write_pgn(FILE *out, void *data);
bool tournament_write_pairings(FILE *out, void *data);
bool tournament_write_ratings(FILE *out, void *data);
bool tournament_write_summary(FILE *out, void *data);
bool tournament_write_report(FILE *out, void *data);
bool tournament_write_timing(FILE *out, void *data);

/* JobOutputs.plot: ratings.png from ratings.csv. */
bool tournament_plot(void *data);

/* JobOutputs.print: the rating table and where the files are. */
void tournament_print(void *data);

/* What the tournament job's report.html shows (tournament_report.c). */
extern const struct HtmlSpec tournament_html;

#endif
