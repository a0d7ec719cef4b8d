/* pair_task.h: game pairs as a dist task (DIST_PAIRS), the work of matches and SPSA batches.
 *
 * The task bytes carry everything a pair depends on: the config, the opening set (a file's
 * positions travel with it, so workers need no shared file system) and the weight sets, so
 * any rank plays pair i exactly as rank 0 would. Item i plays opening opening_offset + i with
 * weight set s = i / per_set: weights[2s] for the first player, weights[2s + 1] for the second.
 * Its payload is pair_encode's text. */
#ifndef MAXTUNE_PAIR_TASK_H
#define MAXTUNE_PAIR_TASK_H

#include "tune/config.h"
#include "tune/dist.h"
#include "tune/game.h"

/* The pairs of one parallel region. */
typedef struct PairTask {
    const Config *cfg;
    const Openings *openings;
    long opening_offset;
    const Weights *weights; /* 2 * nsets */
    long nsets;
    long per_set;
} PairTask;

/* The DistKind that plays pair tasks. */
extern const DistKind pair_task_kind;

/* Plays items [0, nitems) of the task on every rank and thread (dist_run); false with the
 * message printed when a pair could not be played or taken. */
bool pair_task_run(const PairTask *t, long nitems, const DistSink *sink, int *players);

#endif
