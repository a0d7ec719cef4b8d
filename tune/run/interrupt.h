/* interrupt.h: the job-wide stop request. SIGINT, SIGTERM, SIGHUP and SIGUSR1 (which mpirun
 * forwards to the ranks) ask a running job to stop: the searches of games in progress end at
 * once (the engines watch the flag) and those games are abandoned, nothing new is started,
 * finished work is journaled, and the job exits with EXIT_INTERRUPTED so that the
 * same command resumes it. A second SIGINT, SIGTERM or SIGHUP ends the process at once (the
 * journal holds whole records only, so a resume loses nothing but the work in progress). */
#ifndef MAXTUNE_INTERRUPT_H
#define MAXTUNE_INTERRUPT_H

#include <signal.h>
#include <stdbool.h>

/* Installs the signal handlers (once, before a job starts). */
void interrupt_install(void);

/* True once a stop was requested. Async-signal-safe to read from any thread. */
bool interrupt_requested(void);

/* The flag itself, for engines to watch (engine_watch): nonzero once a stop was requested. */
const volatile sig_atomic_t *interrupt_flag(void);

/* Requests a stop, as a signal would (for tests and for jobs that stop themselves). */
void interrupt_request(void);

#endif
