/* test_search.c: the alpha-beta engine on positions with known answers.
 *
 * Wins (mate, invasion, bare King) are checked twice: the engine must find them with the
 * expected score, and a small brute-force solver in this file (movegen_legal, move_do,
 * gamestate_of only) confirms that the position really is what the test claims, so a broken
 * position cannot make a test pass. The rest covers legality in engine-vs-engine play,
 * repetition, node-limit determinism and the node limit itself, and what the defensive
 * player's search makes of its losses.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "core/fen.h"
#include "core/gamestate.h"
#include "core/makemove.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/position.h"
#include "search/bigtable.h"
#include "search/eval.h"
#include "search/search.h"

enum { HASH_MB = 4, ERR_LEN = 256 };

/* White: Immobilizer h8 freezes the Black King h9; Guard f7-g8 mates (Black's Pincer a9 cannot
 * take the Guard). */
#define FEN_MATE1 "xxx2xxx/p6k/7M/5D2/8/8/8/8/8/4K3/xxx2xxx w 0"
/* The same with the Guard one step further back: e6-f7 is the only way to reach g8 in time. */
#define FEN_MATE2 "xxx2xxx/p6k/7M/8/4D3/8/8/8/8/4K3/xxx2xxx w 0"
/* White Guard on d10; Pincer e4-e10 fills Black's palace. */
#define FEN_INVADE1 "xxxD1xxx/k7/8/8/8/8/4P3/8/7p/K7/xxx2xxx w 0"
/* Guard c9 and Pincer e4: e4-e10 first (then Black may not enter d10, own-palace rule), then
 * c9-d10. c9-d10 first fails to h6-e6, which blocks the file. */
#define FEN_INVADE2 "xxx2xxx/2D4k/8/8/7p/8/4P3/8/8/K7/xxx2xxx w 0"
/* Guard d5 takes Black's only Pincer e6: bare King. */
#define FEN_BARE1 "xxx2xxx/4k3/8/8/4p3/3D4/8/8/8/4K3/xxx2xxx w 0"
/* Black holds d0 and its Pincer e5 waits behind White's Pincer e2. e2-a2 wins the Mage (a3,
 * custodian with a4) but opens the file: e5-e0 invades. Quiet moves are safe, and c1xd0 ends
 * the threat. */
#define FEN_AVOID "xxx2xxx/4k3/8/8/8/4p3/P7/g7/4P3/2D3K1/xxxd1xxx w 0"
/* White far ahead in material; the Kings e1 and e9 can shuffle (e1-d3, e9-c8 and back). */
#define FEN_SHUFFLE "xxx2xxx/4k3/7p/8/8/M6N/8/8/8/4K1G1/xxx2xxx w 0"
/* A middle-game reference position (perft.epd "random-09"). */
#define FEN_MIDGAME                                                                                \
    "xxx2xxx/2gqk1gb/1bnmr3/Nppp1pnd/4p3/5Pp1/4PM2/DPP2PPD/2N1R2B/BG1QK1G1/xxx2xxx w 16"

/* Parses a FEN the test relies on, failing with the parser's message if it is bad. */
static void parse(Position *pos, const char *fen)
{
    char err[ERR_LEN];
    if (!fen_parse(pos, fen, err, sizeof err))
        fail_msg("bad FEN %s: %s", fen, err);
}

/* Square index of a name such as "e10". */
static int sq(const char *name)
{
    int len;
    int s = square_parse(&variant_get(VARIANT_MAXIMA)->geo, name, &len);
    assert_true(s >= 0);
    return s;
}

/* The move "<from>-<to>" given as two square names. */
static Move mv(const char *from, const char *to) { return move_make(sq(from), sq(to)); }

/* Move as text, for failure messages (static buffer: one call per message argument). */
static const char *move_str(Move m)
{
    static char buf[4][MOVE_STR_LEN];
    static int k;
    k = (k + 1) & 3;
    if (m == MOVE_NONE)
        snprintf(buf[k], sizeof buf[k], "(none)");
    else
        notation_move_short(m, buf[k], sizeof buf[k]);
    return buf[k];
}

