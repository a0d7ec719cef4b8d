/* fit.h: the fit job ([run] job = fit): fits evaluation weights to game outcomes on
 * self-play positions, with standard errors, then verifies the fitted weights in a match.
 * fit_job.c fits, fit_report.c writes fitted.weights, fit.csv, summary.json, report.md and the
 * plots. */
#ifndef MAXTUNE_JOBS_FIT_H
#define MAXTUNE_JOBS_FIT_H

#include <stdio.h>

#include "tune/jobs/common/verify.h"
#include "tune/play/selfplay.h"
#include "tune/run/config.h"
#include "tune/run/params.h"
#include "tune/run/rundir.h"
#include "tune/stats/fit.h"

/* The lambdas [fit] regularize = auto tries, in order. */
enum { FIT_NLAMBDAS = 5 };
extern const double FIT_LAMBDAS[FIT_NLAMBDAS];

/* State of the job, shared by fit_job.c and fit_report.c. */
typedef struct FitJob {
    const Config *cfg;
    Config play_cfg; /* both players with [engine_a]'s limits, for the verification */
    RunDir *rd;
    Openings openings;
    Selfplay *selfplay; /* NULL when positions come from a file */
    long nselfplay;     /* journal records of the self-play phase */
    Weights start;
    TuneParam params[PARAMS_MAX]; /* requested parameters */
    int m;
    TuneParam fitted[PARAMS_MAX]; /* those the data determine */
    int mf;
    Traces all, train, valid;
    SelfplayStats st;
    double k;
    double theta0[PARAMS_MAX]; /* start value of each fitted parameter */
    double theta[PARAMS_MAX];
    FitErrors errors;
    double *boot_cov; /* mf x mf, with have_boot */
    bool have_boot;
    int iterations;
    double loss_start[2], loss_k[2], loss_end[2]; /* [0] fitting set, [1] held-out set */
    Weights result;
    int clamped;
    FILE *curve;
    char *curve_text;
    size_t curve_len;
    double lambda;    /* regularisation used ([fit] regularize; the chosen one when auto) */
    bool lambda_auto; /* chosen from FIT_LAMBDAS by held-out loss */
    double grid[FIT_NLAMBDAS][2]; /* auto: fitting-set and held-out loss (data only) per lambda */
    bool undetermined[FIT_NLAMBDAS]; /* auto: the data leave the fit at this lambda undetermined
                                      * (its Hessian is not positive definite): not chosen */
    Verify verify;                   /* journal records nselfplay on */
    double fit_seconds;
} FitJob;

#endif
