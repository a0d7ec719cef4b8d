/* ledger.c: the bookkeeping of played units (see ledger.h). */
#include "ledger.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "search/clock.h"

bool ledger_init(Ledger *l, long n)
{
    *l = (Ledger){n, calloc((size_t)n + 1, sizeof *l->done), 0, 0, 0, 0};
    return l->done != NULL;
}

void ledger_free(Ledger *l)
{
    free(l->done);
    l->done = NULL;
}

bool ledger_can_store(const Ledger *l, long i, const char *range, const char *twice, char *why,
                      size_t len)
{
    if (i < 0 || i >= l->n) {
        snprintf(why, len, range, i);
        return false;
    }
    if (l->done[i]) {
        snprintf(why, len, twice, i);
        return false;
    }
    return true;
}

void ledger_store(Ledger *l, long i, bool resumed)
{
    l->done[i] = true;
    l->finished++;
    l->resumed += resumed;
}

void ledger_start(Ledger *l, const char *label, const char *what)
{
    l->start = clock_now();
    if (l->resumed)
        fprintf(stderr, "%sresuming: %ld %s already played\n", label, l->resumed, what);
}

bool ledger_line_due(Ledger *l, bool final, bool *tty)
{
    double now = clock_now();
    *tty = isatty(STDERR_FILENO);
    if (!final && now - l->last_line < (*tty ? 0.25 : 10.0))
        return false;
    l->last_line = now;
    return true;
}

void ledger_speed(const Ledger *l, double games, double left, double *rate, double *eta)
{
    double elapsed = l->last_line - l->start;
    *rate = elapsed > 0 ? games * (double)(l->finished - l->resumed) / elapsed : 0;
    *eta = *rate > 0 ? games * left / *rate : 0;
    if (*eta < 0)
        *eta = 0;
}

void ledger_print(bool tty, bool final, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs(tty ? "\r\033[K" : "", stderr);
    vfprintf(stderr, fmt, ap);
    fputs(tty && !final ? "" : "\n", stderr);
    va_end(ap);
}

void ledger_report_interrupted(const Journal *j)
{
    fprintf(stderr,
            "interrupted: finished work is saved in %s; run the same command again to resume\n",
            j->path);
}
