/* match_report.h: the match job's files, pages and printed result (match_report.c), made
 * from the job's state or result (match.h). */
#ifndef MAXTUNE_MATCH_REPORT_H
#define MAXTUNE_MATCH_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "tune/jobs/match/match.h"

/* Writer of the match job's report.md (data: a MatchReport, match_report.c). */
bool match_write_report(FILE *out, void *data);

/* What the match job's report.html shows (match_report.c). */
extern const struct HtmlSpec match_html;

#endif
