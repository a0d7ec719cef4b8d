/* test_fen.c: FEN input and output (docs/rules/maxima.md 2) and move text input (docs/rules/maxima.md 9).
 *
 * Every malformed FEN must be rejected with a message that names the problem; every bad move
 * text must be rejected with a message that says why. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "core/fen.h"
#include "core/makemove.h"
#include "core/notation.h"
#include "core/position.h"

/* A small legal position: Kings on e1 and e9, a Black Pincer on d5. */
#define SMALL_BOARD "xxx2xxx/4k3/8/8/8/3p4/8/8/8/4K3/xxx2xxx"

/* One malformed FEN and a word its error message must contain. */
typedef struct BadFen {
    const char *what;
    const char *fen;
    const char *keyword;
} BadFen;

static const BadFen BAD_FENS[] = {
    {"10 rows", "xxx2xxx/4k3/8/8/8/8/8/8/4K3/xxx2xxx w 0", "10 rows"},
    {"12 rows", "xxx2xxx/4k3/8/8/8/8/8/8/8/8/4K3/xxx2xxx w 0", "12 rows"},
    {"12 rows, trailing slash", SMALL_BOARD "/ w 0", "12 rows"},
    {"row of 7 cells", "xxx2xxx/4k3/7/8/8/3p4/8/8/8/4K3/xxx2xxx w 0", "has 7 cells"},
    {"row of 9 cells", "xxx2xxx/4k3/8p/8/8/3p4/8/8/8/4K3/xxx2xxx w 0", "more than 8 cells"},
    {"run too long", "xxx2xxx/4k3/4p4/8/8/3p4/8/8/8/4K3/xxx2xxx w 0", "more than 8 cells"},
    {"empty row", "xxx2xxx/4k3//8/8/3p4/8/8/8/4K3/xxx2xxx w 0", "has 0 cells"},
    {"palace row of 9", "xxx2xxx/4k3/8/8/8/3p4/8/8/8/4K3/xxx2xxxx w 0", "more than 8 cells"},
    {"two digits", "xxx2xxx/4k3/44/8/8/3p4/8/8/8/4K3/xxx2xxx w 0", "two digits"},
    {"unknown letter z", "xxx2xxx/4k3/3z4/8/8/3p4/8/8/8/4K3/xxx2xxx w 0",
     "unknown piece letter 'z'"},
    {"unknown letter X", "xxx2xxx/4k3/3X4/8/8/3p4/8/8/8/4K3/xxx2xxx w 0",
     "unknown piece letter 'X'"},
    {"digit 9", "xxx2xxx/4k3/9/8/8/3p4/8/8/8/4K3/xxx2xxx w 0", "'9' is not a run of empty squares"},
    {"digit 0", "xxx2xxx/4k3/0p7/8/8/3p4/8/8/8/4K3/xxx2xxx w 0",
     "'0' is not a run of empty squares"},
    {"piece on hole a10", "pxx2xxx/4k3/8/8/8/3p4/8/8/8/4K3/xxx2xxx w 0", "on the hole a10"},
    {"piece on hole h0", "xxx2xxx/4k3/8/8/8/3p4/8/8/8/4K3/xxx2xxP w 0", "on the hole h0"},
    {"x on d10", "xxxx1xxx/4k3/8/8/8/3p4/8/8/8/4K3/xxx2xxx w 0", "'x' (hole) on real square d10"},
    {"x on a6", "xxx2xxx/4k3/8/8/x7/3p4/8/8/8/4K3/xxx2xxx w 0", "'x' (hole) on real square a6"},
    {"run crosses c10", "xx4xx/4k3/8/8/8/3p4/8/8/8/4K3/xxx2xxx w 0", "crosses the hole c10"},
    {"run crosses f0", "xxx2xxx/4k3/8/8/8/3p4/8/8/8/4K3/xxx3xx w 0", "crosses the hole f0"},
    {"no White King", "xxx2xxx/4k3/8/8/8/3p4/8/8/8/8/xxx2xxx w 0", "no White King"},
    {"no Black King", "xxx2xxx/8/8/8/8/3p4/8/8/8/4K3/xxx2xxx w 0", "no Black King"},
    {"two White Kings", "xxx2xxx/4k3/8/8/8/3p4/8/8/8/3KK3/xxx2xxx w 0", "second White King"},
    {"two Black Kings", "xxxk1xxx/4k3/8/8/8/3p4/8/8/8/4K3/xxx2xxx w 0", "second Black King"},
    {"side x", SMALL_BOARD " x 0", "side to move"},
    {"side white", SMALL_BOARD " white 0", "side to move"},
    {"side W", SMALL_BOARD " W 0", "side to move"},
    {"no side", SMALL_BOARD, "side to move"},
    {"no side, space", SMALL_BOARD " ", "side to move"},
    {"junk after plies", SMALL_BOARD " w 0 junk", "trailing characters \"junk\""},
    {"letters in plies", SMALL_BOARD " w 12abc", "trailing characters \"abc\""},
    {"semicolon", SMALL_BOARD " w 0;", "trailing characters \";\""},
    {"empty", "", "empty FEN"},
    {"blanks only", "    ", "empty FEN"},
    {"Black in check, White to move", "xxx2xxx/4k3/4D3/8/8/8/8/8/8/4K3/xxx2xxx w 0",
     "side not to move (Black) is in check"},
    {"White in check, Black to move", "xxx2xxx/4k3/8/8/8/8/8/8/4d3/4K3/xxx2xxx b 0",
     "side not to move (White) is in check"},
};

