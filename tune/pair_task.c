/* pair_task.c: game pairs as a dist task.
 *
 * Task bytes: a PairTaskHead, then 2 * nsets Weights, then the opening file's positions (none
 * for random openings). Plain structs copied as bytes: every rank runs the same binary. */
#include "pair_task.h"

#include <stdlib.h>
#include <string.h>

#include "tune/pairs.h"

/* Fixed-size head of the task bytes. */
typedef struct PairTaskHead {
    Config cfg;
    Openings openings; /* list is NULL here; count positions follow the weights */
    long opening_offset;
    long nsets;
    long per_set;
} PairTaskHead;

/* A task as each rank holds it. */
typedef struct PairTaskState {
    PairTaskHead head;
    Weights *weights;
} PairTaskState;

/* The task bytes (malloc'd) of t; NULL when out of memory. */
static void *pair_task_encode(const PairTask *t, size_t *len)
{
    size_t nw = 2 * (size_t)t->nsets, np = t->openings->list ? (size_t)t->openings->count : 0;
    *len = sizeof(PairTaskHead) + nw * sizeof(Weights) + np * sizeof(Position);
    char *bytes = calloc(1, *len);
    if (!bytes)
        return NULL;
    PairTaskHead *h = (PairTaskHead *)(void *)bytes;
    h->cfg = *t->cfg;
    h->openings = *t->openings;
    h->openings.list = NULL;
    h->openings.count = (int)np;
    h->opening_offset = t->opening_offset;
    h->nsets = t->nsets;
    h->per_set = t->per_set;
    memcpy(bytes + sizeof *h, t->weights, nw * sizeof(Weights));
    if (np)
        memcpy(bytes + sizeof *h + nw * sizeof(Weights), t->openings->list, np * sizeof(Position));
    return bytes;
}

/* DistKind.close: frees a task state. */
static void task_close(void *task)
{
    PairTaskState *s = task;
    if (!s)
        return;
    free(s->weights);
    free(s->head.openings.list);
    free(s);
}

/* DistKind.open: a task state from the task bytes, checking their size. */
static void *task_open(const void *bytes, size_t len)
{
    PairTaskHead h;
    if (len < sizeof h)
        return NULL;
    memcpy(&h, bytes, sizeof h);
    if (h.nsets < 1 || h.per_set < 1 || h.openings.count < 0 || h.nsets > (long)(len / 2))
        return NULL;
    size_t nw = 2 * (size_t)h.nsets, np = (size_t)h.openings.count;
    if (len != sizeof h + nw * sizeof(Weights) + np * sizeof(Position))
        return NULL;
    PairTaskState *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->head = h;
    s->head.openings.list = NULL;
    s->weights = malloc(nw * sizeof(Weights));
    if (np)
        s->head.openings.list = malloc(np * sizeof(Position));
    if (!s->weights || (np && !s->head.openings.list)) {
        task_close(s);
        return NULL;
    }
    const char *p = (const char *)bytes + sizeof h;
    memcpy(s->weights, p, nw * sizeof(Weights));
    if (np)
        memcpy(s->head.openings.list, p + nw * sizeof(Weights), np * sizeof(Position));
    return s;
}

/* DistKind.thread_new: a thread's two engines. */
static void *task_thread_new(void *task)
{
    PairTaskState *s = task;
    PairWorker *w = malloc(sizeof *w);
    if (w && !pair_worker_init(w, &s->head.cfg)) {
        free(w);
        return NULL;
    }
    return w;
}

/* DistKind.thread_free. */
static void task_thread_free(void *thread)
{
    if (!thread)
        return;
    pair_worker_free(thread);
    free(thread);
}

/* DistKind.play: plays pair `item` and encodes it. */
static char *task_play(void *task, void *thread, long item, double *busy)
{
    PairTaskState *s = task;
    long set = item / s->head.per_set;
    if (item < 0 || set >= s->head.nsets)
        return NULL;
    PairResult p;
    memset(&p, 0, sizeof p);
    bool ok = pair_play(thread, &s->head.cfg, &s->head.openings, s->head.opening_offset + item,
                        &s->weights[2 * set], &s->weights[2 * set + 1], &p);
    char *payload = ok ? pair_encode(&p) : NULL;
    *busy = p.search_seconds;
    pair_free(&p);
    return payload;
}

const DistKind pair_task_kind = {"game pairs", task_open, task_close, task_thread_new,
                                 task_thread_free, task_play};

bool pair_task_run(const PairTask *t, long nitems, const DistSink *sink, int *players)
{
    size_t len;
    void *bytes = pair_task_encode(t, &len);
    if (!bytes) {
        fprintf(stderr, "maxtune: out of memory\n");
        return false;
    }
    bool ok = dist_run(DIST_PAIRS, bytes, len, nitems, t->cfg->threads, sink, players);
    free(bytes);
    return ok;
}
