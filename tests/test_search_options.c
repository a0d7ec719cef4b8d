/* test_search_options.c: the search options that today's default weights leave off (reverse
 * futility pruning, the aspiration window) but a tuner may switch on through the "search"
 * weights. Each is switched on through the weights, on middle-game positions of perft.epd
 * (none with a forced game end in sight), at a fixed depth:
 *   - a reverse-futility setting that can never prune gives exactly the search with it off,
 *     and a setting that must prune changes it;
 *   - an aspiration window gives scores that are not its own edges: a search that fails low or
 *     high and takes the bound it failed at as the score reports that edge, iteration after
 *     iteration. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "core/fen.h"
#include "core/notation.h"
#include "core/position.h"
#include "search/eval.h"
#include "search/search.h"
#include "search/weights.h"
#include "tests/lib/fixtures.h"

enum { HASH_MB = 4, DEPTH = 5, ERR_LEN = 256 };

/* The middle-game positions of fixtures.h. */
enum { NFENS = FIXTURES_MIDGAME_NB };

/* A reverse-futility margin no static evaluation comes near: static eval - margin x depth never
 * reaches beta outside mate scores. (2000, the weight's upper end, did: the v5 default's
 * evaluation passes beta + 2000 at a few nodes of these trees.) */
enum { NEVER_MARGIN = 10000 };

/* What one search gave, and how its iterations related to the aspiration window. */
typedef struct Result {
    Move move;
    int score;
    uint64_t nodes;
    int iterations; /* iterations searched with a window (depth 4 on, previous score no mate) */
    int at_alpha;   /* of those, how many reported exactly the window's lower edge */
    int at_beta;    /* and exactly its upper edge */
} Result;

/* Per-iteration bookkeeping of a search: the previous iteration's score and the window. */
typedef struct Watch {
    int previous, delta;
    bool have_previous;
    Result *r;
} Watch;

/* Counts the iterations whose score is exactly an edge of the window around the previous one. */
static void watch_iteration(const SearchInfo *info, const Position *root, void *data)
{
    (void)root;
    Watch *w = data;
    if (w->delta > 0 && info->depth >= 4 && w->have_previous && w->previous < SCORE_MATE_BOUND &&
        w->previous > -SCORE_MATE_BOUND) {
        w->r->iterations++;
        w->r->at_alpha += info->score == w->previous - w->delta;
        w->r->at_beta += info->score == w->previous + w->delta;
    }
    w->previous = info->score;
    w->have_previous = true;
}

/* Searches fen to DEPTH with a fresh engine and the default weights changed as given. */
static Result search_with(const char *fen, int rfp_depth, int rfp_margin, int aspiration)
{
    Weights w;
    weights_default(&w);
    w.v[W_RFP_DEPTH] = rfp_depth;
    w.v[W_RFP_MARGIN] = rfp_margin;
    w.v[W_ASPIRATION] = aspiration;
    Engine *e = engine_new(HASH_MB);
    assert_non_null(e);
    engine_set_weights(e, &w);
    Position pos;
    char err[ERR_LEN];
    if (!fen_parse(&pos, fen, err, sizeof err))
        fail_msg("bad FEN %s: %s", fen, err);
    assert_true(engine_set_position(e, &pos, NULL, 0));
    Result r = {0};
    Watch watch = {.delta = aspiration, .r = &r};
    SearchLimits lim = {.depth = DEPTH};
    SearchInfo info;
    r.move = engine_search(e, &lim, &r.score, &info, watch_iteration, &watch);
    r.nodes = info.nodes;
    engine_free(e);
    return r;
}

/* Text of a move for messages, in buf (16 bytes). */
static const char *move_text(Move m, char *buf)
{
    notation_move_short(m, buf, 16);
    return buf;
}

/* Reverse futility that can never cut (static eval - NEVER_MARGIN a ply can never reach beta in
 * these positions) searches exactly what the search without it does: same move, score, node count. A
 * margin added instead of subtracted would cut nearly every node it is tried at. */
