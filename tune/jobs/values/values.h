/* values.h: the values job ([run] job = values): what each piece type is worth in pawns
 * (pincers), measured two independent ways and reported side by side with 95% intervals:
 *   1. regression: a logistic regression of the game result on the material difference (count
 *      of each type, side to move minus opponent) over self-play positions;
 *   2. handicap matches (tune/play/handicap.h): the Elo a side loses without one piece of the
 *      type, divided by the Elo it loses without one pincer.
 * values_job.c measures, values_report.c writes values.csv/.png, summary.json and report.md. */
#ifndef MAXTUNE_JOBS_VALUES_H
#define MAXTUNE_JOBS_VALUES_H

#include <stdbool.h>
#include <stdio.h>

#include "search/weights.h"
#include "tune/play/handicap.h"
#include "tune/play/selfplay.h"
#include "tune/run/config.h"
#include "tune/run/rundir.h"
#include "tune/stats/fit.h"
#include "tune/stats/stats.h"

/* One estimate of a piece's worth: in Elo, and in pincers with a 95% interval. */
typedef struct Estimate {
    bool have;            /* measured at all */
    double elo, elo_se;   /* Elo per piece and its standard error */
    bool have_value;      /* a pawn value exists (the pincer was measured too) */
    double value, lo, hi; /* in pincers; lo/hi infinite when unbounded */
    double cov_pincer;    /* covariance of elo with the pincer's, as Fieller's interval used it */
} Estimate;

/* The material weights' indices and one past: Maxima's and Ultima's T_PINCER .. T_GUARD, Martian
 * Chess's T_PAWN .. T_QUEEN (and T_POINTS, the score, a control of its regression). */
enum { VALUES_TERMS = T_QUEEN + 1 };

/* State of the job, shared by values_job.c and values_report.c. Arrays indexed by material
 * weight (VALUES_TERMS); the unit (handicap_unit) is the pincer, or Martian Chess's pawn. */
typedef struct ValuesJob {
    const Config *cfg;
    RunDir *rd;
    Openings openings;
    Selfplay *selfplay;
    long nselfplay;
    Handicap *handicap;
    int unit;                            /* the unit's material weight (T_PINCER or T_PAWN) */
    int types[VALUES_TERMS], ntypes;     /* requested material weights */
    int matched[VALUES_TERMS], nmatched; /* weights with a handicap match, the unit first */
    Traces traces;
    SelfplayStats st;
    bool regression;                        /* the regression ran */
    int reg_params[VALUES_TERMS + 1], nreg; /* material weights that vary, then tempo */
    double beta[VALUES_TERMS + 1];
    FitErrors fe;
    char reg_note[600]; /* why the regression is missing, if it is */
    Estimate reg[VALUES_TERMS], hc[VALUES_TERMS];
    MatchCounts counts[VALUES_TERMS];
    int offset[VALUES_TERMS]; /* [values] offsets: units given, per type */
    double surplus[VALUES_TERMS], surplus_se[VALUES_TERMS]; /* Elo over those units */
} ValuesJob;

// clang-format off
/* The report.html chart of values.csv in folder dir ("" here, "values/" from a suite). */
#define VALUES_HTML_CHART(dir)                                                                     \
    {.png = dir "values.png", .csv = dir "values.csv",                                            \
     .title = "Piece values in pincers by both methods (95% intervals)", .x = "piece",            \
     .y = "regression_pincers:regression_low95:regression_high95 "                                \
          "handicap_pincers:handicap_low95:handicap_high95 vchess",                               \
     .xlabel = "piece", .ylabel = "pincers", .categories = true, .yref = 1,                        \
     .yref_label = "1 pincer"}
// clang-format on

/* A piece's value in pincers with its 95% interval, as values.csv gives it (have false: not
 * measured; an unbounded end is an infinity), for the jobs that read values.csv back. */
typedef struct PieceValue {
    bool have;
    double v, lo, hi;
} PieceValue;

#endif
