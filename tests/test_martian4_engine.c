/* test_martian4_engine.c: the engine and the ends of four-player Martian Chess where a player's
 * team is meant, checked for every player to move, not only players 1 and 2 (whose team number
 * is their colour): each position is checked in its four quarter turns (every player's quadrant
 * to the next player's, the next player to move, the teams' scores swapped), so that each of the
 * four players meets it.
 *
 * - the search's game ends: a player who can win at once (emptying his own quadrant while his
 *   team leads) plays it with a win's score; a player whose team is behind does not empty his
 *   quadrant (it would lose) and sees no win;
 * - partner captures off: no player of the engine's team takes a partner's piece anywhere in
 *   the principal variation (the partner to move in the tree included);
 * - no null move in a zoned game (two or four players): the search's move, score and node count
 *   are the same whatever the null move's weights, which do change a Maxima search;
 * - an empty quadrant with level scores: the game goes to the team of the player who emptied
 *   it, whoever he is. */
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

enum { ERR_LEN = 512 };

/* Parses a FEN of game v, failing with the parser's message if it is bad. */
static void parse_game(Position *pos, const char *fen, const Variant *v)
{
    char err[ERR_LEN];
    if (!fen_parse_variant(pos, fen, v, err, sizeof err))
        fail_msg("bad FEN %s: %s", fen, err);
}

/* Parses a four-player FEN. */
static void parse4(Position *pos, const char *fen)
{
    parse_game(pos, fen, variant_get(VARIANT_MARTIAN4));
}

/* The four quarter turns of pos (turn[0] is pos): turn[k] has player (pos's + k) to move. */
static void quarter_turns(const Position *pos, Position turn[4])
{
    turn[0] = *pos;
    for (int k = 1; k < 4; k++)
        fixtures_position_quarter_turn(&turn[k - 1], &turn[k]);
}

/* The FEN of pos (a static buffer). */
static const char *fen_of(const Position *pos)
{
    static char text[256];
    fen_write(pos, text, sizeof text);
    return text;
}

/* An engine with four-player Martian Chess's default weights. */
static Engine *engine4(void)
{
    Engine *e = engine_new(1);
    assert_non_null(e);
    Weights w;
    weights_martian4_default(&w);
    engine_set_weights(e, &w);
    return e;
}

/* Searches pos to depth: the best move (its text in move), the score, the last iteration. */
static Move search(Engine *e, const Position *pos, int depth, char move[MOVE_STR_LEN], int *score,
                   SearchInfo *info)
{
    engine_new_game(e);
    assert_true(engine_set_position(e, pos, NULL, 0));
    SearchLimits limits = {depth, 0, 0};
    Move m = engine_search(e, &limits, score, info, NULL, NULL);
    notation_move(pos, m, move, MOVE_STR_LEN);
    return m;
}

/* Whether move m ends the game from pos. */
static bool ends_game(const Position *pos, Move m)
{
    Position p = *pos;
    Undo u;
    move_do(&p, m, &u);
    Move list[MAX_MOVES];
    return gamestate_from_count(&p, movegen_legal(&p, list)) != GAME_ONGOING;
}

/* The search's game ends for every player to move. Player 1 has one drone left, on d2: d2-e2
 * and d2-f2 take it into player 4's quadrant and empty his own, ending the game; his other
 * moves stay at home. The other players have two pawns each, far from everything (no capture
 * anywhere, no other quadrant can be emptied within the depths searched). Team 1+3 ahead by 5:
 * the emptying move wins at once; behind by 5: it loses at once, and a move at home does not. */
static void test_game_end_every_player(void **state)
{
    (void)state;
    Engine *e = engine4();
    static const char *const fens[2] = {"PP4PP/8/8/8/8/8/3D4/6PP 1 5 0 -",
                                        "PP4PP/8/8/8/8/8/3D4/6PP 1 0 5 -"};
    for (int ahead = 1; ahead >= 0; ahead--) {
        Position base, turn[4];
        parse4(&base, fens[ahead ? 0 : 1]);
        quarter_turns(&base, turn);
        for (int k = 0; k < 4; k++) {
            const Position *pos = &turn[k];
            assert_int_equal(pos->side, k);
            for (int depth = 1; depth <= 3; depth++) {
                char move[MOVE_STR_LEN];
                int score;
                Move m = search(e, pos, depth, move, &score, NULL);
                if (ahead && (!ends_game(pos, m) || score != SCORE_MATE - 1))
                    fail_msg("player %d to move, his team ahead, depth %d (%s): played %s, score "
                             "%d; want the move that empties his quadrant, score %d (a win)",
                             k + 1, depth, fen_of(pos), move, score, SCORE_MATE - 1);
                if (!ahead &&
                    (ends_game(pos, m) || score > SCORE_MATE_BOUND || score < -SCORE_MATE_BOUND))
                    fail_msg("player %d to move, his team behind, depth %d (%s): played %s, score "
                             "%d; want a move at home and no game end's score (emptying his "
                             "quadrant loses)",
                             k + 1, depth, fen_of(pos), move, score);
            }
        }
    }
    engine_free(e);
}

