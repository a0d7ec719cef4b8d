/* pair_task.h: games as dist tasks: game pairs (DIST_PAIRS), the work of matches and SPSA
 * batches; self-play games (DIST_GAMES), the sampling of their positions (DIST_SAMPLE) and
 * handicap pairs (DIST_HANDICAP), the units of the selfplay, fit and values jobs.
 *
 * The task bytes carry everything a pair depends on: the config, the opening set (a file's
 * positions travel with it, so workers need no shared file system) and the weight sets, so
 * any rank plays pair i exactly as rank 0 would. Item i plays opening opening_offset + i with
 * weight set s = i / per_set: weights[2s] for the first player, weights[2s + 1] for the second.
 * Its payload is pair_encode's text. A DIST_GAMES item i is self-play game i (selfplay_game:
 * weights[0] is [engine_a]'s, weights[1] [engine_b]'s), a DIST_HANDICAP item k handicap pair k
 * of a HandicapPlan (handicap_pair, with weights[0] on both sides), a DIST_SAMPLE item i the
 * sampling of game i of the finished games the task carries (selfplay_sample_unit, with
 * weights[0]); there nsets is 1 and per_set the number of items. */
#ifndef MAXTUNE_PAIR_TASK_H
#define MAXTUNE_PAIR_TASK_H

#include "tune/config.h"
#include "tune/dist.h"
#include "tune/game.h"
#include "tune/journal.h"

struct HandicapPlan;

/* The pairs of one parallel region. */
typedef struct PairTask {
    const Config *cfg;
    const Openings *openings;
    long opening_offset;
    const Weights *weights; /* 2 * nsets */
    long nsets;
    long per_set;
} PairTask;

/* The DistKinds that play pair, self-play game and handicap pair tasks. */
extern const DistKind pair_task_kind, pair_task_games_kind, pair_task_handicap_kind,
    pair_task_sample_kind;

/* Plays items [0, nitems) of the task on every rank and thread (dist_run); false with the
 * message printed when a pair could not be played or taken. */
bool pair_task_run(const PairTask *t, long nitems, const DistSink *sink, int *players);

/* The indexed units of a selfplay, fit or values phase (games, handicap pairs, the sampling of
 * a game), kept by the job: each is stored at its index (and journaled) as it comes back, in
 * any order; the job combines them in index order afterwards, so nothing depends on ranks or
 * threads. */
typedef struct PairUnits {
    DistKindId kind;                 /* DIST_GAMES, DIST_HANDICAP or DIST_SAMPLE */
    PairTask task;                   /* nsets 1; per_set is the number of units */
    const struct HandicapPlan *plan; /* DIST_HANDICAP: the types and pairs */
    const void *extra;               /* DIST_SAMPLE: the games (selfplay.c's layout) */
    size_t extra_len;
    const char *what;                /* "game", "handicap pair": for messages */
    const bool *done;                /* units stored already */
    Journal *journal;                /* NULL: units are not journaled (nor interrupted) */
    long journal_offset;             /* unit i is record journal_offset + i */
    void *data;                      /* the job's state, for the two functions */
    /* Stores unit i from its payload (sets done[i]); false when it cannot. */
    bool (*store)(void *data, long i, const char *payload);
    /* Prints the progress line (final: the last one); may be NULL. */
    void (*progress)(void *data, bool final);
} PairUnits;

/* Plays the units not done yet on every rank and thread, storing and journaling each one that
 * comes back; stops handing out journaled units when interrupted (match_interrupted). Returns 0
 * when every unit is done, 130 when interrupted, 1 on failure (messages printed). */
int pair_task_play_units(const PairUnits *u);

#endif
