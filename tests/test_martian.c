/* test_martian.c: Martian Chess in the rules core (docs/rules/martian.md 1-9), beyond the reference counts
 * and move lists of test_perft.c:
 *
 * - the game's description, and FENs naming their game by rows, row width and field count;
 * - the start position's perft 20, 312, 5312, 87140, 1609770;
 * - random playouts: at every ply the FEN round trip, make/unmake of every legal move restoring
 *   the position (board, scores, last crossing, clock, key, side), the incremental key equal to
 *   the key computed from scratch, and the board's 180-degree symmetry (the position turned with
 *   the sides swapped has the mirrored move list and the same perft);
 * - notation in and out ('-', 'x', '+', '*');
 * - the end of the game and its result;
 * - bad FENs, each rejected with a message naming its problem. */
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
#include "core/perft.h"
#include "core/position.h"

#define MARTIAN_START "QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ s 0 0 - -"

enum { ERR_LEN = 256, PLAYOUTS = 40, PLAYOUT_PLIES = 600 };

/* Parses fen, failing the test with the parser's message if it is rejected. */
static void parse(Position *pos, const char *fen)
{
    char err[ERR_LEN];
    if (!fen_parse(pos, fen, err, sizeof err))
        fail_msg("\"%s\" rejected: %s", fen, err);
}

/* A fixed pseudo-random sequence (xorshift64*), the same on every machine. */
static uint32_t next_random(uint64_t *state)
{
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return (uint32_t)((*state * 0x2545F4914F6CDD1Dull) >> 32);
}

/* Group setup: the core tables. */
static int setup(void **state)
{
    (void)state;
    core_init();
    return 0;
}

/* The description: name, title, board, zones, pieces, points, flags; the engine does not play
 * it yet. */
static void test_description(void **state)
{
    (void)state;
    const Variant *v = variant_find("martian");
    assert_non_null(v);
    assert_ptr_equal(v, variant_get(VARIANT_MARTIAN));
    assert_string_equal(v->title, "Martian Chess");
    assert_string_equal(v->start_fen, MARTIAN_START);
    assert_ptr_equal(variant_find_engine("martian"), v);
    assert_ptr_equal(variant_find_engine("martian4"), variant_get(VARIANT_MARTIAN4));
    assert_ptr_equal(variant_find_engine("ultima"), variant_get(VARIANT_ULTIMA));
    assert_string_equal(variant_names(), "maxima|ultima|martian|martian4");
    assert_string_equal(variant_engine_names(), "maxima|ultima|martian|martian4");
    assert_true(variant_zoned(v));
    assert_false(variant_zoned(variant_get(VARIANT_MAXIMA)));
    assert_false(v->kings);
    assert_true(v->scores && v->no_undo && v->empty_zone_ends);
    assert_int_equal(v->clock_moves, 7);
    assert_int_equal(v->points[PAWN] + v->points[DRONE] + v->points[QUEEN], 6);
    assert_int_equal(v->merge[PAWN][PAWN], DRONE);
    assert_int_equal(v->merge[PAWN][DRONE], QUEEN);
    assert_int_equal(v->merge[DRONE][PAWN], QUEEN);
    assert_int_equal(v->merge[DRONE][DRONE], NO_TYPE);
    assert_int_equal(v->merge[QUEEN][PAWN], NO_TYPE);
    const Geometry *geo = &v->geo;
    assert_int_equal(bb_popcount(geo->real_mask), 32);
    assert_int_equal(bb_popcount(geo->zone[WHITE]), 16);
    assert_int_equal(bb_popcount(geo->zone[BLACK]), 16);
    assert_true((geo->zone[WHITE] & geo->zone[BLACK]) == 0);
    assert_int_equal(geo->owner[sq_make(3, 4)], WHITE);          /* d4 */
    assert_int_equal(geo->owner[sq_make(0, 5)], BLACK);          /* a5 */
    assert_false(geo->real[sq_make(4, 1)]);                      /* e1 is not on the board */
    assert_int_equal(geo->mirror[sq_make(3, 1)], sq_make(0, 8)); /* d1 <-> a8 */
    /* The FEN's shape names the game. */
    assert_ptr_equal(variant_of_fen_shape(8, 4, 6, 0), v);
    assert_ptr_equal(variant_of_fen_shape(8, 5, 6, 0), v);
    assert_ptr_equal(variant_of_fen_shape(8, 4, 2, 0), v);
    assert_ptr_equal(variant_of_fen_shape(8, 8, 3, 0), variant_get(VARIANT_ULTIMA));
    assert_ptr_equal(variant_of_fen_shape(8, 7, 2, 0), variant_get(VARIANT_ULTIMA));
    assert_ptr_equal(variant_of_fen_shape(11, 8, 3, 0), variant_get(VARIANT_MAXIMA));
    assert_null(variant_of_fen_shape(9, 4, 6, 0));
}

