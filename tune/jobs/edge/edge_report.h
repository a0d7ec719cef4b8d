/* edge_report.h: the edge job's reading of its parts and its files, page and printed result
 * (edge_report.c), made from the result (edge.h). */
#ifndef MAXTUNE_EDGE_REPORT_H
#define MAXTUNE_EDGE_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "tune/jobs/edge/edge.h"

/* Reads and replays every part's games.pgn into r; false with "file: problem" in err. */
bool edge_read(EdgeResult *r, char *err, size_t errlen);

/* The trend of the first player's score against log2(nodes), per doubling (weighted least
 * squares; stats_trend from 3 strengths, the line through the two points for 2); false when it
 * cannot be fitted. */
bool edge_trend(const EdgeResult *r, StatsTrend *t);

/* The job's writers and printed result (data: the EdgeResult): edge.csv (the first player
 * by strength), endings.csv (terminations), endings_share.csv (the shares of the endings that
 * happened, the draws and the ties, by strength: the plot's), margins.csv and zoned.csv (zoned
 * games), report.md, summary.json (its "headline": the first player's score at the strongest
 * setting in words, the page's headline figure). */
bool edge_write_table(FILE *out, void *data);
bool edge_write_endings(FILE *out, void *data);
bool edge_write_shares(FILE *out, void *data);
bool edge_write_margins(FILE *out, void *data);
bool edge_write_zoned(FILE *out, void *data);
bool edge_write_report(FILE *out, void *data);
bool edge_write_summary(FILE *out, void *data);
void edge_print(void *data);

/* Draws edge.png (the first player's score by strength, its 95% intervals and the 50% line)
 * and endings.png (endings_share.csv's shares as grouped bars) with gnuplot; false when one
 * cannot be drawn (data: the EdgeResult). */
bool edge_plot(void *data);

/* What the job's report.html shows (edge_report.c). */
extern const struct HtmlSpec edge_html;

#endif
