/* match.h: the match job ([run] job = match): [engine_a] against [engine_b] in game pairs, in
 * parallel with OpenMP, with SPRT, checkpoint and resume. */
#ifndef MAXTUNE_MATCH_H
#define MAXTUNE_MATCH_H

#include "tune/config.h"
#include "tune/pairs.h"
#include "tune/rundir.h"

/* Runs the match of cfg into the prepared run folder; returns the process exit code. */
int match_run(const Config *cfg, RunDir *rd);

/* Number of threads a parallel region of this config uses. */
int match_threads(const Config *cfg);

/* Set by SIGINT/SIGTERM: jobs stop starting work, save, and exit. */
extern volatile int match_interrupted;

/* Installs the SIGINT/SIGTERM handlers that set match_interrupted. */
void match_install_signals(void);

/* Checks that every move of a decoded pair is legal from its opening; false with a reason. */
bool match_pair_is_valid(const PairResult *p, const Position *opening, char *why, size_t len);

#endif
