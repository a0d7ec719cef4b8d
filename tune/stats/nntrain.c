/* nntrain.c: the network trainer (see nntrain.h). */
#include "nntrain.h"

#include <errno.h>
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/bytes.h"
#include "search/nnue.h"
#include "tune/stats/rng.h"

static const char CKPT_MAGIC[8] = {'M', 'X', 'T', 'N', 'N', 'C', 'K', '1'};
enum { CKPT_VERSION = 1, CKPT_HEADER = 40 };

#define ADAM_BETA1 0.9
#define ADAM_BETA2 0.999
#define ADAM_EPS 1e-8f
#define LN10 2.302585092994046

static void put_f32(uint8_t *p, float f)
{
    uint32_t x;
    memcpy(&x, &f, 4);
    bytes_put_u32(p, x);
}
static float get_f32(const uint8_t *p)
{
    uint32_t x = bytes_get_u32(p);
    float f;
    memcpy(&f, &x, 4);
    return f;
}
static uint64_t double_bits(double d)
{
    uint64_t x;
    memcpy(&x, &d, 8);
    return x;
}

void nn_config_default(NnConfig *cfg)
{
    *cfg = (NnConfig){.hidden = 256,
                      .epochs = 20,
                      .batch = 16384,
                      .lr = 0.001,
                      .gamma = 0.3,
                      .lr_step = 8,
                      .k = 1,
                      .blend = 0.5,
                      .validation = 0.05,
                      .mirror_files = false,
                      .seed = 1,
                      .threads = 0};
}

/* Parameters in one array: w1 (F * H), b1 (H), w2 (2H), b2 (1). */
static long param_count(int f, int h) { return (long)f * h + 3L * h + 1; }

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

/* The trainer ------------------------------------------------------------------------------- */

/* One chunk of a batch: its gradients (sparse rows of W1, the rest dense) and scratch; a cache
 * line of its own (the threads write their chunks' counts). */
typedef struct Chunk {
    _Alignas(64) float *gw1; /* F * H, zero but for the rows listed in rows */
    float *grest;            /* b1, w2, b2: 3H + 1 */
    uint8_t *touched;        /* F: row listed */
    int *rows;               /* the touched rows */
    int nrows;
    float *scratch; /* a (2H), h (2H), da (2H) */
    double loss;
} Chunk;

struct NnTrainer {
    const PackedSet *set;
    NnConfig cfg;
    NnNet net;
    int threads;
    long ntrain, nvalid; /* records [0, ntrain) train, [ntrain, n) validate */
    long nparams;
    float *params, *m, *v, *grad; /* nparams each */
    uint8_t *umark;               /* F: row in the batch's union */
    int *ulist;
    uint32_t *order; /* ntrain */
    Chunk *chunk;    /* threads */
    int epoch;       /* epochs done */
    long steps;
    uint64_t hash;
};

/* 1 / (1 + e^-z): sigma(K v) = 1 / (1 + 10^(-K v / 400)) is logistic(K ln(10) v / 400). */
static double logistic(double z) { return 1 / (1 + exp(-z)); }

/* The training target of a record, the cfg's blend of score and result. */
static double target_of(const NnConfig *cfg, const PackedPos *r)
{
    PackedLabel l;
    packed_label(r, &l);
    return cfg->blend * logistic(cfg->k * LN10 * l.score / 400.0) +
           (1 - cfg->blend) * l.result / 2.0;
}