/* True when m is in movegen_legal's list for pos. */
static bool is_legal(Position *pos, Move m)
{
    Move list[MAX_MOVES];
    int n = movegen_legal(pos, list);
    for (int i = 0; i < n; i++)
        if (list[i] == m)
            return true;
    return false;
}

/* True for the game states in which the side to move has lost. */
static bool is_loss(GameState s)
{
    return s == GAME_CHECKMATE || s == GAME_BARE_KING || s == GAME_INVASION;
}

/* Number of moves of the side to move after which the opponent (to move) is in state `want`
 * (any losing state when want is GAME_ONGOING). */
static int count_wins_in_1(Position *pos, GameState want)
{
    Move list[MAX_MOVES];
    int n = movegen_legal(pos, list), wins = 0;
    for (int i = 0; i < n; i++) {
        Undo u;
        move_do(pos, list[i], &u);
        GameState s = gamestate_of(pos);
        wins += want == GAME_ONGOING ? is_loss(s) : s == want;
        move_undo(pos, list[i], &u);
    }
    return wins;
}

/* True when, after the side to move plays m, every reply leaves a win in 1 of kind `want`
 * (and at least one reply exists, so m itself does not already end the game). */
static bool forced_win_after(Position *pos, Move m, GameState want)
{
    Undo u;
    move_do(pos, m, &u);
    Move replies[MAX_MOVES];
    int n = gamestate_of(pos) == GAME_ONGOING ? movegen_legal(pos, replies) : 0;
    bool forced = n > 0;
    for (int i = 0; i < n && forced; i++) {
        Undo r;
        move_do(pos, replies[i], &r);
        forced = gamestate_of(pos) == GAME_ONGOING && count_wins_in_1(pos, want) > 0;
        move_undo(pos, replies[i], &r);
    }
    move_undo(pos, m, &u);
    return forced;
}

/* Searches pos with a fresh engine; returns the move, writes score and the last info. */
static Move search_fresh(const Position *pos, int depth, uint64_t nodes, int *score,
                         SearchInfo *info)
{
    Engine *e = engine_new(HASH_MB);
    assert_non_null(e);
    assert_true(engine_set_position(e, pos, NULL, 0));
    SearchLimits lim = {.depth = depth, .nodes = nodes};
    Move m = engine_search(e, &lim, score, info, NULL, NULL);
    /* The engine gives its position back unchanged. */
    assert_int_equal(e->pos.key, pos->key);
    engine_free(e);
    return m;
}

/* Asserts the engine plays `want` from fen at every depth in [dmin, dmax] with the score of a
 * win at ply `win_ply`. */
static void expect_win(const char *fen, Move want, int win_ply, int dmin, int dmax)
{
    Position pos;
    parse(&pos, fen);
    for (int d = dmin; d <= dmax; d++) {
        int score;
        Move m = search_fresh(&pos, d, 0, &score, NULL);
        if (m != want || score != SCORE_MATE - win_ply)
            fail_msg("%s depth %d: %s score %d, want %s score %d", fen, d, move_str(m), score,
                     move_str(want), SCORE_MATE - win_ply);
        assert_true(score > SCORE_MATE_BOUND);
    }
}

/* Mate in 1: the only mating move is found, and it really mates. */
static void test_mate_in_1(void **state)
{
    (void)state;
    Position pos;
    parse(&pos, FEN_MATE1);
    Move want = mv("f7", "g8");
    assert_int_equal(count_wins_in_1(&pos, GAME_ONGOING), 1);
    Undo u;
    move_do(&pos, want, &u);
    assert_int_equal(gamestate_of(&pos), GAME_CHECKMATE);
    move_undo(&pos, want, &u);
    /* From depth 2: at depth 1 the replies are scored by qsearch, which sees bare Kings and
     * invasions but not checkmate (it generates no quiet moves). */
    expect_win(FEN_MATE1, want, 1, 2, 5);
}

/* Mate in 2: no mate in 1 exists, and every reply to e6-f7 allows a mate. */
static void test_mate_in_2(void **state)
{
    (void)state;
    Position pos;
    parse(&pos, FEN_MATE2);
    Move want = mv("e6", "f7");
    assert_int_equal(count_wins_in_1(&pos, GAME_ONGOING), 0);
    assert_true(forced_win_after(&pos, want, GAME_CHECKMATE));
    assert_false(forced_win_after(&pos, mv("e6", "f6"), GAME_ONGOING));
    expect_win(FEN_MATE2, want, 3, 4, 6);
}

