/* geometry.c: builds the read-only board tables of a board shape. */
#include "geometry.h"

#include <stdlib.h>
#include <string.h>

static const int DIR_DF[DIR_NB] = {0, 1, 1, 1, 0, -1, -1, -1};
static const int DIR_DR[DIR_NB] = {1, 1, 0, -1, -1, -1, 0, 1};
static const int JUMP_DF[8] = {1, 2, 2, 1, -1, -2, -2, -1};
static const int JUMP_DR[8] = {2, 1, -1, -2, -2, -1, 1, 2};

/* True when (file, rank) is a real square of a board of the given shape. */
static bool coords_real(const BoardShape *shape, int file, int rank)
{
    if (file < 0 || file >= shape->files || rank < 0 || rank >= RANK_NB)
        return false;
    if (rank == shape->first_rank - 1 || rank == shape->last_rank + 1)
        return shape->palaces && (file == 3 || file == 4);
    return rank >= shape->first_rank && rank <= shape->last_rank;
}

/* The image of (f, r) under the board's colour symmetry. */
static int symmetric_square(const Geometry *g, int f, int r)
{
    int rank = g->rank_first + g->rank_last - r;
    if (g->shape.symmetry == SYMMETRY_HALF_TURN)
        return sq_make(g->shape.files - 1 - f, rank);
    return sq_make(f, rank);
}

/* Fills the King's targets of every square: knight jumps on the file cylinder or steps. */
static void build_king_moves(Geometry *g)
{
    for (int sq = 0; sq < SQ_NB; sq++) {
        int f = sq_file(sq), r = sq_rank(sq), n = 0;
        for (int j = 0; g->real[sq] && j < 8; j++) {
            int nf, nr;
            if (g->shape.king == KING_STEP) {
                nf = f + DIR_DF[j];
                nr = r + DIR_DR[j];
            } else {
                nf = (f + JUMP_DF[j] + FILE_NB) % FILE_NB;
                nr = r + JUMP_DR[j];
            }
            if (coords_real(&g->shape, nf, nr)) {
                g->king_jump[sq][n++] = (Square)sq_make(nf, nr);
                g->king_jumps[sq] |= bb_square(sq_make(nf, nr));
            }
        }
        g->king_jump_nb[sq] = (uint8_t)n;
        for (int j = n; j < 8; j++)
            g->king_jump[sq][j] = NO_SQ;
    }
}

/* Fills the palace squares and masks (NO_SQ and 0 on a board without palaces). */
static void build_palaces(Geometry *g)
{
    for (int c = 0; c < COLOR_NB; c++) {
        int rank = c == WHITE ? g->shape.first_rank - 1 : g->shape.last_rank + 1;
        for (int i = 0; i < 2; i++) {
            int sq = sq_make(3 + i, rank);
            g->palace[c][i] = (Square)(g->shape.palaces ? sq : NO_SQ);
            if (g->shape.palaces)
                g->palace_mask[c] |= bb_square(sq);
        }
    }
}

/* Slider reach along a segment, for every length, place and occupancy: the same for every
 * board, so computed once (by core_init, before any thread) and copied into each game's tables.
 * Fills line_base[len], where the rows of segments of length len begin. */
static void build_slides(Geometry *g, uint16_t line_base[LINE_MAX + 1])
{
    static uint16_t base_of[LINE_MAX + 1];
    static uint8_t line_slides[LINE_TABLE_SIZE];
    static bool built;
    for (int len = 1, base = 0; !built && len <= LINE_MAX; len++) {
        base_of[len] = (uint16_t)base;
        for (int index = 0; index < len; index++)
            for (unsigned occ = 0; occ < (1u << len); occ++) {
                int n = 0;
                for (int i = index + 1; i < len && !(occ & (1u << i)); i++)
                    n++;
                for (int i = index - 1; i >= 0 && !(occ & (1u << i)); i--)
                    n++;
                line_slides[base + (index << len) + occ] = (uint8_t)n;
            }
        base += len << len;
    }
    built = true;
    memcpy(line_base, base_of, sizeof base_of);
    memcpy(g->line_slides, line_slides, sizeof line_slides);
}

