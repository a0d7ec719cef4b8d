/* journal.h: the checkpoint of a long run. Every finished unit of work (a game pair, an SPSA
 * iteration, ...) is appended as one self-checking line as soon as it finishes, so a run killed
 * at any moment loses no finished work; restarting the same command reads the lines back.
 *
 * File format (text):
 *     maxtune-journal 1 <config hash, 16 hex digits>
 *     <index> <payload> <FNV-1a 32-bit hash of "<index> <payload>", 8 hex digits>
 * A last line cut short by a kill is dropped (and cut from the file); any other bad line (a
 * NUL byte is named as such) is an error naming the file and line, and how to go on (the
 * lines to keep, or --force). The file is opened for appending and locked (flock) while open:
 * a second opening, by this process or another, is refused. */
#ifndef MAXTUNE_JOURNAL_H
#define MAXTUNE_JOURNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Why journal_open failed (Journal.failure). */
typedef enum JournalFailure {
    JOURNAL_FAIL_NONE,    /* it did not fail */
    JOURNAL_FAIL_IO,      /* the file cannot be opened, locked, read or written */
    JOURNAL_FAIL_BUSY,    /* another run has it open */
    JOURNAL_FAIL_CORRUPT, /* a bad header, a bad line or a record the job rejected */
    JOURNAL_FAIL_CONFIG,  /* it was written for a config of another hash */
} JournalFailure;

typedef struct Journal {
    FILE *file;
    char path[1024];
    int error;              /* errno of the first failed append, 0 if none */
    JournalFailure failure; /* why journal_open failed, JOURNAL_FAIL_NONE if it did not */
} Journal;

/* Called for each record read back; returns false with a message to reject it. */
typedef bool (*JournalRecordFn)(void *data, long index, const char *payload, char *why,
                                size_t whylen);

/* Opens (creating if needed) and locks the journal at path for a run whose config hashes to
 * config_hash, replaying existing records through fn. Errors "path:line: problem; what to do",
 * control bytes escaped; "path: in use by another run" when it is open elsewhere; the kind of
 * failure in j->failure. */
bool journal_open(Journal *j, const char *path, uint64_t config_hash, JournalRecordFn fn,
                  void *data, char *err, size_t errlen);

/* The config hash in the header of the checkpoint at path; false when there is none (no
 * file, or not a maxtune checkpoint). */
bool journal_read_hash(const char *path, uint64_t *hash);

/* Appends one record and flushes it to the operating system. */
bool journal_append(Journal *j, long index, const char *payload);

/* Prints why the run stopped when an append failed (or could have: out of memory), naming the
 * journal, e.g. "checkpoint.journal: cannot write: No space left on device". */
void journal_report_failure(const Journal *j, const char *what);

/* Closes the journal; with remove_file, deletes it (the run's results are complete). */
void journal_close(Journal *j, bool remove_file);

/* 64-bit FNV-1a hash of a string (used for config hashes). */
uint64_t journal_hash(const char *text);

#endif