/* Invasion in 1: after the move both of Black's palace squares hold White pieces. */
static void test_invasion_in_1(void **state)
{
    (void)state;
    Position pos;
    parse(&pos, FEN_INVADE1);
    Move want = mv("e4", "e10");
    assert_int_equal(count_wins_in_1(&pos, GAME_ONGOING), 1);
    Undo u;
    move_do(&pos, want, &u);
    assert_int_equal(pos.board[sq("d10")], piece_make(WHITE, GUARD));
    assert_int_equal(pos.board[sq("e10")], piece_make(WHITE, PINCER));
    assert_int_equal(gamestate_of(&pos), GAME_INVASION);
    move_undo(&pos, want, &u);
    expect_win(FEN_INVADE1, want, 1, 1, 4);
}

/* Invasion in 2: e4-e10 forces it; c9-d10 first does not (h6-e6 blocks the file). */
static void test_invasion_in_2(void **state)
{
    (void)state;
    Position pos;
    parse(&pos, FEN_INVADE2);
    Move want = mv("e4", "e10");
    assert_int_equal(count_wins_in_1(&pos, GAME_ONGOING), 0);
    assert_true(forced_win_after(&pos, want, GAME_INVASION));
    assert_false(forced_win_after(&pos, mv("c9", "d10"), GAME_ONGOING));
    expect_win(FEN_INVADE2, want, 3, 3, 5);
}

/* Bare King in 1: taking Black's last piece other than the King wins. */
static void test_bare_king_in_1(void **state)
{
    (void)state;
    Position pos;
    parse(&pos, FEN_BARE1);
    Move want = mv("d5", "e6");
    assert_int_equal(count_wins_in_1(&pos, GAME_BARE_KING), 1);
    Undo u;
    move_do(&pos, want, &u);
    assert_int_equal(u.ncap, 1);
    assert_int_equal(gamestate_of(&pos), GAME_BARE_KING);
    move_undo(&pos, want, &u);
    expect_win(FEN_BARE1, want, 1, 1, 4);
}

/* The number of moves after which the opponent has a win in 1, and the number without. */
static void classify_moves(Position *pos, int *losing, int *safe)
{
    Move list[MAX_MOVES];
    int n = movegen_legal(pos, list);
    *losing = *safe = 0;
    for (int i = 0; i < n; i++) {
        Undo u;
        move_do(pos, list[i], &u);
        if (count_wins_in_1(pos, GAME_ONGOING) > 0)
            (*losing)++;
        else
            (*safe)++;
        move_undo(pos, list[i], &u);
    }
}

/* Checks the engine avoids every move that allows a win in 1, at several depths and a node
 * limit; `bait` is a tempting capture that loses. */
static void expect_safe_move(const Position *start, Move bait)
{
    Position pos = *start;
    int losing, safe;
    classify_moves(&pos, &losing, &safe);
    assert_true(losing >= 1);
    assert_true(safe >= 1);
    Square caps[MAX_CAPTURES];
    assert_int_equal(move_captures(&pos, bait, caps), 1);
    Undo u;
    move_do(&pos, bait, &u);
    assert_true(count_wins_in_1(&pos, GAME_INVASION) > 0);
    move_undo(&pos, bait, &u);

    for (int d = 1; d <= 5; d++) {
        int score;
        Move m = search_fresh(&pos, d > 4 ? 0 : d, d > 4 ? 3000 : 0, &score, NULL);
        assert_true(is_legal(&pos, m));
        move_do(&pos, m, &u);
        int wins = count_wins_in_1(&pos, GAME_ONGOING);
        move_undo(&pos, m, &u);
        if (wins)
            fail_msg("limit %d: %s allows %d wins in 1 (score %d)", d, move_str(m), wins, score);
        assert_true(score > -SCORE_MATE_BOUND);
    }
}

/* Avoids an immediate loss (an invasion) when safe moves exist, for White and, mirrored, for
 * Black. */
