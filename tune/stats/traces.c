/* traces.c: trace sets in memory and in the .traces file format (see traces.h). */
#include "traces.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core/bytes.h"
#include "search/eval.h"

#define TRACES_MAGIC "MXTRACES"
/* RECORD_HEAD: game, result, count (SCORE_BYTES more in version 3: the score); ENTRY: index,
 * coefficient. */
enum {
    TRACES_VERSION = 3,
    TRACES_UNSCORED = 2,
    HEADER_BYTES = 56,
    RECORD_HEAD = 7,
    SCORE_BYTES = 4,
    ENTRY = 6
};

void traces_init(Traces *t) { memset(t, 0, sizeof *t); }

void traces_free(Traces *t)
{
    free(t->game);
    free(t->result);
    free(t->score);
    free(t->start);
    free(t->index);
    free(t->coef);
    traces_init(t);
}

/* Makes room for n positions and nterms entries; false when out of memory. */
static bool traces_reserve(Traces *t, long n, long nterms)
{
    if (n > t->cap || !t->start) {
        long cap = t->cap ? t->cap : 256;
        while (cap < n)
            cap *= 2;
        uint32_t *game = realloc(t->game, (size_t)cap * sizeof *game);
        if (game)
            t->game = game;
        uint8_t *result = realloc(t->result, (size_t)cap * sizeof *result);
        if (result)
            t->result = result;
        uint64_t *start = realloc(t->start, ((size_t)cap + 1) * sizeof *start);
        if (start)
            t->start = start;
        int32_t *score = t->scored ? realloc(t->score, (size_t)cap * sizeof *score) : NULL;
        if (score)
            t->score = score;
        if (!game || !result || !start || (t->scored && !score))
            return false;
        if (t->cap == 0)
            t->start[0] = 0;
        t->cap = cap;
    }
    if (nterms > t->term_cap) {
        long cap = t->term_cap ? t->term_cap : 4096;
        while (cap < nterms)
            cap *= 2;
        uint16_t *index = realloc(t->index, (size_t)cap * sizeof *index);
        if (index)
            t->index = index;
        int32_t *coef = realloc(t->coef, (size_t)cap * sizeof *coef);
        if (coef)
            t->coef = coef;
        if (!index || !coef)
            return false;
        t->term_cap = cap;
    }
    return true;
}

/* Makes t a set with scores or without; false when it already holds positions of the other
 * kind or out of memory. */
static bool traces_set_scored(Traces *t, bool scored)
{
    if (t->n > 0 || t->scored == scored)
        return t->scored == scored;
    t->scored = scored;
    if (!scored || !t->cap)
        return true;
    t->score = realloc(t->score, (size_t)t->cap * sizeof *t->score);
    return t->score != NULL;
}

/* traces_add and traces_add_scored: appends a position with score (when scored). */
static bool traces_put(Traces *t, uint32_t game, int result, bool scored, int score,
                       const int coef[W_NB])
{
    if (!traces_set_scored(t, scored) || !traces_reserve(t, t->n + 1, t->nterms + W_NB))
        return false;
    if (result < 0 || result > 2 || (t->n > 0 && game < t->game[t->n - 1]))
        return false;
    if (scored)
        t->score[t->n] = score;
    long k = t->nterms;
    for (int i = 0; i < W_NB; i++) {
        if (coef[i] == 0)
            continue;
        t->index[k] = (uint16_t)i;
        t->coef[k++] = (int32_t)coef[i];
    }
    t->game[t->n] = game;
    t->result[t->n] = (uint8_t)result;
    t->nterms = k;
    t->start[++t->n] = (uint64_t)k;
    return true;
}

bool traces_add(Traces *t, uint32_t game, int result, const int coef[W_NB])
{
    return traces_put(t, game, result, false, 0, coef);
}

bool traces_add_scored(Traces *t, uint32_t game, int result, int score, const int coef[W_NB])
{
    return traces_put(t, game, result, true, score, coef);
}

