/* fit_report.h: the fit job's files, pages and printed result (fit_report.c), made
 * from the job's state or result (fit.h). */
#ifndef MAXTUNE_FIT_REPORT_H
#define MAXTUNE_FIT_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "tune/jobs/fit/fit.h"

/* What the fit job's report.html shows (fit_report.c). */
extern const struct HtmlSpec fit_html;

/* The job's writers (fit_report.c; data: the FitJob): fitted.weights, fit.csv, summary.json,
 * report.md. */
bool fit_write_weights(FILE *out, void *data);
bool fit_write_table(FILE *out, void *data);
/* pincers.csv ([fit] phase_values): each fitted material weight in pincers of its phase, with
 * Fieller's 95% interval ("inf" bounds when unbounded). */
bool fit_write_pincers(FILE *out, void *data);
bool fit_write_summary(FILE *out, void *data);
bool fit_write_report(FILE *out, void *data);

/* JobOutputs.plot (data: the FitJob): loss_curve.png, fit.png and the verification. */
bool fit_plot(void *data);

/* JobOutputs.print (data: the FitJob): K, the losses, the fitted weights, the verification. */
void fit_print(void *data);

#endif
