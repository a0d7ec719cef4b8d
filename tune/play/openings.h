/* openings.h: the positions a match's game pairs start from ([match] openings), all of the
 * run's game ([run] variant): random playouts from its start position, or a book file of its
 * positions (a position of another game is an error at its line): one FEN or EPD line a position (EPD: the
 * FEN's board and side, the ply count optional, then opcodes such as `id "op1";`, which are
 * read and ignored), or a PGN file (name ending in .pgn): each game's position after [match]
 * opening_plies plies, or at its end when shorter (a game already over there gives none).
 * A book's positions are taken in file order or, with [match]
 * opening_order = random, in a seeded shuffle of the file; pair i takes position i modulo
 * the book's size either way, so a match made longer plays the same openings first. */
#ifndef MAXTUNE_OPENINGS_H
#define MAXTUNE_OPENINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/position.h"
#include "search/weights.h"
#include "tune/play/match_config.h"

/* Openings: a list of positions, from a file or generated for each pair. */
typedef struct Openings {
    Position *list; /* from a file, in the order pairs take them; NULL for random openings */
    int count;
    VariantId variant; /* the game (an id, not a pointer: the struct travels to MPI ranks) */
    uint64_t seed;
    int plies;
    int max_score;
    Weights weights; /* the game's fixed start weights (v1, Ultima's), to judge random ones */
} Openings;

/* Loads the opening set the config names ("random" or a book file) for game v; errors
 * "file:line: ...". */
bool openings_load(Openings *o, const MatchConfig *mc, const Variant *v, uint64_t seed, char *err,
                   size_t errlen);

/* Frees the opening list. */
void openings_free(Openings *o);

/* The opening of game pair `index` (random playout from (seed, index), or the book's position
 * index modulo its length). */
void openings_get(const Openings *o, long index, Position *out);

#endif