/* The start position: its FEN names the game, writes back, and perft 1..5 is docs/rules/martian.md 3's. */
static void test_start_perft(void **state)
{
    (void)state;
    static const uint64_t want[] = {20, 312, 5312, 87140, 1609770};
    Position pos, named;
    char err[ERR_LEN], text[ERR_LEN];
    parse(&pos, MARTIAN_START);
    assert_ptr_equal(pos.variant, variant_get(VARIANT_MARTIAN));
    assert_true(fen_parse_variant(&named, "start", variant_get(VARIANT_MARTIAN), err, sizeof err));
    assert_true(fixtures_same_position(&pos, &named));
    fen_write(&pos, text, sizeof text);
    assert_string_equal(text, MARTIAN_START);
    assert_true(perft(&pos, 0) == 1);
    for (int d = 1; d <= 5; d++)
        if (perft(&pos, d) != want[d - 1])
            fail_msg("start perft %d: %llu, want %llu", d, (unsigned long long)perft(&pos, d),
                     (unsigned long long)want[d - 1]);
    Move list[MAX_MOVES];
    int n = movegen_legal(&pos, list), calls = 0;
    for (int i = 0; i < n; i++)
        calls += move_calls_clock(list[i]);
    assert_int_equal(calls, 10); /* every move also as a clock call */
}

/* The legal moves of pos, sorted (as numbers). */
static int sorted_moves(Position *pos, Move *list)
{
    int n = movegen_legal(pos, list);
    for (int i = 1; i < n; i++) /* insertion sort: short lists */
        for (int j = i; j > 0 && list[j - 1] > list[j]; j--) {
            Move t = list[j];
            list[j] = list[j - 1];
            list[j - 1] = t;
        }
    return n;
}

/* The move m turned through 180 degrees on g's board: squares mirrored, flags kept. */
static Move mirror_move(const Geometry *g, Move m)
{
    return (Move)(move_make(g->mirror[move_from(m)], g->mirror[move_to(m)]) |
                  (m & (MOVE_CALL | MOVE_MERGE)));
}

/* Checks one playout position: FEN round trip, key, symmetry, make/unmake of every legal move;
 * `deep`: also perft 3 of the position and its mirror image. */
