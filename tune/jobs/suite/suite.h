/* suite.h: the suite job ([run] job = suite), the main command's job: a short piece-value
 * estimate (the values job) and a short SPSA run (the spsa job) from one config, each into a
 * subfolder of the run folder (values/, spsa/) with its own checkpoint, then one report.md that
 * links the parts and states their headline numbers.
 *
 * The parts read the config's sections as their own jobs do ([selfplay] and [values] for the
 * first, [spsa] for the second). An interrupted suite resumes the part it stopped in; a part
 * already finished is kept (when its config.ini matches). The report is made from the parts'
 * files, so it is the same whether the parts ran in one go or not. */
#ifndef MAXTUNE_JOBS_SUITE_H
#define MAXTUNE_JOBS_SUITE_H

#include <stdio.h>

#include "search/weights.h"
#include "tune/jobs/values/values.h"
#include "tune/jobs/common/verify.h"
#include "tune/run/config.h"
#include "tune/run/rundir.h"
#include "tune/stats/spsa.h"

#define SUITE_MAX_PIECES (T_GUARD + 1) /* Maxima's 8; Martian Chess's 3 */

/* The headline numbers, read back from the parts' files. */
typedef struct SuiteResult {
    const Config *cfg;
    const RunDir *rd;
    int npieces;
    char piece[SUITE_MAX_PIECES][32];
    double vchess[SUITE_MAX_PIECES];
    PieceValue reg[SUITE_MAX_PIECES], hc[SUITE_MAX_PIECES];
    char agreement[SUITE_MAX_PIECES][16];
    Weights start, tuned;
    SpsaParam params[SPSA_MAX_PARAMS];
    int nparams;
    MatchFigures verify; /* spsa/verify.json; verify.have false without one */
} SuiteResult;

#endif
