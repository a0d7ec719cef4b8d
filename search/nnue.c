/* nnue.c: the learned evaluation's network, its file and its integer arithmetic (see nnue.h). */
#include "nnue.h"
#include "core/bytes.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define NNUE_X86 1
#endif

static const char NNUE_MAGIC[8] = {'M', 'X', 'T', 'N', 'N', 'U', 'E', '1'};

/* The number of piece types of game v. */
static int type_count(const Variant *v) { return __builtin_popcount(v->types); }

int nnue_feature_set(const Variant *v)
{
    return variant_zoned(v) && v->scores ? NNUE_FEATURES_STATE : NNUE_FEATURES_BOARD;
}

/* The number of board features of game v: the first state feature's index. */
static int board_count(const Variant *v) { return 2 * type_count(v) * SQ_NB; }

/* The number of values the clock's features tell apart: CLOCK_OFF and 0..clock_moves. */
static int clock_count(const Variant *v) { return v->clock_moves + 2; }

/* The number of state features of game v (nnue.h's layout). */
static int state_count(const Variant *v)
{
    if (nnue_feature_set(v) != NNUE_FEATURES_STATE)
        return 0;
    return 2 * NNUE_LEAD_MAX + 1 + clock_count(v) + (v->players > 2 ? 2 : 0);
}

int nnue_feature_count(const Variant *v) { return board_count(v) + state_count(v); }

int nnue_feature(const Variant *v, int c, Piece p, int sq)
{
    int t = piece_type(p);
    int index = __builtin_popcount(v->types & ((1u << t) - 1)); /* t's rank among the types */
    int r = piece_color(p) != c;
    int s = c == WHITE ? sq : v->geo.mirror[sq];
    return (r * type_count(v) + index) * SQ_NB + s;
}

NnueState nnue_state_of(const Position *pos)
{
    return (NnueState){
        .score = {pos->score[WHITE], pos->score[BLACK]}, .clock = pos->clock, .side = pos->side};
}

int nnue_state_features(const Variant *v, int c, const NnueState *st, int *out)
{
    if (nnue_feature_set(v) != NNUE_FEATURES_STATE)
        return 0;
    int base = board_count(v), n = 0;
    int lead = st->score[c] - st->score[!c];
    lead = lead < -NNUE_LEAD_MAX ? -NNUE_LEAD_MAX : lead > NNUE_LEAD_MAX ? NNUE_LEAD_MAX : lead;
    out[n++] = base + lead + NNUE_LEAD_MAX;
    base += 2 * NNUE_LEAD_MAX + 1;
    int clock = st->clock < 0 ? 0 : 1 + (st->clock > v->clock_moves ? v->clock_moves : st->clock);
    out[n++] = base + clock;
    base += clock_count(v);
    if (v->players > 2) /* the mover within his team, seen from c (nnue.h) */
        out[n++] = base + (((st->side >> 1) ^ c) & 1);
    return n;
}

int nnue_features(const Position *pos, int c, int *out)
{
    int n = 0;
    Bitboard occ = position_occupied(pos);
    while (occ) {
        int sq = bb_pop(&occ);
        out[n++] = nnue_feature(pos->variant, c, pos->board[sq], sq);
    }
    NnueState st = nnue_state_of(pos);
    return n + nnue_state_features(pos->variant, c, &st, out + n);
}

/* A zeroed block of n bytes on a 64-byte boundary (n rounded up), or NULL. */
static void *alloc_aligned(size_t n)
{
    size_t size = (n + 63) / 64 * 64;
    void *p = aligned_alloc(64, size ? size : 64);
    if (p)
        memset(p, 0, size ? size : 64);
    return p;
}

Network *nnue_new(const Variant *v, int h)
{
    if (h < 16 || h > NNUE_MAX_HIDDEN || h % 16)
        return NULL;
    Network *net = calloc(1, sizeof *net);
    if (!net)
        return NULL;
    net->variant = v;
    net->features = nnue_feature_count(v);
    net->hidden = h;
    net->w1 = alloc_aligned((size_t)net->features * h * sizeof *net->w1);
    net->b1 = alloc_aligned((size_t)h * sizeof *net->b1);
    net->w2 = alloc_aligned((size_t)2 * h * sizeof *net->w2);
    if (!net->w1 || !net->b1 || !net->w2) {
        nnue_free(net);
        return NULL;
    }
    return net;
}

void nnue_free(Network *net)
{
    if (!net)
        return;
    free(net->w1);
    free(net->b1);
    free(net->w2);
    free(net);
}

