/* gamestate.c: end-of-game detection. */
#include "gamestate.h"

#include "attack.h"
#include "movegen.h"

/* The state of a zoned game's position (docs/rules/martian.md 7: the empty zone first, then the clock). */
static GameState gamestate_zoned(const Position *pos, int legal_moves)
{
    if (position_zone_emptied(pos))
        return GAME_EMPTY_ZONE;
    if (pos->clock == 0)
        return GAME_CLOCK;
    return legal_moves ? GAME_ONGOING : GAME_NO_MOVES;
}

GameState gamestate_from_count(const Position *pos, int legal_moves)
{
    if (variant_zoned(pos->variant))
        return gamestate_zoned(pos, legal_moves);
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

int gamestate_winner(const Position *pos, GameState s)
{
    if (!variant_zoned(pos->variant))
        return gamestate_is_loss(pos, s) ? !pos->side : -1;
    int south = pos->score[WHITE], north = pos->score[BLACK];
    if (south != north)
        return south > north ? WHITE : BLACK;
    /* the last mover's team ended it: the teams alternate (Variant.players) */
    return s == GAME_EMPTY_ZONE ? !pos->variant->team[pos->side] : -1;
}

const char *gamestate_name(GameState s)
{
    static const char *const names[] = {"ongoing",  "checkmate",  "stalemate", "bare king",
                                        "invasion", "empty zone", "clock",     "no moves"};
    return names[s];
}
