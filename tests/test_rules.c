/* test_rules.c: one small test per rule clause of docs/rules/maxima.md, each on a tiny position.
 *
 * Positions are written as a side and a piece list ("Ka1 Pd2 kh9 pd6": upper case White,
 * lower case Black, letters of docs/rules/maxima.md 2); setup() turns the list into FEN text and reads it
 * back with fen_parse, so every position also passes the parser's checks. Assertions
 * name exact move lists and exact captured squares, in the notation of docs/rules/maxima.md 9. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/attack.h"
#include "core/fen.h"
#include "core/gamestate.h"
#include "core/makemove.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/position.h"

enum { LIST_TEXT = 8192 };

/* ---------------------------------------------------------------------------------------- */
/* Helpers. The macros pass __LINE__ so a failure names the line of the test, not the helper. */

/* Square index of a name such as "d0" or "e10"; fails the test on a bad name. */
static int sq_of(const char *name)
{
    int len;
    int sq = square_parse(&variant_get(VARIANT_MAXIMA)->geo, name, &len);
    if (sq < 0 || name[len] != '\0')
        fail_msg("bad square name '%s' in a test", name);
    return sq;
}

/* Builds the position "side" ("w" or "b") with the pieces of the list, through its FEN. */
static void setup_at(Position *pos, const char *side, const char *pieces, int line)
{
    static const char letters[] = " prnbqmgdk";
    Position tmp;
    position_clear(&tmp, variant_get(VARIANT_MAXIMA));
    char list[256], fen[256], err[256];
    snprintf(list, sizeof list, "%s", pieces);
    for (char *tok = strtok(list, " "); tok; tok = strtok(NULL, " ")) {
        char lower = (char)(tok[0] >= 'A' && tok[0] <= 'Z' ? tok[0] - 'A' + 'a' : tok[0]);
        const char *at = strchr(letters + 1, lower);
        if (!at || lower == '\0')
            fail_msg("line %d: bad piece '%s'", line, tok);
        int sq = sq_of(tok + 1);
        if (tmp.board[sq] != EMPTY)
            fail_msg("line %d: square %s used twice", line, tok + 1);
        position_put(&tmp, sq, piece_make(tok[0] == lower ? BLACK : WHITE, (int)(at - letters)));
    }
    tmp.side = side[0] == 'b' ? BLACK : WHITE;
    fen_write(&tmp, fen, sizeof fen);
    if (!fen_parse(pos, fen, err, sizeof err))
        fail_msg("line %d: position \"%s\" rejected: %s", line, fen, err);
}
#define SETUP(pos, side, pieces) setup_at(pos, side, pieces, __LINE__)

/* qsort comparator: C strings in byte order. */
static int compare_strings(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sorts the space-separated words of text in byte order and writes them back, one space apart. */
static void sort_words(char *text)
{
    char copy[LIST_TEXT];
    char *words[MAX_MOVES];
    int n = 0;
    snprintf(copy, sizeof copy, "%s", text);
    for (char *w = strtok(copy, " "); w && n < MAX_MOVES; w = strtok(NULL, " "))
        words[n++] = w;
    qsort(words, (size_t)n, sizeof words[0], compare_strings);
    char out[LIST_TEXT] = "";
    for (int i = 0; i < n; i++) {
        if (i)
            strcat(out, " ");
        strcat(out, words[i]);
    }
    strcpy(text, out);
}

/* Writes the legal moves of the piece on `from` (all moves if from is NULL), in full notation
 * and byte order, one space apart. */
static void moves_text(Position *pos, const char *from, char *out)
{
    Move list[MAX_MOVES];
    int n = movegen_legal(pos, list), sq = from ? sq_of(from) : -1;
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        if (sq >= 0 && move_from(list[i]) != sq)
            continue;
        char text[MOVE_STR_LEN];
        notation_move(pos, list[i], text, sizeof text);
        if (out[0])
            strcat(out, " ");
        strcat(out, text);
    }
    sort_words(out);
}

/* The legal moves of the piece on `from` are exactly `expected` (any order). */
static void expect_moves_at(Position *pos, const char *from, const char *expected, int line)
{
    char got[LIST_TEXT], want[LIST_TEXT], fen[256];
    moves_text(pos, from, got);
    snprintf(want, sizeof want, "%s", expected);
    sort_words(want);
    if (strcmp(got, want) != 0) {
        fen_write(pos, fen, sizeof fen);
        fail_msg("line %d: moves of %s in %s\n  got:  %s\n  want: %s", line, from, fen, got, want);
    }
}
#define EXPECT_MOVES(pos, from, expected) expect_moves_at(pos, from, expected, __LINE__)

/* `input` is a legal move whose full notation is `full`; returns it. */
static Move expect_move_at(Position *pos, const char *input, const char *full, int line)
{
    char err[256], text[MOVE_STR_LEN], fen[256];
    Move m = notation_parse(pos, input, err, sizeof err);
    fen_write(pos, fen, sizeof fen);
    if (m == MOVE_NONE)
        fail_msg("line %d: in %s: %s", line, fen, err);
    notation_move(pos, m, text, sizeof text);
    if (strcmp(text, full) != 0)
        fail_msg("line %d: in %s: %s is %s, want %s", line, fen, input, text, full);
    return m;
}
#define EXPECT_MOVE(pos, input, full) expect_move_at(pos, input, full, __LINE__)

/* Like EXPECT_MOVE, then plays the move. */
static void play_at(Position *pos, const char *input, const char *full, int line)
{
    Move m = expect_move_at(pos, input, full, line);
    Undo u;
    move_do(pos, m, &u);
    char why[256];
    if (!position_is_consistent(pos, why, sizeof why))
        fail_msg("line %d: after %s: %s", line, full, why);
}
#define PLAY(pos, input, full) play_at(pos, input, full, __LINE__)

