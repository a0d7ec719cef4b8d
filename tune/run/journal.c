/* journal.c: append-only checkpoint files. */
#include "journal.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "tune/run/escape.h"

uint64_t journal_hash(const char *text)
{
    uint64_t h = 0xCBF29CE484222325ull;
    for (; *text; text++)
        h = (h ^ (uint8_t)*text) * 0x100000001B3ull;
    return h;
}

/* 32-bit FNV-1a of the first len bytes of s. */
static uint32_t hash32(const char *s, size_t len)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (uint8_t)s[i]) * 16777619u;
    return h;
}

/* Writes the header line of a new journal and flushes it; false on a write error. */
static bool write_header(FILE *f, uint64_t config_hash)
{
    return fprintf(f, "maxtune-journal 1 %016" PRIx64 "\n", config_hash) >= 0 && fflush(f) == 0;
}

/* Writes the error for bad line lineno of a journal: where, what (control bytes escaped) and how
 * to go on. */
static void replay_error(char *err, size_t errlen, const char *path, int lineno, const char *what)
{
    char shown[1100], msg[400];
    escape_controls(path, shown, sizeof shown);
    escape_controls(what, msg, sizeof msg);
    if (lineno <= 2)
        snprintf(err, errlen,
                 "%s:%d: %s; no finished work precedes it: use --force to start the run over",
                 shown, lineno, msg);
    else
        snprintf(err, errlen,
                 "%s:%d: %s; lines 1-%d hold intact work: to resume from it, keep only those "
                 "lines (e.g. head -n %d) and run the same command again; or use --force to start "
                 "the run over",
                 shown, lineno, msg, lineno - 1, lineno - 1);
}

/* Reads back the records of an existing journal; sets *good_end to the end of the last good
 * line (0 when not even the header is complete: an empty file, or one cut short while the
 * header was written). JOURNAL_FAIL_NONE, or the failure with the message in err. */
static JournalFailure journal_replay(FILE *f, const char *path, uint64_t config_hash,
                                     JournalRecordFn fn, void *data, long *good_end, char *err,
                                     size_t errlen)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    JournalFailure failed = JOURNAL_FAIL_NONE;
    int lineno = 0;
    *good_end = 0;
    while (failed == JOURNAL_FAIL_NONE && (len = getline(&line, &cap, f)) > 0) {
        lineno++;
        if (line[len - 1] != '\n') {
            char shown[1100];
            fprintf(stderr, "note: %s:%d: dropping a record cut short by an interruption%s\n",
                    escape_controls(path, shown, sizeof shown), lineno,
                    memchr(line, '\0', (size_t)len) ? " (it holds NUL bytes)" : "");
            break;
        }
        line[--len] = '\0';
        const char *nul = memchr(line, '\0', (size_t)len);
        if (nul) {
            char what[128];
            snprintf(what, sizeof what, "corrupted checkpoint: a NUL byte at column %ld",
                     (long)(nul - line) + 1);
            replay_error(err, errlen, path, lineno, what);
            failed = JOURNAL_FAIL_CORRUPT;
            break;
        }
        if (lineno == 1) {
            uint64_t h;
            char shown[1100];
            escape_controls(path, shown, sizeof shown);
            if (sscanf(line, "maxtune-journal 1 %16" SCNx64, &h) != 1) {
                snprintf(err, errlen,
                         "%s:1: not a maxtune checkpoint (bad header); move it away, or use "
                         "--force to start the run over",
                         shown);
                failed = JOURNAL_FAIL_CORRUPT;
            } else if (h != config_hash) {
                snprintf(err, errlen,
                         "%s:1: this checkpoint was written for a different config; "
                         "use --force to start the run over",
                         shown);
                failed = JOURNAL_FAIL_CONFIG;
            }
            *good_end = ftell(f);
            continue;
        }
        char *last = strrchr(line, ' ');
        char *end;
        long index = strtol(line, &end, 10);
        unsigned long sum = last ? strtoul(last + 1, NULL, 16) : 0;
        if (!last || end == line || *end != ' ' || strlen(last + 1) != 8 ||
            sum != hash32(line, (size_t)(last - line))) {
            replay_error(err, errlen, path, lineno, "corrupted checkpoint record");
            failed = JOURNAL_FAIL_CORRUPT;
            break;
        }
        *last = '\0';
        char why[256] = "bad record", what[400];
        if (!fn(data, index, end + 1, why, sizeof why)) {
            snprintf(what, sizeof what, "corrupted checkpoint record: %s", why);
            replay_error(err, errlen, path, lineno, what);
            failed = JOURNAL_FAIL_CORRUPT;
            break;
        }
        *good_end = ftell(f);
    }
    if (failed == JOURNAL_FAIL_NONE && ferror(f)) {
        snprintf(err, errlen, "%s: cannot read checkpoint: %s", path, strerror(errno));
        failed = JOURNAL_FAIL_IO;
    }
    free(line);
    return failed;
}

