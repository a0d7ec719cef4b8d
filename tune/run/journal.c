/* journal.c: append-only checkpoint files. */
#include "journal.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { JOURNAL_LINE_MAX = 1 << 20 };

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

/* Reads back the records of an existing journal; sets *good_end to the end of the last good
 * line (0 when not even the header is complete: an empty file, or one cut short while the
 * header was written). */
static bool journal_replay(FILE *f, const char *path, uint64_t config_hash, JournalRecordFn fn,
                           void *data, long *good_end, char *err, size_t errlen)
{
    char *line = malloc(JOURNAL_LINE_MAX);
    if (!line) {
        snprintf(err, errlen, "%s: out of memory", path);
        return false;
    }
    bool ok = true;
    int lineno = 0;
    *good_end = 0;
    while (ok && fgets(line, JOURNAL_LINE_MAX, f)) {
        lineno++;
        size_t len = strlen(line);
        bool complete = len > 0 && line[len - 1] == '\n';
        if (!complete) {
            int c = fgetc(f);
            if (c == EOF) {
                fprintf(stderr, "note: %s:%d: dropping a record cut short by an interruption\n",
                        path, lineno);
                break;
            }
            snprintf(err, errlen, "%s:%d: corrupted checkpoint (line too long)", path, lineno);
            ok = false;
            break;
        }
        line[--len] = '\0';
        if (lineno == 1) {
            uint64_t h;
            if (sscanf(line, "maxtune-journal 1 %16" SCNx64, &h) != 1) {
                snprintf(err, errlen, "%s:1: not a maxtune checkpoint (bad header)", path);
                ok = false;
            } else if (h != config_hash) {
                snprintf(err, errlen,
                         "%s:1: this checkpoint was written for a different config; "
                         "use --force to start the run over",
                         path);
                ok = false;
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
            snprintf(err, errlen, "%s:%d: corrupted checkpoint record", path, lineno);
            ok = false;
            break;
        }
        *last = '\0';
        char why[256] = "bad record";
        if (!fn(data, index, end + 1, why, sizeof why)) {
            snprintf(err, errlen, "%s:%d: corrupted checkpoint record: %s", path, lineno, why);
            ok = false;
            break;
        }
        *good_end = ftell(f);
    }
    free(line);
    return ok;
}

bool journal_open(Journal *j, const char *path, uint64_t config_hash, JournalRecordFn fn,
                  void *data, char *err, size_t errlen)
{
    memset(j, 0, sizeof *j);
    snprintf(j->path, sizeof j->path, "%s", path);
    FILE *f = fopen(path, "r+");
    if (f) {
        long good_end;
        if (!journal_replay(f, path, config_hash, fn, data, &good_end, err, errlen)) {
            fclose(f);
            return false;
        }
        /* Without a complete header (killed while creating the file) start it afresh. */
        if (fflush(f) != 0 || ftruncate(fileno(f), good_end) != 0 ||
            fseek(f, good_end, SEEK_SET) != 0 || (good_end == 0 && !write_header(f, config_hash))) {
            snprintf(err, errlen, "%s: cannot repair checkpoint: %s", path, strerror(errno));
            fclose(f);
            return false;
        }
        j->file = f;
        return true;
    }
    if (errno != ENOENT) {
        snprintf(err, errlen, "%s: cannot open checkpoint: %s", path, strerror(errno));
        return false;
    }
    f = fopen(path, "w");
    if (!f || !write_header(f, config_hash)) {
        snprintf(err, errlen, "%s: cannot write checkpoint: %s", path, strerror(errno));
        if (f)
            fclose(f);
        return false;
    }
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
        fprintf(stderr, "maxtune: %s: cannot write: %s; the %ss finished before are kept there; "
                        "free some space and rerun the same command to resume\n",
                j->path, strerror(j->error), what);
    else
        fprintf(stderr, "maxtune: a %s could not be played (out of memory?); finished work is "
                        "kept in %s; rerun the same command to resume\n",
                what, j->path);
}

void journal_close(Journal *j, bool remove_file)
{
    if (j->file)
        fclose(j->file);
    j->file = NULL;
    if (remove_file)
        remove(j->path);
}
