/* gamestate.c: end-of-game detection. */
#include "gamestate.h"

#include "attack.h"
#include "movegen.h"

GameState gamestate_from_count(const Position *pos, int legal_moves)
{
    if (legal_moves == 0)
        return attack_king_attacked(pos, pos->side) ? GAME_CHECKMATE : GAME_STALEMATE;
    if (gamestate_bare_king(pos))
        return GAME_BARE_KING;
    if (gamestate_invaded(pos))
        return GAME_INVASION;
    return GAME_ONGOING;
}

GameState gamestate_of(Position *pos)
{
    Move list[MAX_MOVES];
    return gamestate_from_count(pos, movegen_legal(pos, list));
}

const char *gamestate_name(GameState s)
{
    static const char *const names[] = {"ongoing", "checkmate", "stalemate", "bare king",
                                        "invasion"};
    return names[s];
}
