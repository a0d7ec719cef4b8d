/* test_martian_engine.c: the engine on Martian Chess (docs/rules/martian.md), for two players and
 * for four in two teams.
 *
 * What the tuners and the jobs rely on, checked on positions of random playouts from the start
 * of each game: the evaluation is exactly linear in the game's weights (eval == trace . weights,
 * through the piece-square cache too), turning the board so that the other side sits where the
 * side to move sat (the half turn; the quarter turn of the team game) changes nothing for the
 * side to move, and no term of another game counts. Then hand-counted features of small positions, and
 * the search's game ends: a win by the score, a draw on equal points at the clock, the clock
 * called when it wins, a capture that ends the game.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tests/lib/fixtures.h"

#include "core/fen.h"
#include "core/gamestate.h"
#include "core/makemove.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "search/eval.h"
#include "search/search.h"
#include "search/weights.h"

enum { ERR_LEN = 512, PLAYOUTS = 40, SETS = 6 };

/* The two-player game. */
static const Variant *martian(void) { return variant_get(VARIANT_MARTIAN); }

/* Parses a FEN of game v the test relies on, failing with the parser's message if it is bad. */
static void parse_game(Position *pos, const char *fen, const Variant *v)
{
    char err[ERR_LEN];
    if (!fen_parse_variant(pos, fen, v, err, sizeof err))
        fail_msg("bad FEN %s: %s", fen, err);
}

/* Parses a two-player Martian FEN. */
static void parse(Position *pos, const char *fen) { parse_game(pos, fen, martian()); }

/* A fixed pseudo-random sequence (64-bit LCG, high bits). */
static uint32_t rng_next(uint64_t *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return (uint32_t)(*s >> 33);
}

/* A weights vector of game v drawn uniformly from each of its weights' [min, max], the weights
 * of the other games 0 (as in every vector of v). */
static void weights_random(Weights *w, const Variant *v, uint64_t *seed)
{
    for (int i = 0; i < W_NB; i++) {
        uint32_t span = (uint32_t)(weight_defs[i].max - weight_defs[i].min + 1);
        w->v[i] = weight_defs[i].min + (int)(rng_next(seed) % span);
    }
    weights_keep_game(w, v);
}

/* sum coef[i] * w[i], computed independently of eval.c. */
static long dot(const int coef[W_NB], const Weights *w)
{
    long s = 0;
    for (int i = 0; i < W_NB; i++)
        s += (long)coef[i] * w->v[i];
    return s;
}

/* The weight sets every position of game v is checked under: start, default, material,
 * random. */
static void weight_sets(Weights sets[SETS], const Variant *v)
{
    char err[ERR_LEN];
    weights_start(&sets[0], v);
    weights_game_default(&sets[1], v);
    assert_true(weights_load_game(&sets[2], "material", v, err, sizeof err));
    uint64_t seed = 4141;
    for (int k = 3; k < SETS; k++)
        weights_random(&sets[k], v, &seed);
}

/* The position the other team sees as pos's side to move sees pos: the half turn of the
 * two-player board (position_mirror), the quarter turn of the four-player one. */
static void turn_to_opponent(const Position *pos, Position *out)
{
    if (pos->variant->players == 4)
        fixtures_position_quarter_turn(pos, out);
    else
        position_mirror(pos, out);
}

/* Checks one position: trace exactness under every set, the piece-square cache, the turned
 * image's equal trace and score, and no other game's term. */