/* The file's size for F features and H hidden units. */
static size_t file_size(size_t f, size_t h)
{
    return NNUE_HEADER + 2 * (f * h + h + 2 * h) + 4 + 8;
}

/* Reads n int16 little-endian values from p into out. */
static void get_i16s(const uint8_t *p, int16_t *out, size_t n)
{
    for (size_t i = 0; i < n; i++)
        out[i] = (int16_t)(uint16_t)(p[2 * i] | p[2 * i + 1] << 8);
}

/* Checks that the n values of w lie within [-limit, limit]; false with what and where in err. */
static bool check_range(const int16_t *w, size_t n, int limit, const char *name, const char *what,
                        char *err, size_t errlen)
{
    for (size_t i = 0; i < n; i++)
        if (w[i] > limit || w[i] < -limit) {
            snprintf(err, errlen,
                     "%s: %s[%zu] = %d lies beyond +-%d (not a network this program "
                     "trains)",
                     name, what, i, w[i], limit);
            return false;
        }
    return true;
}

Network *nnue_load_bytes(const void *bytes, size_t len, const char *name, char *err, size_t errlen)
{
    const uint8_t *b = bytes;
    if (len < NNUE_HEADER + 12) {
        snprintf(err, errlen, "%s: %zu bytes, too short for a network file", name, len);
        return NULL;
    }
    if (memcmp(b, NNUE_MAGIC, sizeof NNUE_MAGIC) != 0) {
        snprintf(err, errlen, "%s: not a network file (bad magic)", name);
        return NULL;
    }
    if (bytes_get_u32(b + 8) != NNUE_VERSION) {
        snprintf(err, errlen, "%s: format version %u (this program reads %d)", name,
                 bytes_get_u32(b + 8), NNUE_VERSION);
        return NULL;
    }
    char game[17] = {0};
    memcpy(game, b + 12, 16);
    const Variant *v = variant_find(game);
    if (!v) {
        snprintf(err, errlen, "%s: unknown game '%s'", name, game);
        return NULL;
    }
    uint32_t fset = bytes_get_u32(b + 28), f = bytes_get_u32(b + 32), h = bytes_get_u32(b + 36);
    uint32_t act = bytes_get_u32(b + 40), qa = bytes_get_u32(b + 44), qb = bytes_get_u32(b + 48);
    uint32_t scale = bytes_get_u32(b + 52), buckets = bytes_get_u32(b + 56);
    if (fset != (uint32_t)nnue_feature_set(v) || f != (uint32_t)nnue_feature_count(v)) {
        snprintf(err, errlen,
                 "%s: feature set %u with %u features (this program's %s has set %d "
                 "with %d)",
                 name, fset, f, v->name, nnue_feature_set(v), nnue_feature_count(v));
        return NULL;
    }
    if (h < 16 || h > NNUE_MAX_HIDDEN || h % 16) {
        snprintf(err, errlen, "%s: %u hidden units (16 to %d, a multiple of 16)", name, h,
                 NNUE_MAX_HIDDEN);
        return NULL;
    }
    if (act != NNUE_SCRELU || qa != NNUE_QA || qb != NNUE_QB || scale != NNUE_SCALE ||
        buckets != 1 || bytes_get_u32(b + 60) > NNUE_BASE_WEIGHTS) {
        snprintf(err, errlen,
                 "%s: architecture activation %u, QA %u, QB %u, scale %u, %u output "
                 "buckets, base %u (this program: %d, %d, %d, %d, 1, base 0 or 1)",
                 name, act, qa, qb, scale, buckets, bytes_get_u32(b + 60), NNUE_SCRELU, NNUE_QA,
                 NNUE_QB, NNUE_SCALE);
        return NULL;
    }
    size_t want = file_size(f, h);
    if (len != want) {
        snprintf(err, errlen, "%s: %zu bytes, but a network of %u x %u takes %zu (%s)", name, len,
                 f, h, want, len < want ? "truncated" : "trailing bytes");
        return NULL;
    }
    if (bytes_get_u64(b + len - 8) != bytes_fnv64(BYTES_FNV_OFFSET, b, len - 8)) {
        snprintf(err, errlen, "%s: checksum mismatch (the file is damaged)", name);
        return NULL;
    }
    Network *net = nnue_new(v, (int)h);
    if (!net) {
        snprintf(err, errlen, "%s: out of memory", name);
        return NULL;
    }
    const uint8_t *p = b + NNUE_HEADER;
    get_i16s(p, net->w1, (size_t)f * h);
    p += 2 * (size_t)f * h;
    get_i16s(p, net->b1, h);
    p += 2 * (size_t)h;
    get_i16s(p, net->w2, 2 * (size_t)h);
    p += 4 * (size_t)h;
    net->b2 = (int32_t)bytes_get_u32(p);
    net->base = (int)bytes_get_u32(b + 60);
    /* The trainer's bounds: the accumulators stay within int16, w2 * v within int16. */
    int clip1 = (int)(NNUE_CLIP_1 * NNUE_QA + 0.5);
    if (!check_range(net->w1, (size_t)f * h, clip1, name, "w1", err, errlen) ||
        !check_range(net->b1, h, clip1, name, "b1", err, errlen) ||
        !check_range(net->w2, 2 * (size_t)h, 127, name, "w2", err, errlen)) {
        nnue_free(net);
        return NULL;
    }
    return net;
}