/* Loss of one sample; with c, its gradient added to c's buffers. */
static double sample(NnTrainer *t, const PackedPos *r, bool mirror, Chunk *c)
{
    const NnNet *net = &t->net;
    int h = net->hidden, us[NNUE_MAX_ACTIVE], them[NNUE_MAX_ACTIVE];
    int n = nn_record_features(net->variant, r, mirror, us, them);
    float *a = c->scratch, *hid = a + 2 * h, *da = hid + 2 * h;
    nn_accumulate(net, us, n, a);
    nn_accumulate(net, them, n, a + h);
    double y = nn_output(net, a, hid);
    if (t->cfg.base) /* the base's share, in the output's units */
        y += t->cfg.base[r - t->set->rec] / NNUE_SCALE;
    double zk = t->cfg.k * LN10, p = logistic(zk * y), tg = target_of(&t->cfg, r);
    double loss = (p - tg) * (p - tg);
    if (!c->gw1)
        return loss;
    float g = (float)(2 * (p - tg) * p * (1 - p) * zk); /* dloss / dy */
    float *restrict gb1 = c->grest, *restrict gw2 = gb1 + h;
    const float *restrict w2 = net->w2;
    const v4f zero = {0, 0, 0, 0}, one = {1, 1, 1, 1};
    float g2 = 2 * g;
    for (int j = 0; j < 2 * h; j += 4) {
        store4(gw2 + j, load4(gw2 + j) + g * load4(hid + j));
        /* d clamp(a, 0, 1)^2 / da: 2a inside (0, 1), else 0 */
        v4f x = load4(a + j);
        x = select4(x > zero, x);
        store4(da + j, select4(x < one, g2 * load4(w2 + j) * x));
    }
    gw2[2 * h] += g; /* b2 */
#pragma omp simd
    for (int j = 0; j < h; j++)
        gb1[j] += da[j] + da[h + j];
    for (int v = 0; v < 2; v++) {
        const int *feat = v == 0 ? us : them;
        const float *restrict d = da + v * h;
        for (int i = 0; i < n; i++) {
            int f = feat[i];
            if (!c->touched[f]) {
                c->touched[f] = 1;
                c->rows[c->nrows++] = f;
            }
            float *restrict row = c->gw1 + (size_t)f * h;
#pragma omp simd
            for (int j = 0; j < h; j++)
                row[j] += d[j];
        }
    }
    return loss;
}

/* The data's fingerprint, the configuration and the chunk count. */
static uint64_t trainer_hash(const NnTrainer *t)
{
    const NnConfig *c = &t->cfg;
    uint8_t b[8 * 16] = {0};
    const uint64_t words[] = {(uint64_t)c->hidden,       (uint64_t)c->batch,
                              double_bits(c->lr),        double_bits(c->gamma),
                              (uint64_t)c->lr_step,      double_bits(c->k),
                              double_bits(c->blend),     double_bits(c->validation),
                              (uint64_t)c->mirror_files, c->seed,
                              (uint64_t)t->threads,      (uint64_t)t->set->n};
    int nw = (int)(sizeof words / sizeof *words);
    for (int i = 0; i < nw; i++)
        bytes_put_u64(b + 8 * i, words[i]);
    uint64_t hsh = bytes_fnv64(BYTES_FNV_OFFSET, b, 8 * (size_t)nw);
    hsh = bytes_fnv64(hsh, t->set->variant->name, strlen(t->set->variant->name));
    hsh = bytes_fnv64(hsh, t->set->rec, (size_t)t->set->n * sizeof(PackedPos));
    if (c->base) /* the base evaluation is part of the data */
        hsh = bytes_fnv64(hsh ^ 1, c->base, (size_t)t->set->n * sizeof *c->base);
    return hsh;
}

/* The first record of the game holding record i, or the first of the next, whichever is
 * nearer (the cut between training and validation). */
static long game_boundary(const PackedSet *s, long i)
{
    long fwd = i, bwd = i;
    PackedLabel a, b;
    for (; fwd > 0 && fwd < s->n; fwd++) {
        packed_label(&s->rec[fwd - 1], &a);
        packed_label(&s->rec[fwd], &b);
        if (a.game != b.game)
            break;
    }
    for (; bwd > 0 && bwd < s->n; bwd--) {
        packed_label(&s->rec[bwd - 1], &a);
        packed_label(&s->rec[bwd], &b);
        if (a.game != b.game)
            break;
    }
    bool f_ok = (fwd > 0 && fwd < s->n);
    bool b_ok = (bwd > 0 && bwd < s->n);
    if (f_ok && (!b_ok || fwd - i <= i - bwd))
        return fwd;
    return b_ok ? bwd : s->n;
}

static bool config_check(const NnConfig *c, char *err, size_t errlen)
{
    const char *bad = c->hidden < 16 || c->hidden > NNUE_MAX_HIDDEN || c->hidden % 16
                          ? "hidden: a multiple of 16 in 16..512"
                      : c->epochs < 1                                 ? "epochs: at least 1"
                      : c->batch < 1                                  ? "batch: at least 1"
                      : !(c->lr > 0)                                  ? "lr: above 0"
                      : !(c->gamma > 0 && c->gamma <= 1)              ? "gamma: in (0, 1]"
                      : c->lr_step < 1                                ? "lr_step: at least 1"
                      : !(c->k > 0)                                   ? "k: above 0"
                      : !(c->blend >= 0 && c->blend <= 1)             ? "blend: in [0, 1]"
                      : !(c->validation >= 0 && c->validation <= 0.5) ? "validation: in [0, 0.5]"
                      : c->threads < 0 || c->threads > 1024           ? "threads: 0 (all) to 1024"
                      : c->base && c->mirror_files ? "mirror_files: not with a base evaluation"
                                                   : NULL;
    if (bad)
        snprintf(err, errlen, "trainer: %s", bad);
    return !bad;
}

