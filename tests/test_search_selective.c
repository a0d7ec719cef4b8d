/* test_search_selective.c: the "selective" search weights (weights.h), all off at their v1
 * values: the check extension, late-move pruning, futility pruning and the history malus. Each
 * is switched on through the weights, at a fixed depth, on the middle-game positions of
 * perft.epd that test_search_options uses:
 *   - off is the search as it was: v1 and v2 leave them off (v4 switched on the three that
 *     passed their SPRT, the default v5 keeps them), and a futility margin that can never cut
 *     gives exactly the search without it;
 *   - the check extension finds a checkmate in one at depth 1, which the capture search at the
 *     horizon cannot see without it (it stands pat in check);
 *   - late-move and futility pruning, when they must cut, search fewer nodes everywhere, and
 *     their best move is legal;
 *   - the depth setting of futility, late-move and reverse futility pruning is the greatest
 *     depth each applies at: 0 is off, d prunes at depth d (not only below it); the least
 *     depth of the null move and of late-move reductions is the least they apply at;
 *   - the history malus leaves negative history scores (quiet moves that were searched before
 *     a cut-off move lost what it gained); without it no history score is ever negative. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "core/fen.h"
#include "core/makemove.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/position.h"
#include "search/eval.h"
#include "search/search.h"
#include "search/weights.h"
#include "tests/lib/fixtures.h"

enum { HASH_MB = 4, DEPTH = 5, ERR_LEN = 256 };

/* The middle-game positions of fixtures.h. */
enum { NFENS = FIXTURES_MIDGAME_NB };

/* The selective weights of one search (the rest are the defaults). */
typedef struct Selective {
    int check_extension, lmp_depth, lmp_moves, futility_depth, futility_margin, history_malus;
    /* search parameters of another group: -1 leaves the default weight */
    int rfp_depth, rfp_margin, nmp_min_depth, lmr_min_depth;
} Selective;

static const Selective OFF = {0, 0, 3, 0, 200, 0, -1, -1, -1, -1};

/* What one search gave. */
typedef struct Result {
    Move move;
    int score;
    uint64_t nodes;
    int min_history; /* the least history score the engine held after the search */
} Result;

/* Searches pos to depth with a fresh engine, the default weights and the selective ones. */
static Result search_pos(const Position *pos, int depth, Selective s)
{
    Weights w;
    weights_default(&w);
    w.v[W_CHECK_EXTENSION] = s.check_extension;
    w.v[W_LMP_DEPTH] = s.lmp_depth;
    w.v[W_LMP_MOVES] = s.lmp_moves;
    w.v[W_FUTILITY_DEPTH] = s.futility_depth;
    w.v[W_FUTILITY_MARGIN] = s.futility_margin;
    w.v[W_HISTORY_MALUS] = s.history_malus;
    const int other[][2] = {{W_RFP_DEPTH, s.rfp_depth},
                            {W_RFP_MARGIN, s.rfp_margin},
                            {W_NMP_MIN_DEPTH, s.nmp_min_depth},
                            {W_LMR_MIN_DEPTH, s.lmr_min_depth}};
    for (size_t k = 0; k < sizeof other / sizeof other[0]; k++)
        if (other[k][1] >= 0)
            w.v[other[k][0]] = other[k][1];
    Engine *e = engine_new(HASH_MB);
    assert_non_null(e);
    engine_set_weights(e, &w);
    assert_true(engine_set_position(e, pos, NULL, 0));
    Result r = {0};
    SearchLimits lim = {.depth = depth};
    SearchInfo info;
    r.move = engine_search(e, &lim, &r.score, &info, NULL, NULL);
    r.nodes = info.nodes;
    for (int c = 0; c < COLOR_NB; c++)
        for (int a = 0; a < SQ_NB; a++)
            for (int b = 0; b < SQ_NB; b++)
                if (e->history[c][a][b] < r.min_history)
                    r.min_history = e->history[c][a][b];
    engine_free(e);
    return r;
}

