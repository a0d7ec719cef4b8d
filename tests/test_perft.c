/* test_perft.c: the core against the reference data of tests/data/reference, for each game:
 * Maxima's perft.epd and legal_moves.txt, Ultima's ultima_perft.epd and ultima_moves.txt,
 * Martian Chess's martian_perft.epd and martian_moves.txt, four-player Martian Chess's
 * martian4_perft.epd and martian4_moves.txt.
 *
 * - perft: every count up to depth 3 (the start position also depth 4; the deeper Ultima
 *   counts are in make test-slow); every count of Martian Chess (depths 1-5, 50 million leaves
 *   in all, a few seconds) and of four-player Martian Chess (depths 1-5, 100 million leaves, two
 *   seconds);
 * - move lists: the legal moves of each position in full notation, exactly, and where the file
 *   gives them the game state and check (Martian Chess: the state, the scores and the winner,
 *   a team of four-player Martian Chess);
 * - FEN round trip and Zobrist key on every reference position;
 * - make/unmake: the incremental key and the bitboards stay consistent along the tree, every
 *   undo restores the exact position, and move_do_captures (given the captures in any order)
 *   plays each move as move_do does. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tests/lib/fixtures.h"

#include "core/attack.h"
#include "core/fen.h"
#include "core/makemove.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/perft.h"
#include "core/position.h"

#include "core/gamestate.h"

enum { LINE_LEN = 1024, MAX_REF = 256, MAX_DEPTHS = 8, MAX_REF_MOVES = 256 };

/* One line of perft.epd. */
typedef struct PerftRef {
    char fen[LINE_LEN];
    char id[64];
    int ndepth;
    int depth[MAX_DEPTHS];
    uint64_t count[MAX_DEPTHS];
} PerftRef;

/* One block of legal_moves.txt. */
typedef struct MovesRef {
    char fen[LINE_LEN];
    char id[64];
    char state[32]; /* "ongoing", "checkmate", "stalemate", or "" where the file says nothing;
                     * Martian Chess: "ongoing", "emptyzone", "clock" or "nomoves" */
    int check;      /* 1 in check, 0 not, -1 not given */
    int score[2];   /* Martian Chess: South's and North's scores */
    char winner[8]; /* Martian Chess: "s", "n" (four players: "13", "24"), "draw", or "" while
                     * the game goes on */
    int nmoves;
    char moves[MAX_REF_MOVES][MOVE_STR_LEN];
} MovesRef;

/* One game's reference files, what they must hold, and what was read. */
typedef struct RefGame {
    const char *name;
    const char *perft_path, *moves_path;
    int perft_lines, moves_blocks; /* how many the files hold */
    bool all_depths;               /* every count runs (else up to depth 3, the start's 4) */
    const char *deep[5];           /* positions whose tree make/unmake walks to depth 3 */
    const char *winners[COLOR_NB]; /* a zoned game's winners as the move lists write them */
    PerftRef perft[MAX_REF];
    int nperft;
    MovesRef moves[MAX_REF];
    int nmoves;
} RefGame;

static RefGame games[] = {
    {.name = "maxima",
     .perft_path = MAXTUNE_REFDATA_DIR "/perft.epd",
     .moves_path = MAXTUNE_REFDATA_DIR "/legal_moves.txt",
     .perft_lines = 37,
     .moves_blocks = 36,
     .deep = {"start", "chameleon_combo", "long_leaper_multijump", "suicide_chameleon_immobilizer",
              "random-33"}},
    {.name = "ultima",
     .perft_path = MAXTUNE_REFDATA_DIR "/ultima_perft.epd",
     .moves_path = MAXTUNE_REFDATA_DIR "/ultima_moves.txt",
     .perft_lines = 55,
     .moves_blocks = 55,
     .deep = {"start", "chameleon_combo", "leaper_multi", "chameleon_vs_immobilizer",
              "king_displacement"}},
    {.name = "martian",
     .perft_path = MAXTUNE_REFDATA_DIR "/martian_perft.epd",
     .moves_path = MAXTUNE_REFDATA_DIR "/martian_moves.txt",
     .perft_lines = 53,
     .moves_blocks = 200,
     .all_depths = true,
     .deep = {"start", "crowded_canal", "promo_s107_p84", "noundo_after_capture", "clock_s100_p26"},
     .winners = {"s", "n"}},
    {.name = "martian4",
     .perft_path = MAXTUNE_REFDATA_DIR "/martian4_perft.epd",
     .moves_path = MAXTUNE_REFDATA_DIR "/martian4_moves.txt",
     .perft_lines = 44,
     .moves_blocks = 148,
     .all_depths = true,
     .deep = {"start", "capture_partner", "merge_pawns", "merge_queen", "last_piece_tie"},
     .winners = {"13", "24"}},
};
enum { GAME_NB = sizeof games / sizeof games[0] };

