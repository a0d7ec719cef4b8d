/* gamestate.h: end of the game (docs/rules/maxima.md 8, docs/rules/ultima.md 7, docs/rules/martian.md 7), checked for the side to
 * move in rule order; the game's Variant says which endings it has and what a stalemate is. */
#ifndef MAXTUNE_GAMESTATE_H
#define MAXTUNE_GAMESTATE_H

#include "position.h"

typedef enum GameState {
    GAME_ONGOING,
    GAME_CHECKMATE, /* no legal move, King attacked: the side to move loses */
    GAME_STALEMATE, /* no legal move, King not attacked: a draw (Maxima) or a loss (Ultima) */
    GAME_BARE_KING, /* the side to move has only its King: it loses */
    GAME_INVASION,  /* both of its palace squares hold enemy pieces: it loses */
    /* Zoned games (docs/rules/martian.md 7): the higher score wins (gamestate_winner). */
    GAME_EMPTY_ZONE, /* a zone is empty: on a tie the player who emptied it (the last mover)
                      * wins, with his team (docs/rules/martian.md 10.8) */
    GAME_CLOCK,      /* the called clock ran down to 0: a tie is a draw */
    GAME_NO_MOVES,   /* the side to move has no legal move (only the no-undo rule can do it): as
                      * the clock */
} GameState;

/* True when the side to move has nothing but its King and its game makes that a loss. */
static inline bool gamestate_bare_king(const Position *pos)
{
    return bb_popcount(pos->by_color[pos->side]) == 1 && pos->variant->bare_king_loses;
}

/* True when both palace squares of the side to move hold enemy pieces (never in a game without
 * palaces). */
static inline bool gamestate_invaded(const Position *pos)
{
    Bitboard pal = position_geo(pos)->palace_mask[pos->side];
    return pal && (pos->by_color[!pos->side] & pal) == pal;
}

/* The winner (WHITE or BLACK: a team in four-player Martian Chess) of a game ended in state s
 * with pos's side to move, or -1 for a draw; s must not be GAME_ONGOING. */
int gamestate_winner(const Position *pos, GameState s);

/* True when state s, reached with pos's side to move, ends the game with that side's loss (a
 * draw when false and s is not GAME_ONGOING, but in a zoned game, where it may be a win). */
static inline bool gamestate_is_loss(const Position *pos, GameState s)
{
    if (variant_zoned(pos->variant))
        return s != GAME_ONGOING && gamestate_winner(pos, s) == !pos->variant->team[pos->side];
    return s != GAME_ONGOING && (s != GAME_STALEMATE || pos->variant->stalemate_loses);
}

/* State of pos given its number of legal moves. */
GameState gamestate_from_count(const Position *pos, int legal_moves);

/* State of pos (generates the legal moves). */
GameState gamestate_of(Position *pos);

/* "ongoing", "checkmate", ..., "empty zone", "clock", "no moves" */
const char *gamestate_name(GameState s);

#endif