static void test_avoids_loss_in_1(void **state)
{
    (void)state;
    Position pos, mir;
    parse(&pos, FEN_AVOID);
    expect_safe_move(&pos, mv("e2", "a2"));
    position_mirror(&pos, &mir);
    expect_safe_move(&mir, mv("e8", "a8"));
}

/* Plays engine against engine from fen for up to max_plies at a node limit; every move must be
 * legal, and once the game is over the engine must return MOVE_NONE. Returns plies played. */
static int play_game(const char *fen, int max_plies, uint64_t nodes)
{
    Position start, pos;
    parse(&start, fen);
    pos = start;
    Engine *eng[2] = {engine_new(HASH_MB), engine_new(HASH_MB)};
    assert_non_null(eng[0]);
    assert_non_null(eng[1]);
    Move game[256];
    int ply = 0;
    SearchLimits lim = {.nodes = nodes};
    for (; ply < max_plies; ply++) {
        Engine *e = eng[pos.side];
        assert_true(engine_set_position(e, &start, game, ply));
        assert_int_equal(e->pos.key, pos.key);
        int score;
        Move m = engine_search(e, &lim, &score, NULL, NULL, NULL);
        if (gamestate_of(&pos) != GAME_ONGOING) {
            assert_int_equal(m, MOVE_NONE);
            break;
        }
        if (!is_legal(&pos, m)) {
            char f[256];
            fen_write(&pos, f, sizeof f);
            fail_msg("illegal move %s in %s (game from %s, ply %d)", move_str(m), f, fen, ply);
        }
        Undo u;
        move_do(&pos, m, &u);
        game[ply] = m;
    }
    engine_free(eng[0]);
    engine_free(eng[1]);
    return ply;
}

/* Engine-vs-engine games from the start and reference positions never see an illegal move. */
static void test_games_legal(void **state)
{
    (void)state;
    FILE *f = fopen(MAXTUNE_REFDATA_DIR "/perft.epd", "r");
    assert_non_null(f);
    char line[1024];
    int n = 0, games = 0, plies = 0;
    plies += play_game(START_FEN, 40, 1500);
    games++;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char *semi = strstr(line, " ;");
        if (semi)
            *semi = '\0';
        if (n++ % 4 != 1) /* every fourth position: tactics and random middle games */
            continue;
        plies += play_game(line, 40, 1500);
        games++;
    }
    fclose(f);
    assert_true(games >= 9);
    assert_true(plies >= games * 5);
}

/* The moves of the King shuffle in FEN_SHUFFLE: e1-d3, e9-c8, d3-e1, c8-e9, repeated. */
static void shuffle_moves(Move *moves, int n)
{
    const Move cycle[4] = {mv("e1", "d3"), mv("e9", "c8"), mv("d3", "e1"), mv("c8", "e9")};
    for (int i = 0; i < n; i++)
        moves[i] = cycle[i % 4];
}

/* A position met again within the game is a draw: Black, far behind, repeats. */
static void test_repetition_draw(void **state)
{
    (void)state;
    Position start, pos;
    parse(&start, FEN_SHUFFLE);
    Move moves[5];
    shuffle_moves(moves, 5);
    /* The history really repeats: after four plies the start position is back. */
    pos = start;
    for (int i = 0; i < 5; i++) {
        assert_true(is_legal(&pos, moves[i]));
        Undo u;
        move_do(&pos, moves[i], &u);
        if (i == 3)
            assert_int_equal(pos.key, start.key);
    }

    /* Without the history Black is lost on material. */
    int score;
    Move m = search_fresh(&pos, 4, 0, &score, NULL);
    assert_true(score < -500);

    /* With it, e9-c8 repeats the position after ply 1: score 0 and that move. */
    Engine *e = engine_new(HASH_MB);
    assert_non_null(e);
    assert_true(engine_set_position(e, &start, moves, 5));
    assert_int_equal(e->pos.key, pos.key);
    for (int d = 1; d <= 4; d++) {
        SearchLimits lim = {.depth = d};
        m = engine_search(e, &lim, &score, NULL, NULL, NULL);
        if (m != mv("e9", "c8") || score != 0)
            fail_msg("depth %d: %s score %d, want e9-c8 score 0", d, move_str(m), score);
    }
    engine_free(e);
}

