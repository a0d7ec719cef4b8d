/* study.h: the study job ([run] job = study): piece values as play gets stronger. For each
 * engine setting of [study] engines (weights at a number of nodes per move), the values job
 * (regression and handicap matches, [selfplay] and [values]) into values-<label>/ and a fit of
 * the material weights by phase on its positions into fit-<label>/; then a round robin of
 * every setting (with [study] ladder_extra) into ladder/, which puts the settings on one Elo
 * scale. One report (study_report.c) puts each piece's value by both methods and by phase
 * against the engine's strength, with a test of the trend.
 *
 * Every part is a run of its own with its own checkpoint (parts.h): an interrupted study
 * resumes in the part it stopped in. The report is made from the parts' files only. */
#ifndef MAXTUNE_JOBS_STUDY_H
#define MAXTUNE_JOBS_STUDY_H

#include <stdbool.h>
#include <stdio.h>

#include "tune/jobs/study/study_config.h"
#include "tune/jobs/values/values.h"
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

/* The series' names in study.csv, summary.json and the report (study.c). */
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
    /* the fit part's regularisation lambda ([fit] regularize, the chosen one under auto) from
     * its summary.json (0 when it names none: regularize = 0); NAN when the file is missing */
    double fit_lambda[STUDY_MAX_SETTINGS];
} StudyResult;

/* The unit of the run's piece values: "pincer", or Martian Chess's "pawn" (job_unit_name). */
const char *study_unit(const StudyResult *r);

/* Whether piece i of r is the unit. */
bool study_is_unit(const StudyResult *r, int i);

/* The standard error of a value from its 95% interval (NAN when unbounded or missing). */
double study_value_se(const PieceValue *v);

/* The part folders' names of setting k: "values-<label>", "fit-<label>"; "ladder". */
void study_part_dir(const StudyConfig *sc, const char *kind, int k, char *out, size_t len);

#endif