bool traces_add_from(Traces *dst, const Traces *src, long i)
{
    int coef[W_NB] = {0};
    for (uint64_t k = src->start[i]; k < src->start[i + 1]; k++)
        coef[src->index[k]] = src->coef[k];
    return traces_put(dst, src->game[i], src->result[i], src->scored,
                      src->scored ? src->score[i] : 0, coef);
}

bool traces_append(Traces *dst, const Traces *src)
{
    if (src->n == 0)
        return true;
    if (dst->n > 0 && src->game[0] < dst->game[dst->n - 1])
        return false;
    if (!traces_set_scored(dst, src->scored) ||
        !traces_reserve(dst, dst->n + src->n, dst->nterms + src->nterms))
        return false;
    memcpy(dst->game + dst->n, src->game, (size_t)src->n * sizeof *src->game);
    memcpy(dst->result + dst->n, src->result, (size_t)src->n);
    if (src->scored)
        memcpy(dst->score + dst->n, src->score, (size_t)src->n * sizeof *src->score);
    memcpy(dst->index + dst->nterms, src->index, (size_t)src->nterms * sizeof *src->index);
    memcpy(dst->coef + dst->nterms, src->coef, (size_t)src->nterms * sizeof *src->coef);
    for (long i = 1; i <= src->n; i++)
        dst->start[dst->n + i] = (uint64_t)dst->nterms + src->start[i];
    dst->n += src->n;
    dst->nterms += src->nterms;
    return true;
}

long traces_games(const Traces *t)
{
    long g = 0;
    for (long i = 0; i < t->n; i++)
        g += i == 0 || t->game[i] != t->game[i - 1];
    return g;
}

uint64_t traces_table_hash(void)
{
    uint64_t h = BYTES_FNV_OFFSET;
    for (int i = 0; i < W_NB; i++) {
        h = bytes_fnv64(h, weight_defs[i].name, strlen(weight_defs[i].name));
        h = bytes_fnv64(h, "\n", 1);
    }
    return h;
}