/* Partner captures off: player 3's queen on e5 stands next to player 1's queen on d4 (each may
 * take the other: a partner's piece). With the engine's team to move at the root, and at every
 * node of its tree where one of its two players is to move, no such capture may be played: the
 * principal variation at depths 1-4 has none by the engine's team (the opponents may take
 * whatever they like). Checked for each player at the root. An engine with them on must play
 * some in these variations: the setting, not the position, keeps them out. */

/* The captures of a partner's piece by the root's team in the principal variation of root at
 * depth (failing the test at the first, if fail; who: the root's player for the message). */
static int team_partner_captures_in_pv(Engine *e, const Position *root, int depth, bool fail,
                                       int who)
{
    char move[MOVE_STR_LEN];
    int score, found = 0;
    SearchInfo info;
    search(e, root, depth, move, &score, &info);
    Position p = *root;
    for (int i = 0; i < info.pvlen; i++) {
        char text[MOVE_STR_LEN];
        notation_move(&p, info.pv[i], text, sizeof text);
        if (position_team(&p) == position_team(root) && move_takes_partner(&p, info.pv[i])) {
            found++;
            if (fail)
                fail_msg("partner captures off, player %d at the root, depth %d (%s): ply %d of "
                         "the principal variation, player %d's %s, takes a partner's piece",
                         who, depth, fen_of(root), i + 1, p.side + 1, text);
        }
        Undo u;
        move_do(&p, info.pv[i], &u);
    }
    return found;
}

static void test_partner_captures_by_team(void **state)
{
    (void)state;
    Engine *off = engine4(), *on = engine4();
    engine_set_partner_captures(off, false);
    Position base, turn[4];
    parse4(&base, "PP4PP/8/8/4Q3/3Q4/8/8/P5PP 1 0 0 -");
    quarter_turns(&base, turn);
    int with_them = 0;
    for (int k = 0; k < 4; k++)
        for (int depth = 1; depth <= 4; depth++) {
            team_partner_captures_in_pv(off, &turn[k], depth, true, k + 1);
            with_them += team_partner_captures_in_pv(on, &turn[k], depth, false, k + 1);
        }
    if (with_them == 0)
        fail_msg("with partner captures on, no principal variation takes a partner's piece: the "
                 "position tests nothing");
    engine_free(off);
    engine_free(on);
}

/* The search of pos to depth under w with the null move's least depth at 1 and its reduction at
 * 2 (used wherever it may be) and with its least depth at its maximum (never at these depths):
 * true when the move, the score and the node count are all the same. */
static bool null_move_changes_nothing(Engine *e, const Position *pos, const Weights *w, int depth)
{
    Weights on = *w, off = *w;
    on.v[W_NMP_MIN_DEPTH] = 1;
    on.v[W_NMP_REDUCTION] = 2;
    off.v[W_NMP_MIN_DEPTH] = weight_defs[W_NMP_MIN_DEPTH].max;
    char move[2][MOVE_STR_LEN];
    int score[2];
    SearchInfo info[2];
    engine_set_weights(e, &on);
    search(e, pos, depth, move[0], &score[0], &info[0]);
    engine_set_weights(e, &off);
    search(e, pos, depth, move[1], &score[1], &info[1]);
    return !strcmp(move[0], move[1]) && score[0] == score[1] && info[0].nodes == info[1].nodes;
}

/* A zoned game's search never passes: with the null move allowed from depth 1 or never, the
 * same search, in two- and four-player positions (the start and a middle game, each player to
 * move), while a Maxima search does change (the check can fail). */
