/* pair_task.c: game pairs, self-play games, their sampling and handicap pairs as dist tasks.
 *
 * Task bytes (every kind): a PairTaskHead, then 2 * nsets Weights, then the opening file's
 * positions (none for random openings), then the extra bytes of units (DIST_SAMPLE: the
 * games). Plain structs copied as bytes: every rank runs the same binary. The kinds differ only
 * in what they play for an item (and DIST_SAMPLE in its per-thread engine). */
#include "pair_task.h"

#include <stdlib.h>
#include <string.h>

#include "search/search.h"
#include "tune/handicap.h"
#include "tune/match.h"
#include "tune/pairs.h"
#include "tune/selfplay.h"

/* Fixed-size head of the task bytes. */
typedef struct PairTaskHead {
    Config cfg;
    Openings openings; /* list is NULL here; count positions follow the weights */
    long opening_offset;
    long nsets;
    long per_set;
    HandicapPlan plan; /* DIST_HANDICAP; zero otherwise */
    uint64_t extra_len;
} PairTaskHead;

/* A task as each rank holds it. */
typedef struct PairTaskState {
    PairTaskHead head;
    Weights *weights;
    char *extra; /* extra_len bytes */
} PairTaskState;

/* The task bytes (malloc'd) of t with its handicap plan and extra bytes (NULL: none); NULL
 * when out of memory. */
static void *pair_task_encode(const PairTask *t, const HandicapPlan *plan, const void *extra,
                              size_t extra_len, size_t *len)
{
    size_t nw = 2 * (size_t)t->nsets, np = t->openings->list ? (size_t)t->openings->count : 0;
    size_t at = sizeof(PairTaskHead) + nw * sizeof(Weights) + np * sizeof(Position);
    *len = at + extra_len;
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
    if (plan)
        h->plan = *plan;
    h->extra_len = extra_len;
    if (extra_len)
        memcpy(bytes + at, extra, extra_len);
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
    free(s->extra);
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
    size_t at = sizeof h + nw * sizeof(Weights) + np * sizeof(Position);
    if (len < at || len - at != h.extra_len)
        return NULL;
    PairTaskState *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->head = h;
    s->head.openings.list = NULL;
    s->weights = malloc(nw * sizeof(Weights));
    if (np)
        s->head.openings.list = malloc(np * sizeof(Position));
    if (h.extra_len)
        s->extra = malloc(h.extra_len);
    if (!s->weights || (np && !s->head.openings.list) || (h.extra_len && !s->extra)) {
        task_close(s);
        return NULL;
    }
    const char *p = (const char *)bytes + sizeof h;
    memcpy(s->weights, p, nw * sizeof(Weights));
    if (np)
        memcpy(s->head.openings.list, p + nw * sizeof(Weights), np * sizeof(Position));
    if (h.extra_len)
        memcpy(s->extra, (const char *)bytes + at, h.extra_len);
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

/* DistKind.play of DIST_GAMES: plays self-play game `item`. */
static char *task_play_game(void *task, void *thread, long item, double *busy)
{
    PairTaskState *s = task;
    if (item < 0 || item >= s->head.per_set)
        return NULL;
    return selfplay_game(thread, &s->head.cfg, &s->head.openings, s->weights, item, busy);
}

/* DistKind.play of DIST_HANDICAP: plays handicap pair `item`. */
static char *task_play_handicap(void *task, void *thread, long item, double *busy)
{
    PairTaskState *s = task;
    const HandicapPlan *plan = &s->head.plan;
    if (plan->ntypes < 1 || plan->ntypes > HANDICAP_MAX_TYPES || item < 0 ||
        item >= plan->first[plan->ntypes])
        return NULL;
    return handicap_pair(thread, &s->head.cfg, &s->head.openings, &s->weights[0], plan, item,
                         busy);
}

/* DistKind.thread_new of DIST_SAMPLE: the engine of the quietness searches. */
static void *task_sampler_new(void *task)
{
    (void)task;
    return selfplay_sampler_new();
}

/* DistKind.thread_free of DIST_SAMPLE. */
static void task_sampler_free(void *thread) { engine_free(thread); }

/* DistKind.play of DIST_SAMPLE: samples the positions of game `item` of the extra bytes. */
static char *task_play_sample(void *task, void *thread, long item, double *busy)
{
    PairTaskState *s = task;
    *busy = 0;
    if (item < 0 || item >= s->head.per_set)
        return NULL;
    return selfplay_sample_unit(thread, &s->head.cfg, &s->head.openings, &s->weights[0],
                                s->extra, (size_t)s->head.extra_len, item);
}

const DistKind pair_task_kind = {"game pairs", task_open, task_close, task_thread_new,
                                 task_thread_free, task_play};
const DistKind pair_task_games_kind = {"self-play games", task_open, task_close,
                                       task_thread_new, task_thread_free, task_play_game};
const DistKind pair_task_handicap_kind = {"handicap pairs", task_open, task_close,
                                          task_thread_new, task_thread_free, task_play_handicap};
const DistKind pair_task_sample_kind = {"position sampling", task_open, task_close,
                                        task_sampler_new, task_sampler_free, task_play_sample};

/* Encodes a task and plays items [0, nitems) of kind `kind` with dist_run. */
static bool task_run(DistKindId kind, const PairTask *t, const HandicapPlan *plan,
                     const void *extra, size_t extra_len, long nitems, const DistSink *sink,
                     int *players)
{
    size_t len;
    void *bytes = pair_task_encode(t, plan, extra, extra_len, &len);
    if (!bytes) {
        fprintf(stderr, "maxtune: out of memory\n");
        return false;
    }
    bool ok = dist_run(kind, bytes, len, nitems, t->cfg->threads, sink, players);
    free(bytes);
    return ok;
}

bool pair_task_run(const PairTask *t, long nitems, const DistSink *sink, int *players)
{
    return task_run(DIST_PAIRS, t, NULL, NULL, 0, nitems, sink, players);
}

/* DistSink.wanted of units: not stored yet; journaled units only while not interrupted (the
 * others are quick and could not be resumed). */
static bool units_wanted(void *data, long i)
{
    const PairUnits *u = data;
    return !(u->journal && match_interrupted) && !u->done[i];
}

/* DistSink.take of units: stores unit i, journals it and updates the progress line. */
static bool units_take(void *data, long i, const char *payload, double busy)
{
    (void)busy;
    const PairUnits *u = data;
    if (i < 0 || i >= u->task.per_set || u->done[i] || !u->store(u->data, i, payload) ||
        (u->journal && !journal_append(u->journal, u->journal_offset + i, payload)))
        return false;
    if (u->progress)
        u->progress(u->data, false);
    return true;
}

int pair_task_play_units(const PairUnits *u)
{
    long n = u->task.per_set;
    DistSink sink = {(void *)u, units_wanted, units_take};
    int players;
    bool ok = task_run(u->kind, &u->task, u->plan, u->extra, u->extra_len, n, &sink, &players);
    if (u->progress)
        u->progress(u->data, true);
    if (!ok && !u->journal) {
        fprintf(stderr, "maxtune: a %s failed (out of memory?)\n", u->what);
        return 1;
    }
    if (!ok) {
        journal_report_failure(u->journal, u->what);
        return 1;
    }
    for (long i = 0; i < n; i++)
        if (!u->done[i]) {
            fprintf(stderr, "interrupted: finished work is saved in %s; run the same command "
                            "again to resume\n", u->journal->path);
            return 130;
        }
    return 0;
}
