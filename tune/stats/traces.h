/* traces.h: labelled positions stored as evaluation traces, in memory and on disk.
 *
 * A position is kept only as its sparse trace: the (weight index, coefficient) pairs that are
 * not zero, from the side to move's view (eval_trace), so that its evaluation under any weights
 * w is sum coef * w[index] (eval.h). With it go the game it came from (positions of a game are
 * stored together, in game order: the game is the unit of the clustered standard errors and
 * of the bootstrap) and the game's result from the side to move's view.
 *
 * File format (".traces", all integers little-endian):
 *
 *     offset  size  field
 *          0     8  magic "MXTRACES"
 *          8     4  format version (1)
 *         12     4  W: number of weights in the table the traces were made with
 *         16     8  FNV-1a 64 hash of the table's names, each followed by '\n'
 *         24     8  N: positions
 *         32     8  T: (index, coefficient) entries in all
 *         40     8  G: games (distinct game numbers)
 *         48     -  W names: 1 byte length, then the name's bytes
 *          -     -  N records: u32 game, u8 result (half points, 0..2), u8 count,
 *                   count x (u8 weight index, i16 coefficient)
 *          -     8  FNV-1a 64 hash of the record bytes
 *
 * Loading checks the table against this program's (weights.h): traces made with a different
 * table are refused with a message naming the first difference, never reinterpreted. */
#ifndef MAXTUNE_TRACES_H
#define MAXTUNE_TRACES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "search/weights.h"

/* Positions in compressed-row form: entries start[i] .. start[i+1]-1 belong to position i. */
typedef struct Traces {
    long n, nterms;     /* positions, entries */
    long cap, term_cap; /* allocated lengths of the per-position and per-entry arrays */
    uint32_t *game;     /* game number per position, nondecreasing */
    uint8_t *result;    /* game result for the side to move, half points: 0, 1, 2 */
    uint64_t *start;    /* n + 1 offsets into index/coef */
    uint8_t *index;     /* weight index (enum WeightIndex) per entry */
    int16_t *coef;      /* coefficient per entry */
} Traces;

/* An empty set. */
void traces_init(Traces *t);

/* Frees the arrays and empties the set. */
void traces_free(Traces *t);

/* Appends a position: its full coefficient vector (zeros are dropped), its game (not below the
 * last one added) and the side to move's result in half points. False when out of memory or a
 * coefficient does not fit 16 bits. */
bool traces_add(Traces *t, uint32_t game, int result, const int coef[W_NB]);

/* Appends every position of src to dst (games must follow dst's); false when out of memory. */
bool traces_append(Traces *dst, const Traces *src);

/* Number of distinct games. */
long traces_games(const Traces *t);

/* Hash of this program's weights table, as recorded in the file header. */
uint64_t traces_table_hash(void);

/* Writes the set in the file format above; false on a write error. */
bool traces_write(const Traces *t, FILE *out);

/* Checks a file's header and weights table without reading the positions (for early
 * validation); errors as traces_load's. */
bool traces_check(const char *path, char *err, size_t errlen);

/* Reads a file written by traces_write into t (emptied first). Errors "path: problem", among
 * them a weights table other than this program's. */
bool traces_load(Traces *t, const char *path, char *err, size_t errlen);

#endif
