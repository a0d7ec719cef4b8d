/* dist.c: work items over threads, and over MPI ranks in the MPI build (see dist.h).
 *
 * Both builds share the player loop of rank 0: threads claim the next wanted item under the
 * lock `critical(dist)`, play it, and hand its payload to the sink under the same lock. In the
 * MPI build with more than one rank, rank 0 runs one more thread, its communication thread
 * (OpenMP thread 0, the thread that started MPI, as MPI_THREAD_FUNNELED requires), which answers
 * the workers' requests from the same claim function. A worker rank runs the same shape: its
 * thread 0 talks to rank 0 and feeds a small queue, the other threads play; they wake each other
 * with condition variables. Threads waiting for a message poll MPI with growing sleeps instead
 * of blocking in MPI, whose blocking calls spin and would steal a core from the games. */
#include "dist.h"

#include <omp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef MAXTUNE_MPI
#include <mpi.h>
#include <pthread.h>
#endif

/* The registered kinds of work, by number: a worker finds the kind of a task here. Written
 * only at start-up (dist_register), before any task. */
static const DistKind *kinds[DIST_MAX_KINDS];
static int nkinds;

static int dist_rank_ = 0, dist_size_ = 1;

bool dist_register(const DistKind *kind)
{
    if (nkinds >= DIST_MAX_KINDS)
        return false;
    kinds[nkinds++] = kind;
    return true;
}

/* The registration number of a kind; -1 when it was not registered. */
static int kind_number(const DistKind *kind)
{
    for (int i = 0; i < nkinds; i++)
        if (kinds[i] == kind)
            return i;
    return -1;
}

int dist_rank(void) { return dist_rank_; }

int dist_size(void) { return dist_size_; }

/* Threads a rank plays with: the task's setting, or this rank's OpenMP default. */
static int local_threads(long threads)
{
    return threads > 0 ? (int)threads : omp_get_max_threads();
}

/* The state of one task on rank 0, shared by its threads under critical(dist). */
typedef struct Master {
    const DistSink *sink;
    long nitems;
    long next;   /* items [0, next) are handed out or were not wanted */
    bool failed; /* an item could not be played or taken: hand out nothing more */
} Master;

/* The next item to play, or -1 when none is left; skips the items the sink does not want.
 * Called under the lock. */
static long master_claim(Master *m)
{
    if (m->failed)
        return -1;
    while (m->next < m->nitems && !m->sink->wanted(m->sink->data, m->next))
        m->next++;
    return m->next < m->nitems ? m->next++ : -1;
}

/* Hands a finished item to the sink (a missing payload fails the task, unless the sink no
 * longer wants the item); under the lock.
 * Items finished after a failure are still taken, so no finished game is lost. */
static void master_take(Master *m, long item, const char *payload, double busy)
{
    if (!payload) {
        /* An item the sink stopped wanting (a stop request) may come back empty: abandoned,
         * not failed. */
        if (m->sink->wanted(m->sink->data, item))
            m->failed = true;
        return;
    }
    if (!m->sink->take(m->sink->data, item, payload, busy))
        m->failed = true;
}

/* A playing thread of rank 0: claims, plays and hands over items until none is left. */
static void master_player(Master *m, const DistKind *k, void *task)
{
    void *thread = k->thread_new(task);
    if (!thread) {
#pragma omp critical(dist)
        m->failed = true;
        return;
    }
    for (;;) {
        long item;
#pragma omp critical(dist)
        item = master_claim(m);
        if (item < 0)
            break;
        double busy = 0;
        char *payload = k->play(task, thread, item, &busy);
#pragma omp critical(dist)
        master_take(m, item, payload, busy);
        free(payload);
    }
    k->thread_free(thread);
}

#ifdef MAXTUNE_MPI

/* Message tags of the protocol (dist.h). */
enum { TAG_TASK = 1, TAG_REQUEST, TAG_WORK, TAG_RESULT, TAG_FAIL, TAG_QUIT };

/* Most items one WORK message carries. */
enum { WORK_MAX = 1024 };

