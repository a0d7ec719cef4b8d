/* interrupt.h: the job-wide stop request. SIGINT, SIGTERM, SIGHUP and SIGUSR1 (which mpirun
 * forwards to the ranks) ask a running job to stop: work in progress is finished, nothing new
 * is started, finished work is journaled, and the job exits with EXIT_INTERRUPTED so that the
 * same command resumes it. A second SIGINT, SIGTERM or SIGHUP ends the process at once (the
 * journal holds whole records only, so a resume loses nothing but the work in progress). */
#ifndef MAXTUNE_INTERRUPT_H
#define MAXTUNE_INTERRUPT_H

#include <stdbool.h>

/* Installs the signal handlers (once, before a job starts). */
void interrupt_install(void);

/* True once a stop was requested. Async-signal-safe to read from any thread. */
bool interrupt_requested(void);

/* Requests a stop, as a signal would (for tests and for jobs that stop themselves). */
void interrupt_request(void);

#endif