/* Parses fen (a test's own: failing is the test's bug). */
static Position parse(const char *fen)
{
    Position pos;
    char err[ERR_LEN];
    if (!fen_parse(&pos, fen, err, sizeof err))
        fail_msg("bad FEN %s: %s", fen, err);
    return pos;
}

/* Searches fixtures_midgame[i] to DEPTH. */
static Result search_fen(int i, Selective s)
{
    Position pos = parse(fixtures_midgame[i]);
    return search_pos(&pos, DEPTH, s);
}

/* True when m is a legal move of fen. */
static bool is_legal(const char *fen, Move m)
{
    Position pos = parse(fen);
    Move legal[MAX_MOVES];
    int n = movegen_legal(&pos, legal);
    for (int i = 0; i < n; i++)
        if (legal[i] == m)
            return true;
    return false;
}

/* Fails unless a and b are the same search (move, score, nodes). */
static void assert_same(const char *fen, const char *what, Result a, Result b)
{
    if (a.move != b.move || a.score != b.score || a.nodes != b.nodes) {
        char ma[16], mb[16];
        notation_move_short(a.move, ma, sizeof ma);
        notation_move_short(b.move, mb, sizeof mb);
        fail_msg("%s: %s gave %s %d in %llu nodes; off %s %d in %llu nodes", fen, what, ma, a.score,
                 (unsigned long long)a.nodes, mb, b.score, (unsigned long long)b.nodes);
    }
}

/* Both pinned tables (v1, v2) leave every selective weight at its v1 value (off), so the runs
 * made with them search as they did; the default (v5) has the check extension, late-move
 * pruning (depth 2, 27 + d^2 moves) and the history malus on, futility pruning off. A futility
 * margin of 2000 a ply can never bring these positions' static evaluation down to alpha:
 * exactly the search without it. */
static void test_off_is_the_old_search(void **state)
{
    (void)state;
    static const int ws[] = {W_CHECK_EXTENSION, W_LMP_DEPTH, W_FUTILITY_DEPTH, W_HISTORY_MALUS};
    static const int v5[] = {1, 2, 0, 1};
    Weights d, v1, v2;
    weights_default(&d);
    weights_v1(&v1);
    weights_v2(&v2);
    for (size_t k = 0; k < sizeof ws / sizeof ws[0]; k++) {
        assert_int_equal(v1.v[ws[k]], 0);
        assert_int_equal(v2.v[ws[k]], 0);
        assert_int_equal(d.v[ws[k]], v5[k]);
    }
    assert_int_equal(d.v[W_LMP_MOVES], 27);
    for (int i = 0; i < NFENS; i++) {
        Result off = search_fen(i, OFF);
        for (int depth = 1; depth <= 6; depth++) {
            Selective never = OFF;
            never.futility_depth = depth;
            never.futility_margin = 2000;
            assert_same(fixtures_midgame[i], "futility margin 2000 (never cuts)",
                        search_fen(i, never), off);
        }
    }
}

/* Black mates with g7-f6 after these moves (results/match-default-vs-material, game 2). At
 * depth 1 the reply is the capture search, which stands pat in check and misses the mate; with
 * the check extension the side in check gets its ply and has no legal move. */
static void test_check_extension_sees_mate_at_depth_one(void **state)
{
    (void)state;
    static const char *const moves[] = {"b1-a2",    "a7-b6", "a2-b1", "b6-c5", "e1-f3", "g6-g5",
                                        "f3-g5xg5", "c8-a8", "b2-a3", "b7-b8", "f2-f4"};
    Position pos = parse(
        "xxx2xxx/bg1q2g1/2nmrnk1/dpppppbd/6p1/8/D2P4/1PPPP1PD/1BNMRN2/1G1QKBG1/xxx2xxx w 0");
    char err[ERR_LEN];
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        Move m = notation_parse(&pos, moves[i], err, sizeof err);
        if (m == MOVE_NONE)
            fail_msg("%s: %s", moves[i], err);
        Undo u;
        move_do(&pos, m, &u);
    }
    Result off = search_pos(&pos, 1, OFF);
    Selective on = OFF;
    on.check_extension = 1;
    Result ext = search_pos(&pos, 1, on);
    char buf[16];
    notation_move_short(ext.move, buf, sizeof buf);
    assert_string_equal(buf, "g7-f6");
    assert_int_equal(ext.score, SCORE_MATE - 1);
    if (off.score > SCORE_MATE_BOUND)
        fail_msg("without the check extension depth 1 found the mate (%d): the test shows nothing",
                 off.score);
}

