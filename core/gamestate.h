/* gamestate.h: end of the game (MAXIMA.md 8), checked for the side to move in rule order. */
#ifndef MAXTUNE_GAMESTATE_H
#define MAXTUNE_GAMESTATE_H

#include "position.h"

typedef enum GameState {
    GAME_ONGOING,
    GAME_CHECKMATE, /* no legal move, King attacked: the side to move loses */
    GAME_STALEMATE, /* no legal move, King not attacked: draw */
    GAME_BARE_KING, /* the side to move has only its King: it loses */
    GAME_INVASION,  /* both of its palace squares hold enemy pieces: it loses */
} GameState;

/* True when the side to move has nothing but its King. */
static inline bool gamestate_bare_king(const Position *pos)
{
    return bb_popcount(pos->by_color[pos->side]) == 1;
}

/* True when both palace squares of the side to move hold enemy pieces. */
static inline bool gamestate_invaded(const Position *pos)
{
    Bitboard enemy = pos->by_color[!pos->side];
    const Square *pal = geo.palace[pos->side];
    return (enemy & bb_square(pal[PALACE_D])) && (enemy & bb_square(pal[PALACE_E]));
}

/* State of pos given its number of legal moves. */
GameState gamestate_from_count(const Position *pos, int legal_moves);

/* State of pos (generates the legal moves). */
GameState gamestate_of(Position *pos);

/* "ongoing", "checkmate", ... */
const char *gamestate_name(GameState s);

#endif
