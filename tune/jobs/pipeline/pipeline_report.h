/* pipeline_report.h: the pipeline job's files, pages and printed result (pipeline_report.c), made
 * from the job's state or result (pipeline.h). */
#ifndef MAXTUNE_PIPELINE_REPORT_H
#define MAXTUNE_PIPELINE_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "tune/jobs/pipeline/pipeline.h"

/* What the pipeline's report.html shows (pipeline_report.c). */
extern const struct HtmlSpec pipeline_html;

/* Reads the stages' files into r (pipeline_report.c); false with the message in err. */
bool pipeline_read(PipelineResult *r, char *err, size_t errlen);

/* The pipeline's writers and printed result (data: the PipelineResult). */
bool pipeline_write_report(FILE *out, void *data);
bool pipeline_write_summary(FILE *out, void *data);
bool pipeline_write_final(FILE *out, void *data);

/* Writer for rundir_write: the final weights' piece-square values (data: a PipelineResult). */
bool pipeline_write_squares(FILE *out, void *data);

/* Draws squares.png from squares.dat (data: a PipelineResult). */
bool pipeline_plot(void *data);
void pipeline_print(void *data);

#endif
