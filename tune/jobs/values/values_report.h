/* values_report.h: the values job's files, pages and printed result (values_report.c), made
 * from the job's state or result (values.h). */
#ifndef MAXTUNE_VALUES_REPORT_H
#define MAXTUNE_VALUES_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "tune/jobs/values/values.h"

/* What the values job's report.html shows (values_report.c). */
extern const struct HtmlSpec values_html;

/* The job's writers (values_report.c; data: the ValuesJob): values.csv, summary.json,
 * report.md. */
bool values_write_csv(FILE *out, void *data);

/* Parses the three fields "value, low, high" of values.csv at f ("" = not measured). */
PieceValue values_parse(char **f);

/* Formats a value "v [lo, hi]", "v [unbounded]" or "-" into buf. */
void values_format(const PieceValue *p, char *buf, size_t len);

/* Writes {"pincers", "low95", "high95"} of a measured value (unbounded ends as -+1e9). */
void values_write_json(FILE *out, const PieceValue *p);
bool values_write_summary(FILE *out, void *data);
bool values_write_report(FILE *out, void *data);

/* JobOutputs.plot (data: the ValuesJob): values.png from values.csv. */
bool values_plot(void *data);

/* JobOutputs.print (data: the ValuesJob): the table of values. */
void values_print(void *data);

#endif
