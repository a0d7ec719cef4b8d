/* learn_report.h: the learn job's files, page and printed result (learn_report.c), made from
 * its parts' files (learn.h). */
#ifndef MAXTUNE_LEARN_REPORT_H
#define MAXTUNE_LEARN_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "tune/jobs/learn/learn.h"

/* What the report.html shows (learn_report.c). */
extern const struct HtmlSpec learn_html;

/* Reads the parts' files into r (r->cfg, r->rd and r->count set): each generation's positions
 * and held-out loss, its gate, the best generation and its network's bytes; false with the
 * message in err. */
bool learn_read(LearnResult *r, char *err, size_t errlen);

/* The writers and printed result (data: the LearnResult). */
bool learn_write_report(FILE *out, void *data);
bool learn_write_summary(FILE *out, void *data);
bool learn_write_final(FILE *out, void *data);
void learn_print(void *data);

#endif
