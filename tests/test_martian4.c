/* test_martian4.c: four-player Martian Chess in the rules core (docs/rules/martian.md 10), beyond the
 * reference counts and move lists of test_perft.c:
 *
 * - the game's description (quadrants, owners, teams, turn order), and FENs naming it by row
 *   width, field count and side to move;
 * - the start position's perft 22, 366, 5412, 75635;
 * - random playouts: at every ply the FEN round trip, make/unmake of every legal move restoring
 *   the position (board, team scores, clock, key, side), the incremental key equal to the key
 *   computed from scratch, the half turn (partners' quadrants swapped, scores kept) and the
 *   quarter turn (every player's quadrant to the next player's, scores swapped): each image has
 *   the turned move list and the same perft;
 * - the rules of 10.5-10.8: a partner's piece captured for the team, merges counting the mover's
 *   quadrant only, no no-undo rule, the clock counting every player's moves, the ends and the
 *   team results;
 * - bad four-player FENs, each rejected with one line naming its problem. */
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

#define START4 "QQD2DQQ/QDP2PDQ/DPP2PPD/8/8/DPP2PPD/QDP2PDQ/QQD2DQQ 1 0 0 -"

enum { ERR_LEN = 256, PLAYOUTS = 60, PLAYOUT_PLIES = 800 };

/* Parses fen, failing the test with the parser's message if it is rejected. */
static void parse(Position *pos, const char *fen)
{
    char err[ERR_LEN];
    if (!fen_parse(pos, fen, err, sizeof err))
        fail_msg("\"%s\" rejected: %s", fen, err);
}

/* Plays the moves (docs/rules/martian.md 10.10 notation) on pos, failing the test on a bad one. */
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