Network *nnue_load(const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    /* Far more than the largest network: a bigger file is refused by its size. */
    size_t cap = file_size((size_t)4 * TYPE_NB * SQ_NB, NNUE_MAX_HIDDEN) + 1;
    uint8_t *bytes = malloc(cap);
    size_t len = bytes ? fread(bytes, 1, cap, f) : 0;
    bool bad = bytes && ferror(f);
    fclose(f);
    if (!bytes || bad) {
        snprintf(err, errlen, "%s: %s", path, bytes ? "read error" : "out of memory");
        free(bytes);
        return NULL;
    }
    Network *net = nnue_load_bytes(bytes, len, path, err, errlen);
    free(bytes);
    return net;
}

/* Writes n bytes to out, hashing them into *h. */
static bool put_bytes(FILE *out, uint64_t *h, const void *data, size_t n)
{
    *h = bytes_fnv64(*h, data, n);
    return fwrite(data, 1, n, out) == n;
}

/* Writes n int16 values little-endian, hashing them. */
static bool put_i16s(FILE *out, uint64_t *h, const int16_t *w, size_t n)
{
    bool ok = true;
    for (size_t i = 0; i < n; i++) {
        uint8_t b[2] = {(uint8_t)w[i], (uint8_t)((uint16_t)w[i] >> 8)};
        ok = put_bytes(out, h, b, 2) && ok;
    }
    return ok;
}

bool nnue_write(const Network *net, FILE *out)
{
    uint8_t head[NNUE_HEADER] = {0};
    memcpy(head, NNUE_MAGIC, sizeof NNUE_MAGIC);
    bytes_put_u32(head + 8, NNUE_VERSION);
    strncpy((char *)head + 12, net->variant->name, 15);
    uint32_t fields[] = {(uint32_t)nnue_feature_set(net->variant),
                         (uint32_t)net->features,
                         (uint32_t)net->hidden,
                         NNUE_SCRELU,
                         NNUE_QA,
                         NNUE_QB,
                         NNUE_SCALE,
                         1,
                         (uint32_t)net->base};
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        bytes_put_u32(head + 28 + 4 * i, fields[i]);
    uint64_t h = BYTES_FNV_OFFSET;
    uint8_t b2[4], tail[8];
    bytes_put_u32(b2, (uint32_t)net->b2);
    bool ok = put_bytes(out, &h, head, sizeof head) &&
              put_i16s(out, &h, net->w1, (size_t)net->features * net->hidden) &&
              put_i16s(out, &h, net->b1, (size_t)net->hidden) &&
              put_i16s(out, &h, net->w2, 2 * (size_t)net->hidden) && put_bytes(out, &h, b2, 4);
    for (int i = 0; i < 8; i++)
        tail[i] = (uint8_t)(h >> (8 * i));
    return ok && fwrite(tail, 1, 8, out) == 8;
}

/* acc[0..n) += sign * row[0..n): int16 arithmetic, as the vector path's. */
static void row_update_portable(int16_t *acc, const int16_t *row, int n, int sign)
{
    if (sign > 0)
        for (int i = 0; i < n; i++)
            acc[i] = (int16_t)(acc[i] + row[i]);
    else
        for (int i = 0; i < n; i++)
            acc[i] = (int16_t)(acc[i] - row[i]);
}

/* The sum of clamp(acc, 0, QA)^2 * w over n values, exactly. */
static int64_t screlu_dot_portable(const int16_t *acc, const int16_t *w, int n)
{
    int64_t s = 0;
    for (int i = 0; i < n; i++) {
        int v = acc[i] < 0 ? 0 : acc[i] > NNUE_QA ? NNUE_QA : acc[i];
        s += (int64_t)v * v * w[i];
    }
    return s;
}

