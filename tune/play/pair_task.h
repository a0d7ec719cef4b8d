/* pair_task.h: games as dist tasks. The task bytes of every kind carry everything an item
 * depends on: the config, the opening set (a file's positions travel with it, so workers need no
 * shared file system), the weight sets and the kind's extra bytes, so any rank plays item i
 * exactly as rank 0 would. A kind of work is a DistKind built from the functions here and its
 * own play function: game pairs (pair_task_kind, below: the work of matches and SPSA batches),
 * self-play games and the sampling of their positions (selfplay.h), handicap pairs
 * (handicap.h). This module knows none of them.
 *
 * Game pairs: item i plays opening opening_offset + i with weight set s = i / per_set:
 * weights[2s] for the first player, weights[2s + 1] for the second; its payload is
 * pair_encode's text. Its extra bytes, when given, are 2 * nsets option texts of
 * PAIR_OPTIONS_LEN bytes each ("Name=value, ...", NUL-padded): text 2s is sent to the first
 * player's external engine and 2s + 1 to the second's before each game of set s (SPSA of an
 * external engine's options). */
#ifndef MAXTUNE_PAIR_TASK_H
#define MAXTUNE_PAIR_TASK_H

#include "tune/run/config.h"
#include "tune/play/dist.h"
#include "tune/play/game.h"
#include "tune/run/journal.h"

/* The pairs of one parallel region. */
typedef struct PairTask {
    const Config *cfg;
    const Openings *openings;
    long opening_offset;
    const Weights *weights; /* 2 * nsets */
    long nsets;
    long per_set;
} PairTask;

/* A task as each rank holds it, decoded from the task bytes: what a kind's play function
 * reads. */
typedef struct PairTaskState {
    Config cfg;
    Openings openings; /* its list is owned by the state */
    long opening_offset;
    long nsets, per_set;
    Weights *weights; /* 2 * nsets */
    char *extra;      /* the kind's extra bytes (NULL when none) */
    size_t extra_len;
} PairTaskState;

/* DistKind.open and close of every pair task kind: a PairTaskState from the task bytes
 * (checked for size; NULL when malformed or out of memory), and its release. */
void *pair_task_open(const void *bytes, size_t len);
void pair_task_close(void *task);

/* DistKind.thread_new and thread_free of the kinds that play games: a PairWorker (the two
 * engines of a thread). */
void *pair_task_worker_new(void *task);
void pair_task_worker_free(void *thread);

/* payload, or NULL (and payload freed) when a stop request came while it was played: its
 * searches may have been cut short, so the item is abandoned (dist drops an empty payload of an
 * item the sink no longer wants). For the play functions of kinds that play games. */
char *pair_task_keep(char *payload);

enum { PAIR_OPTIONS_LEN = 1024 };

/* The DistKind of game pairs. */
extern const DistKind pair_task_kind;

/* Plays items [0, nitems) of a task of `kind` (t and the kind's extra bytes, NULL when none)
 * on every rank and thread (dist_run); false with the message printed when an item could not
 * be played or taken. */
bool pair_task_run(const DistKind *kind, const PairTask *t, const void *extra, size_t extra_len,
                   long nitems, const DistSink *sink, int *players);

/* The indexed units of a selfplay, fit or values phase (games, handicap pairs, the sampling of
 * a game), kept by the job: each is stored at its index (and journaled) as it comes back, in
 * any order; the job combines them in index order afterwards, so nothing depends on ranks or
 * threads. */
typedef struct PairUnits {
    const DistKind *kind; /* registered; its PairTaskState holds task and extra */
    PairTask task;        /* nsets 1; per_set is the number of units */
    const void *extra;    /* the kind's extra bytes (NULL: none) */
    size_t extra_len;
    const char *what;    /* "game", "handicap pair": for messages */
    const bool *done;    /* units stored already */
    Journal *journal;    /* NULL: units are not journaled (nor interrupted) */
    long journal_offset; /* unit i is record journal_offset + i */
    void *data;          /* the job's state, for the two functions */
    /* Stores unit i from its payload (sets done[i]); false with the reason in why (printed as
     * "maxtune: <what> <i>: <why>"; nothing is printed when why is left empty). */
    bool (*store)(void *data, long i, const char *payload, char *why, size_t len);
    /* Prints the progress line (final: the last one); may be NULL. */
    void (*progress)(void *data, bool final);
} PairUnits;

/* Plays the units not done yet on every rank and thread, storing and journaling each one that
 * comes back; stops handing out journaled units when interrupted (interrupt_requested()).
 * Returns EXIT_OK when every unit is done, EXIT_INTERRUPTED or EXIT_FAIL (messages printed). */
int pair_task_play_units(const PairUnits *u);

#endif
