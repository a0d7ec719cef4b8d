/* test_quiet_leaf.c: engine_quiet_leaf, the capture search's principal variation (the quiet
 * positions of [selfplay] sampling = leaf).
 *
 * On the reference positions and on positions of random playouts from the start, under the
 * default and random weights: the score of the capture search at the root is the static
 * evaluation of the PV's leaf (negated when the leaf's side to move is not the root's), the
 * leaf's trace gives that evaluation exactly (sum coef * w / EVAL_TRACE_SCALE), the PV is a
 * line of legal moves that leads to the leaf, the engine's position is left as it was, and a
 * second call gives the same answer. Enough of the positions must resolve to another leaf for
 * the checks to mean something.
 */
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
#include "core/position.h"
#include "search/eval.h"
#include "search/search.h"

enum { HASH_MB = 1, ERR_LEN = 256, PLAYOUTS = 16, PLAYOUT_PLIES = 120 };

/* Deterministic pseudo-random numbers (64-bit LCG, high bits). */
static uint32_t rng_next(uint64_t *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return (uint32_t)(*s >> 33);
}

/* A weights vector drawn uniformly from every Maxima weight's [min, max] (the others 0); the
 * search parameters stay at their defaults (the capture search reads none). */
static void weights_random(Weights *w, uint64_t *seed)
{
    weights_default(w);
    for (int i = 0; i < W_PHASE_FIRST; i++) {
        uint32_t span = (uint32_t)(weight_defs[i].max - weight_defs[i].min + 1);
        w->v[i] = weight_defs[i].min + (int)(rng_next(seed) % span);
    }
    weights_keep_game(w, variant_get(VARIANT_MAXIMA));
}

/* What the checks saw. */
typedef struct Tally {
    int checked, resolved, refused;
} Tally;

/* Checks engine_quiet_leaf on pos under w (see the file comment). */
static void check_position(Engine *e, const Position *pos, const Weights *w, Tally *tally)
{
    char fen[256];
    fen_write(pos, fen, sizeof fen);
    engine_set_weights(e, w);
    assert_true(engine_set_position(e, pos, NULL, 0));
    QuietLeaf q, again;
    bool ok = engine_quiet_leaf(e, &q);
    assert_int_equal(e->pos.key, pos->key);
    assert_int_equal(engine_quiet_leaf(e, &again), ok);
    assert_int_equal(again.score, q.score);
    assert_int_equal(again.nmoves, q.nmoves);
    assert_memory_equal(again.moves, q.moves, (size_t)q.nmoves * sizeof(Move));
    if (!ok) {
        tally->refused++;
        return;
    }
    /* The PV is legal and leads to the leaf. */
    Position walk = *pos;
    for (int i = 0; i < q.nmoves; i++) {
        if (!movegen_is_legal(&walk, q.moves[i]))
            fail_msg("%s: PV move %d is illegal", fen, i + 1);
        Undo u;
        move_do(&walk, q.moves[i], &u);
    }
    assert_int_equal(walk.key, q.leaf.key);
    int sign = q.leaf.side == pos->side ? 1 : -1;
    int eval = eval_evaluate(&q.leaf, w);
    if (sign * eval != q.score)
        fail_msg("%s: capture search %d, leaf's static eval %d (sign %d, %d moves)", fen, q.score,
                 eval, sign, q.nmoves);
    /* The leaf's trace, from the root's view, is the score exactly. */
    int coef[W_NB];
    eval_trace(&q.leaf, w, coef);
    long dot = 0;
    for (int i = 0; i < W_NB; i++)
        dot += (long)(sign * coef[i]) * w->v[i];
    if (dot / EVAL_TRACE_SCALE != q.score)
        fail_msg("%s: trace gives %ld, capture search %d", fen, dot / EVAL_TRACE_SCALE, q.score);
    tally->checked++;
    tally->resolved += q.nmoves > 0;
}

/* Checks the positions of perft.epd (FEN before " ;"); returns how many. */
static int check_reference(Engine *e, const Weights *w, Tally *tally)
{
    FILE *f = fopen(MAXTUNE_REFDATA_DIR "/perft.epd", "r");
    if (!f)
        return 0;
    char line[1024], err[ERR_LEN];
    int n = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        char *semi = strstr(line, " ;");
        if (semi)
            *semi = '\0';
        Position pos;
        if (!line[0] || line[0] == '#' || !fen_parse(&pos, line, err, sizeof err))
            continue;
        check_position(e, &pos, w, tally);
        n++;
    }
    fclose(f);
    return n;
}

/* Random playouts from the start: every position on the way is checked. */
static void check_playouts(Engine *e, const Weights *w, uint64_t *seed, Tally *tally)
{
    for (int g = 0; g < PLAYOUTS; g++) {
        Position pos;
        assert_true(fen_parse(&pos, "start", NULL, 0));
        for (int ply = 0; ply < PLAYOUT_PLIES; ply++) {
            Move moves[MAX_MOVES];
            int n = movegen_legal(&pos, moves);
            if (n == 0)
                break;
            check_position(e, &pos, w, tally);
            Undo u;
            move_do(&pos, moves[rng_next(seed) % (uint32_t)n], &u);
        }
    }
}

/* The score is the leaf's evaluation and its trace, under default and random weights. */
static void test_leaf_is_evaluation(void **state)
{
    (void)state;
    Engine *e = engine_new(HASH_MB);
    assert_non_null(e);
    Weights sets[3];
    weights_default(&sets[0]);
    uint64_t seed = 2024;
    weights_random(&sets[1], &seed);
    weights_random(&sets[2], &seed);
    Tally tally = {0};
    for (int k = 0; k < 3; k++) {
        assert_true(check_reference(e, &sets[k], &tally) >= 30);
        check_playouts(e, &sets[k], &seed, &tally);
    }
    printf("quiet leaf: %d positions checked, %d resolved to another leaf, %d game ends\n",
           tally.checked, tally.resolved, tally.refused);
    assert_true(tally.checked > 5000);
    assert_true(tally.resolved > tally.checked / 10);
    engine_free(e);
}

/* A game end at the root (a bare King) is no static evaluation: refused. */
static void test_game_end_refused(void **state)
{
    (void)state;
    Engine *e = engine_new(HASH_MB);
    assert_non_null(e);
    Position pos;
    /* Black's last piece besides the King is gone: bare King, Black to move loses. */
    assert_true(fen_parse(&pos, "xxx2xxx/4k3/8/8/8/3D4/8/8/8/4K3/xxx2xxx b 0", NULL, 0));
    assert_true(engine_set_position(e, &pos, NULL, 0));
    QuietLeaf q;
    assert_false(engine_quiet_leaf(e, &q));
    assert_true(q.score < -SCORE_MATE_BOUND);
    engine_free(e);
}

int main(void)
{
    core_init();
    eval_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_leaf_is_evaluation),
        cmocka_unit_test(test_game_end_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