/* `input` is not a legal move. */
static void expect_illegal_at(Position *pos, const char *input, int line)
{
    char err[256], fen[256];
    if (notation_parse(pos, input, err, sizeof err) != MOVE_NONE) {
        fen_write(pos, fen, sizeof fen);
        fail_msg("line %d: %s should be illegal in %s", line, input, fen);
    }
}
#define EXPECT_ILLEGAL(pos, input) expect_illegal_at(pos, input, __LINE__)

/* The square holds `letter` (FEN letter, '.' for empty). */
static void expect_square_at(const Position *pos, const char *sq, char letter, int line)
{
    static const char letters[] = " prnbqmgdk";
    Piece p = pos->board[sq_of(sq)];
    char got = '.';
    if (p != EMPTY) {
        got = letters[piece_type(p)];
        if (piece_color(p) == WHITE)
            got = (char)(got - 'a' + 'A');
    }
    if (got != letter)
        fail_msg("line %d: %s holds '%c', want '%c'", line, sq, got, letter);
}
#define EXPECT_SQUARE(pos, sq, letter) expect_square_at(pos, sq, letter, __LINE__)

/* ---------------------------------------------------------------------------------------- */
/* 4.1 Pincer */

/* An enemy between the landing square and a friend is taken; not diagonally, not without the
 * friend beyond. */
static void test_pincer_single_capture(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Ka1 Pd2 Pd7 Pb7 kh9 pd6 pc6 pe5");
    EXPECT_MOVE(&pos, "d2-d4", "d2-d4");
    PLAY(&pos, "d2-d5", "d2-d5xd6");
    EXPECT_SQUARE(&pos, "d6", '.');
    EXPECT_SQUARE(&pos, "d5", 'P');
    EXPECT_SQUARE(&pos, "c6", 'p'); /* diagonal from d5, even with b7 behind it */
    EXPECT_SQUARE(&pos, "e5", 'p'); /* nothing on f5 */
}

/* Up to three captures in one move (the example of docs/rules/maxima.md 9). */
static void test_pincer_triple_capture(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Ka1 Pd2 Pb5 Pf5 Pd7 kh9 pc5 pe5 pd6");
    PLAY(&pos, "d2-d5", "d2-d5xc5,d6,e5");
    EXPECT_SQUARE(&pos, "c5", '.');
    EXPECT_SQUARE(&pos, "d6", '.');
    EXPECT_SQUARE(&pos, "e5", '.');
    assert_int_equal(bb_popcount(pos.by_color[BLACK]), 1);
}

/* A Pincer may move between two enemies: only the moving piece captures. */
static void test_pincer_safe_entry(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Ka1 Pd2 kh9 pc5 pe5 pb5 pf5");
    PLAY(&pos, "d2-d5", "d2-d5");
    EXPECT_SQUARE(&pos, "d5", 'P');
    EXPECT_SQUARE(&pos, "c5", 'p');
    EXPECT_SQUARE(&pos, "e5", 'p');
}

/* The friendly piece beyond may be the King. */
static void test_pincer_king_anvil(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Kf5 Pd2 kh9 pe5");
    PLAY(&pos, "d2-d5", "d2-d5xe5");
    EXPECT_SQUARE(&pos, "e5", '.');
}

/* The friendly piece beyond may be frozen. */
static void test_pincer_frozen_anvil(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Ka1 Pd2 Pf5 kh9 pe5 mg6");
    assert_true(attack_is_frozen(&pos, sq_of("f5")));
    EXPECT_MOVE(&pos, "d2-d5", "d2-d5xe5");
}

/* Only Pincers capture by custodianship: a Guard landing beside an enemy takes nothing. */
static void test_pincer_only_the_pincer_pinces(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Ka1 Dd4 Pb5 kh9 pc5");
    EXPECT_MOVE(&pos, "d4-d5", "d4-d5");
}

/* ---------------------------------------------------------------------------------------- */
/* 4.3 Long leaper (confined to the a-file by its own Pincers on b1 and b2) */

/* One jump; it may land on any empty square beyond, up to the edge. */
static void test_leaper_single_jump(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Ke1 Na1 Pb1 Pb2 kh9 pa3");
    EXPECT_MOVES(&pos, "a1", "a1-a2 a1-a4xa3 a1-a5xa3 a1-a6xa3 a1-a7xa3 a1-a8xa3 a1-a9xa3");
}

/* Two jumps in one line, with every landing choice; a friend ends the line. */
static void test_leaper_multi_jump(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Ke1 Na1 Pb1 Pb2 Pa8 kh9 pa3 pa5");
    EXPECT_MOVES(&pos, "a1", "a1-a2 a1-a4xa3 a1-a6xa3,a5 a1-a7xa3,a5");
    PLAY(&pos, "a1-a7", "a1-a7xa3,a5");
    EXPECT_SQUARE(&pos, "a3", '.');
    EXPECT_SQUARE(&pos, "a5", '.');
    EXPECT_SQUARE(&pos, "a7", 'N');
}

/* Two pieces in a row cannot be jumped. */
static void test_leaper_two_in_a_row(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Ke1 Na1 Pb1 Pb2 kh9 pa3 pa4");
    EXPECT_MOVES(&pos, "a1", "a1-a2");
}