bool journal_open(Journal *j, const char *path, uint64_t config_hash, JournalRecordFn fn,
                  void *data, char *err, size_t errlen)
{
    memset(j, 0, sizeof *j);
    snprintf(j->path, sizeof j->path, "%s", path);
    /* Opened for appending (every write lands at the end, whatever else writes the file) and
     * locked: a second run on the same checkpoint is refused instead of interleaving lines. */
    j->failure = JOURNAL_FAIL_IO; /* of every failure below but where another is set */
    int fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0666);
    if (fd < 0) {
        snprintf(err, errlen, "%s: cannot open checkpoint: %s", path, strerror(errno));
        return false;
    }
    if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        if (errno == EWOULDBLOCK) {
            snprintf(err, errlen, "%s: in use by another run; wait for it to end", path);
            j->failure = JOURNAL_FAIL_BUSY;
        } else {
            snprintf(err, errlen, "%s: cannot lock checkpoint: %s", path, strerror(errno));
        }
        close(fd);
        return false;
    }
    FILE *f = fdopen(fd, "a+");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open checkpoint: %s", path, strerror(errno));
        close(fd);
        return false;
    }
    long good_end;
    rewind(f);
    j->failure = journal_replay(f, path, config_hash, fn, data, &good_end, err, errlen);
    if (j->failure != JOURNAL_FAIL_NONE) {
        fclose(f);
        return false;
    }
    j->failure = JOURNAL_FAIL_IO;
    /* Cut a record cut short; without a complete header (a new file, or one killed while it
     * was created) start it afresh. */
    if (fflush(f) != 0 || ftruncate(fd, good_end) != 0 ||
        (good_end == 0 && !write_header(f, config_hash))) {
        snprintf(err, errlen, "%s: cannot write checkpoint: %s", path, strerror(errno));
        fclose(f);
        return false;
    }
    j->failure = JOURNAL_FAIL_NONE;
    j->file = f;
    return true;
}

bool journal_append(Journal *j, long index, const char *payload)
{
    size_t len = strlen(payload) + 48;
    char *line = malloc(len);
    if (!line)
        return false;
    int n = snprintf(line, len, "%ld %s", index, payload);
    uint32_t sum = hash32(line, (size_t)n);
    snprintf(line + n, len - (size_t)n, " %08" PRIx32 "\n", sum);
    bool ok = fputs(line, j->file) >= 0 && fflush(j->file) == 0;
    if (!ok && !j->error)
        j->error = errno ? errno : EIO;
    free(line);
    return ok;
}

void journal_report_failure(const Journal *j, const char *what)
{
    if (j->error)
        fprintf(stderr,
                "maxtune: %s: cannot write: %s; the %ss finished before are kept there; "
                "free some space and rerun the same command to resume\n",
                j->path, strerror(j->error), what);
    else
        fprintf(stderr,
                "maxtune: a %s could not be played (out of memory?); finished work is "
                "kept in %s; rerun the same command to resume\n",
                what, j->path);
}

bool journal_read_hash(const char *path, uint64_t *hash)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    bool ok = fscanf(f, "maxtune-journal 1 %16" SCNx64, hash) == 1;
    fclose(f);
    return ok;
}

void journal_close(Journal *j, bool remove_file)
{
    if (j->file)
        fclose(j->file);
    j->file = NULL;
    if (remove_file)
        remove(j->path);
}
