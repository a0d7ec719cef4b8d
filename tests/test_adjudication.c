/* test_adjudication.c: every adjudication and game-end rule of a game at its exact threshold and
 * one off, for White and for Black (issue 18).
 *
 * The scores the engines report in a game are found by searching the same positions again with
 * fresh engines (game_play starts each engine on a new game, so its first searches are
 * reproducible): the resign and draw bounds are then set exactly at those scores, and one
 * centipawn beyond. Every position is also played with colours and ranks swapped (mirror_fen),
 * so each rule is met by both colours.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fen.h"
#include "core/gamestate.h"
#include "core/position.h"
#include "search/eval.h"
#include "tests/lib/fixtures.h"
#include "tune/run/config.h"
#include "tune/play/game.h"

enum { DEPTH = 1, FEN_LEN = 256 };

/* White a Withdrawer and a Coordinator up: both engines agree White is winning. */
#define FEN_WHITE_AHEAD "xxx2xxx/4k3/p7/8/8/8/8/8/Q6P/R3K3/xxx2xxx w 0"
/* The initial position without Black's Pincer c7 (White slightly better). */
#define FEN_WHITE_PINCER_UP                                                                        \
    "xxx2xxx/1g1qk1g1/1bnmrnb1/dp1ppppd/8/8/8/DPPPPPPD/1BNMRNB1/1G1QK1G1/xxx2xxx w 0"

/* The position with colours and ranks swapped and the other side to move. */
static void mirror_fen(const char *fen, char *out)
{
    char rows[11][32], side[8];
    int plies, n = 0;
    char board[FEN_LEN];
    assert_int_equal(sscanf(fen, "%255s %7s %d", board, side, &plies), 3);
    for (char *tok = strtok(board, "/"); tok && n < 11; tok = strtok(NULL, "/"))
        snprintf(rows[n++], sizeof rows[0], "%s", tok);
    assert_int_equal(n, 11);
    out[0] = '\0';
    for (int r = 10; r >= 0; r--) {
        for (char *c = rows[r]; *c; c++)
            if (*c != 'x' && isalpha((unsigned char)*c))
                *c = (char)(isupper((unsigned char)*c) ? tolower(*c) : toupper(*c));
        strcat(out, rows[r]);
        if (r)
            strcat(out, "/");
    }
    char tail[32];
    snprintf(tail, sizeof tail, " %s %d", side[0] == 'w' ? "b" : "w", plies);
    strcat(out, tail);
}

/* Parses a FEN the test relies on. */
static void parse(Position *pos, const char *fen)
{
    char err[256];
    if (!fen_parse(pos, fen, err, sizeof err))
        fail_msg("bad FEN %s: %s", fen, err);
}

/* Plays a game from fen with the setup's rules. */
static void play(GameSetup *s, const char *fen)
{
    Position pos;
    parse(&pos, fen);
    game_play(&pos, &s->white, &s->black, &s->mc, &s->rec);
}

/* The scores (White's view) the engines report at the first n plies of the game from fen:
 * the game is played without adjudication, then each position searched by a fresh engine. */
static void game_scores(const char *fen, int n, int *white_score)
{
    GameSetup *s = fixtures_game_setup(DEPTH, 0, n);
    assert_non_null(s);
    play(s, fen);
    assert_int_equal(s->rec.nmoves, n);
    Position start;
    parse(&start, fen);
    for (int i = 0; i < n; i++) {
        Engine *e = engine_new(1);
        assert_non_null(e);
        engine_new_game(e);
        engine_set_weights(e, &s->weights);
        assert_true(engine_set_position(e, &start, s->rec.moves, i));
        SearchLimits lim = {DEPTH, 0, 0};
        int score;
        engine_search(e, &lim, &score, NULL, NULL, NULL);
        white_score[i] = e->pos.side == WHITE ? score : -score;
        engine_free(e);
    }
    fixtures_game_free(s);
}

/* Resign: from fen the side `winner` (WHITE or BLACK) is far ahead. With resign_move_count 1
 * the game ends after 2 plies exactly when resign_score is the smaller of the two plies'
 * advantages, and not when it is one more; with count k, after exactly 2k plies. */
