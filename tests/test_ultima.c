/* test_ultima.c: the second game on random Ultima playouts (docs/rules/ultima.md), beyond the reference
 * files of test_perft.c:
 * - every position of 40 seeded random playouts from the start: FEN round trip (text, key,
 *   board), make/unmake restoring the exact position and key after every legal move, the
 *   position invariants, the evaluation's trace exactness and its colour symmetry under the
 *   half turn (the symmetry of Ultima's start) for the start weights and random weights over
 *   Ultima's table, no feature outside that table, each of Ultima's own terms met, and the
 *   game's end rules;
 * - the game is told apart by the FEN's row count, Mage and Guard are not Ultima pieces, a FEN
 *   of the other game is refused where a game is required, and a stalemate loses;
 * - Ultima's own terms (King attack by capture kind, frozen pieces by type, suicide) on
 *   hand-worked positions; its table of weights (names, groups, meanings, start values) and its
 *   weights files (round trip, another game's names refused with file and line). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* A weights vector drawn uniformly from every Ultima weight's [min, max], the others 0. */
static void weights_random_ultima(Weights *w, uint64_t *seed)
{
    for (int i = 0; i < W_NB; i++) {
        uint32_t span = (uint32_t)(weight_defs[i].max - weight_defs[i].min + 1);
        w->v[i] = weight_defs[i].min + (int)(lcg(seed) % span);
    }
    weights_keep_game(w, variant_find("ultima"));
}

/* sum coef[i] * w[i], computed independently of eval.c. */
static long dot(const int coef[W_NB], const Weights *w)
{
    long s = 0;
    for (int i = 0; i < W_NB; i++)
        s += (long)coef[i] * w->v[i];
    return s;
}

/* Terms seen non-zero in the playouts (each of Ultima's must be, so that the checks below reach
 * them). */
static bool term_seen[T_NB];

/* The trace gives the evaluation exactly, and the half-turned position (colours and side
 * swapped) has the same trace and score and opposite features; no term Ultima lacks counts. */
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
    for (int t = 0; t < T_NB; t++) {
        assert_int_equal(f[t], -mf[t]);
        if (f[t] != 0 && !weights_term_in_game(pos->variant, t))
            fail_msg("%s: feature %s, not an Ultima term, is %d", fen, weight_term_names[t], f[t]);
        term_seen[t] |= f[t] != 0;
    }
    assert_int_equal(eval_evaluate(pos, w), eval_evaluate(&mir, w));
}