static void check_position(const Position *pos, const Weights sets[SETS], EvalPst pst[SETS],
                           const char *where)
{
    Position mir;
    turn_to_opponent(pos, &mir);
    int f[T_NB], fm[T_NB];
    eval_features(pos, f);
    eval_features(&mir, fm);
    for (int t = 0; t < T_NB; t++) {
        if (f[t] && !weights_term_in_game(pos->variant, t))
            fail_msg("%s: %s, not a Martian term, is %d", where, weight_term_names[t], f[t]);
        if (f[t] != -fm[t])
            fail_msg("%s: %s is %d, %d in the mirror image", where, weight_term_names[t], f[t],
                     fm[t]);
    }
    for (int k = 0; k < SETS; k++) {
        int coef[W_NB], cm[W_NB];
        eval_trace(pos, &sets[k], coef);
        eval_trace(&mir, &sets[k], cm);
        long want = dot(coef, &sets[k]) / EVAL_TRACE_SCALE;
        int got = eval_evaluate(pos, &sets[k]);
        if (got != want)
            fail_msg("%s, set %d: eval %d, trace gives %ld", where, k, got, want);
        if (eval_evaluate_pst(pos, &sets[k], &pst[k]) != want)
            fail_msg("%s, set %d: the piece-square cache gives %d, the trace %ld", where, k,
                     eval_evaluate_pst(pos, &sets[k], &pst[k]), want);
        if (memcmp(coef, cm, sizeof coef) != 0 || eval_evaluate(&mir, &sets[k]) != got)
            fail_msg("%s, set %d: the mirror image's trace or score differs", where, k);
        assert_int_equal(coef[W_TEMPO_MG] + coef[W_TEMPO_EG], EVAL_PHASE_MAX);
    }
}

/* Random playouts of game v from the start (now and then a clock call): every position's
 * evaluation is exact, symmetric and Martian only; the games reach their ends. */
static void check_playouts(const Variant *v)
{
    static Weights sets[SETS];
    static EvalPst pst[SETS];
    weight_sets(sets, v);
    for (int k = 0; k < SETS; k++)
        eval_pst_build(&pst[k], &sets[k]);
    uint64_t seed = 99;
    int positions = 0, ended = 0, scored = 0, clocks = 0;
    for (int game = 0; game < PLAYOUTS; game++) {
        Position pos;
        parse_game(&pos, "start", v);
        for (int ply = 0; ply < 300; ply++) {
            char where[64];
            snprintf(where, sizeof where, "%s playout %d ply %d", v->name, game, ply);
            check_position(&pos, sets, pst, where);
            positions++;
            scored += pos.score[WHITE] + pos.score[BLACK] > 0;
            clocks += pos.clock != CLOCK_OFF;
            Move moves[MAX_MOVES];
            int n = movegen_legal(&pos, moves);
            if (gamestate_from_count(&pos, n) != GAME_ONGOING) {
                ended++;
                break;
            }
            /* clock calls (the second half of the list) one time in forty */
            int quiet = pos.clock == CLOCK_OFF ? n / 2 : n;
            bool call = pos.clock == CLOCK_OFF && rng_next(&seed) % 40 == 0;
            int i = (int)(rng_next(&seed) % (uint32_t)quiet) + (call ? quiet : 0);
            Undo u;
            move_do(&pos, moves[i], &u);
        }
    }
    print_message("%s: %d positions, %d with points scored, %d with the clock running, %d games "
                  "ended\n",
                  v->name, positions, scored, clocks, ended);
    assert_true(scored > positions / 4 && clocks > 100 && ended > PLAYOUTS / 2);
}

/* Random playouts of both games. */
static void test_playouts_trace_and_symmetry(void **state)
{
    (void)state;
    check_playouts(martian());
    check_playouts(variant_get(VARIANT_MARTIAN4));
}

/* Features (South minus North) of a FEN. */
static void features_of(const char *fen, int f[T_NB])
{
    Position pos;
    parse(&pos, fen);
    eval_features(&pos, f);
}

/* Hand-counted features. A South queen on a1, a North pawn on a8: the queen reaches a2-a7, b1-d1
 * and b2-d4 (12 empty squares) and takes the pawn (13 moves, one pawn attacked); the pawn's only
 * square is b7. */