static void check_resign(const char *fen, int winner)
{
    int ws[6];
    game_scores(fen, 6, ws);
    int sign = winner == WHITE ? 1 : -1,
        bound = sign * ws[0] < sign * ws[1] ? sign * ws[0] : sign * ws[1];
    for (int i = 0; i < 6; i++)
        assert_true(sign * ws[i] >= 50); /* all six plies clearly one-sided */
    int want = winner == WHITE ? 2 : 0;
    GameSetup *s = fixtures_game_setup(DEPTH, 0, 3);
    assert_non_null(s);
    s->mc.resign_move_count = 1;
    s->mc.resign_score = bound;
    play(s, fen);
    if (s->rec.term != TERM_ADJ_RESIGN || s->rec.nmoves != 2 || s->rec.result != want)
        fail_msg("%s: resign_score %d (the bound): %s after %d plies, result %d", fen, bound,
                 game_termination_name(s->rec.term), s->rec.nmoves, s->rec.result);
    s->mc.resign_score = bound + 1;
    play(s, fen);
    if (s->rec.term != TERM_MAX_PLIES || s->rec.nmoves != 3)
        fail_msg("%s: resign_score %d (one past the bound): %s after %d plies", fen, bound + 1,
                 game_termination_name(s->rec.term), s->rec.nmoves);
    for (long k = 1; k <= 3; k++) {
        s->mc.max_plies = 7;
        s->mc.resign_move_count = k;
        s->mc.resign_score = 50;
        play(s, fen);
        assert_int_equal(s->rec.term, TERM_ADJ_RESIGN);
        assert_int_equal(s->rec.nmoves, 2 * k);
        assert_int_equal(s->rec.result, want);
    }
    fixtures_game_free(s);
}

/* Resign adjudication at its bound: Black resigns (White ahead) and White resigns (mirror). */
static void test_resign_threshold_both_colours(void **state)
{
    (void)state;
    char mirrored[FEN_LEN];
    check_resign(FEN_WHITE_AHEAD, WHITE);
    mirror_fen(FEN_WHITE_AHEAD, mirrored);
    check_resign(mirrored, BLACK);
    /* The same with the other side moving first (the resigning side moves first). */
    char black_first[FEN_LEN];
    snprintf(black_first, sizeof black_first, "%s", FEN_WHITE_AHEAD);
    black_first[strlen(black_first) - 3] = 'b';
    check_resign(black_first, WHITE);
    mirror_fen(black_first, mirrored);
    check_resign(mirrored, BLACK);
}

/* Draw: with draw_move_count 1 and draw_move_number 0 the game is drawn after 2 plies exactly
 * when draw_score is the larger of the two plies' |score|, and not when it is one less. */
static void check_draw(const char *fen, int sign)
{
    int ws[2];
    game_scores(fen, 2, ws);
    for (int i = 0; i < 2; i++)
        assert_true(sign * ws[i] > 0); /* the scores have the sign under test */
    int bound = abs(ws[0]) > abs(ws[1]) ? abs(ws[0]) : abs(ws[1]);
    GameSetup *s = fixtures_game_setup(DEPTH, 0, 3);
    assert_non_null(s);
    s->mc.draw_move_count = 1;
    s->mc.draw_move_number = 0;
    s->mc.draw_score = bound;
    play(s, fen);
    if (s->rec.term != TERM_ADJ_DRAW || s->rec.nmoves != 2 || s->rec.result != 1)
        fail_msg("%s: draw_score %d (the bound): %s after %d plies", fen, bound,
                 game_termination_name(s->rec.term), s->rec.nmoves);
    s->mc.draw_score = bound - 1;
    play(s, fen);
    if (s->rec.term != TERM_MAX_PLIES || s->rec.nmoves != 3)
        fail_msg("%s: draw_score %d (one inside the bound): %s after %d plies", fen, bound - 1,
                 game_termination_name(s->rec.term), s->rec.nmoves);
    fixtures_game_free(s);
}

/* Draw adjudication at its bound, with positive scores (White better) and negative ones. */
static void test_draw_threshold_both_signs(void **state)
{
    (void)state;
    char mirrored[FEN_LEN];
    check_draw(FEN_WHITE_PINCER_UP, 1);
    mirror_fen(FEN_WHITE_PINCER_UP, mirrored);
    check_draw(mirrored, -1);
}