/* A long game history (over the initial key capacity) is accepted and searched. */
static void test_long_history(void **state)
{
    (void)state;
    Position start;
    parse(&start, FEN_SHUFFLE);
    static Move moves[2101];
    shuffle_moves(moves, 2101);
    Engine *e = engine_new(HASH_MB);
    assert_non_null(e);
    /* Lengths around the initial capacity (1024 keys) and its doubling. */
    const int lengths[] = {941, 945, 961, 1001, 1021, 1023, 1024, 1025, 2000, 2101};
    for (size_t k = 0; k < sizeof lengths / sizeof lengths[0]; k++) {
        int n = lengths[k];
        assert_true(engine_set_position(e, &start, moves, n));
        assert_true(e->keys_cap >= e->nkeys + MAX_PLY + QS_MAX_DEPTH);
        SearchLimits lim = {.depth = 3};
        int score;
        Move m = engine_search(e, &lim, &score, NULL, NULL, NULL);
        assert_true(is_legal(&e->pos, m));
        if (n % 2 == 1) /* Black to move can repeat */
            assert_int_equal(score, 0);
    }
    engine_free(e);
}

/* Result of one search, for comparisons. */
typedef struct Result {
    Move move;
    int score;
    uint64_t nodes;
    int depth;
} Result;

/* Searches fen with engine e at a node limit. */
static Result search_nodes(Engine *e, const char *fen, uint64_t nodes)
{
    Position pos;
    parse(&pos, fen);
    assert_true(engine_set_position(e, &pos, NULL, 0));
    SearchLimits lim = {.nodes = nodes};
    SearchInfo info;
    Result r;
    r.move = engine_search(e, &lim, &r.score, &info, NULL, NULL);
    r.nodes = info.nodes;
    r.depth = info.depth;
    return r;
}

/* Fails unless two results are identical. */
static void assert_same(Result a, Result b, const char *what)
{
    if (a.move != b.move || a.score != b.score || a.nodes != b.nodes || a.depth != b.depth)
        fail_msg("%s: %s %d %llu nodes depth %d vs %s %d %llu nodes depth %d", what,
                 move_str(a.move), a.score, (unsigned long long)a.nodes, a.depth, move_str(b.move),
                 b.score, (unsigned long long)b.nodes, b.depth);
}

/* At a fixed node limit, fresh engines, a reused engine after engine_new_game and engines
 * created or used in between all give the same move, score and node count. */
static void test_fixed_node_determinism(void **state)
{
    (void)state;
    const uint64_t limit = 20000;
    Engine *a = engine_new(HASH_MB), *b = engine_new(HASH_MB);
    assert_non_null(a);
    assert_non_null(b);
    Result ra = search_nodes(a, FEN_MIDGAME, limit);
    Result rb = search_nodes(b, FEN_MIDGAME, limit);
    assert_same(ra, rb, "two fresh engines");
    /* A middle game is not finished within the limit: the search stops at it. */
    assert_true(ra.nodes >= limit && ra.nodes <= limit + 1);
    Position pos;
    parse(&pos, FEN_MIDGAME);
    assert_true(is_legal(&pos, ra.move));

    /* The same engine again: without new_game its hash and history differ, after it not. */
    engine_new_game(a);
    assert_same(ra, search_nodes(a, FEN_MIDGAME, limit), "same engine after engine_new_game");

    /* Other engines created and searching in between change nothing. */
    Engine *c = engine_new(HASH_MB);
    assert_non_null(c);
    Result rc = search_nodes(c, START_FEN, 7000);
    Weights mat;
    weights_material_only(&mat);
    engine_set_weights(c, &mat);
    search_nodes(c, FEN_AVOID, 3000);
    Engine *d = engine_new(HASH_MB);
    assert_non_null(d);
    assert_same(ra, search_nodes(d, FEN_MIDGAME, limit), "fresh engine after others");
    engine_new_game(b);
    search_nodes(b, START_FEN, 5000);
    engine_new_game(b);
    assert_same(ra, search_nodes(b, FEN_MIDGAME, limit), "engine reused for another position");
    engine_free(c);
    c = engine_new(HASH_MB);
    assert_non_null(c);
    assert_same(rc, search_nodes(c, START_FEN, 7000), "start position");
    engine_free(a);
    engine_free(b);
    engine_free(c);
    engine_free(d);
}