static void test_features_by_hand(void **state)
{
    (void)state;
    int f[T_NB];
    features_of("P3/4/4/4/4/4/4/Q3 s 3 1 - -", f);
    assert_int_equal(f[T_QUEEN], 1);
    assert_int_equal(f[T_PAWN], -1);
    assert_int_equal(f[T_DRONE], 0);
    assert_int_equal(f[T_MOB_QUEEN], 13);
    assert_int_equal(f[T_MOB_PAWN], -1);
    assert_int_equal(f[T_ATTACK_PAWN], 1);
    assert_int_equal(f[T_ATTACK_QUEEN], 0);
    assert_int_equal(f[T_POINTS], 2);
    assert_int_equal(f[T_CLOCK_LEAD], 0);
    assert_int_equal(f[T_TEMPO], 1);
    /* South's pawns on a1 and b2 merge into a drone (no drone in South's half): one merge each
     * way (a1 onto b2, b2 onto a1); with a South drone on d4 they may not. */
    features_of("4/4/4/4/4/4/1P2/P3 n 0 0 - -", f);
    assert_int_equal(f[T_MERGES], 2);
    assert_int_equal(f[T_TEMPO], -1);
    features_of("4/4/4/4/3D/4/1P2/P3 n 0 0 - -", f);
    assert_int_equal(f[T_MERGES], 0);
    /* The clock: South leads by 2 with 3 moves left: 2 x (8 - 3). */
    features_of("Q3/4/4/4/4/4/4/3Q n 4 2 - 3", f);
    assert_int_equal(f[T_POINTS], 2);
    assert_int_equal(f[T_CLOCK_LEAD], 10);
    /* Piece-square terms: South's drone on b3 is on its file b and row 3; North's on c6 is, from
     * North's side (the half turn), on file b and row 3 too: they cancel. */
    features_of("4/4/2D1/4/4/1D2/4/4 s 0 0 - -", f);
    assert_int_equal(f[weight_zpst_file(DRONE, 1)], 0);
    assert_int_equal(f[weight_zpst_rank(DRONE, 2)], 0);
    features_of("4/4/4/4/4/1D2/4/4 s 0 0 - -", f);
    assert_int_equal(f[weight_zpst_file(DRONE, 1)], 1);
    assert_int_equal(f[weight_zpst_rank(DRONE, 2)], 1);
}

/* The search from fen at depth: its best move's text and its score. */
static void search_fen(Engine *e, const char *fen, int depth, char *move, int *score)
{
    Position pos;
    parse(&pos, fen);
    engine_new_game(e);
    assert_true(engine_set_position(e, &pos, NULL, 0));
    SearchLimits limits = {depth, 0, 0};
    Move m = engine_search(e, &limits, score, NULL, NULL, NULL);
    notation_move(&pos, m, move, MOVE_STR_LEN);
}

/* The search's game ends: scores decide, not a King. */
static void test_search_game_ends(void **state)
{
    (void)state;
    Engine *e = engine_new(1);
    assert_non_null(e);
    Weights w;
    weights_martian(&w);
    engine_set_weights(e, &w);
    char move[MOVE_STR_LEN];
    int score;
    /* South ahead 5-1, the clock at 1: any quiet move ends the game with South's win. */
    search_fen(e, "4/4/4/1P2/4/4/4/Q3 s 5 1 - 1", 4, move, &score);
    assert_true(score > SCORE_MATE_BOUND);
    /* Level 4-4 with the clock at 1 and no capture possible: a draw whatever South plays. */
    search_fen(e, "P3/4/4/4/4/4/4/3P s 4 4 - 1", 4, move, &score);
    assert_int_equal(score, 0);
    /* South leads 3-0, the clock not called, North's pawn far from South's two: calling it wins
     * in 8 plies (the call and seven moves), emptying South's half would take 15: the search
     * wins by calling. */
    search_fen(e, "P3/4/4/4/4/4/4/P2P s 3 0 - -", 9, move, &score);
    assert_true(score > SCORE_MATE_BOUND);
    assert_non_null(strchr(move, '*'));
    /* North's last piece on b5 can be taken by South's queen on b1: 2 points, North's half
     * empty, South wins 2-1 at once. */
    search_fen(e, "4/4/4/1D2/4/4/4/1Q2 s 0 1 - -", 2, move, &score);
    assert_string_equal(move, "b1xb5");
    assert_int_equal(score, SCORE_MATE - 1);
    /* A finished game has no move. */
    search_fen(e, "4/4/4/4/4/4/4/3Q n 4 6 - -", 3, move, &score);
    engine_free(e);
}

/* A game cut short by the match is scored by the points (docs/rules/martian.md 7: the clock's
 * scoring): at the maximum length, at a repetition and by a draw adjudication, the side ahead
 * wins, level is a draw. */
