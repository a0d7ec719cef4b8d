/* movegen.h: move generation (MAXIMA.md 4-7, ULTIMA.md 4-6, MARTIAN.md 4-6). In a game without
 * Kings (Martian Chess) every pseudo-legal move is legal, each move also exists as a clock call
 * until someone calls, and a finished position has no move. */
#ifndef MAXTUNE_MOVEGEN_H
#define MAXTUNE_MOVEGEN_H

#include "position.h"

/* Writes the pseudo-legal moves of the side to move (piece moves and suicides, own-palace
 * rule applied, King safety not checked) into list; returns their number. */
int movegen_pseudo(const Position *pos, Move *list);

/* Writes the pseudo-legal moves that capture at least one enemy piece or end on an empty square
 * of `quiet` (the capture search passes the enemy palace); no suicides. The same moves, in the
 * same order, as movegen_pseudo's that qualify (in a zoned game: its captures, no clock calls). */
int movegen_tactical(const Position *pos, Bitboard quiet, Move *list);

/* movegen_pseudo's moves in its order, and for each whether movegen_tactical(pos, 0) lists it
 * (whether it captures) into tactical[i]: one generation instead of two. */
int movegen_pseudo_marked(const Position *pos, Move *list, bool *tactical);

/* Writes the legal moves of the side to move into list; returns their number. */
int movegen_legal(Position *pos, Move *list);

/* True when the pseudo-legal move m does not leave the mover's King attacked. */
bool movegen_is_legal(Position *pos, Move m);

/* The own-palace square the side to move may not end a move on (MAXIMA.md 6), or NO_SQ. */
int movegen_palace_blocked(const Position *pos);

#endif
