/* tt.h: transposition table, one per engine instance (no sharing between threads).
 *
 * Entry layout (16 bytes): the full 64-bit key, the best move, the score (mate scores stored
 * relative to the node, see search.c), the depth, the bound type, the search generation and
 * the table's epoch. Clearing the table (a new game) starts a new epoch instead of writing
 * every entry: an entry of another epoch is treated exactly as an empty one. */
#ifndef MAXTUNE_TT_H
#define MAXTUNE_TT_H

#include <stddef.h>
#include <stdint.h>

#include "core/types.h"

enum { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

typedef struct TTEntry {
    uint64_t key;
    Move move;
    int16_t score;
    int8_t depth;
    uint8_t bound : 2, generation : 6;
    uint16_t epoch; /* the table's epoch when stored */
} TTEntry;

typedef struct TT {
    TTEntry *entries;
    size_t mask; /* number of entries - 1 (a power of two) */
    uint8_t generation;
    uint16_t epoch; /* entries of other epochs are empty; never 0 (the zeroed entries) */
} TT;

/* Allocates about mb MiB (rounded down to a power of two entries); false if out of memory. */
bool tt_init(TT *tt, size_t mb);

/* Frees the table. */
void tt_free(TT *tt);

/* Empties the table (a new game). */
void tt_clear(TT *tt);

/* The entry for key, or NULL when the table holds no entry for it. */
static inline const TTEntry *tt_probe(const TT *tt, uint64_t key)
{
    const TTEntry *e = &tt->entries[key & tt->mask];
    return e->key == key && e->epoch == tt->epoch && e->bound != BOUND_NONE ? e : NULL;
}

/* Asks the processor to bring key's entry into the cache (a search about to visit key). */
static inline void tt_prefetch(const TT *tt, uint64_t key)
{
    __builtin_prefetch(&tt->entries[key & tt->mask]);
}

/* Stores a search result; keeps a deeper entry of the same generation for another key. */
void tt_store(TT *tt, uint64_t key, Move move, int score, int depth, int bound);

#endif
