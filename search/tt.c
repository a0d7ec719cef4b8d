/* tt.c: transposition table storage. */
#include "tt.h"

#include <string.h>

#include "bigtable.h"

bool tt_init(TT *tt, size_t mb)
{
    size_t n = 1;
    while (n * 2 * sizeof(TTEntry) <= mb * 1024 * 1024)
        n *= 2;
    tt->entries = bigtable_alloc(n * sizeof(TTEntry));
    tt->mask = n - 1;
    tt->generation = 0;
    tt->epoch = 1;
    return tt->entries != NULL;
}

void tt_free(TT *tt)
{
    bigtable_free(tt->entries, (tt->mask + 1) * sizeof(TTEntry));
    tt->entries = NULL;
}

void tt_clear(TT *tt)
{
    if (++tt->epoch == 0) { /* wrapped: the entries really are emptied, once in 65535 games */
        memset(tt->entries, 0, (tt->mask + 1) * sizeof(TTEntry));
        tt->epoch = 1;
    }
    tt->generation = 0;
}

void tt_store(TT *tt, uint64_t key, Move move, int score, int depth, int bound)
{
    TTEntry *e = &tt->entries[key & tt->mask];
    bool current = e->epoch == tt->epoch; /* else the slot is empty */
    if (current && e->key != key && e->generation == tt->generation && e->depth > depth + 2)
        return;
    if (current && e->key == key && move == MOVE_NONE)
        move = e->move; /* keep the old best move when this search found none */
    e->key = key;
    e->move = move;
    e->score = (int16_t)score;
    e->depth = (int8_t)depth;
    e->bound = (uint8_t)bound;
    e->generation = tt->generation & 63;
    e->epoch = tt->epoch;
}