/* Parses fen, failing the test with the message if it is rejected. */
static void parse_ok(Position *pos, const char *fen)
{
    char err[256];
    if (!fen_parse(pos, fen, err, sizeof err))
        fail_msg("\"%s\" rejected: %s", fen, err);
}

/* Every bad FEN is rejected, names its problem, and leaves the output position untouched. */
static void test_bad_fens_rejected_with_reason(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof BAD_FENS / sizeof BAD_FENS[0]; i++) {
        const BadFen *b = &BAD_FENS[i];
        Position pos, before;
        parse_ok(&pos, "start");
        before = pos;
        char err[256] = "";
        if (fen_parse(&pos, b->fen, err, sizeof err))
            fail_msg("%s: \"%s\" was accepted", b->what, b->fen);
        if (strncmp(err, "bad FEN at column ", 18) != 0 || !strstr(err, b->keyword))
            fail_msg("%s: message \"%s\" does not contain \"%s\"", b->what, err, b->keyword);
        assert_memory_equal(pos.board, before.board, sizeof pos.board);
        assert_true(pos.key == before.key);
    }
}

/* A FEN longer than 200 characters is rejected as too long, even when it ends in junk. */
static void test_overlong_fen(void **state)
{
    (void)state;
    char fen[400], err[256];
    snprintf(fen, sizeof fen, "%s w ", SMALL_BOARD);
    size_t n = strlen(fen);
    memset(fen + n, '0', 220 - n);
    fen[220] = '\0';
    Position pos;
    assert_false(fen_parse(&pos, fen, err, sizeof err));
    assert_non_null(strstr(err, "too long"));
    assert_non_null(strstr(err, "200"));
    /* Exactly 200 characters is still accepted (plies with leading zeros). */
    fen[200] = '\0';
    assert_true(fen_parse(&pos, fen, err, sizeof err));
    assert_int_equal(pos.plies, 0);
}

/* NULL is rejected with a message; a NULL message buffer is allowed. */
static void test_null_fen(void **state)
{
    (void)state;
    Position pos;
    char err[256] = "";
    assert_false(fen_parse(&pos, NULL, err, sizeof err));
    assert_non_null(strstr(err, "no FEN given"));
    assert_false(fen_parse(&pos, NULL, NULL, 0));
    assert_false(fen_parse(&pos, "xxx2xxx w 0", NULL, 0));
}

/* The error column points at the offending character (1-based). */
static void test_error_column(void **state)
{
    (void)state;
    Position pos;
    char err[256];
    /* 'z' is the 11th character. */
    assert_false(fen_parse(&pos, "xxx2xxx/4kz2/8/8/8/8/8/8/8/4K3/xxx2xxx w 0", err, sizeof err));
    assert_non_null(strstr(err, "column 11:"));
}