/* Removes trailing blanks and the newline from s. */
static void chomp(char *s)
{
    size_t n = strlen(s);
    while (n && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' '))
        s[--n] = '\0';
}

/* Copies src into dst (size bytes), cutting it short if needed. */
static void copy_text(char *dst, size_t size, const char *src)
{
    size_t n = strlen(src);
    if (n >= size)
        n = size - 1;
    memcpy(dst, src, n);
    dst[n] = '\0';
}

/* Reads g's perft file into g->perft; returns the number of lines read, -1 if it cannot open
 * it. */
static int load_perft_epd(RefGame *g)
{
    FILE *f = fopen(g->perft_path, "r");
    if (!f)
        return -1;
    char line[LINE_LEN];
    g->nperft = 0;
    while (fgets(line, sizeof line, f) && g->nperft < MAX_REF) {
        chomp(line);
        if (line[0] == '#' || line[0] == '\0')
            continue;
        PerftRef *r = &g->perft[g->nperft++];
        memset(r, 0, sizeof *r);
        char *semi = strchr(line, ';');
        if (!semi) {
            copy_text(r->fen, sizeof r->fen, line);
            continue;
        }
        *semi = '\0';
        copy_text(r->fen, sizeof r->fen, line);
        chomp(r->fen);
        for (char *field = strtok(semi + 1, ";"); field; field = strtok(NULL, ";")) {
            int depth;
            unsigned long long count;
            char id[64];
            while (*field == ' ')
                field++;
            if (sscanf(field, "D%d %llu", &depth, &count) == 2 && r->ndepth < MAX_DEPTHS) {
                r->depth[r->ndepth] = depth;
                r->count[r->ndepth++] = count;
            } else if (sscanf(field, "id \"%63[^\"]\"", id) == 1) {
                copy_text(r->id, sizeof r->id, id);
            }
        }
    }
    fclose(f);
    return g->nperft;
}

/* Reads g's move-list file into g->moves; returns the number of blocks, -1 if it cannot open
 * it. */
static int load_legal_moves(RefGame *g)
{
    FILE *f = fopen(g->moves_path, "r");
    if (!f)
        return -1;
    char line[LINE_LEN];
    MovesRef *cur = NULL;
    g->nmoves = 0;
    while (fgets(line, sizeof line, f)) {
        chomp(line);
        if (line[0] == '#')
            continue;
        if (line[0] == '\0') {
            cur = NULL;
            continue;
        }
        if (strncmp(line, "fen ", 4) == 0) {
            if (g->nmoves == MAX_REF)
                break;
            cur = &g->moves[g->nmoves++];
            memset(cur, 0, sizeof *cur);
            cur->check = -1;
            copy_text(cur->fen, sizeof cur->fen, line + 4);
        } else if (cur && strncmp(line, "id ", 3) == 0) {
            copy_text(cur->id, sizeof cur->id, line + 3);
        } else if (cur && strncmp(line, "state ", 6) == 0) {
            int *sc = cur->score;
            if (sscanf(line, "state ongoing score %d-%d", &sc[0], &sc[1]) == 2)
                copy_text(cur->state, sizeof cur->state, "ongoing");
            else if (sscanf(line, "state ended %31s score %d-%d winner %7s", cur->state, &sc[0],
                            &sc[1], cur->winner) == 4)
                ;
            else if (sscanf(line, "state %31s check %d", cur->state, &cur->check) != 2)
                fail_msg("%s: bad state line '%s'", g->moves_path, line);
        } else if (cur && cur->nmoves < MAX_REF_MOVES) {
            copy_text(cur->moves[cur->nmoves++], MOVE_STR_LEN, line);
        }
    }
    fclose(f);
    return g->nmoves;
}

/* Parses fen into pos, failing the test with the parser's message if it is rejected. */
static void parse_or_fail(Position *pos, const char *fen)
{
    char err[256];
    if (!fen_parse(pos, fen, err, sizeof err))
        fail_msg("cannot parse reference FEN \"%s\": %s", fen, err);
}