void nn_trainer_free(NnTrainer *t)
{
    if (!t)
        return;
    for (int i = 0; t->chunk && i < t->threads; i++) {
        free(t->chunk[i].gw1);
        free(t->chunk[i].grest);
        free(t->chunk[i].touched);
        free(t->chunk[i].rows);
        free(t->chunk[i].scratch);
    }
    free(t->chunk);
    free(t->params);
    free(t->m);
    free(t->v);
    free(t->grad);
    free(t->umark);
    free(t->ulist);
    free(t->order);
    free(t);
}

NnTrainer *nn_trainer_new(const PackedSet *set, const NnConfig *cfg, char *err, size_t errlen)
{
    if (!config_check(cfg, err, errlen))
        return NULL;
    if (cfg->mirror_files && set->variant->shape.zones == ZONES_QUADRANTS) {
        snprintf(err, errlen,
                 "trainer: mirror_files: the file mirror is no symmetry of %s's rules (it takes "
                 "a player's zone to a player of the other team)",
                 set->variant->name);
        return NULL;
    }
    if (set->n < 1 || set->n > UINT32_MAX) {
        snprintf(err, errlen, "trainer: %ld records (1 to %u)", set->n, UINT32_MAX);
        return NULL;
    }
    long cut = set->n;
    if (cfg->validation > 0) {
        long held = llround(cfg->validation * (double)set->n);
        cut = game_boundary(set, set->n - (held > 1 ? held : 1));
        if (cut >= set->n) {
            snprintf(err, errlen, "trainer: validation %g: the %ld records hold one game",
                     cfg->validation, set->n);
            return NULL;
        }
    }
    if (cut < 1) {
        snprintf(err, errlen, "trainer: no records to train on");
        return NULL;
    }
    NnTrainer *t = calloc(1, sizeof *t);
    if (!t)
        goto oom;
    t->set = set;
    t->cfg = *cfg;
    t->threads = cfg->threads ? cfg->threads : omp_get_max_threads();
    t->ntrain = cut;
    t->nvalid = set->n - cut;
    int f = nnue_feature_count(set->variant), h = cfg->hidden;
    t->nparams = param_count(f, h);
    size_t np = (size_t)t->nparams;
    t->params = calloc(np, sizeof(float));
    t->m = calloc(np, sizeof(float));
    t->v = calloc(np, sizeof(float));
    t->grad = calloc(np, sizeof(float));
    t->umark = calloc((size_t)f, 1);
    t->ulist = malloc(sizeof(int) * (size_t)f);
    t->order = malloc(sizeof(uint32_t) * (size_t)t->ntrain);
    t->chunk = aligned_alloc(64, sizeof(Chunk) * (size_t)t->threads);
    if (t->chunk)
        memset(t->chunk, 0, sizeof(Chunk) * (size_t)t->threads);
    if (!t->params || !t->m || !t->v || !t->grad || !t->umark || !t->ulist || !t->order ||
        !t->chunk)
        goto oom;
    for (int i = 0; i < t->threads; i++) {
        Chunk *c = &t->chunk[i];
        c->gw1 = calloc((size_t)f * h, sizeof(float));
        c->grest = calloc(3 * (size_t)h + 1, sizeof(float));
        c->touched = calloc((size_t)f, 1);
        c->rows = malloc(sizeof(int) * (size_t)f);
        c->scratch = malloc(sizeof(float) * 6 * (size_t)h);
        if (!c->gw1 || !c->grest || !c->touched || !c->rows || !c->scratch)
            goto oom;
    }
    NnNet *net = &t->net;
    *net = (NnNet){.variant = set->variant, .features = f, .hidden = h, .base = cfg->base != NULL};
    net->w1 = t->params;
    net->b1 = net->w1 + (size_t)f * h;
    net->w2 = net->b1 + h;
    /* b2 is params[nparams - 1]: kept in net->b2 while training, copied at each step. */
    Rng rng = rng_for(cfg->seed, RNG_NNUE_INIT, 0);
    double s1 = 1 / sqrt(32.0), s2 = 1 / sqrt(2.0 * h);
    for (size_t i = 0; i < (size_t)f * h; i++)
        net->w1[i] = (float)((2 * rng_uniform(&rng) - 1) * s1);
    for (int j = 0; j < 2 * h; j++)
        net->w2[j] = (float)((2 * rng_uniform(&rng) - 1) * s2);
    net->b2 = 0;
    t->hash = trainer_hash(t);
    return t;
oom:
    nn_trainer_free(t);
    snprintf(err, errlen, "trainer: out of memory");
    return NULL;
}