/* Head of a TASK message; the task bytes follow. */
typedef struct DistHeader {
    int32_t kind;
    int32_t reserved;
    int64_t threads;
    int64_t nitems;
} DistHeader;

/* A REQUEST message. */
typedef struct DistRequest {
    int64_t want;    /* idle threads */
    int64_t threads; /* threads this worker plays with */
} DistRequest;

/* Head of a RESULT message; the payload (without its terminating zero) follows. */
typedef struct DistResultHead {
    int64_t item;
    double busy;
} DistResultHead;

static bool mpi_started;

/* Sleeps usec microseconds. */
static void nap(long usec)
{
    struct timespec ts = {0, usec * 1000};
    nanosleep(&ts, NULL);
}

/* Waits for a message from `source` with `tag` (MPI_ANY_* allowed), polling with sleeps that
 * grow from 20 microseconds to max_usec (quick answers when messages come in a burst, few
 * wake-ups while games are played); receives it into a malloc'd buffer with a zero byte
 * appended. Aborts the job when out of memory: a rank that cannot receive cannot go on. */
static char *recv_message(int source, int tag, long max_usec, MPI_Status *st, int *count)
{
    int flag = 0;
    for (long usec = 20;; usec = usec * 2 < max_usec ? usec * 2 : max_usec) {
        MPI_Iprobe(source, tag, MPI_COMM_WORLD, &flag, st);
        if (flag)
            break;
        nap(usec);
    }
    MPI_Get_count(st, MPI_BYTE, count);
    char *buf = malloc((size_t)*count + 1);
    if (!buf) {
        fprintf(stderr, "maxtune: rank %d: out of memory for a message of %d bytes\n", dist_rank_,
                *count);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_Recv(buf, *count, MPI_BYTE, st->MPI_SOURCE, st->MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    buf[*count] = '\0';
    return buf;
}

/* Rank 0's communication thread: answers requests from the shared claim function and takes
 * results, until every worker is drained and every item handed out has come back. */
static void master_comm(Master *m, int *players)
{
    int workers = dist_size_ - 1, drained = 0;
    long out = 0; /* items at workers */
    bool *counted = calloc((size_t)dist_size_, sizeof *counted);
    long *items = malloc(WORK_MAX * sizeof *items);
    if (!counted || !items) {
        fprintf(stderr, "maxtune: rank 0: out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    while (drained < workers || out > 0) {
        MPI_Status st;
        int count;
        char *buf = recv_message(MPI_ANY_SOURCE, MPI_ANY_TAG, 2000, &st, &count);
        int src = st.MPI_SOURCE;
        if (st.MPI_TAG == TAG_REQUEST && count == (int)sizeof(DistRequest)) {
            DistRequest rq;
            memcpy(&rq, buf, sizeof rq);
            if (!counted[src]) {
                counted[src] = true;
                *players += (int)rq.threads;
            }
            long want = rq.want < WORK_MAX ? rq.want : WORK_MAX, got = 0;
#pragma omp critical(dist)
            {
                long item;
                while (got < want && (item = master_claim(m)) >= 0)
                    items[got++] = item;
            }
            MPI_Send(items, (int)got, MPI_LONG, src, TAG_WORK, MPI_COMM_WORLD);
            out += got;
            drained += got == 0;
        } else if (st.MPI_TAG == TAG_RESULT && count >= (int)sizeof(DistResultHead)) {
            DistResultHead h;
            memcpy(&h, buf, sizeof h);
            const char *payload = count > (int)sizeof h ? buf + sizeof h : NULL;
            if (!payload)
                fprintf(stderr, "maxtune: rank %d could not play item %ld (out of memory?)\n", src,
                        (long)h.item);
#pragma omp critical(dist)
            master_take(m, (long)h.item, payload, h.busy);
            out--;
        } else if (st.MPI_TAG == TAG_FAIL) {
            fprintf(stderr, "maxtune: rank %d: %s\n", src, buf);
#pragma omp critical(dist)
            m->failed = true;
            drained++;
        } else {
            fprintf(stderr,
                    "maxtune: rank 0: unexpected message (tag %d, %d bytes) from rank "
                    "%d\n",
                    st.MPI_TAG, count, src);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        free(buf);
    }
    free(items);
    free(counted);
}

/* Rank 0 with workers: sends them the task, then plays with `local` threads while thread 0
 * serves the workers. */
static void master_run(Master *m, int kind, const void *bytes, size_t len, long threads,
                       const DistKind *k, void *task, int local, int *players)
{
    size_t size = sizeof(DistHeader) + len;
    char *msg = malloc(size);
    if (!msg || size > INT32_MAX) {
        fprintf(stderr, "maxtune: rank 0: cannot send a task of %zu bytes\n", len);
        free(msg);
        m->failed = true;
        return;
    }
    DistHeader h = {(int32_t)kind, 0, threads, m->nitems};
    memcpy(msg, &h, sizeof h);
    memcpy(msg + sizeof h, bytes, len);
    for (int w = 1; w < dist_size_; w++)
        MPI_Send(msg, (int)size, MPI_BYTE, w, TAG_TASK, MPI_COMM_WORLD);
    free(msg);
#pragma omp parallel num_threads(local + 1)
    {
        if (omp_get_thread_num() == 0)
            master_comm(m, players);
        else
            master_player(m, k, task);
    }
}

/* A finished item waiting at a worker to be sent. */
typedef struct WorkerResult {
    long item;
    double busy;
    char *payload; /* NULL: could not be played */
} WorkerResult;

/* The state of one task on a worker rank, shared by its threads under `lock`. Players wait on
 * `work` for queued items, the communication thread on `done` for finished ones, so neither
 * polls while games are played. At most `playing` items are ever queued, being played or
 * waiting in the outbox together, so the arrays never overflow. */
typedef struct Worker {
    pthread_mutex_t lock;
    pthread_cond_t work; /* items queued, or stop */
    pthread_cond_t done; /* an item finished */
    int playing;         /* threads that set up their engines */
    long *queue;         /* items to play: a ring of `cap` */
    int cap, head, queued;
    int busy;             /* items being played */
    WorkerResult *outbox; /* finished items to send */
    int nout;
    bool stop; /* the task is over: players leave */
} Worker;

/* Sends a result to rank 0 and frees its payload. */
static void send_result(WorkerResult *r)
{
    size_t plen = r->payload ? strlen(r->payload) : 0;
    size_t size = sizeof(DistResultHead) + plen;
    char *msg = malloc(size);
    if (!msg) {
        fprintf(stderr, "maxtune: rank %d: out of memory\n", dist_rank_);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    DistResultHead h = {r->item, r->busy};
    memcpy(msg, &h, sizeof h);
    if (plen)
        memcpy(msg + sizeof h, r->payload, plen);
    MPI_Send(msg, (int)size, MPI_BYTE, 0, TAG_RESULT, MPI_COMM_WORLD);
    free(msg);
    free(r->payload);
}

/* Asks rank 0 for up to `idle` items and queues those it sends; false when it sent none (the
 * task has nothing more for this worker). */
static bool worker_request(Worker *w, int idle)
{
    DistRequest rq = {idle, w->playing};
    MPI_Send(&rq, (int)sizeof rq, MPI_BYTE, 0, TAG_REQUEST, MPI_COMM_WORLD);
    MPI_Status st;
    int count;
    char *buf = recv_message(0, TAG_WORK, 100, &st, &count);
    long got = count / (long)sizeof(long);
    const long *items = (const long *)(void *)buf;
    pthread_mutex_lock(&w->lock);
    for (long i = 0; i < got && i < idle; i++) {
        w->queue[(w->head + w->queued) % w->cap] = items[i];
        w->queued++;
    }
    pthread_cond_broadcast(&w->work);
    pthread_mutex_unlock(&w->lock);
    free(buf);
    return got > 0;
}

/* A worker's communication thread: sends results, asks for items while threads are idle, and
 * ends the task once rank 0 has none left and every item taken has been sent. */
static void worker_comm(Worker *w, WorkerResult *sending)
{
    bool drained = false;
    pthread_mutex_lock(&w->lock);
    for (;;) {
        /* Sleep until a result is ready, or (before the drain) a thread is idle. */
        while (w->nout == 0 && w->busy + w->queued > 0 &&
               (drained || w->busy + w->queued >= w->playing))
            pthread_cond_wait(&w->done, &w->lock);
        int nsend = w->nout, idle = w->playing - w->busy - w->queued;
        bool over = drained && nsend == 0 && w->busy + w->queued == 0;
        memcpy(sending, w->outbox, (size_t)nsend * sizeof *sending);
        w->nout = 0;
        if (over) {
            w->stop = true;
            pthread_cond_broadcast(&w->work);
            break;
        }
        pthread_mutex_unlock(&w->lock);
        for (int i = 0; i < nsend; i++)
            send_result(&sending[i]);
        if (!drained && idle > 0)
            drained = !worker_request(w, idle);
        pthread_mutex_lock(&w->lock);
    }
    pthread_mutex_unlock(&w->lock);
}

/* A worker's playing thread: plays queued items until the task is over. */
static void worker_player(Worker *w, const DistKind *k, void *task, void *thread)
{
    pthread_mutex_lock(&w->lock);
    for (;;) {
        while (w->queued == 0 && !w->stop)
            pthread_cond_wait(&w->work, &w->lock);
        if (w->queued == 0)
            break;
        WorkerResult r = {w->queue[w->head], 0, NULL};
        w->head = (w->head + 1) % w->cap;
        w->queued--;
        w->busy++;
        pthread_mutex_unlock(&w->lock);
        r.payload = k->play(task, thread, r.item, &r.busy);
        pthread_mutex_lock(&w->lock);
        w->outbox[w->nout++] = r;
        w->busy--;
        pthread_cond_signal(&w->done);
    }
    pthread_mutex_unlock(&w->lock);
}

/* Tells rank 0 that this worker cannot play the task. */
static void worker_fail(const char *why)
{
    MPI_Send(why, (int)strlen(why), MPI_BYTE, 0, TAG_FAIL, MPI_COMM_WORLD);
}

/* A worker rank's part of one task (the TASK message in buf). */
static void worker_task(const char *buf, int count)
{
    DistHeader h;
    if (count < (int)sizeof h) {
        worker_fail("malformed task message");
        return;
    }
    memcpy(&h, buf, sizeof h);
    if (h.kind < 0 || h.kind >= nkinds) {
        worker_fail("unknown kind of task (is every rank running the same program?)");
        return;
    }
    const DistKind *k = kinds[h.kind];
    void *task = k->open(buf + sizeof h, (size_t)count - sizeof h);
    if (!task) {
        worker_fail("cannot set up the task (malformed, or out of memory)");
        return;
    }
    int local = local_threads((long)h.threads);
    Worker w = {.cap = local};
    pthread_mutex_init(&w.lock, NULL);
    pthread_cond_init(&w.work, NULL);
    pthread_cond_init(&w.done, NULL);
    w.queue = malloc((size_t)local * sizeof *w.queue);
    w.outbox = malloc((size_t)local * sizeof *w.outbox);
    WorkerResult *sending = malloc((size_t)local * sizeof *sending);
    if (!w.queue || !w.outbox || !sending) {
        worker_fail("out of memory");
    } else {
#pragma omp parallel num_threads(local + 1)
        {
            void *thread = NULL;
            if (omp_get_thread_num() > 0 && (thread = k->thread_new(task)) != NULL) {
#pragma omp atomic
                w.playing++;
            }
#pragma omp barrier
            if (omp_get_thread_num() == 0) {
                if (w.playing > 0) {
                    worker_comm(&w, sending);
                } else {
                    worker_fail("no thread could set up its engines (out of memory?)");
                    pthread_mutex_lock(&w.lock);
                    w.stop = true;
                    pthread_cond_broadcast(&w.work);
                    pthread_mutex_unlock(&w.lock);
                }
            } else if (thread) {
                worker_player(&w, k, task, thread);
                k->thread_free(thread);
            }
        }
    }
    free(sending);
    free(w.outbox);
    free(w.queue);
    pthread_cond_destroy(&w.done);
    pthread_cond_destroy(&w.work);
    pthread_mutex_destroy(&w.lock);
    k->close(task);
}

bool dist_init(int *argc, char ***argv)
{
    int provided = 0;
    MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
    mpi_started = true;
    MPI_Comm_rank(MPI_COMM_WORLD, &dist_rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &dist_size_);
    if (provided < MPI_THREAD_FUNNELED && dist_rank_ == 0)
        fprintf(stderr, "maxtune: warning: this MPI library offers no thread support; "
                        "OpenMP threads may not work with it\n");
    return true;
}

void dist_serve(void)
{
    if (!mpi_started || dist_rank_ == 0)
        return;
    /* Stopping is rank 0's decision: mpirun and srun pass Ctrl-C on as SIGTERM (or SIGINT) to
     * every rank, and a worker that died of it would take its unfinished games with it and
     * end the job before rank 0 has saved. Rank 0 stops handing out work and sends QUIT. */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_IGN;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    sigaction(SIGUSR1, &sa, NULL);
    for (;;) {
        MPI_Status st;
        int count;
        char *buf = recv_message(0, MPI_ANY_TAG, 1000, &st, &count);
        int tag = st.MPI_TAG;
        if (tag == TAG_TASK)
            worker_task(buf, count);
        free(buf);
        if (tag == TAG_QUIT)
            break;
        if (tag != TAG_TASK) {
            fprintf(stderr, "maxtune: rank %d: unexpected message (tag %d)\n", dist_rank_, tag);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
    }
}

void dist_finish(void)
{
    if (!mpi_started)
        return;
    if (dist_rank_ == 0)
        for (int w = 1; w < dist_size_; w++)
            MPI_Send(NULL, 0, MPI_BYTE, w, TAG_QUIT, MPI_COMM_WORLD);
    MPI_Finalize();
    mpi_started = false;
}

#else /* no MPI: one process */

/* The number of processes an MPI launcher started, from its environment (1 when none). */
static long launched_processes(void)
{
    static const char *const VARS[] = {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_SIZE"};
    for (size_t i = 0; i < sizeof VARS / sizeof VARS[0]; i++) {
        const char *v = getenv(VARS[i]);
        if (v && atol(v) > 1)
            return atol(v);
    }
    return 1;
}

bool dist_init(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    /* Every copy would run the whole job into the same results folder. */
    long n = launched_processes();
    if (n > 1) {
        fprintf(stderr,
                "maxtune: started as one of %ld MPI processes, but this program was "
                "built without MPI: build bin/maxtune-mpi (make mpi) and launch that\n",
                n);
        return false;
    }
    return true;
}

void dist_serve(void) {}

void dist_finish(void) {}

#endif

bool dist_run(const DistKind *kind, const void *bytes, size_t len, long nitems, long threads,
              const DistSink *sink, int *players)
{
    int number = kind_number(kind);
    if (number < 0) {
        fprintf(stderr, "maxtune: the %s kind of work is not registered (dist_register)\n",
                kind->name);
        return false;
    }
    Master m = {sink, nitems, 0, false};
    int local = local_threads(threads);
    *players = local;
    /* Nothing wanted (a batch finished before a resume): no need to wake the workers. */
    while (m.next < nitems && !sink->wanted(sink->data, m.next))
        m.next++;
    if (m.next == nitems)
        return true;
    const DistKind *k = kind;
    void *task = k->open(bytes, len);
    if (!task) {
        fprintf(stderr, "maxtune: cannot set up the %s task (out of memory?)\n", k->name);
        return false;
    }
#ifdef MAXTUNE_MPI
    if (dist_size_ > 1)
        master_run(&m, number, bytes, len, threads, k, task, local, players);
    else
#endif
    {
#pragma omp parallel num_threads(local)
        master_player(&m, k, task);
    }
    k->close(task);
    return !m.failed;
}
