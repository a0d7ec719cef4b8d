/* ledger.h: the bookkeeping that match, selfplay and handicap share about the units they play
 * (game pairs, games): units come back in any order, from the journal on resume or from the
 * workers now, and each is stored at its index once; the ledger knows which are stored, how many
 * of them were resumed, and when the progress line is due, with the speed and the time left. */
#ifndef MAXTUNE_LEDGER_H
#define MAXTUNE_LEDGER_H

#include <stdbool.h>
#include <stddef.h>

#include "tune/run/journal.h"

/* n units; done[i]: unit i is stored. */
typedef struct Ledger {
    long n;
    bool *done;       /* n + 1 entries (never a zero-size allocation) */
    long finished;    /* units stored, in any order */
    long resumed;     /* ... of them read back from the journal */
    double start;     /* when ledger_start was called (clock_now) */
    double last_line; /* when the progress line was last printed */
} Ledger;

/* A ledger of n units, none stored; false when out of memory. */
bool ledger_init(Ledger *l, long n);

/* Frees the ledger's table. */
void ledger_free(Ledger *l);

/* Whether unit i may be stored: false with the reason when i is out of range (`range`, a
 * format with %ld for i) or stored already (`twice`, likewise). */
bool ledger_can_store(const Ledger *l, long i, const char *range, const char *twice, char *why,
                      size_t len);

/* Marks unit i stored (resumed: it came from the journal). */
void ledger_store(Ledger *l, long i, bool resumed);

/* Starts the clock of the speed, and says "<label>resuming: N <what> already played" when some
 * units came from the journal. */
void ledger_start(Ledger *l, const char *label, const char *what);

/* Whether the progress line is due: always when final, else at most 4 times a second on a
 * terminal and every 10 s otherwise. Sets *tty when stderr is a terminal. */
bool ledger_line_due(Ledger *l, bool final, bool *tty);

/* The speed in games a second of the units played since ledger_start (each unit is `games`
 * games) and the seconds left for `left` more units at that speed (0 when unknown). */
void ledger_speed(const Ledger *l, double games, double left, double *rate, double *eta);

/* Prints the progress line: in place on a terminal (tty), a plain line otherwise, ended unless
 * it is redrawn later. */
void ledger_print(bool tty, bool final, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Says that the run was interrupted and how to resume it from journal j. */
void ledger_report_interrupted(const Journal *j);

#endif