const NnNet *nn_trainer_net(const NnTrainer *t) { return &t->net; }
int nn_trainer_epoch(const NnTrainer *t) { return t->epoch; }
long nn_trainer_train_count(const NnTrainer *t) { return t->ntrain; }
long nn_trainer_valid_count(const NnTrainer *t) { return t->nvalid; }
uint64_t nn_trainer_hash(const NnTrainer *t) { return t->hash; }

/* Loss over records [lo, hi) (no gradients), the chunks' sums added in chunk order. */
static double mean_loss(NnTrainer *t, long lo, long hi)
{
    if (hi <= lo)
        return NAN;
    int nt = t->threads;
    double sums[nt];
#pragma omp parallel for schedule(static, 1) num_threads(nt)
    for (int c = 0; c < nt; c++) {
        Chunk probe = {.scratch = t->chunk[c].scratch};
        long a = lo + (hi - lo) * c / nt, b = lo + (hi - lo) * (c + 1) / nt;
        double s = 0;
        for (long i = a; i < b; i++)
            s += sample(t, &t->set->rec[i], false, &probe);
        sums[c] = s;
    }
    double s = 0;
    for (int c = 0; c < nt; c++)
        s += sums[c];
    return s / (double)(hi - lo);
}

double nn_validation_loss(NnTrainer *t) { return mean_loss(t, t->ntrain, t->set->n); }

/* The mean loss of the evaluation base over records [lo, hi), in record order; NAN when empty. */
static double base_loss(const NnTrainer *t, const float *base, long lo, long hi)
{
    if (hi <= lo)
        return NAN;
    double zk = t->cfg.k * LN10, s = 0;
    for (long i = lo; i < hi; i++) {
        double p = logistic(zk * base[i] / NNUE_SCALE), tg = target_of(&t->cfg, &t->set->rec[i]);
        s += (p - tg) * (p - tg);
    }
    return s / (double)(hi - lo);
}

void nn_base_losses(const NnTrainer *t, const float *base, double *train_loss, double *valid_loss)
{
    *train_loss = base_loss(t, base, 0, t->ntrain);
    *valid_loss = base_loss(t, base, t->ntrain, t->set->n);
}

