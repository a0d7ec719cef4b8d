/* geometry.h: read-only tables describing one game's board on the common grid (types.h).
 * Each game of the family (variant.h) owns one Geometry, built once by geometry_build() from
 * its BoardShape before any engine or thread uses it; positions reach it through their
 * variant (position_geo). */
#ifndef MAXTUNE_GEOMETRY_H
#define MAXTUNE_GEOMETRY_H

#include "types.h"

/* Directions as (file, rank) steps, clockwise from north. Orthogonal directions are even,
 * diagonal ones odd; the opposite of d is d ^ 4; the orthogonal components of a diagonal d
 * are (d + 7) & 7 and (d + 1) & 7. */
enum Direction { NORTH, NORTHEAST, EAST, SOUTHEAST, SOUTH, SOUTHWEST, WEST, NORTHWEST, DIR_NB };

static inline int dir_opposite(int d) { return d ^ 4; }
static inline bool dir_is_orthogonal(int d) { return (d & 1) == 0; }

enum { PALACE_D = 0, PALACE_E = 1 };

/* Lines for occupancy look-ups. Each orientation cuts the board into maximal segments of real
 * squares (holes and edges end a segment); the segments of all four orientations are numbered
 * together, and Position.line_occ keeps one word per segment whose bit i is its i-th square
 * (counted from its west, south, south-west or south-east end), so that a slider's reach along
 * a line is one look-up in line_slides. */
enum LineOrientation { LINE_RANK, LINE_FILE, LINE_DIAG, LINE_ANTI, LINE_NB };

/* Where a square lies in its segment of one orientation. */
typedef struct LineRef {
    uint16_t slides; /* where line_slides' row for this square's place in a segment of this
                      * length begins: the reach is line_slides[slides + occupancy] */
    uint16_t bit;    /* the square's bit in its segment's word, 1 << index */
    uint8_t seg;     /* the segment's number: its word in Position.line_occ */
    uint8_t len;     /* squares in the segment (1..11) */
    uint8_t index;   /* the square's place in the segment */
} LineRef;

/* LINE_SEG_NB: the most segments a board may have (Maxima's has 51, Ultima's 46). */
enum { LINE_MAX = 11, LINE_SEG_NB = 64, LINE_TABLE_SIZE = 40962 };

/* How the King moves: Maxima's knight jumps on the file cylinder (docs/rules/maxima.md 4.9) or Ultima's
 * one step in any direction (docs/rules/ultima.md 4.7). */
typedef enum KingMove { KING_KNIGHT_CYLINDER, KING_STEP } KingMove;

/* Which map of the board turns White's side into Black's: the mirror through the middle rank
 * (Maxima: Black mirrors White, files kept) or the half turn (Ultima: Black is White turned
 * through 180 degrees). The start position is symmetric under it, so it is what colour
 * symmetry of the evaluation means. */
typedef enum BoardSymmetry { SYMMETRY_MIRROR_RANKS, SYMMETRY_HALF_TURN } BoardSymmetry;

/* Who owns a piece: its colour (Maxima, Ultima), or the zone it stands in, whoever moved it
 * there (Martian Chess, docs/rules/martian.md 1: the canal between ranks 4 and 5 cuts the board into
 * South's half, ranks 1-4, owned by player 0 = WHITE, and North's, ranks 5-8, owned by player
 * 1 = BLACK; four-player Martian Chess, docs/rules/martian.md 10.1: that canal and one between files d and
 * e cut it into quadrants owned by players 0 (a1-d4), 1 (a5-d8), 2 (e5-h8) and 3 (e1-h4), the
 * FEN's players 1..4, clockwise from a1). */
typedef enum ZoneLayout { ZONES_NONE, ZONES_HALVES, ZONES_QUADRANTS } ZoneLayout;

/* The shape of a game's board: which squares of the grid are real, where the palaces are, how
 * the King moves, the colour symmetry and the zones. */
typedef struct BoardShape {
    uint8_t first_rank, last_rank; /* grid ranks of the main board: 1..9 (Maxima), 1..8 */
    uint8_t files;                 /* files of the board from a: 8, or 4 (Martian: a..d) */
    bool palaces;                  /* d and e squares on the ranks just outside (Maxima) */
    KingMove king;
    BoardSymmetry symmetry;
    ZoneLayout zones; /* ownership by zone (Geometry.zone) instead of by colour */
} BoardShape;