/* "start" is the initial position, and it prints as START_FEN. */
static void test_start_alias(void **state)
{
    (void)state;
    Position a, b;
    char fen[256];
    parse_ok(&a, "start");
    parse_ok(&b, START_FEN);
    fen_write(&a, fen, sizeof fen);
    assert_string_equal(fen, START_FEN);
    assert_string_equal(fen, "xxx2xxx/1g1qk1g1/1bnmrnb1/dppppppd/8/8/8/DPPPPPPD/1BNMRNB1/1G1QK1G1/"
                             "xxx2xxx w 0");
    assert_memory_equal(a.board, b.board, sizeof a.board);
    assert_true(a.key == b.key);
    assert_int_equal(a.side, WHITE);
    assert_int_equal(a.plies, 0);
    assert_int_equal(bb_popcount(a.by_color[WHITE]), 18);
    assert_int_equal(bb_popcount(a.by_color[BLACK]), 18);
    assert_int_equal(a.king[WHITE], sq_make(4, 1));
    assert_int_equal(a.king[BLACK], sq_make(4, 9));
    /* Spot checks of the piece placement of docs/rules/maxima.md 3. */
    assert_int_equal(a.board[sq_make(1, 1)], piece_make(WHITE, MAGE));
    assert_int_equal(a.board[sq_make(3, 2)], piece_make(WHITE, IMMOBILIZER));
    assert_int_equal(a.board[sq_make(0, 3)], piece_make(WHITE, GUARD));
    assert_int_equal(a.board[sq_make(2, 8)], piece_make(BLACK, LEAPER));
    assert_int_equal(a.board[sq_make(4, 8)], piece_make(BLACK, COORDINATOR));
    assert_int_equal(a.board[sq_make(3, 9)], piece_make(BLACK, WITHDRAWER));
}

/* Optional and loose fields: plies may be missing, blanks may repeat; output is canonical. */
static void test_loose_fields_print_canonically(void **state)
{
    (void)state;
    Position pos;
    char fen[256];
    parse_ok(&pos, "  " SMALL_BOARD "   b   17  ");
    fen_write(&pos, fen, sizeof fen);
    assert_string_equal(fen, SMALL_BOARD " b 17");
    assert_int_equal(pos.side, BLACK);
    assert_int_equal(pos.plies, 17);
    assert_true(pos.key == position_compute_key(&pos));

    parse_ok(&pos, SMALL_BOARD " w");
    fen_write(&pos, fen, sizeof fen);
    assert_string_equal(fen, SMALL_BOARD " w 0");

    parse_ok(&pos, SMALL_BOARD " w 5\n");
    assert_int_equal(pos.plies, 5);
}

/* The side to move may be in check (it is the side not to move that may not). */
static void test_side_to_move_may_be_in_check(void **state)
{
    (void)state;
    Position pos;
    parse_ok(&pos, "xxx2xxx/4k3/4D3/8/8/8/8/8/8/4K3/xxx2xxx b 0");
    assert_int_equal(pos.side, BLACK);
}

/* Side to move is part of the key: the same board with w and b differs by zobrist_side. */
static void test_side_changes_key(void **state)
{
    (void)state;
    Position w, b;
    parse_ok(&w, SMALL_BOARD " w 0");
    parse_ok(&b, SMALL_BOARD " b 0");
    assert_true((w.key ^ b.key) == zobrist_side);
}

/* Palace pieces and every letter of both colours print back as they were read. */
static void test_every_letter_round_trips(void **state)
{
    (void)state;
    static const char *const good[] = {
        "xxxpNxxx/kprnbqmg/8/8/8/8/8/8/8/KPRNBQMG/xxxDdxxx w 3",
        "xxxdDxxx/prnbqmkg/8/8/8/8/8/8/8/PRNBQMGK/xxx2xxx b 12",
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        Position pos;
        char fen[256];
        parse_ok(&pos, good[i]);
        fen_write(&pos, fen, sizeof fen);
        assert_string_equal(fen, good[i]);
    }
}

/* Plays text (which must parse) on pos. */
static void play(Position *pos, const char *text)
{
    char err[256];
    Move m = notation_parse(pos, text, err, sizeof err);
    if (m == MOVE_NONE)
        fail_msg("'%s' rejected: %s", text, err);
    Undo u;
    move_do(pos, m, &u);
}

/* Move text: the three accepted forms give the same move. */
static void test_notation_parse_forms(void **state)
{
    (void)state;
    Position pos;
    char err[256];
    parse_ok(&pos, "start");
    Move a = notation_parse(&pos, "b3-b5", err, sizeof err);
    Move b = notation_parse(&pos, "b3b5", err, sizeof err);
    assert_int_not_equal(a, MOVE_NONE);
    assert_int_equal(a, b);
    assert_int_equal(a, move_make(sq_make(1, 3), sq_make(1, 5)));
    char text[MOVE_STR_LEN];
    notation_move(&pos, a, text, sizeof text);
    assert_string_equal(text, "b3-b5");
    notation_move_short(a, text, sizeof text);
    assert_string_equal(text, "b3-b5");
    /* Rank 10 has two digits: Black's Withdrawer d9 into its palace. */
    play(&pos, "b3-b5");
    Move c = notation_parse(&pos, "d9-d10", err, sizeof err);
    assert_int_equal(c, move_make(sq_make(3, 9), sq_make(3, 10)));
    assert_int_equal(notation_parse(&pos, "d9d10", err, sizeof err), c);
    notation_move(&pos, c, text, sizeof text);
    assert_string_equal(text, "d9-d10");
}