/* A friendly piece cannot be jumped, before or after an enemy. */
static void test_leaper_blocked_by_friend(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Ke1 Na1 Pb1 Pb2 Pa3 kh9 pa5");
    EXPECT_MOVES(&pos, "a1", "a1-a2");
    SETUP(&pos, "w", "Ke1 Na1 Pb1 Pb2 Pa5 kh9 pa3 pa7");
    EXPECT_MOVES(&pos, "a1", "a1-a2 a1-a4xa3");
}

/* An enemy on the edge has no square behind it: no jump. Into the palace there is one. */
static void test_leaper_no_jump_at_edge(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Ke1 Na1 Pb1 Pb2 kh9 pa9");
    EXPECT_MOVES(&pos, "a1", "a1-a2 a1-a3 a1-a4 a1-a5 a1-a6 a1-a7 a1-a8");
    SETUP(&pos, "w", "Ke1 Nd2 kh9 pd9");
    EXPECT_MOVE(&pos, "d2-d10", "d2-d10xd9");
    EXPECT_ILLEGAL(&pos, "d2-d9");
}

/* ---------------------------------------------------------------------------------------- */
/* 4.4 Withdrawer */

/* Captures the enemy it moves directly away from; sideways and other moves take nothing. */
static void test_withdrawer(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Kh1 Qd4 kh9 pd3 pc3");
    EXPECT_MOVES(&pos, "d4",
                 "d4-d5xd3 d4-d6xd3 d4-d7xd3 d4-d8xd3 d4-d9xd3 d4-d10xd3 "
                 "d4-e5xc3 d4-f6xc3 d4-g7xc3 d4-h8xc3 "
                 "d4-e4 d4-f4 d4-g4 d4-h4 d4-e3 d4-f2 d4-g1 "
                 "d4-c4 d4-b4 d4-a4 d4-c5 d4-b6 d4-a7");
}

/* ---------------------------------------------------------------------------------------- */
/* 4.2 Coordinator */

/* Corners of the rectangle of landing square and own King: 0, 1 or 2 enemies taken, friends
 * kept; nothing on the King's own rank or file. */
static void test_coordinator(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Ke1 Rc2 Pb1 kh9 pe6 pg1 pe3");
    EXPECT_MOVE(&pos, "c2-g6", "c2-g6xe6,g1"); /* corners e6, g1 */
    EXPECT_MOVE(&pos, "c2-c6", "c2-c6xe6");    /* corners e6, c1 */
    EXPECT_MOVE(&pos, "c2-b3", "c2-b3xe3");    /* corners e3, b1 (own Pincer kept) */
    EXPECT_MOVE(&pos, "c2-d3", "c2-d3xe3");    /* corners e3, d1 */
    EXPECT_MOVE(&pos, "c2-d2", "c2-d2");       /* corners e2, d1: empty */
    EXPECT_MOVE(&pos, "c2-c1", "c2-c1");       /* on the King's rank */
    SETUP(&pos, "w", "Ke1 Rc3 kh9 pd2 pf2 pd4");
    EXPECT_MOVE(&pos, "c3-e3", "c3-e3"); /* on the King's file: d2, f2, d4 stay */
}

/* The own King serves as a corner even when it is frozen. */
static void test_coordinator_frozen_king(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Ke1 Rc2 kh9 md0 pe6");
    assert_true(attack_is_frozen(&pos, sq_of("e1")));
    EXPECT_MOVE(&pos, "c2-c6", "c2-c6xe6");
}

/* ---------------------------------------------------------------------------------------- */
/* 4.8 Chameleon */

/* Jumps a Long leaper like a Long leaper, but no other piece. */
static void test_chameleon_as_leaper(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Ke1 Ba1 Pb1 Pb2 kh9 na3 na5 pa7");
    EXPECT_MOVES(&pos, "a1", "a1-a2 a1-a4xa3 a1-a6xa3,a5");
    SETUP(&pos, "w", "Ke1 Ba1 Pb1 Pb2 kh9 na3 pa5");
    EXPECT_MOVES(&pos, "a1", "a1-a2 a1-a4xa3");
    SETUP(&pos, "w", "Ke1 Ba1 Pb1 Pb2 kh9 da3");
    EXPECT_MOVES(&pos, "a1", "a1-a2");
    SETUP(&pos, "w", "Ke1 Ba1 Pb1 Pb2 kh9 qa3");
    EXPECT_MOVES(&pos, "a1", "a1-a2");
}

/* Takes Pincers as a Pincer on rook moves (jumps included), never other pieces that way. */
static void test_chameleon_as_pincer(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Ka1 Bd2 Pb5 Pd7 Pf5 kh9 pc5 pd6 de5");
    EXPECT_MOVE(&pos, "d2-d5", "d2-d5xc5,d6");
    /* After a jump along the file, the landing square pinces too. */
    SETUP(&pos, "w", "Ke1 Ba1 Pb1 Pb2 Pa6 kh9 na3 pa5");
    EXPECT_MOVES(&pos, "a1", "a1-a2 a1-a4xa3,a5");
}

/* No pincer capture after a diagonal move. */
static void test_chameleon_no_pincer_on_diagonal(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Ka1 Bg2 Pb5 kh9 pc5");
    EXPECT_MOVE(&pos, "g2-d5", "g2-d5");
    SETUP(&pos, "w", "Ka1 Pg2 Pb5 kh9 pc5");
    EXPECT_ILLEGAL(&pos, "g2-d5"); /* and a Pincer cannot move so */
}

/* Takes the Coordinator as a coordinator with its own King; other pieces on corners stay. */
static void test_chameleon_as_coordinator(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Ke1 Bc2 kh9 re6 pg1");
    EXPECT_MOVE(&pos, "c2-g6", "c2-g6xe6");
    SETUP(&pos, "w", "Ke1 Bc2 kh9 re6 rg1");
    EXPECT_MOVE(&pos, "c2-g6", "c2-g6xe6,g1");
}