/* An engine's evaluation cache follows its weights (search.h: the slots of an earlier epoch are
 * foreign): an engine that searched with the default weights, given other ones, searches as a
 * fresh engine with them does; so also with weights whose evaluations do not fit the cache's
 * 16-bit scores (material a hundred times over), searched twice on one engine, where a score
 * kept cut to 16 bits would be read back in the second search. */
static void test_eval_cache_follows_weights(void **state)
{
    (void)state;
    const uint64_t limit = 20000;
    Weights mat, big;
    weights_material_only(&mat);
    weights_default(&big);
    for (int t = PINCER; t < KING; t++) {
        big.v[weight_mg(weight_material(t))] *= 100;
        big.v[weight_eg(weight_material(t))] *= 100;
    }
    const Weights *sets[] = {&mat, &big};
    Engine *e = engine_new(HASH_MB);
    assert_non_null(e);
    search_nodes(e, FEN_MIDGAME, limit);
    for (int i = 0; i < 2; i++) {
        Engine *fresh = engine_new(HASH_MB);
        assert_non_null(fresh);
        engine_set_weights(fresh, sets[i]);
        Result want = search_nodes(fresh, FEN_MIDGAME, limit);
        engine_free(fresh);
        engine_set_weights(e, sets[i]);
        for (int again = 0; again < 2; again++) {
            engine_new_game(e);
            assert_same(want, search_nodes(e, FEN_MIDGAME, limit),
                        i ? "material x100, the reused engine"
                          : "material only, the reused engine");
        }
    }
    engine_free(e);
}

/* The node limit is honoured (at most one node over) and a legal move comes back even from a
 * search stopped in its first iteration. */
static void test_node_limit(void **state)
{
    (void)state;
    const char *fens[] = {START_FEN, FEN_MIDGAME, FEN_AVOID, FEN_SHUFFLE};
    const uint64_t limits[] = {1, 2, 10, 100, 1000, 4321, 20000, 50000};
    long max_over = -1000000;
    Engine *e = engine_new(HASH_MB);
    assert_non_null(e);
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++)
        for (size_t k = 0; k < sizeof limits / sizeof limits[0]; k++) {
            Position pos;
            parse(&pos, fens[i]);
            engine_new_game(e);
            Result r = search_nodes(e, fens[i], limits[k]);
            long over = (long)r.nodes - (long)limits[k];
            if (over > max_over)
                max_over = over;
            if (r.nodes > limits[k] + 1)
                fail_msg("%s: %llu nodes at limit %llu", fens[i], (unsigned long long)r.nodes,
                         (unsigned long long)limits[k]);
            if (!is_legal(&pos, r.move))
                fail_msg("%s: limit %llu gave %s", fens[i], (unsigned long long)limits[k],
                         move_str(r.move));
        }
    engine_free(e);
    print_message("node limit: largest overshoot %ld node(s)\n", max_over);
    assert_true(max_over <= 1);
}

/* The start position with White's Knight c2 taken off, White to move, then Black to move; the
 * start position with Black's Knight c9 off, Black to move. */
#define FEN_WHITE_DOWN                                                                             \
    "xxx2xxx/1g1qk1g1/1bnmrnb1/dppppppd/8/8/8/DPPPPPPD/1B1MRNB1/1G1QK1G1/xxx2xxx w 0"
#define FEN_BLACK_UP                                                                               \
    "xxx2xxx/1g1qk1g1/1bnmrnb1/dppppppd/8/8/8/DPPPPPPD/1B1MRNB1/1G1QK1G1/xxx2xxx b 0"
#define FEN_BLACK_DOWN                                                                             \
    "xxx2xxx/1g1qk1g1/1b1mrnb1/dppppppd/8/8/8/DPPPPPPD/1BNMRNB1/1G1QK1G1/xxx2xxx b 0"

enum { DEFENCE_DEPTH = 3, DEFENCE_PCT = 300 };

/* The score of a DEFENCE_DEPTH-ply search of fen by engine e (a fresh one when e is NULL, a new
 * game of e otherwise) with defence pct (engine_set_defence). */
