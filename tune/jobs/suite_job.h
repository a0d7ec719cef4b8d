/* suite_job.h: the suite job ([run] job = suite), the main command's job: a short piece-value
 * estimate (the values job) and a short SPSA run (the spsa job) from one config, each into a
 * subfolder of the run folder (values/, spsa/) with its own checkpoint, then one report.md that
 * links the parts and states their headline numbers.
 *
 * The parts read the config's sections as their own jobs do ([selfplay] and [values] for the
 * first, [spsa] for the second). An interrupted suite resumes the part it stopped in; a part
 * already finished is kept (when its config.ini matches). The report is made from the parts'
 * files, so it is the same whether the parts ran in one go or not. */
#ifndef MAXTUNE_SUITE_JOB_H
#define MAXTUNE_SUITE_JOB_H

#include "tune/run/config.h"
#include "tune/run/rundir.h"

/* Runs the suite into the prepared run folder; force starts every part over. Returns the
 * process exit code (130 when interrupted). */
int suite_run(const Config *cfg, RunDir *rd, bool force);

#endif
