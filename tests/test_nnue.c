/* test_nnue.c: the learned evaluation's network (search/nnue.h): accumulators kept move by move
 * equal a full refresh in every game, the vector path equals the portable one, the integer
 * inference equals the float network it quantises within the bound derived below, the file
 * round-trips and every damaged file is refused with a line naming it, and an engine playing a
 * network searches deterministically with it.
 *
 * The bound: a network whose weights are exactly the quantised ones (w1 / QA, b1 / QA, w2 / QB,
 * b2 / (QA QB)) computes in floats y = (S / QA + b2) / (QA QB) with S = sum v^2 w2 exactly as
 * the integers do (the accumulators are sums of integers; clamp and square are exact). The
 * integer path truncates twice: S / QA (less than one unit of 1 / (QA QB) in y, so less than
 * SCALE / (QA QB) = 0.025 cp) and the final division by QA QB (less than 1 cp). So
 * |integer - SCALE * y| < 1.025 cp: the test allows 1.03. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/fen.h"
#include "core/makemove.h"
#include "core/movegen.h"
#include "search/eval.h"
#include "search/nnue.h"
#include "search/search.h"

/* The next number of a xorshift64 sequence. */
static uint64_t next_random(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

/* A random integer in [-limit, limit]. */
static int random_in(uint64_t *state, int limit)
{
    return (int)(next_random(state) % (uint64_t)(2 * limit + 1)) - limit;
}

/* A network of game v with h hidden units and random weights within the trainer's bounds. */
static Network *random_net(const Variant *v, int h, uint64_t seed)
{
    Network *net = nnue_new(v, h);
    assert_non_null(net);
    uint64_t s = seed;
    int clip1 = (int)(NNUE_CLIP_1 * NNUE_QA + 0.5);
    for (size_t i = 0; i < (size_t)net->features * h; i++)
        net->w1[i] = (int16_t)random_in(&s, clip1 / 4);
    for (int i = 0; i < h; i++)
        net->b1[i] = (int16_t)random_in(&s, clip1 / 2) + NNUE_QA / 2;
    for (int i = 0; i < 2 * h; i++)
        net->w2[i] = (int16_t)random_in(&s, 127);
    net->b2 = random_in(&s, 100000);
    return net;
}

/* The float network with the quantised weights (the bound in the header). */
static double float_eval(const Network *net, const Position *pos)
{
    int h = net->hidden, us = position_team(pos), feats[NNUE_MAX_ACTIVE];
    double y = net->b2 / (double)(NNUE_QA * NNUE_QB);
    for (int half = 0; half < 2; half++) {
        int view = half ? !us : us, n = nnue_features(pos, view, feats);
        for (int i = 0; i < h; i++) {
            double a = net->b1[i] / (double)NNUE_QA;
            for (int k = 0; k < n; k++)
                a += net->w1[(size_t)feats[k] * h + i] / (double)NNUE_QA;
            double c = a < 0 ? 0 : a > 1 ? 1 : a;
            y += c * c * (net->w2[half * h + i] / (double)NNUE_QB);
        }
    }
    return y * NNUE_SCALE;
}

/* nnue.h's integer evaluation of pos computed here from scratch: each view's accumulator summed
 * from b1 and the rows of all its features, board and state (nnue_features), in int arithmetic
 * (the bound keeps it within int16). */
static int full_eval(const Network *net, const Position *pos)
{
    int h = net->hidden, us = position_team(pos), feats[NNUE_MAX_ACTIVE];
    int64_t s = 0;
    for (int half = 0; half < 2; half++) {
        int view = half ? !us : us, n = nnue_features(pos, view, feats);
        assert_true(n <= NNUE_MAX_ACTIVE);
        for (int i = 0; i < h; i++) {
            int a = net->b1[i];
            for (int k = 0; k < n; k++)
                a += net->w1[(size_t)feats[k] * h + i];
            assert_true(a >= -32768 && a <= 32767);
            int64_t c = a < 0 ? 0 : a > NNUE_QA ? NNUE_QA : a;
            s += c * c * net->w2[half * h + i];
        }
    }
    int64_t out = s / NNUE_QA + net->b2;
    return (int)(out * NNUE_SCALE / (NNUE_QA * NNUE_QB));
}

/* Checks acc against a refresh of pos, and both evaluation paths against the evaluation from
 * scratch (exactly) and the float network. */
static void check_position(const Network *net, const Position *pos, const Accumulator *acc)
{
    Accumulator fresh;
    nnue_refresh(net, pos, &fresh);
    for (int c = 0; c < COLOR_NB; c++)
        assert_memory_equal(acc->v[c], fresh.v[c], (size_t)net->hidden * sizeof(int16_t));
    int vec = nnue_evaluate(net, acc, pos), port = nnue_evaluate_portable(net, acc, pos);
    assert_int_equal(vec, port);
    assert_int_equal(vec, full_eval(net, pos));
    double f = float_eval(net, pos);
    if (fabs(vec - f) >= 1.03)
        fail_msg("integer %d, float %.3f: beyond the derived bound", vec, f);
}

/* Random playouts of game v: after every move the accumulators kept by nnue_apply (and by
 * nnue_update_portable for the vector path's twin) equal a refresh; after each unmake the
 * parent's are still right. */
static void playouts(const char *name, int games, int plies)
{
    const Variant *v = variant_find(name);
    assert_non_null(v);
    Network *net = random_net(v, 64, 0x9E3779B97F4A7C15ull ^ (uint64_t)v->id);
    uint64_t s = 12345 + (uint64_t)v->id;
    long checked = 0, multi = 0, crossed = 0, merged = 0, led = 0, clocked = 0, second = 0;
    for (int g = 0; g < games; g++) {
        Position pos;
        assert_true(fen_parse(&pos, v->start_fen, NULL, 0));
        Accumulator *acc = aligned_alloc(64, sizeof(Accumulator) * 2);
        assert_non_null(acc);
        nnue_refresh(net, &pos, &acc[0]);
        for (int ply = 0; ply < plies; ply++) {
            Move moves[MAX_MOVES];
            int n = movegen_legal(&pos, moves);
            if (n == 0 || (variant_zoned(v) && position_zoned_over(&pos)))
                break;
            Move m = moves[next_random(&s) % (uint64_t)n];
            /* zoned games: merges taken when there are, clock calls seldom (they end games) but
             * in every fourth game */
            for (int i = 0; i < n && variant_zoned(v); i++)
                if (move_is_merge(moves[i]) && next_random(&s) % 2)
                    m = moves[i];
            for (int k = 0; k < 8 && move_calls_clock(m) && g % 4; k++)
                m = moves[next_random(&s) % (uint64_t)n];
            Undo u;
            move_do(&pos, m, &u);
            NnueDelta d;
            nnue_delta(&pos, m, &u, &d);
            multi += d.nsub > 2;
            crossed += d.nadd && piece_color(d.add_p) != piece_color(d.sub_p[0]);
            merged += d.nadd && piece_type(d.add_p) != piece_type(d.sub_p[0]);
            nnue_apply(net, &acc[0], &acc[1], &d);
            check_position(net, &pos, &acc[1]);
            led += pos.score[WHITE] != pos.score[BLACK];
            clocked += pos.clock != CLOCK_OFF;
            second += pos.side >= 2;
            /* the portable update gives the same accumulators */
            Accumulator *port = aligned_alloc(64, sizeof *port);
            assert_non_null(port);
            memcpy(port, &acc[0], sizeof *port);
            for (int i = 0; i < d.nsub; i++)
                nnue_update_portable(net, port, d.sub_p[i], d.sub_sq[i], -1);
            if (d.nadd)
                nnue_update_portable(net, port, d.add_p, d.add_sq, +1);
            for (int c = 0; c < COLOR_NB; c++)
                assert_memory_equal(port->v[c], acc[1].v[c], 64 * sizeof(int16_t));
            free(port);
            if (next_random(&s) % 8 == 0) { /* unmake sometimes: the parent still matches */
                move_undo(&pos, m, &u);
                check_position(net, &pos, &acc[0]);
                move_do(&pos, m, &u);
            }
            acc[0] = acc[1];
            checked++;
        }
        free(acc);
    }
    print_message("%s: %ld moves checked, %ld with several captures, %ld changing the owner, %ld "
                  "the type; %ld with a lead, %ld with the clock called, %ld with a team's "
                  "second player to move\n",
                  name, checked, multi, crossed, merged, led, clocked, second);
    assert_true(checked > games * 10);
    if (variant_zoned(v)) /* the zoned games' own changes and states were met */
        assert_true(crossed > 0 && merged > 0 && led > 0 && clocked > 0);
    if (v->players > 2)
        assert_true(second > 0);
    nnue_free(net);
}

/* Maxima, Ultima (whose moves may capture several pieces), Martian Chess (crossing the canal
 * changes a piece's owner; merges change its type; its state features change with the points,
 * the clock and the player to move) and the four-player game. */
static void test_accumulators_maxima(void **state)
{
    (void)state;
    playouts("maxima", 12, 150);
}
static void test_accumulators_ultima(void **state)
{
    (void)state;
    playouts("ultima", 12, 150);
}
static void test_accumulators_martian(void **state)
{
    (void)state;
    playouts("martian", 300, 120);
    playouts("martian4", 200, 120);
}

/* The features of one piece from the two views: a piece of White on its square from White's
 * view is the mirrored square of the same piece of Black from Black's. */
static void test_feature_symmetry(void **state)
{
    (void)state;
    const Variant *v = variant_find("maxima");
    int types = __builtin_popcount(v->types);
    assert_int_equal(nnue_feature_count(v), 2 * types * SQ_NB);
    Piece wp = piece_make(WHITE, PINCER), bp = piece_make(BLACK, PINCER);
    int sq = 3 * 8 + 2;
    assert_int_equal(nnue_feature(v, WHITE, wp, sq), nnue_feature(v, BLACK, bp, v->geo.mirror[sq]));
    assert_int_equal(nnue_feature(v, WHITE, bp, sq), types * SQ_NB + sq);
    assert_int_not_equal(nnue_feature(v, WHITE, wp, sq), nnue_feature(v, WHITE, bp, sq));
}

/* The state features of the zoned scoring games (nnue.h): the sets and counts, the layout of
 * one state, and the views' symmetry: in two-player Martian Chess a position from view c has
 * the features of its mirror image (position_mirror) from view !c; on the four-player board the
 * half turn takes each zone to the partner's, as the mover's feature assumes. */
static void test_state_features(void **state)
{
    (void)state;
    const Variant *mx = variant_find("maxima"), *ul = variant_find("ultima");
    const Variant *m2 = variant_find("martian"), *m4 = variant_find("martian4");
    assert_int_equal(nnue_feature_set(mx), NNUE_FEATURES_BOARD);
    assert_int_equal(nnue_feature_set(ul), NNUE_FEATURES_BOARD);
    assert_int_equal(nnue_feature_set(m2), NNUE_FEATURES_STATE);
    assert_int_equal(nnue_feature_set(m4), NNUE_FEATURES_STATE);
    assert_int_equal(nnue_feature_count(mx), 1584);
    assert_int_equal(nnue_feature_count(m2), 2 * 3 * SQ_NB + 25 + 9);
    assert_int_equal(nnue_feature_count(m4), 2 * 3 * SQ_NB + 25 + 9 + 2);
    int f[NNUE_STATE_ACTIVE], b = 2 * 3 * SQ_NB;
    NnueState st = {.score = {7, 2}, .clock = CLOCK_OFF, .side = 1};
    assert_int_equal(nnue_state_features(mx, WHITE, &st, f), 0);
    assert_int_equal(nnue_state_features(m2, WHITE, &st, f), 2);
    assert_int_equal(f[0], b + 12 + 5);
    assert_int_equal(f[1], b + 25);
    assert_int_equal(nnue_state_features(m2, BLACK, &st, f), 2);
    assert_int_equal(f[0], b + 12 - 5);
    st = (NnueState){.score = {0, 30}, .clock = 3, .side = 2};
    assert_int_equal(nnue_state_features(m4, WHITE, &st, f), 3);
    assert_int_equal(f[0], b + 0); /* -30: clamped to -L */
    assert_int_equal(f[1], b + 25 + 1 + 3);
    assert_int_equal(f[2], b + 25 + 9 + 1);
    assert_int_equal(nnue_state_features(m4, BLACK, &st, f), 3);
    assert_int_equal(f[0], b + 24);
    assert_int_equal(f[2], b + 25 + 9 + 0);
    for (int sq = 0; sq < SQ_NB; sq++)
        if (m4->geo.mirror[sq] != NO_SQ)
            assert_int_equal(m4->geo.owner[m4->geo.mirror[sq]], m4->geo.owner[sq] ^ 2);
    Position pos, mir;
    assert_true(fen_parse(&pos, "QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ n 5 1 - 4", NULL, 0));
    position_mirror(&pos, &mir);
    for (int c = 0; c < COLOR_NB; c++) {
        int a[NNUE_MAX_ACTIVE], m[NNUE_MAX_ACTIVE];
        int n = nnue_features(&pos, c, a);
        assert_int_equal(nnue_features(&mir, !c, m), n);
        for (int i = 0; i < n; i++) { /* the same set (in another square order) */
            bool found = false;
            for (int k = 0; k < n; k++)
                found |= a[i] == m[k];
            assert_true(found);
        }
        assert_int_equal(a[n - 2], b + 12 + (c == WHITE ? 4 : -4));
        assert_int_equal(a[n - 1], b + 25 + 1 + 4);
    }
}

/* The bytes of net written to a file, read back into *len bytes (malloc'd). */
static uint8_t *net_bytes(const Network *net, size_t *len)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_true(nnue_write(net, f));
    long n = ftell(f);
    rewind(f);
    uint8_t *b = malloc((size_t)n);
    assert_int_equal(fread(b, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    *len = (size_t)n;
    return b;
}

/* Loads len bytes and expects a refusal whose message holds `want`. */
static void expect_refused(const uint8_t *b, size_t len, const char *want)
{
    char err[256] = "";
    Network *net = nnue_load_bytes(b, len, "bad.nnue", err, sizeof err);
    if (net)
        fail_msg("accepted a file that should say '%s'", want);
    if (!strstr(err, "bad.nnue: ") || !strstr(err, want))
        fail_msg("message '%s' lacks '%s'", err, want);
}

/* Rewrites the hash of a file of len bytes after a deliberate change. */
static void rehash(uint8_t *b, size_t len)
{
    uint64_t h = 0xCBF29CE484222325ull;
    for (size_t i = 0; i < len - 8; i++)
        h = (h ^ b[i]) * 0x100000001B3ull;
    for (int i = 0; i < 8; i++)
        b[len - 8 + (size_t)i] = (uint8_t)(h >> (8 * i));
}

/* The file round-trips; each damage is refused with its own message. */
static void test_file(void **state)
{
    (void)state;
    const Variant *v = variant_find("maxima");
    Network *net = random_net(v, 32, 77);
    size_t len;
    uint8_t *b = net_bytes(net, &len);
    char err[256];
    Network *back = nnue_load_bytes(b, len, "net.nnue", err, sizeof err);
    assert_non_null(back);
    assert_int_equal(back->hidden, 32);
    assert_ptr_equal(back->variant, v);
    size_t len2;
    uint8_t *b2 = net_bytes(back, &len2);
    assert_int_equal(len, len2);
    assert_memory_equal(b, b2, len);
    uint8_t *bad = malloc(len);
    expect_refused(b, len - 1, "truncated");
    expect_refused(b, 40, "too short");
    memcpy(bad, b, len);
    bad[len / 2] ^= 4;
    expect_refused(bad, len, "checksum");
    memcpy(bad, b, len);
    bad[0] = 'X';
    expect_refused(bad, len, "bad magic");
    memcpy(bad, b, len);
    bad[8] = 9;
    rehash(bad, len);
    expect_refused(bad, len, "format version 9");
    memcpy(bad, b, len);
    memcpy(bad + 12, "chess\0\0\0", 8);
    rehash(bad, len);
    expect_refused(bad, len, "unknown game 'chess'");
    memcpy(bad, b, len);
    memcpy(bad + 12, "ultima\0\0", 8);
    rehash(bad, len);
    expect_refused(bad, len, "features");
    memcpy(bad, b, len);
    bad[44] = 127; /* QA */
    rehash(bad, len);
    expect_refused(bad, len, "QA 127");
    memcpy(bad, b, len);
    bad[60] = 2; /* base evaluation: 0 or 1 only */
    rehash(bad, len);
    expect_refused(bad, len, "base 2");
    memcpy(bad, b, len); /* a network that adds to the weights' evaluation keeps saying so */
    bad[60] = NNUE_BASE_WEIGHTS;
    rehash(bad, len);
    Network *based = nnue_load_bytes(bad, len, "based.nnue", err, sizeof err);
    assert_non_null(based);
    assert_int_equal(based->base, NNUE_BASE_WEIGHTS);
    size_t len3;
    uint8_t *b3 = net_bytes(based, &len3);
    assert_memory_equal(b3, bad, len);
    free(b3);
    nnue_free(based);
    memcpy(bad, b, len); /* w2[0] = 300: beyond what the vector path may multiply */
    size_t w2 = NNUE_HEADER + 2 * ((size_t)net->features * 32 + 32);
    bad[w2] = 300 & 255;
    bad[w2 + 1] = 300 >> 8;
    rehash(bad, len);
    expect_refused(bad, len, "w2[0] = 300");
    char path[] = "/nonexistent/x.nnue";
    assert_null(nnue_load(path, err, sizeof err));
    assert_non_null(strstr(err, "/nonexistent/x.nnue: cannot open"));
    free(bad);
    free(b);
    free(b2);
    nnue_free(back);
    nnue_free(net);
}

/* The feature set follows the game: the committed Maxima network (set 1) still loads and says
 * set 1; a Martian network writes set 2 and round-trips; a Martian file that says set 1 and a
 * Maxima file that says set 2 are refused, each with its one line. */
static void test_feature_sets(void **state)
{
    (void)state;
    char err[256] = "";
    Network *mx = nnue_load("results/nnue-maxima/network.nnue", err, sizeof err);
    if (!mx)
        fail_msg("the committed Maxima network: %s", err);
    assert_ptr_equal(mx->variant, variant_find("maxima"));
    assert_int_equal(mx->features, 1584);
    size_t len;
    uint8_t *b = net_bytes(mx, &len);
    assert_int_equal(b[28], NNUE_FEATURES_BOARD);
    b[28] = NNUE_FEATURES_STATE;
    rehash(b, len);
    expect_refused(b, len, "feature set 2 with 1584 features (this program's maxima has set 1");
    free(b);
    nnue_free(mx);
    for (int g = 0; g < 2; g++) {
        const Variant *v = variant_find(g ? "martian4" : "martian");
        Network *net = random_net(v, 32, 99);
        b = net_bytes(net, &len);
        assert_int_equal(b[28], NNUE_FEATURES_STATE);
        Network *back = nnue_load_bytes(b, len, "m.nnue", err, sizeof err);
        assert_non_null(back);
        assert_int_equal(back->features, nnue_feature_count(v));
        nnue_free(back);
        b[28] = NNUE_FEATURES_BOARD;
        rehash(b, len);
        char want[128];
        snprintf(want, sizeof want, "feature set 1 with %d features (this program's %s has set 2",
                 nnue_feature_count(v), v->name);
        expect_refused(b, len, want);
        free(b);
        nnue_free(net);
    }
}

/* An engine with a network: its root evaluation is the network's, and a fixed-node search gives
 * the same move, score and node count in a fresh engine (no state leaks between engines). */
static void test_engine(void **state)
{
    (void)state;
    const Variant *v = variant_find("maxima");
    Network *net = random_net(v, 64, 5);
    Position pos;
    assert_true(fen_parse(&pos, "start", NULL, 0));
    SearchLimits lim = {0, 20000, 0};
    int score[2];
    Move best[2];
    uint64_t nodes[2];
    for (int k = 0; k < 2; k++) {
        Engine *e = engine_new(1);
        assert_non_null(e);
        assert_true(engine_set_net(e, net));
        assert_true(engine_set_position(e, &pos, NULL, 0));
        SearchInfo info;
        best[k] = engine_search(e, &lim, &score[k], &info, NULL, NULL);
        nodes[k] = info.nodes;
        engine_free(e);
    }
    assert_int_equal(best[0], best[1]);
    assert_int_equal(score[0], score[1]);
    assert_int_equal(nodes[0], nodes[1]);
    /* depth 1 with no captures possible at the start: the score is the best child's network
     * evaluation, negated */
    Engine *e = engine_new(1);
    assert_true(engine_set_net(e, net));
    Move moves[MAX_MOVES];
    int n = movegen_legal(&pos, moves), top = -SCORE_INF;
    for (int i = 0; i < n; i++) {
        Position child = pos;
        Undo u;
        move_do(&child, moves[i], &u);
        Accumulator *acc = aligned_alloc(64, sizeof *acc);
        nnue_refresh(net, &child, acc);
        int s = -nnue_evaluate(net, acc, &child);
        top = s > top ? s : top;
        free(acc);
    }
    SearchLimits one = {1, 0, 0};
    int s1;
    engine_set_position(e, &pos, NULL, 0);
    engine_search(e, &one, &s1, NULL, NULL, NULL);
    assert_int_equal(s1, top);
    /* a network with a base adds to the weights' evaluation: depth 1 is the best child's
     * -(weights' evaluation + network's) */
    net->base = NNUE_BASE_WEIGHTS;
    Weights w;
    weights_default(&w);
    top = -SCORE_INF;
    for (int i = 0; i < n; i++) {
        Position child = pos;
        Undo u;
        move_do(&child, moves[i], &u);
        Accumulator *acc = aligned_alloc(64, sizeof *acc);
        nnue_refresh(net, &child, acc);
        int s = -(eval_evaluate(&child, &w) + nnue_evaluate(net, acc, &child));
        top = s > top ? s : top;
        free(acc);
    }
    Engine *be = engine_new(1);
    assert_true(engine_set_net(be, net));
    engine_set_position(be, &pos, NULL, 0);
    engine_search(be, &one, &s1, NULL, NULL, NULL);
    assert_int_equal(s1, top);
    engine_free(be);
    net->base = NNUE_BASE_NONE;
    /* back to the weights: the built-in evaluation's score again */
    Engine *plain = engine_new(1);
    int s2, s3;
    engine_set_position(plain, &pos, NULL, 0);
    engine_search(plain, &one, &s2, NULL, NULL, NULL);
    assert_true(engine_set_net(e, NULL));
    engine_search(e, &one, &s3, NULL, NULL, NULL);
    assert_int_equal(s2, s3);
    engine_free(plain);
    engine_free(e);
    nnue_free(net);
}

int main(void)
{
    core_init();
    eval_init();
    print_message("vector path: %s\n", nnue_vector() ? "AVX2" : "none (portable only)");
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_feature_symmetry),    cmocka_unit_test(test_accumulators_maxima),
        cmocka_unit_test(test_accumulators_ultima), cmocka_unit_test(test_accumulators_martian),
        cmocka_unit_test(test_state_features),      cmocka_unit_test(test_file),
        cmocka_unit_test(test_feature_sets),        cmocka_unit_test(test_engine),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