/* One optimiser step on records order[lo, hi) at learning rate lr; returns the summed loss. */
static double step(NnTrainer *t, long lo, long hi, double lr)
{
    int nt = t->threads, h = t->net.hidden, f = t->net.features;
    bool mirror = t->cfg.mirror_files;
#pragma omp parallel for schedule(static, 1) num_threads(nt)
    for (int ci = 0; ci < nt; ci++) {
        Chunk *c = &t->chunk[ci];
        long a = lo + (hi - lo) * ci / nt, b = lo + (hi - lo) * (ci + 1) / nt;
        double s = 0;
        for (long i = a; i < b; i++) {
            const PackedPos *r = &t->set->rec[t->order[i]];
            s += sample(t, r, false, c);
            if (mirror)
                s += sample(t, r, true, c);
        }
        c->loss = s;
    }
    /* The union of the touched rows, in chunk order. */
    int nu = 0;
    for (int ci = 0; ci < nt; ci++)
        for (int k = 0; k < t->chunk[ci].nrows; k++) {
            int row = t->chunk[ci].rows[k];
            if (!t->umark[row]) {
                t->umark[row] = 1;
                t->ulist[nu++] = row;
            }
        }
    float *g = t->grad;
    size_t rest = (size_t)f * h, nrest = 3 * (size_t)h + 1;
#pragma omp parallel for schedule(static) num_threads(nt)
    for (int k = 0; k < nu; k++) {
        size_t row = (size_t)t->ulist[k] * h;
        float *restrict dst = g + row;
        memset(dst, 0, sizeof(float) * (size_t)h);
        for (int ci = 0; ci < nt; ci++) {
            Chunk *c = &t->chunk[ci];
            if (!c->touched[t->ulist[k]])
                continue;
            float *restrict src = c->gw1 + row;
            for (int j = 0; j < h; j++)
                dst[j] += src[j];
            memset(src, 0, sizeof(float) * (size_t)h);
        }
    }
    memset(g + rest, 0, sizeof(float) * nrest);
    double loss = 0;
    for (int ci = 0; ci < nt; ci++) {
        Chunk *c = &t->chunk[ci];
        for (size_t j = 0; j < nrest; j++)
            g[rest + j] += c->grest[j];
        memset(c->grest, 0, sizeof(float) * nrest);
        for (int k = 0; k < c->nrows; k++)
            c->touched[c->rows[k]] = 0;
        c->nrows = 0;
        loss += c->loss;
    }
    /* Adam on every parameter (untouched rows have gradient 0), then the clips. */
    t->steps++;
    float inv = (float)(1.0 / ((double)(hi - lo) * (mirror ? 2 : 1)));
    float c1 = (float)(1 / (1 - pow(ADAM_BETA1, (double)t->steps)));
    float c2 = (float)(1 / (1 - pow(ADAM_BETA2, (double)t->steps)));
    float b1 = (float)ADAM_BETA1, b2 = (float)ADAM_BETA2, rate = (float)lr;
    float clip1 = (float)NNUE_CLIP_1, clip2 = (float)NNUE_CLIP_2;
    long np = t->nparams, w2lo = (long)rest + h, w2hi = (long)rest + 3 * h;
    t->params[np - 1] = t->net.b2;
    float *restrict w = t->params, *restrict m = t->m, *restrict v = t->v;
#pragma omp parallel for schedule(static) num_threads(nt)
    for (long i = 0; i < np; i++) {
        float gi = g[i] * inv;
        m[i] = b1 * m[i] + (1 - b1) * gi;
        v[i] = b2 * v[i] + (1 - b2) * gi * gi;
        float x = w[i] - rate * (m[i] * c1) / (sqrtf(v[i] * c2) + ADAM_EPS);
        float lim = i < w2lo ? clip1 : i < w2hi ? clip2 : INFINITY;
        w[i] = x > lim ? lim : x < -lim ? -lim : x;
    }
    t->net.b2 = t->params[np - 1];
    for (int k = 0; k < nu; k++) {
        memset(g + (size_t)t->ulist[k] * h, 0, sizeof(float) * (size_t)h);
        t->umark[t->ulist[k]] = 0;
    }
    return loss;
}

int nn_train(NnTrainer *t, NnEpochFn fn, void *data)
{
    const NnConfig *cfg = &t->cfg;
    while (t->epoch < cfg->epochs) {
        int e = t->epoch + 1;
        double t0 = omp_get_wtime();
        double lr = cfg->lr * pow(cfg->gamma, (double)((e - 1) / cfg->lr_step));
        for (long i = 0; i < t->ntrain; i++)
            t->order[i] = (uint32_t)i;
        Rng rng = rng_for(cfg->seed, RNG_NNUE_SHUFFLE, (uint64_t)e);
        for (long i = t->ntrain - 1; i > 0; i--) {
            long j = (long)rng_below(&rng, (uint64_t)i + 1);
            uint32_t x = t->order[i];
            t->order[i] = t->order[j];
            t->order[j] = x;
        }
        double loss = 0;
        for (long lo = 0; lo < t->ntrain; lo += cfg->batch) {
            long hi = lo + cfg->batch < t->ntrain ? lo + cfg->batch : t->ntrain;
            loss += step(t, lo, hi, lr);
        }
        double t1 = omp_get_wtime();
        long samples = t->ntrain * (cfg->mirror_files ? 2 : 1);
        t->epoch = e;
        NnEpoch rec = {.epoch = e,
                       .epochs = cfg->epochs,
                       .steps = t->steps,
                       .lr = lr,
                       .train_loss = loss / (double)samples,
                       .valid_loss = nn_validation_loss(t),
                       .positions_s = t1 > t0 ? (double)samples / (t1 - t0) : 0};
        rec.seconds = omp_get_wtime() - t0;
        if (fn && !fn(&rec, data))
            break;
    }
    return t->epoch;
}

/* Checkpoints ------------------------------------------------------------------------------- */

