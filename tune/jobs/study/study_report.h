/* study_report.h: the study job's files, pages and printed result (study_report.c), made
 * from the job's state or result (study.h). */
#ifndef MAXTUNE_STUDY_REPORT_H
#define MAXTUNE_STUDY_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "tune/jobs/study/study.h"

/* Reads the parts' files into r (study_report.c); false with "file: problem" in err. */
bool study_read(StudyResult *r, char *err, size_t errlen);

/* The trend of series s of piece i over the measured settings against their ladder Elo, in
 * pincers per 100 Elo (stats_trend; the settings' Elo taken as exact); false when fewer than 3
 * settings have the value with a finite interval (study_report.c). */
bool study_trend(const StudyResult *r, StudySeries s, int i, StatsTrend *t);

/* The study's writers and printed result (study_report.c; data: the StudyResult). */
bool study_write_table(FILE *out, void *data);
bool study_write_report(FILE *out, void *data);
bool study_write_summary(FILE *out, void *data);
void study_print(void *data);
bool study_plot(void *data);

/* What the study's report.html shows (study_report.c). */
extern const struct HtmlSpec study_html;

#endif
