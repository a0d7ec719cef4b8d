/* movegen.h: move generation (docs/rules/maxima.md 4-7, docs/rules/ultima.md 4-6, docs/rules/martian.md 4-6). In a game without
 * Kings (Martian Chess) every pseudo-legal move is legal, each move also exists as a clock call
 * until someone calls, and a finished position has no move. */
#ifndef MAXTUNE_MOVEGEN_H
#define MAXTUNE_MOVEGEN_H

#include "makemove.h"
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

/* The part of movegen_safe that needs no captures: the mover is neither the King nor an
 * Immobilizer and its from square is not in the exposure. */
static inline bool movegen_safe_mover(int mover, int from, Bitboard exposure)
{
    return mover != KING && mover != IMMOBILIZER && !(exposure & bb_square(from));
}

/* True when a move of a piece of type `mover` from `from`, capturing on the n squares caps,
 * played where the mover's King is not attacked and the exposure (attack_exposure) is
 * `exposure`, certainly leaves that King unattacked: the mover is neither the King nor an
 * Immobilizer, and neither its from square nor a captured one is in the exposure. False:
 * attack_king_attacked decides. The exposure is every square when the King is attacked, and 0 in
 * a game without Kings. */
static inline bool movegen_safe(int mover, int from, const Square *caps, int n, Bitboard exposure)
{
    if (!movegen_safe_mover(mover, from, exposure))
        return false;
    for (int i = 0; i < n; i++)
        if (exposure & bb_square(caps[i]))
            return false;
    return true;
}

/* movegen_safe for the move m just played in pos, u its undo record. */
static inline bool movegen_safe_after(const Position *pos, Move m, const Undo *u, Bitboard exposure)
{
    int from = move_from(m), to = move_to(m);
    int mover = piece_type(from == to ? u->cap_piece[0] : pos->board[to]);
    return movegen_safe(mover, from, u->cap_sq, u->ncap, exposure);
}

/* movegen_safe for the move m about to be played in pos (its captures computed). */
static inline bool movegen_safe_before(const Position *pos, Move m, Bitboard exposure)
{
    int from = move_from(m), mover = piece_type(pos->board[from]);
    Square caps[MAX_CAPTURES];
    if (!movegen_safe_mover(mover, from, exposure))
        return false; /* decided without the captures */
    return movegen_safe(mover, from, caps, move_captures(pos, m, caps), exposure);
}

/* The own-palace square the side to move may not end a move on (docs/rules/maxima.md 6), or NO_SQ. */
int movegen_palace_blocked(const Position *pos);

#endif