/* Rays and directions: walk each direction from each square; a line stops at holes and edges.
 * Then the slider reach table and the line segments of each orientation, numbered together. */
static void build_lines(Geometry *g)
{
    for (int sq = 0; sq < SQ_NB; sq++) {
        if (!g->real[sq])
            continue;
        for (int d = 0; d < DIR_NB; d++)
            for (int t = g->step[sq][d]; t != NO_SQ; t = g->step[t][d]) {
                g->dir_to[sq][t] = (uint8_t)(d + 1);
                g->ray[sq][d] |= bb_square(t);
                g->lines[sq] |= bb_square(t);
            }
    }
    uint16_t line_base[LINE_MAX + 1];
    build_slides(g, line_base);
    /* Line segments: start where the square behind is off the board, walk forward. */
    static const int FORWARD[LINE_NB] = {EAST, NORTH, NORTHEAST, NORTHWEST};
    int seg = 0;
    for (int o = 0; o < LINE_NB; o++)
        for (int sq = 0; sq < SQ_NB; sq++) {
            if (!g->real[sq] || g->step[sq][dir_opposite(FORWARD[o])] != NO_SQ)
                continue;
            int len = 0;
            for (int t = sq; t != NO_SQ; t = g->step[t][FORWARD[o]])
                len++;
            if (seg >= LINE_SEG_NB)
                abort(); /* a board shape with more segments than Position.line_occ holds */
            int index = 0;
            for (int t = sq; t != NO_SQ; t = g->step[t][FORWARD[o]], index++)
                g->line[t][o] = (LineRef){(uint16_t)(line_base[len] + (index << len)),
                                          (uint16_t)(1u << index), (uint8_t)seg, (uint8_t)len,
                                          (uint8_t)index};
            seg++;
        }
}

/* Fills the zones and square owners (nothing without zones): the canal runs through the middle
 * of the main board's ranks; with quadrants a second one through the middle of its files, and
 * the players go round clockwise from the lower left (a1) quadrant. */
static void build_zones(Geometry *g)
{
    if (g->shape.zones == ZONES_NONE)
        return;
    int canal = (g->shape.first_rank + g->shape.last_rank + 1) / 2; /* North's first rank */
    int middle = g->shape.files / 2;                                /* the right half's file */
    int top = g->shape.last_rank - g->shape.first_rank;             /* the last row, from 0 */
    for (int sq = 0; sq < SQ_NB; sq++) {
        if (!g->real[sq])
            continue;
        bool north = sq_rank(sq) >= canal, east = sq_file(sq) >= middle;
        int owner = north ? BLACK : WHITE;
        if (g->shape.zones == ZONES_QUADRANTS)
            owner = east ? (north ? 2 : 3) : owner;
        g->owner[sq] = (uint8_t)owner;
        g->zone[owner] |= bb_square(sq);
        /* home: North's half turned through 180 degrees; quadrant p turned p quarter turns
         * anticlockwise, (f, r) -> (top - r, f), which takes the square board's corner of
         * player p (a1, a8, h8, h1) to a1 */
        int f = sq_file(sq), r = sq_rank(sq) - g->shape.first_rank;
        if (g->shape.zones == ZONES_HALVES && owner == BLACK) {
            f = g->shape.files - 1 - f;
            r = top - r;
        }
        for (int turn = 0; g->shape.zones == ZONES_QUADRANTS && turn < owner; turn++) {
            int nf = top - r;
            r = f;
            f = nf;
        }
        g->home[sq] = (Square)sq_make(f, r + g->shape.first_rank);
    }
}