static int defended_score(Engine *e, const char *fen, int pct)
{
    Position pos;
    parse(&pos, fen);
    Engine *own = e ? NULL : engine_new(HASH_MB);
    Engine *use = e ? e : own;
    assert_non_null(use);
    engine_new_game(use);
    engine_set_defence(use, pct);
    assert_true(engine_set_position(use, &pos, NULL, 0));
    SearchLimits lim = {.depth = DEFENCE_DEPTH};
    int score;
    engine_search(use, &lim, &score, NULL, NULL, NULL);
    engine_free(own);
    return score;
}

/* The defensive player ([engine_x] defence = 300) weighs its own losses and dangers three
 * times: a side that has lost a Knight scores its position lower than the plain engine does,
 * by at least the extra weight of what it lost (2 x eval_defence of the root, here about
 * -470; half of it is asked), with White and with Black to move; the side whose opponent lost
 * the Knight has lost nothing itself and scores within half a Pincer of the plain score. */
static void test_defensive_player(void **state)
{
    (void)state;
    Weights w;
    weights_default(&w);
    static const char *const down[] = {FEN_WHITE_DOWN, FEN_BLACK_DOWN};
    for (int i = 0; i < 2; i++) {
        Position pos;
        parse(&pos, down[i]);
        int extra = (DEFENCE_PCT - 100) * eval_defence(&pos, &w, pos.side) / 100;
        int plain = defended_score(NULL, down[i], 100);
        int careful = defended_score(NULL, down[i], DEFENCE_PCT);
        if (extra > -2 * w.v[W_PINCER_MG] || careful > plain + extra / 2)
            fail_msg("%s: the defensive player (defence %d) scores %d, the plain engine %d: "
                     "not lower by at least %d (half of its extra weight of the lost Knight, %d)",
                     down[i], DEFENCE_PCT, careful, plain, -extra / 2, extra);
    }
    int plain = defended_score(NULL, FEN_BLACK_UP, 100);
    int careful = defended_score(NULL, FEN_BLACK_UP, DEFENCE_PCT);
    if (careful - plain > w.v[W_PINCER_MG] / 2 || plain - careful > w.v[W_PINCER_MG] / 2)
        fail_msg("%s: the defensive player (defence %d) scores %d, the plain engine %d, though "
                 "it has lost nothing",
                 FEN_BLACK_UP, DEFENCE_PCT, careful, plain);
}

/* One defensive engine that searches a position with White to move, then the same board with
 * Black to move, then White's again, gives the scores of fresh engines: the evaluations it
 * cached while defending one colour are not used for the other. */
static void test_defensive_player_switches_sides(void **state)
{
    (void)state;
    static const char *const order[] = {FEN_WHITE_DOWN, FEN_BLACK_UP, FEN_WHITE_DOWN};
    Engine *e = engine_new(HASH_MB);
    assert_non_null(e);
    for (int i = 0; i < 3; i++) {
        int again = defended_score(e, order[i], DEFENCE_PCT);
        int fresh = defended_score(NULL, order[i], DEFENCE_PCT);
        if (again != fresh)
            fail_msg("%s (search %d of one engine): %d, a fresh engine %d", order[i], i + 1, again,
                     fresh);
    }
    engine_free(e);
}

/* In Ultima a stalemate loses (docs/rules/ultima.md 7), inside the search too: White (Mage c6 against
 * the lone Black King d4) stalemates Black in one, which the search scores as a win at ply 1 at
 * every depth from 2 (at depth 1 the reply is the capture search, which stands pat), with a move that leaves Black no legal move and no check; Black, stalemated,
 * has no move and the score of a loss. */
static void test_ultima_stalemate_in_search(void **state)
{
    (void)state;
    Position pos;
    parse(&pos, "8/8/2M5/8/3k4/K7/8/8 w 0");
    assert_true(pos.variant->stalemate_loses);
    for (int d = 2; d <= 4; d++) {
        int score;
        Move m = search_fresh(&pos, d, 0, &score, NULL);
        Position after = pos;
        Undo u;
        if (m != MOVE_NONE)
            move_do(&after, m, &u);
        if (m == MOVE_NONE || score != SCORE_MATE - 1 || gamestate_of(&after) != GAME_STALEMATE)
            fail_msg("depth %d: %s score %d (want %d, a stalemate in one: a win in Ultima)", d,
                     move_str(m), score, SCORE_MATE - 1);
    }
    parse(&pos, "k7/1M6/8/8/8/8/8/7K b 0");
    int score = 12345;
    Move m = search_fresh(&pos, 2, 0, &score, NULL);
    if (m != MOVE_NONE || score != -SCORE_MATE)
        fail_msg("stalemated Black: %s score %d, want (none) score %d", move_str(m), score,
                 -SCORE_MATE);
}

