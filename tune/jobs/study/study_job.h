/* study_job.h: the study job ([run] job = study): piece values as play gets stronger. For each
 * engine setting of [study] engines (weights at a number of nodes per move), the values job
 * (regression and handicap matches, [selfplay] and [values]) into values-<label>/ and a fit of
 * the material weights by phase on its positions into fit-<label>/; then a round robin of
 * every setting (with [study] ladder_extra) into ladder/, which puts the settings on one Elo
 * scale. One report (study_report.c) puts each piece's value by both methods and by phase
 * against the engine's strength, with a test of the trend.
 *
 * Every part is a run of its own with its own checkpoint (parts.h): an interrupted study
 * resumes in the part it stopped in. The report is made from the parts' files only. */
#ifndef MAXTUNE_STUDY_JOB_H
#define MAXTUNE_STUDY_JOB_H

#include <stdbool.h>
#include <stdio.h>

#include "tune/jobs/study/study_config.h"
#include "tune/jobs/values/values_job.h"
#include "tune/run/config.h"
#include "tune/run/rundir.h"
#include "tune/stats/stats.h"

enum { STUDY_MAX_PIECES = 8 };

/* The series of values the study measures at each setting: both methods, the fit's two
 * phases, and the gap between the methods (regression minus handicap, its interval from the
 * two standard errors: the methods use different games). */
typedef enum StudySeries {
    SERIES_REGRESSION,
    SERIES_HANDICAP,
    SERIES_MIDDLE_GAME,
    SERIES_END_GAME,
    SERIES_GAP,
    STUDY_SERIES
} StudySeries;

/* The series' names in study.csv, summary.json and the report. */
extern const char *const STUDY_SERIES_NAME[STUDY_SERIES];

/* What the report reads back from the parts' files. */
typedef struct StudyResult {
    const Config *cfg;
    const RunDir *rd;
    const StudyConfig *sc;
    int npieces; /* the valued types of values.csv, the unit (pincer) first */
    char piece[STUDY_MAX_PIECES][32];
    double vchess[STUDY_MAX_PIECES];
    PieceValue val[STUDY_SERIES][STUDY_MAX_SETTINGS][STUDY_MAX_PIECES]; /* [series][setting] */
    double pincer_elo[STUDY_MAX_SETTINGS], pincer_elo_se[STUDY_MAX_SETTINGS]; /* handicap unit */
    /* the ladder: every setting's rating (the first's held at 0) and its standard error */
    double elo[STUDY_MAX_SETTINGS], elo_se[STUDY_MAX_SETTINGS];
} StudyResult;

/* The part folders' names of setting k: "values-<label>", "fit-<label>"; "ladder". */
void study_part_dir(const StudyConfig *sc, const char *kind, int k, char *out, size_t len);

/* JobDef.check: the settings' weights, [values] positions = selfplay, and what the parts read. */
bool study_check(const Config *cfg, char *err, size_t errlen);

/* Runs the study into the prepared run folder (rd->force: every part starts over); returns an
 * ExitStatus. */
int study_run(const Config *cfg, RunDir *rd);

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