/* The FEN of pos. */
static const char *fen_of(const Position *pos)
{
    static char text[ERR_LEN];
    fen_write(pos, text, sizeof text);
    return text;
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

/* The description: name, title, board, quadrants and their owners, teams, turn order, flags. */
static void test_description(void **state)
{
    (void)state;
    const Variant *v = variant_find("martian4");
    assert_non_null(v);
    assert_ptr_equal(v, variant_get(VARIANT_MARTIAN4));
    assert_string_equal(v->title, "Martian Chess (four players)");
    assert_string_equal(v->start_fen, START4);
    assert_ptr_equal(variant_find_engine("martian4"), v);
    assert_true(variant_zoned(v) && v->scores && v->empty_zone_ends && v->engine);
    assert_false(v->no_undo || v->kings);
    assert_int_equal(v->clock_moves, 7);
    assert_int_equal(v->players, 4);
    assert_int_equal(v->fen_fields, 5);
    static const uint8_t team[4] = {WHITE, BLACK, WHITE, BLACK}, next[4] = {1, 2, 3, 0};
    assert_memory_equal(v->team, team, 4);
    assert_memory_equal(v->next, next, 4);
    const Geometry *geo = &v->geo;
    assert_int_equal(geo->shape.zones, ZONES_QUADRANTS);
    assert_int_equal(bb_popcount(geo->real_mask), 64);
    Bitboard all = 0;
    for (int p = 0; p < 4; p++) {
        assert_int_equal(bb_popcount(geo->zone[p]), 16);
        assert_true((all & geo->zone[p]) == 0);
        all |= geo->zone[p];
    }
    assert_true(all == geo->real_mask);
    static const char *const corner[4][2] = {
        {"a1", "d4"}, {"a5", "d8"}, {"e5", "h8"}, {"e1", "h4"}};
    for (int p = 0; p < 4; p++)
        for (int k = 0; k < 2; k++) {
            int len, sq = square_parse(geo, corner[p][k], &len);
            assert_int_equal(geo->owner[sq], p);
        }
    /* The FEN's shape names the game: the width first, then the side's letter, then fields. */
    assert_ptr_equal(variant_of_fen_shape(8, 8, 5, '1'), v);
    assert_ptr_equal(variant_of_fen_shape(8, 8, 4, '3'), v);
    assert_ptr_equal(variant_of_fen_shape(8, 8, 6, '4'), v);
    assert_ptr_equal(variant_of_fen_shape(8, 8, 5, '9'), v);
    assert_ptr_equal(variant_of_fen_shape(8, 8, 3, 'w'), variant_get(VARIANT_ULTIMA));
    assert_ptr_equal(variant_of_fen_shape(8, 8, 5, 'b'), variant_get(VARIANT_ULTIMA));
    assert_ptr_equal(variant_of_fen_shape(8, 8, 2, 0), variant_get(VARIANT_ULTIMA));
    assert_ptr_equal(variant_of_fen_shape(8, 4, 5, '1'), variant_get(VARIANT_MARTIAN));
}

/* The start position: its FEN names the game, writes back, 22 moves (11 and their clock calls),
 * perft 1..4 of docs/rules/martian.md 10.4 (5 is in test_perft). */
static void test_start_perft(void **state)
{
    (void)state;
    static const uint64_t want[] = {22, 366, 5412, 75635};
    Position pos, named;
    char err[ERR_LEN];
    parse(&pos, START4);
    assert_ptr_equal(pos.variant, variant_get(VARIANT_MARTIAN4));
    assert_true(fen_parse_variant(&named, "start", pos.variant, err, sizeof err));
    assert_true(fixtures_same_position(&pos, &named));
    assert_string_equal(fen_of(&pos), START4);
    assert_true(perft(&pos, 0) == 1);
    for (int d = 1; d <= 4; d++)
        if (perft(&pos, d) != want[d - 1])
            fail_msg("start perft %d: %llu, want %llu", d, (unsigned long long)perft(&pos, d),
                     (unsigned long long)want[d - 1]);
    Move list[MAX_MOVES];
    int n = movegen_legal(&pos, list), calls = 0;
    for (int i = 0; i < n; i++)
        calls += move_calls_clock(list[i]);
    assert_int_equal(calls, 11);
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

/* The quarter turn of a square (fixtures.h). */
static int quarter_turn(int sq) { return fixtures_quarter_turn(sq); }

/* The map of a turn of the board, by square (a quarter turn or the half turn). */
typedef int (*SquareMap)(int sq);

/* The geometry's half turn of square sq (Geometry.mirror of the four-player board). */
static int half_turn(int sq) { return variant_get(VARIANT_MARTIAN4)->geo.mirror[sq]; }

/* Checks that image, pos turned by `map`, is consistent, has pos's moves turned and the same
 * perft to `depth`. */
static void check_turned(Position *pos, Position *image, SquareMap map, int depth, const char *what,
                         const char *where)
{
    char why[ERR_LEN];
    if (!position_is_consistent(image, why, sizeof why))
        fail_msg("%s: %s image inconsistent: %s", where, what, why);
    Move a[MAX_MOVES], b[MAX_MOVES], c[MAX_MOVES];
    int n = sorted_moves(pos, a), m = sorted_moves(image, b);
    if (n != m)
        fail_msg("%s: %d moves, its %s image %d (%s)", where, n, what, m, fen_of(pos));
    for (int i = 0; i < n; i++)
        c[i] = (Move)(move_make(map(move_from(a[i])), map(move_to(a[i]))) |
                      (a[i] & (MOVE_CALL | MOVE_MERGE)));
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && c[j - 1] > c[j]; j--) {
            Move t = c[j];
            c[j] = c[j - 1];
            c[j - 1] = t;
        }
    if (n && memcmp(b, c, (size_t)n * sizeof b[0]) != 0)
        fail_msg("%s: the %s image's moves are not the turned moves (%s)", where, what,
                 fen_of(pos));
    if (perft(pos, depth) != perft(image, depth))
        fail_msg("%s: perft %d differs from its %s image's (%s)", where, depth, what, fen_of(pos));
}

/* Checks one playout position: FEN round trip, key, both turns of the board, make/unmake of
 * every legal move; `deep`: perft 3 of the images, else 2. */
static void check_ply(Position *pos, bool deep, const char *where)
{
    char why[ERR_LEN], fen[ERR_LEN], text[MOVE_STR_LEN];
    if (!position_is_consistent(pos, why, sizeof why))
        fail_msg("%s: inconsistent: %s", where, why);
    assert_true(pos->key == position_compute_key(pos));
    Position back;
    fen_write(pos, fen, sizeof fen);
    parse(&back, fen);
    back.plies = pos->plies;
    if (!fixtures_same_position(&back, pos))
        fail_msg("%s: \"%s\" parses to another position", where, fen);
    assert_string_equal(fen_of(&back), fen);
    /* The quarter turn four times, and the half turn twice, give the position back. */
    Position turned[4], half, twice;
    fixtures_position_quarter_turn(pos, &turned[0]);
    for (int k = 1; k < 4; k++)
        fixtures_position_quarter_turn(&turned[k - 1], &turned[k]);
    assert_true(fixtures_same_position(&turned[3], pos));
    position_mirror(pos, &half);
    position_mirror(&half, &twice);
    assert_true(fixtures_same_position(&twice, pos));
    assert_true(fixtures_same_position(&half, &turned[1])); /* two quarter turns */
    int depth = deep ? 3 : 2;
    check_turned(pos, &turned[0], quarter_turn, depth, "quarter-turn", where);
    check_turned(pos, &half, half_turn, depth, "half-turn", where);
    Move list[MAX_MOVES];
    int n = movegen_legal(pos, list);
    for (int i = 0; i < n; i++) {
        Position before = *pos;
        Undo u;
        move_do(pos, list[i], &u);
        if (!position_is_consistent(pos, why, sizeof why)) {
            notation_move(&before, list[i], text, sizeof text);
            fail_msg("%s: after %s: %s", where, text, why);
        }
        assert_int_equal(pos->side, (before.side + 1) % 4);
        move_undo(pos, list[i], &u);
        if (!fixtures_same_position(pos, &before)) {
            notation_move(&before, list[i], text, sizeof text);
            fail_msg("%s: undoing %s did not restore %s", where, text, fen);
        }
    }
}

/* Random playouts from the start (clock calls now and then): every ply checked by check_ply;
 * the games end, by both ways, with a team result. */
static void test_random_playouts(void **state)
{
    (void)state;
    uint64_t seed = 0x4D61727334ull;
    int ended[GAME_NO_MOVES + 1] = {0}, merges = 0, captures = 0, partner = 0, calls = 0;
    for (int game = 0; game < PLAYOUTS; game++) {
        Position pos;
        parse(&pos, START4);
        for (int ply = 0; ply < PLAYOUT_PLIES; ply++) {
            char where[64];
            snprintf(where, sizeof where, "playout %d ply %d", game, ply);
            check_ply(&pos, ply % 24 == 7, where);
            Move list[MAX_MOVES];
            int n = movegen_legal(&pos, list);
            GameState s = gamestate_from_count(&pos, n);
            if (n == 0) {
                assert_true(s == GAME_EMPTY_ZONE || s == GAME_CLOCK); /* never no moves */
                ended[s]++;
                break;
            }
            assert_int_equal(s, GAME_ONGOING);
            bool call = game % 2 && next_random(&seed) % 80 == 0;
            int k, tries = 0;
            do
                k = (int)(next_random(&seed) % (uint32_t)n);
            while (move_calls_clock(list[k]) != call && ++tries < 64);
            const Geometry *geo = position_geo(&pos);
            Square caps[MAX_CAPTURES];
            int captured = move_captures(&pos, list[k], caps);
            captures += captured;
            partner += captured && geo->owner[caps[0]] == (pos.side + 2) % 4;
            merges += move_is_merge(list[k]);
            calls += move_calls_clock(list[k]);
            Undo u;
            move_do(&pos, list[k], &u);
        }
    }
    print_message("playouts: %d captures (%d of a partner's piece), %d merges, %d clock calls; "
                  "ended: %d empty quadrant, %d clock\n",
                  captures, partner, merges, calls, ended[GAME_EMPTY_ZONE], ended[GAME_CLOCK]);
    assert_true(captures > 100 && partner > 0 && merges > 0 && calls > 0);
    assert_true(ended[GAME_EMPTY_ZONE] > 0 && ended[GAME_CLOCK] > 0);
}

/* What the moves do (docs/rules/martian.md 10.5-10.8): team scores, partners' pieces, merges, no no-undo
 * rule, the clock, the ends and their team results. */
static void test_rules_and_endings(void **state)
{
    (void)state;
    Position pos;
    char err[ERR_LEN];
    /* A partner's piece is captured for the team; the capturer is then the partner's. */
    parse(&pos, "D6Q/8/8/3PD3/3QQ3/8/8/P6P 1 3 5 -");
    static const char *const partner[] = {"d4xe5"};
    play(&pos, partner, 1);
    assert_string_equal(fen_of(&pos), "D6Q/8/8/3PQ3/4Q3/8/8/P6P 2 5 5 -");
    /* Player 4's e4 queen may take the partner's d5 pawn, also for team 2+4 */
    static const char *const partner2[] = {"a8-b8", "e5-f6", "e4xd5"};
    play(&pos, partner2, 3);
    assert_string_equal(fen_of(&pos), "1D5Q/8/5Q2/3Q4/8/8/8/P6P 1 5 6 -");
    /* No no-undo rule: the piece that just crossed may go straight back. */
    parse(&pos, START4);
    static const char *const back[] = {"a3-a5", "a5-a3"};
    play(&pos, back, 2);
    assert_string_equal(fen_of(&pos),
                        "QQD2DQQ/QDP2PDQ/DPP2PPD/8/8/DPP2PPD/QDP2PDQ/QQD2DQQ 3 0 0 -");
    /* Merges count the mover's quadrant only: the partner's and the opponents' drones do not
     * forbid a pawn pair; a drone of his own does. */
    parse(&pos, "7Q/2P5/1P3D2/P7/8/8/1D4D1/Q6P 2 4 4 -");
    static const char *const merge[] = {"b6+c7"};
    play(&pos, merge, 1);
    assert_string_equal(fen_of(&pos), "7Q/2D5/5D2/P7/8/8/1D4D1/Q6P 3 4 4 -");
    parse(&pos, "7Q/2P5/1P6/D7/8/8/8/Q6P 2 4 4 -");
    assert_int_equal(notation_parse(&pos, "b6+c7", err, sizeof err), MOVE_NONE);
    /* The clock counts every player's moves; a capture by anyone sets it back to 7. */
    parse(&pos, START4);
    static const char *const clock[] = {"c3-d4*", "c6-d5", "f6-e5", "f3-e4", "d4xe5"};
    play(&pos, clock, 4);
    assert_int_equal(pos.clock, 4);
    play(&pos, clock + 4, 1);
    assert_int_equal(pos.clock, 7);
    assert_int_equal(pos.score[WHITE], 1); /* the partner's pawn, for team 1+3 */
    /* The clock runs out: a tie is a draw, else the higher team score wins. */
    parse(&pos, "7Q/8/8/3D4/8/3P4/6D1/Q7 2 10 10 1");
    static const char *const last[] = {"d5-d6"};
    play(&pos, last, 1);
    assert_int_equal(gamestate_of(&pos), GAME_CLOCK);
    assert_int_equal(gamestate_winner(&pos, GAME_CLOCK), -1);
    assert_true(perft(&pos, 3) == 1);
    parse(&pos, "7Q/8/3D4/8/8/3P4/6D1/Q7 3 10 11 0");
    assert_int_equal(gamestate_winner(&pos, GAME_CLOCK), BLACK);
    assert_true(gamestate_is_loss(&pos, GAME_CLOCK)); /* player 3 is of team 1+3 */
    /* Both at once: player 2 empties his quadrant with the clock's last move: the empty
     * quadrant decides, the tie to his team. */
    parse(&pos, "7Q/8/8/3D4/8/3P4/6D1/Q7 2 10 10 1");
    static const char *const both[] = {"d5-d4"};
    play(&pos, both, 1);
    assert_int_equal(pos.clock, 0);
    assert_int_equal(gamestate_of(&pos), GAME_EMPTY_ZONE);
    assert_int_equal(gamestate_winner(&pos, GAME_EMPTY_ZONE), BLACK);
    /* Player 4 moves his last piece out: a tie goes to team 2+4, a partner's capture decides. */
    parse(&pos, "Q6Q/8/8/3P4/4P3/3D4/8/Q7 4 15 15 -");
    static const char *const out[] = {"e4-f5"};
    play(&pos, out, 1);
    assert_int_equal(gamestate_of(&pos), GAME_EMPTY_ZONE);
    assert_int_equal(gamestate_winner(&pos, GAME_EMPTY_ZONE), BLACK);
    assert_true(gamestate_is_loss(&pos, GAME_EMPTY_ZONE)); /* player 1 is of team 1+3 */
    parse(&pos, "Q6Q/8/8/3P4/4P3/3D4/8/Q7 4 15 15 -");
    static const char *const take[] = {"e4xd5"};
    play(&pos, take, 1);
    assert_int_equal(pos.score[BLACK], 16);
    assert_int_equal(gamestate_winner(&pos, GAME_EMPTY_ZONE), BLACK);
    parse(&pos, "Q6Q/8/8/8/8/3D4/8/Q7 1 15 16 -"); /* an empty quadrant in a FEN: finished */
    assert_int_equal(gamestate_of(&pos), GAME_EMPTY_ZONE);
    assert_true(perft(&pos, 2) == 1);
}

/* One malformed FEN and a word its error message must contain. */
typedef struct BadFen {
    const char *fen, *keyword;
} BadFen;

/* Every bad four-player FEN is rejected with one line naming its problem. */
static void test_bad_fens(void **state)
{
    (void)state;
#define ROWS "QQD2DQQ/QDP2PDQ/DPP2PPD/8/8/DPP2PPD/QDP2PDQ/QQD2DQQ"
    static const BadFen bad[] = {
        {ROWS " 5 0 0 -", "side to move must be a player 1 to 4, got \"5\""},
        {ROWS " 0 0 0 -", "side to move must be a player 1 to 4, got \"0\""},
        {ROWS " 12 0 0 -", "side to move must be a player 1 to 4, got \"12\""},
        {ROWS " s 0 0 -", "side to move must be a player 1 to 4"},
        {ROWS " 1 -1 0 -", "team 1+3 score \"-1\" is not a non-negative integer"},
        {ROWS " 1 0 x -", "team 2+4 score \"x\" is not a non-negative integer"},
        {ROWS " 1 0 99999999 -", "too large"},
        {ROWS " 1 0 0 8", "clock must be '-' or 0..7, got \"8\""},
        {ROWS " 1 0 0 a1-a5", "clock must be '-' or 0..7"},
        {ROWS " 1 0 0", "missing the clock field: a Martian Chess (four players) FEN has 5 fields"},
        {ROWS " 1 0", "missing the team 2+4 score field"},
        {ROWS " 1", "missing the team 1+3 score field"},
        {ROWS " 1 0 0 - -", "unexpected 6th field \"-\": a Martian Chess (four players) FEN has 5"},
        {ROWS " 1 0 0 a1-a5 -", "unexpected 6th field"},
        {"QQD2DQQ/QDP2PDQ/DPP2PPD/8/8/DPP2PPD/QDP2PDQ/QQD2DQ 1 0 0 -",
         "row 8 (rank 1) has 7 cells, expected 8"},
        {"QQD2DQQ/QDP2PDQ/DPP2PPD/8/8/DPP2PPD/QDP2PDQ/QQD2DQQQ 1 0 0 -",
         "row 8 (rank 1) has more than 8 cells"},
        {"QQD1DQQ/QDP2PDQ/DPP2PPD/8/8/DPP2PPD/QDP2PDQ/QQD2DQQ 1 0 0 -",
         "row 1 (rank 8) has 7 cells, expected 8"},
        {"QQD2DQQ/QDP2PDQ/DPP2PPD/9/8/DPP2PPD/QDP2PDQ/QQD2DQQ 1 0 0 -",
         "'9' is not a run of empty squares"},
        {"QQD2DQQ/QDP2PDQ/DPP2PPD/44/8/DPP2PPD/QDP2PDQ/QQD2DQQ 1 0 0 -", "two digits in a row"},
        {"QQD2DQQ/QDP2PDQ/DPP2PPD/8/8/DPP2PPD/QDP2PDQ/QQD2DQq 1 0 0 -", "upper case only"},
        {"QQD2DQQ/QDP2PDQ/DPP2PPD/8/8/DPP2PPD/QDP2PDQ/QQD2DQK 1 0 0 -",
         "'K' is not a piece of Martian Chess (four players)"},
        {"QQD2DQQ/QDP2PDQ/DPP2PPD/8/8/DPP2PPD/QDP2PDQ/QQD2DQZ 1 0 0 -", "unknown piece letter 'Z'"},
        {"QQD2DQQ/QDP2PDQ/DPP2PPD/8/DPP2PPD/QDP2PDQ/QQD2DQQ 1 0 0 -", "the board has 7 rows"},
        {"QQD2DQQ/QDP2PDQ/DPP2PPD/8/8/8/DPP2PPD/QDP2PDQ/QQD2DQQ 1 0 0 -", "the board has 9 rows"},
    };
#undef ROWS
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        Position pos;
        char err[ERR_LEN] = "";
        if (fen_parse(&pos, bad[i].fen, err, sizeof err))
            fail_msg("\"%s\" was accepted", bad[i].fen);
        if (strncmp(err, "bad FEN at column ", 18) != 0 || !strstr(err, bad[i].keyword) ||
            strchr(err, '\n'))
            fail_msg("\"%s\": message \"%s\" lacks \"%s\"", bad[i].fen, err, bad[i].keyword);
    }
    /* A FEN of another game where the four-player game is asked, and the other way round. */
    const Variant *four = variant_get(VARIANT_MARTIAN4);
    Position pos;
    char err[ERR_LEN];
    assert_false(fen_parse_variant(&pos, "rnbqkbnm/pppppppp/8/8/8/8/PPPPPPPP/MNBKQBNR w 0", four,
                                   err, sizeof err));
    assert_non_null(strstr(err, "a FEN of Ultima (3 fields, side to move 'w'), not of Martian "
                                "Chess (four players)"));
    assert_false(fen_parse_variant(&pos, START4, variant_get(VARIANT_ULTIMA), err, sizeof err));
    assert_non_null(strstr(err, "a FEN of Martian Chess (four players) (5 fields, side to move "
                                "'1'), not of Ultima"));
    assert_false(fen_parse_variant(&pos, START4, variant_get(VARIANT_MARTIAN), err, sizeof err));
    assert_non_null(strstr(err, "the rows have 8 cells, Martian Chess FENs have 4"));
    assert_false(fen_parse_variant(&pos, "QQD1/QDP1/DPP1/4/4/1PPD/1PDQ/1DQQ s 0 0 - -", four, err,
                                   sizeof err));
    assert_non_null(strstr(err, "the rows have 4 cells, Martian Chess (four players) FENs have 8"));
    /* Ultima's FENs are still Ultima's. */
    parse(&pos, "rnbqkbnm/pppppppp/8/8/8/8/PPPPPPPP/MNBKQBNR w 0");
    assert_ptr_equal(pos.variant, variant_get(VARIANT_ULTIMA));
    parse(&pos, "rnbqkbnm/pppppppp/8/8/8/8/PPPPPPPP/MNBKQBNR b");
    assert_ptr_equal(pos.variant, variant_get(VARIANT_ULTIMA));
    /* Any piece counts are allowed, also an empty board (a finished game: one leaf). */
    parse(&pos, "8/8/8/8/8/8/8/8 3 0 0 5");
    assert_true(perft(&pos, 3) == 1);
    parse(&pos,
          "QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP 4 123 7 0");
    assert_string_equal(fen_of(&pos), "QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/PPPPPPPP/PPPPPPPP/"
                                      "PPPPPPPP/PPPPPPPP 4 123 7 0");
}

/* Runs the four-player Martian Chess tests. */
int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_description),     cmocka_unit_test(test_start_perft),
        cmocka_unit_test(test_random_playouts), cmocka_unit_test(test_rules_and_endings),
        cmocka_unit_test(test_bad_fens),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
