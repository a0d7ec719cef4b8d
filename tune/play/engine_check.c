/* engine_check.c: the checks that make a broken external engine stop a run, and engines.log
 * (see engine_check.h). */
#include "engine_check.h"
#include "tune/play/match_config.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tune/run/interrupt.h"
#include "tune/run/status.h"

enum { STDERR_LINES = 3 }; /* lines of the engine's stderr a stop message quotes */

/* The faults in a row of one player (by name), under lock. */
typedef struct FaultRun {
    char name[64];
    int term;  /* the termination of the last fault */
    int count; /* faults in a row with that termination */
} FaultRun;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static FaultRun runs[2 * PLAYER_MAX];
static int nruns;
static bool stopped;        /* an engine stopped the run */
static char stop_why[1024]; /* ... why (the first stop) */

void engine_check_reset(void)
{
    pthread_mutex_lock(&lock);
    nruns = 0;
    stopped = false;
    stop_why[0] = '\0';
    pthread_mutex_unlock(&lock);
}

bool engine_check_stopped(void)
{
    pthread_mutex_lock(&lock);
    bool s = stopped;
    pthread_mutex_unlock(&lock);
    return s;
}

/* Keeps the reason of a stop (the first one) and says so on the terminal. */
static void stop_run(const char *why)
{
    pthread_mutex_lock(&lock);
    if (!stopped)
        snprintf(stop_why, sizeof stop_why, "%s", why);
    stopped = true;
    pthread_mutex_unlock(&lock);
}

/* Counts a game of player `name`: faulted with termination term (faulted false: a game it
 * did not spoil, which ends its run of faults); returns the faults in a row. */
static int count_fault(const char *name, bool faulted, int term)
{
    pthread_mutex_lock(&lock);
    int i = 0;
    while (i < nruns && strcmp(runs[i].name, name))
        i++;
    if (i == nruns && nruns < (int)(sizeof runs / sizeof runs[0])) {
        snprintf(runs[nruns].name, sizeof runs[nruns].name, "%s", name);
        runs[nruns].count = 0;
        nruns++;
    }
    int n = 0;
    if (i < nruns) {
        FaultRun *r = &runs[i];
        r->count = !faulted ? 0 : r->count && r->term == term ? r->count + 1 : 1;
        r->term = term;
        n = r->count;
    }
    pthread_mutex_unlock(&lock);
    return n;
}

/* "engine NAME (command: CMD)" with ": its stderr: ..." appended by stop_message. */
static void stop_message(EngineProc *p, const char *section, const char *what, char *buf,
                         size_t len)
{
    char tail[400];
    engine_proc_stderr_tail(p, STDERR_LINES, tail, sizeof tail);
    snprintf(buf, len, "%s%s%s%.63s (command: %.250s): %.350s%s%.250s", section ? "[" : "",
             section ? section : "", section ? "] " : "engine ", p->ec->name, p->ec->command, what,
             tail[0] ? "; its stderr: " : "; nothing on its stderr", tail);
}

/* What went wrong at p's start: "exited with status 2 before uciok", "no uciok in time", ... */
static void start_failure(EngineProc *p, char *buf, size_t len)
{
    if (p->handshake_dead && p->exit_desc[0])
        snprintf(buf, len, "cannot start: it %s before uciok", p->exit_desc);
    else
        snprintf(buf, len, "cannot start: %s", p->why);
}

/* Checks the ranges against the advertised options; false with the message in err. */
static bool check_ranges(const EngineProc *p, const EngineRange *ranges, int n, const char *key,
                         char *err, size_t len)
{
    for (int i = 0; i < n; i++) {
        const EngineOption *o = engine_options_find(&p->options, ranges[i].name);
        char what[300];
        if (!o) {
            engine_options_summary(&p->options, what, sizeof what);
            snprintf(err, len, "%s: %s: unknown option (the engine advertises %s)", key,
                     ranges[i].name, what);
            return false;
        }
        if (o->type != OPTION_SPIN || ranges[i].min < (double)o->min ||
            ranges[i].max > (double)o->max) {
            engine_option_describe(o, what, sizeof what);
            snprintf(err, len,
                     "%s: %s: the range [%g, %g] is not within what the engine advertises (%s)",
                     key, ranges[i].name, ranges[i].min, ranges[i].max, what);
            return false;
        }
    }
    return true;
}