/* Takes the Withdrawer by withdrawing from it, no other piece. */
static void test_chameleon_as_withdrawer(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Kh1 Bd4 kh9 qd3 pc3");
    EXPECT_MOVE(&pos, "d4-d6", "d4-d6xd3");
    EXPECT_MOVE(&pos, "d4-e5", "d4-e5"); /* away from the Pincer c3 */
}

/* Steps onto an adjacent Guard or Mage; such a move takes nothing else. Not from afar. */
static void test_chameleon_steps_onto_guard_and_mage(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Kh1 Bd4 kh9 de5 gd5 qc3 dg4");
    EXPECT_MOVE(&pos, "d4-e5", "d4-e5xe5"); /* withdraws from c3, yet takes only e5 */
    EXPECT_MOVE(&pos, "d4-d5", "d4-d5xd5");
    EXPECT_MOVE(&pos, "d4-f4", "d4-f4");
    EXPECT_ILLEGAL(&pos, "d4-g4");
    EXPECT_MOVES(&pos, "d4",
                 "d4-e5xe5 d4-d5xd5 d4-e4 d4-f4 d4-e3 d4-f2 d4-g1 d4-d3 d4-d2 d4-d1 d4-d0 "
                 "d4-c4 d4-b4 d4-a4 d4-c5 d4-b6 d4-a7");
}

/* Never takes a Chameleon or an Immobilizer, in any way. */
static void test_chameleon_spares_chameleon_and_immobilizer(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Ke1 Bc2 Pc6 kh9 me6 bg1 bc5 bb3");
    EXPECT_MOVE(&pos, "c2-g6", "c2-g6"); /* coordinator corners e6 (m), g1 (b) */
    EXPECT_MOVE(&pos, "c2-c4", "c2-c4"); /* c5 (b) between c4 and c6 */
    EXPECT_ILLEGAL(&pos, "c2-b3");       /* no step onto a Chameleon */
    assert_false(attack_is_frozen(&pos, sq_of("c2")));
    SETUP(&pos, "w", "Ke1 Ba1 Pb1 Pb2 kh9 ba3 ma5");
    EXPECT_MOVES(&pos, "a1", "a1-a2");
}

/* ---------------------------------------------------------------------------------------- */
/* 4.7 Mage */

/* Diagonal step, then outward along either component; friends close, enemies are taken. */
static void test_mage_moves(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Kh5 Gb2 Pa6 Pc1 kh9 pc5 pe3");
    EXPECT_MOVES(&pos, "b2", "b2-a1 b2-a3 b2-a4 b2-a5 b2-c3 b2-c4 b2-c5xc5 b2-d3 b2-e3xe3");
}

/* An enemy on the diagonal square is taken and the move ends there. */
static void test_mage_capture_on_step(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Kh5 Gb2 Pc1 Pc4 Pd3 kh9 pa3");
    EXPECT_MOVES(&pos, "b2", "b2-a1 b2-a3xa3 b2-c3");
}

/* Slides any number of squares outward, both ways, into the palace too. */
static void test_mage_long_slides(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Ka1 Ge3 kh9");
    EXPECT_MOVES(&pos, "e3",
                 "e3-d4 e3-d5 e3-d6 e3-d7 e3-d8 e3-d9 e3-d10 e3-c4 e3-b4 e3-a4 "
                 "e3-f4 e3-f5 e3-f6 e3-f7 e3-f8 e3-f9 e3-g4 e3-h4 "
                 "e3-d2 e3-d1 e3-d0 e3-c2 e3-b2 e3-a2 "
                 "e3-f2 e3-f1 e3-g2 e3-h2");
}

/* Never frozen, while its neighbours are. */
static void test_mage_never_frozen(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Kh5 Gb2 Pc1 Pc4 Pd3 kh9 pa3 mb1");
    assert_false(attack_is_frozen(&pos, sq_of("b2")));
    EXPECT_MOVES(&pos, "b2", "b2-a1 b2-a3xa3 b2-c3");
    EXPECT_MOVES(&pos, "c1", "c1-c1xc1");
}

/* ---------------------------------------------------------------------------------------- */
/* 4.6 Guard */

/* One step in 8 directions, takes by landing only. */
static void test_guard(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Kh1 Dd4 Pd5 kh9 pe5 pb4 pf4");
    EXPECT_MOVES(&pos, "d4", "d4-c3 d4-c4 d4-c5 d4-d3 d4-e3 d4-e4 d4-e5xe5");
    PLAY(&pos, "d4-c4", "d4-c4");
    EXPECT_SQUARE(&pos, "b4", 'p');
}

/* ---------------------------------------------------------------------------------------- */
/* 4.9 King */

/* Knight jumps on the file cylinder, from a5 (docs/rules/maxima.md's example). */
static void test_king_wrap_from_a(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Ka5 ke10");
    EXPECT_MOVES(&pos, "a5", "a5-b3 a5-b7 a5-c4 a5-c6 a5-g4 a5-g6 a5-h3 a5-h7");
}

/* And from h4, the other way round. */
static void test_king_wrap_from_h(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Kh4 ke10");
    EXPECT_MOVES(&pos, "h4", "h4-a2 h4-a6 h4-b3 h4-b5 h4-f3 h4-f5 h4-g2 h4-g6");
}