static void check_ply(Position *pos, bool deep, const char *where)
{
    char why[ERR_LEN], fen[ERR_LEN], again[ERR_LEN], text[MOVE_STR_LEN];
    if (!position_is_consistent(pos, why, sizeof why))
        fail_msg("%s: inconsistent: %s", where, why);
    assert_true(pos->key == position_compute_key(pos));
    /* FEN round trip (the FEN keeps no ply count). */
    Position back;
    fen_write(pos, fen, sizeof fen);
    parse(&back, fen);
    back.plies = pos->plies;
    if (!fixtures_same_position(&back, pos))
        fail_msg("%s: \"%s\" parses to another position", where, fen);
    fen_write(&back, again, sizeof again);
    assert_string_equal(fen, again);
    /* The half turn with the sides swapped: mirrored moves, same perft, and back again. */
    Position mirror, twice;
    position_mirror(pos, &mirror);
    if (!position_is_consistent(&mirror, why, sizeof why))
        fail_msg("%s: mirror image inconsistent: %s", where, why);
    position_mirror(&mirror, &twice);
    assert_true(fixtures_same_position(&twice, pos));
    Move a[MAX_MOVES], b[MAX_MOVES], c[MAX_MOVES];
    int n = sorted_moves(pos, a), m = sorted_moves(&mirror, b);
    assert_int_equal(n, m);
    for (int i = 0; i < n; i++)
        c[i] = mirror_move(position_geo(pos), a[i]);
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && c[j - 1] > c[j]; j--) {
            Move t = c[j];
            c[j] = c[j - 1];
            c[j - 1] = t;
        }
    if (n && memcmp(b, c, (size_t)n * sizeof b[0]) != 0)
        fail_msg("%s: the mirror image's moves are not the mirrored moves (%s)", where, fen);
    int depth = deep ? 3 : 2;
    if (perft(pos, depth) != perft(&mirror, depth))
        fail_msg("%s: perft %d differs from its mirror image's (%s)", where, depth, fen);
    /* make/unmake restores everything; the key after each move is the computed one. */
    for (int i = 0; i < n; i++) {
        Position before = *pos;
        Undo u;
        move_do(pos, a[i], &u);
        if (!position_is_consistent(pos, why, sizeof why)) {
            notation_move(&before, a[i], text, sizeof text);
            fail_msg("%s: after %s: %s", where, text, why);
        }
        move_undo(pos, a[i], &u);
        if (!fixtures_same_position(pos, &before)) {
            notation_move(&before, a[i], text, sizeof text);
            fail_msg("%s: undoing %s did not restore %s", where, text, fen);
        }
    }
}

/* Random playouts from the start (clock calls now and then): every ply checked by check_ply;
 * the games end, by each of the ways, with a state that names a winner or a draw. */
static void test_random_playouts(void **state)
{
    (void)state;
    uint64_t seed = 0x4D61727321ull;
    int ended[GAME_NO_MOVES + 1] = {0}, merges = 0, captures = 0, calls = 0;
    for (int game = 0; game < PLAYOUTS; game++) {
        Position pos;
        parse(&pos, MARTIAN_START);
        for (int ply = 0; ply < PLAYOUT_PLIES; ply++) {
            char where[64];
            snprintf(where, sizeof where, "playout %d ply %d", game, ply);
            check_ply(&pos, ply % 16 == 5, where);
            Move list[MAX_MOVES];
            int n = movegen_legal(&pos, list);
            GameState s = gamestate_from_count(&pos, n);
            if (n == 0) {
                assert_true(s != GAME_ONGOING);
                ended[s]++;
                break;
            }
            assert_int_equal(s, GAME_ONGOING);
            /* Odd games call the clock one time in 60 (while the clock is off, half the moves
             * call it), even ones never: they end by an empty zone. */
            bool call = game % 2 && next_random(&seed) % 60 == 0;
            int k, tries = 0;
            do
                k = (int)(next_random(&seed) % (uint32_t)n);
            while (move_calls_clock(list[k]) != call && ++tries < 64);
            Square caps[MAX_CAPTURES];
            captures += move_captures(&pos, list[k], caps);
            merges += move_is_merge(list[k]);
            calls += move_calls_clock(list[k]);
            Undo u;
            move_do(&pos, list[k], &u);
        }
    }
    print_message("playouts: %d captures, %d merges, %d clock calls; ended: %d empty zone, %d "
                  "clock\n",
                  captures, merges, calls, ended[GAME_EMPTY_ZONE], ended[GAME_CLOCK]);
    assert_true(captures > 100 && merges > 0 && calls > 0);
    assert_true(ended[GAME_EMPTY_ZONE] > 0 && ended[GAME_CLOCK] > 0);
}