/* qsort comparator for move texts, byte order as in legal_moves.txt. */
static int compare_texts(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* Group setup: the core tables and every game's reference files. */
static int setup_data(void **state)
{
    (void)state;
    core_init();
    for (int i = 0; i < GAME_NB; i++) {
        if (load_perft_epd(&games[i]) <= 0) {
            fprintf(stderr, "cannot read %s\n", games[i].perft_path);
            return -1;
        }
        if (load_legal_moves(&games[i]) <= 0) {
            fprintf(stderr, "cannot read %s\n", games[i].moves_path);
            return -1;
        }
    }
    return 0;
}

/* The reference files are complete (Maxima: 37 perft lines, 36 move-list blocks; Ultima: 55
 * and 55; Martian Chess: 53 and 200; four players: 44 and 148), every perft line from depth 1 to at least 3, each
 * position of its own game. */
static void test_reference_files_loaded(void **state)
{
    (void)state;
    for (int i = 0; i < GAME_NB; i++) {
        const RefGame *g = &games[i];
        assert_int_equal(g->nperft, g->perft_lines);
        assert_int_equal(g->nmoves, g->moves_blocks);
        assert_string_equal(g->perft[0].id, "start");
        for (int k = 0; k < g->nperft; k++) {
            assert_true(g->perft[k].ndepth >= 3);
            assert_int_equal(g->perft[k].depth[0], 1);
            Position pos;
            parse_or_fail(&pos, g->perft[k].fen);
            assert_string_equal(pos.variant->name, g->name);
        }
        for (int k = 0; k < g->nmoves; k++) /* finished positions have no move */
            assert_true(g->moves[k].nmoves > 0 ||
                        (g->moves[k].state[0] && strcmp(g->moves[k].state, "ongoing") != 0));
    }
    /* Ultima's file gives the state and check of every block, Martian's (both) the state. */
    for (int k = 0; k < games[1].nmoves; k++)
        assert_true(games[1].moves[k].check >= 0 && games[1].moves[k].state[0]);
    for (int i = 2; i < GAME_NB; i++)
        for (int k = 0; k < games[i].nmoves; k++)
            assert_true(games[i].moves[k].state[0] != '\0');
}

/* perft matches every count up to depth 3, and the start position at depth 4, in each game;
 * every count in Martian Chess. */
static void test_perft_reference_counts(void **state)
{
    (void)state;
    for (int i = 0; i < GAME_NB; i++) {
        const RefGame *g = &games[i];
        int checked = 0, counts = 0;
        for (int j = 0; j < g->nperft; j++) {
            const PerftRef *r = &g->perft[j];
            int max_depth = g->all_depths ? MAX_DEPTHS : strcmp(r->id, "start") == 0 ? 4 : 3;
            counts += r->ndepth;
            Position pos;
            parse_or_fail(&pos, r->fen);
            for (int k = 0; k < r->ndepth; k++) {
                if (r->depth[k] > max_depth)
                    continue;
                uint64_t got = perft(&pos, r->depth[k]);
                if (got != r->count[k])
                    fail_msg("%s perft %s depth %d: got %llu, want %llu", g->name, r->id,
                             r->depth[k], (unsigned long long)got, (unsigned long long)r->count[k]);
                checked++;
            }
        }
        assert_int_equal(checked, g->all_depths ? counts : g->perft_lines * 3 + 1);
    }
}

/* parse -> print -> parse gives the same FEN text and the same Zobrist key. */
static void check_round_trip(const char *fen, const char *id)
{
    Position a, b;
    char text[256], text2[256], why[256];
    parse_or_fail(&a, fen);
    if (!position_is_consistent(&a, why, sizeof why))
        fail_msg("%s: parsed position inconsistent: %s", id, why);
    fen_write(&a, text, sizeof text);
    if (strcmp(text, fen) != 0)
        fail_msg("%s: printed FEN \"%s\" differs from the reference \"%s\"", id, text, fen);
    parse_or_fail(&b, text);
    fen_write(&b, text2, sizeof text2);
    assert_string_equal(text, text2);
    assert_true(a.key == b.key);
    assert_true(a.key == position_compute_key(&a));
    assert_true(fixtures_same_position(&a, &b));
}

/* FEN round trip on every reference position of every file. */
static void test_fen_round_trip_references(void **state)
{
    (void)state;
    for (int i = 0; i < GAME_NB; i++) {
        for (int k = 0; k < games[i].nperft; k++)
            check_round_trip(games[i].perft[k].fen, games[i].perft[k].id);
        for (int k = 0; k < games[i].nmoves; k++)
            check_round_trip(games[i].moves[k].fen, games[i].moves[k].id);
    }
}

/* The state, scores and winner (named as in g's files) a Martian block gives are those of the
 * position. */
static void check_zoned_state(const RefGame *g, Position *pos, const MovesRef *r, int nlegal)
{
    static const char *const NAMES[] = {[GAME_ONGOING] = "ongoing",
                                        [GAME_EMPTY_ZONE] = "emptyzone",
                                        [GAME_CLOCK] = "clock",
                                        [GAME_NO_MOVES] = "nomoves"};
    GameState s = gamestate_from_count(pos, nlegal);
    const char *name = s < sizeof NAMES / sizeof NAMES[0] && NAMES[s] ? NAMES[s] : "?";
    if (strcmp(name, r->state) != 0)
        fail_msg("%s: game state %s, want %s", r->id, name, r->state);
    if (pos->score[WHITE] != r->score[0] || pos->score[BLACK] != r->score[1])
        fail_msg("%s: score %d-%d, want %d-%d", r->id, pos->score[WHITE], pos->score[BLACK],
                 r->score[0], r->score[1]);
    if (s == GAME_ONGOING)
        return;
    int w = gamestate_winner(pos, s);
    const char *winner = w < 0 ? "draw" : g->winners[w];
    if (strcmp(winner, r->winner) != 0)
        fail_msg("%s: winner %s, want %s", r->id, winner, r->winner);
    assert_true(gamestate_is_loss(pos, s) == (w == !pos->variant->team[pos->side]));
}

/* The state and check a block of g gives (where it gives them) are those of the position. */
static void check_block_state(const RefGame *g, Position *pos, const MovesRef *r, int nlegal)
{
    if (variant_zoned(pos->variant)) {
        check_zoned_state(g, pos, r, nlegal);
        return;
    }
    if (r->check >= 0 && attack_king_attacked(pos, pos->side) != (r->check == 1))
        fail_msg("%s: in check %d, want %d", r->id, !r->check, r->check);
    const char *state = gamestate_name(gamestate_from_count(pos, nlegal));
    if (r->state[0] && strcmp(state, r->state) != 0)
        fail_msg("%s: game state %s, want %s", r->id, state, r->state);
}

/* The legal moves of block r of g are exactly its list; then its state and check. */
static void check_block_moves(const RefGame *g, const MovesRef *r)
{
    static char got[MAX_MOVES][MOVE_STR_LEN];
    Position pos;
    parse_or_fail(&pos, r->fen);
    Move list[MAX_MOVES];
    int n = movegen_legal(&pos, list);
    for (int k = 0; k < n; k++)
        notation_move(&pos, list[k], got[k], MOVE_STR_LEN);
    qsort(got, (size_t)n, sizeof got[0], compare_texts);
    for (int k = 0; k < n && k < r->nmoves; k++)
        if (strcmp(got[k], r->moves[k]) != 0)
            fail_msg("%s: move %d is %s, want %s", r->id, k, got[k], r->moves[k]);
    if (n != r->nmoves)
        fail_msg("%s: %d legal moves, want %d (first extra: %s)", r->id, n, r->nmoves,
                 n > r->nmoves ? got[r->nmoves] : r->moves[n]);
    check_block_state(g, &pos, r, n);
}

/* The legal moves of every move-list block, in full notation and byte order, are exactly the
 * listed ones. */
static void test_legal_move_lists(void **state)
{
    (void)state;
    for (int i = 0; i < GAME_NB; i++)
        for (int k = 0; k < games[i].nmoves; k++)
            check_block_moves(&games[i], &games[i].moves[k]);
}

/* move_do_captures, given m's captures in reverse order, reaches `after` (move_do's position)
 * from `before`, and its undo restores `before`. */
static void check_given_captures(const Position *before, Move m, const Position *after,
                                 const char *id)
{
    char text[MOVE_STR_LEN];
    Square caps[MAX_CAPTURES], reversed[MAX_CAPTURES];
    Position pos = *before;
    int n = move_captures(&pos, m, caps);
    for (int i = 0; i < n; i++)
        reversed[i] = caps[n - 1 - i];
    Undo u;
    move_do_captures(&pos, m, reversed, n, &u);
    bool same = fixtures_same_position(&pos, after);
    move_undo(&pos, m, &u);
    if (!same || !fixtures_same_position(&pos, before)) {
        notation_move(before, m, text, sizeof text);
        fail_msg("%s: move_do_captures %s differs from move_do", id, text);
    }
}

/* Walks the legal tree to `depth`, checking consistency (incremental key == computed key) after
 * every move_do and move_undo, and that each undo restores the exact position. Returns leaves
 * (a position without legal moves is one). */
static uint64_t walk_checked(Position *pos, int depth, const char *id)
{
    if (depth == 0)
        return 1;
    char why[256], text[MOVE_STR_LEN];
    Move list[MAX_MOVES];
    int n = movegen_legal(pos, list);
    uint64_t leaves = n ? 0 : 1; /* a finished position is a leaf */
    for (int i = 0; i < n; i++) {
        Position before = *pos;
        Undo u;
        move_do(pos, list[i], &u);
        if (!position_is_consistent(pos, why, sizeof why)) {
            notation_move(&before, list[i], text, sizeof text);
            fail_msg("%s: after move_do %s: %s", id, text, why);
        }
        check_given_captures(&before, list[i], pos, id);
        leaves += walk_checked(pos, depth - 1, id);
        move_undo(pos, list[i], &u);
        if (!position_is_consistent(pos, why, sizeof why) ||
            !fixtures_same_position(pos, &before)) {
            notation_move(&before, list[i], text, sizeof text);
            fail_msg("%s: move_undo %s did not restore the position (%s)", id, text, why);
        }
    }
    return leaves;
}

/* Zobrist keys and bitboards along the tree: depth 3 from a few positions of each game, 2 from
 * all others. */
static void test_make_unmake_consistency(void **state)
{
    (void)state;
    for (int i = 0; i < GAME_NB; i++) {
        const RefGame *g = &games[i];
        int deep_done = 0;
        for (int j = 0; j < g->nperft; j++) {
            const PerftRef *r = &g->perft[j];
            int depth = 2;
            for (size_t k = 0; k < sizeof g->deep / sizeof g->deep[0]; k++)
                if (strcmp(r->id, g->deep[k]) == 0)
                    depth = 3;
            deep_done += depth == 3;
            Position pos;
            parse_or_fail(&pos, r->fen);
            Position start = pos;
            Move list[MAX_MOVES];
            bool finished = movegen_legal(&pos, list) == 0;
            if (!pos.variant->kings && finished) /* a finished Martian game: one leaf */
                assert_true(perft(&pos, 3) == 1);
            uint64_t leaves = walk_checked(&pos, depth, r->id);
            assert_true(fixtures_same_position(&pos, &start));
            assert_true(leaves > 0 || finished);
            if (!pos.variant->kings) /* all of the tree is legal: perft's count */
                assert_true(leaves == perft(&pos, depth));
        }
        assert_int_equal(deep_done, 5);
    }
}

/* attack_king_attacked(pos, color) agrees with move generation: a pseudo-legal move of the
 * other side captures the King exactly when it is attacked, save for the two cases docs/rules/maxima.md 7
 * adds (an adjacent unfrozen Chameleon; a move barred by the attacker's own-palace rule). */
static void check_attack_oracle(const Position *pos, int color, const char *id)
{
    Position p = *pos;
    if (p.side == color) {
        p.side ^= 1;
        p.key ^= zobrist_side;
    }
    Move list[MAX_MOVES];
    int n = movegen_pseudo(&p, list), k = p.king[color];
    bool captured = false;
    for (int i = 0; i < n && !captured; i++) {
        Square caps[MAX_CAPTURES];
        int c = move_captures(&p, list[i], caps);
        for (int j = 0; j < c; j++)
            captured |= caps[j] == k;
    }
    bool attacked = attack_king_attacked(pos, color);
    char fen[256];
    fen_write(pos, fen, sizeof fen);
    if (captured && !attacked)
        fail_msg("%s: %s: a move captures the %s King, yet it is not attacked", id, fen,
                 color == WHITE ? "White" : "Black");
    if (attacked && !captured) {
        bool excuse = movegen_palace_blocked(&p) != NO_SQ;
        Bitboard cham = position_geo(pos)->neighbours[k] & position_pieces(pos, !color, CHAMELEON);
        while (cham)
            excuse |= !attack_is_frozen(pos, bb_pop(&cham));
        if (!excuse)
            fail_msg("%s: %s: the %s King is attacked, yet no move captures it", id, fen,
                     color == WHITE ? "White" : "Black");
    }
}

/* attack_frozen_mask(pos, color) holds exactly the pieces of `color` that attack_is_frozen
 * (the rule read square by square) finds frozen. */
static void check_frozen_mask(const Position *pos, int color, const char *id)
{
    Bitboard want = 0;
    for (Bitboard b = pos->by_color[color]; b;) {
        int sq = bb_pop(&b);
        if (attack_is_frozen(pos, sq))
            want |= bb_square(sq);
    }
    if (attack_frozen_mask(pos, color) != want) {
        char fen[256];
        fen_write(pos, fen, sizeof fen);
        fail_msg("%s: %s: the frozen mask of %s differs from its pieces' test", id, fen,
                 color == WHITE ? "White" : "Black");
    }
}

/* Walks the pseudo-legal tree (illegal moves included, so Kings do get captured) to `depth`,
 * checking the frozen masks and the attack oracle for both Kings at every node where both
 * stand. */
static void walk_attacks(Position *pos, int depth, const char *id)
{
    if (bb_popcount(pos->by_type[KING]) != 2)
        return; /* a King was just captured by an illegal move */
    check_frozen_mask(pos, WHITE, id);
    check_frozen_mask(pos, BLACK, id);
    check_attack_oracle(pos, WHITE, id);
    check_attack_oracle(pos, BLACK, id);
    if (depth == 0)
        return;
    Move list[MAX_MOVES];
    int n = movegen_pseudo(pos, list);
    for (int i = 0; i < n; i++) {
        Undo u;
        move_do(pos, list[i], &u);
        walk_attacks(pos, depth - 1, id);
        move_undo(pos, list[i], &u);
    }
}

/* The attack test agrees with move generation, and the frozen masks with the per-square test,
 * on the reference trees (depth 2) of each game (Martian Chess has no King: walk_attacks stops
 * at once). */
static void test_attack_matches_movegen(void **state)
{
    (void)state;
    for (int i = 0; i < GAME_NB; i++)
        for (int k = 0; k < games[i].nperft; k++) {
            Position pos;
            parse_or_fail(&pos, games[i].perft[k].fen);
            walk_attacks(&pos, 2, games[i].perft[k].id);
        }
}

/* Transpositions reach the same key: two move orders to one position. */
static void test_zobrist_transposition(void **state)
{
    (void)state;
    static const char *const order_a[] = {"b3-b5", "b7-b6", "g3-g5", "g7-g6"};
    static const char *const order_b[] = {"g3-g5", "g7-g6", "b3-b5", "b7-b6"};
    Position a, b;
    char err[256], fa[256], fb[256];
    parse_or_fail(&a, "start");
    parse_or_fail(&b, "start");
    for (int i = 0; i < 4; i++) {
        Undo u;
        Move ma = notation_parse(&a, order_a[i], err, sizeof err);
        if (ma == MOVE_NONE)
            fail_msg("%s", err);
        move_do(&a, ma, &u);
        Move mb = notation_parse(&b, order_b[i], err, sizeof err);
        if (mb == MOVE_NONE)
            fail_msg("%s", err);
        move_do(&b, mb, &u);
    }
    fen_write(&a, fa, sizeof fa);
    fen_write(&b, fb, sizeof fb);
    assert_string_equal(fa, fb);
    assert_true(a.key == b.key);
    assert_true(a.key == position_compute_key(&a));
    /* The side to move is part of the key. */
    Position c = a;
    c.side ^= 1;
    assert_true(position_compute_key(&c) != a.key);
}

/* Runs the reference data tests. */
int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reference_files_loaded),
        cmocka_unit_test(test_perft_reference_counts),
        cmocka_unit_test(test_fen_round_trip_references),
        cmocka_unit_test(test_legal_move_lists),
        cmocka_unit_test(test_make_unmake_consistency),
        cmocka_unit_test(test_zobrist_transposition),
        cmocka_unit_test(test_attack_matches_movegen),
    };
    return cmocka_run_group_tests(tests, setup_data, NULL);
}
