/* perft.c: recursive perft with bulk counting at depth 1. */
#include "perft.h"

#include "attack.h"
#include "gamestate.h"
#include "makemove.h"
#include "movegen.h"

/* Perft of a game without Kings: every generated move is legal; a finished position generates
 * none and is one leaf (docs/rules/martian.md 8). */
static __attribute__((noinline)) uint64_t perft_all_legal(Position *pos, int depth)
{
    Move list[MAX_MOVES];
    int n = movegen_pseudo(pos, list);
    if (n == 0)
        return 1;
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        Undo u;
        move_do(pos, list[i], &u);
        total += perft_all_legal(pos, depth - 1);
        move_undo(pos, list[i], &u);
    }
    return total;
}

uint64_t perft(Position *pos, int depth)
{
    if (depth == 0)
        return 1;
    if (!pos->variant->kings)
        return perft_all_legal(pos, depth);
    if (gamestate_bare_king(pos) || gamestate_invaded(pos))
        return 1;
    Move list[MAX_MOVES];
    int n = movegen_pseudo(pos, list);
    uint64_t total = 0;
    int legal = 0, us = pos->side;
    /* the squares a move must not empty to skip the King's test (every one when in check) */
    Bitboard exposure = attack_king_attacked(pos, us) ? ~(Bitboard)0 : attack_exposure(pos, us);
    for (int i = 0; i < n; i++) {
        if (depth == 1 && movegen_safe_before(pos, list[i], exposure)) {
            legal++; /* a leaf known legal without playing it */
            total++;
            continue;
        }
        Undo u;
        move_do(pos, list[i], &u);
        if (movegen_safe_after(pos, list[i], &u, exposure) || !attack_king_attacked(pos, us)) {
            legal++;
            total += depth == 1 ? 1 : perft(pos, depth - 1);
        }
        move_undo(pos, list[i], &u);
    }
    return legal ? total : 1;
}
