/* rundir.h: the results folder of a run, results/<run name>/.
 *
 * A run writes only into a folder that is empty or recognisably one of its own runs: it holds
 * the marker .maxtune-run (written when a run first uses the folder), or, from older versions,
 * a run.txt or a checkpoint of maxtune. Any other folder (a source tree, a home folder) is
 * refused, --force or not, and left untouched. The run holds a lock on the marker from
 * rundir_prepare until rundir_release or the end of the process: a second run of the same
 * folder is refused, naming the process of the first.
 *
 * A folder holding summary.json is a finished run: running it again is refused unless --force
 * (which empties the folder first). A folder holding a checkpoint but no summary is an
 * interrupted run: running the same config again resumes it. Every file is written to a
 * temporary name and renamed into place, so an error (full disk, unwritable folder) leaves the
 * previous file intact. */
#ifndef MAXTUNE_RUNDIR_H
#define MAXTUNE_RUNDIR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "tune/run/config.h"

#define RUNDIR_SUMMARY "summary.json"
#define RUNDIR_JOURNAL "checkpoint.journal"
#define RUNDIR_MARKER ".maxtune-run"
#define RUNDIR_MARKER_LINE "maxtune results folder" /* the marker's first line */

typedef struct RunDir {
    char path[768];
    bool resuming;        /* a checkpoint from an interrupted run exists */
    double start_time;    /* monotonic seconds */
    char started[64];     /* wall-clock start, for run.txt */
    char command[2048];   /* the command line, for run.txt */
    int ranks;            /* MPI ranks playing (1 without MPI), for run.txt; set by the caller */
    bool force;           /* --force: the run starts over (the suite passes it to its parts) */
    bool locked;          /* lock_fd holds the folder's lock */
    int lock_fd;          /* the open marker file, -1 when none */
    uint64_t extend_hash; /* the config hash a finished run's kept checkpoint may be extended
                           * under (rundir_prepare's extend_hash), 0: none */
    bool extending;       /* a finished run is extended (its checkpoint is replayed) */
    size_t made;          /* rundir_prepare created the folder: the length of the first folder of
                           * path it created (results_dir or one above it, or path itself); 0:
                           * the folder was there */
} RunDir;

/* Creates or checks results_dir/name and locks it for this run. Returns false with a message
 * (and holds no lock) when the folder is not a maxtune results folder, another run uses it, it
 * holds a finished run and force is false, or it cannot be created, locked or emptied.
 * extend_hash (0: none) is the hash of cfg under which a job may extend a finished run (a
 * match whose pairs were raised): a finished folder whose kept checkpoint has that hash and
 * whose config.ini differs from cfg is resumed (rd->extending; the job removes summary.json
 * once its checkpoint is read, until the run finishes again) instead of refused. */
bool rundir_prepare(RunDir *rd, const Config *cfg, bool force, uint64_t extend_hash, int argc,
                    char **argv, char *err, size_t errlen);

/* Releases the folder's lock (idempotent; the end of the process releases it too). */
void rundir_release(RunDir *rd);

/* For a run that stops before it wrote anything (an engine that cannot start): when
 * rundir_prepare created the folder, removes its marker and the folders it created (each only
 * when empty), so that no trace is left; then releases the lock. A folder that was there
 * (resumed, or emptied by --force) is kept. */
void rundir_discard(RunDir *rd);

/* Full path of a file of the run. */
void rundir_file(const RunDir *rd, const char *name, char *buf, size_t len);

/* True when the run folder holds that file. */
bool rundir_has(const RunDir *rd, const char *name);

/* Writes a file atomically: writer(out, data) fills it; false with "path: problem" on error. */
bool rundir_write(const RunDir *rd, const char *name, bool (*writer)(FILE *out, void *data),
                  void *data, char *err, size_t errlen);

/* Writes run.txt: version, commit, seed, threads, machine, start and end time, command.
 * status is "running", "finished" or "interrupted". */
bool rundir_write_runinfo(const RunDir *rd, const Config *cfg, int threads, const char *status,
                          char *err, size_t errlen);

/* A hash of the config's result-relevant keys (threads and checkpoint interval left out). */
uint64_t rundir_config_hash(const Config *cfg);

/* Compares the folder's config.ini (the config its checkpoint was written for) with cfg, on
 * the lines that count for resuming: true with "its config.ini has [match] pairs = 150; this
 * config has [match] pairs = 200" in diff when they differ; false when they do not, or when
 * there is no config.ini to compare. */
bool rundir_config_diff(const RunDir *rd, const Config *cfg, char *diff, size_t len);

#endif