/* Every legal move's text parses back to it; the op and the call must be the move's. */
static void test_notation(void **state)
{
    (void)state;
    static const char *const fens[] = {
        MARTIAN_START,
        "4/4/2Q1/4/4/4/1P2/P1D1 s 3 4 - -",              /* merges to a queen */
        "4/4/1P2/P3/3P/4/P3/4 n 10 12 - -",              /* merges to a drone */
        "QQD1/QDP1/4/PPD1/QQDD/1P2/1PD1/1DQ1 s 0 0 - -", /* captures */
        "QQ2/1DD1/2PP/D3/3Q/PPDQ/2D1/1DQQ s 1 1 - 3",    /* clock running: no calls */
    };
    char err[ERR_LEN], text[MOVE_STR_LEN], pgn[MOVE_STR_LEN];
    for (size_t f = 0; f < sizeof fens / sizeof fens[0]; f++) {
        Position pos;
        parse(&pos, fens[f]);
        Move list[MAX_MOVES];
        int n = movegen_legal(&pos, list);
        assert_true(n > 0);
        for (int i = 0; i < n; i++) {
            notation_move(&pos, list[i], text, sizeof text);
            notation_move_pgn(&pos, list[i], pgn, sizeof pgn);
            assert_string_equal(text, pgn);
            Move back = notation_parse(&pos, text, err, sizeof err);
            if (back != list[i])
                fail_msg("%s: '%s' parses to %d (%s)", fens[f], text, back, err);
            char op = text[2];
            assert_true(op == (move_is_merge(list[i])        ? '+'
                               : pos.board[move_to(list[i])] ? 'x'
                                                             : '-'));
            assert_true((strchr(text, '*') != NULL) == move_calls_clock(list[i]));
        }
    }
    Position pos;
    parse(&pos, "4/4/2Q1/4/4/4/1P2/P1D1 s 3 4 - -");
    assert_int_equal(notation_parse(&pos, "b2-c1", err, sizeof err), MOVE_NONE);
    assert_non_null(strstr(err, "wrong op: the move is b2+c1"));
    assert_int_not_equal(notation_parse(&pos, "b2c1*", err, sizeof err), MOVE_NONE);
    assert_int_equal(notation_parse(&pos, "a1-b2", err, sizeof err), MOVE_NONE); /* blocked */
    assert_non_null(strstr(err, "not a legal move"));
    assert_int_equal(notation_parse(&pos, "a1-e5", err, sizeof err), MOVE_NONE);
    assert_non_null(strstr(err, "is not a move"));
    assert_int_equal(notation_parse(&pos, "b2+c1**", err, sizeof err), MOVE_NONE);
    parse(&pos, "QQ2/1DD1/2PP/D3/3Q/PPDQ/2D1/1DQQ s 1 1 - 3");
    assert_int_equal(notation_parse(&pos, "d4-d3*", err, sizeof err), MOVE_NONE); /* called */
}

/* Plays the moves (docs/rules/martian.md 5 notation) on pos, failing the test on a bad one. */
static void play(Position *pos, const char *const *moves, int n)
{
    char err[ERR_LEN];
    for (int i = 0; i < n; i++) {
        Move m = notation_parse(pos, moves[i], err, sizeof err);
        if (m == MOVE_NONE)
            fail_msg("%s", err);
        Undo u;
        move_do(pos, m, &u);
    }
}

/* What the moves do to the state: scores, merges, owners, last crossing, clock; and how the
 * game ends (docs/rules/martian.md 4-7). */
