/* position.h: a position of one of the games (mailbox plus bitboards), Zobrist keys (FEN:
 * fen.h). A position knows its game (variant.h), whose rules and board every core function
 * applies to it.
 *
 * The mailbox board[] is the authority; by_color/by_type are bitboards kept in step with it by
 * position_put/position_remove. key is the Zobrist key of pieces and side to move, updated
 * incrementally by make/unmake and recomputable with position_compute_key(). */
#ifndef MAXTUNE_POSITION_H
#define MAXTUNE_POSITION_H

#include <stddef.h>

#include "geometry.h"
#include "types.h"
#include "variant.h"

typedef struct Position {
    Piece board[SQ_NB + 1];      /* piece code per square; holes and board[NO_SQ] are OFFBOARD */
    Bitboard by_color[COLOR_NB]; /* squares holding pieces of a colour (zoned games: of the
                                  * team of the player owning their zone, piece_color) */
    Bitboard by_type[TYPE_NB];   /* squares holding pieces of a type, either colour */
    Square king[COLOR_NB];       /* king squares */
    uint8_t side;                /* side to move: the player (0..Variant.players - 1) */
    bool zoned;                  /* variant_zoned(variant), read by make/unmake and generation
                                  * where the game is told apart on every move */
    int plies;                   /* plies played (FEN's last field) */
    uint64_t key;                /* Zobrist key */
    const Variant *variant;      /* the game: its rules and board */
    /* The occupancy of each line segment, one word per segment (geometry.h LineRef). */
    uint16_t line_occ[LINE_SEG_NB];
    /* The state of a scoring, zoned game (docs/rules/martian.md 2); 0, NO_SQ and CLOCK_OFF elsewhere. All
     * of it is in the key (position_state_key). */
    int32_t score[COLOR_NB]; /* points each team (Variant.team) has captured (Variant.scores) */
    Square last_from;        /* the last move's canal crossing from last_from (now empty) to */
    Square last_to;          /* last_to (the mover's piece), NO_SQ both if it crossed nothing */
    int8_t clock;            /* capture-less moves left before the game ends, CLOCK_OFF while
                              * nobody has called the clock (Variant.clock_moves) */
    /* A table of four numbers per piece and square that the position's user keeps summed over
     * the pieces on the board (the engine, while it searches: its material and piece-square
     * terms and phase weights), or NULL (position_attach_sums). */
    const int32_t (*sum_table)[SQ_NB][4];
    int32_t sums[4]; /* the table's sums over the pieces on the board (0 without a table) */
} Position;

/* Zobrist numbers; read-only after zobrist_init() (called by core_init()). */
extern uint64_t zobrist_piece[PIECE_NB][SQ_NB];
extern uint64_t zobrist_side;
extern uint64_t zobrist_player[PLAYER_NB];  /* the key of each player to move: 0 for player 0
                                            * (WHITE), zobrist_side for player 1 (BLACK) */
extern uint64_t zobrist_last[2][SQ_NB + 1]; /* [0][F] ^ [1][T] for the last crossing F-T;
                                             * [.][NO_SQ] is 0 */
extern uint64_t zobrist_clock[16];          /* by clock + 1 (0: CLOCK_OFF) */
extern uint64_t zobrist_score[COLOR_NB];    /* seeds of position_score_key */

/* The key of player c's score s (any non-negative s: a mix of the seed and s). */
static inline uint64_t position_score_key(int c, int32_t s)
{
    uint64_t z = zobrist_score[c] + (uint64_t)(uint32_t)s * 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    return z ^ (z >> 31);
}

/* The key of the scores, last crossing and clock of a zoned game's position (0 elsewhere). */
uint64_t position_state_key(const Position *pos);

/* Builds every read-only table of the core (the games and their geometry, Zobrist); call once
 * before use. */
void core_init(void);

/* Empties a position of game v (all real squares empty, White (player 0) to move, scores 0, no
 * last crossing, the clock not called). */
void position_clear(Position *pos, const Variant *v);

/* The board tables of pos's game. */
static inline const Geometry *position_geo(const Position *pos) { return &pos->variant->geo; }

/* Puts piece p on empty square sq, updating bitboards, key and sums. */
void position_put(Position *pos, int sq, Piece p);

/* Removes the piece on sq, updating bitboards, key and sums; returns it. */
Piece position_remove(Position *pos, int sq);

/* Moves the piece on `from` to the empty square `to`: position_remove then position_put, in one
 * pass. */
void position_move(Position *pos, int from, int to);

/* Has pos keep the sums of table ([piece][square][4]) over its pieces from now on, computed
 * afresh; NULL drops the table (the sums become 0). A copy of pos carries the table: whoever
 * attaches one detaches it before the position leaves its hands. */
void position_attach_sums(Position *pos, const int32_t (*table)[SQ_NB][4]);

/* The letters of the piece types in FEN and diagrams, by type (index 0 unused). */
extern const char PIECE_LETTERS[TYPE_NB + 1];

/* Zobrist key of pos computed from scratch. */
uint64_t position_compute_key(const Position *pos);

/* Checks every invariant (mailbox vs bitboards, kings or zone owners, scores, last crossing,
 * clock, key); returns false and describes the first violation in why when one fails. */
bool position_is_consistent(const Position *pos, char *why, size_t len);

/* The position under the board's colour symmetry (Geometry.mirror: the mirror through the
 * middle rank in Maxima, the half turn in Ultima and Martian Chess) with colours, side to move,
 * scores swapped and the last crossing mirrored; in a zoned game each piece and the side to
 * move go to the owner of the mirrored zone, and the scores follow their teams (the half turn
 * of four-player Martian Chess keeps them: partners sit opposite). */
void position_mirror(const Position *pos, Position *out);

/* Writes a readable diagram of the board into buf (a zoned game's with its canal). */
void position_diagram(const Position *pos, char *buf, size_t len);

/* The team of the player to move (Variant.team): WHITE or BLACK. Players of the two teams
 * alternate in every game, so it is the player's number's parity (variant_init checks it). */
static inline int position_team(const Position *pos) { return pos->side & 1; }

static inline Bitboard position_occupied(const Position *pos)
{
    return pos->by_color[WHITE] | pos->by_color[BLACK];
}

/* True when a player's zone is empty in a game that ends so (Variant.empty_zone_ends). */
static inline bool position_zone_emptied(const Position *pos)
{
    const Variant *v = pos->variant;
    if (!v->empty_zone_ends)
        return false;
    if (v->players == 2) /* each player his own team: a colour's pieces are a zone's */
        return !pos->by_color[WHITE] || !pos->by_color[BLACK];
    Bitboard occupied = position_occupied(pos);
    for (int p = 0; p < v->players; p++)
        if (!(occupied & v->geo.zone[p]))
            return true;
    return false;
}

/* The squares holding the pieces of player p, of a zoned game (those in his zone). */
static inline Bitboard position_zone_pieces(const Position *pos, int p)
{
    return position_occupied(pos) & position_geo(pos)->zone[p];
}

/* True when a zoned game is over whatever the moves: a zone is empty or the called clock stands
 * at 0 (docs/rules/martian.md 7; gamestate.h says how it ended). */
static inline bool position_zoned_over(const Position *pos)
{
    return position_zone_emptied(pos) || pos->clock == 0;
}

static inline Bitboard position_pieces(const Position *pos, int color, int type)
{
    return pos->by_color[color] & pos->by_type[type];
}

#endif
