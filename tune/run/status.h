/* status.h: the exit statuses of maxtune, returned by every subcommand, every job and every
 * step of a job that can stop it. */
#ifndef MAXTUNE_STATUS_H
#define MAXTUNE_STATUS_H

typedef enum ExitStatus {
    EXIT_OK = 0,           /* done */
    EXIT_FAIL = 1,         /* the work failed: out of memory, a file could not be written */
    EXIT_USAGE = 2,        /* bad input: command line, config, weights, FEN, checkpoint */
    EXIT_INTERRUPTED = 130 /* stopped by a signal; finished work is saved, the command resumes */
} ExitStatus;

#endif