static void test_rules_and_endings(void **state)
{
    (void)state;
    Position pos;
    char fen[ERR_LEN];
    /* A capture across the canal scores, the capturer changes hands, the crossing is kept, and
     * the move straight back is not legal (also after a capture). */
    parse(&pos, "4/4/Q3/4/2Q1/4/4/4 s 0 3 - -");
    static const char *const capture[] = {"c4xa6"};
    play(&pos, capture, 1);
    fen_write(&pos, fen, sizeof fen);
    assert_string_equal(fen, "4/4/Q3/4/4/4/4/4 n 3 3 c4-a6 -");
    char err[ERR_LEN];
    assert_int_equal(notation_parse(&pos, "a6xc4", err, sizeof err), MOVE_NONE);
    assert_int_equal(gamestate_of(&pos), GAME_EMPTY_ZONE); /* South's zone is empty now */
    assert_int_equal(gamestate_winner(&pos, GAME_EMPTY_ZONE), WHITE); /* 3-3, South ended it */
    assert_true(gamestate_is_loss(&pos, GAME_EMPTY_ZONE));
    /* A merge: pawn onto drone makes a queen (South has none), scores nothing. */
    parse(&pos, "4/4/2Q1/4/4/4/1P2/P1D1 s 3 4 - -");
    static const char *const merge[] = {"b2+c1"};
    play(&pos, merge, 1);
    fen_write(&pos, fen, sizeof fen);
    assert_string_equal(fen, "4/4/2Q1/4/4/4/4/P1Q1 n 3 4 - -");
    /* The clock: called at 7, a capture sets it back to 7, other moves take one off, 0 ends. */
    parse(&pos, "Q3/4/3P/4/4/4/4/P2Q s 0 0 - -");
    static const char *const clock[] = {"d1-d2*", "a8-a7", "d2xd6", "a7-a6"};
    play(&pos, clock, 2);
    assert_int_equal(pos.clock, 6);
    play(&pos, clock + 2, 1);
    assert_int_equal(pos.clock, 7);
    assert_int_equal(pos.score[WHITE], 1);
    play(&pos, clock + 3, 1);
    assert_int_equal(pos.clock, 6);
    parse(&pos, "Q3/4/4/4/4/4/4/3Q n 4 4 - 0");
    assert_int_equal(gamestate_of(&pos), GAME_CLOCK);
    assert_int_equal(gamestate_winner(&pos, GAME_CLOCK), -1);
    assert_false(gamestate_is_loss(&pos, GAME_CLOCK));
    assert_true(perft(&pos, 4) == 1);
    parse(&pos, "Q3/4/4/4/4/4/4/3Q n 5 4 - 0");
    assert_int_equal(gamestate_winner(&pos, GAME_CLOCK), WHITE);
    /* Both at once: the 7th capture-less move empties the mover's zone: the zone rule. */
    parse(&pos, "P3/4/4/4/4/4/4/3Q s 4 4 - 1");
    static const char *const both[] = {"d1-d5"};
    play(&pos, both, 1);
    assert_int_equal(pos.clock, 0);
    assert_int_equal(gamestate_of(&pos), GAME_EMPTY_ZONE);
    assert_int_equal(gamestate_winner(&pos, GAME_EMPTY_ZONE), WHITE);
    /* No legal move (only the no-undo rule could do it; never met): scored as the clock. */
    parse(&pos, "Q3/4/4/4/4/4/4/3Q s 2 2 - -");
    assert_int_equal(gamestate_from_count(&pos, 0), GAME_NO_MOVES);
    assert_int_equal(gamestate_winner(&pos, GAME_NO_MOVES), -1);
    parse(&pos, "Q3/4/4/4/4/4/4/3Q s 2 3 - -");
    assert_int_equal(gamestate_winner(&pos, GAME_NO_MOVES), BLACK);
}

/* One malformed FEN and a word its error message must contain. */
typedef struct BadFen {
    const char *fen, *keyword;
} BadFen;