/* The size of t's checkpoint file. */
static size_t ckpt_size(const NnTrainer *t) { return CKPT_HEADER + 12 * (size_t)t->nparams + 8; }

bool nn_checkpoint_save(const NnTrainer *t, const char *path, char *err, size_t errlen)
{
    size_t n = ckpt_size(t), np = (size_t)t->nparams;
    uint8_t *b = malloc(n);
    if (!b) {
        snprintf(err, errlen, "%s: out of memory", path);
        return false;
    }
    memcpy(b, CKPT_MAGIC, 8);
    bytes_put_u32(b + 8, CKPT_VERSION);
    bytes_put_u32(b + 12, (uint32_t)t->net.features);
    bytes_put_u32(b + 16, (uint32_t)t->net.hidden);
    bytes_put_u32(b + 20, (uint32_t)t->epoch);
    bytes_put_u64(b + 24, (uint64_t)t->steps);
    bytes_put_u64(b + 32, t->hash);
    uint8_t *p = b + CKPT_HEADER;
    const float *arrays[3] = {t->params, t->m, t->v};
    for (int a = 0; a < 3; a++)
        for (size_t i = 0; i < np; i++, p += 4)
            put_f32(p, a == 0 && i == np - 1 ? t->net.b2 : arrays[a][i]);
    bytes_put_u64(p, bytes_fnv64(BYTES_FNV_OFFSET, b, n - 8));
    bool ok = nn_write_atomic(path, b, n, err, errlen);
    free(b);
    return ok;
}

bool nn_checkpoint_load(NnTrainer *t, const char *path, char *err, size_t errlen)
{
    FILE *in = fopen(path, "rb");
    if (!in) {
        snprintf(err, errlen, "%s: cannot open (%s)", path, strerror(errno));
        return false;
    }
    size_t want = ckpt_size(t), np = (size_t)t->nparams;
    uint8_t *b = malloc(want + 1);
    size_t got = b ? fread(b, 1, want + 1, in) : 0;
    bool read_error = ferror(in);
    fclose(in);
    const char *why = NULL;
    char buf[160];
    if (!b)
        why = "out of memory";
    else if (read_error)
        why = "read error";
    else if (got < 8 || memcmp(b, CKPT_MAGIC, 8))
        why = "not a trainer checkpoint (no MXTNNCK1 magic)";
    else if (got < CKPT_HEADER || bytes_get_u32(b + 8) != CKPT_VERSION)
        why = got < CKPT_HEADER ? "truncated (no header)" : "checkpoint format version unknown";
    else if (bytes_get_u32(b + 12) != (uint32_t)t->net.features ||
             bytes_get_u32(b + 16) != (uint32_t)t->net.hidden) {
        snprintf(buf, sizeof buf, "a network of %u features x %u hidden, this run's %d x %d",
                 bytes_get_u32(b + 12), bytes_get_u32(b + 16), t->net.features, t->net.hidden);
        why = buf;
    } else if (got != want) {
        snprintf(buf, sizeof buf, "%s (%zu bytes%s, a checkpoint of this network has %zu)",
                 got < want ? "truncated" : "too long", got, got > want ? " or more" : "", want);
        why = buf;
    } else {
        uint64_t h = bytes_fnv64(BYTES_FNV_OFFSET, b, want - 8),
                 stored = bytes_get_u64(b + want - 8);
        if (h != stored) {
            snprintf(buf, sizeof buf, "damaged (hash %016llx, stored %016llx)",
                     (unsigned long long)h, (unsigned long long)stored);
            why = buf;
        } else if (bytes_get_u64(b + 32) != t->hash) {
            snprintf(buf, sizeof buf,
                     "from another run (configuration and data hash %016llx, this run's %016llx)",
                     (unsigned long long)bytes_get_u64(b + 32), (unsigned long long)t->hash);
            why = buf;
        }
    }
    if (why) {
        snprintf(err, errlen, "%s: %s", path, why);
        free(b);
        return false;
    }
    t->epoch = (int)bytes_get_u32(b + 20);
    t->steps = (long)bytes_get_u64(b + 24);
    const uint8_t *p = b + CKPT_HEADER;
    float *arrays[3] = {t->params, t->m, t->v};
    for (int a = 0; a < 3; a++)
        for (size_t i = 0; i < np; i++, p += 4)
            arrays[a][i] = get_f32(p);
    t->net.b2 = t->params[np - 1];
    free(b);
    return true;
}
