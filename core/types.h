/* types.h: the basic vocabulary of maxtune: squares, colours, pieces, moves, bitboards.
 *
 * Board layout (docs/rules/maxima.md section 1): an 11 x 8 grid, ranks 0..10, files a..h. Every game's
 * board lies on this grid (variant.h): Ultima's 8 x 8 on ranks 1..8, Martian Chess's 4 x 8 on
 * files a..d of ranks 1..8 (the other squares are holes there).
 *
 *     sq = rank * 8 + file          (0..87)
 *
 *     rank 10:  x  x  x 83 84  x  x  x      <- Black's palace d10, e10
 *     rank  9: 72 73 74 75 76 77 78 79
 *       ...
 *     rank  1:  8  9 10 11 12 13 14 15
 *     rank  0:  x  x  x  3  4  x  x  x      <- White's palace d0, e0
 *
 * The 12 squares marked x are holes: they are not part of the board. NO_SQ (88) stands for
 * "off the board"; Position.board[NO_SQ] and every hole hold OFFBOARD, so ray loops that stop
 * at the first non-empty cell need no bounds checks.
 */
#ifndef MAXTUNE_TYPES_H
#define MAXTUNE_TYPES_H

#include <stdbool.h>
#include <stdint.h>

enum { FILE_NB = 8, RANK_NB = 11, SQ_NB = 88, NO_SQ = 88, REAL_SQ_NB = 76 };

typedef uint8_t Square;

/* The two players. In Martian Chess (docs/rules/martian.md 1) WHITE is South (ranks 1-4, moves first) and
 * BLACK is North (ranks 5-8): there a piece's colour is the owner of the zone it stands in. */
enum Color { WHITE = 0, BLACK = 1, COLOR_NB = 2 };

/* The most players a game has: four in four-player Martian Chess (docs/rules/martian.md 10), numbered 0..3
 * there (the FEN's 1..4). A zoned game's player owns a zone; a piece's colour is its owner's
 * team (Variant.team), the two teams being WHITE and BLACK. */
enum { PLAYER_NB = 4 };

/* Piece types; the order is also the order of the material weights. */
enum PieceType {
    NO_TYPE = 0,
    PINCER = 1,      /* p */
    COORDINATOR = 2, /* r */
    LEAPER = 3,      /* n: long leaper */
    CHAMELEON = 4,   /* b */
    WITHDRAWER = 5,  /* q */
    IMMOBILIZER = 6, /* m */
    MAGE = 7,        /* g */
    GUARD = 8,       /* d */
    KING = 9,        /* k */
    PAWN = 10,       /* p: Martian pawn (docs/rules/martian.md 4.1), 1 pip */
    DRONE = 11,      /* d: Martian drone, 2 pips */
    QUEEN = 12,      /* q: Martian queen, 3 pips */
    TYPE_NB = 13
};

/* A piece code is (colour << 4) | type: White pieces are 1..12, Black pieces 17..28.
 * EMPTY is 0; OFFBOARD (holes, NO_SQ) is 32, which has no colour bit pattern of a piece. */
typedef uint8_t Piece;
enum { EMPTY = 0, OFFBOARD = 32, PIECE_NB = 29 };

static inline Piece piece_make(int color, int type) { return (Piece)((color << 4) | type); }
static inline int piece_type(Piece p) { return p & 15; }
static inline int piece_color(Piece p) { return (p >> 4) & 1; }
/* True for a real piece (not EMPTY, not OFFBOARD). */
static inline bool piece_is_piece(Piece p) { return p != EMPTY && p != OFFBOARD; }

/* Move encoding, 16 bits:
 *
 *     bits 0..6   from square
 *     bits 7..13  to square
 *     bit  14     MOVE_CALL: the mover calls the clock with this move (docs/rules/martian.md 6)
 *     bit  15     MOVE_MERGE: the move is a field promotion onto an own piece (docs/rules/martian.md 4.2)
 *
 * In Maxima the squares determine the move completely (docs/rules/maxima.md 9): captures follow from
 * (from, to, position) and are computed by make. A suicide (a frozen piece removing itself)
 * is the move with from == to. MOVE_NONE (0) is a0-a0, which is a hole, so never a move.
 * Maxima's and Ultima's moves never have the flag bits; a Martian move's merge flag follows
 * from the position too (the op of its notation), the clock-call flag does not. */
typedef uint16_t Move;
enum { MOVE_NONE = 0, MAX_MOVES = 1024 }; /* 537 pseudo-legal moves are possible */
enum { MOVE_CALL = 1 << 14, MOVE_MERGE = 1 << 15 };

static inline Move move_make(int from, int to) { return (Move)(from | (to << 7)); }
static inline int move_from(Move m) { return m & 127; }
static inline int move_to(Move m) { return (m >> 7) & 127; }
static inline bool move_is_suicide(Move m) { return move_from(m) == move_to(m); }
/* True when m calls the clock (docs/rules/martian.md 6). */
static inline bool move_calls_clock(Move m) { return (m & MOVE_CALL) != 0; }
/* True when m merges two own pieces (docs/rules/martian.md 4.2). */
static inline bool move_is_merge(Move m) { return (m & MOVE_MERGE) != 0; }

/* 128-bit bitboard: bit sq is square sq (bits 88..127 unused). */
__extension__ typedef unsigned __int128 Bitboard;

/* The bitboard of each square, read from a table: a 128-bit shift by a variable count costs
 * several instructions on x86-64, a table read one or two. */
#define BB_1(i) ((Bitboard)1 << (i))
#define BB_4(i) BB_1(i), BB_1((i) + 1), BB_1((i) + 2), BB_1((i) + 3)
#define BB_16(i) BB_4(i), BB_4((i) + 4), BB_4((i) + 8), BB_4((i) + 12)
static const Bitboard BB_SQUARE[128] = {BB_16(0),  BB_16(16), BB_16(32), BB_16(48),
                                        BB_16(64), BB_16(80), BB_16(96), BB_16(112)};
#undef BB_16
#undef BB_4
#undef BB_1

/* The bitboard holding square sq alone (0 <= sq < 128). */
static inline Bitboard bb_square(int sq) { return BB_SQUARE[sq]; }
static inline int bb_popcount(Bitboard b)
{
    return __builtin_popcountll((uint64_t)b) + __builtin_popcountll((uint64_t)(b >> 64));
}
/* Index of the lowest set bit; b must not be 0. */
static inline int bb_lsb(Bitboard b)
{
    uint64_t lo = (uint64_t)b;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(b >> 64));
}
/* Index of the highest set bit; b must not be 0. */
static inline int bb_msb(Bitboard b)
{
    uint64_t hi = (uint64_t)(b >> 64);
    return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll((uint64_t)b);
}
/* Removes and returns the lowest set bit's index; *b must not be 0. Only the 64-bit half that
 * holds the bit changes: clearing it with `*b &= *b - 1` over all 128 bits cost 4% more of
 * `bench 5`'s instructions, as every piece loop comes through here. */
static inline int bb_pop(Bitboard *b)
{
    uint64_t lo = (uint64_t)*b, hi = (uint64_t)(*b >> 64);
    if (lo) {
        *b = (Bitboard)hi << 64 | (lo & (lo - 1));
        return __builtin_ctzll(lo);
    }
    *b = (Bitboard)(hi & (hi - 1)) << 64;
    return 64 + __builtin_ctzll(hi);
}

#endif
