/* packed.h: training positions for the network trainer (datagen writes them, train reads them):
 * a fixed-size binary record per position, like the chess trainers' packed formats.
 *
 * File format (".bin", all integers little-endian):
 *
 *     offset  size  field
 *          0     8  magic "MXTPACKD"
 *          8     4  format version (PACKED_VERSION)
 *         12     4  record size in bytes (PACKED_RECORD)
 *         16    16  the game's name (Variant.name), NUL-padded
 *         32     8  N: records
 *         40    24  reserved, 0
 *         64     -  N records of PACKED_RECORD bytes
 *          -     8  FNV-1a 64 hash of the record bytes
 *
 * A record (64 bytes):
 *
 *     offset  size  field
 *          0    11  occupancy: bit (sq % 8) of byte sq / 8 is set when square sq (types.h,
 *                   0..87) holds a piece
 *         11     1  the player to move (Position.side: 0..Variant.players - 1)
 *         12    36  the piece codes (types.h Piece: colour << 4 | type) of the occupied squares
 *                   in increasing square order, 0 after the last
 *         48     2  i16 the search's score of the position, centipawns, the side to move's view
 *         50     1  the game's result for the team to move, half points: 0, 1, 2
 *         51     1  flags: bit 0 the side to move was in check (PACKED_CHECK), bit 1 the
 *                   search's best move captured (PACKED_CAPTURE)
 *         52     4  u32 the game the position came from (games numbered within the file,
 *                   nondecreasing: the positions of a game are stored together, in order)
 *         56     2  u16 plies (Position.plies)
 *         58     1  points of team WHITE (zoned games' Position.score; 0 elsewhere)
 *         59     1  points of team BLACK
 *         60     1  the last canal crossing: from square (NO_SQ when none)
 *         61     1  ... to square (NO_SQ when none)
 *         62     1  i8 the clock (Position.clock: CLOCK_OFF -1 while not called)
 *         63     1  reserved, 0
 *
 * Every game fits: the most pieces on a board is 36 (Maxima's and four-player Martian Chess's
 * start). Reading checks the header, the size, the hash and every record (piece codes of the
 * file's game on its real squares, the count agreeing with the occupancy, the side, the result,
 * the points and squares in range), and refuses a bad file with one line naming it and the
 * problem, never reinterpreting it. */
#ifndef MAXTUNE_PACKED_H
#define MAXTUNE_PACKED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/position.h"

enum {
    PACKED_VERSION = 1,
    PACKED_RECORD = 64,
    PACKED_HEADER = 64,
    PACKED_MAX_PIECES = 36,
    PACKED_CHECK = 1,  /* flags: the side to move was in check */
    PACKED_CAPTURE = 2 /* flags: the best move captured */
};

/* One record (layout above). */
typedef struct PackedPos {
    uint8_t b[PACKED_RECORD];
} PackedPos;

/* What a record holds besides the position. */
typedef struct PackedLabel {
    int score;      /* centipawns, side to move's view (clamped to int16 when packed) */
    int result;     /* the team to move's result, half points 0..2 */
    unsigned flags; /* PACKED_CHECK | PACKED_CAPTURE */
    uint32_t game;  /* the game's number in the file */
} PackedLabel;

/* Packs pos and its label into out; false when pos has more than PACKED_MAX_PIECES pieces. */
bool packed_encode(const Position *pos, const PackedLabel *label, PackedPos *out);

/* Checks record r against game v; false with the problem in why (no file or index named). */
bool packed_check(const PackedPos *r, const Variant *v, char *why, size_t len);

/* Unpacks a checked record of game v into pos (key computed) and label (may be NULL). */
void packed_decode(const PackedPos *r, const Variant *v, Position *pos, PackedLabel *label);

/* The label of a record alone. */
void packed_label(const PackedPos *r, PackedLabel *label);

/* The pieces of a record: their squares and codes, in square order; returns their count. */
int packed_pieces(const PackedPos *r, Square sq[PACKED_MAX_PIECES], Piece pc[PACKED_MAX_PIECES]);

/* The player to move of a record. */
static inline int packed_side(const PackedPos *r) { return r->b[11]; }

/* The points of team c (WHITE or BLACK) of a record (0 outside zoned games). */
static inline int packed_points(const PackedPos *r, int c) { return r->b[58 + c]; }

/* The clock of a record (Position.clock: CLOCK_OFF -1 while not called). */
static inline int packed_clock(const PackedPos *r) { return (int8_t)r->b[62]; }

/* Positions in memory: a file read whole. */
typedef struct PackedSet {
    const Variant *variant;
    long n;
    PackedPos *rec;
} PackedSet;

/* Reads the file at path into s (checked, see above); false with "PATH: problem" in err (s
 * then holds nothing). */
bool packed_load(PackedSet *s, const char *path, char *err, size_t errlen);

/* Frees a set's records. */
void packed_free(PackedSet *s);

/* Writes a file record by record: start (the header, for exactly n records), add n times,
 * finish (the hash); each returns false on a write error or a count other than promised. */
typedef struct PackedWriter {
    FILE *out;
    uint64_t hash;
    uint64_t n, promised;
} PackedWriter;

bool packed_writer_start(PackedWriter *w, FILE *out, const Variant *v, uint64_t n);
bool packed_writer_add(PackedWriter *w, const PackedPos *r);
bool packed_writer_finish(PackedWriter *w);

#endif
