/* test_selfplay_sampling.c: the positions [selfplay] sampling stores for the fit
 * (selfplay_sample_unit), read back from its payload and checked against the game they come
 * from.
 *
 * A game of random legal moves from the start (captures on the way, so that the capture search
 * resolves many positions to another leaf) is sampled with every position examined and none
 * dropped for its margin or its evaluation, so that the k-th stored position is the position
 * after k plies. Each stored position must carry the game's result for its side to move, and
 * its trace must give, under the sampling's weights, what the fit is told about it: with
 * sampling = leaf the stored score (the capture search's, from the examined position's side to
 * move), also when the leaf has the other side to move; with sampling = margin the examined
 * position's own static evaluation. The same for a game of four-player Martian Chess (no clock
 * called), where "side" is the team: players 3 and 4 get their team's result, and a leaf with
 * the partner to move keeps its trace's sign. */
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
#include "search/search.h"
#include "tune/jobs/catalog.h"
#include "tune/play/openings.h"
#include "tune/play/selfplay.h"

enum { PLIES = 64, RESULT = 2, ERR_LEN = 512 };

/* The game: PLIES random legal moves from the start (a fixed LCG), White's win. */
static Move game[PLIES];

/* The start position of game v. */
static void start_of(Position *pos, VariantId v)
{
    assert_true(fen_parse_variant(pos, "start", variant_get(v), NULL, 0));
}

/* Plays the game's random moves from v's start (the test's own numbers: a 64-bit LCG, high
 * bits); a zoned game's moves call no clock, so that it goes on for PLIES plies. */
static void make_game(VariantId v)
{
    Position pos;
    start_of(&pos, v);
    uint64_t s = 1;
    for (int i = 0; i < PLIES; i++) {
        Move list[MAX_MOVES];
        int n = movegen_legal(&pos, list), k = 0;
        for (int j = 0; j < n; j++)
            if (!move_calls_clock(list[j]))
                list[k++] = list[j];
        assert_true(k > 0);
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        game[i] = list[(uint32_t)(s >> 33) % (uint32_t)k];
        Undo u;
        move_do(&pos, game[i], &u);
    }
}

/* The game as the sampling's extra bytes (selfplay.c's games_pack: one game); malloc'd. */
static char *pack_game(size_t *len)
{
    uint64_t head[3] = {1, 0, PLIES};
    *len = sizeof head + sizeof game + 1;
    char *bytes = malloc(*len);
    assert_non_null(bytes);
    memcpy(bytes, head, sizeof head);
    memcpy(bytes + sizeof head, game, sizeof game);
    bytes[*len - 1] = RESULT;
    return bytes;
}

/* A selfplay config that examines every position from the first ply on and drops none for its
 * margin or evaluation, with the given sampling. */
static void load_config(Config *cfg, const char *sampling)
{
    char set[64], err[ERR_LEN];
    snprintf(set, sizeof set, "selfplay.sampling=%s", sampling);
    char *over[] = {"run.job=selfplay",
                    "run.name=t",
                    "selfplay.skip_plies=0",
                    "selfplay.sample_rate=1",
                    "selfplay.quiet_margin=100000",
                    "selfplay.max_eval=100000",
                    set};
    if (!config_load(cfg, NULL, over, sizeof over / sizeof over[0], err, sizeof err))
        fail_msg("the test's config: %s", err);
}

/* Reads the next integer of the payload at *p. */
static long next_int(const char **p)
{
    char *end;
    long v = strtol(*p, &end, 10);
    if (end == *p)
        fail_msg("payload ends early at \"%.40s\"", *p);
    *p = end;
    return v;
}

/* Samples the game of v with `sampling` and checks each stored position (see the file
 * comment); returns how many positions the capture search resolved to a leaf with the other
 * team to move. */
