/* test_nntrain.c: the network trainer (tune/stats/nntrain.c).
 *
 * Positions come from random Maxima playouts, labelled with a planted material-only evaluation
 * (blend 1: the target is the score's logistic alone); the trained network must recover it
 * (correlation above 0.99 on the held-out games). Then: the same run twice gives the same
 * network bytes (1 and 2 threads), a run resumed from a checkpoint the bytes of one never
 * stopped, damaged checkpoints are refused naming the file, the features follow nnue.h (a
 * position and its colour mirror evaluate alike), the .nnue bytes have nnue.h's layout, the
 * loss of an evaluation without the network is the target's, and Martian Chess's networks learn
 * from the state features (a planted score of the points lead alone) and play as they train. */
#include <math.h>
#include <omp.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "core/fen.h"
#include "core/gamestate.h"
#include "core/makemove.h"
#include "core/movegen.h"
#include "core/position.h"
#include "search/nnue.h"
#include "tune/stats/nntrain.h"
#include "tune/stats/packed.h"
#include "tune/stats/rng.h"

/* The planted evaluation: material, centipawns per type (Pincer .. King). */
static const int VALUE[TYPE_NB] = {0, 20, 60, 70, 50, 80, 60, 90, 40, 0};

enum { POSITIONS = 120000, SMALL = 12000 };

static PackedSet data;     /* the random positions, read back from their file */
static char data_path[64]; /* that file */
static const Variant *maxima;

/* The planted score of pos for its side to move. */
static int planted(const Position *pos)
{
    int s = 0, us = position_team(pos);
    for (int sq = 0; sq < SQ_NB; sq++) {
        Piece p = pos->board[sq];
        if (piece_is_piece(p))
            s += (piece_color(p) == us ? 1 : -1) * VALUE[piece_type(p)];
    }
    return s;
}

/* The planted score of a Martian position for its side to move: the points lead alone, what
 * its board does not show (state features, search/nnue.h), at most L (the features' clamp). */
static int planted_lead(const Position *pos)
{
    int us = position_team(pos), lead = pos->score[us] - pos->score[!us];
    lead = lead < -NNUE_LEAD_MAX ? -NNUE_LEAD_MAX : lead > NNUE_LEAD_MAX ? NNUE_LEAD_MAX : lead;
    return 40 * lead;
}

/* Random playouts of game v from its start, keeping a third of their positions after ply 4,
 * labelled by label, until n records; written to a temporary file (its name into path) and
 * read back with packed_load into set. Clock calls, which end a zoned game soon, are mostly
 * played as the plain moves they are. */