int engine_check_start(const EngineConfig *ec, const char *section, const Variant *v,
                       const EngineRange *ranges, int nranges, const char *key)
{
    char err[1024], what[512];
    EngineProc *p = malloc(sizeof *p);
    if (!p || !engine_proc_init(p, ec, v, NULL, err, sizeof err)) {
        fprintf(stderr, "maxtune: %s\n", p ? err : "out of memory");
        free(p);
        return p ? EXIT_USAGE : EXIT_FAIL;
    }
    int status = EXIT_OK;
    ProcStatus s = engine_proc_new_game(p);
    if (s != PROC_OK && p->option_error) {
        snprintf(err, sizeof err, "[%s] options: %s", section, p->why);
        status = EXIT_USAGE;
    } else if (s != PROC_OK && p->variant_error) {
        snprintf(err, sizeof err, "[%s] command: engine %.63s (%.250s): %.600s", section, ec->name,
                 ec->command, p->why);
        status = EXIT_USAGE;
    } else if (s != PROC_OK) {
        engine_proc_kill(p); /* its exit status, and all of its stderr */
        start_failure(p, what, sizeof what);
        stop_message(p, section, what, err, sizeof err);
        status = EXIT_FAIL;
    } else if (!check_ranges(p, ranges, nranges, key, err, sizeof err)) {
        status = EXIT_USAGE;
    }
    if (status != EXIT_OK)
        fprintf(stderr, "maxtune: %s\n", err);
    engine_proc_free(p);
    free(p);
    return status;
}

/* Appends p's transcript of this game to engines.log under header. */
static void write_log(EngineProc *p, const Config *cfg, const char *header)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s/engines.log", cfg->results_dir, cfg->name);
    if (!engine_proc_write_log(p, path, header))
        fprintf(stderr, "maxtune: %s: cannot write the engine log\n", path);
}

/* The fault's line: on the terminal (clearing a progress line being redrawn) and in the log. */
static void report_fault(EngineProc *p, const Config *cfg, const char *header)
{
    fprintf(stderr, "%smaxtune: %s\n", isatty(STDERR_FILENO) ? "\r\033[K" : "", header + 4);
    write_log(p, cfg, header);
}

bool engine_check_game(EngineProc *p, const Config *cfg, long opening_index, int g, int colour,
                       const GameRecord *rec)
{
    bool faulted = rec->fault == colour;
    if (interrupt_requested()) { /* a stopped game is abandoned, not scored: nothing to log */
        if (faulted)
            engine_proc_kill(p);
        return true;
    }
    char header[1024], what[600], msg[1024];
    const char *side = colour == WHITE ? "White" : "Black";
    if (faulted) {
        snprintf(header, sizeof header,
                 "=== opening %ld, game %d: %s (%s) loses by %s after %d plies: %s", opening_index,
                 g + 1, p->ec->name, side, game_termination_text(rec->term, rec->opening.variant),
                 rec->nmoves, rec->fault_why);
        engine_proc_note(p, "the game is lost: %s", rec->fault_why);
        engine_proc_kill(p); /* its exit status goes into the transcript */
        report_fault(p, cfg, header);
    } else if (!strcmp(cfg->engine_log, "all") && p->loglen > 0) {
        snprintf(header, sizeof header, "=== opening %ld, game %d: %s (%s), %s after %d plies, %s",
                 opening_index, g + 1, p->ec->name, side,
                 game_termination_text(rec->term, rec->opening.variant), rec->nmoves,
                 rec->result == 2   ? "1-0"
                 : rec->result == 0 ? "0-1"
                                    : "1/2-1/2");
        write_log(p, cfg, header);
        p->loglen = 0; /* a game it does not play (its opponent failed first) is not logged */
        p->log_cut = false;
        p->log[0] = '\0';
    }
    int row = count_fault(p->ec->name, faulted, (int)rec->term);
    if (!faulted)
        return true;
    if (p->handshake_dead || p->handshake_late || p->option_error || p->variant_error) {
        if (p->option_error || p->variant_error)
            snprintf(what, sizeof what, "%s", p->why);
        else
            start_failure(p, what, sizeof what);
    } else if (match_config(cfg)->fault_stop > 0 && row >= match_config(cfg)->fault_stop) {
        snprintf(what, sizeof what, "%d games in a row lost by %s, the last: %s", row,
                 game_termination_text(rec->term, rec->opening.variant), rec->fault_why);
    } else {
        return true;
    }
    stop_message(p, NULL, what, msg, sizeof msg);
    stop_run(msg);
    return false;
}

void engine_check_report_failure(const Journal *j, const char *what)
{
    pthread_mutex_lock(&lock);
    bool s = stopped;
    char why[sizeof stop_why];
    snprintf(why, sizeof why, "%s", stop_why);
    pthread_mutex_unlock(&lock);
    if (!s) {
        journal_report_failure(j, what);
        return;
    }
    fprintf(stderr,
            "maxtune: %s; the run stops: finished games are kept in %s, rerun the same command "
            "to resume\n",
            why, j->path);
}

int engine_check_played(long games, long abandoned)
{
    if (games <= 0 || abandoned < games)
        return EXIT_OK;
    fprintf(stderr,
            "maxtune: all %ld games were abandoned: the engines did not play (engines.log in "
            "the results folder says why); the run is not finished\n",
            games);
    return EXIT_FAIL;
}
