/* train_report.h: the train job's files, page and printed result (train_report.c), made from
 * the job's state (train.h). */
#ifndef MAXTUNE_TRAIN_REPORT_H
#define MAXTUNE_TRAIN_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "tune/jobs/train/train.h"

/* The headline of a finished run, for the page (train_report.c). */
extern const struct HtmlSpec train_html;

/* Writers of loss.csv, report.md, summary.json and timing.json (data: the TrainJob), the plot
 * (loss.png) and the closing lines on stdout. */
bool train_write_losses(FILE *out, void *data);
bool train_write_report(FILE *out, void *data);
bool train_write_summary(FILE *out, void *data);
bool train_write_timing(FILE *out, void *data);
bool train_plot(void *data);
void train_print(void *data);

#endif