/* Captures by landing, reaches the palace, does not wrap in ranks. */
static void test_king_captures_and_palace(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Kc1 ke10 pd3 Pb3");
    EXPECT_MOVES(&pos, "c1", "c1-a2 c1-d3xd3 c1-e0 c1-e2");
    SETUP(&pos, "b", "Kc1 ke10 Pd8");
    EXPECT_MOVES(&pos, "e10", "e10-c9 e10-d8xd8 e10-g9 e10-f8");
}

/* ---------------------------------------------------------------------------------------- */
/* 5. Freezing */

/* A frozen piece's only move is suicide. */
static void test_frozen_piece_suicide_only(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Ka1 Pc5 kh9 md6");
    EXPECT_MOVES(&pos, "c5", "c5-c5xc5");
    PLAY(&pos, "c5-c5", "c5-c5xc5");
    EXPECT_SQUARE(&pos, "c5", '.');
    assert_int_equal(pos.side, BLACK);
    assert_int_equal(bb_popcount(pos.by_color[WHITE]), 1);
}

/* Two adjacent enemy Immobilizers freeze each other; a frozen one still freezes. */
static void test_mutual_immobilizers(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Ka1 Md4 Pc6 kh9 md5 pe3");
    EXPECT_MOVES(&pos, "d4", "d4-d4xd4");
    EXPECT_MOVES(&pos, "c6", "c6-c6xc6");
    assert_true(attack_is_frozen(&pos, sq_of("d5")));
    assert_true(attack_is_frozen(&pos, sq_of("e3")));
    SETUP(&pos, "b", "Ka1 Md4 Pc6 kh9 md5 pe3");
    EXPECT_MOVES(&pos, "d5", "d5-d5xd5");
    EXPECT_MOVES(&pos, "e3", "e3-e3xe3");
}

/* Chameleon and Immobilizer freeze each other; Chameleons do not freeze Chameleons. */
static void test_chameleon_immobilizer_mutual_freeze(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Ka1 Bd4 kh9 me5");
    EXPECT_MOVES(&pos, "d4", "d4-d4xd4");
    SETUP(&pos, "b", "Ka1 Bd4 kh9 me5");
    EXPECT_MOVES(&pos, "e5", "e5-e5xe5");
    SETUP(&pos, "w", "Ka1 Bd4 Pc4 kh9 bd5");
    assert_false(attack_is_frozen(&pos, sq_of("d4")));
    assert_false(attack_is_frozen(&pos, sq_of("d5")));
    /* An own Chameleon does not freeze an own Immobilizer. */
    SETUP(&pos, "w", "Ka1 Md4 Bd5 kh9");
    assert_false(attack_is_frozen(&pos, sq_of("d4")));
}

/* A frozen King has no move at all (no suicide either). */
static void test_frozen_king_no_move(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Ka1 Ph3 kh9 mb2");
    EXPECT_MOVES(&pos, "a1", "");
    assert_false(attack_king_attacked(&pos, WHITE));
    assert_int_equal(gamestate_of(&pos), GAME_ONGOING);
}

/* Frozen pieces give no check, the King included. */
static void test_frozen_pieces_give_no_check(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "b", "Ka1 De8 ke9 mf7");
    assert_false(attack_king_attacked(&pos, BLACK));
    SETUP(&pos, "b", "Ka1 De8 ke9");
    assert_true(attack_king_attacked(&pos, BLACK));
    /* White's King d4 is frozen by d3, so it does not attack e6; Black's King attacks d4. */
    SETUP(&pos, "w", "Kd4 ke6 md3");
    assert_false(attack_king_attacked(&pos, BLACK));
    assert_true(attack_king_attacked(&pos, WHITE));
}

/* Freezing needs adjacency on the board: nothing wraps from the h-file to the a-file. */
static void test_freezing_does_not_wrap(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Ke1 Pa5 kh9 mh5 mh6");
    assert_false(attack_is_frozen(&pos, sq_of("a5")));
    EXPECT_MOVE(&pos, "a5-a6", "a5-a6");
}

/* ---------------------------------------------------------------------------------------- */
/* 6. Palaces */

/* Own palace: no sideways shift inside it (White and Black). */
static void test_palace_no_sideways_shift(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Ka1 Dd0 kh9");
    EXPECT_MOVES(&pos, "d0", "d0-c1 d0-d1 d0-e1");
    assert_int_equal(movegen_palace_blocked(&pos), sq_of("e0"));
    SETUP(&pos, "b", "Ka1 kh9 de10");
    EXPECT_MOVES(&pos, "e10", "e10-d9 e10-e9 e10-f9");
    assert_int_equal(movegen_palace_blocked(&pos), sq_of("d10"));
}

/* Own palace: while an enemy holds one square the other cannot be entered; taking it is fine. */
static void test_palace_enemy_holds_one_square(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Ka1 De1 kh9 pd0");
    EXPECT_MOVES(&pos, "e1", "e1-d0xd0 e1-d1 e1-d2 e1-e2 e1-f1 e1-f2");
    SETUP(&pos, "w", "Ka1 Dd1 Pc1 kh9 pe0");
    EXPECT_MOVES(&pos, "d1", "d1-c2 d1-d2 d1-e0xe0 d1-e1 d1-e2");
}

/* Own palace, both squares occupied: the e-square is blocked, so taking on d is allowed and
 * taking on e is not. */
