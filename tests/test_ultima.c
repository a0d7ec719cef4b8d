/* test_ultima.c: the second game on random Ultima playouts (ULTIMA.md), beyond the reference
 * files of test_perft.c:
 * - every position of 40 seeded random playouts from the start: FEN round trip (text, key,
 *   board), make/unmake restoring the exact position and key after every legal move, the
 *   position invariants, the evaluation's trace exactness and its colour symmetry under the
 *   half turn (the symmetry of Ultima's start), and the game's end rules;
 * - the game is told apart by the FEN's row count, Mage and Guard are not Ultima pieces, a FEN
 *   of the other game is refused where a game is required, and a stalemate loses. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "tests/lib/fixtures.h"

#include "core/attack.h"
#include "core/fen.h"
#include "core/gamestate.h"
#include "core/makemove.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "search/eval.h"
#include "search/weights.h"

enum { PLAYOUTS = 40, MAX_PLIES = 200, ERR_LEN = 256 };

#define ULTIMA_START "rnbqkbnm/pppppppp/8/8/8/8/PPPPPPPP/MNBKQBNR w 0"

/* Deterministic pseudo-random numbers (64-bit LCG, high bits). */
static uint32_t lcg(uint64_t *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return (uint32_t)(*s >> 33);
}

/* Parses fen, failing the test with the parser's message if it is rejected. */
static void parse(Position *pos, const char *fen)
{
    char err[ERR_LEN];
    if (!fen_parse(pos, fen, err, sizeof err))
        fail_msg("\"%s\" rejected: %s", fen, err);
}

/* FEN round trip: the printed FEN parses to the same position and prints the same. */
static void check_round_trip(const Position *pos)
{
    char text[ERR_LEN], again[ERR_LEN];
    Position back;
    fen_write(pos, text, sizeof text);
    parse(&back, text);
    fen_write(&back, again, sizeof again);
    assert_string_equal(text, again);
    if (!fixtures_same_position(pos, &back))
        fail_msg("%s: parsed back to another position", text);
}

/* Every legal move's make/unmake restores the position; each child is consistent. */
static void check_make_unmake(Position *pos, const Move *list, int n)
{
    char why[ERR_LEN], text[MOVE_STR_LEN];
    for (int i = 0; i < n; i++) {
        Position before = *pos;
        Undo u;
        move_do(pos, list[i], &u);
        if (!position_is_consistent(pos, why, sizeof why)) {
            notation_move(&before, list[i], text, sizeof text);
            fail_msg("after %s: %s", text, why);
        }
        move_undo(pos, list[i], &u);
        if (!fixtures_same_position(pos, &before)) {
            notation_move(&before, list[i], text, sizeof text);
            fail_msg("undo of %s did not restore the position", text);
        }
    }
}

/* sum coef[i] * w[i], computed independently of eval.c. */
static long dot(const int coef[W_NB], const Weights *w)
{
    long s = 0;
    for (int i = 0; i < W_NB; i++)
        s += (long)coef[i] * w->v[i];
    return s;
}

/* The trace gives the evaluation exactly, and the half-turned position (colours and side
 * swapped) has the same trace and score and opposite features. */
static void check_eval(const Position *pos, const Weights *w)
{
    char fen[ERR_LEN];
    fen_write(pos, fen, sizeof fen);
    int coef[W_NB], mcoef[W_NB], f[T_NB], mf[T_NB];
    eval_trace(pos, w, coef);
    if (dot(coef, w) / EVAL_TRACE_SCALE != eval_evaluate(pos, w))
        fail_msg("%s: eval %d, trace gives %ld", fen, eval_evaluate(pos, w),
                 dot(coef, w) / EVAL_TRACE_SCALE);
    Position mir;
    position_mirror(pos, &mir);
    eval_trace(&mir, w, mcoef);
    for (int i = 0; i < W_NB; i++)
        if (coef[i] != mcoef[i])
            fail_msg("%s: coefficient of %s is %d, %d after the half turn", fen,
                     weight_defs[i].name, coef[i], mcoef[i]);
    eval_features(pos, f);
    eval_features(&mir, mf);
    for (int t = 0; t < T_NB; t++)
        assert_int_equal(f[t], -mf[t]);
    assert_int_equal(eval_evaluate(pos, w), eval_evaluate(&mir, w));
}

/* Seeded random playouts from the start; every position passes every check above. */
static void test_random_playouts(void **state)
{
    (void)state;
    Weights w;
    weights_ultima(&w);
    int positions = 0, finished = 0;
    for (int g = 0; g < PLAYOUTS; g++) {
        uint64_t seed = 1000u + (uint64_t)g;
        Position pos;
        parse(&pos, ULTIMA_START);
        for (int ply = 0; ply < MAX_PLIES; ply++) {
            Move list[MAX_MOVES];
            int n = movegen_legal(&pos, list);
            check_round_trip(&pos);
            check_make_unmake(&pos, list, n);
            check_eval(&pos, &w);
            positions++;
            GameState s = gamestate_from_count(&pos, n);
            /* Ultima ends only when the side to move has no legal move (ULTIMA.md 7). */
            assert_true(s == GAME_ONGOING || s == GAME_CHECKMATE || s == GAME_STALEMATE);
            assert_true((s == GAME_ONGOING) == (n > 0));
            if (n == 0) {
                assert_true(gamestate_is_loss(&pos, s));
                finished++;
                break;
            }
            Undo u;
            move_do(&pos, list[lcg(&seed) % (unsigned)n], &u);
        }
    }
    assert_true(positions > PLAYOUTS * 50);
    print_message("%d positions, %d playouts ended by the rules\n", positions, finished);
}