static void test_no_null_move_in_zoned_games(void **state)
{
    (void)state;
    Engine *e = engine_new(1);
    assert_non_null(e);
    Weights w;
    Position pos;
    weights_default(&w);
    assert_true(fen_parse(&pos, "start", NULL, 0));
    assert_false(null_move_changes_nothing(e, &pos, &w, 6));
    const Variant *m2 = variant_get(VARIANT_MARTIAN);
    weights_martian_default(&w);
    static const char *const two[] = {
        "start",
        "QQDP/QD2/DP2/3P/4/PPPD/D2Q/1DQQ s 0 0 - -",
        "QQ1P/QDD1/DPP1/4/3P/1PQD/1PD1/1DQQ s 0 0 - -",
        "QQ1P/QDD1/DPP1/4/3P/1PQD/1PD1/1DQQ n 0 0 - -",
    };
    for (size_t i = 0; i < sizeof two / sizeof two[0]; i++) {
        parse_game(&pos, two[i], m2);
        if (!null_move_changes_nothing(e, &pos, &w, 6))
            fail_msg("two-player Martian %s: the null move's weights change the search", two[i]);
    }
    weights_martian4_default(&w);
    static const char *const four[] = {
        "QQD2DQQ/QDP2PDQ/DPP2PPD/8/8/DPP2PPD/QDP2PDQ/QQD2DQQ 1 0 0 -",
        "QQD2DQQ/QDP2PDQ/D1P2P1D/P6P/D7/1PP3PD/QDP1PPDQ/QQD2DQQ 1 0 0 -",
    };
    for (size_t i = 0; i < sizeof four / sizeof four[0]; i++) {
        Position base, turn[4];
        parse4(&base, four[i]);
        quarter_turns(&base, turn);
        for (int k = 0; k < 4; k++)
            if (!null_move_changes_nothing(e, &turn[k], &w, 4))
                fail_msg("four-player Martian %s, player %d to move: the null move's weights "
                         "change the search",
                         fen_of(&turn[k]), k + 1);
    }
    engine_free(e);
}

/* An empty quadrant with the scores level: the team of the player who emptied it wins, for each
 * player. Player 4 moves his last piece out (e4-f5, the test of MARTIAN.md 10's tie), turned so
 * that each player does; in each image every legal move that empties a quadrant is played and
 * the winner (and gamestate_is_loss for the next player) checked: the tie's to the mover's team,
 * else the higher score's (e4xd3 takes player 1's last piece: 2 points, not level). */
static void test_empty_quadrant_tie_every_player(void **state)
{
    (void)state;
    Position base, turn[4];
    parse4(&base, "Q6Q/8/8/3P4/4P3/3D4/8/Q7 4 15 15 -");
    quarter_turns(&base, turn);
    for (int k = 0; k < 4; k++) {
        Position *pos = &turn[k];
        int mover = pos->side, team = position_team(pos);
        Move list[MAX_MOVES];
        int n = movegen_legal(pos, list), emptying = 0;
        for (int i = 0; i < n; i++) {
            Position p = *pos;
            Undo u;
            move_do(&p, list[i], &u);
            if (gamestate_of(&p) != GAME_EMPTY_ZONE)
                continue;
            char text[MOVE_STR_LEN];
            notation_move(pos, list[i], text, sizeof text);
            bool level = p.score[WHITE] == p.score[BLACK];
            int want = level ? team : p.score[WHITE] > p.score[BLACK] ? WHITE : BLACK;
            emptying += level;
            int winner = gamestate_winner(&p, GAME_EMPTY_ZONE);
            if (winner != want ||
                gamestate_is_loss(&p, GAME_EMPTY_ZONE) != (want != position_team(&p)))
                fail_msg("player %d (team %s) ends the game with %s (%s), an empty quadrant at "
                         "%d-%d: winner %d, want team %s",
                         mover + 1, team == WHITE ? "1+3" : "2+4", text, fen_of(pos),
                         p.score[WHITE], p.score[BLACK], winner, want == WHITE ? "1+3" : "2+4");
        }
        if (emptying == 0)
            fail_msg("player %d to move (%s): no move empties a quadrant with the scores level",
                     mover + 1, fen_of(pos));
    }
}

/* Runs the four-player engine tests. */
int main(void)
{
    core_init();
    eval_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_game_end_every_player),
        cmocka_unit_test(test_partner_captures_by_team),
        cmocka_unit_test(test_no_null_move_in_zoned_games),
        cmocka_unit_test(test_empty_quadrant_tie_every_player),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