/* Every bad Martian FEN is rejected with one line naming its problem. */
static void test_bad_fens(void **state)
{
    (void)state;
    static const BadFen bad[] = {
        {"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ s -1 0 - -",
         "South score \"-1\" is not a non-negative"},
        {"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ s 0 x - -", "North score \"x\" is not a non-negative"},
        {"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ s 0 1.5 - -", "North score \"1.5\""},
        {"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ s 99999999 0 - -", "too large"},
        {"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ s 0 0 a6 -", "last crossing \"a6\" is malformed"},
        {"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ s 0 0 a6-e4 -", "is malformed"},
        {"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ s 0 0 a6-a4x -", "is malformed"},
        {"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ s 0 0 a4-a6 -", "a4 is not in the zone of North"},
        {"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ s 0 0 a5-a6 -", "a6 is not in the zone of South"},
        {"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ s 0 0 a6-b4 -", "not on one line"},
        {"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ s 0 0 a6-a4 -", "a6 holds a piece"},
        {"QQD1/QDP1/4/4/4/1PPD/1PDQ/1DQQ s 0 0 a6-a4 -", "a4 is empty"},
        {"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ s 0 0 - 8", "clock must be '-' or 0..7, got \"8\""},
        {"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ s 0 0 - -1", "clock must be"},
        {"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ s 0 0 - 07", "clock must be"},
        {"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ w 0 0 - -", "side to move must be 's' (South)"},
        {"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ S 0 0 - -", "side to move must be"},
        {"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ s 0 0 -", "missing the clock field"},
        {"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ s 0 0", "missing the last crossing field"},
        {"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ s", "missing the South score field"},
        {"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ", "expected a space and the side to move"},
        {"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ s 0 0 - - 12", "unexpected 7th field \"12\""},
        {"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ s 0 0 - - - -", "unexpected 7th field"},
        {"QQD1/QDP1/DPP2/4/4/1PPD/1PDQ/1DQQ s 0 0 - -", "row 3 (rank 6) has more than 4 cells"},
        {"QQD1/QDP1/DPP/4/4/1PPD/1PDQ/1DQQ s 0 0 - -", "row 3 (rank 6) has 3 cells, expected 4"},
        {"QQD2/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ s 0 0 - -", "row 1 (rank 8) has more than 4 cells"},
        {"QQD1/QDP1/DPP1/5/4/1PPD/1PDQ/1DQQ s 0 0 - -", "'5' is not a run of empty squares"},
        {"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQK s 0 0 - -", "'K' is not a piece of Martian Chess"},
        {"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQq s 0 0 - -", "upper case only"},
        {"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQZ s 0 0 - -", "unknown piece letter 'Z'"},
        {"QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQx s 0 0 - -", "'x' (hole) on real square d1"},
        {"QQD1/QDP1/DPP1/4/1PPD/1PDQ/1DQQ s 0 0 - -", "the board has 7 rows"},
        {"QQD1/QDP1/DPP1/4/4/4/1PPD/1PDQ/1DQQ s 0 0 - -", "the board has 9 rows"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        Position pos;
        char err[ERR_LEN] = "";
        if (fen_parse(&pos, bad[i].fen, err, sizeof err))
            fail_msg("\"%s\" was accepted", bad[i].fen);
        if (strncmp(err, "bad FEN at column ", 18) != 0 || !strstr(err, bad[i].keyword) ||
            strchr(err, '\n'))
            fail_msg("\"%s\": message \"%s\" lacks \"%s\"", bad[i].fen, err, bad[i].keyword);
    }
    /* A FEN of another game where Martian Chess is asked, and the other way round. */
    const Variant *martian = variant_get(VARIANT_MARTIAN);
    Position pos;
    char err[ERR_LEN];
    assert_false(fen_parse_variant(&pos, "rnbqkbnm/pppppppp/8/8/8/8/PPPPPPPP/MNBKQBNR w 0", martian,
                                   err, sizeof err));
    assert_non_null(strstr(err, "the rows have 8 cells, Martian Chess FENs have 4"));
    assert_false(
        fen_parse_variant(&pos, MARTIAN_START, variant_get(VARIANT_ULTIMA), err, sizeof err));
    assert_non_null(strstr(err, "the rows have 4 cells, Ultima FENs have 8"));
    assert_false(
        fen_parse_variant(&pos, MARTIAN_START, variant_get(VARIANT_MAXIMA), err, sizeof err));
    assert_non_null(strstr(err, "8 rows, Maxima FENs have 11"));
    /* Any piece counts are allowed, also an empty board (a finished game: one leaf). */
    parse(&pos, "4/4/4/4/4/4/4/4 n 0 0 - 5");
    assert_true(perft(&pos, 3) == 1);
    parse(&pos, "QQQQ/QQQQ/QQQQ/QQQQ/PPPP/PPPP/PPPP/PPPP s 123 0 - 0");
}

/* Runs the Martian Chess tests. */
int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_description),       cmocka_unit_test(test_start_perft),
        cmocka_unit_test(test_random_playouts),   cmocka_unit_test(test_notation),
        cmocka_unit_test(test_rules_and_endings), cmocka_unit_test(test_bad_fens),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