typedef struct Geometry {
    bool real[SQ_NB + 1];                 /* square exists (not a hole, not NO_SQ) */
    BoardShape shape;                     /* what the tables were built from */
    Bitboard real_mask;                   /* the real squares (76 in Maxima, 64 in Ultima) */
    Square step[SQ_NB + 1][DIR_NB];       /* neighbour in a direction, NO_SQ if none */
    Square king_jump[SQ_NB][8];           /* the King's targets (KingMove), NO_SQ if none */
    uint8_t king_jump_nb[SQ_NB];          /* number of valid entries at the front of king_jump */
    Bitboard king_jumps[SQ_NB];           /* the King's targets together */
    Bitboard neighbours[SQ_NB + 1];       /* the up to 8 adjacent real squares */
    Bitboard ray[SQ_NB + 1][DIR_NB];      /* squares along a line, up to a hole or the edge */
    Bitboard lines[SQ_NB + 1];            /* the eight rays of a square together */
    uint8_t dir_to[SQ_NB][SQ_NB];         /* 1 + direction from a to b if on one line, else 0 */
    Bitboard rank_mask[RANK_NB];          /* real squares of each rank */
    Bitboard file_mask[FILE_NB];          /* real squares of each file */
    Bitboard band[SQ_NB];                 /* real squares on the files and ranks next to the
                                           * square's (where a Mage that attacks it stands) */
    Square palace[COLOR_NB][2];           /* d and e squares of each side's palace, or NO_SQ */
    Bitboard palace_mask[COLOR_NB];       /* each side's palace squares (0 without palaces) */
    Square mirror[SQ_NB + 1];             /* the square's image under the colour symmetry */
    uint8_t rank_first, rank_last;        /* the grid ranks holding real squares */
    LineRef line[SQ_NB][LINE_NB];         /* each real square's segment per orientation */
    uint8_t line_slides[LINE_TABLE_SIZE]; /* [len][index][occupancy]: empty squares a slider
                                           * reaches both ways along the segment */
    char name[SQ_NB][4];                  /* "a1", "e10", "" for holes */
    Bitboard zone[PLAYER_NB];             /* the squares each player owns (ZoneLayout: South's
                                           * ranks 1-4 for player 0, North's 5-8 for player 1;
                                           * or the quadrants of players 0..3), 0 without zones
                                           * and for players the layout does not have */
    uint8_t owner[SQ_NB + 1];             /* the player (0..3) owning each square's zone (0 on
                                           * holes and without zones) */
    Square home[SQ_NB + 1];               /* the square seen from its owner's corner: its image
                                           * in player 0's zone under the turn that takes the
                                           * owner's zone there (the half turn for North, quarter
                                           * turns for the quadrants); the square itself without
                                           * zones, NO_SQ on holes */
} Geometry;

/* Fills g for a board of the given shape. */
void geometry_build(Geometry *g, const BoardShape *shape);

/* The name of grid square sq ("a1", "e10"): a square has the same name in every game. */
const char *square_name(int sq);

static inline int sq_file(int sq) { return sq & 7; }
static inline int sq_rank(int sq) { return sq >> 3; }
static inline int sq_make(int file, int rank) { return rank * 8 + file; }

/* Empty squares a slider on sq reaches along its segment of orientation o, given the
 * segments' occupancy words (Position.line_occ). */
static inline int geo_line_moves(const Geometry *g, int sq, int o, const uint16_t *line_occ)
{
    const LineRef *r = &g->line[sq][o];
    return g->line_slides[r->slides + line_occ[r->seg]];
}

/* The orientation of the line that direction d runs along. */
static inline int dir_line(int d)
{
    static const uint8_t LINE_OF[4] = {LINE_FILE, LINE_DIAG, LINE_RANK, LINE_ANTI};
    return LINE_OF[d & 3]; /* N and S, NE and SW, E and W, SE and NW */
}

/* True when no piece stands strictly between squares a and b, which lie on one line in
 * direction d from a (Geometry.dir_to), given the segments' occupancy words. */
static inline bool geo_line_clear(const Geometry *g, int a, int b, int d, const uint16_t *line_occ)
{
    const LineRef *ra = &g->line[a][dir_line(d)], *rb = &g->line[b][dir_line(d)];
    unsigned lo = ra->bit < rb->bit ? ra->bit : rb->bit, hi = ra->bit ^ rb->bit ^ lo;
    return !(line_occ[ra->seg] & (hi - 1) & ~((lo << 1) - 1));
}

/* True for the directions whose squares have increasing indices (N, NE, E, NW). */
static inline bool dir_is_increasing(int d) { return d <= EAST || d == NORTHWEST; }

/* The empty squares a slider on sq reaches in direction d, given the occupied squares. */
static inline Bitboard geo_slide(const Geometry *g, int sq, int d, Bitboard occupied)
{
    Bitboard ray = g->ray[sq][d], blockers = ray & occupied;
    if (dir_is_increasing(d))
        return ray & ((blockers & -blockers) - 1); /* below the lowest blocker; all if none */
    if (!blockers)
        return ray;
    return ray & ~((bb_square(bb_msb(blockers)) << 1) - 1);
}

/* Parses a square name ("d0", "e10") of g's board at s; returns the square and sets *len, or
 * -1. */
int square_parse(const Geometry *g, const char *s, int *len);

#endif