void geometry_build(Geometry *g, const BoardShape *shape)
{
    memset(g, 0, sizeof *g);
    g->shape = *shape;
    g->rank_first = (uint8_t)(shape->first_rank - shape->palaces);
    g->rank_last = (uint8_t)(shape->last_rank + shape->palaces);
    for (int sq = 0; sq <= SQ_NB; sq++) {
        g->mirror[sq] = g->home[sq] = NO_SQ;
        for (int d = 0; d < DIR_NB; d++)
            g->step[sq][d] = NO_SQ;
    }
    for (int sq = 0; sq < SQ_NB; sq++) {
        int f = sq_file(sq), r = sq_rank(sq);
        g->real[sq] = coords_real(shape, f, r);
        if (!g->real[sq])
            continue;
        char *name = g->name[sq];
        *name++ = (char)('a' + f);
        if (r == 10)
            *name++ = '1';
        *name++ = (char)('0' + r % 10);
        *name = '\0';
        g->rank_mask[r] |= bb_square(sq);
        g->real_mask |= bb_square(sq);
        g->file_mask[f] |= bb_square(sq);
        for (int d = 0; d < DIR_NB; d++) {
            int nf = f + DIR_DF[d], nr = r + DIR_DR[d];
            if (coords_real(shape, nf, nr)) {
                g->step[sq][d] = (Square)sq_make(nf, nr);
                g->neighbours[sq] |= bb_square(sq_make(nf, nr));
            }
        }
        g->mirror[sq] = (Square)symmetric_square(g, f, r);
        g->home[sq] = (Square)sq; /* build_zones turns the zoned boards' */
    }
    for (int sq = 0; sq < SQ_NB; sq++) {
        int f = sq_file(sq), r = sq_rank(sq);
        for (int n = 0; n < RANK_NB && g->real[sq]; n++)
            if (n == r - 1 || n == r + 1)
                g->band[sq] |= g->rank_mask[n];
        for (int n = 0; n < FILE_NB && g->real[sq]; n++)
            if (n == f - 1 || n == f + 1)
                g->band[sq] |= g->file_mask[n];
    }
    build_king_moves(g);
    build_lines(g);
    build_palaces(g);
    build_zones(g);
}

/* Every grid square's name, rank 0 first. */
static const char SQUARE_NAMES[SQ_NB][4] = {
    "a0", "b0", "c0",  "d0",  "e0",  "f0",  "g0",  "h0",  "a1",  "b1",  "c1", "d1", "e1",
    "f1", "g1", "h1",  "a2",  "b2",  "c2",  "d2",  "e2",  "f2",  "g2",  "h2", "a3", "b3",
    "c3", "d3", "e3",  "f3",  "g3",  "h3",  "a4",  "b4",  "c4",  "d4",  "e4", "f4", "g4",
    "h4", "a5", "b5",  "c5",  "d5",  "e5",  "f5",  "g5",  "h5",  "a6",  "b6", "c6", "d6",
    "e6", "f6", "g6",  "h6",  "a7",  "b7",  "c7",  "d7",  "e7",  "f7",  "g7", "h7", "a8",
    "b8", "c8", "d8",  "e8",  "f8",  "g8",  "h8",  "a9",  "b9",  "c9",  "d9", "e9", "f9",
    "g9", "h9", "a10", "b10", "c10", "d10", "e10", "f10", "g10", "h10",
};

const char *square_name(int sq) { return sq >= 0 && sq < SQ_NB ? SQUARE_NAMES[sq] : ""; }

int square_parse(const Geometry *g, const char *s, int *len)
{
    if (s[0] < 'a' || s[0] > 'h' || s[1] < '0' || s[1] > '9')
        return -1;
    int file = s[0] - 'a', rank = s[1] - '0', n = 2;
    if (rank == 1 && s[2] == '0') {
        rank = 10;
        n = 3;
    }
    if (!coords_real(&g->shape, file, rank))
        return -1;
    *len = n;
    return sq_make(file, rank);
}