/* Move text errors: malformed text, illegal moves, wrong capture lists. */
static void test_notation_parse_errors(void **state)
{
    (void)state;
    static const struct {
        const char *text, *keyword;
    } cases[] = {
        {"", "is not a move"},
        {"e2", "is not a move"},
        {"e2-", "is not a move"},
        {"z2-z4", "is not a move"},
        {"b3-b5 ", "is not a move"},
        {"b3--b5", "is not a move"},
        {"b3-b5y", "is not a move"},
        {"a0-a1", "is not a move"}, /* a0 is a hole */
        {"b3-b11", "is not a move"},
        {"e1-e5", "is not a legal move"}, /* King moves like a knight */
        {"b3-b3", "is not a legal move"}, /* no suicide for an unfrozen piece */
        {"e9-e8", "is not a legal move"}, /* Black piece, White to move */
        {"b3-b5xb6", "has the wrong captures: the move is b3-b5"},
        {"b3-b5x", "has the wrong captures"},
    };
    Position pos;
    parse_ok(&pos, "start");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char err[256] = "";
        if (notation_parse(&pos, cases[i].text, err, sizeof err) != MOVE_NONE)
            fail_msg("'%s' was accepted", cases[i].text);
        if (!strstr(err, cases[i].keyword))
            fail_msg("'%s': message \"%s\" lacks \"%s\"", cases[i].text, err, cases[i].keyword);
    }
}

/* A capturing move must carry its exact capture list, in byte order, when one is given. */
static void test_notation_parse_capture_list(void **state)
{
    (void)state;
    Position pos;
    char err[256];
    /* White Pincer d2 to d5 takes c5, d6 and e5 against b5, d7, f5 (docs/rules/maxima.md 9's example). */
    parse_ok(&pos, "xxx2xxx/4k3/8/3P4/3p4/1Pp1pP2/8/8/3P4/K7/xxx2xxx w 0");
    Move m = notation_parse(&pos, "d2-d5xc5,d6,e5", err, sizeof err);
    assert_int_equal(m, move_make(sq_make(3, 2), sq_make(3, 5)));
    assert_int_equal(notation_parse(&pos, "d2-d5", err, sizeof err), m);
    assert_int_equal(notation_parse(&pos, "d2d5", err, sizeof err), m);
    /* the PGN form: every capture after an 'x', no comma */
    assert_int_equal(notation_parse(&pos, "d2-d5xc5xd6xe5", err, sizeof err), m);
    char text[MOVE_STR_LEN];
    notation_move_pgn(&pos, m, text, sizeof text);
    assert_string_equal(text, "d2-d5xc5xd6xe5");
    notation_move(&pos, m, text, sizeof text);
    assert_string_equal(text, "d2-d5xc5,d6,e5");
    static const char *const wrong[] = {"d2-d5xc5",          "d2-d5xc5,e5",     "d2-d5xe5,d6,c5",
                                        "d2-d5xc5,d6,e5,f5", "d2-d5xc5,d6,e5,", "d2-d5xc5xd6",
                                        "d2-d5xc5xd6,e5",    "d2-d5xe5xd6xc5",  "d2-d5xc5xd6xe5x"};
    for (size_t i = 0; i < sizeof wrong / sizeof wrong[0]; i++) {
        assert_int_equal(notation_parse(&pos, wrong[i], err, sizeof err), MOVE_NONE);
        assert_non_null(strstr(err, "wrong captures"));
        assert_non_null(strstr(err, "d2-d5xc5,d6,e5"));
    }
}

/* Runs the FEN and move text tests. */
int main(void)
{
    core_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_fens_rejected_with_reason),
        cmocka_unit_test(test_overlong_fen),
        cmocka_unit_test(test_null_fen),
        cmocka_unit_test(test_error_column),
        cmocka_unit_test(test_start_alias),
        cmocka_unit_test(test_loose_fields_print_canonically),
        cmocka_unit_test(test_side_to_move_may_be_in_check),
        cmocka_unit_test(test_side_changes_key),
        cmocka_unit_test(test_every_letter_round_trips),
        cmocka_unit_test(test_notation_parse_forms),
        cmocka_unit_test(test_notation_parse_errors),
        cmocka_unit_test(test_notation_parse_capture_list),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