/* The row count tells the games apart; letters and rows are checked per game. */
static void test_fen_games(void **state)
{
    (void)state;
    Position pos;
    char err[ERR_LEN];
    parse(&pos, ULTIMA_START);
    assert_string_equal(pos.variant->name, "ultima");
    parse(&pos, "start");
    assert_string_equal(pos.variant->name, "maxima");
    static const struct {
        const char *fen, *keyword;
    } bad[] = {
        {"rnbqkbnm/pppppppp/8/8/8/8/PPPPPPPP/MNBKQBNG w 0", "'G' is not a piece of Ultima"},
        {"rnbqkbnm/ppppdppp/8/8/8/8/PPPPPPPP/MNBKQBNR w 0", "'d' is not a piece of Ultima"},
        {"rnbqkbnm/pppppppp/8/8/8/8/8/PPPPPPPP/MNBKQBNR w 0", "9 rows"},
        {"rnbqkbnm/pppppppp/8/8/8/8/PPPPPPPP/MNBKQBN w 0", "7 cells"},
        {"rnbq1bnm/pppppppp/8/8/8/8/PPPPPPPP/MNBKQBNR w 0", "no Black King"},
        {"x7/pppppppp/8/8/8/4k3/PPPPPPPP/MNBKQBNR w 0", "hole"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (fen_parse(&pos, bad[i].fen, err, sizeof err))
            fail_msg("\"%s\" was accepted", bad[i].fen);
        if (!strstr(err, bad[i].keyword))
            fail_msg("\"%s\": message \"%s\" lacks \"%s\"", bad[i].fen, err, bad[i].keyword);
    }
    const Variant *ultima = variant_find("ultima"), *maxima = variant_find("maxima");
    assert_non_null(ultima);
    assert_null(variant_find("baroque"));
    assert_true(fen_parse_variant(&pos, "start", ultima, err, sizeof err));
    char text[ERR_LEN];
    fen_write(&pos, text, sizeof text);
    assert_string_equal(text, ULTIMA_START);
    assert_false(fen_parse_variant(&pos, "start", NULL, err, 0) && pos.variant != maxima);
    assert_false(fen_parse_variant(&pos, ULTIMA_START, maxima, err, sizeof err));
    assert_non_null(strstr(err, "Maxima FENs have 11"));
    assert_false(fen_parse_variant(&pos, START_FEN, ultima, err, sizeof err));
    assert_non_null(strstr(err, "Ultima FENs have 8"));
}

/* Stalemate: a loss in Ultima, a draw in Maxima; no bare-king ending in Ultima. */
static void test_end_rules(void **state)
{
    (void)state;
    Position pos;
    /* ultima_moves.txt's stalemate_frozen_king: Black's King frozen, nothing else, no check. */
    parse(&pos, "k7/1M6/8/8/8/8/8/7K b 0");
    Move list[MAX_MOVES];
    int n = movegen_legal(&pos, list);
    assert_int_equal(n, 0);
    GameState s = gamestate_from_count(&pos, n);
    assert_int_equal(s, GAME_STALEMATE);
    assert_true(gamestate_is_loss(&pos, s));
    /* A bare King plays on in Ultima (Maxima's 8.2 does not apply). */
    parse(&pos, "k7/8/8/8/8/8/8/R6K b 0");
    assert_false(gamestate_bare_king(&pos));
    assert_int_equal(gamestate_of(&pos), GAME_ONGOING);
    Position maxima;
    parse(&maxima, "xxx2xxx/8/8/8/8/8/8/8/8/k6K/xxx1Dxxx b 0");
    assert_true(gamestate_bare_king(&maxima));
}

/* The start position is its own image under the half turn (colours swapped) but not under the
 * mirror through the middle rank (Kings on d1 and e8), so every feature but the tempo is 0. */
static void test_start_symmetry(void **state)
{
    (void)state;
    Position start, turned;
    parse(&start, ULTIMA_START);
    position_mirror(&start, &turned);
    assert_memory_equal(start.board, turned.board, sizeof start.board);
    int f[T_NB];
    eval_features(&start, f);
    for (int t = 0; t < T_NB; t++)
        if (t != T_TEMPO && f[t] != 0)
            fail_msg("start feature %s is %d", weight_term_names[t], f[t]);
    const Geometry *g = position_geo(&start);
    assert_int_equal(g->mirror[start.king[WHITE]], start.king[BLACK]);
    assert_int_equal(bb_popcount(g->real_mask), 64);
    assert_int_equal(g->palace_mask[WHITE] | g->palace_mask[BLACK], 0);
}

/* Builds the core and evaluation tables. */
static int setup(void **state)
{
    (void)state;
    core_init();
    eval_init();
    return 0;
}

/* Runs the Ultima tests. */
int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_playouts),
        cmocka_unit_test(test_fen_games),
        cmocka_unit_test(test_end_rules),
        cmocka_unit_test(test_start_symmetry),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