/* Late-move pruning at depths 1-3 after 1 + d^2 moves, and futility pruning at depths 1-2 with a
 * margin of 0, each search fewer nodes than the search without them in every position, and
 * return a legal move. */
static void test_pruning_cuts_nodes(void **state)
{
    (void)state;
    Selective lmp = OFF, fut = OFF;
    lmp.lmp_depth = 3;
    lmp.lmp_moves = 1;
    fut.futility_depth = 2;
    fut.futility_margin = 0;
    for (int i = 0; i < NFENS; i++) {
        Result off = search_fen(i, OFF);
        Result a = search_fen(i, lmp), b = search_fen(i, fut);
        if (a.nodes >= off.nodes || b.nodes >= off.nodes)
            fail_msg("%s: late-move pruning searched %llu nodes, futility pruning %llu, not "
                     "fewer than the %llu without them",
                     fixtures_midgame[i], (unsigned long long)a.nodes, (unsigned long long)b.nodes,
                     (unsigned long long)off.nodes);
        assert_true(is_legal(fixtures_midgame[i], a.move));
        assert_true(is_legal(fixtures_midgame[i], b.move));
    }
}

/* A pruning with a "greatest depth it applies at" setting (futility, late-move and reverse
 * futility pruning); hard: with a margin or move count that makes it cut wherever it may,
 * otherwise with its usual one. */
typedef struct DepthPruning {
    const char *name;
    Selective (*at)(int depth, bool hard); /* the search with the pruning at that setting */
} DepthPruning;

/* Futility pruning up to depth d (hard: a margin of 0). */
static Selective futility_at(int d, bool hard)
{
    Selective s = OFF;
    s.futility_depth = d;
    s.futility_margin = hard ? 0 : OFF.futility_margin;
    return s;
}

/* Late-move pruning up to depth d (hard: after d^2 legal moves). */
static Selective lmp_at(int d, bool hard)
{
    Selective s = OFF;
    s.lmp_depth = d;
    s.lmp_moves = hard ? 0 : OFF.lmp_moves;
    return s;
}

/* Reverse futility pruning up to depth d (hard: a margin of 0). */
static Selective rfp_at(int d, bool hard)
{
    Selective s = OFF;
    s.rfp_depth = d;
    s.rfp_margin = hard ? 0 : -1;
    return s;
}

static const DepthPruning DEPTH_PRUNINGS[] = {
    {"futility pruning", futility_at},
    {"late-move pruning", lmp_at},
    {"reverse futility pruning", rfp_at},
};

/* Each pruning's depth setting is the greatest depth it applies at, both bounds: at 0 it is off
 * however hard its margin would cut (the very search with its usual margin), and at d it cuts
 * at depth d: setting d differs from setting d - 1 (at d = 1, from the search without it) in at
 * least one of the positions. A pruning that stops one depth early (depth < setting) is the
 * search of setting d - 1; one that goes one too deep prunes at setting 0. */
static void test_pruning_depth_bounds(void **state)
{
    (void)state;
    for (size_t k = 0; k < sizeof DEPTH_PRUNINGS / sizeof DEPTH_PRUNINGS[0]; k++) {
        const DepthPruning *p = &DEPTH_PRUNINGS[k];
        for (int d = 1; d <= 3; d++) {
            int differ = 0;
            for (int i = 0; i < NFENS; i++) {
                Position pos = parse(fixtures_midgame[i]);
                if (d == 1)
                    assert_same(fixtures_midgame[i], p->name,
                                search_pos(&pos, DEPTH, p->at(0, true)),
                                search_pos(&pos, DEPTH, p->at(0, false)));
                Result below = search_pos(&pos, DEPTH - 1, p->at(d - 1, true));
                Result at = search_pos(&pos, DEPTH - 1, p->at(d, true));
                differ += at.nodes != below.nodes || at.score != below.score ||
                          at.move != below.move;
                assert_true(is_legal(fixtures_midgame[i], at.move));
            }
            if (differ == 0)
                fail_msg("%s at depth setting %d gives the search of setting %d in all %d "
                         "positions: it does not apply at depth %d",
                         p->name, d, d - 1, NFENS, d);
        }
    }
}

