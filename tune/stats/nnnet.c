/* nnnet.c: the trainer's float network, its features and its .nnue file (see nnnet.h). */
#include "nnnet.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "search/nnue.h"

static const uint64_t FNV64_OFFSET = 0xCBF29CE484222325ull;
static const char NNUE_MAGIC[8] = {'M', 'X', 'T', 'N', 'N', 'U', 'E', '1'};

/* FNV-1a 64 of len bytes, continuing from h. */
static uint64_t fnv64(uint64_t h, const void *data, size_t len)
{
    const uint8_t *p = data;
    for (size_t i = 0; i < len; i++)
        h = (h ^ p[i]) * 0x100000001B3ull;
    return h;
}

/* Little-endian stores and loads. */
static void put_u32(uint8_t *p, uint32_t x)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(x >> (8 * i));
}
static void put_u64(uint8_t *p, uint64_t x)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(x >> (8 * i));
}
/* Features ---------------------------------------------------------------------------------- */

/* The game's number of piece types, and the rank of type t among them. */
static int type_count(const Variant *v) { return __builtin_popcount(v->types); }
static int type_rank(const Variant *v, int t)
{
    return __builtin_popcount(v->types & ((1u << t) - 1));
}

int nn_feature_count(const Variant *v) { return 2 * type_count(v) * SQ_NB; }

int nn_feature(const Variant *v, int c, Piece p, int sq)
{
    int r = piece_color(p) != c;
    int s = c == WHITE ? sq : v->geo.mirror[sq];
    return (r * type_count(v) + type_rank(v, piece_type(p))) * SQ_NB + s;
}

int nn_record_features(const Variant *v, const PackedPos *r, bool mirror, int us[PACKED_MAX_PIECES],
                       int them[PACKED_MAX_PIECES])
{
    Square sq[PACKED_MAX_PIECES];
    Piece pc[PACKED_MAX_PIECES];
    int n = packed_pieces(r, sq, pc);
    int team = packed_side(r) & 1, files = v->geo.shape.files;
    for (int i = 0; i < n; i++) {
        int s = sq[i];
        if (mirror)
            s = s - s % 8 + (files - 1 - s % 8);
        us[i] = nn_feature(v, team, pc[i], s);
        them[i] = nn_feature(v, !team, pc[i], s);
    }
    return n;
}

/* The float network ------------------------------------------------------------------------------- */

void nn_accumulate(const NnNet *net, const int *feat, int n, float *restrict a)
{
    int h = net->hidden;
    memcpy(a, net->b1, sizeof(float) * (size_t)h);
    for (int i = 0; i < n; i++) {
        const float *restrict row = net->w1 + (size_t)feat[i] * h;
        for (int j = 0; j < h; j++)
            a[j] += row[j];
    }
}

float nn_output(const NnNet *net, const float *restrict a, float *restrict hid)
{
    int h2 = 2 * net->hidden;
    float y = 0;
    for (int j = 0; j < h2; j++) {
        float c = a[j] < 0 ? 0 : a[j] > 1 ? 1 : a[j];
        hid[j] = c * c;
        y += net->w2[j] * hid[j];
    }
    return net->b2 + y;
}

double nn_forward(const NnNet *net, const PackedPos *r)
{
    int us[PACKED_MAX_PIECES], them[PACKED_MAX_PIECES];
    int n = nn_record_features(net->variant, r, false, us, them);
    float *a = malloc(sizeof(float) * 4 * (size_t)net->hidden);
    if (!a)
        return NAN;
    nn_accumulate(net, us, n, a);
    nn_accumulate(net, them, n, a + net->hidden);
    double y = nn_output(net, a, a + 2 * net->hidden);
    free(a);
    return y * NNUE_SCALE;
}

/* The .nnue file -------------------------------------------------------------------------- */

/* round(x * q), ties away from zero, clamped to [lo, hi]. */
static long quant(double x, double q, long lo, long hi)
{
    long v = lround(x * q);
    return v < lo ? lo : v > hi ? hi : v;
}

uint8_t *nn_nnue_bytes(const NnNet *net, size_t *len)
{
    size_t f = (size_t)net->features, h = (size_t)net->hidden;
    size_t n = NNUE_HEADER + 2 * (f * h + h + 2 * h) + 4 + 8;
    uint8_t *b = calloc(n, 1);
    if (!b)
        return NULL;
    memcpy(b, NNUE_MAGIC, 8);
    put_u32(b + 8, NNUE_VERSION);
    strncpy((char *)b + 12, net->variant->name, 16);
    const uint32_t head[] = {NNUE_FEATURES_BOARD, (uint32_t)f, (uint32_t)h,
                             NNUE_SCRELU,         NNUE_QA,     NNUE_QB,
                             NNUE_SCALE,          1,           0};
    for (int i = 0; i < 9; i++)
        put_u32(b + 28 + 4 * i, head[i]);
    uint8_t *p = b + NNUE_HEADER;
    for (size_t i = 0; i < f * h; i++, p += 2) {
        long v = quant(net->w1[i], NNUE_QA, -32767, 32767);
        p[0] = (uint8_t)v, p[1] = (uint8_t)((unsigned long)v >> 8);
    }
    for (size_t i = 0; i < h; i++, p += 2) {
        long v = quant(net->b1[i], NNUE_QA, -32767, 32767);
        p[0] = (uint8_t)v, p[1] = (uint8_t)((unsigned long)v >> 8);
    }
    for (size_t i = 0; i < 2 * h; i++, p += 2) {
        long v = quant(net->w2[i], NNUE_QB, -127, 127);
        p[0] = (uint8_t)v, p[1] = (uint8_t)((unsigned long)v >> 8);
    }
    put_u32(
        p, (uint32_t)(int32_t)quant(net->b2, (double)NNUE_QA * NNUE_QB, -2147483647L, 2147483647L));
    p += 4;
    put_u64(p, fnv64(FNV64_OFFSET, b, (size_t)(p - b)));
    *len = n;
    return b;
}

bool nn_write_atomic(const char *path, const void *bytes, size_t len, char *err, size_t errlen)
{
    size_t pl = strlen(path) + 8;
    char *tmp = malloc(pl);
    if (!tmp) {
        snprintf(err, errlen, "%s: out of memory", path);
        return false;
    }
    snprintf(tmp, pl, "%s.tmp", path);
    FILE *out = fopen(tmp, "wb");
    bool ok = out && fwrite(bytes, 1, len, out) == len;
    ok = out && fflush(out) == 0 && ok;
    ok = out && fsync(fileno(out)) == 0 && ok;
    ok = out && fclose(out) == 0 && ok;
    ok = ok && rename(tmp, path) == 0;
    if (!ok) {
        snprintf(err, errlen, "%s: cannot write (%s)", path, strerror(errno));
        remove(tmp);
    }
    free(tmp);
    return ok;
}

bool nn_write_nnue(const NnNet *net, const char *path, char *err, size_t errlen)
{
    size_t len;
    uint8_t *b = nn_nnue_bytes(net, &len);
    if (!b) {
        snprintf(err, errlen, "%s: out of memory", path);
        return false;
    }
    bool ok = nn_write_atomic(path, b, len, err, errlen);
    free(b);
    return ok;
}