/* Stores v in len little-endian bytes at p. */
static void put_le(uint8_t *p, uint64_t v, int len)
{
    for (int i = 0; i < len; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* Reads len little-endian bytes at p. */
static uint64_t get_le(const uint8_t *p, int len)
{
    uint64_t v = 0;
    for (int i = 0; i < len; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

/* Bytes before a record's entries: the head, and the score in a set with scores. */
static size_t record_head(bool scored) { return RECORD_HEAD + (scored ? SCORE_BYTES : 0); }

/* Encodes position i of t as a file record into rec (room for RECORD_HEAD + SCORE_BYTES +
 * W_NB * ENTRY bytes); returns its length. */
static size_t record_encode(const Traces *t, long i, uint8_t *rec)
{
    int count = (int)(t->start[i + 1] - t->start[i]);
    size_t head = record_head(t->scored);
    put_le(rec, t->game[i], 4);
    rec[4] = t->result[i];
    put_le(rec + 5, (uint64_t)count, 2);
    if (t->scored)
        put_le(rec + RECORD_HEAD, (uint32_t)t->score[i], 4);
    for (int k = 0; k < count; k++) {
        uint64_t e = t->start[i] + (uint64_t)k;
        put_le(rec + head + ENTRY * k, t->index[e], 2);
        put_le(rec + head + ENTRY * k + 2, (uint32_t)t->coef[e], 4);
    }
    return head + ENTRY * (size_t)count;
}

bool traces_write(const Traces *t, FILE *out)
{
    uint8_t head[HEADER_BYTES] = {0};
    memcpy(head, TRACES_MAGIC, 8);
    put_le(head + 8, t->scored ? TRACES_VERSION : TRACES_UNSCORED, 4);
    put_le(head + 12, W_NB, 4);
    put_le(head + 16, traces_table_hash(), 8);
    put_le(head + 24, (uint64_t)t->n, 8);
    put_le(head + 32, (uint64_t)t->nterms, 8);
    put_le(head + 40, (uint64_t)traces_games(t), 8);
    put_le(head + 48, EVAL_TRACE_SCALE, 4);
    bool ok = fwrite(head, 1, sizeof head, out) == sizeof head;
    for (int i = 0; i < W_NB && ok; i++) {
        size_t len = strlen(weight_defs[i].name);
        uint8_t l = (uint8_t)len;
        ok = fwrite(&l, 1, 1, out) == 1 && fwrite(weight_defs[i].name, 1, len, out) == len;
    }
    uint64_t h = BYTES_FNV_OFFSET;
    uint8_t rec[RECORD_HEAD + SCORE_BYTES + ENTRY * W_NB];
    for (long i = 0; i < t->n && ok; i++) {
        size_t len = record_encode(t, i, rec);
        h = bytes_fnv64(h, rec, len);
        ok = fwrite(rec, 1, len, out) == len;
    }
    uint8_t tail[8];
    put_le(tail, h, 8);
    return ok && fwrite(tail, 1, 8, out) == 8;
}

/* Reads exactly len bytes; false at end of file or on an error. */
static bool read_exact(FILE *f, void *buf, size_t len) { return fread(buf, 1, len, f) == len; }

/* Checks the weights table of a file against this program's, reading the names one by one;
 * writes the first difference. */
static bool check_table(FILE *f, uint32_t nweights, uint64_t hash, const char *path, char *err,
                        size_t errlen)
{
    char name[256], there[256] = "";
    uint32_t differ = UINT32_MAX; /* first index whose name differs */
    for (uint32_t i = 0; i < nweights; i++) {
        uint8_t len;
        if (!read_exact(f, &len, 1) || !read_exact(f, name, len)) {
            snprintf(err, errlen, "%s: file cut short in the weights table", path);
            return false;
        }
        name[len] = '\0';
        if (differ == UINT32_MAX && i < W_NB && strcmp(name, weight_defs[i].name) != 0) {
            differ = i;
            memcpy(there, name, (size_t)len + 1);
        }
    }
    if (nweights == W_NB && hash == traces_table_hash() && differ == UINT32_MAX)
        return true;
    char where[600];
    if (differ != UINT32_MAX)
        snprintf(where, sizeof where, "weight %u is '%s' there, '%s' here", differ + 1, there,
                 weight_defs[differ].name);
    else
        snprintf(where, sizeof where, "%u weights there, %d here", nweights, W_NB);
    snprintf(err, errlen,
             "%s: made with a different weights table (%s); regenerate the positions with this "
             "program",
             path, where);
    return false;
}

/* Opens path and checks its header and weights table; on success the file is positioned at
 * the first record and head holds the header. */
static FILE *open_checked(const char *path, uint8_t head[HEADER_BYTES], char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    uint32_t version = 0, scale = 0;
    if (!read_exact(f, head, 12) || memcmp(head, TRACES_MAGIC, 8) != 0) {
        snprintf(err, errlen, "%s: not a maxtune positions file (bad header)", path);
    } else if ((version = (uint32_t)get_le(head + 8, 4)) != TRACES_VERSION &&
               version != TRACES_UNSCORED) {
        snprintf(err, errlen,
                 "%s: format version %u, this program reads version %d and %d only (files of "
                 "older versions are regenerated by running the job that made them again)",
                 path, version, TRACES_UNSCORED, TRACES_VERSION);
    } else if (!read_exact(f, head + 12, HEADER_BYTES - 12)) {
        snprintf(err, errlen, "%s: not a maxtune positions file (bad header)", path);
    } else if ((scale = (uint32_t)get_le(head + 48, 4)) != EVAL_TRACE_SCALE) {
        snprintf(err, errlen,
                 "%s: made with evaluation trace scale %u, this program's is %d; regenerate the "
                 "positions with this program",
                 path, scale, EVAL_TRACE_SCALE);
    } else if (check_table(f, (uint32_t)get_le(head + 12, 4), get_le(head + 16, 8), path, err,
                           errlen)) {
        return f;
    }
    fclose(f);
    return NULL;
}

bool traces_check_scores(const char *path, bool *scored, char *err, size_t errlen)
{
    uint8_t head[HEADER_BYTES];
    FILE *f = open_checked(path, head, err, errlen);
    if (f) {
        *scored = get_le(head + 8, 4) == TRACES_VERSION;
        fclose(f);
    }
    return f != NULL;
}

bool traces_check(const char *path, char *err, size_t errlen)
{
    bool scored;
    return traces_check_scores(path, &scored, err, errlen);
}

/* Reads one record into t (room reserved), hashing its bytes into *h; false at the end of the
 * file (feof) or on a corrupted record. */
static bool read_record(Traces *t, FILE *f, uint8_t *rec, uint64_t nterms, uint64_t *h)
{
    size_t head = record_head(t->scored);
    if (!read_exact(f, rec, head))
        return false;
    int count = (int)get_le(rec + 5, 2);
    uint32_t game = (uint32_t)get_le(rec, 4);
    if (count > W_NB || !read_exact(f, rec + head, ENTRY * (size_t)count))
        return false;
    *h = bytes_fnv64(*h, rec, head + ENTRY * (size_t)count);
    bool bad = rec[4] > 2 || (t->n > 0 && game < t->game[t->n - 1]) ||
               (uint64_t)t->nterms + (uint64_t)count > nterms;
    for (int k = 0; k < count && !bad; k++) {
        uint64_t idx = get_le(rec + head + ENTRY * k, 2);
        bad = idx >= W_NB || (k > 0 && idx <= get_le(rec + head + ENTRY * (k - 1), 2));
    }
    if (bad)
        return false;
    for (int k = 0; k < count; k++) {
        const uint8_t *e = rec + head + ENTRY * k;
        t->index[t->nterms] = (uint16_t)get_le(e, 2);
        t->coef[t->nterms++] = (int32_t)(uint32_t)get_le(e + 2, 4);
    }
    t->game[t->n] = game;
    t->result[t->n] = rec[4];
    if (t->scored)
        t->score[t->n] = (int32_t)(uint32_t)get_le(rec + RECORD_HEAD, 4);
    t->start[++t->n] = (uint64_t)t->nterms;
    return true;
}

bool traces_load(Traces *t, const char *path, char *err, size_t errlen)
{
    traces_free(t);
    uint8_t head[HEADER_BYTES];
    FILE *f = open_checked(path, head, err, errlen);
    if (!f)
        return false;
    bool ok = false;
    uint64_t n = get_le(head + 24, 8), nterms = get_le(head + 32, 8);
    t->scored = get_le(head + 8, 4) == TRACES_VERSION;
    if (n > (1ull << 40) || nterms > n * W_NB || !traces_reserve(t, (long)n, (long)nterms + W_NB)) {
        snprintf(err, errlen, "%s: %llu positions: too many or out of memory", path,
                 (unsigned long long)n);
        goto done;
    }
    uint64_t h = BYTES_FNV_OFFSET;
    uint8_t rec[RECORD_HEAD + SCORE_BYTES + ENTRY * W_NB];
    for (uint64_t i = 0; i < n; i++) {
        if (!read_record(t, f, rec, nterms, &h)) {
            snprintf(err, errlen, "%s: %s at position %llu", path,
                     feof(f) ? "file cut short" : "corrupted record", (unsigned long long)i + 1);
            goto done;
        }
    }
    uint8_t tail[8];
    int extra;
    if (!read_exact(f, tail, 8) || get_le(tail, 8) != h || (uint64_t)t->nterms != nterms) {
        snprintf(err, errlen, "%s: checksum mismatch (the file is damaged)", path);
        goto done;
    }
    if ((extra = fgetc(f)) != EOF) {
        snprintf(err, errlen, "%s: unexpected data after the last position", path);
        goto done;
    }
    ok = true;
done:
    fclose(f);
    if (!ok)
        traces_free(t);
    return ok;
}