/* A search with a "least depth" setting: the null move (search.nmp_min_depth) and late-move
 * reductions (search.lmr_min_depth). */
typedef struct LeastDepth {
    const char *name;
    int deepest; /* the greatest node depth the setting can name in a DEPTH - 1 ply search */
    Selective (*at)(int depth);
} LeastDepth;

/* The null move from depth d on. */
static Selective nmp_from(int d)
{
    Selective s = OFF;
    s.nmp_min_depth = d;
    return s;
}

/* Late-move reductions from depth d on. */
static Selective lmr_from(int d)
{
    Selective s = OFF;
    s.lmr_min_depth = d;
    return s;
}

/* The null move is never tried at the root (a PV node): its deepest nodes are one ply below;
 * late-move reductions apply at the root too. */
static const LeastDepth LEAST_DEPTHS[] = {
    {"the null move", DEPTH - 2, nmp_from},
    {"late-move reductions", DEPTH - 1, lmr_from},
};

/* Each "least depth" setting is the least depth its search applies at, that depth included:
 * in a search of DEPTH - 1 plies, set to the greatest depth a node it applies to can have, it
 * changes the search (against the setting of 10, which no node reaches) in at least one
 * position; set one deeper, it is the search of 10 in every position. One that starts one
 * depth late (depth > setting) is the search of 10 at the first. */
static void test_least_depth_bounds(void **state)
{
    (void)state;
    enum { NEVER = 10 };
    for (size_t k = 0; k < sizeof LEAST_DEPTHS / sizeof LEAST_DEPTHS[0]; k++) {
        const LeastDepth *l = &LEAST_DEPTHS[k];
        int differ = 0;
        for (int i = 0; i < NFENS; i++) {
            Position pos = parse(fixtures_midgame[i]);
            Result never = search_pos(&pos, DEPTH - 1, l->at(NEVER));
            Result at = search_pos(&pos, DEPTH - 1, l->at(l->deepest));
            differ += at.nodes != never.nodes || at.score != never.score || at.move != never.move;
            assert_same(fixtures_midgame[i], l->name,
                        search_pos(&pos, DEPTH - 1, l->at(l->deepest + 1)), never);
        }
        if (differ == 0)
            fail_msg("%s from depth %d, in a %d-ply search, is the search without it in all %d "
                     "positions: it does not apply at depth %d",
                     l->name, l->deepest, DEPTH - 1, NFENS, l->deepest);
    }
}

/* Without the malus a history score only grows (or is halved): never negative. With it the quiet
 * moves tried before a cut-off lose, so some scores end below zero, and the search differs. */
static void test_history_malus(void **state)
{
    (void)state;
    Selective malus = OFF;
    malus.history_malus = 1;
    int negative = 0, differ = 0;
    for (int i = 0; i < NFENS; i++) {
        Result off = search_fen(i, OFF), on = search_fen(i, malus);
        assert_true(off.min_history >= 0);
        negative += on.min_history < 0;
        differ += on.nodes != off.nodes;
        assert_true(is_legal(fixtures_midgame[i], on.move));
    }
    assert_int_equal(negative, NFENS);
    assert_true(differ > 0);
}

int main(void)
{
    core_init();
    eval_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_off_is_the_old_search),
        cmocka_unit_test(test_check_extension_sees_mate_at_depth_one),
        cmocka_unit_test(test_pruning_cuts_nodes),
        cmocka_unit_test(test_pruning_depth_bounds),
        cmocka_unit_test(test_least_depth_bounds),
        cmocka_unit_test(test_history_malus),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
