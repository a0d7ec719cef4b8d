/* family_report.h: the family job's files, pages and printed result (family_report.c), made
 * from the job's state or result (family.h). */
#ifndef MAXTUNE_FAMILY_REPORT_H
#define MAXTUNE_FAMILY_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "tune/jobs/family/family.h"

/* Reads every part's games.pgn into r (family_report.c); false with "file: problem" in err. */
bool family_read(FamilyResult *r, char *err, size_t errlen);

/* The draw rate of a cell with its interval (family_report.c). */
FamilyRate family_draw_rate(const FamilyCell *c);

/* The trend of game g's draw rate against log2(nodes), per doubling of the nodes
 * (stats_trend; each rate's error from (draws + 1) / (games + 2), so that a rate of 0 has
 * one); false with fewer than 3 depths. */
bool family_trend(const FamilyResult *r, int g, StatsTrend *t);

/* The study's writers and printed result (family_report.c; data: the FamilyResult). */
bool family_write_table(FILE *out, void *data);
bool family_write_report(FILE *out, void *data);
bool family_write_summary(FILE *out, void *data);
void family_print(void *data);
bool family_plot(void *data);

/* What the study's report.html shows (family_report.c). */
extern const struct HtmlSpec family_html;

#endif
