/* spsa_report.h: the spsa job's files, pages and printed result (spsa_report.c), made
 * from the job's state or result (spsa.h). */
#ifndef MAXTUNE_SPSA_REPORT_H
#define MAXTUNE_SPSA_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "tune/jobs/spsa/spsa.h"

/* What the spsa job's report.html shows (spsa_report.c). */
extern const struct HtmlSpec spsa_html;

/* The job's writers (spsa_report.c; data: the SpsaJob): summary.json and report.md. */
bool spsa_write_summary(FILE *out, void *data);
bool spsa_write_report(FILE *out, void *data);

/* JobOutputs.plot (data: the SpsaJob): the parameter trajectories and the verification. */
bool spsa_plot(void *data);

/* JobOutputs.print (data: the SpsaJob): the tuned weights and the verification. */
void spsa_print(void *data);

#endif