static void test_cut_short_by_points(void **state)
{
    (void)state;
    static const struct {
        const char *fen;
        long repetition, max_plies;
        int result; /* White's (South's) half points */
        Termination term;
    } cases[] = {
        /* no capture and no emptied half is possible in two plies */
        {"PP2/4/4/4/4/4/4/2QQ s 3 1 - -", 0, 2, 2, TERM_MAX_PLIES},
        {"PP2/4/4/4/4/4/4/2QQ s 1 3 - -", 0, 2, 0, TERM_MAX_PLIES},
        {"PP2/4/4/4/4/4/4/2QQ s 2 2 - -", 0, 2, 1, TERM_MAX_PLIES},
        /* the engines shuffle until a position comes back */
        {"PP2/4/4/4/4/4/4/2QQ s 4 0 - -", 2, 200, 2, TERM_REPETITION},
        /* a draw adjudication (any score counts as drawish: draw_score below): by the points
         * too, not a draw (repetition -1 here: that adjudication on, the repetition rule off) */
        {"PP2/4/4/4/4/4/4/2QQ s 3 1 - -", -1, 200, 2, TERM_ADJ_DRAW},
        {"PP2/4/4/4/4/4/4/2QQ s 1 3 - -", -1, 200, 0, TERM_ADJ_DRAW},
        {"PP2/4/4/4/4/4/4/2QQ s 2 2 - -", -1, 200, 1, TERM_ADJ_DRAW},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        bool adjudicated = cases[k].repetition < 0;
        GameSetup *s = fixtures_game_setup(1, adjudicated ? 0 : cases[k].repetition,
                                           cases[k].max_plies);
        assert_non_null(s);
        if (adjudicated) { /* after 2 plies whatever the scores */
            s->mc.draw_move_number = 1;
            s->mc.draw_move_count = 1;
            s->mc.draw_score = SCORE_INF;
        }
        weights_martian(&s->weights);
        Position pos;
        parse(&pos, cases[k].fen);
        game_play(&pos, &s->white, &s->black, &s->mc, &s->rec);
        if (s->rec.term != cases[k].term || s->rec.result != cases[k].result)
            fail_msg("%s: ended by %s with %d half points for South, want %s with %d", cases[k].fen,
                     game_termination_name(s->rec.term), s->rec.result,
                     game_termination_name(cases[k].term), cases[k].result);
        fixtures_game_free(s);
    }
}

/* The engine plays both games, with the same terms. */
static void test_engine_games(void **state)
{
    (void)state;
    assert_true(variant_get(VARIANT_MARTIAN)->engine);
    assert_true(variant_get(VARIANT_MARTIAN4)->engine);
    for (int i = 0; i < W_NB; i++)
        assert_int_equal(weights_in_game(martian(), i),
                         weights_in_game(variant_get(VARIANT_MARTIAN4), i));
    /* Martian's table: its own weights and the search's, none of Maxima's pieces. */
    const Variant *v = martian();
    assert_true(weights_in_game(v, W_POINTS_MG) && weights_in_game(v, W_QUEEN_EG));
    assert_true(weights_in_game(v, W_NMP_REDUCTION) && weights_in_game(v, W_TEMPO_MG));
    assert_false(weights_in_game(v, W_PINCER_MG) || weights_in_game(v, W_PHASE_MAGE));
    assert_false(weights_in_game(variant_get(VARIANT_MAXIMA), W_QUEEN_MG));
    /* Its start table is the official points. */
    Weights w;
    weights_martian(&w);
    assert_int_equal(w.v[W_PAWN_MG], 100);
    assert_int_equal(w.v[W_DRONE_MG], 200);
    assert_int_equal(w.v[W_QUEEN_EG], 300);
    assert_int_equal(w.v[W_POINTS_EG], 100);
    assert_int_equal(w.v[W_PINCER_MG], 0);
}

/* Runs the Martian engine tests. */
int main(void)
{
    core_init();
    eval_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_playouts_trace_and_symmetry),
        cmocka_unit_test(test_features_by_hand),
        cmocka_unit_test(test_search_game_ends),
        cmocka_unit_test(test_cut_short_by_points),
        cmocka_unit_test(test_engine_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