static void test_rfp_never_pruning_is_off(void **state)
{
    (void)state;
    for (int i = 0; i < NFENS; i++) {
        Result off = search_with(fixtures_midgame[i], 0, 150, 0);
        for (int d = 1; d <= 8; d *= 2) {
            Result never = search_with(fixtures_midgame[i], d, NEVER_MARGIN, 0);
            char a[16], b[16];
            if (never.move != off.move || never.score != off.score || never.nodes != off.nodes)
                fail_msg("%s: rfp_depth %d rfp_margin %d (never cuts) gave %s %d in %llu nodes; "
                         "with it off %s %d in %llu nodes",
                         fixtures_midgame[i], d, NEVER_MARGIN, move_text(never.move, a),
                         never.score, (unsigned long long)never.nodes, move_text(off.move, b),
                         off.score, (unsigned long long)off.nodes);
        }
    }
}

/* Reverse futility that cuts whenever the static eval reaches beta (margin 0) at the last ply
 * (rfp_depth 1, the least depth it is on at) searches fewer nodes than the search without it, in
 * every position; a margin of NEVER_MARGIN at that depth cuts nothing again. */
static void test_rfp_prunes_when_on(void **state)
{
    (void)state;
    for (int i = 0; i < NFENS; i++) {
        Result off = search_with(fixtures_midgame[i], 0, 150, 0);
        Result cut = search_with(fixtures_midgame[i], 1, 0, 0);
        if (cut.nodes >= off.nodes)
            fail_msg("%s: rfp_depth 1 rfp_margin 0 searched %llu nodes, not fewer than the %llu "
                     "with it off",
                     fixtures_midgame[i], (unsigned long long)cut.nodes,
                     (unsigned long long)off.nodes);
        Result never = search_with(fixtures_midgame[i], 1, NEVER_MARGIN, 0);
        if (never.nodes != off.nodes)
            fail_msg("%s: rfp_depth 1 rfp_margin %d searched %llu nodes, with it off %llu",
                     fixtures_midgame[i], NEVER_MARGIN, (unsigned long long)never.nodes,
                     (unsigned long long)off.nodes);
    }
}

/* With an aspiration window of half-width delta around the previous iteration's score, the
 * score an iteration reports is a search result inside the final window, not the edge the first
 * window failed at. Landing exactly on an edge by chance is rare (none of the 36 here; 1 of 406
 * over all of perft.epd's random positions, deltas 1 to 64, depth 6); a search that takes a fail-low at alpha (or a fail-high at beta) as exact lands there
 * every time it fails that way. */
static void test_aspiration_scores_are_not_window_edges(void **state)
{
    (void)state;
    static const int deltas[] = {1, 4, 16};
    int iterations = 0, at_alpha = 0, at_beta = 0;
    for (int i = 0; i < NFENS; i++)
        for (size_t k = 0; k < sizeof deltas / sizeof deltas[0]; k++) {
            Result r = search_with(fixtures_midgame[i], 0, 150, deltas[k]);
            iterations += r.iterations;
            at_alpha += r.at_alpha;
            at_beta += r.at_beta;
        }
    print_message("aspiration: %d iterations with a window, %d at its lower edge, %d at its "
                  "upper edge\n",
                  iterations, at_alpha, at_beta);
    assert_int_equal(iterations, NFENS * 3 * (DEPTH - 3));
    if (at_alpha > 2 || at_beta > 2)
        fail_msg("%d of %d aspiration iterations reported the lower edge of their window and %d "
                 "the upper edge (at most 2 each by chance): a bound taken as a score",
                 at_alpha, iterations, at_beta);
}

/* The aspiration window searches the same position to the same depth as the full window and
 * must agree on what matters at the end: a legal best move and a score close to the full
 * window's (the window changes which nodes are searched, not the position's value by much). */
static void test_aspiration_keeps_the_score(void **state)
{
    (void)state;
    for (int i = 0; i < NFENS; i++) {
        Result full = search_with(fixtures_midgame[i], 0, 150, 0);
        Result asp = search_with(fixtures_midgame[i], 0, 150, 1000);
        /* A window of +-1000 centipawns never fails here: no re-search, the same value. */
        if (asp.score != full.score)
            fail_msg("%s: aspiration 1000 gave %d, the full window %d", fixtures_midgame[i],
                     asp.score, full.score);
    }
}

int main(void)
{
    core_init();
    eval_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rfp_never_pruning_is_off),
        cmocka_unit_test(test_rfp_prunes_when_on),
        cmocka_unit_test(test_aspiration_scores_are_not_window_edges),
        cmocka_unit_test(test_aspiration_keeps_the_score),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