/* Seeded random playouts from the start; every position passes every check above. */
static void test_random_playouts(void **state)
{
    (void)state;
    enum { SETS = 3 };
    Weights w[SETS];
    weights_ultima(&w[0]);
    uint64_t wseed = 77;
    for (int k = 1; k < SETS; k++)
        weights_random_ultima(&w[k], &wseed);
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
            for (int k = 0; k < SETS; k++)
                check_eval(&pos, &w[k]);
            positions++;
            GameState s = gamestate_from_count(&pos, n);
            /* Ultima ends only when the side to move has no legal move (docs/rules/ultima.md 7). */
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
    static const int own_terms[] = {
        T_FROZEN_PINCER,      T_FROZEN_COORDINATOR,    T_FROZEN_LEAPER,
        T_FROZEN_CHAMELEON,   T_FROZEN_WITHDRAWER,     T_FROZEN_IMMOBILIZER,
        T_SUICIDE_SPARE,      T_KING_ATTACK_PINCER,    T_KING_ATTACK_COORDINATOR,
        T_KING_ATTACK_LEAPER, T_KING_ATTACK_CHAMELEON, T_KING_ATTACK_WITHDRAWER,
        T_KING_ATTACK_KING};
    for (size_t k = 0; k < sizeof own_terms / sizeof own_terms[0]; k++)
        if (!term_seen[own_terms[k]])
            fail_msg("Ultima's term %s is 0 in every playout position",
                     weight_term_names[own_terms[k]]);
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

/* Features (White minus Black) of an Ultima FEN. */
static void features_of(const char *fen, int f[T_NB])
{
    Position pos;
    parse(&pos, fen);
    eval_features(&pos, f);
}

/* Ultima's own terms worked out by hand: the King attack by capture kind, the frozen pieces by
 * type and the suicide term; Maxima's frozen does not count in Ultima. */
static void test_own_terms(void **state)
{
    (void)state;
    int f[T_NB];
    /* Black King d5. White: Pincers d2 and a4 slide onto d4 (beside the King on its file and
     * rank), h7 reaches no such square; Long leaper d8 is the first piece north of the King;
     * Withdrawer e6 stands beside it; Chameleon a2 slides onto c4, beside it; Coordinator b1
     * with the own King e1 on the file next to the King's. Black: Pincer g2 slides onto e2,
     * beside the White King. */
    features_of("3N4/7P/4Q3/3k4/P7/8/B2P2p1/1R2K3 b 0", f);
    assert_int_equal(f[T_KING_ATTACK_PINCER], 2 - 1);
    assert_int_equal(f[T_KING_ATTACK_COORDINATOR], 1);
    assert_int_equal(f[T_KING_ATTACK_LEAPER], 1);
    assert_int_equal(f[T_KING_ATTACK_WITHDRAWER], 1);
    assert_int_equal(f[T_KING_ATTACK_CHAMELEON], 1);
    assert_int_equal(f[T_KING_ATTACK_KING], 0);
    /* The same with the White King on h1: no longer next to the Black King's rank or file. */
    features_of("3N4/7P/4Q3/3k4/P7/8/B2P2p1/1R5K b 0", f);
    assert_int_equal(f[T_KING_ATTACK_COORDINATOR], 0);
    /* Kings a1 and c2, two steps apart; the Black Immobilizer b1 freezes the White King, which
     * then counts nothing. */
    features_of("8/8/8/8/8/8/2k5/Km6 w 0", f);
    assert_int_equal(f[T_KING_ATTACK_KING], -1);
    assert_int_equal(f[T_KING_FROZEN], 1);
    /* Black Immobilizer c3 and White Chameleon b2 freeze each other; the White King a1 is
     * hemmed in by its own Pincers a2, b1 and the Chameleon, which holds a suicide. */
    features_of("7k/8/8/8/8/2m5/PB6/KP6 w 0", f);
    assert_int_equal(f[T_FROZEN_CHAMELEON], 1);
    assert_int_equal(f[T_FROZEN_IMMOBILIZER], -1);
    assert_int_equal(f[T_FROZEN_PINCER], 0);
    assert_int_equal(f[T_SUICIDE_SPARE], 1);
    assert_int_equal(f[T_FROZEN], 0);
    assert_int_equal(f[T_KING_FROZEN], 0);
    /* Each frozen piece costs a quarter of its ChessV value at the start weights. */
    Weights w;
    weights_ultima(&w);
    assert_int_equal(w.v[W_FROZEN_CHAMELEON_MG], -108);
    assert_int_equal(w.v[W_FROZEN_IMMOBILIZER_EG], -205);
    assert_int_equal(w.v[W_FROZEN_PINCER_MG], -25);
    assert_int_equal(w.v[W_FROZEN_MG], 0);
}

/* A fresh temporary file's name in buf. */
static void temp_path(char *buf, size_t len)
{
    snprintf(buf, len, "/tmp/maxtune_test_ultima_XXXXXX");
    int fd = mkstemp(buf);
    assert_true(fd >= 0);
    close(fd);
}

/* Writes text into path. */
static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

/* Loads text as an Ultima weights file that must fail with "path:line: " and fragment. */
static void expect_ultima_error(const char *text, int line, const char *fragment)
{
    char path[64], err[ERR_LEN] = "", prefix[96];
    temp_path(path, sizeof path);
    write_file(path, text);
    Weights w;
    bool ok = weights_load_game(&w, path, variant_find("ultima"), err, sizeof err);
    unlink(path);
    if (ok)
        fail_msg("file accepted:\n%s", text);
    snprintf(prefix, sizeof prefix, "%s:%d: ", path, line);
    if (strncmp(err, prefix, strlen(prefix)) != 0 || !strstr(err, fragment))
        fail_msg("message '%s', want '%s...%s...'", err, prefix, fragment);
}

/* Ultima's table: no Mage, Guard, palace or cylinder weights and no piece-square ranks 0, 9 or
 * 10; its groups, names and meanings are its own. */
static void test_weights_table(void **state)
{
    (void)state;
    const Variant *u = variant_find("ultima");
    static const char *const maxima_only[] = {"mage",
                                              "guard",
                                              "mob_mage",
                                              "mob_guard.eg",
                                              "palace_occupy",
                                              "palace_reach",
                                              "palace_double",
                                              "palace_close",
                                              "guard_shelter",
                                              "phase.mage",
                                              "phase.guard",
                                              "king_wrap_pressure",
                                              "pst_file.mage.a",
                                              "pst_rank.guard.3",
                                              "pst_rank.pincer.0",
                                              "pst_rank.king.9.mg",
                                              "pst_rank.king.10"};
    WeightSet set;
    char why[ERR_LEN];
    for (size_t k = 0; k < sizeof maxima_only / sizeof maxima_only[0]; k++) {
        assert_true(weights_term(maxima_only[k], &set)); /* Maxima's */
        assert_false(weights_term_game(u, maxima_only[k], &set, why, sizeof why));
        char want[ERR_LEN];
        snprintf(want, sizeof want, "'%s' is not an Ultima weight", maxima_only[k]);
        assert_string_equal(why, want);
    }
    assert_false(weights_term_game(u, "bishop", &set, why, sizeof why));
    assert_string_equal(why, "unknown weight 'bishop'");
    assert_true(weights_term_game(u, "pst_rank.pincer.8", &set, why, sizeof why));
    assert_int_equal(set.n, 2);
    int idx[W_NB], n = weights_group_game(u, "@all", idx, W_NB);
    assert_int_equal(n, weights_game_count(u));
    for (int i = 0; i < n; i++)
        assert_true(weights_in_game(u, idx[i]));
    assert_int_equal(weights_group_game(u, "@material", idx, W_NB), 12);
    assert_int_equal(weights_group_game(u, "@pst", idx, W_NB), 2 * 7 * (8 + 8));
    assert_int_equal(weights_group_game(u, "@phase", idx, W_NB), 6);
    assert_int_equal(weights_group_game(u, "@palace", idx, W_NB), 0);
    assert_int_equal(weights_group_game(u, "@nothing", idx, W_NB), -1);
    assert_string_equal(weights_doc(u, weight_eg(weight_pst_rank(KING, 1))),
                        "on its own back rank (end game)");
    assert_string_equal(weights_doc(u, weight_mg(weight_pst_file(PINCER, 0))),
                        "on file a from its own side (Black: h) (middle game)");
    assert_string_equal(weights_doc(u, W_TEMPO_MG), weight_defs[W_TEMPO_MG].doc);
    /* The start table has nothing outside Ultima's table. */
    Weights w;
    weights_ultima(&w);
    for (int i = 0; i < W_NB; i++)
        if (!weights_in_game(u, i) && w.v[i] != 0)
            fail_msg("start value of %s, not an Ultima weight, is %d", weight_defs[i].name, w.v[i]);
}

/* An Ultima weights file has Ultima's weights only, reads back to the same vector, and a name
 * Ultima lacks is refused with file and line. */
static void test_weights_files(void **state)
{
    (void)state;
    const Variant *u = variant_find("ultima");
    char path[64], err[ERR_LEN] = "", line[512];
    temp_path(path, sizeof path);
    uint64_t seed = 4242;
    for (int k = 0; k < 3; k++) {
        Weights w, back;
        if (k == 0)
            weights_ultima(&w);
        else
            weights_random_ultima(&w, &seed);
        assert_true(weights_save_game(&w, u, path, err, sizeof err));
        memset(&back, 0x55, sizeof back);
        if (!weights_load_game(&back, path, u, err, sizeof err))
            fail_msg("set %d: %s", k, err);
        assert_memory_equal(back.v, w.v, sizeof w.v);
    }
    /* One line a weight, each of them Ultima's. */
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    int rows = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        *strchr(line, ' ') = '\0';
        int i = weights_find(line);
        assert_true(i >= 0 && weights_in_game(u, i));
        rows++;
    }
    fclose(f);
    unlink(path);
    assert_int_equal(rows, weights_game_count(u));
    expect_ultima_error("pincer = 90\nmage = 700\n", 2, "'mage' is not an Ultima weight");
    expect_ultima_error("palace_occupy.mg = 1\n", 1, "'palace_occupy.mg' is not an Ultima weight");
    expect_ultima_error("pst_rank.king.0 = 1\n", 1, "'pst_rank.king.0' is not an Ultima weight");
    expect_ultima_error("bishop = 3\n", 1, "unknown weight 'bishop'");
    /* "ultima" and "material" are built on weights_ultima, "default" is the tuned table
     * (search/ultima.weights, read on top of it). */
    Weights w, want;
    weights_ultima(&want);
    assert_true(weights_load_game(&w, "ultima", u, err, sizeof err));
    assert_memory_equal(w.v, want.v, sizeof w.v);
    assert_true(weights_load_game(&w, "default", u, err, sizeof err));
    Weights tuned;
    weights_ultima_default(&tuned);
    assert_memory_equal(w.v, tuned.v, sizeof w.v);
    assert_true(weights_load_game(&tuned, "search/ultima.weights", u, err, sizeof err));
    assert_memory_equal(w.v, tuned.v, sizeof w.v);
    assert_int_not_equal(w.v[W_COORDINATOR_MG], want.v[W_COORDINATOR_MG]);
    for (int i = 0; i < W_NB; i++)
        if (!weights_in_game(u, i))
            assert_int_equal(w.v[i], 0);
    assert_true(weights_load_game(&w, "material", u, err, sizeof err));
    assert_int_equal(w.v[W_LEAPER_EG], 530);
    assert_int_equal(w.v[W_TEMPO_MG], 0);
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
        cmocka_unit_test(test_random_playouts), cmocka_unit_test(test_fen_games),
        cmocka_unit_test(test_end_rules),       cmocka_unit_test(test_start_symmetry),
        cmocka_unit_test(test_own_terms),       cmocka_unit_test(test_weights_table),
        cmocka_unit_test(test_weights_files),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
