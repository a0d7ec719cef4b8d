/* dist.h: where the work items of a parallel region are played: over the OpenMP threads of this
 * process (bin/maxtune), or also over the ranks of an MPI job (bin/maxtune-mpi, built with
 * -DMAXTUNE_MPI by `make mpi`).
 *
 * Rank 0 runs the program: it reads the config, owns the results folder and the checkpoint,
 * and takes every decision. The other ranks only serve: they wait for a task (a kind of work
 * and the bytes that describe it), play the items rank 0 hands them, one per free thread, and
 * send back each item's payload (text). Rank 0 plays items too. An item's payload is a pure
 * function of the task bytes and the item index, so which rank or thread plays it never changes
 * a result; rank 0 passes payloads to the caller in completion order, under one lock, and the
 * caller stores them by index.
 *
 * Protocol (MPI_COMM_WORLD, rank 0 = master, every other rank a worker):
 *     0 -> w  TASK     DistHeader + task bytes: start a task
 *     w -> 0  REQUEST  {want, threads}: w has `want` idle threads
 *     0 -> w  WORK     item indices, at most `want`, in increasing order; none: the task has
 *                      nothing more for w, which finishes its items and leaves the task
 *     w -> 0  RESULT   {item, busy seconds} + payload (empty: the item could not be played)
 *     w -> 0  FAIL     a message: w cannot play this task (counts as drained)
 *     0 -> w  QUIT     the program ends
 * Rank 0 ends a task when every worker has been answered with no items and every item handed
 * out has come back, so no message of one task is ever read as part of the next. Messages are
 * raw bytes: every rank must run the same binary on the same architecture (as mpirun and srun
 * launch it), which byte-identical games require anyway. A rank that dies ends the whole job
 * (MPI_ERRORS_ARE_FATAL); what rank 0 journaled until then is kept. */
#ifndef MAXTUNE_DIST_H
#define MAXTUNE_DIST_H

#include <stdbool.h>
#include <stddef.h>

/* A kind of work item. Every function may run on any rank and any thread; open and close once
 * per task and rank, thread_new and thread_free once per playing thread. */
typedef struct DistKind {
    const char *name;
    /* Task state from the task bytes; NULL when they are malformed or memory is short. */
    void *(*open)(const void *bytes, size_t len);
    void (*close)(void *task);
    /* Per-thread state (engines); NULL when out of memory. */
    void *(*thread_new)(void *task);
    void (*thread_free)(void *thread);
    /* Plays one item: its payload (malloc'd text) or NULL on failure; sets *busy to the seconds
     * spent in search (for timing figures only). */
    char *(*play)(void *task, void *thread, long item, double *busy);
} DistKind;

/* Most kinds of work a program registers. */
enum { DIST_MAX_KINDS = 16 };

/* What rank 0 does with the items of a task. Both functions are called under the task's lock,
 * never concurrently. */
typedef struct DistSink {
    void *data;
    /* True while item i still has to be played (not done already, not past an SPRT stop, not
     * interrupted). Asked in increasing item order. */
    bool (*wanted)(void *data, long item);
    /* Stores (and journals) item i's payload; false when it cannot (the task then fails and no
     * further item is handed out). */
    bool (*take)(void *data, long item, const char *payload, double busy);
} DistSink;

/* Registers a kind of work; every rank must register the same kinds in the same order (a task
 * names its kind by its registration number), before dist_serve or dist_run. The layers above
 * register theirs (jobs/job.h: job_register_work), so this transport knows none of them.
 * False when the table is full. */
bool dist_register(const DistKind *kind);

/* Starts MPI in the MPI build (every rank calls it first thing). The plain build refuses, with a
 * message, to run as one of several processes an MPI launcher started (each would run the whole
 * job into the same folder): false then. */
bool dist_init(int *argc, char ***argv);

/* This process's rank (0 without MPI) and the number of ranks (1 without MPI). */
int dist_rank(void);
int dist_size(void);

/* Worker ranks: serves tasks until rank 0 sends QUIT. Returns at once without MPI. */
void dist_serve(void);

/* Ends the job: rank 0 tells the workers to quit; every rank finalises MPI. */
void dist_finish(void);

/* Rank 0: plays items [0, nitems) of a task of kind `kind` (registered) described by `bytes` on every rank,
 * `threads` threads each (0: each rank's OpenMP default), passing payloads to sink. Returns
 * false when an item could not be played or taken (the message is printed); items the sink
 * stopped wanting are simply not played. *players is set to the number of threads that played,
 * over all ranks. */
bool dist_run(const DistKind *kind, const void *bytes, size_t len, long nitems, long threads,
              const DistSink *sink, int *players);

#endif
