/* fit.c: what the fit job's run and its report share (fit.h). */
#include "tune/jobs/fit/fit.h"

const double FIT_LAMBDAS[FIT_NLAMBDAS] = {0, 1e-5, 1e-4, 1e-3, 1e-2};