#ifdef NNUE_X86
/* row_update_portable with AVX2 (n a multiple of 16, acc 32-byte aligned). */
__attribute__((target("avx2"))) static void row_update_avx2(int16_t *acc, const int16_t *row, int n,
                                                            int sign)
{
    for (int i = 0; i < n; i += 16) {
        __m256i a = _mm256_load_si256((const __m256i *)(acc + i));
        __m256i r = _mm256_loadu_si256((const __m256i *)(row + i));
        a = sign > 0 ? _mm256_add_epi16(a, r) : _mm256_sub_epi16(a, r);
        _mm256_store_si256((__m256i *)(acc + i), a);
    }
}

/* screlu_dot_portable with AVX2 (n a multiple of 16, at most NNUE_MAX_HIDDEN): v * w fits
 * int16 (|w| <= 127), and each of the 8 int32 lanes sums n / 8 products of at most
 * 255^2 * 127, at most 5.3e8 for n = 512, so no lane overflows and the integers are the
 * portable path's. */
__attribute__((target("avx2"))) static int64_t screlu_dot_avx2(const int16_t *acc, const int16_t *w,
                                                               int n)
{
    __m256i zero = _mm256_setzero_si256(), qa = _mm256_set1_epi16(NNUE_QA);
    __m256i sum = _mm256_setzero_si256();
    for (int i = 0; i < n; i += 16) {
        __m256i v = _mm256_load_si256((const __m256i *)(acc + i));
        v = _mm256_min_epi16(_mm256_max_epi16(v, zero), qa);
        __m256i vw = _mm256_mullo_epi16(v, _mm256_loadu_si256((const __m256i *)(w + i)));
        sum = _mm256_add_epi32(sum, _mm256_madd_epi16(v, vw));
    }
    int32_t lanes[8];
    _mm256_storeu_si256((__m256i *)lanes, sum);
    int64_t s = 0;
    for (int k = 0; k < 8; k++)
        s += lanes[k];
    return s;
}
#endif

bool nnue_vector(void)
{
#ifdef NNUE_X86
    return __builtin_cpu_supports("avx2");
#else
    return false;
#endif
}

void nnue_update_portable(const Network *net, Accumulator *acc, Piece p, int sq, int sign)
{
    int h = net->hidden;
    for (int c = 0; c < COLOR_NB; c++) {
        int f = nnue_feature(net->variant, c, p, sq);
        row_update_portable(acc->v[c], net->w1 + (size_t)f * h, h, sign);
    }
}

void nnue_update(const Network *net, Accumulator *acc, Piece p, int sq, int sign)
{
#ifdef NNUE_X86
    if (__builtin_cpu_supports("avx2")) {
        int h = net->hidden;
        for (int c = 0; c < COLOR_NB; c++) {
            int f = nnue_feature(net->variant, c, p, sq);
            row_update_avx2(acc->v[c], net->w1 + (size_t)f * h, h, sign);
        }
        return;
    }
#endif
    nnue_update_portable(net, acc, p, sq, sign);
}

void nnue_refresh(const Network *net, const Position *pos, Accumulator *acc)
{
    for (int c = 0; c < COLOR_NB; c++)
        memcpy(acc->v[c], net->b1, (size_t)net->hidden * sizeof *net->b1);
    Bitboard occ = position_occupied(pos);
    while (occ) {
        int sq = bb_pop(&occ);
        nnue_update(net, acc, pos->board[sq], sq, +1);
    }
}

void nnue_delta(const Position *after, Move m, const Undo *u, NnueDelta *d)
{
    int from = move_from(m), to = move_to(m);
    d->nsub = 0;
    d->nadd = 0;
    if (!move_is_suicide(m)) { /* a suicide's captures list the mover itself */
        d->sub_p[d->nsub] = after->zoned ? u->mover : after->board[to];
        d->sub_sq[d->nsub++] = (Square)from;
        d->add_p = after->board[to];
        d->add_sq = (Square)to;
        d->nadd = 1;
    }
    for (int i = 0; i < u->ncap; i++) {
        d->sub_p[d->nsub] = u->cap_piece[i];
        d->sub_sq[d->nsub++] = u->cap_sq[i];
    }
}

#ifdef NNUE_X86
/* out = in - sub[0] - sub[1] + add (n a multiple of 16; out and in 32-byte aligned): the usual
 * move, one piece lifted, one set down, maybe one captured, in one pass over the accumulator. */