static void make_data(const Variant *v, long n, int (*label)(const Position *), PackedSet *set,
                      char path[64])
{
    PackedPos *rec = malloc(sizeof(PackedPos) * (size_t)n);
    assert_non_null(rec);
    long k = 0;
    char err[256];
    Move moves[MAX_MOVES];
    for (uint32_t game = 0; k < n; game++) {
        Position pos;
        assert_true(fen_parse_variant(&pos, "start", v, err, sizeof err));
        Rng rng = rng_for(7, RNG_SYNTHETIC, game);
        for (int ply = 0; ply < 200 && k < n; ply++) {
            int nm = movegen_legal(&pos, moves);
            if (gamestate_from_count(&pos, nm) != GAME_ONGOING)
                break;
            if (ply >= 4 && rng_below(&rng, 3) == 0) {
                PackedLabel l = {.score = label(&pos), .result = 1, .game = game};
                assert_true(packed_encode(&pos, &l, &rec[k++]));
            }
            Move m = moves[rng_below(&rng, (uint64_t)nm)];
            for (int i = 0; i < 4 && move_calls_clock(m); i++)
                m = moves[rng_below(&rng, (uint64_t)nm)];
            Undo u;
            move_do(&pos, m, &u);
        }
    }
    snprintf(path, 64, "/tmp/test_nntrain_XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *out = fdopen(fd, "wb");
    PackedWriter w;
    assert_true(packed_writer_start(&w, out, v, (uint64_t)n));
    for (long i = 0; i < n; i++)
        assert_true(packed_writer_add(&w, &rec[i]));
    assert_true(packed_writer_finish(&w));
    assert_int_equal(fclose(out), 0);
    free(rec);
    assert_true(packed_load(set, path, err, sizeof err));
    assert_int_equal(set->n, n);
}

static int setup(void **state)
{
    (void)state;
    maxima = variant_find("maxima");
    make_data(maxima, POSITIONS, planted, &data, data_path);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    packed_free(&data);
    remove(data_path);
    return 0;
}

/* The first n records as a set of their own. */
static PackedSet head(long n)
{
    return (PackedSet){.variant = data.variant, .n = n, .rec = data.rec};
}

static NnConfig small_config(void)
{
    NnConfig c;
    nn_config_default(&c);
    c.hidden = 32;
    c.epochs = 3;
    c.batch = 1024;
    c.lr = 0.01;
    c.gamma = 0.5;
    c.lr_step = 2;
    c.blend = 1;
    c.validation = 0.1;
    c.threads = 1;
    return c;
}

/* Trains cfg on set to the end; returns the .nnue bytes (malloc'ed, *len). */
static uint8_t *train_bytes(const PackedSet *set, const NnConfig *cfg, size_t *len)
{
    char err[256];
    NnTrainer *t = nn_trainer_new(set, cfg, err, sizeof err);
    assert_non_null(t);
    assert_int_equal(nn_train(t, NULL, NULL), cfg->epochs);
    uint8_t *b = nn_nnue_bytes(nn_trainer_net(t), len);
    assert_non_null(b);
    nn_trainer_free(t);
    return b;
}

static bool print_epoch(const NnEpoch *e, void *data_)
{
    (void)data_;
    if (getenv("NNTRAIN_VERBOSE"))
        fprintf(stderr, "epoch %d: lr %.5f train %.6f valid %.6f, %.0f positions/s\n", e->epoch,
                e->lr, e->train_loss, e->valid_loss, e->positions_s);
    return true;
}

/* The trained network recovers the planted material evaluation on held-out games. */
static void test_planted(void **state)
{
    (void)state;
    NnConfig cfg = small_config();
    cfg.epochs = 8;
    cfg.lr_step = 3;
    cfg.mirror_files = true;
    char err[256];
    NnTrainer *t = nn_trainer_new(&data, &cfg, err, sizeof err);
    assert_non_null(t);
    long ntrain = nn_trainer_train_count(t), nvalid = nn_trainer_valid_count(t);
    assert_true(nvalid > 0 && ntrain + nvalid == data.n);
    PackedLabel a, b;
    packed_label(&data.rec[ntrain - 1], &a);
    packed_label(&data.rec[ntrain], &b);
    assert_true(a.game != b.game); /* the split is at a game boundary */
    double before = nn_validation_loss(t);
    nn_train(t, print_epoch, NULL);
    double after = nn_validation_loss(t);
    assert_true(after < before / 10);
    double sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0;
    for (long i = ntrain; i < data.n; i++) {
        PackedLabel l;
        packed_label(&data.rec[i], &l);
        double x = l.score, y = nn_forward(nn_trainer_net(t), &data.rec[i]);
        sx += x, sy += y, sxx += x * x, syy += y * y, sxy += x * y;
    }
    double n = (double)nvalid;
    double r = (sxy - sx * sy / n) / sqrt((sxx - sx * sx / n) * (syy - sy * sy / n));
    if (getenv("NNTRAIN_VERBOSE"))
        fprintf(stderr, "correlation %.5f over %ld held-out positions, loss %.6f -> %.6f\n", r,
                nvalid, before, after);
    assert_true(r > 0.99);
    nn_trainer_free(t);
}

/* The same data, configuration and thread count give the same bytes, with 1 and 2 threads. */
static void test_deterministic(void **state)
{
    (void)state;
    PackedSet s = head(SMALL);
    NnConfig cfg = small_config();
    cfg.epochs = 2;
    for (int threads = 1; threads <= 2; threads++) {
        omp_set_num_threads(threads);
        cfg.threads = 0; /* omp_get_max_threads() */
        size_t l1, l2;
        uint8_t *b1 = train_bytes(&s, &cfg, &l1), *b2 = train_bytes(&s, &cfg, &l2);
        assert_int_equal(l1, l2);
        assert_memory_equal(b1, b2, l1);
        free(b1);
        free(b2);
    }
    omp_set_num_threads(1);
}

static bool stop_after_one(const NnEpoch *e, void *data_)
{
    (void)e;
    (void)data_;
    return false;
}

/* A checkpoint path beside the data file. */
static void ckpt_path(char *buf, size_t len) { snprintf(buf, len, "%s.ckpt", data_path); }

/* Stopped after epoch 1, saved, loaded by a new trainer and finished: the same bytes as a run
 * never stopped. */
static void test_resume(void **state)
{
    (void)state;
    PackedSet s = head(SMALL);
    NnConfig cfg = small_config();
    cfg.threads = 2;
    size_t la, lb;
    uint8_t *a = train_bytes(&s, &cfg, &la);
    char err[256], path[96];
    ckpt_path(path, sizeof path);
    NnTrainer *t = nn_trainer_new(&s, &cfg, err, sizeof err);
    assert_int_equal(nn_train(t, stop_after_one, NULL), 1);
    assert_true(nn_checkpoint_save(t, path, err, sizeof err));
    nn_trainer_free(t);
    t = nn_trainer_new(&s, &cfg, err, sizeof err);
    assert_true(nn_checkpoint_load(t, path, err, sizeof err));
    assert_int_equal(nn_trainer_epoch(t), 1);
    assert_int_equal(nn_train(t, NULL, NULL), cfg.epochs);
    uint8_t *b = nn_nnue_bytes(nn_trainer_net(t), &lb);
    assert_int_equal(la, lb);
    assert_memory_equal(a, b, la);
    nn_trainer_free(t);
    free(a);
    free(b);
    remove(path);
}

/* Writes len bytes to path. */
static void write_file(const char *path, const uint8_t *b, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(b, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}

/* Refuses (the message naming the file and holding what) and leaves t as it was. */
static void refused(NnTrainer *t, const char *path, const char *what)
{
    char err[256];
    err[0] = 0;
    assert_false(nn_checkpoint_load(t, path, err, sizeof err));
    if (getenv("NNTRAIN_VERBOSE"))
        fprintf(stderr, "refused: %s\n", err);
    assert_non_null(strstr(err, path));
    assert_non_null(strstr(err, what));
    assert_null(strchr(err, '\n'));
    assert_int_equal(nn_trainer_epoch(t), 0);
}

/* Damaged, truncated, foreign and missing checkpoints are refused. */
static void test_damaged_checkpoint(void **state)
{
    (void)state;
    PackedSet s = head(4000);
    NnConfig cfg = small_config();
    cfg.epochs = 1;
    char err[256], path[96];
    ckpt_path(path, sizeof path);
    NnTrainer *t = nn_trainer_new(&s, &cfg, err, sizeof err);
    nn_train(t, NULL, NULL);
    assert_true(nn_checkpoint_save(t, path, err, sizeof err));
    nn_trainer_free(t);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    uint8_t *b = malloc(1 << 22);
    size_t len = fread(b, 1, 1 << 22, f);
    fclose(f);
    assert_true(len > 1000);

    t = nn_trainer_new(&s, &cfg, err, sizeof err);
    b[len / 2] ^= 0x10; /* a flipped bit */
    write_file(path, b, len);
    refused(t, path, "damaged");
    b[len / 2] ^= 0x10;
    write_file(path, b, len - 100); /* truncated */
    refused(t, path, "truncated");
    write_file(path, b, len);
    char other[96];
    snprintf(other, sizeof other, "%s.other", data_path);
    write_file(other, b + 8, len - 8); /* no magic */
    refused(t, other, "not a trainer checkpoint");
    remove(other);
    refused(t, other, "cannot open");
    nn_trainer_free(t);

    cfg.seed = 2; /* another run */
    t = nn_trainer_new(&s, &cfg, err, sizeof err);
    refused(t, path, "another run");
    nn_trainer_free(t);
    cfg.seed = 1;
    t = nn_trainer_new(&s, &cfg, err, sizeof err);
    assert_true(nn_checkpoint_load(t, path, err, sizeof err));
    assert_int_equal(nn_trainer_epoch(t), 1);
    nn_trainer_free(t);
    free(b);
    remove(path);
}

/* nnue.h's features: Maxima has 1584; a position and its colour mirror (other side to move)
 * have the same features, so the same evaluation; the file mirror moves them. */
static void test_features(void **state)
{
    (void)state;
    assert_int_equal(nnue_feature_count(maxima), 1584);
    int a1 = 1 * 8 + 0;
    assert_int_equal(nnue_feature(maxima, WHITE, piece_make(WHITE, PINCER), a1), a1);
    assert_int_equal(nnue_feature(maxima, WHITE, piece_make(BLACK, KING), a1),
                     (9 + 8) * SQ_NB + a1);
    assert_int_equal(nnue_feature(maxima, BLACK, piece_make(BLACK, COORDINATOR), a1),
                     1 * SQ_NB + maxima->geo.mirror[a1]);
    NnConfig cfg = small_config();
    PackedSet s = head(2000);
    char err[256];
    NnTrainer *t = nn_trainer_new(&s, &cfg, err, sizeof err);
    const NnNet *net = nn_trainer_net(t);
    for (long i = 0; i < 200; i++) {
        Position pos, mir;
        PackedLabel l;
        packed_decode(&data.rec[i], maxima, &pos, &l);
        position_mirror(&pos, &mir);
        PackedPos r;
        assert_true(packed_encode(&mir, &l, &r));
        assert_true(fabs(nn_forward(net, &data.rec[i]) - nn_forward(net, &r)) < 1e-3);
        int us[NNUE_MAX_ACTIVE], them[NNUE_MAX_ACTIVE], us2[NNUE_MAX_ACTIVE],
            them2[NNUE_MAX_ACTIVE];
        int n = nn_record_features(maxima, &data.rec[i], false, us, them);
        assert_int_equal(nn_record_features(maxima, &data.rec[i], true, us2, them2), n);
        Square sq[PACKED_MAX_PIECES];
        Piece pc[PACKED_MAX_PIECES];
        assert_int_equal(packed_pieces(&data.rec[i], sq, pc), n);
        int team = packed_side(&data.rec[i]) & 1;
        for (int k = 0; k < n; k++) {
            int file_mirror = sq[k] - sq[k] % 8 + 7 - sq[k] % 8;
            assert_int_equal(us[k], nnue_feature(maxima, team, pc[k], sq[k]));
            assert_int_equal(them[k], nnue_feature(maxima, !team, pc[k], sq[k]));
            assert_int_equal(us2[k], nnue_feature(maxima, team, pc[k], file_mirror));
            assert_int_equal(them2[k], nnue_feature(maxima, !team, pc[k], file_mirror));
        }
        for (int k = 0; k < n; k++) {
            int s1 = us[k] % SQ_NB, s2 = us2[k] % SQ_NB;
            assert_int_equal(s1 / 8, s2 / 8);
            assert_int_equal(s1 % 8, 7 - s2 % 8);
        }
    }
    nn_trainer_free(t);
}

/* Little-endian int16 at p. */
static int i16_at(const uint8_t *p) { return (int16_t)(p[0] | p[1] << 8); }

/* nnue.h's integer evaluation of record r of `game` by the network in the .nnue bytes b
 * (H = h). */
static int integer_eval(const Variant *game, const uint8_t *b, int h, const PackedPos *r)
{
    int f = nnue_feature_count(game);
    const uint8_t *w1 = b + 64, *b1 = w1 + 2 * (size_t)f * h, *w2 = b1 + 2 * h, *b2 = w2 + 4 * h;
    int feat[2][NNUE_MAX_ACTIVE];
    int n = nn_record_features(game, r, false, feat[0], feat[1]);
    int64_t sum = 0;
    for (int v = 0; v < 2; v++)
        for (int j = 0; j < h; j++) {
            int acc = i16_at(b1 + 2 * j);
            for (int i = 0; i < n; i++)
                acc += i16_at(w1 + 2 * ((size_t)feat[v][i] * h + j));
            assert_true(acc >= -32768 && acc <= 32767);
            int64_t c = acc < 0 ? 0 : acc > NNUE_QA ? NNUE_QA : acc;
            sum += c * c * i16_at(w2 + 2 * (v * h + j));
        }
    int32_t out = (int32_t)(sum / NNUE_QA) +
                  (int32_t)(b2[0] | b2[1] << 8 | b2[2] << 16 | (uint32_t)b2[3] << 24);
    return (int)((int64_t)out * NNUE_SCALE / (NNUE_QA * NNUE_QB));
}

/* The .nnue bytes: nnue.h's header, sizes and hash, weights rounded from the float network. */
static void test_nnue_bytes(void **state)
{
    (void)state;
    NnConfig cfg = small_config();
    PackedSet s = head(SMALL);
    char err[256];
    NnTrainer *t = nn_trainer_new(&s, &cfg, err, sizeof err);
    nn_train(t, NULL, NULL);
    const NnNet *net = nn_trainer_net(t);
    size_t len;
    uint8_t *b = nn_nnue_bytes(net, &len);
    int f = 1584, h = 32;
    assert_int_equal(len, 64 + 2 * (f * h + h + 2 * h) + 4 + 8);
    assert_memory_equal(b, "MXTNNUE1", 8);
    assert_string_equal((char *)b + 12, "maxima");
    /* version at 8, then from 28: feature set, F, H, activation, QA, QB, scale, buckets, 0 */
    uint32_t want[] = {1, 1, (uint32_t)f, (uint32_t)h, 1, 255, 64, 400, 1, 0};
    for (int i = 0; i < 10; i++) {
        const uint8_t *p = b + (i == 0 ? 8 : 28 + 4 * (i - 1));
        uint32_t x = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
                     (uint32_t)p[3] << 24;
        assert_int_equal(x, want[i]);
    }
    uint64_t hsh = 0xCBF29CE484222325ull, stored = 0;
    for (size_t i = 0; i < len - 8; i++)
        hsh = (hsh ^ b[i]) * 0x100000001B3ull;
    for (int i = 7; i >= 0; i--)
        stored = stored << 8 | b[len - 8 + i];
    assert_true(hsh == stored);
    /* Spot checks of the rounding, and the clips. */
    for (int i = 0; i < f * h; i += 997) {
        int16_t q = (int16_t)(b[64 + 2 * i] | b[64 + 2 * i + 1] << 8);
        assert_int_equal(q, lround(net->w1[i] * NNUE_QA));
        assert_true(fabsf(net->w1[i]) <= (float)NNUE_CLIP_1);
    }
    for (int j = 0; j < 2 * h; j++) {
        size_t o = 64 + 2 * ((size_t)f * h + h + j);
        int16_t q = (int16_t)(b[o] | b[o + 1] << 8);
        assert_int_equal(q, lround(net->w2[j] * NNUE_QB));
        assert_true(q >= -127 && q <= 127);
    }
    /* nnue.h's integer arithmetic on these bytes follows the float network. */
    double worst = 0, mean = 0;
    for (long i = 0; i < 2000; i++) {
        double d = fabs(integer_eval(maxima, b, h, &data.rec[SMALL + i]) -
                        nn_forward(net, &data.rec[SMALL + i]));
        worst = d > worst ? d : worst;
        mean += d / 2000;
    }
    if (getenv("NNTRAIN_VERBOSE"))
        fprintf(stderr, "integer against float evaluation: mean %.3f cp, worst %.3f cp\n", mean,
                worst);
    assert_true(worst < 20);
    free(b);
    nn_trainer_free(t);
}

/* The correlation of the records' scores with the network's evaluations over records lo..hi. */
static double correlation(const NnNet *net, const PackedSet *set, long lo, long hi)
{
    double sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0;
    for (long i = lo; i < hi; i++) {
        PackedLabel l;
        packed_label(&set->rec[i], &l);
        double x = l.score, y = nn_forward(net, &set->rec[i]);
        sx += x, sy += y, sxx += x * x, syy += y * y, sxy += x * y;
    }
    double n = (double)(hi - lo);
    return (sxy - sx * sy / n) / sqrt((sxx - sx * sx / n) * (syy - sy * sy / n));
}

/* Martian Chess's state features are inputs: a network learns a planted score that depends on
 * the points lead alone, which the board does not show (correlation above 0.95 on held-out
 * games; trained on the same records with their points erased, the board's features alone, it
 * stays below 0.8). Then the engine's integer evaluation of
 * the quantised network (nnue_refresh, nnue_evaluate on the decoded position) equals nnue.h's
 * arithmetic on the trainer's features exactly and follows the float network within the
 * Maxima test's bound, in the two- and the four-player game. */
static void test_martian(void **state)
{
    (void)state;
    for (int g = 0; g < 2; g++) {
        const Variant *v = variant_find(g ? "martian4" : "martian");
        PackedSet set;
        char path[64];
        make_data(v, g ? 12000 : 40000, planted_lead, &set, path);
        NnConfig cfg = small_config();
        cfg.epochs = g ? 2 : 6;
        char err[256];
        NnTrainer *t = nn_trainer_new(&set, &cfg, err, sizeof err);
        assert_non_null(t);
        nn_train(t, print_epoch, NULL);
        const NnNet *net = nn_trainer_net(t);
        long cut = nn_trainer_train_count(t);
        double r = correlation(net, &set, cut, set.n);
        if (getenv("NNTRAIN_VERBOSE"))
            fprintf(stderr, "%s: lead correlation %.5f over %ld held-out positions\n", v->name, r,
                    set.n - cut);
        if (!g)
            assert_true(r > 0.95);
        if (!g) { /* the control: the same records without their points, the board alone */
            PackedSet blind = {
                .variant = v, .n = set.n, .rec = malloc(sizeof(PackedPos) * (size_t)set.n)};
            assert_non_null(blind.rec);
            memcpy(blind.rec, set.rec, sizeof(PackedPos) * (size_t)set.n);
            for (long i = 0; i < set.n; i++)
                blind.rec[i].b[58] = blind.rec[i].b[59] = 0;
            NnTrainer *tb = nn_trainer_new(&blind, &cfg, err, sizeof err);
            assert_non_null(tb);
            nn_train(tb, NULL, NULL);
            double rb = correlation(nn_trainer_net(tb), &blind, cut, set.n);
            if (getenv("NNTRAIN_VERBOSE"))
                fprintf(stderr, "%s: the board alone: correlation %.5f\n", v->name, rb);
            assert_true(rb < 0.8);
            nn_trainer_free(tb);
            free(blind.rec);
        }
        size_t len;
        uint8_t *b = nn_nnue_bytes(net, &len);
        assert_non_null(b);
        Network *q = nnue_load_bytes(b, len, "martian.nnue", err, sizeof err);
        assert_non_null(q);
        Accumulator *acc = aligned_alloc(64, sizeof *acc);
        assert_non_null(acc);
        double worst = 0;
        for (long i = cut; i < set.n && i < cut + 2000; i++) {
            Position pos;
            packed_decode(&set.rec[i], v, &pos, NULL);
            nnue_refresh(q, &pos, acc);
            int e = nnue_evaluate(q, acc, &pos);
            assert_int_equal(e, integer_eval(v, b, cfg.hidden, &set.rec[i]));
            double d = fabs(e - nn_forward(net, &set.rec[i]));
            worst = d > worst ? d : worst;
        }
        assert_true(worst < 20);
        free(acc);
        nnue_free(q);
        free(b);
        nn_trainer_free(t);
        packed_free(&set);
        remove(path);
    }
}

/* nn_base_losses: an evaluation equal to the scores scores nothing under blend 1 (the target is
 * their logistic); a zero evaluation scores the mean of (1/2 - sigma(score))^2, computed here
 * over the trained and the held-out records apart. */
static void test_base_losses(void **state)
{
    (void)state;
    PackedSet set = head(SMALL);
    NnConfig cfg = small_config();
    char err[256];
    NnTrainer *t = nn_trainer_new(&set, &cfg, err, sizeof err);
    assert_non_null(t);
    float *score = malloc(sizeof(float) * SMALL), *zero = calloc(SMALL, sizeof(float));
    assert_true(score && zero);
    double want[2] = {0, 0};
    long cut = nn_trainer_train_count(t);
    for (long i = 0; i < SMALL; i++) {
        PackedLabel l;
        packed_label(&set.rec[i], &l);
        score[i] = (float)l.score;
        double d = 0.5 - 1 / (1 + pow(10, -l.score / 400.0));
        want[i >= cut] += d * d;
    }
    want[0] /= (double)cut;
    want[1] /= (double)(SMALL - cut);
    double tr, va;
    nn_base_losses(t, score, &tr, &va);
    assert_true(tr < 1e-12 && va < 1e-12);
    nn_base_losses(t, zero, &tr, &va);
    assert_true(want[0] > 1e-3 && want[1] > 1e-3);
    assert_true(fabs(tr - want[0]) < 1e-9 && fabs(va - want[1]) < 1e-9);
    free(score);
    free(zero);
    nn_trainer_free(t);
}

int main(void)
{
    core_init();
    omp_set_num_threads(1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_features),    cmocka_unit_test(test_nnue_bytes),
        cmocka_unit_test(test_planted),     cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_resume),      cmocka_unit_test(test_damaged_checkpoint),
        cmocka_unit_test(test_base_losses), cmocka_unit_test(test_martian),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