/* A finished position (checkmate, stalemate, bare King, invasion) gives MOVE_NONE. */
static void test_finished_position(void **state)
{
    (void)state;
    static const struct {
        const char *fen;
        GameState gs;
        int score;
    } cases[] = {
        /* FEN_MATE1 after f7-g8. */
        {"xxx2xxx/p6k/6DM/8/8/8/8/8/8/4K3/xxx2xxx b 1", GAME_CHECKMATE, -SCORE_MATE},
        /* Lone Black King frozen, not attacked. */
        {"xxx2xxx/7k/7M/8/8/8/8/8/8/4K3/xxx2xxx b 0", GAME_STALEMATE, 0},
        {"xxx2xxx/4k3/8/8/8/8/8/8/8/4K3/xxx2xxx w 0", GAME_BARE_KING, -SCORE_MATE},
        {"xxxDDxxx/k7/8/8/8/4p3/8/8/8/K7/xxx2xxx b 0", GAME_INVASION, -SCORE_MATE},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Position pos;
        parse(&pos, cases[i].fen);
        assert_int_equal(gamestate_of(&pos), cases[i].gs);
        for (int d = 0; d <= 3; d++) {
            int score = 12345;
            Move m = search_fresh(&pos, d, d ? 0 : 1000, &score, NULL);
            if (m != MOVE_NONE || score != cases[i].score)
                fail_msg("%s: %s score %d, want (none) score %d", cases[i].fen, move_str(m), score,
                         cases[i].score);
        }
    }
}

/* bigtable_alloc gives zeroed, writable memory: a small block from the heap, a big one (1 MiB
 * and up) in whole 2 MiB pages aligned to them; each block is freed with its size. */
static void test_bigtable_memory(void **state)
{
    (void)state;
    static const size_t sizes[] = {64, 100000, 1 << 20, 3 << 20, 16 << 20};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        size_t n = sizes[i];
        unsigned char *p = bigtable_alloc(n);
        assert_non_null(p);
        if (n >= (1 << 20) && (uintptr_t)p % (2 << 20) != 0)
            fail_msg("a block of %zu bytes at %p is not aligned to 2 MiB", n, (void *)p);
        for (size_t k = 0; k < n; k += 4093)
            if (p[k] != 0)
                fail_msg("byte %zu of a block of %zu bytes is %d, not 0", k, n, p[k]);
        if (p[n - 1] != 0)
            fail_msg("the last byte of a block of %zu bytes is not 0", n);
        memset(p, 0xa5, n); /* writable to its last byte (ASan checks the heap blocks) */
        bigtable_free(p, n);
    }
    bigtable_free(NULL, 1 << 20);
}

/* Runs the search tests (core and evaluation tables built first). */
int main(void)
{
    core_init();
    eval_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bigtable_memory),
        cmocka_unit_test(test_mate_in_1),
        cmocka_unit_test(test_mate_in_2),
        cmocka_unit_test(test_invasion_in_1),
        cmocka_unit_test(test_invasion_in_2),
        cmocka_unit_test(test_bare_king_in_1),
        cmocka_unit_test(test_avoids_loss_in_1),
        cmocka_unit_test(test_games_legal),
        cmocka_unit_test(test_repetition_draw),
        cmocka_unit_test(test_long_history),
        cmocka_unit_test(test_fixed_node_determinism),
        cmocka_unit_test(test_eval_cache_follows_weights),
        cmocka_unit_test(test_node_limit),
        cmocka_unit_test(test_finished_position),
        cmocka_unit_test(test_defensive_player),
        cmocka_unit_test(test_ultima_stalemate_in_search),
        cmocka_unit_test(test_defensive_player_switches_sides),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
