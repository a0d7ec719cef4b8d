/* nnnet.c: the trainer's float network, its features and its .nnue file (see nnnet.h). */
#include "nnnet.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/bytes.h"
#include "search/nnue.h"

/* Four floats at a time (GCC's and clang's vector extensions: the same IEEE operations on every
 * machine, so the same results as the scalar code would give in this order). */
typedef float v4f __attribute__((vector_size(16)));
typedef int32_t v4i __attribute__((vector_size(16)));
static inline v4f load4(const float *p)
{
    v4f v;
    memcpy(&v, p, sizeof v);
    return v;
}
static inline void store4(float *p, v4f v) { memcpy(p, &v, sizeof v); }
/* x where mask, else 0. */
static inline v4f select4(v4i mask, v4f x) { return (v4f)((v4i)x & mask); }

/* Features ---------------------------------------------------------------------------------- */

int nn_record_features(const Variant *v, const PackedPos *r, bool mirror, int us[NNUE_MAX_ACTIVE],
                       int them[NNUE_MAX_ACTIVE])
{
    /* packed_pieces' squares and codes, read from the occupancy bits word by word. */
    const uint8_t *b = r->b;
    uint64_t occ[2] = {0, 0};
    for (int i = 0; i < 11; i++)
        occ[i / 8] |= (uint64_t)b[i] << (8 * (i % 8));
    int team = packed_side(r) & 1, files = v->geo.shape.files, n = 0;
    for (int w = 0; w < 2; w++)
        for (uint64_t o = occ[w]; o && n < PACKED_MAX_PIECES; o &= o - 1) {
            int s = 64 * w + __builtin_ctzll(o);
            Piece p = b[12 + n];
            if (mirror)
                s = s - s % 8 + (files - 1 - s % 8);
            us[n] = nnue_feature(v, team, p, s); /* the engine's features (search/nnue.h) */
            them[n] = nnue_feature(v, !team, p, s);
            n++;
        }
    /* the state features (search/nnue.h), from the record's points, clock and player to move */
    NnueState st = {.score = {packed_points(r, WHITE), packed_points(r, BLACK)},
                    .clock = packed_clock(r),
                    .side = packed_side(r)};
    int nu = nnue_state_features(v, team, &st, us + n);
    nnue_state_features(v, !team, &st, them + n);
    return n + nu;
}

/* The float network ------------------------------------------------------------------------------- */

void nn_accumulate(const NnNet *net, const int *feat, int n, float *restrict a)
{
    int h = net->hidden, i = 0;
    const float *w1 = net->w1;
    memcpy(a, net->b1, sizeof(float) * (size_t)h);
    /* Four rows at a time (one pass over a instead of four), the rest one by one. */
    for (; i + 4 <= n; i += 4) {
        const float *restrict r0 = w1 + (size_t)feat[i] * h, *restrict r1 = w1 +
                                                                            (size_t)feat[i + 1] * h;
        const float *restrict r2 = w1 + (size_t)feat[i + 2] * h, *restrict r3 =
                                                                     w1 + (size_t)feat[i + 3] * h;
#pragma omp simd
        for (int j = 0; j < h; j++)
            a[j] += (r0[j] + r1[j]) + (r2[j] + r3[j]);
    }
    for (; i < n; i++) {
        const float *restrict row = w1 + (size_t)feat[i] * h;
#pragma omp simd
        for (int j = 0; j < h; j++)
            a[j] += row[j];
    }
}

float nn_output(const NnNet *net, const float *restrict a, float *restrict hid)
{
    int h2 = 2 * net->hidden;
    const v4f zero = {0, 0, 0, 0}, one = {1, 1, 1, 1};
    v4f y = zero;
    for (int j = 0; j < h2; j += 4) {
        v4f x = load4(a + j);
        x = select4(x > zero, x);
        v4i in = x < one;
        x = (v4f)((v4i)select4(in, x) | (v4i)select4(~in, one)); /* clamp(a, 0, 1) */
        x = x * x;
        store4(hid + j, x);
        y += load4(net->w2 + j) * x;
    }
    return net->b2 + ((y[0] + y[1]) + (y[2] + y[3]));
}

double nn_forward(const NnNet *net, const PackedPos *r)
{
    int us[NNUE_MAX_ACTIVE], them[NNUE_MAX_ACTIVE];
    int n = nn_record_features(net->variant, r, false, us, them);
    float a[4 * NNUE_MAX_HIDDEN];
    nn_accumulate(net, us, n, a);
    nn_accumulate(net, them, n, a + net->hidden);
    return (double)nn_output(net, a, a + 2 * net->hidden) * NNUE_SCALE;
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
    Network *q = nnue_new(net->variant, (int)h);
    if (!q)
        return NULL;
    for (size_t i = 0; i < f * h; i++)
        q->w1[i] = (int16_t)quant(net->w1[i], NNUE_QA, -32767, 32767);
    for (size_t i = 0; i < h; i++)
        q->b1[i] = (int16_t)quant(net->b1[i], NNUE_QA, -32767, 32767);
    for (size_t i = 0; i < 2 * h; i++)
        q->w2[i] = (int16_t)quant(net->w2[i], NNUE_QB, -127, 127);
    q->b2 = (int32_t)quant(net->b2, (double)NNUE_QA * NNUE_QB, -2147483647L, 2147483647L);
    q->base = net->base ? NNUE_BASE_WEIGHTS : NNUE_BASE_NONE;
    /* the file's bytes, written by the engine's own writer (search/nnue.h) */
    char *bytes = NULL;
    FILE *out = open_memstream(&bytes, len);
    bool ok = out && nnue_write(q, out);
    ok = out && fclose(out) == 0 && ok;
    nnue_free(q);
    if (!ok) {
        free(bytes);
        return NULL;
    }
    return (uint8_t *)bytes;
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
