/* perft.c: recursive perft with bulk counting at depth 1. */
#include "perft.h"

#include "attack.h"
#include "gamestate.h"
#include "makemove.h"
#include "movegen.h"

uint64_t perft(Position *pos, int depth)
{
    if (depth == 0)
        return 1;
    if (gamestate_bare_king(pos) || gamestate_invaded(pos))
        return 1;
    Move list[MAX_MOVES];
    int n = movegen_pseudo(pos, list);
    uint64_t total = 0;
    int legal = 0, us = pos->side;
    for (int i = 0; i < n; i++) {
        Undo u;
        move_do(pos, list[i], &u);
        if (!attack_king_attacked(pos, us)) {
            legal++;
            total += depth == 1 ? 1 : perft(pos, depth - 1);
        }
        move_undo(pos, list[i], &u);
    }
    return legal ? total : 1;
}