static void test_palace_both_occupied(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Ka1 Pd0 De1 kh9 pe0");
    EXPECT_MOVES(&pos, "e1", "e1-d1 e1-d2 e1-e2 e1-f1 e1-f2");
    SETUP(&pos, "w", "Ka1 Pe0 Dd1 kh9 pd0");
    EXPECT_MOVES(&pos, "d1", "d1-c1 d1-c2 d1-d0xd0 d1-d2 d1-e1 d1-e2");
    SETUP(&pos, "w", "Ka1 De1 kh9 pd0 pe0");
    EXPECT_MOVES(&pos, "e1", "e1-d0xd0 e1-d1 e1-d2 e1-e2 e1-f1 e1-f2");
    assert_int_equal(movegen_palace_blocked(&pos), sq_of("e0"));
}

/* Suicides are exempt: a frozen piece on the blocked e-square may still remove itself. */
static void test_palace_suicide_exempt(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Ka1 Pd0 Qe0 kh9 mf1");
    assert_int_equal(movegen_palace_blocked(&pos), sq_of("e0"));
    EXPECT_MOVES(&pos, "e0", "e0-e0xe0");
}

/* Enemy palace: free entry, free moves inside it. */
static void test_palace_enemy_free_entry(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Ka1 Dd10 kh9");
    EXPECT_MOVES(&pos, "d10", "d10-c9 d10-d9 d10-e10 d10-e9");
    SETUP(&pos, "w", "Ka1 De9 kh9 pd10");
    EXPECT_MOVES(&pos, "e9", "e9-d10xd10 e9-d8 e9-d9 e9-e10 e9-e8 e9-f8 e9-f9");
}

/* ---------------------------------------------------------------------------------------- */
/* 7. Check (Black to move, so the position may have Black's King attacked) */

/* Pincer: slides next to the King with a friend beyond it. */
static void test_check_by_pincer(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "b", "Ka1 Pa4 Pe6 ke5");
    assert_true(attack_king_attacked(&pos, BLACK));
    SETUP(&pos, "b", "Ka1 Pa4 ke5"); /* no friend beyond */
    assert_false(attack_king_attacked(&pos, BLACK));
    SETUP(&pos, "b", "Ka1 Pa4 Pe6 ke5 pc4"); /* path blocked */
    assert_false(attack_king_attacked(&pos, BLACK));
}

/* Coordinator: reaches a square whose corner with its King is the enemy King. */
static void test_check_by_coordinator(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "b", "Ke1 Ra7 ke5");
    assert_true(attack_king_attacked(&pos, BLACK));
    SETUP(&pos, "b", "Kd1 Ra7 ke5");
    assert_false(attack_king_attacked(&pos, BLACK));
    SETUP(&pos, "b", "Kh5 Rb2 ke5"); /* King on the rank: landing on the e-file */
    assert_true(attack_king_attacked(&pos, BLACK));
}

/* Long leaper: jumps the King, also as the second piece of a line. */
static void test_check_by_leaper(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "b", "Ka1 Ne2 ke5");
    assert_true(attack_king_attacked(&pos, BLACK));
    SETUP(&pos, "b", "Ka1 Ne2 ke5 pe6"); /* nothing to land on */
    assert_false(attack_king_attacked(&pos, BLACK));
    SETUP(&pos, "b", "Ka1 Ne1 ke5 pe3");
    assert_true(attack_king_attacked(&pos, BLACK));
    SETUP(&pos, "b", "Ka1 Ne2 ke5 pe3"); /* the first jumped piece may stand right next to it */
    assert_true(attack_king_attacked(&pos, BLACK));
    SETUP(&pos, "b", "Ka1 Ne2 ke5 pe4"); /* two in a row */
    assert_false(attack_king_attacked(&pos, BLACK));
}

/* Withdrawer: adjacent, with room to move directly away. */
static void test_check_by_withdrawer(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "b", "Ka1 Qe4 ke5");
    assert_true(attack_king_attacked(&pos, BLACK));
    SETUP(&pos, "b", "Ka1 Qe4 Pe3 ke5");
    assert_false(attack_king_attacked(&pos, BLACK));
    SETUP(&pos, "b", "Ka1 Qd4 ke5");
    assert_true(attack_king_attacked(&pos, BLACK));
    SETUP(&pos, "b", "Ka1 Qe3 ke5"); /* not adjacent */
    assert_false(attack_king_attacked(&pos, BLACK));
}

/* Guard: adjacent in any of the 8 directions. */
static void test_check_by_guard(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "b", "Ka1 De4 ke5");
    assert_true(attack_king_attacked(&pos, BLACK));
    SETUP(&pos, "b", "Ka1 Dd6 ke5");
    assert_true(attack_king_attacked(&pos, BLACK));
    SETUP(&pos, "b", "Ka1 De3 ke5");
    assert_false(attack_king_attacked(&pos, BLACK));
}

/* Mage: diagonally adjacent, or by a step and an outward slide; immune to freezing. */
static void test_check_by_mage(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "b", "Ka1 Gd4 ke5");
    assert_true(attack_king_attacked(&pos, BLACK));
    SETUP(&pos, "b", "Ka1 Gd2 ke5"); /* d2-e3, then up e4, e5 */
    assert_true(attack_king_attacked(&pos, BLACK));
    SETUP(&pos, "b", "Ka1 Ge4 ke5"); /* orthogonally adjacent: no */
    assert_false(attack_king_attacked(&pos, BLACK));
    SETUP(&pos, "b", "Ka1 Gd2 Pe4 ke5"); /* slide blocked */
    assert_false(attack_king_attacked(&pos, BLACK));
    SETUP(&pos, "b", "Ka1 Gf4 ke5 mg3"); /* next to an enemy Immobilizer, still checks */
    assert_true(attack_king_attacked(&pos, BLACK));
    SETUP(&pos, "w", "Kf3 ge10 ka9"); /* from a palace square: e10-f9, then down the f-file */
    assert_true(attack_king_attacked(&pos, WHITE));
    SETUP(&pos, "w", "Kb5 ge10 ka9"); /* far from the King's rank and file bands: no */
    assert_false(attack_king_attacked(&pos, WHITE));
}

