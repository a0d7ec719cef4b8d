/* parts.h: jobs made of parts run one after another (suite, study, family, pipeline). Each part is a job of
 * the table run into a subfolder of the run folder, with its own config.ini, checkpoint and
 * report. A part whose folder holds a finished run of the same config is kept, so that an
 * interrupted job resumes in the part it stopped in and redoes no finished part; a finished
 * run of another config there is refused (--force empties every part's folder first). */
#ifndef MAXTUNE_PARTS_H
#define MAXTUNE_PARTS_H

#include <stdbool.h>
#include <stddef.h>

#include "tune/run/config.h"
#include "tune/run/rundir.h"

/* The config of a part: cfg with [run] job = job and name = dir, run into the run folder rd
 * (its folder is rd->path/dir); false with the message in err when the path is too long. */
bool parts_config(const Config *cfg, const RunDir *rd, const char *job, const char *dir, Config *pc,
                  char *err, size_t errlen);

/* Empties the folder of the part pc (--force); EXIT_OK or EXIT_USAGE with the message
 * printed. */
int parts_clear(const Config *pc, const RunDir *rd);

/* Runs the part pc into its folder, or keeps it when it finished earlier with the same config;
 * the progress line reads "<label> k/n, <job>: <what> -> <folder>/". Returns its ExitStatus. */
int parts_run(const Config *pc, const RunDir *rd, const char *label, int k, int n,
              const char *what);

/* A job's table of parts as parts_run_all reads it: how many, part k's config (false with the
 * message in err) and the words of its progress line, from the job's own data (its parts). */
typedef struct PartsTable {
    int n;
    bool (*config)(const Config *cfg, const RunDir *rd, int k, const void *data, Config *pc,
                   char *err, size_t errlen);
    const char *(*what)(int k, const void *data);
    const void *data;
    const char *label; /* the progress line's first words, e.g. "study: part" */
} PartsTable;

/* Runs the table's parts in order, each kept when it finished earlier with the same config.
 * With --force every part's folder is emptied before the first runs, so that a --force
 * interrupted in an early part never leaves a later part's old finished run to be kept on
 * resume as if it were the new run's. Returns the ExitStatus of the first part that did not
 * finish (EXIT_OK when all did), a bad part config's message printed. */
int parts_run_all(const Config *cfg, const RunDir *rd, const PartsTable *t);

#endif
