/* generations_report.h: the generations job's files, pages and printed result (generations_report.c), made
 * from the job's state or result (generations.h). */
#ifndef MAXTUNE_GENERATIONS_REPORT_H
#define MAXTUNE_GENERATIONS_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "tune/jobs/generations/generations.h"

/* What the report.html shows (generations_report.c). */
extern const struct HtmlSpec generations_html;

/* Reads the parts' files into r (generations_report.c); false with the message in err. */
bool generations_read(GenerationsResult *r, char *err, size_t errlen);

/* The writers and printed result (data: the GenerationsResult). */
bool generations_write_report(FILE *out, void *data);
bool generations_write_summary(FILE *out, void *data);
bool generations_write_csv(FILE *out, void *data);
bool generations_plot(void *data);
void generations_print(void *data);

#endif