static int check_sampling(VariantId v, const char *sampling, bool leaf)
{
    make_game(v);
    Config cfg;
    load_config(&cfg, sampling);
    Position start;
    start_of(&start, v);
    Openings o = {.list = &start, .count = 1, .variant = v};
    Weights w;
    weights_game_default(&w, variant_get(v));
    Engine *e = selfplay_sampler_new(), *mine = engine_new(1);
    assert_non_null(e);
    assert_non_null(mine);
    engine_set_weights(mine, &w);
    size_t len;
    char *bytes = pack_game(&len);
    char *payload = selfplay_sample_unit(e, &cfg, &o, &w, bytes, len, 0);
    assert_non_null(payload);
    const char *p = payload;
    long count[10];
    for (int k = 0; k < 10; k++)
        count[k] = next_int(&p);
    /* examined kept noisy mate lopsided wins draws losses resolved scored */
    if (count[0] != PLIES || count[1] != PLIES)
        fail_msg("%s: %ld examined, %ld kept of %d plies: the test's game must keep them all",
                 sampling, count[0], count[1], PLIES);
    assert_int_equal(count[9], leaf);
    Position pos = start;
    int other_side = 0;
    for (int ply = 0; ply < PLIES; ply++) {
        int want = position_team(&pos) == WHITE ? RESULT : 2 - RESULT; /* his team's result */
        int result = (int)next_int(&p), score = leaf ? (int)next_int(&p) : 0;
        long n = next_int(&p), dot = 0;
        for (long k = 0; k < n; k++) {
            long index = next_int(&p), coef = next_int(&p);
            assert_true(index >= 0 && index < W_NB);
            dot += coef * w.v[index];
        }
        int told = leaf ? score : eval_evaluate(&pos, &w);
        if (result != want || dot / EVAL_TRACE_SCALE != told)
            fail_msg("%s, %s, ply %d (player %d to move, team %d): result %d (want %d), trace "
                     "gives %ld, %s %d",
                     variant_get(v)->name, sampling, ply, pos.side + 1, position_team(&pos) + 1,
                     result, want, dot / EVAL_TRACE_SCALE,
                     leaf ? "the stored score" : "the static eval", told);
        QuietLeaf q;
        assert_true(engine_set_position(mine, &pos, NULL, 0));
        if (leaf && engine_quiet_leaf(mine, &q) && position_team(&q.leaf) != position_team(&pos) &&
            q.score != 0)
            other_side++;
        Undo u;
        move_do(&pos, game[ply], &u);
    }
    free(payload);
    free(bytes);
    engine_free(e);
    engine_free(mine);
    return other_side;
}

/* sampling = leaf: the trace of a leaf with the other side to move is negated, as the score
 * is; some such leaves must be among the positions for the check to mean something. */
static void test_leaf_sampling(void **state)
{
    (void)state;
    int other = check_sampling(VARIANT_MAXIMA, "leaf", true);
    if (other == 0)
        fail_msg("no position resolved to a leaf with the other side to move: the check is empty");
}

/* sampling = margin: the examined position's own trace and label, for either side to move. */
static void test_margin_sampling(void **state)
{
    (void)state;
    check_sampling(VARIANT_MAXIMA, "margin", false);
}

/* Four-player Martian Chess: each position labelled with its player's team's result (players 3
 * and 4 too, whose team is not their number's colour), by either sampling; a leaf with the
 * other team to move has its trace negated (one with the partner to move keeps it). */
static void test_team_labels(void **state)
{
    (void)state;
    check_sampling(VARIANT_MARTIAN4, "margin", false);
    if (check_sampling(VARIANT_MARTIAN4, "leaf", true) == 0)
        fail_msg("martian4: no position resolved to a leaf with the other team to move");
}

/* Runs the sampling tests. */
int main(void)
{
    core_init();
    eval_init();
    catalog_register();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_leaf_sampling),
        cmocka_unit_test(test_margin_sampling),
        cmocka_unit_test(test_team_labels),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
