/* makemove.h: playing and taking back moves, with the captures each move makes (in a zoned game
 * also the scores, merges, owners, the last crossing and the clock: docs/rules/martian.md 4-6). */
#ifndef MAXTUNE_MAKEMOVE_H
#define MAXTUNE_MAKEMOVE_H

#include "position.h"

enum { MAX_CAPTURES = 16 };

/* Undo record: everything move_undo needs that the move itself does not say. The captured
 * squares are listed in the order they were found; a suicide lists the mover itself; a zoned
 * game's merge lists the own piece merged with. */
typedef struct Undo {
    uint64_t key;                  /* Zobrist key before the move */
    uint8_t ncap;                  /* number of captured pieces */
    Square cap_sq[MAX_CAPTURES];   /* where they stood */
    Piece cap_piece[MAX_CAPTURES]; /* what they were */
    /* Zoned games only (docs/rules/martian.md): what the move changes besides the board's pieces. */
    Piece mover;      /* the moving piece (its owner and, by a merge, type change) */
    Square last_from; /* Position.last_from before the move */
    Square last_to;   /* Position.last_to before the move */
    int8_t clock;     /* Position.clock before the move */
    uint8_t side;     /* the mover (Position.side before the move) */
} Undo;

/* Plays pseudo-legal move m on pos, filling u. */
void move_do(Position *pos, Move m, Undo *u);

/* move_do for a caller that already knows m's captures: caps[0..n) as move_captures(pos, m)
 * lists them, in any order (a zoned game finds its own). */
void move_do_captures(Position *pos, Move m, const Square *caps, int n, Undo *u);

/* Takes back move m played with move_do(pos, m, u). */
void move_undo(Position *pos, Move m, const Undo *u);

/* Squares that m would capture in pos (without playing it); returns their number. */
int move_captures(const Position *pos, Move m, Square *out);

/* True when m, in a zoned game, captures a piece of the mover's partner: a capture (not a merge)
 * on a square of another player of the mover's team (four-player Martian Chess, docs/rules/martian.md
 * 10.5; never with two players). */
static inline bool move_takes_partner(const Position *pos, Move m)
{
    const Variant *v = pos->variant;
    int to = move_to(m), owner = v->geo.owner[to];
    return !move_is_merge(m) && pos->board[to] != EMPTY && owner != pos->side &&
           v->team[owner] == v->team[pos->side];
}

#endif
