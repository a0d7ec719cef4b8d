/* pair_task.c: games as dist tasks (see pair_task.h).
 *
 * Task bytes (every kind): a PairTaskHead, then 2 * nsets Weights, then the opening file's
 * positions (none for random openings), then the kind's extra bytes. Plain structs copied as
 * bytes: every rank runs the same binary (but a position's game pointer is set again here:
 * the binary may lie at another address in each process). */
#include "pair_task.h"

#include <stdlib.h>
#include <string.h>

#include "search/search.h"
#include "tune/play/ledger.h"
#include "tune/play/pairs.h"
#include "tune/run/interrupt.h"
#include "tune/run/status.h"

/* Fixed-size head of the task bytes. */
typedef struct PairTaskHead {
    Config cfg;
    Openings openings; /* list is NULL here; count positions follow the weights */
    long opening_offset;
    long nsets;
    long per_set;
    uint64_t extra_len;
} PairTaskHead;

/* The task bytes (malloc'd) of t with the kind's extra bytes (NULL: none); NULL when out of
 * memory. */
static void *pair_task_encode(const PairTask *t, const void *extra, size_t extra_len, size_t *len)
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
    h->extra_len = extra_len;
    if (extra_len)
        memcpy(bytes + at, extra, extra_len);
    memcpy(bytes + sizeof *h, t->weights, nw * sizeof(Weights));
    if (np)
        memcpy(bytes + sizeof *h + nw * sizeof(Weights), t->openings->list, np * sizeof(Position));
    return bytes;
}

void pair_task_close(void *task)
{
    PairTaskState *s = task;
    if (!s)
        return;
    free(s->weights);
    free(s->extra);
    free(s->openings.list);
    free(s);
}

void *pair_task_open(const void *bytes, size_t len)
{
    PairTaskHead h;
    if (len < sizeof h)
        return NULL;
    memcpy(&h, bytes, sizeof h);
    if (h.nsets < 1 || h.per_set < 1 || h.openings.count < 0 || h.nsets > (long)(len / 2) ||
        (unsigned)h.openings.variant >= VARIANT_NB)
        return NULL;
    size_t nw = 2 * (size_t)h.nsets, np = (size_t)h.openings.count;
    size_t at = sizeof h + nw * sizeof(Weights) + np * sizeof(Position);
    if (len < at || len - at != h.extra_len)
        return NULL;
    PairTaskState *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->cfg = h.cfg;
    s->openings = h.openings;
    s->openings.list = NULL;
    s->opening_offset = h.opening_offset;
    s->nsets = h.nsets;
    s->per_set = h.per_set;
    s->extra_len = (size_t)h.extra_len;
    s->weights = malloc(nw * sizeof(Weights));
    if (np)
        s->openings.list = malloc(np * sizeof(Position));
    if (h.extra_len)
        s->extra = malloc(h.extra_len);
    if (!s->weights || (np && !s->openings.list) || (h.extra_len && !s->extra)) {
        pair_task_close(s);
        return NULL;
    }
    const char *p = (const char *)bytes + sizeof h;
    memcpy(s->weights, p, nw * sizeof(Weights));
    if (np)
        memcpy(s->openings.list, p + nw * sizeof(Weights), np * sizeof(Position));
    for (size_t i = 0; i < np; i++) /* the game's address in this process, not the sender's */
        s->openings.list[i].variant = variant_get(s->openings.variant);
    if (h.extra_len)
        memcpy(s->extra, (const char *)bytes + at, h.extra_len);
    return s;
}

void *pair_task_worker_new(void *task)
{
    PairTaskState *s = task;
    PairWorker *w = malloc(sizeof *w);
    if (w && !pair_worker_init(w, &s->cfg)) {
        free(w);
        return NULL;
    }
    return w;
}

void pair_task_worker_free(void *thread)
{
    if (!thread)
        return;
    pair_worker_free(thread);
    free(thread);
}

char *pair_task_keep(char *payload)
{
    if (payload && interrupt_requested()) {
        free(payload);
        return NULL;
    }
    return payload;
}

/* DistKind.play of game pairs: plays pair `item` and encodes it. */
static char *task_play_pair(void *task, void *thread, long item, double *busy)
{
    PairTaskState *s = task;
    long set = item / s->per_set;
    if (item < 0 || set >= s->nsets)
        return NULL;
    PairWorker *w = thread;
    for (int i = 0; i < 2; i++)
        if (w->proc[i] && s->extra_len == 2 * (size_t)s->nsets * PAIR_OPTIONS_LEN)
            engine_proc_set_game_options(w->proc[i], s->extra + (2 * set + i) * PAIR_OPTIONS_LEN);
    PairResult p;
    memset(&p, 0, sizeof p);
    bool ok = pair_play(thread, &s->cfg, &s->openings, s->opening_offset + item,
                        &s->weights[2 * set], &s->weights[2 * set + 1], &p);
    char *payload = ok ? pair_task_keep(pair_encode(&p)) : NULL;
    *busy = p.search_seconds;
    pair_free(&p);
    return payload;
}

const DistKind pair_task_kind = {"game pairs",         pair_task_open,        pair_task_close,
                                 pair_task_worker_new, pair_task_worker_free, task_play_pair};

bool pair_task_run(const DistKind *kind, const PairTask *t, const void *extra, size_t extra_len,
                   long nitems, const DistSink *sink, int *players)
{
    size_t len;
    void *bytes = pair_task_encode(t, extra, extra_len, &len);
    if (!bytes) {
        fprintf(stderr, "maxtune: out of memory\n");
        return false;
    }
    bool ok = dist_run(kind, bytes, len, nitems, t->cfg->threads, sink, players);
    free(bytes);
    return ok;
}

/* DistSink.wanted of units: not stored yet; journaled units only while not interrupted (the
 * others are quick and could not be resumed). */
static bool units_wanted(void *data, long i)
{
    const PairUnits *u = data;
    return !(u->journal && interrupt_requested()) && !u->done[i];
}

/* DistSink.take of units: stores unit i, journals it and updates the progress line. */
static bool units_take(void *data, long i, const char *payload, double busy)
{
    (void)busy;
    const PairUnits *u = data;
    if (i < 0 || i >= u->task.per_set || u->done[i])
        return false;
    char why[128] = "";
    if (!u->store(u->data, i, payload, why, sizeof why)) {
        if (why[0])
            fprintf(stderr, "maxtune: %s %ld: %s\n", u->what, i, why);
        return false;
    }
    if (u->journal && !journal_append(u->journal, u->journal_offset + i, payload))
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
    bool ok = pair_task_run(u->kind, &u->task, u->extra, u->extra_len, n, &sink, &players);
    if (u->progress)
        u->progress(u->data, true);
    if (!ok && !u->journal) {
        fprintf(stderr, "maxtune: a %s failed (out of memory?)\n", u->what);
        return EXIT_FAIL;
    }
    if (!ok) {
        journal_report_failure(u->journal, u->what);
        return EXIT_FAIL;
    }
    for (long i = 0; i < n; i++)
        if (!u->done[i]) {
            ledger_report_interrupted(u->journal);
            return EXIT_INTERRUPTED;
        }
    return EXIT_OK;
}