__attribute__((target("avx2"))) static void rows_move_avx2(int16_t *out, const int16_t *in,
                                                           const int16_t *sub0, const int16_t *sub1,
                                                           const int16_t *add, int n)
{
    for (int i = 0; i < n; i += 16) {
        __m256i a = _mm256_load_si256((const __m256i *)(in + i));
        a = _mm256_sub_epi16(a, _mm256_loadu_si256((const __m256i *)(sub0 + i)));
        if (sub1)
            a = _mm256_sub_epi16(a, _mm256_loadu_si256((const __m256i *)(sub1 + i)));
        a = _mm256_add_epi16(a, _mm256_loadu_si256((const __m256i *)(add + i)));
        _mm256_store_si256((__m256i *)(out + i), a);
    }
}
#endif

void nnue_apply(const Network *net, const Accumulator *from, Accumulator *to, const NnueDelta *d)
{
    int h = net->hidden;
#ifdef NNUE_X86
    /* a plain move or a move with one capture: one pass a view */
    if (d->nadd && d->nsub <= 2 && __builtin_cpu_supports("avx2")) {
        for (int c = 0; c < COLOR_NB; c++) {
            const int16_t *w = net->w1,
                          *add = w + (size_t)nnue_feature(net->variant, c, d->add_p, d->add_sq) * h;
            const int16_t *sub0 = w +
                                  (size_t)nnue_feature(net->variant, c, d->sub_p[0], d->sub_sq[0]) *
                                      h;
            const int16_t *sub1 = d->nsub == 2
                                      ? w + (size_t)nnue_feature(net->variant, c, d->sub_p[1],
                                                                 d->sub_sq[1]) *
                                                h
                                      : NULL;
            rows_move_avx2(to->v[c], from->v[c], sub0, sub1, add, h);
        }
        return;
    }
#endif
    if (to != from)
        for (int c = 0; c < COLOR_NB; c++)
            memcpy(to->v[c], from->v[c], (size_t)h * sizeof to->v[c][0]);
    for (int i = 0; i < d->nsub; i++)
        nnue_update(net, to, d->sub_p[i], d->sub_sq[i], -1);
    if (d->nadd)
        nnue_update(net, to, d->add_p, d->add_sq, +1);
}

/* The output from the two halves' sums (nnue.h). */
static int output(const Network *net, int64_t s)
{
    int64_t out = s / NNUE_QA + net->b2;
    return (int)(out * NNUE_SCALE / (NNUE_QA * NNUE_QB));
}

/* A row update of an accumulator: row_update_portable or its vector twin. */
typedef void (*RowUpdate)(int16_t *acc, const int16_t *row, int n, int sign);

/* The accumulators of pos with every feature: acc itself in feature set 1, else a copy in tmp
 * with the state features' rows added by update. */
static const Accumulator *with_state(const Network *net, const Accumulator *acc,
                                     const Position *pos, Accumulator *tmp, RowUpdate update)
{
    const Variant *v = net->variant;
    if (nnue_feature_set(v) != NNUE_FEATURES_STATE)
        return acc;
    int h = net->hidden, feat[NNUE_STATE_ACTIVE];
    NnueState st = nnue_state_of(pos);
    for (int c = 0; c < COLOR_NB; c++) {
        memcpy(tmp->v[c], acc->v[c], (size_t)h * sizeof tmp->v[c][0]);
        int n = nnue_state_features(v, c, &st, feat);
        for (int i = 0; i < n; i++)
            update(tmp->v[c], net->w1 + (size_t)feat[i] * h, h, +1);
    }
    return tmp;
}

int nnue_evaluate_portable(const Network *net, const Accumulator *acc, const Position *pos)
{
    int h = net->hidden, us = position_team(pos);
    Accumulator tmp;
    const Accumulator *a = with_state(net, acc, pos, &tmp, row_update_portable);
    int64_t s = screlu_dot_portable(a->v[us], net->w2, h) +
                screlu_dot_portable(a->v[!us], net->w2 + h, h);
    return output(net, s);
}

int nnue_evaluate(const Network *net, const Accumulator *acc, const Position *pos)
{
#ifdef NNUE_X86
    if (__builtin_cpu_supports("avx2")) {
        int h = net->hidden, us = position_team(pos);
        Accumulator tmp;
        const Accumulator *a = with_state(net, acc, pos, &tmp, row_update_avx2);
        int64_t s = screlu_dot_avx2(a->v[us], net->w2, h) +
                    screlu_dot_avx2(a->v[!us], net->w2 + h, h);
        return output(net, s);
    }
#endif
    return nnue_evaluate_portable(net, acc, pos);
}
