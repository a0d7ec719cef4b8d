/* suite_report.h: the suite job's files, pages and printed result (suite_report.c), made
 * from the job's state or result (suite.h). */
#ifndef MAXTUNE_SUITE_REPORT_H
#define MAXTUNE_SUITE_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "tune/jobs/suite/suite.h"

/* What the suite's report.html shows (suite_report.c). */
extern const struct HtmlSpec suite_html;

/* Read the parts' headline numbers into r (suite_report.c): values/values.csv, and
 * spsa/tuned.weights with spsa/verify.json; false with the message in err. */
bool suite_read_values(SuiteResult *r, char *err, size_t errlen);
bool suite_read_spsa(SuiteResult *r, char *err, size_t errlen);

/* The suite's writers and printed result (data: the SuiteResult). */
bool suite_write_report(FILE *out, void *data);
bool suite_write_summary(FILE *out, void *data);
void suite_print(void *data);

#endif