/* Chameleon: checks only when adjacent and not frozen. */
static void test_check_by_chameleon(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "b", "Ka1 Bd6 ke5");
    assert_true(attack_king_attacked(&pos, BLACK));
    SETUP(&pos, "b", "Ka1 Be3 ke5");
    assert_false(attack_king_attacked(&pos, BLACK));
    SETUP(&pos, "b", "Ka1 Bd6 ke5 mc7");
    assert_false(attack_king_attacked(&pos, BLACK));
}

/* King: a knight jump across the cylinder checks (Black's King is frozen, so it cannot check
 * back and the position is valid). */
static void test_check_by_king(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "b", "Kg4 Mb5 ka5");
    assert_true(attack_king_attacked(&pos, BLACK));
    assert_false(attack_king_attacked(&pos, WHITE));
    SETUP(&pos, "b", "Kh3 Mb5 ka5");
    assert_true(attack_king_attacked(&pos, BLACK));
    SETUP(&pos, "b", "Kh5 Mb5 ka5");
    assert_false(attack_king_attacked(&pos, BLACK));
}

/* ---------------------------------------------------------------------------------------- */
/* 7. Legal moves */

/* A pinned piece's moves are generated as pseudo-legal moves but none is legal (the Guard e2
 * shields its King from a Long leaper; even e2-e3 lets the leaper jump e3 and e1). */
static void test_legality_pinned_piece(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Ke1 De2 kh9 ne5");
    EXPECT_MOVES(&pos, "e2", "");
    Move list[MAX_MOVES];
    int n = movegen_pseudo(&pos, list), guard_moves = 0;
    for (int i = 0; i < n; i++)
        guard_moves += move_from(list[i]) == sq_of("e2");
    assert_int_equal(guard_moves, 7);
    EXPECT_MOVES(&pos, "e1", "e1-c2 e1-d3 e1-f3 e1-g2");
}

/* The King may not jump to an attacked square. */
static void test_legality_king_into_attack(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "w", "Ke1 kh9 dc3");
    EXPECT_MOVES(&pos, "e1", "e1-f3 e1-g2");
}

/* In check, only moves that end the check are legal. */
static void test_legality_in_check(void **state)
{
    (void)state;
    Position pos;
    /* Black's Guard e2 checks: the Pincer f5 takes it by landing on f2 (d2 beyond), or the King
     * jumps to a square the Guard does not reach (not d3, f3). */
    SETUP(&pos, "w", "Ke1 Pd2 Pf5 kh9 de2");
    assert_true(attack_king_attacked(&pos, WHITE));
    char all[LIST_TEXT];
    moves_text(&pos, NULL, all);
    assert_string_equal(all, "e1-c2 e1-g2 f5-f2xe2");
}

/* ---------------------------------------------------------------------------------------- */
/* 8. End of the game */

/* No legal move and the King attacked: checkmate (even with a piece left that could only
 * commit suicide). */
static void test_end_checkmate(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "b", "Ke1 Mb9 Da8 ka9 pc9");
    char all[LIST_TEXT];
    moves_text(&pos, NULL, all);
    assert_string_equal(all, "");
    assert_int_equal(gamestate_of(&pos), GAME_CHECKMATE);
}

/* No legal move, King not attacked: stalemate (a draw). */
static void test_end_stalemate(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "b", "Ke1 Mb9 Pg9 Ph8 ka9 ph9");
    assert_false(attack_king_attacked(&pos, BLACK));
    assert_int_equal(gamestate_of(&pos), GAME_STALEMATE);
    /* With a frozen Pincer instead, its suicide is a legal move. */
    SETUP(&pos, "b", "Ke1 Mb9 ka9 pc9");
    assert_int_equal(gamestate_of(&pos), GAME_ONGOING);
}

/* Only the King left: loss, but rule 1 comes first (mate or stalemate of a bare King). */
static void test_end_bare_king(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "b", "Ke1 Pa3 ke9");
    assert_int_equal(gamestate_of(&pos), GAME_BARE_KING);
    SETUP(&pos, "b", "Ke1 Mb9 ka9");
    assert_int_equal(gamestate_of(&pos), GAME_STALEMATE);
    SETUP(&pos, "b", "Ke1 Mb9 Da8 ka9");
    assert_int_equal(gamestate_of(&pos), GAME_CHECKMATE);
    /* A bare King of the side NOT to move ends nothing yet. */
    SETUP(&pos, "b", "Ke1 ke9 pa7");
    assert_int_equal(gamestate_of(&pos), GAME_ONGOING);
}

/* Both own palace squares held by enemies: loss; one is not enough, own pieces do not count. */
static void test_end_invasion(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "b", "Ke1 Pd10 Pe10 ka5 pa7");
    assert_int_equal(gamestate_of(&pos), GAME_INVASION);
    SETUP(&pos, "b", "Ke1 Pd10 ka5 pa7 pe10");
    assert_int_equal(gamestate_of(&pos), GAME_ONGOING);
    SETUP(&pos, "b", "Ke1 ka5 pa7 pd10 pe10");
    assert_int_equal(gamestate_of(&pos), GAME_ONGOING);
    SETUP(&pos, "w", "Ke1 Pd10 Pe10 ka5 pa7"); /* White to move: Black's palace is not White's */
    assert_int_equal(gamestate_of(&pos), GAME_ONGOING);
    SETUP(&pos, "w", "Ka1 Pb3 ke9 pd0 ne0");
    assert_int_equal(gamestate_of(&pos), GAME_INVASION);
}