/* Draw adjudication starts exactly at draw_move_number, whichever side moves first. */
static void test_draw_move_number_threshold(void **state)
{
    (void)state;
    GameSetup *s = fixtures_game_setup(DEPTH, 0, 40);
    assert_non_null(s);
    s->mc.draw_move_count = 1;
    s->mc.draw_score = 100000;
    char mirrored[FEN_LEN];
    mirror_fen(FEN_WHITE_PINCER_UP, mirrored);
    const char *fens[2] = {FEN_WHITE_PINCER_UP, mirrored};
    for (int f = 0; f < 2; f++)
        for (long n = 2; n <= 5; n++) {
            s->mc.draw_move_number = n;
            play(s, fens[f]);
            /* Move number = plies / 2 + 1 at the check: first reached after 2 (n - 1) plies. */
            assert_int_equal(s->rec.term, TERM_ADJ_DRAW);
            assert_int_equal(s->rec.nmoves, 2 * (n - 1));
        }
    fixtures_game_free(s);
}

/* max_plies ends the game after exactly that many plies, odd or even, either side first. */
static void test_max_plies_threshold(void **state)
{
    (void)state;
    char mirrored[FEN_LEN];
    mirror_fen(FEN_WHITE_PINCER_UP, mirrored);
    const char *fens[2] = {FEN_WHITE_PINCER_UP, mirrored};
    for (int f = 0; f < 2; f++)
        for (long n = 1; n <= 4; n++) {
            GameSetup *s = fixtures_game_setup(DEPTH, 0, n);
            assert_non_null(s);
            play(s, fens[f]);
            assert_int_equal(s->rec.term, TERM_MAX_PLIES);
            assert_int_equal(s->rec.nmoves, n);
            assert_int_equal(s->rec.result, 1);
            fixtures_game_free(s);
        }
}

/* A game-end rule for the side to move in fen (Black) and in its mirror (White): state, the
 * game's termination and result (White's view) without a move played. */
static void check_end(const char *fen, GameState want, Termination term, int result_black_moves)
{
    char mirrored[FEN_LEN];
    mirror_fen(fen, mirrored);
    const char *fens[2] = {fen, mirrored};
    for (int f = 0; f < 2; f++) {
        Position pos;
        parse(&pos, fens[f]);
        if (gamestate_of(&pos) != want)
            fail_msg("%s: %s, want %s", fens[f], gamestate_name(gamestate_of(&pos)),
                     gamestate_name(want));
        if (want == GAME_ONGOING)
            continue;
        GameSetup *s = fixtures_game_setup(DEPTH, 0, 10);
        assert_non_null(s);
        play(s, fens[f]);
        assert_int_equal(s->rec.nmoves, 0);
        assert_int_equal(s->rec.term, term);
        assert_int_equal(s->rec.result, f == 0 ? result_black_moves : 2 - result_black_moves);
        fixtures_game_free(s);
    }
}

/* Bare King, invasion, checkmate and stalemate at their exact conditions and one off, for
 * both colours. */
static void test_game_end_rules_both_colours(void **state)
{
    (void)state;
    /* Bare King: only the King left loses; King and one Pincer plays on. */
    check_end("xxx2xxx/4k3/8/8/8/8/8/P7/8/4K3/xxx2xxx b 0", GAME_BARE_KING, TERM_BARE_KING, 2);
    check_end("xxx2xxx/4k3/8/p7/8/8/8/P7/8/4K3/xxx2xxx b 0", GAME_ONGOING, TERM_NB, 0);
    /* Invasion: both palace squares held by the enemy loses; one, or one plus an own piece,
     * plays on. */
    check_end("xxxPPxxx/8/k7/p7/8/8/8/8/8/4K3/xxx2xxx b 0", GAME_INVASION, TERM_INVASION, 2);
    check_end("xxxP1xxx/8/k7/p7/8/8/8/8/8/4K3/xxx2xxx b 0", GAME_ONGOING, TERM_NB, 0);
    check_end("xxxPpxxx/8/k7/8/8/8/8/8/8/4K3/xxx2xxx b 0", GAME_ONGOING, TERM_NB, 0);
    /* Checkmate, and the same without the checking Guard: stalemate is a draw. */
    check_end("xxx2xxx/kMp5/D7/8/8/8/8/8/8/4K3/xxx2xxx b 0", GAME_CHECKMATE, TERM_CHECKMATE, 2);
    check_end("xxx2xxx/kM4Pp/7P/8/8/8/8/8/8/4K3/xxx2xxx b 0", GAME_STALEMATE, TERM_STALEMATE, 1);
}

/* Runs the adjudication threshold tests. */
int main(void)
{
    core_init();
    eval_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_resign_threshold_both_colours),
        cmocka_unit_test(test_draw_threshold_both_signs),
        cmocka_unit_test(test_draw_move_number_threshold),
        cmocka_unit_test(test_max_plies_threshold),
        cmocka_unit_test(test_game_end_rules_both_colours),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