/* Rule order: bare King before invasion; no legal move before both. */
static void test_end_rule_order(void **state)
{
    (void)state;
    Position pos;
    SETUP(&pos, "b", "Ke1 Pd10 Pe10 ka5");
    assert_int_equal(gamestate_of(&pos), GAME_BARE_KING);
    SETUP(&pos, "b", "Ke1 Mb9 Pd10 Pe10 ka9");
    assert_int_equal(gamestate_of(&pos), GAME_STALEMATE);
    SETUP(&pos, "b", "Ke1 Mb9 Da8 Pd10 Pe10 ka9 pc9");
    assert_int_equal(gamestate_of(&pos), GAME_CHECKMATE);
    assert_string_equal(gamestate_name(GAME_CHECKMATE), "checkmate");
    assert_string_equal(gamestate_name(GAME_INVASION), "invasion");
}

/* ---------------------------------------------------------------------------------------- */
/* Robustness */

/* A crowded legal FEN (30 Mages on alternate ranks) has more than 512 pseudo-legal moves; move
 * generation must stay inside a MAX_MOVES list (checked by ASan in the SANITIZE=1 build). */
static void test_movegen_crowded_position_in_bounds(void **state)
{
    (void)state;
    Position pos;
    char err[256];
    assert_true(fen_parse(
        &pos, "xxxkpxxx/RGMG1GBG/7Q/1G1G1G1G/7B/1G1G1G1G/7N/1G1G1G1G/7B/NGQG1GRG/xxxKPxxx w 0", err,
        sizeof err));
    Move *list = malloc(MAX_MOVES * sizeof *list); /* exact size, so ASan sees an overflow */
    assert_non_null(list);
    int n = movegen_pseudo(&pos, list);
    assert_true(n <= MAX_MOVES);
    assert_true(n >= 512);
    n = movegen_legal(&pos, list);
    assert_true(n <= MAX_MOVES);
    (void)gamestate_of(&pos);
    free(list);
}

/* Runs the rule clause tests. */
int main(void)
{
    core_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pincer_single_capture),
        cmocka_unit_test(test_pincer_triple_capture),
        cmocka_unit_test(test_pincer_safe_entry),
        cmocka_unit_test(test_pincer_king_anvil),
        cmocka_unit_test(test_pincer_frozen_anvil),
        cmocka_unit_test(test_pincer_only_the_pincer_pinces),
        cmocka_unit_test(test_leaper_single_jump),
        cmocka_unit_test(test_leaper_multi_jump),
        cmocka_unit_test(test_leaper_two_in_a_row),
        cmocka_unit_test(test_leaper_blocked_by_friend),
        cmocka_unit_test(test_leaper_no_jump_at_edge),
        cmocka_unit_test(test_withdrawer),
        cmocka_unit_test(test_coordinator),
        cmocka_unit_test(test_coordinator_frozen_king),
        cmocka_unit_test(test_chameleon_as_leaper),
        cmocka_unit_test(test_chameleon_as_pincer),
        cmocka_unit_test(test_chameleon_no_pincer_on_diagonal),
        cmocka_unit_test(test_chameleon_as_coordinator),
        cmocka_unit_test(test_chameleon_as_withdrawer),
        cmocka_unit_test(test_chameleon_steps_onto_guard_and_mage),
        cmocka_unit_test(test_chameleon_spares_chameleon_and_immobilizer),
        cmocka_unit_test(test_mage_moves),
        cmocka_unit_test(test_mage_capture_on_step),
        cmocka_unit_test(test_mage_long_slides),
        cmocka_unit_test(test_mage_never_frozen),
        cmocka_unit_test(test_guard),
        cmocka_unit_test(test_king_wrap_from_a),
        cmocka_unit_test(test_king_wrap_from_h),
        cmocka_unit_test(test_king_captures_and_palace),
        cmocka_unit_test(test_frozen_piece_suicide_only),
        cmocka_unit_test(test_mutual_immobilizers),
        cmocka_unit_test(test_chameleon_immobilizer_mutual_freeze),
        cmocka_unit_test(test_frozen_king_no_move),
        cmocka_unit_test(test_frozen_pieces_give_no_check),
        cmocka_unit_test(test_freezing_does_not_wrap),
        cmocka_unit_test(test_palace_no_sideways_shift),
        cmocka_unit_test(test_palace_enemy_holds_one_square),
        cmocka_unit_test(test_palace_both_occupied),
        cmocka_unit_test(test_palace_suicide_exempt),
        cmocka_unit_test(test_palace_enemy_free_entry),
        cmocka_unit_test(test_check_by_pincer),
        cmocka_unit_test(test_check_by_coordinator),
        cmocka_unit_test(test_check_by_leaper),
        cmocka_unit_test(test_check_by_withdrawer),
        cmocka_unit_test(test_check_by_guard),
        cmocka_unit_test(test_check_by_mage),
        cmocka_unit_test(test_check_by_chameleon),
        cmocka_unit_test(test_check_by_king),
        cmocka_unit_test(test_legality_pinned_piece),
        cmocka_unit_test(test_legality_king_into_attack),
        cmocka_unit_test(test_legality_in_check),
        cmocka_unit_test(test_end_checkmate),
        cmocka_unit_test(test_end_stalemate),
        cmocka_unit_test(test_end_bare_king),
        cmocka_unit_test(test_end_invasion),
        cmocka_unit_test(test_end_rule_order),
        cmocka_unit_test(test_movegen_crowded_position_in_bounds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
